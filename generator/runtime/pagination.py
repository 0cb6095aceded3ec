"""Upstream pagination for REST tools: bound the page size, find the next upstream request.

A tool's ``pagination`` (from spec.json; detected by the generator or declared in the
overlay) says how its upstream pages: ``link``, ``cursor``, ``page`` or ``offset``
(see ``generator/ir/models.py: PaginationSpec``). After a successful response,
``next_arguments`` returns the arguments of the NEXT upstream request, or None when the
upstream has no more. The executor hands them to ``_paged`` as ``next_call`` so that
``<api>_continue`` first walks the chunks of the current response and then fetches the next
upstream page (the same mechanism GraphQL connections use).

Whatever the style, a ``Link: <url>; rel="next"`` header wins when present: the next request
is the same tool with the query parameters of that URL that are the tool's own arguments
(the URL itself is never fetched, so a Link header cannot send credentials elsewhere).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from .model import Tool

_LINK = re.compile(r'<([^>]*)>\s*;[^,]*?\brel="?([^",;]*)"?', re.I)


def bound_page_size(tool: Tool, api_args: dict[str, Any]) -> dict[str, Any]:
    """``api_args`` with the page size argument clamped to the tool's ``max_size``."""
    pag = tool.pagination or {}
    size_arg, limit = pag.get("size_arg"), pag.get("max_size")
    value = api_args.get(size_arg) if size_arg else None
    if isinstance(limit, int) and isinstance(value, int) and value > limit:
        return {**api_args, size_arg: limit}
    return api_args


def next_link(headers: dict[str, str]) -> str | None:
    for key, value in headers.items():
        if key.lower() == "link":
            for url, rel in _LINK.findall(value):
                if "next" in rel.lower().split():
                    return url
    return None


def _get(value: Any, path: str | None) -> Any:
    if not path:
        return value
    for part in path.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def _items(tool: Tool, body: Any) -> list[Any] | None:
    path = tool.response.collection_path
    found = body if path == "" else _get(body, path) if path else None
    if found is None and isinstance(body, list):
        found = body
    return found if isinstance(found, list) else None


def _from_link(tool: Tool, args: dict[str, Any], url: str) -> dict[str, Any] | None:
    query = dict(parse_qsl(urlsplit(url).query, keep_blank_values=True))
    updated = dict(args)
    changed = False
    for param in tool.params:
        if param.location == "query" and param.wire in query:
            raw = query[param.wire]
            value: Any = int(raw) if raw.isdigit() and param.arg in _integer_args(tool) else raw
            if updated.get(param.arg) != value:
                changed = True
            updated[param.arg] = value
    return updated if changed else None


def _integer_args(tool: Tool) -> set[str]:
    props = tool.input_schema.get("properties") or {}
    return {n for n, s in props.items() if isinstance(s, dict) and s.get("type") == "integer"}


def next_arguments(
    tool: Tool, args: dict[str, Any], headers: dict[str, str], body: Any
) -> dict[str, Any] | None:
    """The full arguments (controls included) of the next upstream request, or None."""
    pag = tool.pagination
    if not pag:
        return None
    link = next_link(headers)
    if link is not None:
        return _from_link(tool, args, link)
    if pag.get("style") == "link":
        return None  # a Link-paged API that sent no rel="next": this was the last page
    items = _items(tool, body)
    style = pag.get("style")
    if style == "cursor":
        return _next_cursor(pag, args, body, items)
    size_arg = pag.get("size_arg")
    size = args.get(size_arg) if size_arg else None
    full = bool(items) and (not isinstance(size, int) or len(items) >= size)
    if style == "page":
        page_arg = pag["page_arg"]
        if isinstance(body, dict) and "next_page" in body:  # Stripe search: an opaque page token
            token = body["next_page"]
            return None if token in (None, "") else {**args, page_arg: token}
        current = args.get(page_arg, 1)
        if not full or not isinstance(current, int):
            return None
        return {**args, page_arg: current + 1}
    if style == "offset" and items is not None and full:
        offset_arg = pag["offset_arg"]
        current = args.get(offset_arg, 0)
        return {**args, offset_arg: (current if isinstance(current, int) else 0) + len(items)}
    return None


def _next_cursor(
    pag: dict[str, Any], args: dict[str, Any], body: Any, items: list[Any] | None
) -> dict[str, Any] | None:
    more_field = pag.get("more_field")
    if more_field is not None and _get(body, more_field) is not True:
        return None
    if pag.get("cursor_item_field"):
        if not items or not isinstance(items[-1], dict):
            return None
        cursor = items[-1].get(pag["cursor_item_field"])
    else:
        cursor = _get(body, pag.get("next_field"))
    if cursor in (None, "") or cursor == args.get(pag["cursor_arg"]):
        return None  # no cursor, or the same one again: stop rather than loop
    return {**args, pag["cursor_arg"]: cursor}
