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
* paging signs in a list wrapper's own fields (``wrapper_tree``, names compared without case
  or separators; vocabulary shared with ``runtime/upstream/body_paging.py``): ``last_id`` next to
  ``has_more`` with a cursor argument (``after=<last_id>``); a ``Next<X>`` token field whose
  ``<X>`` (or whole name) is an argument (``NextMarker`` -> ``Marker``, ``NextToken``,
  ``nextPageToken`` -> ``pageToken``, ``next_page.offset`` -> ``offset``); a next-URL field
  (``@odata.nextLink``, ``links.next``, ``next_page.uri``, ``next_url``): style ``link`` read
  from the body (``next_link_field``);
* ``link``: the success response declares a ``Link`` header (GitHub), with a page argument;
* ``page``: a ``page`` argument (with ``per_page``/``page_size``/``pageSize``/``limit``/``size``);
  at run time a ``next_page`` body field, when present, is the next page's value (Stripe search);
* ``offset``: an ``offset``/``skip`` argument;

the last three (arguments alone) only when the response can hold a list: not one described
object with no list of its own nor of records in its parts (``_one_object``).

The page size argument's bound comes from its schema ``maximum``, else from a "(max N)" /
"maximum of N" / "between 1 and N" phrase in its description. The overlay can declare or
correct all of this per operation (``pagination:``).
"""

from __future__ import annotations

import re
from typing import Any

from ..ir import OperationSpec, PaginationSpec
from ..runtime.upstream.body_paging import norm, paging_name, token_argument

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
    by_wire = {
        p.wire_name: p.arg for p in op.params if p.location in ("query", "body") and p.const is None
    }
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


_MORE = frozenset(norm(n) for n in MORE_FIELDS) | {"hasnextpage", "istruncated"}
_LINK_LEAVES = frozenset({"next", "nexturl", "nexthref", "nextpageurl", "nextpageuri", "nextpage"})
_LINK_CONTAINERS = frozenset({"links", "link", "paging", "pagination"})


def _paths(tree: Any, depth: int = 2) -> list[str]:
    """Dot paths of a wrapper's fields and of its objects' fields (two levels)."""
    out: list[str] = []
    if not isinstance(tree, dict):
        return out
    for key, value in tree.items():
        out.append(key)
        if depth > 1 and isinstance(value, dict):
            out += [f"{key}.{sub}" for sub in _paths(value, depth - 1)]
    return out


def _is_link_path(path: str) -> bool:
    """``@odata.nextLink``, ``nextLink``, ``next_url``, ``links.next``, ``next_page.uri``."""
    parts = [norm(p) for p in path.split(".")]
    leaf = parts[-1]
    if leaf.endswith("nextlink") or (
        len(parts) == 1 and leaf in _LINK_LEAVES - {"nextpage", "next"}
    ):
        return True
    if len(parts) == 2 and parts[0] in _LINK_CONTAINERS and leaf in ("next", "nexturl"):
        return True
    return len(parts) == 2 and parts[0].startswith("next") and leaf in ("uri", "url", "href")


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


def _one_object(op: OperationSpec) -> bool:
    """The response is described as one object holding no list to page: no list among its
    own members nor a list of records in its parts (a series read by id, described with the
    ``page`` and ``limit`` arguments its list shares): page or offset arguments alone do not
    make it paged, so no paging note follows its answer."""
    tree = op.response.field_tree
    if not isinstance(tree, dict) or not tree or op.response.collection_path is not None:
        return False
    if any(isinstance(v, list) for v in tree.values()):
        return False
    return not any(
        isinstance(v, list) and isinstance(v[0] if v else None, dict)
        for part in tree.values()
        if isinstance(part, dict)
        for v in part.values()
    )


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
    wrapper = _paths(op.response.wrapper_tree)
    more = next((p for p in wrapper if norm(p.rsplit(".", 1)[-1]) in _MORE), None)
    cursor = _arg(op, CURSOR_ARGS)
    last_id = next((p for p in wrapper if norm(p) in ("lastid", "lastkey")), None)
    if cursor and last_id and more:  # after=<last_id> while has_more (OpenAI-style lists)
        return PaginationSpec(
            "cursor",
            size_arg=size,
            max_size=bound,
            cursor_arg=cursor,
            next_field=last_id,
            more_field=more,
        )
    names = {norm(p.wire_name): p.arg for p in op.params if p.location in ("query", "body")}
    for path in wrapper:
        if not paging_name(norm(path.split(".")[0]), False) or _is_link_path(path):
            continue
        arg = token_argument(path, names)
        if arg is None or arg == size or (arg == _arg(op, PAGE_ARGS) and "." not in path):
            continue  # a page token next to a page argument: the page style reads it
        # NextMarker -> Marker, next_page.offset -> offset
        return PaginationSpec(
            "cursor",
            size_arg=size,
            max_size=bound,
            cursor_arg=arg,
            next_field=path,
            more_field=more,
        )
    if cursor:
        wire = next(p.wire_name for p in op.params if p.arg == cursor)
        return PaginationSpec(
            "cursor",
            size_arg=size,
            max_size=bound,
            cursor_arg=cursor,
            next_field=_field(op.response.wrapper_tree, NEXT_FIELDS)
            or _field(tree, NEXT_FIELDS)
            or NEXT_FIELD_BY_ARG.get(wire, "next_cursor"),
            more_field=more
            or _field(tree, MORE_FIELDS)
            or ("has_more" if wire == "start_cursor" else None),
        )
    link_field = next((p for p in wrapper if _is_link_path(p)), None)
    if link_field is not None:
        return PaginationSpec("link", size_arg=size, max_size=bound, next_link_field=link_field)
    if op.binding.method != "GET" or _one_object(op):
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
