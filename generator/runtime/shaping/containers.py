"""A container's records: what a read or a search answering with lists of records keeps.

A container has no identity or label of its own or in its parts (``relation_steps.is_container``:
``{available: [...], pending: [...]}``); when a read or a search answers with one, its lists are
what it answers (a search across kinds: ``{tracks: {items, total}, artists: {items, total}}``),
so their records are shaped as a list's items, not reduced to their labels as the lists inside
one resource are.
"""

from __future__ import annotations

from typing import Any, Callable

from .collections import is_meta_key
from .names import is_leaf
from .pages import on_page
from .picking import Field, Picker, Selection
from .relation_steps import is_container
from .roles.content import is_content
from .roles.identity import is_id_name, is_natural_key, with_what_each_is
from .roles.label import is_label
from .roles.noise import is_noise
from .roles.quantity import is_money
from .roles.state import is_state
from .roles.time import is_time
from .roles.words import leaf_keys
from .trees import alike, is_map, unwrap


def records_container(node: Any) -> bool:
    """An object the description says holds lists of records and nothing else (``{routes:
    [...], places: [...]}``), each record known by an identity or a label of its own: no
    identity, label or value of its own; not a map (``{"*": sub}``) nor an object left
    free-form. Lists of values (a product's ``values: {name: [{data, locale}]}``, each
    element said by its data) are not records: such an object stays whole."""
    return (
        isinstance(node, dict)
        and bool(node)
        and not is_map(node)
        and all(isinstance(v, list) and _record(unwrap(v)) for v in node.values())
    )


def _record(element: Any) -> bool:
    """An object with an identity or a label among its own scalars (``{id, name, ...}``)."""
    return isinstance(element, dict) and any(
        is_leaf(v) and (is_id_name(k) or is_natural_key(k) or is_label(k))
        for k, v in element.items()
    )


def data_container_lists(
    sel: Selection, choose: Callable[[Any], tuple[str, ...]], named: Callable[[str], bool]
) -> None:
    """One resource's page whose member named as its data (``named``: ``data``,
    ``payload``: ``steps.is_data_name``) is a container of lists of records (``records_container``): an exchange's
    envelope (``{status, request, data: {routes: [...], places: [...]}, response}``) whose
    data is what the call answers; each record keeps what a list's item keeps (``choose``),
    not the whole container (the ``data`` step takes a member named so whole only when the
    description leaves it free-form)."""
    if not on_page(sel.item, sel.kind):
        return
    for f in sel.objects:
        if f.part or not records_container(f.node) or not named(f.key):
            continue
        for key, records in f.node.items():
            if is_noise(key):
                continue
            for path in choose(unwrap(records)):
                sel.pick.add(f"{f.path}.{key}.{path}", "list", force=True)


def of_parts(sel: Selection) -> bool:
    """A search's answer of parts only: no scalar of its own, several members, an object and a
    list of records among them (``{documents: [...], policies: [...], search: {...}}``, what a question
    answered from documents sends): its lists are its hits, whatever its parts are named (a
    read's parts stay parts of one resource: a game's box score)."""
    tree = sel.tree
    return (
        sel.kind == "search"
        and len(tree) > 1
        and not any(is_leaf(v) for v in tree.values())
        and any(isinstance(v, dict) and not is_meta_key(k) for k, v in tree.items())
        and any(
            isinstance(unwrap(v), dict) and not is_meta_key(k)
            for k, v in tree.items()
            if isinstance(v, list)
        )
    )


def _twin_lists(sel: Selection) -> list[Field]:
    """A body with no identity or label of its own whose lists of records stand side by side
    in one schema (a trip planner's ``{from: {name}, to: {name}, direct: [...], itineraries:
    [...]}``, ``{nodes: [...], orphanedNodes: [...]}``): what it answers, the places it was
    asked about beside them; those lists (the body is not one resource, so ``collections.py``
    keeps it whole and no single list is its payload)."""
    if any(is_id_name(k) or is_natural_key(k) or is_label(k) for k in leaf_keys(sel.tree)):
        return []
    lists = [
        f for f in sel.arrays
        if not f.part and isinstance(unwrap(f.node), dict) and not is_noise(f.key)
        and not is_meta_key(f.key)
    ]  # fmt: skip
    return [
        f for f in lists
        if any(g is not f and alike(unwrap(f.node), unwrap(g.node)) for g in lists)
    ]  # fmt: skip


def container_lists(
    sel: Selection,
    choose: Callable[[Any], tuple[str, ...]],
    choose_one: Callable[[Any, str], tuple[str, ...]],
) -> None:
    """A read or a search answering with a *container* (no identity or label of its own or in
    its parts) of lists of records, bare or each a page (``{tracks: {items: [...], total},
    artists: {items: [...], total}}``: a search across kinds): the lists are what it answers,
    so each record keeps what a list's item keeps (``choose``: its own defaults as an item, a
    search's as a hit), not only its label; a body of parts only (``of_parts``) shows its
    objects as one resource each (``choose_one``: an object's own defaults, by its name)."""
    if not on_page(sel.item, sel.kind):
        return
    parts = of_parts(sel)
    twins = _twin_lists(sel)
    if not (parts or twins or is_container(sel)):
        return
    # a body of parts only: its objects by their own defaults too (the ``search`` beside the
    # documents it found: its question and answer)
    arrays = sel.arrays if parts or is_container(sel) else twins
    for f in arrays + (sel.objects if parts else []):
        element = unwrap(f.node)
        listed = isinstance(f.node, list)
        if f.part or not isinstance(element, dict) or is_noise(f.key):
            continue
        if not listed and is_meta_key(f.key):
            continue  # a part's metadata object (``meta``, ``links``)
        if listed:  # each record with what it is, and what each of its lists' items is
            paths = with_what_each_is(element, list(choose(element)), f.key)
        else:
            paths = list(choose_one(element, f.key))
        for path in paths:
            sel.pick.add(f"{f.path}.{path}", "list", force=True)


GROUP_DEPTH = 4  # groups inside groups followed at most this deep


def _says_something(key: str, leaf: Any) -> bool:
    """A scalar that says what an object is: an identity, a label, a text, a state, a time or
    an amount (not a link, a version, a count or a flag)."""
    return (
        is_id_name(key) or is_natural_key(key) or is_label(key) or is_content(key)
        or is_state(key) or is_time(key, leaf) or is_money(key, leaf)
    )  # fmt: skip


def group_list(node: Any, depth: int = 0) -> str | None:
    """The member of a *group* that holds its records: an object saying nothing of itself
    among its own scalars (``_says_something``: a schema's link at most), whose one list of
    objects holds records (``_record``) or groups again (a trace's ``resourceSpans[]``, each
    ``{resource, schemaUrl, scopeSpans: [{scope, schemaUrl, spans: [...]}]}``): its parts may
    say what it groups by (``scope.name``)."""
    if not isinstance(node, dict) or is_map(node) or depth > GROUP_DEPTH:
        return None
    if any(is_leaf(v) and _says_something(k, v) for k, v in node.items()):
        return None
    lists = [k for k, v in node.items() if isinstance(v, list) and isinstance(unwrap(v), dict)]
    lists = [k for k in lists if not is_noise(k) and not is_meta_key(k)]
    if len(lists) != 1:
        return None
    element = unwrap(node[lists[0]])
    return lists[0] if _record(element) or group_list(element, depth + 1) else None


def group_records(
    tree: dict[str, Any], pick: Picker, choose: Callable[[Any], tuple[str, ...]]
) -> None:
    """A read's or a search's list item that is a group (``group_list``): its records are what
    the list holds, each keeping what a list's item keeps (``choose``; a group inside, its own
    records), not only its label as the lists inside one record are."""
    key = group_list(tree)
    if key is None:
        return
    for path in choose(unwrap(tree[key])):
        pick.add(f"{key}.{path}", "list", force=True)
