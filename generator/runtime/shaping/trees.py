"""Field trees read from a response, for bodies the spec does not describe.

The shared format: a dict maps a field name to a leaf type string (see ``names``), a nested
dict (an object) or a one-element list ``[subtree]`` (an array). Arrays are described by the
union of their first ``sample`` items. String leaves get a hint from their values when every
sampled value agrees (``string:time``, ``string:uri``, ``string:email``), and ``string:tag``
for a string that names another member of its object (a tagged union's discriminator).
"""

from __future__ import annotations

from typing import Any

from .names import base_type, hint, json_type, value_hint

SCHEMA_OVERLAP = 0.75  # members of one schema share this much of their members' union


def alike(a: Any, b: Any) -> bool:
    """Two objects of one schema: their member sets share ``SCHEMA_OVERLAP`` of their union
    (optional members come and go: an episode's credit has its show's id, a movie's not)."""
    if not isinstance(a, dict) or not isinstance(b, dict) or not a or not b:
        return False
    return len(a.keys() & b.keys()) >= SCHEMA_OVERLAP * len(a.keys() | b.keys())


def field_tree_from_value(value: Any, max_depth: int = 6, sample: int = 200) -> Any:
    """Describe a JSON value as a field tree (arrays: union of the first ``sample`` items)."""
    return _tree(value, max_depth, sample)


def scalar_type(value: Any) -> str:
    if isinstance(value, str):
        found = value_hint(value)
        return f"string:{found}" if found else "string"
    kind = json_type(value)
    return kind if kind in ("null", "boolean", "integer", "number") else "any"


def _tree(value: Any, depth: int, sample: int) -> Any:
    if isinstance(value, dict):
        if depth <= 0:
            return "any"
        return {
            str(k): "string:tag" if _is_tag(v, value) else _tree(v, depth - 1, sample)
            for k, v in value.items()
        }
    if isinstance(value, list):
        if depth <= 0 or not value:
            return ["any"]
        merged: Any = None
        for item in value[:sample]:
            sub = _tree(item, depth - 1, sample)
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
