"""GraphQL type helpers shared by the generator (field trees) and the runtime (selections).

One place decides which fields can be selected and what a Relay connection is, so the field
tree the generator writes and the selection set the server builds always agree:

- selectable: a field that is not deprecated and has no required argument (a field that needs
  an argument value cannot be selected without one);
- connection: an object type with ``pageInfo`` (or a name ending in ``Connection``) and a
  ``nodes`` list or an ``edges`` list whose items have a ``node``; ``nodes`` is preferred when
  both exist (shorter documents). Its other scalar fields (``totalCount``) are metadata.
  A connection field nested inside an item is selected with ``first: NESTED_FIRST`` when it
  takes ``first`` (GitHub refuses connections without ``first``/``last``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from graphql import (
    GraphQLField,
    GraphQLNamedType,
    GraphQLSchema,
    get_named_type,
    is_abstract_type,
    is_enum_type,
    is_interface_type,
    is_leaf_type,
    is_list_type,
    is_non_null_type,
    is_object_type,
    is_required_argument,
    is_union_type,
)

NESTED_FIRST = 10
SCALAR_KINDS = {
    "ID": "string",
    "String": "string",
    "Int": "integer",
    "Float": "number",
    "Boolean": "boolean",
}


@dataclass(frozen=True)
class Connection:
    """A Relay connection type: where its nodes are and what else it carries."""

    node_path: tuple[str, ...]  # ("nodes",) or ("edges", "node")
    node_type: GraphQLNamedType
    page_info: bool  # has pageInfo { hasNextPage endCursor }
    meta: tuple[str, ...]  # other scalar fields, e.g. ("totalCount",)


def is_list(type_: Any) -> bool:
    """Whether the (possibly non-null wrapped) type is a list at its outer level."""
    if is_non_null_type(type_):
        type_ = type_.of_type
    return is_list_type(type_)


def leaf_kind(named: GraphQLNamedType) -> str:
    """Field-tree type string of a scalar or enum: built-ins map to JSON types, enums to
    "string", custom scalars to "any" (a JSON scalar may hold anything)."""
    if is_enum_type(named):
        return "string"
    return SCALAR_KINDS.get(named.name, "any")


def selectable_fields(named: GraphQLNamedType) -> dict[str, GraphQLField]:
    """Fields of an object or interface that a selection may name (see module doc)."""
    if not (is_object_type(named) or is_interface_type(named)):
        return {}
    out: dict[str, GraphQLField] = {}
    for name, field in named.fields.items():
        if field.deprecation_reason is not None:
            continue
        if any(is_required_argument(arg) for arg in field.args.values()):
            continue
        out[name] = field
    return out


def possible_types(schema: GraphQLSchema, named: GraphQLNamedType) -> list[Any]:
    """Object types of an interface or union, sorted by name (deterministic fragments)."""
    if not is_abstract_type(named):
        return []
    return sorted(schema.get_possible_types(named), key=lambda t: t.name)


def _list_item(field: GraphQLField) -> GraphQLNamedType | None:
    named = get_named_type(field.type)
    return named if is_list(field.type) else None


def connection(type_: Any) -> Connection | None:
    """The connection layout of ``type_`` (a field's type), or None (rule in module doc)."""
    named = get_named_type(type_)
    if not is_object_type(named) or is_list(type_):
        return None
    fields = named.fields
    page_info = _has_page_info(fields.get("pageInfo"))
    if not (page_info or named.name.endswith("Connection")):
        return None
    node_path: tuple[str, ...] | None = None
    node_type: GraphQLNamedType | None = None
    nodes = fields.get("nodes")
    edges = fields.get("edges")
    if nodes is not None and _list_item(nodes) is not None:
        node_path, node_type = ("nodes",), _list_item(nodes)
    elif edges is not None and _list_item(edges) is not None:
        edge = _list_item(edges)
        node = edge.fields.get("node") if is_object_type(edge) else None
        if node is not None and not is_list(node.type):
            node_path, node_type = ("edges", "node"), get_named_type(node.type)
    if node_path is None or node_type is None or is_leaf_type(node_type):
        return None
    meta = tuple(
        name
        for name, field in selectable_fields(named).items()
        if name not in ("nodes", "edges", "pageInfo")
        and is_leaf_type(get_named_type(field.type))
        and not is_list(field.type)
    )
    return Connection(node_path, node_type, page_info, meta)


def _has_page_info(field: GraphQLField | None) -> bool:
    if field is None:
        return False
    named = get_named_type(field.type)
    if not is_object_type(named):
        return False
    fields = named.fields
    return "hasNextPage" in fields and "endCursor" in fields


def takes_first(field: GraphQLField) -> bool:
    """Whether a nested connection field should be sent with ``first: NESTED_FIRST``."""
    arg = field.args.get("first")
    return arg is not None and connection(field.type) is not None


def is_union(named: GraphQLNamedType) -> bool:
    return is_union_type(named)


MEMBER_LABELS = 6  # identity/label field names selected across an abstract type's members


def scalar_fields(named: GraphQLNamedType) -> dict[str, str]:
    """The selectable fields of ``named`` that hold one scalar or enum, with their leaf kinds."""
    return {
        name: leaf_kind(get_named_type(f.type))
        for name, f in selectable_fields(named).items()
        if is_leaf_type(get_named_type(f.type)) and not is_list(f.type)
    }


def member_labels(schema: GraphQLSchema, named: GraphQLNamedType) -> list[str]:
    """Identity and label fields of the possible types of an interface or union, for the
    default selection: each member's identity fields and its label (the roles of
    ``shaping/defaults.py``), most common first, at most ``MEMBER_LABELS``;
    the abstract type's own fields are left out (selected directly). A union's default is
    otherwise only ``__typename``: ``... on User { login }`` says which item it is."""
    from ..shaping.defaults import identity_fields, is_label, label_rank

    if not is_abstract_type(named):
        return []
    own = set(selectable_fields(named))
    counts: dict[str, int] = {}
    first_seen: dict[str, int] = {}
    for member in possible_types(schema, named):
        leaves = scalar_fields(member)
        chosen = list(identity_fields(leaves))
        label = min((n for n in leaves if is_label(n)), key=label_rank, default=None)
        if label is not None and label not in chosen:
            chosen.append(label)
        for name in chosen:
            if name not in own and name != "__typename":
                counts[name] = counts.get(name, 0) + 1
                first_seen.setdefault(name, len(first_seen))
    ranked = sorted(counts, key=lambda n: (-counts[n], first_seen[n]))
    return ranked[:MEMBER_LABELS]
