"""What concise default output leaves out because it says nothing: null or empty members, flags
that are only news when true (``archived: false``), and a discriminator that is the same on
every item of a list (``object: "list_item"``), unless it names the member holding each item's
content (a tagged union), is what a path parameter addresses the items by (``type`` for
``/favourites/{type}``: part of each item's address, which the next call needs) or is all the
items say. An item's own identity members stay even
when null, so every item still says which one it is. A list of objects left empty, each one
(``guardrails: [{}, {}, {}]``: what the defaults kept of its records was null or absent, or the
upstream sent them empty) says only how many there were: left out beside the object's other
members, kept when it is all the object says (its count is then all there is to show).
"""

from __future__ import annotations

from typing import Any, Callable

from .chunking import get_at, set_at
from .names import norm
from .roles.identity import itself_names
from .roles.kinds import is_kind
from .roles.words import w
from .roles.state import is_alarm_flag
from .trees import alike

# Identity members are kept even when null, so every item still says which one it is.
KEEP_WHEN_EMPTY = frozenset({"id", "number", "key", "slug", "login", "name", "title", "sha"})


def prune_empty(value: Any, *, top: bool = True, flags: bool = False) -> Any:
    """Drop object members that are null, "", [] or {} and alarm flags that are false
    (recursively; list elements are kept; identity members of the item itself are kept; with
    ``flags``, the item's own false alarm flags too: what a write set them to)."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            item = prune_empty(item, top=False)
            if top and key in KEEP_WHEN_EMPTY:
                out[key] = item
                continue
            if item is None or item == "" or item == [] or item == {}:
                continue
            if item is False and is_alarm_flag(key) and not (top and flags):
                continue
            out[key] = item
        return out
    if isinstance(value, list):
        return [prune_empty(item, top=False) for item in value]
    return value


def without_hollow_lists(value: Any) -> Any:
    """``value`` without its members that are lists of objects each empty (``[{}, {}]``) in
    an object that keeps other members (recursively; a list itself stays, so does a member
    that is all its object says): read on the answer the defaults gave, once its checks
    passed (what they check is what was chosen, not what this leaves out)."""
    if isinstance(value, dict):
        out = {k: without_hollow_lists(v) for k, v in value.items()}
        hollow = [k for k, v in out.items() if _hollow(v)]
        if len(hollow) < len(out):  # something else stays: the empty records say nothing
            return {k: v for k, v in out.items() if k not in hollow}
        return out
    if isinstance(value, list):
        return [without_hollow_lists(item) for item in value]
    return value


def _hollow(value: Any) -> bool:
    """A list of objects, every one empty (``[{}, {}]``)."""
    return isinstance(value, list) and bool(value) and all(i == {} for i in value)


def drop_constant_kinds(
    shaped: Any, path: tuple[str, ...], raw: Any = None, keys: tuple[str, ...] = ()
) -> Any:
    """A discriminator (``object``, ``kind``, ``type``) with one value on every item of a list
    says nothing: drop it from the items, unless it is all an item has. Not a tag that names
    the member holding the item's content (``{"type": "paragraph", "paragraph": {...}}`` in
    ``raw``, the items as sent), nor a member a path parameter of the tool's context names
    (``keys``: ``{type}`` in the address of one item, ``decision.DefaultsContext.keys``), nor
    the member named for what the list holds (``acceleratorTypes[].type``: each item's type is
    what it is, no discriminator; ``roles.identity.itself_names``)."""
    items = get_at(shaped, path)
    if not isinstance(items, list) or len(items) < 2 or not all(isinstance(i, dict) for i in items):
        return shaped
    first = raw[0] if isinstance(raw, list) and raw and isinstance(raw[0], dict) else {}
    named = {norm(k) for k in keys}
    itself = itself_names(w(path[-1])) if path and isinstance(path[-1], str) else set()
    # the records of lists beside it shaped alike (``payload.lists_alike``: JSON:API's
    # ``included`` beside its ``data``): a kind that tells the list's from theirs says something
    holder = get_at(shaped, path[:-1]) if len(path) > 1 else shaped
    lists = {
        k: v
        for k, v in (holder.items() if isinstance(holder, dict) and path else ())
        if k != path[-1] and isinstance(v, list) and v and all(alike(r, items[0]) for r in v)
    }
    beside = [r for v in lists.values() for r in v]
    constant = [
        key
        for key in items[0]
        if is_kind(key)
        and not isinstance(items[0][key], (dict, list))
        and all(key in i and i[key] == items[0][key] for i in items)
        and all(r.get(key, items[0][key]) == items[0][key] for r in beside)
        and not (isinstance(first.get(key), str) and first[key] in first)
        and norm(key) not in named
        and w(key) not in itself
    ]
    if not constant:
        return shaped
    trimmed = [{k: v for k, v in i.items() if k not in constant} for i in items]
    if not all(trimmed):  # the discriminator is all the items say: it stays
        return shaped
    for key, records in lists.items():  # and the lists alike it, of the same kind, alike
        others = [{k: v for k, v in r.items() if k not in constant} for r in records]
        if all(others):
            shaped = set_at(shaped, (*path[:-1], key), others)
    return set_at(shaped, path, trimmed) if path else trimmed


def with_map_keys(raw: Any, shaped: Any, maps: list[tuple[str, ...]]) -> Any:
    """``shaped`` with the keys of each map of records at ``maps`` (paths into ``raw``) whose
    entry the upstream sent empty: a bulk delete's ``{}`` for a key it deleted still says, by
    its key, that the call answered for it (an entry the defaults emptied stays out)."""
    if not maps or not isinstance(raw, dict) or not isinstance(shaped, dict):
        return shaped
    for path in maps:
        entries = get_at(raw, path)
        if not isinstance(entries, dict) or not entries:
            continue
        node = shaped
        for key in path[:-1]:
            inner = node.get(key)
            if not isinstance(inner, dict):
                inner = node[key] = {}
            node = inner
        kept = node.get(path[-1])
        kept = kept if isinstance(kept, dict) else {}
        node[path[-1]] = {k: kept.get(k, {}) for k, v in entries.items() if k in kept or v == {}}
        if not node[path[-1]]:
            del node[path[-1]]
    return shaped


def with_emptied_entries(
    raw: Any, shaped: Any, maps: list[tuple[str, ...]], own: Callable[[Any], Any]
) -> Any:
    """``shaped`` with each entry of the maps of records at ``maps`` (paths into ``raw``) that
    the upstream sent with something in it and the defaults emptied: its key is data (an id, a
    file name) that no other member says, so it stays, with what ``own`` keeps of the entry
    read on its own (its own defaults; ``{}`` when nothing), in the order the upstream sent."""
    if not maps or not isinstance(raw, dict) or not isinstance(shaped, dict):
        return shaped
    for path in maps:
        entries = get_at(raw, path)
        if not isinstance(entries, dict):
            continue
        kept = get_at(shaped, path)
        kept = kept if isinstance(kept, dict) else {}
        merged: dict[str, Any] = {}
        for key, entry in entries.items():
            if key in kept:
                merged[key] = kept[key]
            elif isinstance(entry, dict) and entry:
                found = own(entry)
                merged[key] = found if isinstance(found, dict) else {}
        if len(merged) > len(kept):
            shaped = _placed(shaped, path, merged)
    return shaped


def _placed(value: dict[str, Any], path: tuple[str, ...], new: Any) -> dict[str, Any]:
    """A copy of ``value`` with ``new`` at ``path``, the objects along it made where absent."""
    inner = value.get(path[0])
    rest = _placed(inner if isinstance(inner, dict) else {}, path[1:], new) if path[1:] else new
    return {**value, path[0]: rest}
