"""Overlay sections for big APIs: ``toolsets``, ``mode`` and per-operation ``pagination``.

```yaml
mode: auto                 # per-op | meta | code | auto (default per-op; --mode on the CLI wins)
toolsets:                  # groups a server can enable at start: --toolsets issues,repos
  issues: ["tag:issues"]
  repos: ["repos/*", "path:/repos/{owner}/{repo}"]
operations:
  issues/list-for-repo:
    pagination: {style: link, page_arg: page, size_arg: per_page, max_size: 100}
  list-things:
    pagination: none       # the detector was wrong: this list is not paged
```

Toolset patterns are ``select`` patterns (``tag:``, ``path:``, ``method:``, operationId globs).
A pattern that matches no selected operation is a warning.
"""

from __future__ import annotations

from typing import Any

from ..diagnostics import Severity, pointer
from ..ir.models import OperationSpec, PaginationSpec
from .checks import Checker

MODES = ("per-op", "meta", "code", "auto")
PAGINATION_STYLES = ("link", "cursor", "page", "offset")
PAGINATION_KEYS = (
    "style",
    "size_arg",
    "max_size",
    "cursor_arg",
    "next_field",
    "more_field",
    "cursor_item_field",
    "page_arg",
    "offset_arg",
    "next_link_field",
)
NO_PAGINATION = PaginationSpec("page")  # sentinel: "pagination: none" (compared by identity)
_REQUIRED_ARG = {"cursor": "cursor_arg", "page": "page_arg", "offset": "offset_arg", "link": None}


def parse_mode(c: Checker, value: Any) -> str | None:
    if value is None:
        return None
    if value not in MODES:
        c.error("OVERLAY_VALUE", f"mode must be one of {', '.join(MODES)}", "/mode")
        return None
    return str(value)


def parse_toolsets(c: Checker, value: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if value is None:
        return ()
    if not isinstance(value, dict):
        c.type_error("/toolsets", "a mapping of toolset name -> patterns", value)
        return ()
    found = []
    for name in sorted(value, key=str):
        ptr = "/toolsets" + pointer(str(name))
        if not isinstance(name, str) or not name.replace("_", "").replace("-", "").isalnum():
            c.error("OVERLAY_VALUE", f"toolset name {name!r}: use letters, digits, '_', '-'", ptr)
            continue
        patterns = c.string_list(value[name], ptr)
        if patterns:
            found.append((name, patterns))
    return tuple(found)


def parse_pagination(c: Checker, value: Any, ptr: str) -> PaginationSpec | None:
    if value is None:
        return None
    if value == "none":
        return NO_PAGINATION
    entries = c.mapping(value, ptr, PAGINATION_KEYS, "pagination")
    style = entries.get("style")
    if style not in PAGINATION_STYLES:
        c.error(
            "OVERLAY_VALUE",
            f"pagination style must be one of {', '.join(PAGINATION_STYLES)} (or `pagination: none`)",
            ptr + "/style",
        )
        return None
    values: dict[str, Any] = {}
    for key in PAGINATION_KEYS[1:]:
        if entries.get(key) is None:
            continue
        if key == "max_size":
            values[key] = c.positive_int(entries[key], ptr + "/max_size")
        else:
            values[key] = c.string(entries[key], ptr + pointer(key))
    needed = _REQUIRED_ARG[style]
    if needed and not values.get(needed):
        c.error("OVERLAY_VALUE", f"pagination style {style!r} needs {needed}", ptr)
        return None
    return PaginationSpec(style, **values)


def check_pagination_args(
    report: Any, op: OperationSpec, spec: PaginationSpec, ptr: str
) -> PaginationSpec | None:
    """The declared argument names must be the operation's arguments."""
    args = {p.arg for p in op.params if p.const is None}
    for key in ("size_arg", "cursor_arg", "page_arg", "offset_arg"):
        name = getattr(spec, key)
        if name is not None and name not in args:
            report(
                Severity.ERROR,
                "OVERLAY_PAGINATION_ARG",
                f"pagination {key} {name!r} is not an argument of {op.id!r}",
                ptr + "/pagination" + pointer(key),
                f"arguments: {', '.join(sorted(args)) or '(none)'}",
            )
            return None
    return spec


def assign_toolsets(
    report: Any,
    ops: tuple[OperationSpec, ...],
    toolsets: tuple[tuple[str, tuple[str, ...]], ...],
    matches: Any,
) -> tuple[OperationSpec, ...]:
    """Each operation gets the (sorted) names of the toolsets whose patterns match it."""
    import dataclasses

    if not toolsets:
        return ops
    member: dict[int, list[str]] = {i: [] for i in range(len(ops))}
    for name, patterns in toolsets:
        for index, pattern in enumerate(patterns):
            hits = [i for i, op in enumerate(ops) if matches(pattern, op)]
            if not hits:
                report(
                    Severity.WARNING,
                    "OVERLAY_TOOLSET_EMPTY_PATTERN",
                    f"toolset {name!r} pattern {pattern!r} matches no selected operation",
                    f"/toolsets{pointer(name)}/{index}",
                    "fix the pattern or the select rules",
                )
            for i in hits:
                if name not in member[i]:
                    member[i].append(name)
    return tuple(
        dataclasses.replace(op, toolsets=tuple(sorted(member[i]))) for i, op in enumerate(ops)
    )
