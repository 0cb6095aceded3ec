"""Field selection by dot paths: parse, project, exclude, validate.

Paths: ``owner.login`` walks objects; a segment that meets an array applies to every element
(``labels.name`` keeps the ``name`` of each label); ``*`` as a segment matches every key
(``*`` alone = everything, ``a.*`` = all of ``a``).

``project`` keeps the original nesting and key order (no renaming). A path that does not
exist in the value is simply absent from the result. A path that goes through ``null`` keeps
the ``null`` (``assignee.login`` on ``"assignee": null`` gives ``"assignee": null``), so the
agent sees that the field exists and is empty. Array elements that are objects stay in the
array (possibly as ``{}``) so positions are preserved; scalar elements a deeper path cannot
enter are dropped.

Field trees (see the shared brief): dict name -> type string | nested dict | ``[subtree]``.
Leaves ``"any"``, ``"object"`` and ``None`` are open: any deeper path is accepted.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from .deadline import check as check_deadline
from .trees import EVERY_KEY, unwrap

WILDCARD = EVERY_KEY
_OPEN_LEAVES = ("any", "object")


def parse_path(path: str) -> tuple[str, ...]:
    """``"owner.login"`` -> ``("owner", "login")``; empty segments are ignored."""
    return tuple(seg for seg in path.strip().split(".") if seg)


@dataclass
class PathTrie:
    """A set of dot paths as a tree. ``full`` means: keep/drop this whole subtree."""

    full: bool = False
    children: dict[str, "PathTrie"] = field(default_factory=dict)

    @classmethod
    def build(cls, paths: list[str] | tuple[str, ...]) -> "PathTrie":
        root = cls()
        for path in paths:
            segs = parse_path(path)
            if not segs:
                continue
            node = root
            for seg in segs:
                if node.full:
                    break
                node = node.children.setdefault(seg, cls())
            node.full = True
            node.children = {}
        return root

    def is_empty(self) -> bool:
        return not self.full and not self.children

    def child(self, key: str) -> "PathTrie | None":
        exact = self.children.get(key)
        star = self.children.get(WILDCARD)
        if exact is None:
            return star
        if star is None:
            return exact
        return _merge(exact, star)


def _merge(a: PathTrie, b: PathTrie) -> PathTrie:
    if a.full or b.full:
        return PathTrie(full=True)
    keys = sorted(set(a.children) | set(b.children))
    merged: dict[str, PathTrie] = {}
    for key in keys:
        x, y = a.children.get(key), b.children.get(key)
        if x is not None and y is not None:
            merged[key] = _merge(x, y)
        else:  # in one of the two
            merged[key] = a.children[key] if x is not None else b.children[key]
    return PathTrie(children=merged)


def holds(selection: list[str] | tuple[str, ...], path: str) -> bool:
    """``selection`` holds ``path``: the path itself or a path above it."""
    return any(path == s or path.startswith(f"{s}.") for s in selection)


def selects_everything(paths: list[str] | tuple[str, ...]) -> bool:
    return any(parse_path(p) == (WILDCARD,) for p in paths)


def project(value: Any, paths: list[str] | tuple[str, ...]) -> Any:
    """Keep only ``paths`` of ``value`` (original nesting and order)."""
    check_deadline()
    trie = PathTrie.build(paths)
    if trie.full:
        return value
    return _project(value, trie)


def _empty_like(value: Any) -> Any:
    if isinstance(value, list):
        return []
    if isinstance(value, dict):
        return {}
    return value


def _project(value: Any, node: PathTrie) -> Any:
    if node.full:
        return value
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        children = node.children
        if children.get(WILDCARD) is None:
            keys = [k for k in value if k in children]
        else:
            keys = list(value)
        for key in keys:
            sub = node.child(key)
            if sub is None:
                continue
            out[key] = _project(value[key], sub)
        return out
    if isinstance(value, list):
        return [_project(item, node) for item in value]
    # A scalar where the path expects an object: an expandable reference sent as its id
    # (``customer: "cus_..."`` for ``customer.id``) or a label list of plain strings. The
    # scalar is what the response says about that member, so it is kept.
    return value


def matches(value: Any, segs: tuple[str, ...]) -> bool:
    """Whether ``segs`` selects something in ``value`` (through arrays, any element)."""
    if not segs:
        return True
    if isinstance(value, list):
        return any(matches(item, segs) for item in value[:200])
    if not isinstance(value, dict):
        return False
    head, rest = segs[0], segs[1:]
    if head == WILDCARD:
        return any(matches(v, rest) for v in value.values())
    if head not in value:
        return False
    sub = value[head]
    return not rest or sub is None or not isinstance(sub, (dict, list)) or matches(sub, rest)


def exclude(value: Any, paths: list[str] | tuple[str, ...]) -> Any:
    """Drop ``paths`` from ``value`` (through arrays per element); everything else is kept."""
    trie = PathTrie.build(paths)
    if trie.is_empty():
        return value
    if trie.full:
        return _empty_like(value)
    return _exclude(value, trie)


def _exclude(value: Any, node: PathTrie) -> Any:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            sub = node.child(key)
            if sub is None:
                out[key] = item
            elif not sub.full:
                out[key] = _exclude(item, sub)
        return out
    if isinstance(value, list):
        return [_exclude(item, node) for item in value]
    return value


# ---------------------------------------------------------------------------- validation


@dataclass(frozen=True)
class PathCheck:
    """Result of checking requested paths against a field tree."""

    unknown: list[str]
    suggestions: dict[str, list[str]]
    valid_top_level: list[str]

    @property
    def ok(self) -> bool:
        return not self.unknown


def _is_open(tree: Any) -> bool:
    return tree is None or (isinstance(tree, str) and tree.split(":", 1)[0] in _OPEN_LEAVES)


def _path_exists(tree: Any, segs: tuple[str, ...]) -> bool:
    tree = unwrap(tree)
    if not segs or _is_open(tree):
        return True
    if not isinstance(tree, dict):
        return False
    head, rest = segs[0], segs[1:]
    if head == WILDCARD:
        return not rest or any(_path_exists(sub, rest) for sub in tree.values())
    if head not in tree:  # a map's entry, by its own key
        return EVERY_KEY in tree and _path_exists(tree[EVERY_KEY], rest)
    return _path_exists(tree[head], rest)


def flatten_tree(tree: Any, max_depth: int = 4) -> list[str]:
    """Every dot path the tree describes (depth-bounded), sorted."""
    out: list[str] = []

    def walk(node: Any, prefix: str, depth: int) -> None:
        node = unwrap(node)
        if not isinstance(node, dict) or depth >= max_depth:
            return
        for key in node:
            path = f"{prefix}{key}"
            out.append(path)
            walk(node[key], path + ".", depth + 1)

    walk(tree, "", 0)
    return sorted(set(out))


def _suggest(tree: Any, segs: tuple[str, ...], all_paths: list[str]) -> list[str]:
    """Close matches for a path that does not exist: fix the failing segment, else whole path."""
    found: list[str] = []
    node = unwrap(tree)
    prefix: list[str] = []
    for seg in segs:
        if not isinstance(node, dict):
            break
        if seg in node:
            prefix.append(seg)
            node = unwrap(node[seg])
            continue
        for match in difflib.get_close_matches(seg, sorted(node), n=3, cutoff=0.6):
            found.append(".".join([*prefix, match]))
        break
    joined = ".".join(segs)
    found.extend(difflib.get_close_matches(joined, all_paths, n=3, cutoff=0.75))
    last = segs[-1] if segs else ""
    found.extend(p for p in all_paths if p.rsplit(".", 1)[-1] == last and p != joined)
    unique: list[str] = []
    for item in found:
        if item not in unique:
            unique.append(item)
    return unique[:5]


def check_paths(paths: list[str] | tuple[str, ...], tree: dict[str, Any] | None) -> PathCheck:
    """Which requested ``paths`` do not exist in ``tree`` (None tree: all accepted)."""
    top = unwrap(tree)
    valid_top = sorted(top) if isinstance(top, dict) else []
    if _is_open(top) or not isinstance(top, dict):
        return PathCheck([], {}, valid_top)
    unknown: list[str] = []
    suggestions: dict[str, list[str]] = {}
    all_paths: list[str] | None = None
    for path in paths:
        segs = parse_path(path)
        if not segs:
            unknown.append(path)
            suggestions[path] = []
            continue
        if _path_exists(top, segs):
            continue
        if all_paths is None:
            all_paths = flatten_tree(top)
        unknown.append(path)
        suggestions[path] = _suggest(top, segs, all_paths)
    return PathCheck(unknown, suggestions, valid_top)
