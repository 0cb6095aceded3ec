"""Dot paths -> a GraphQL selection set, checked against the schema.

``compile_selection(schema, type, paths, tree, exclude)`` turns the field paths of a tool call
(relative to one item, as everywhere in shaping) into the selection set of that item's type:

- ``a.b`` selects ``a { b }``; lists are transparent, as in shaping paths.
- A path that ends at an object (``homeworld``), ``*``, or the whole item (``detailed``,
  ``["*"]``) is expanded along the generated field tree (bounded in depth); where the tree
  stops ("any"), the type's scalar fields are selected.
- Interfaces and unions always get ``__typename``; expanded where the tree stops, also their
  members' identity and label fields (``graphql_types.member_labels``) in inline fragments, so
  a union is never only ``__typename``; a field that is not on the abstract type
  itself is selected through inline fragments (``... on Issue { title }``) on every possible
  type that has it with the same type (others are left out, so the document stays valid).
- ``exclude`` paths are left out of expansions (an explicit path still selects them).
- A nested connection taking ``first`` is selected with ``first: NESTED_FIRST``, plus aliased
  ``pageInfo.hasNextPage`` / ``totalCount`` markers (``graphql_nested.py``) so a result can say
  where entries were left out.

Unknown fields raise ``SelectionError`` with the valid fields and close matches.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from graphql import GraphQLNamedType, GraphQLSchema, get_named_type, is_abstract_type, is_leaf_type

from .graphql_nested import marker_fields
from .graphql_types import (
    NESTED_FIRST,
    connection,
    member_labels,
    possible_types,
    selectable_fields,
    takes_first,
)
from ..shaping.fields import WILDCARD, PathTrie


class SelectionError(ValueError):
    """A requested path the schema does not have; the message says what exists."""


@dataclass
class SelectionSet:
    fields: dict[str, "SelectionSet | None"] = field(default_factory=dict)
    field_args: dict[str, str] = field(default_factory=dict)
    fragments: dict[str, "SelectionSet"] = field(default_factory=dict)
    typename: bool = False

    def render(self) -> str:
        parts: list[str] = ["__typename"] if self.typename else []
        for name, sub in self.fields.items():
            head = name + (f"({self.field_args[name]})" if name in self.field_args else "")
            parts.append(head if sub is None else f"{head} {sub.render()}")
        for type_name in sorted(self.fragments):
            parts.append(f"... on {type_name} {self.fragments[type_name].render()}")
        if not parts:
            parts.append("__typename")
        return "{ " + " ".join(parts) + " }"


def leaf_paths(selection: SelectionSet, prefix: str = "") -> list[str]:
    """The dot paths of the leaves a selection fetches (fragments' fields included, in order,
    each once; ``__typename`` where it is selected)."""
    out: dict[str, None] = {}
    if selection.typename:
        out[f"{prefix}__typename"] = None
    for name, sub in selection.fields.items():
        if sub is None:
            out[f"{prefix}{name}"] = None
        else:
            out.update(dict.fromkeys(leaf_paths(sub, f"{prefix}{name}.")))
    for type_name in sorted(selection.fragments):
        out.update(dict.fromkeys(leaf_paths(selection.fragments[type_name], prefix)))
    return list(out)


_FULL = PathTrie(full=True)


def _unwrap(tree: Any) -> Any:
    while isinstance(tree, list):
        tree = tree[0] if tree else None
    return tree


def compile_selection(
    schema: GraphQLSchema,
    named: GraphQLNamedType,
    paths: list[str] | None,
    tree: Any,
    exclude: tuple[str, ...] | list[str] = (),
) -> SelectionSet:
    """The selection set of ``named`` for ``paths`` (None: everything the tree describes)."""
    sel = SelectionSet()
    trie = _FULL if paths is None else PathTrie.build(paths)
    _compile(schema, named, trie, _unwrap(tree), PathTrie.build(list(exclude)), sel, "")
    return sel


def _compile(
    schema: GraphQLSchema,
    named: GraphQLNamedType,
    trie: PathTrie,
    tree: Any,
    exclude: PathTrie | None,
    sel: SelectionSet,
    prefix: str,
) -> None:
    if is_abstract_type(named):
        sel.typename = True
    if trie.full:
        _expand(schema, named, tree, exclude, sel, prefix)
        return
    for key, child in trie.children.items():
        if key == WILDCARD:
            _wildcard(schema, named, child, tree, exclude, sel, prefix)
            continue
        sub_exclude = exclude.child(key) if exclude is not None else None
        sub_tree = _unwrap(tree.get(key)) if isinstance(tree, dict) else None
        _add_field(schema, named, key, child, sub_tree, sub_exclude, sel, prefix)


def _wildcard(
    schema: GraphQLSchema,
    named: GraphQLNamedType,
    child: PathTrie,
    tree: Any,
    exclude: PathTrie | None,
    sel: SelectionSet,
    prefix: str,
) -> None:
    if child.full:
        _expand(schema, named, tree, exclude, sel, prefix)
        return
    keys = list(tree) if isinstance(tree, dict) else list(selectable_fields(named))
    for key in keys:
        trial = SelectionSet()
        sub_tree = _unwrap(tree.get(key)) if isinstance(tree, dict) else None
        try:
            _add_field(schema, named, key, child, sub_tree, None, trial, prefix)
        except SelectionError:
            continue  # "*.login" keeps the fields that have a login
        _add_field(schema, named, key, child, sub_tree, None, sel, prefix)


def _owners(
    schema: GraphQLSchema, named: GraphQLNamedType, key: str
) -> list[tuple[str | None, Any]]:
    """Where ``key`` is selected: on the type itself, or in fragments of its possible types."""
    own = selectable_fields(named)
    if key in own:
        return [(None, own[key])]
    found: list[tuple[str | None, Any]] = []
    first_type: str | None = None
    for obj in possible_types(schema, named):
        fdef = selectable_fields(obj).get(key)
        if fdef is None:
            continue
        if first_type is None:
            first_type = str(fdef.type)
        if str(fdef.type) == first_type:
            found.append((obj.name, fdef))
    return found


def _add_field(
    schema: GraphQLSchema,
    named: GraphQLNamedType,
    key: str,
    child: PathTrie,
    tree: Any,
    exclude: PathTrie | None,
    sel: SelectionSet,
    prefix: str,
) -> None:
    path = f"{prefix}{key}"
    if key == "__typename":
        sel.typename = True
        return
    owners = _owners(schema, named, key)
    if not owners:
        raise SelectionError(_unknown_message(schema, named, key, path))
    for owner, fdef in owners:
        target = sel if owner is None else sel.fragments.setdefault(owner, SelectionSet())
        ftype = get_named_type(fdef.type)
        if is_leaf_type(ftype):
            if not child.full:
                raise SelectionError(
                    f"Field {path!r} is a {ftype.name} value: it has no fields to select."
                )
            target.fields[key] = None
            continue
        sub = target.fields.get(key) or SelectionSet()
        _compile(schema, ftype, child, tree, exclude, sub, path + ".")
        target.fields[key] = sub
        if takes_first(fdef):
            target.field_args[key] = f"first: {NESTED_FIRST}"
            conn = connection(fdef.type)
            assert conn is not None  # takes_first checked it
            for alias, inner in marker_fields(conn.page_info, conn.meta).items():
                sub.fields[alias] = None if inner is None else SelectionSet(fields=dict(inner))


def _expand(
    schema: GraphQLSchema,
    named: GraphQLNamedType,
    tree: Any,
    exclude: PathTrie | None,
    sel: SelectionSet,
    prefix: str,
) -> None:
    """Everything below ``named``: the field tree where it goes, scalar fields where it stops."""
    if isinstance(tree, dict) and tree:
        for key, sub in tree.items():
            ex = exclude.child(key) if exclude is not None else None
            if ex is not None and ex.full:
                continue
            try:
                _add_field(schema, named, key, _FULL, _unwrap(sub), ex, sel, prefix)
            except SelectionError:
                continue  # a tree written for another schema version: skip what is gone
        return
    for name, fdef in selectable_fields(named).items():
        ex = exclude.child(name) if exclude is not None else None
        if (ex is None or not ex.full) and is_leaf_type(get_named_type(fdef.type)):
            sel.fields[name] = None
    for name in member_labels(schema, named):  # a union has no fields of its own
        ex = exclude.child(name) if exclude is not None else None
        if ex is None or not ex.full:
            _add_field(schema, named, name, _FULL, None, None, sel, prefix)
    if not sel.fields and not sel.fragments:
        sel.typename = True


def _unknown_message(schema: GraphQLSchema, named: GraphQLNamedType, key: str, path: str) -> str:
    names = set(selectable_fields(named))
    for obj in possible_types(schema, named):
        names.update(selectable_fields(obj))
    valid = sorted(names)
    close = difflib.get_close_matches(key, valid, n=3, cutoff=0.6)
    text = f"Unknown field path {path!r}: {named.name} has no selectable field {key!r}."
    if close:
        text += f" Did you mean {', '.join(close)}?"
    shown = ", ".join(valid[:40]) + (" ..." if len(valid) > 40 else "")
    return text + f"\nFields of {named.name}: {shown}."
