"""What an output filter reads, added to a GraphQL selection.

On a GraphQL tool the agent's ``fields``/``detail_level`` decide what the upstream returns, but
the operator's filter (filters.py) runs on that result. A guard (``when: /type == ...``), a
retained pointer or a patch target the agent did not select would be missing, the filter would
not apply, and the agent could steer which branch (if any) runs. So every pointer the filter
reads (``filters.pointers_read``) is selected too; after filtering, shaping projects the result
back to the agent's own selection (output.py, ``preselected``).

Pointers address the tool's value: a root connection is flattened to ``{<meta>, pageInfo,
nodes}``, so ``/nodes/...`` is an item path, and the metadata (always selected) needs nothing.
Array steps (indexes, ``*``, ``-``) are transparent, as in dot paths. A pointer whose parent
only must exist (an ``add`` target) selects the parent's ``__typename``.
"""

from __future__ import annotations

from typing import Any

from graphql import GraphQLNamedType, GraphQLSchema

from ..filters import Branch, PointerError, parse_pointer, pointers_read
from .graphql_selection import SelectionError, SelectionSet, compile_selection

ITEMS = "nodes"  # the flattened connection's list (graphql_call._flatten)


def guard_paths(branches: tuple[Branch, ...], connection: bool) -> list[str | None]:
    """Item dot paths the filter reads (None: the whole item), in order, without repeats."""
    out: list[str | None] = []
    for pointer, whole in pointers_read(branches):
        try:
            tokens = parse_pointer(pointer)
        except PointerError:
            continue  # checked at generation time; a bad one cannot need a field
        if connection and tokens:
            if tokens[0] != ITEMS:
                continue  # the connection's metadata
            tokens = tokens[1:]
        keys = [t for t in tokens if not (t.isdigit() or t in ("*", "-"))]
        path = ".".join(keys) if whole else ".".join([*keys, "__typename"])
        path_or_all = path or None
        if path_or_all not in out:
            out.append(path_or_all)
    return out


def add_guards(
    schema: GraphQLSchema,
    item_type: GraphQLNamedType,
    selection: SelectionSet,
    paths: list[str | None],
    tree: Any,
) -> None:
    """Merge the selection of each guard path into ``selection`` (in place).

    ``exclude`` does not apply (the operator's filter needs the field); a path the schema
    does not have (a field an ``add`` creates, a tree for another schema version) is skipped.
    """
    for path in paths:
        try:
            extra = compile_selection(schema, item_type, None if path is None else [path], tree)
        except SelectionError:
            continue
        merge_selection(selection, extra)


def merge_selection(into: SelectionSet, other: SelectionSet) -> None:
    """``into`` |= ``other``: fields, their arguments, fragments and ``__typename``."""
    into.typename = into.typename or other.typename
    for name, sub in other.fields.items():
        mine = into.fields.get(name)
        if name not in into.fields:
            into.fields[name] = sub
        elif mine is not None and sub is not None:
            merge_selection(mine, sub)
    for name, args in other.field_args.items():
        into.field_args.setdefault(name, args)
    for type_name, fragment in other.fragments.items():
        if type_name in into.fragments:
            merge_selection(into.fragments[type_name], fragment)
        else:
            into.fragments[type_name] = fragment
