"""Detect how an operation's upstream pages its results (see ``PaginationSpec``).

Rules, first match wins, on the operation's arguments (the field tree describes items, not
the list wrapper, so wrapper fields follow the vendors' conventions unless the item tree
names one):

* ``cursor`` read from the last item: a ``starting_after`` argument on a list (Stripe); the
  cursor is the last item's ``id``, ``has_more`` says whether there is more;
* ``cursor`` read from the body: a cursor argument (``start_cursor``, ``cursor``, ``after``,
  ``page_token``, ``pageToken``, ``next_token``, ``continuation_token``); the next cursor is
  in ``next_cursor`` (``next_page_token`` / ``nextPageToken`` for the token arguments); with
  ``start_cursor`` also ``has_more`` (Notion);
* ``link``: the success response declares a ``Link`` header (GitHub), with a page argument;
* ``page``: a ``page`` argument (with ``per_page``/``page_size``/``pageSize``/``limit``/``size``);
  at run time a ``next_page`` body field, when present, is the next page's value (Stripe search);
* ``offset``: an ``offset``/``skip`` argument.

The page size argument's bound comes from its schema ``maximum``, else from a "(max N)" /
"maximum of N" / "between 1 and N" phrase in its description. The overlay can declare or
correct all of this per operation (``pagination:``).
"""

from __future__ import annotations

import re
from typing import Any

from ..ir import OperationSpec, PaginationSpec

CURSOR_ARGS = (
    "start_cursor",
    "cursor",
    "after",
    "page_token",
    "pageToken",
    "next_token",
    "continuation_token",
)
NEXT_FIELDS = ("next_cursor", "next_page_token", "nextPageToken", "next_token", "cursor", "next")
MORE_FIELDS = ("has_more", "hasMore", "has_next", "more")
NEXT_FIELD_BY_ARG = {"page_token": "next_page_token", "pageToken": "nextPageToken"}
SIZE_ARGS = ("per_page", "page_size", "pageSize", "limit", "size", "max_results", "maxResults")
PAGE_ARGS = ("page", "page_number", "pageNumber")
OFFSET_ARGS = ("offset", "skip")
_MAX = re.compile(
    r"(?:\(max(?:imum)?\.?\s*(\d+)\)|maximum(?: of| is)?\s*(\d+)|between\s+\d+\s+and\s+(\d+)"
    r"|max(?:imum)? value is\s*(\d+)|up to\s*(\d+))",
    re.I,
)


def has_link_header(responses: Any, deref: Any) -> bool:
    """True when a 2xx response declares a ``Link`` header; ``deref(node)`` follows refs."""
    if not isinstance(responses, dict):
        return False
    for code, raw in responses.items():
        if not str(code).startswith("2"):
            continue
        response = deref(raw)
        headers = response.get("headers") if isinstance(response, dict) else None
        if isinstance(headers, dict) and any(str(h).lower() == "link" for h in headers):
            return True
    return False


def _arg(op: OperationSpec, names: tuple[str, ...]) -> str | None:
    by_wire = {p.wire_name: p.arg for p in op.params if p.location in ("query", "body")}
    for name in names:
        if name in by_wire:
            return by_wire[name]
    return None


def _field(tree: Any, names: tuple[str, ...]) -> str | None:
    if not isinstance(tree, dict):
        return None
    for name in names:
        if name in tree:
            return name
    return None


def max_size(op: OperationSpec, arg: str | None) -> int | None:
    if arg is None:
        return None
    param = next((p for p in op.params if p.arg == arg), None)
    if param is None:
        return None
    bound = param.schema.get("maximum")
    if isinstance(bound, int) and not isinstance(bound, bool) and bound > 0:
        return bound
    text = param.description or str(param.schema.get("description", ""))
    match = _MAX.search(text)
    if match:
        return int(next(g for g in match.groups() if g))
    return None


def detect_pagination(op: OperationSpec, link_header: bool = False) -> PaginationSpec | None:
    if op.binding.kind != "http":
        return None  # GraphQL connections are paged by the GraphQL caller
    tree = op.response.field_tree
    size = _arg(op, SIZE_ARGS)
    bound = max_size(op, size)
    cursor = _arg(op, ("starting_after",))
    if cursor and op.response.collection_path:
        return PaginationSpec(
            "cursor",
            size_arg=size,
            max_size=bound,
            cursor_arg=cursor,
            more_field=_field(tree, MORE_FIELDS) or "has_more",
            cursor_item_field="id",
        )
    cursor = _arg(op, CURSOR_ARGS)
    if cursor:
        wire = next(p.wire_name for p in op.params if p.arg == cursor)
        return PaginationSpec(
            "cursor",
            size_arg=size,
            max_size=bound,
            cursor_arg=cursor,
            next_field=_field(tree, NEXT_FIELDS) or NEXT_FIELD_BY_ARG.get(wire, "next_cursor"),
            more_field=_field(tree, MORE_FIELDS)
            or ("has_more" if wire == "start_cursor" else None),
        )
    if op.binding.method != "GET":
        return None
    page = _arg(op, PAGE_ARGS)
    if page and link_header:
        return PaginationSpec("link", size_arg=size, max_size=bound, page_arg=page)
    if page:
        return PaginationSpec("page", size_arg=size, max_size=bound, page_arg=page)
    offset = _arg(op, OFFSET_ARGS)
    if offset:
        return PaginationSpec("offset", size_arg=size, max_size=bound, offset_arg=offset)
    return None


def pagination_data(spec: PaginationSpec | None) -> dict[str, Any] | None:
    """The spec.json form: the style plus the fields that are set."""
    if spec is None:
        return None
    return {k: v for k, v in sorted(spec.__dict__.items()) if v is not None}
