"""The response shape of a GraphQL root field: collection layout, field tree, default fields.

- A Relay connection (graphql_types.connection) is a collection at ``nodes``: the server
  flattens ``edges { node }`` / ``nodes`` into ``nodes``; the tree describes one node.
- A list of objects is a collection at ``""``; an object is one object; a scalar or enum
  result has no tree (nothing to select).
- The tree follows the shared format: only selectable fields (not deprecated, no required
  arguments); scalars map to JSON types, enums to "string", custom scalars to "any";
  interfaces get ``__typename`` and their own fields, unions ``__typename`` and the merged
  fields of their members (``MAX_UNION_MEMBERS`` at most, else "any"); the default fields of
  an interface or union item add ``__typename`` and the members' identity and label fields
  (``member_labels``: ``... on User { login }``), not only the fields of a few members; a nested connection
  with ``nodes`` leaves out its ``edges`` (same data twice). An interface with no identity of
  its own (``ObjectWithMetadata { metadata }``) also gets its members' identity and label
  fields as leaves (``item.id``, selected through inline fragments), so a nested one can keep
  which object it is.
- A mutation's payload member that answers back an input field of its name and type, as
  most of the schema's mutations do (Relay's ``clientMutationId``), is the caller's echo:
  ``DefaultsContext.sent``, neither a default nor the identity.
- Bounded: at most ``MAX_DEPTH`` object levels, fewer when a tree would name more than
  ``MAX_FIELDS`` fields (the first level is always kept); deeper objects are "any", where the
  server selects their scalar fields when asked for them.

Default fields come from the same decision as REST (runtime/shaping/decision.py, called by
generator/decisions.py after the overlay), on a tree at least ``DEFAULTS_DEPTH`` deep.
"""

from __future__ import annotations

from typing import Any

from graphql import GraphQLField, GraphQLNamedType, GraphQLSchema, get_named_type
from graphql import is_abstract_type, is_input_object_type, is_interface_type, is_leaf_type
from graphql import is_union_type

from ..ir.models import ResponseShape
from ..runtime.graphql.graphql_types import (
    connection,
    is_list,
    leaf_kind,
    member_labels,
    possible_types,
    scalar_fields,
    selectable_fields,
)
from ..runtime.shaping.decision import DefaultsContext
from ..runtime.shaping.names import is_leaf, words
from ..runtime.shaping.roles.identity import has_own_identity
from .response_shape import merge_trees, variant_name

MAX_DEPTH = 3
MAX_FIELDS = 300
MAX_UNION_MEMBERS = 12
DEFAULTS_DEPTH = 3
# A payload member answering back an input field of its name is the caller's echo when the
# schema's mutations do so by convention: at least this share of them, and this many.
ECHO_SHARE = 0.5
ECHO_LEAST = 3


class GraphQLTrees:
    """Field trees of one schema, memoised per (type, depth)."""

    def __init__(self, schema: GraphQLSchema):
        self.schema = schema
        self._trees: dict[tuple[str, int], Any] = {}
        self._counts: dict[tuple[str, int], int] = {}
        self._echoes: frozenset[str] | None = None
        self._member_leaves: dict[str, dict[str, str]] = {}

    def _item(self, field: GraphQLField) -> tuple[GraphQLNamedType, str | None]:
        """The type of one result (a connection's node) and the path of the list, if any."""
        named = get_named_type(field.type)
        conn = connection(field.type)
        if conn is not None:
            return conn.node_type, "nodes"
        return named, "" if is_list(field.type) else None

    def _rich(self, item: GraphQLNamedType, nodes: bool = True) -> tuple[Any, Any]:
        """The shipped (bounded) tree of one result, and the tree its defaults are chosen on
        (``nodes``: each nested
        connection's nodes described as a root connection's are, one level only). The tree is
        whole: which of its nested connections are defaults is the decision's
        (``decision.without_nested_connections``), not the loader's."""
        tree = self.bounded(item)
        field_tree = tree if isinstance(tree, dict) and tree else None
        # Defaults are chosen on a tree at least DEFAULTS_DEPTH deep, so nested objects
        # reduce to their identity (assignee.name) even where the shipped tree stops at
        # "any" (paths below "any" are accepted and checked against the schema at run time).
        rich = self.tree(item, DEFAULTS_DEPTH) if field_tree else None
        rich = merge_trees(rich, field_tree) if isinstance(rich, dict) else field_tree
        if isinstance(rich, dict) and nodes:
            for key, field in self._fields(item).items():  # nested connections: each node
                conn = connection(field.type)  # as a root connection's node reads
                if conn is not None and isinstance(rich.get(key), dict) and "nodes" in rich[key]:
                    node = self._rich(conn.node_type, nodes=False)[1]
                    rich = {
                        **rich,
                        key: {**rich[key], "nodes": [node if node is not None else "any"]},
                    }
        return field_tree, rich

    def answer_tree(self, field: GraphQLField) -> Any:
        """What the field answers with, as a field tree (a list's: one item in a list; a
        scalar's: its type): what the operation's kind is read from."""
        named = get_named_type(field.type)
        if is_leaf_type(named):
            return leaf_kind(named)
        item, collection = self._item(field)
        rich = self._rich(item)[1]
        return [rich] if collection is not None else rich

    def shape(self, field: GraphQLField, *, mutation: bool = False) -> ResponseShape:
        """The shape of what ``field`` answers with; its defaults are decided later, from the
        rich tree and this context (``generator/decisions.py``)."""
        named = get_named_type(field.type)
        if is_leaf_type(named):
            return ResponseShape(media_type="application/json")
        item, collection = self._item(field)
        field_tree, rich = self._rich(item)
        union = is_abstract_type(item)
        context = DefaultsContext(
            entity=() if union else tuple(words(item.name)),  # its type, as a schema's name
            graphql=True,
            union=union,
            members=tuple(member_labels(self.schema, item)) if union else (),
            sent=self._echoed(field, rich) if mutation and collection is None else (),
            variants=self.variants(item),
        )
        return ResponseShape(
            schema_name=item.name,
            media_type="application/json",
            collection_path=collection,
            field_tree=field_tree,
            context=context,
            decision_tree=rich if isinstance(rich, dict) and rich else None,
        )

    def variants(
        self, named: GraphQLNamedType, depth: int = DEFAULTS_DEPTH
    ) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The fields below ``named`` (lists read through, nested connections left out as the
        defaults' tree leaves them) whose type is a union of two or more object variants, or an
        interface with no identity of its own, each as its dotted path and what names each
        variant by its scalar fields (``response_shape.variant_name``: a card's
        ``cardholderName``, an action's ``actionName``; not a failure's error object, whole):
        the decision keeps them all when it keeps one
        (``DefaultsContext.variants``), as it does for REST's ``oneOf``."""
        if depth <= 0 or is_leaf_type(named) or is_union_type(named):
            return ()  # an interface's own fields are read (a union has none)
        out: list[tuple[str, tuple[str, ...]]] = []
        for name, field in self._fields(named).items():
            sub = get_named_type(field.type)
            if is_leaf_type(sub) or connection(field.type) is not None:
                continue
            if is_abstract_type(sub):
                members = self._members(sub) or []
                if len(members) >= 2 and not has_own_identity(scalar_fields(sub)):
                    named_by = [variant_name(scalar_fields(m)) for m in members]
                    said = tuple(dict.fromkeys(n for n in named_by if n))
                    out += [(name, said)] if len(said) >= 2 else []
                continue
            out += [(f"{name}.{p}", n) for p, n in self.variants(sub, depth - 1)]
        return tuple(out)

    def _echoed(self, field: GraphQLField, rich: Any) -> tuple[str, ...]:
        """What this mutation answers back of what it was sent, as the schema's mutations do
        by convention (``echoes``): not a ``token`` one mutation takes and another answers."""
        if self._echoes is None:
            root = self.schema.mutation_type
            fields = list(root.fields.values()) if root is not None else []
            counts: dict[str, int] = {}
            for each in fields:
                for name in answered_back(each, self.tree(get_named_type(each.type), 1)):
                    counts[name] = counts.get(name, 0) + 1
            least = max(ECHO_LEAST, len(fields) * ECHO_SHARE)
            self._echoes = frozenset(n for n, c in counts.items() if c >= least)
        return tuple(n for n in answered_back(field, rich) if n in self._echoes)

    def bounded(self, named: GraphQLNamedType) -> Any:
        depth = 1
        for candidate in range(2, MAX_DEPTH + 1):
            if self.count(named, candidate) > MAX_FIELDS:
                break
            depth = candidate
        return self.tree(named, depth)

    # -- building ----------------------------------------------------------------------------

    def _fields(self, named: GraphQLNamedType) -> dict[str, GraphQLField]:
        fields = dict(selectable_fields(named))
        conn = connection(named)
        if conn is not None and conn.node_path == ("nodes",):
            fields.pop("edges", None)
        return fields

    def _members(self, named: GraphQLNamedType) -> list[Any] | None:
        members = possible_types(self.schema, named)
        return members if len(members) <= MAX_UNION_MEMBERS else None

    def member_leaves(self, named: GraphQLNamedType) -> dict[str, str]:
        """For an interface with no identity of its own: its members' identity and label
        fields, with their leaf kinds (the first member's that has the field)."""
        if not is_interface_type(named):
            return {}
        if named.name not in self._member_leaves:
            leaves: dict[str, str] = {}
            if not has_own_identity(scalar_fields(named)):
                members = possible_types(self.schema, named)
                for name in member_labels(self.schema, named):
                    field = next(
                        (m.fields[name] for m in members if name in selectable_fields(m)), None
                    )
                    if field is not None and is_leaf_type(get_named_type(field.type)):
                        leaves[name] = leaf_kind(get_named_type(field.type))
            self._member_leaves[named.name] = leaves
        return self._member_leaves[named.name]

    def count(self, named: GraphQLNamedType, depth: int) -> int:
        """How many field names ``tree(named, depth)`` holds (an upper bound for unions)."""
        if is_leaf_type(named) or depth <= 0:
            return 0
        key = (named.name, depth)
        if key not in self._counts:
            self._counts[key] = 0  # a cycle met while counting adds nothing more
            if is_union_type(named):
                members = self._members(named) or []
                total = 1 + sum(self.count(m, depth) for m in members)
            else:
                total = 1 + len(self.member_leaves(named)) if is_interface_type(named) else 0
                for field in self._fields(named).values():
                    total += 1 + self.count(get_named_type(field.type), depth - 1)
            self._counts[key] = total
        return self._counts[key]

    def tree(self, named: GraphQLNamedType, depth: int) -> Any:
        if is_leaf_type(named):
            return leaf_kind(named)
        if depth <= 0:
            return "any"
        key = (named.name, depth)
        if key in self._trees:
            return self._trees[key]
        self._trees[key] = "any"  # guards a cycle that does not consume depth (none expected)
        result: Any
        if is_union_type(named):
            members = self._members(named)
            if members is None:
                result = "any"
            else:
                result = {"__typename": "string"}
                for member in members:
                    result = merge_trees(result, self.tree(member, depth))
        else:
            result = {"__typename": "string"} if is_interface_type(named) else {}
            for name, field in self._fields(named).items():
                sub = self.tree(get_named_type(field.type), depth - 1)
                result[name] = [sub] if is_list(field.type) else sub
            for name, kind in self.member_leaves(named).items():
                result.setdefault(name, kind)
        self._trees[key] = result
        return result


def answered_back(field: GraphQLField, tree: Any) -> tuple[str, ...]:
    """The scalar members of a mutation's payload (an answer with no identity of its own)
    named and typed as an argument or a field of an input object argument: what the caller
    sent, answered back (Relay's ``clientMutationId: String``; not a ``clientToken: String``
    answered for a ``clientToken: ClientTokenInput`` sent)."""
    if not isinstance(tree, dict) or has_own_identity(tree):
        return ()
    payload = get_named_type(field.type)
    answered = getattr(payload, "fields", {})
    sent: dict[str, str] = {}
    for name, arg in field.args.items():
        named = get_named_type(arg.type)
        sent[name] = named.name
        if is_input_object_type(named):
            sent.update((k, get_named_type(f.type).name) for k, f in named.fields.items())
    return tuple(
        k
        for k, v in tree.items()
        if is_leaf(v) and k in sent and k in answered
        and get_named_type(answered[k].type).name == sent[k]
    )  # fmt: skip
