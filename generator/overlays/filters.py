"""Overlay ``filter_sets`` and per-operation ``adapters``: parsing (load time) and checks.

Load time (no API description needed): the shape of every filter set, branch, JSON Pointer
(RFC 6901 syntax) and RFC 6902 operation, and of every adapter reference. Apply time
(``check_pointer``): that each pointer can exist in the operation's response field tree.
The format is documented in FORMAT.md ("Output filters and adapters").
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from ..diagnostics import pointer
from ..ir.models import AdapterSpec, FilterBranchSpec
from ..runtime.filters import PATCH_OPS, PointerError, parse_pointer
from .checks import Checker, suggest

BRANCH_KEYS = ("when", "retain", "patches")
TEST_KEYS = ("op", "path", "value")
OP_KEYS = ("op", "path", "value", "from")
ADAPTER_KEYS = ("name", "options")
BUILTIN_ADAPTERS = ("notion_markdown", "summary", "token_cap")
BUILTIN_OPTIONS = {"notion_markdown": (), "summary": ("fields",), "token_cap": ("max_tokens",)}
SET_NAME_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
ENTRY_NAME_RE = re.compile(r"^[A-Za-z0-9_.-]+$")
CALLABLE_RE = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")


@dataclass(frozen=True)
class BranchOverlay:
    spec: FilterBranchSpec
    pointer: str


@dataclass(frozen=True)
class FilterOverlay:
    """The filter of one operation (``key``) in one filter set."""

    set_name: str
    key: str
    branches: tuple[BranchOverlay, ...]
    pointer: str


# -- load time -------------------------------------------------------------------------------


def parse_filter_sets(c: Checker, value: Any) -> tuple[tuple[str, ...], tuple[FilterOverlay, ...]]:
    """``filter_sets: {set: {operation: filter}}`` -> (set names, filters)."""
    if value is None:
        return (), ()
    if not isinstance(value, dict):
        c.type_error("/filter_sets", "a mapping (filter sets by name)", value)
        return (), ()
    names: list[str] = []
    found: list[FilterOverlay] = []
    for set_name, ops in value.items():
        ptr = "/filter_sets" + pointer(set_name)
        if not SET_NAME_RE.match(set_name) or set_name == "none":
            c.error(
                "OVERLAY_VALUE",
                f"filter set name {set_name!r} must match ^[A-Za-z0-9_-]{{1,64}}$ and not be 'none'",
                ptr,
                "e.g. default, partners",
            )
            continue
        names.append(set_name)
        if ops is None:
            continue
        if not isinstance(ops, dict):
            c.type_error(ptr, "a mapping (operation -> filter)", ops)
            continue
        for key, spec in ops.items():
            branches = parse_filter(c, spec, ptr + pointer(key))
            if branches is not None:
                found.append(FilterOverlay(set_name, key, branches, ptr + pointer(key)))
    return tuple(sorted(names)), tuple(found)


def parse_filter(c: Checker, value: Any, ptr: str) -> tuple[BranchOverlay, ...] | None:
    """A mapping (one branch) or a non-empty list of branches."""
    if isinstance(value, dict):
        branch = parse_branch(c, value, ptr)
        return (branch,) if branch is not None else None
    if not isinstance(value, list) or not value:
        c.type_error(ptr, "a filter (a mapping, or a non-empty list of branches)", value)
        return None
    branches = [parse_branch(c, item, f"{ptr}/{i}") for i, item in enumerate(value)]
    if any(b is None for b in branches):
        return None
    return tuple(b for b in branches if b is not None)


def parse_branch(c: Checker, value: Any, ptr: str) -> BranchOverlay | None:
    before = len(c.diagnostics)
    entries = c.mapping(value, ptr, BRANCH_KEYS, "a filter branch")
    if isinstance(value, dict) and not entries.get("retain") and not entries.get("patches"):
        c.error("OVERLAY_VALUE", "a filter branch needs retain or patches", ptr)
    when = tuple(
        test
        for i, item in enumerate(_list(c, entries.get("when"), ptr + "/when"))
        if (test := parse_operation(c, item, f"{ptr}/when/{i}", tests_only=True)) is not None
    )
    retain = None
    if "retain" in entries:
        items = c.string_list(entries["retain"], ptr + "/retain") or ()
        retain = tuple(p for i, p in enumerate(items) if _pointer_ok(c, p, f"{ptr}/retain/{i}"))
    patches = tuple(
        op
        for i, item in enumerate(_list(c, entries.get("patches"), ptr + "/patches"))
        if (op := parse_operation(c, item, f"{ptr}/patches/{i}")) is not None
    )
    if len(c.diagnostics) > before:
        return None
    return BranchOverlay(FilterBranchSpec(when=when, retain=retain, patches=patches), ptr)


def _list(c: Checker, value: Any, ptr: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        c.type_error(ptr, "a list", value)
        return []
    return value


def _pointer_ok(c: Checker, text: Any, ptr: str) -> bool:
    if not isinstance(text, str):
        c.type_error(ptr, "a JSON Pointer string", text)
        return False
    try:
        parse_pointer(text)
    except PointerError as exc:
        fixed = "/" + text.replace(".", "/") if not text.startswith("/") else None
        c.error(
            "OVERLAY_FILTER_POINTER_INVALID",
            str(exc),
            ptr,
            f"did you mean {fixed!r}?" if fixed else "escape '~' as ~0 and '/' as ~1",
        )
        return False
    return True


def parse_operation(
    c: Checker, value: Any, ptr: str, tests_only: bool = False
) -> dict[str, Any] | None:
    """An RFC 6902 operation (in ``when``: a test, whose ``op`` may be left out)."""
    if not isinstance(value, dict):
        c.type_error(ptr, "an RFC 6902 operation mapping", value)
        return None
    entries = c.mapping(value, ptr, TEST_KEYS if tests_only else OP_KEYS, "an operation")
    op = entries.get("op", "test" if tests_only else None)
    allowed = ("test",) if tests_only else PATCH_OPS
    if op not in allowed:
        close = suggest(str(op), allowed) if op is not None else None
        c.error(
            "OVERLAY_FILTER_PATCH_INVALID",
            f"op must be one of {', '.join(allowed)}, got {op!r}",
            ptr + ("/op" if "op" in entries else ""),
            f"did you mean {close!r}?" if close else None,
        )
        return None
    needed = ["path"] + (["value"] if op in ("add", "replace", "test") else [])
    needed += ["from"] if op in ("move", "copy") else []
    missing = [k for k in needed if k not in entries]
    if missing:
        c.error(
            "OVERLAY_FILTER_PATCH_INVALID",
            f"a {op!r} operation needs {' and '.join(missing)}",
            ptr,
            "RFC 6902: add/replace/test need path and value, move/copy need from and path",
        )
        return None
    if not all(_pointer_ok(c, entries[k], ptr + "/" + k) for k in ("path", "from") if k in entries):
        return None
    if op == "remove" and entries["path"] == "":
        c.error("OVERLAY_FILTER_PATCH_INVALID", "cannot remove the whole document", ptr + "/path")
        return None
    out = {"op": op, "path": entries["path"]}
    for key in ("from", "value"):
        if key in entries:
            out[key] = entries[key]
    return out


def parse_adapters(c: Checker, value: Any, ptr: str) -> tuple[AdapterSpec, ...] | None:
    """``adapters: [notion_markdown, {name: token_cap, options: {max_tokens: 2000}}]``."""
    items = _list(c, [value] if isinstance(value, (str, dict)) else value, ptr)
    found: list[AdapterSpec] = []
    for index, item in enumerate(items):
        at = f"{ptr}/{index}"
        if isinstance(item, str):
            item = {"name": item}
        entries = c.mapping(item, at, ADAPTER_KEYS, "an adapter")
        name = c.string(entries.get("name"), at + "/name") if "name" in entries else None
        if name is None:
            if isinstance(item, dict) and "name" not in entries:
                c.error("OVERLAY_VALUE", "an adapter needs a name", at)
            continue
        options = entries.get("options") or {}
        if not isinstance(options, dict):
            c.type_error(at + "/options", "a mapping", options)
            continue
        if _adapter_ok(c, name, options, at):
            found.append(AdapterSpec(name=name, options=options))
    return tuple(found)


def _adapter_ok(c: Checker, name: str, options: dict[str, Any], ptr: str) -> bool:
    if name in BUILTIN_OPTIONS:
        before = len(c.diagnostics)
        c.mapping(options, ptr + "/options", BUILTIN_OPTIONS[name], f"{name} options")
        if name == "token_cap":
            if "max_tokens" not in options:
                c.error("OVERLAY_VALUE", "token_cap needs options.max_tokens", ptr)
            else:
                c.positive_int(options["max_tokens"], ptr + "/options/max_tokens")
        if name == "summary":
            fields = options.get("fields")
            if not isinstance(fields, dict) or not fields:
                c.error(
                    "OVERLAY_VALUE",
                    "summary needs options.fields: {output_key: dot.path}",
                    ptr + "/options",
                )
            else:
                for key, path in fields.items():
                    c.field_paths(
                        [path] if isinstance(path, str) else path, f"{ptr}/options/fields/{key}"
                    )
        return len(c.diagnostics) == before
    if ":" in name:
        if CALLABLE_RE.match(name):
            return True
        hint = "write module.path:function, e.g. my_adapters:render"
    elif ENTRY_NAME_RE.match(name):
        near = difflib.get_close_matches(name, BUILTIN_ADAPTERS, n=1, cutoff=0.85)
        close = near[0] if near else None
        if close is None:
            return True  # an entry point of the group mcpforge.adapters, found at run time
        hint = f"did you mean the built-in {close!r}?"
    else:
        hint = f"built-ins: {', '.join(BUILTIN_ADAPTERS)}; custom: module:callable"
    c.error("OVERLAY_ADAPTER_INVALID", f"adapter name {name!r} is not valid", ptr + "/name", hint)
    return False
