"""Output filters: ``retain`` JSON Pointers, then RFC 6902 patches, in branches guarded by tests.

A filter is a list of branches. A branch has ``when`` (RFC 6902 ``test`` operations, all of
which must pass against the upstream response), ``retain`` (JSON Pointers to keep; everything
else is removed) and ``patches`` (RFC 6902 operations applied in order with ``jsonpatch``).
The first branch whose tests pass applies; a branch without ``when`` always passes.

Arrays: in ``retain`` a pointer token that is not an index applies to every element of an
array it meets (``/results/id`` keeps ``id`` of every result); ``*`` does the same explicitly.
In ``patches`` and ``when`` pointers are plain RFC 6901, except that a ``*`` token met at an
array expands the operation to every element (``/results/*/created_by``).

``apply_filter`` never raises on a bad response: it returns a ``FilterOutcome`` whose ``note``
says why the filter did not apply, and the caller falls back to the default shaping.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import jsonpatch

from .errors import ConfigurationError

PATCH_OPS = ("add", "remove", "replace", "move", "copy", "test")
# What applying a patch to an unexpected document can raise (jsonpatch lets some through).
PATCH_ERRORS = (
    jsonpatch.JsonPatchException,
    jsonpatch.JsonPointerException,
    TypeError,
    KeyError,
    IndexError,
    ValueError,
)
_ALL = "*"


class PointerError(ValueError):
    """A string that is not an RFC 6901 JSON Pointer."""


def parse_pointer(pointer: str) -> tuple[str, ...]:
    """RFC 6901 tokens of ``pointer`` ("" is the whole document)."""
    if pointer == "":
        return ()
    if not isinstance(pointer, str) or not pointer.startswith("/"):
        raise PointerError(f"JSON Pointer {pointer!r} must be empty or start with '/'")
    tokens = []
    for raw in pointer[1:].split("/"):
        rest = raw.replace("~0", "").replace("~1", "")
        if "~" in rest:
            raise PointerError(f"JSON Pointer {pointer!r}: '~' must be followed by 0 or 1")
        tokens.append(raw.replace("~1", "/").replace("~0", "~"))
    return tuple(tokens)


def format_pointer(tokens: tuple[str, ...] | list[str]) -> str:
    return "".join("/" + str(t).replace("~", "~0").replace("/", "~1") for t in tokens)


@dataclass(frozen=True)
class Branch:
    when: tuple[dict[str, Any], ...] = ()
    retain: tuple[str, ...] | None = None
    patches: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class FilterOutcome:
    value: Any
    applied: bool
    branch: int | None = None
    note: str | None = None


def branches_from_json(data: Any) -> tuple[Branch, ...]:
    """spec.json form (a list of {"when", "retain", "patches"}) -> branches."""
    if isinstance(data, dict):
        data = [data]
    out = []
    for item in data or ():
        retain = item.get("retain")
        out.append(
            Branch(
                when=tuple(item.get("when", ())),
                retain=tuple(retain) if retain is not None else None,
                patches=tuple(item.get("patches", ())),
            )
        )
    return tuple(out)


# -- retain ----------------------------------------------------------------------------------


def _is_index(token: str, length: int) -> bool:
    return token.isdigit() and (token == "0" or not token.startswith("0")) and int(token) < length


class _Missing:
    pass


_MISSING: Any = _Missing()


def _project(value: Any, wanted: list[tuple[str, ...]]) -> Any:
    """The parts of ``value`` addressed by the token lists in ``wanted`` (or _MISSING)."""
    if any(not tokens for tokens in wanted):
        return copy.deepcopy(value)
    if isinstance(value, list):
        items = []
        for index, item in enumerate(value):
            below = []
            for tokens in wanted:
                head = tokens[0]
                if head == _ALL:
                    below.append(tokens[1:])
                elif head.isdigit():
                    if _is_index(head, len(value)) and int(head) == index:
                        below.append(tokens[1:])
                else:
                    below.append(tokens)  # a field name: applies to every element
            kept = _project(item, below) if below else _MISSING
            if kept is not _MISSING:
                items.append(kept)
        return items if items else _MISSING
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            below = [t[1:] for t in wanted if t[0] == key or t[0] == _ALL]
            kept = _project(item, below) if below else _MISSING
            if kept is not _MISSING:
                out[key] = kept
        return out if out else _MISSING
    return _MISSING


def retain(value: Any, pointers: tuple[str, ...] | list[str]) -> Any:
    """Keep only what ``pointers`` address (with the objects/arrays leading to it).

    A pointer to an object keeps all of it; a pointer that matches nothing in this response
    keeps nothing (array elements and objects left empty are dropped). Order is kept.
    ``retain(v, [""])`` is a copy of ``v``.
    """
    kept = _project(value, [parse_pointer(p) for p in pointers])
    if kept is _MISSING:
        return {} if isinstance(value, dict) else [] if isinstance(value, list) else None
    return kept


# -- patches and tests -----------------------------------------------------------------------


def _expand_path(value: Any, tokens: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Concrete paths for ``tokens``: a ``*`` met at an array becomes every index."""
    paths: list[tuple[str, ...]] = [()]
    for position, token in enumerate(tokens):
        nxt: list[tuple[str, ...]] = []
        for prefix in paths:
            node = _resolve(value, prefix)
            if token == _ALL and isinstance(node, list):
                nxt.extend(prefix + (str(i),) for i in range(len(node)))
            else:
                nxt.append(prefix + (token,))
        paths = nxt
    return paths


def _resolve(value: Any, tokens: tuple[str, ...]) -> Any:
    node = value
    for token in tokens:
        if isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        elif isinstance(node, dict) and token in node:
            node = node[token]
        else:
            return _MISSING
    return node


def expand_operations(value: Any, ops: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """RFC 6902 operations with ``*`` array tokens expanded against ``value``."""
    out: list[dict[str, Any]] = []
    for op in ops:
        path = op.get("path", "")
        if _ALL not in parse_pointer(path):
            out.append(dict(op))
            continue
        for concrete in _expand_path(value, parse_pointer(path)):
            out.append({**op, "path": format_pointer(concrete)})
    return out


def failed_test(value: Any, tests: tuple[dict[str, Any], ...]) -> str | None:
    """None when every test passes, else a short reason naming the first failing test."""
    for test in tests:
        op = {"op": "test", "path": test.get("path", ""), "value": test.get("value")}
        try:
            ops = expand_operations(value, (op,))
            if not ops:
                return f"{op['path']} has no elements"
            jsonpatch.JsonPatch(ops).apply(value)
        except jsonpatch.JsonPatchTestFailed:
            actual = _resolve(value, parse_pointer(op["path"]))
            found = "missing" if actual is _MISSING else _short(actual)
            return f"{op['path']} is {found}, not {_short(op['value'])}"
        except (*PATCH_ERRORS, PointerError):
            return f"{op['path']} is missing"
    return None


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value) if not isinstance(value, BaseException) else str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def apply_patches(value: Any, patches: tuple[dict[str, Any], ...]) -> Any:
    """Apply RFC 6902 operations in order (raises jsonpatch errors on failure).

    Each operation's ``*`` tokens are expanded against the document as the previous
    operations left it. The input is not modified.
    """
    result = copy.deepcopy(value)
    for op in patches:
        ops = expand_operations(result, (op,))
        result = jsonpatch.JsonPatch(ops).apply(result, in_place=True)
    return result


def apply_filter(value: Any, branches: tuple[Branch, ...]) -> FilterOutcome:
    """The first branch whose ``when`` tests pass: retain, then patches."""
    if not branches:
        return FilterOutcome(value, applied=False, note=None)
    reasons = []
    for index, branch in enumerate(branches):
        reason = failed_test(value, branch.when)
        if reason is not None:
            reasons.append(f"branch {index + 1}: {reason}")
            continue
        result = value
        try:
            if branch.retain is not None:
                result = retain(result, branch.retain)
            if branch.patches:
                result = apply_patches(result, branch.patches)
        except (*PATCH_ERRORS, PointerError) as exc:
            return FilterOutcome(
                value,
                applied=False,
                branch=index,
                note=f"patch failed in branch {index + 1}: {_short(exc)}",
            )
        return FilterOutcome(result, applied=True, branch=index)
    return FilterOutcome(value, applied=False, note="no branch matched: " + "; ".join(reasons))


def pointers_read(branches: tuple[Branch, ...]) -> list[tuple[str, bool]]:
    """Every pointer a filter needs present in the response to work as written, as
    ``(pointer, whole)``: its tests (``when`` and ``test`` patches), its ``retain`` pointers,
    the targets of ``remove`` and ``replace`` and the sources of ``move`` and ``copy`` (whole:
    True); the parent of an ``add``/``move``/``copy`` target (whole: False, it must only exist).

    A caller that chooses what the upstream returns (a GraphQL selection) must ask for these,
    or a guard the agent did not select fails and the filter does not apply.
    """
    out: list[tuple[str, bool]] = []

    def read(pointer: Any, whole: bool = True) -> None:
        if isinstance(pointer, str) and (pointer, whole) not in out:
            out.append((pointer, whole))

    for branch in branches:
        for test in branch.when:
            read(test.get("path"))
        for op in branch.patches:
            kind, path = op.get("op"), op.get("path")
            if kind in ("test", "remove", "replace"):
                read(path)
            elif kind in ("move", "copy"):
                read(op.get("from"))
            if kind in ("add", "move", "copy") and isinstance(path, str) and path:
                read(path.rsplit("/", 1)[0], whole=False)
        for pointer in branch.retain or ():
            read(pointer)
    return out


def choose_filter_set(available: tuple[str, ...], requested: str, source: str) -> str:
    """The filter set a server uses: ``requested`` (must exist), else ``default`` if defined.

    "" means no filtering. ``none`` turns filtering off explicitly. ``source`` names where
    ``requested`` came from, for the error message.
    """
    requested = requested.strip()
    if requested == "none":
        return ""
    if not requested:
        return "default" if "default" in available else ""
    if requested not in available:
        known = ", ".join(sorted(available)) or "none (the overlay defines no filter_sets)"
        raise ConfigurationError(
            f"{source}={requested!r} is not a filter set of this server; known: {known}."
        )
    return requested
