"""Check dot paths (``owner.login``, ``labels.name``) against a response's field tree.

Field tree format (shared): a dict mapping a field name to a type string ("string", "integer",
"number", "boolean", "null", "any"), a nested dict (object) or a one-element list ``[subtree]``
(array). Arrays are transparent: ``labels.name`` addresses ``name`` in every element of
``labels``.

Accepted without knowledge (as the runtime's ``shaping/fields.py`` does): a tree that is None
(the description does not describe the body), and anything below a ``None`` leaf, "any",
"object" or an empty dict (a free-form object). ``*`` as a segment
means every field at that level. As the OpenAPI loader does, a response with a collection
has the tree of ONE item, and paths are relative to that item.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

OPEN_TYPES = ("any", "object")
_MISSING = object()
_MAX_PATHS = 5000


def unwrap(node: Any) -> Any:
    """Step through arrays: ``[[{"id": ...}]]`` -> ``{"id": ...}``; an empty list is "any"."""
    while isinstance(node, list):
        node = node[0] if node else "any"
    return node


def is_open(node: Any) -> bool:
    return (
        node is None
        or node == {}
        or (isinstance(node, str) and node.split(":", 1)[0] in OPEN_TYPES)
    )


def subtree(tree: Any, path: str) -> Any | None:
    """The tree below ``path`` with arrays unwrapped (``results`` -> the item), or None."""
    below = _descend(unwrap(tree), path.split("."))
    return None if below is _MISSING else unwrap(below)


def _descend(node: Any, parts: list[str]) -> Any:
    for part in parts:
        node = unwrap(node)
        if not isinstance(node, dict) or part not in node:
            return _MISSING
        node = node[part]
    return node


@dataclass(frozen=True)
class PathProblem:
    message: str
    suggestion: str | None


def check_path(tree: Any, path: str) -> PathProblem | None:
    """None when ``path`` may exist in ``tree`` (an item tree), else what is wrong and a fix."""
    if tree is None or path == "*":
        return None
    node = unwrap(tree)
    done: list[str] = []
    for part in path.split("."):
        node = unwrap(node)
        if is_open(node) or part == "*":
            return None
        prefix = ".".join(done)
        if not isinstance(node, dict):
            kind = f"a {node}" if isinstance(node, str) else "not an object"
            return PathProblem(
                f"field {prefix!r} is {kind} and has no field {part!r}", prefix or None
            )
        if part not in node:
            where = f"in {prefix!r}" if prefix else "at the top level"
            return PathProblem(f"no field {part!r} {where}", _suggest(tree, path, node, done, part))
        done.append(part)
        node = node[part]
    return None


def _suggest(tree: Any, path: str, level: dict[str, Any], done: list[str], part: str) -> str | None:
    close = difflib.get_close_matches(part, sorted(level), n=1, cutoff=0.6)
    if close:
        return ".".join([*done, close[0]])
    paths = all_paths(tree)
    close = difflib.get_close_matches(path, paths, n=1, cutoff=0.6)
    if close:
        return close[0]
    tail = [p for p in paths if p.rsplit(".", 1)[-1] == part]
    return tail[0] if tail else None


def all_paths(tree: Any, limit: int = _MAX_PATHS) -> list[str]:
    """Every dot path of an item tree, sorted, at most ``limit`` of them."""
    found: list[str] = []
    stack: list[tuple[str, Any]] = [("", unwrap(tree))]
    while stack and len(found) < limit:
        prefix, node = stack.pop()
        if not isinstance(node, dict):
            continue
        for key in sorted(node, reverse=True):
            path = f"{prefix}.{key}" if prefix else key
            found.append(path)
            stack.append((path, unwrap(node[key])))
    return sorted(found)


def top_level_fields(tree: Any) -> list[str]:
    node = unwrap(tree)
    return sorted(node) if isinstance(node, dict) else []
