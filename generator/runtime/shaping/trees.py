"""Field trees read from a response, for bodies the spec does not describe.

The shared format: a dict maps a field name to a leaf type string (see ``names``), a nested
dict (an object) or a one-element list ``[subtree]`` (an array). A map whose entries are
records (``additionalProperties`` with members of its own) is ``{"*": subtree}``: ``*`` stands
for every key, as it does in field paths. Arrays are described by the
union of their first ``sample`` items. String leaves get a hint from their values when every
sampled value agrees (``string:time``, ``string:uri``, ``string:email``), and ``string:tag``
for a string that names another member of its object (a tagged union's discriminator).
Read with ``maps``, an object whose keys are data (``keyed_by_data``) is a map of records.
"""

from __future__ import annotations

import re
from typing import Any

from .names import base_type, hint, json_type, value_hint

SCHEMA_OVERLAP = 0.75  # members of one schema share this much of their members' union
EVERY_KEY = "*"  # a map's entries in a field tree; the wildcard segment of a field path
MAX_ENTRIES = 50  # the entries of an object read to tell whether it is keyed by data
# a key that is a value: a number, a hexadecimal or UUID id, or a name with a character no
# member name has (a file's dot, a path's slash, a host's colon, an address's at sign, a space)
_VALUE_KEY = re.compile(
    r"^(?:\d+|(?=[0-9a-f-]*\d)[0-9a-f]{8,}(?:-[0-9a-f]+)*|.*[./:@ ].*)$", re.IGNORECASE
)


def is_map(tree: Any) -> bool:
    """A map of records (``{"*": subtree}``): each entry, under whatever key, is one of them."""
    return isinstance(tree, dict) and len(tree) == 1 and EVERY_KEY in tree


def alike(a: Any, b: Any) -> bool:
    """Two objects of one schema: their member sets share ``SCHEMA_OVERLAP`` of their union
    (optional members come and go: an episode's credit has its show's id, a movie's not)."""
    if not isinstance(a, dict) or not isinstance(b, dict) or not a or not b:
        return False
    return len(a.keys() & b.keys()) >= SCHEMA_OVERLAP * len(a.keys() | b.keys())


def maps_as_lists(tree: Any) -> Any:
    """``tree`` with each map of records read as a list of them (``{"*": sub}`` -> ``[sub]``):
    what the defaults are chosen on (``decision.py``); ``tree`` itself when it has no map."""
    if is_map(tree):
        return [maps_as_lists(tree[EVERY_KEY])]
    if isinstance(tree, dict):
        out = {k: maps_as_lists(v) for k, v in tree.items()}
        return tree if all(out[k] is v for k, v in tree.items()) else out
    if isinstance(tree, list):
        items = [maps_as_lists(v) for v in tree]
        return tree if all(a is b for a, b in zip(items, tree)) else items
    return tree


def map_entries(tree: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Each map of records in ``tree``: its path (lists read through) and its entries' tree."""
    node = unwrap(tree)
    if is_map(node):
        return [(path, node[EVERY_KEY])] + map_entries(node[EVERY_KEY], path + (EVERY_KEY,))
    if not isinstance(node, dict):
        return []
    return [found for key, sub in node.items() for found in map_entries(sub, path + (key,))]


def chosen_maps(tree: Any, paths: list[str] | tuple[str, ...]) -> list[tuple[str, ...]]:
    """The maps of records of ``tree`` (not inside another map or a list) whose entries
    ``paths`` read (``responses.*.customer.id`` reads ``responses``)."""
    if not any(EVERY_KEY in p.split(".") for p in paths):
        return []  # no path reads a map's entries: the tree is not walked (every call)
    out: list[tuple[str, ...]] = []
    for where, _ in map_entries(tree):
        prefix = ".".join(where + (EVERY_KEY,)) + "."
        if where and EVERY_KEY not in where and any(p.startswith(prefix) for p in paths):
            out.append(where)
    return out


def through_maps(tree: Any, path: str) -> str:
    """A path chosen on ``maps_as_lists(tree)``, as it reads on ``tree``: ``*`` where it
    enters a map's entries (``audits.score`` -> ``audits.*.score``)."""
    out: list[str] = []
    node = tree
    for seg in path.split("."):
        node = unwrap(node)
        while is_map(node):
            out.append(EVERY_KEY)
            node = unwrap(node[EVERY_KEY])
        out.append(seg)
        node = node.get(seg) if isinstance(node, dict) else None
    return ".".join(out)


def field_tree_from_value(
    value: Any, max_depth: int = 6, sample: int = 200, maps: bool = False
) -> Any:
    """Describe a JSON value as a field tree (arrays: union of the first ``sample`` items).
    With ``maps``, an object keyed by data (``keyed_by_data``) is a map of records,
    ``{"*": union of its entries}``, as the description would have said it."""
    return _tree(value, max_depth, sample, maps)


def keyed_by_data(value: dict[str, Any]) -> bool:
    """An object whose keys are data, not member names: each value is a record, the records
    are of one schema (``alike``), and each key reads as a value (``_data_key``): an id or a
    file name keying the record it names (``{"hello.py": {"filename": "hello.py", ...}}``)."""
    records = list(value.values())[:MAX_ENTRIES]
    if not records or not all(isinstance(r, dict) and r for r in records):
        return False
    if not all(alike(records[0], r) for r in records[1:]):
        return False
    held = len(records) > 1  # one entry named as its record names itself: a wrapper as well
    return all(_data_key(k, r, held) for k, r in list(value.items())[:MAX_ENTRIES])


def _data_key(key: str, record: dict[str, Any], held: bool) -> bool:
    """A key that is a value: one its record holds (its id, its file name; with ``held``), a
    number, a hexadecimal or UUID id, a date, a URL or an address, or a name with a dot,
    slash, colon, at sign or space in it (a file, a host, a path), which no member name has."""
    if held and any(isinstance(v, (str, int)) and not isinstance(v, bool) and str(v) == key
                    for v in record.values()):  # fmt: skip
        return True
    return bool(_VALUE_KEY.match(key)) or value_hint(key) is not None


def scalar_type(value: Any) -> str:
    if isinstance(value, str):
        found = value_hint(value)
        return f"string:{found}" if found else "string"
    kind = json_type(value)
    return kind if kind in ("null", "boolean", "integer", "number") else "any"


def _tree(value: Any, depth: int, sample: int, maps: bool) -> Any:
    if isinstance(value, dict):
        if depth <= 0:
            return "any"
        if maps and keyed_by_data(value):  # its entries, under whatever key: one record
            return {EVERY_KEY: _tree(list(value.values())[:sample], depth, sample, maps)[0]}
        return {
            str(k): "string:tag" if _is_tag(v, value) else _tree(v, depth - 1, sample, maps)
            for k, v in value.items()
        }
    if isinstance(value, list):
        if depth <= 0 or not value:
            return ["any"]
        merged: Any = None
        for item in value[:sample]:
            sub = _tree(item, depth - 1, sample, maps)
            merged = sub if merged is None else merge(merged, sub)
        return [merged]
    return scalar_type(value)


def _is_tag(value: Any, obj: dict[str, Any]) -> bool:
    """A string that names the member holding the object's content (``{"type": "paragraph",
    "paragraph": {...}}``): the object is one variant of a tagged union."""
    return isinstance(value, str) and isinstance(obj.get(value), (dict, list))


def merge(a: Any, b: Any) -> Any:
    """Union of two trees read from values (objects merge; null gives way to the other)."""
    if a == b:
        return a
    if isinstance(a, dict) and isinstance(b, dict):
        out = dict(a)
        for key, sub in b.items():
            out[key] = merge(out[key], sub) if key in out else sub
        return out
    if isinstance(a, list) and isinstance(b, list):
        return [merge(a[0], b[0])] if a and b else (a or b)
    if a == "null":
        return b
    if b == "null":
        return a
    if isinstance(a, (dict, list)):
        return a
    if isinstance(b, (dict, list)):
        return b
    if base_type(a) == base_type(b):
        return base_type(a) if hint(a) != hint(b) else a
    return "any"


def node_at(tree: Any, path: str) -> Any:
    """The node of a field tree at a dot path, arrays seen through (None when absent)."""
    for seg in path.split("."):
        tree = unwrap(tree)
        if not isinstance(tree, dict):
            return None
        tree = tree.get(seg)
    return tree


def unwrap(tree: Any) -> Any:
    """Step through arrays: ``[[{...}]]`` -> ``{...}``."""
    while isinstance(tree, list):
        tree = tree[0] if tree else None
    return tree
