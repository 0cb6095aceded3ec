"""Upstream pagination for REST tools: bound the page size, find the next upstream request.

A tool's ``pagination`` (from spec.json; detected by the generator or declared in the
overlay) says how its upstream pages: ``link``, ``cursor``, ``page`` or ``offset``
(see ``generator/ir/models.py: PaginationSpec``). After a successful response,
``next_arguments`` returns the arguments of the NEXT upstream request, or None when the
upstream has no more (the totals a body or its headers state, ``X-Total-Count``,
``X-Pagination-Total-Pages``, end a page or offset walk). The executor hands them to ``paged`` as ``next_call`` so that
``<api>_continue`` first walks the chunks of the current response and then fetches the next
upstream page (the same mechanism GraphQL connections use).

Whatever the style, a ``Link: <url>; rel="next"`` header wins when present: the next request
is the same tool with the query parameters of that URL that are the tool's own arguments
(the URL itself is never fetched, so a Link header cannot send credentials elsewhere).
When the style finds no next request, what the body itself says (``body_paging.py``: a next
URL such as ``@odata.nextLink`` or ``links.next``, a ``NextMarker``/``NextToken``, ``next_page``
``{offset, uri}``, ``last_id`` with ``has_more``) is used the same way. Where the body says more
exists and no next request can be derived, ``more_note`` says so and names the argument to
pass: a footer never says ``has_more: false`` against the body (but where the body's own
totals say its first page holds the whole list: 2 of 2 records beside a ``links.next``).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from ..model import Tool
from .body_paging import (
    BodySigns,
    Totals,
    norm,
    read_body,
    read_header_totals,
    read_totals,
    token_argument,
)

_LINK = re.compile(r'<([^>]*)>\s*;[^,]*?\brel="?([^",;]*)"?', re.I)


def bound_page_size(tool: Tool, api_args: dict[str, Any]) -> dict[str, Any]:
    """``api_args`` with the page size argument clamped to the tool's ``max_size``."""
    pag = tool.pagination or {}
    size_arg, limit = pag.get("size_arg"), pag.get("max_size")
    value = api_args.get(size_arg) if size_arg else None
    if size_arg and isinstance(limit, int) and isinstance(value, int) and value > limit:
        return {**api_args, size_arg: limit}
    return api_args


def next_link(headers: dict[str, str]) -> str | None:
    for key, value in headers.items():
        if key.lower() == "link":
            for url, rel in _LINK.findall(value):
                if "next" in rel.lower().split():
                    return str(url)
    return None


def _get(value: Any, path: str | None) -> Any:
    if not path:
        return value
    if isinstance(value, dict) and path in value:  # a key with dots: ``@odata.nextLink``
        return value[path]
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
    items = _items(tool, body)
    signs = read_body(body)
    if pag.get("style") in ("page", "offset"):  # what the body says beats the arithmetic
        if signs.more is False:
            return None
        found = _from_signs(tool, args, signs, items) if signs.says_more else None
        if found is not None:
            return found
    found = _by_style(tool, pag, args, body, items, headers)
    if found is None and signs.says_more:
        found = _from_signs(tool, args, signs, items)
    return found


def _by_style(
    tool: Tool,
    pag: dict[str, Any],
    args: dict[str, Any],
    body: Any,
    items: list[Any] | None,
    headers: dict[str, str],
) -> dict[str, Any] | None:
    """``headers``: the response's, whose totals end a page or offset walk too."""
    style = pag.get("style")
    if style == "link":  # no rel="next" header: the body's next URL, else this was the last page
        url = _get(body, pag.get("next_link_field")) if pag.get("next_link_field") else None
        return _from_link(tool, args, url) if isinstance(url, str) and url else None
    if style == "cursor":
        return _next_cursor(pag, args, body, items)
    size_arg = pag.get("size_arg")
    size = args.get(size_arg) if size_arg else None
    full = bool(items and (not isinstance(size, int) or len(items) >= size))
    if (
        full
        and items is not None
        and _past_totals(style, pag, args, body, size, len(items), headers)
    ):
        return None  # the body's own totals (or its headers') say this was the last page
    if style == "page":
        page_arg = pag["page_arg"]
        token = body.get("next_page") if isinstance(body, dict) else None
        if isinstance(body, dict) and "next_page" in body and not isinstance(token, dict):
            # Stripe search: an opaque page token
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


def _past_totals(
    style: Any,
    pag: dict[str, Any],
    args: dict[str, Any],
    body: Any,
    size: Any,
    count: int,
    headers: dict[str, str],
) -> bool:
    """Does the list end here by the totals the body states (``body_paging.read_totals``), else
    its headers (``read_header_totals``)? 2 of 2 records is the whole list, whatever the page
    size."""
    stated = read_totals(body)
    said = read_header_totals(headers) if None in (stated.items, stated.pages) else stated
    totals = Totals(
        stated.items if stated.items is not None else said.items,
        stated.pages if stated.pages is not None else said.pages,
    )
    if style == "page":
        current = args.get(pag.get("page_arg", ""), 1)
        if not isinstance(current, int):
            return False
        if totals.pages is not None and current >= totals.pages:
            return True
        per = size if isinstance(size, int) and size > 0 else count
        return totals.items is not None and current * per >= totals.items
    if style == "offset":
        current = args.get(pag.get("offset_arg", ""), 0)
        start = current if isinstance(current, int) else 0
        return totals.items is not None and start + count >= totals.items
    return False


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


_AFTER_ARGS = ("after", "startingafter", "afterid", "since", "from", "cursor")
_STYLE_ARGS = ("cursor_arg", "page_arg", "offset_arg")
_GUESS_ARGS = _AFTER_ARGS + ("pagetoken", "token", "marker", "page", "offset", "skip")
# arguments whose value past its start makes a request a later page (``_whole_list``)
_PAGE_ARGS = frozenset(n for n in _GUESS_ARGS if n not in ("token", "marker"))


def _arg_names(tool: Tool) -> dict[str, str]:
    names: dict[str, str] = {}
    for param in tool.params:
        if param.location in ("query", "body"):
            names.setdefault(norm(param.wire), param.arg)
            names.setdefault(norm(param.arg), param.arg)
    return names


def _after_arg(tool: Tool, names: dict[str, str]) -> str | None:
    cursor = (tool.pagination or {}).get("cursor_arg")
    if cursor:
        return str(cursor)
    return next((names[n] for n in _AFTER_ARGS if n in names), None)


def _from_signs(
    tool: Tool, args: dict[str, Any], signs: BodySigns, items: list[Any] | None
) -> dict[str, Any] | None:
    names = _arg_names(tool)
    if signs.url is not None:
        found = _from_link(tool, args, signs.url)
        if found is not None:
            return found
    for path, value in signs.tokens:
        arg = token_argument(path, names)
        if arg is not None and args.get(arg) != value:
            return {**args, arg: value}
    if signs.more:
        last = signs.last_id[1] if signs.last_id else None
        guess = not (tool.pagination or {}).get("next_field")  # not when the body's cursor is
        if last is None and guess and items and isinstance(items[-1], dict):  # known and absent
            last = items[-1].get("id")
        arg = _after_arg(tool, names)
        if arg is not None and last not in (None, "") and args.get(arg) != last:
            return {**args, arg: last}
    return None


def way_members(tool: Tool, body: Any) -> list[tuple[str, ...]]:
    """The members of a list body that hold a way to its next page (a token, a URL: the
    ``ways`` ``read_body`` finds, and the fields the tool's pagination reads them from), as key
    paths: what a footer that fetches that page, or a note that names it, stands for
    (``shaping/covered.py``)."""
    ways = list(read_body(body).ways)
    pag = tool.pagination or {}
    for name in ("next_field", "next_link_field"):
        path = pag.get(name)
        if not isinstance(path, str) or not path or not isinstance(body, dict):
            continue
        keys = (path,) if path in body else tuple(path.split("."))
        if _get(body, path) not in (None, "") and keys not in ways:
            ways.append(keys)
    return ways


def _whole_list(tool: Tool, args: dict[str, Any], body: Any) -> bool:
    """The first page of a list whose body's totals say it holds the whole list (``{data: [2
    items], links: {next}, meta: {total_count: 2, total_pages: 1}}``: a next link beside 2 of 2
    records is no next page). Not a later page (an argument that pages, past its start), nor
    a body that states no totals."""
    items = _items(tool, body)
    if items is None:
        return False
    for name, value in args.items():
        if norm(name) in _PAGE_ARGS and value not in (None, "", 0, 1, "0", "1"):
            return False  # a later page: its totals say nothing of what went before
    totals = read_totals(body)
    return (totals.items is not None and len(items) >= totals.items) or totals.pages == 1


def more_note(tool: Tool, args: dict[str, Any], body: Any) -> str | None:
    """When the body says more results exist: a note saying so, naming the argument to pass
    for the next page (and its value where the body gives it); None when it says nothing."""
    signs = read_body(body)
    if not signs.says_more or _whole_list(tool, args, body):
        return None
    names = _arg_names(tool)
    evidence = f"{signs.more_field}: true" if signs.more else ""
    arg: str | None = None
    value: Any = None
    for path, token in signs.tokens:
        arg = arg or token_argument(path, names)
        value = token if arg and value is None else value
        # the token's value once: in the advice when an argument takes it, else here
        evidence = evidence or (path if value == token else f"{path}: {token}")
    if signs.last_id is not None:
        evidence += f", {signs.last_id[0]}: {signs.last_id[1]}"
        if arg is None and (arg := _after_arg(tool, names)) is not None:
            value = signs.last_id[1]
    if signs.url is not None and not evidence:
        evidence = f"{signs.url_field}: {signs.url}"
    pag = tool.pagination or {}
    arg = arg or next((pag[k] for k in _STYLE_ARGS if pag.get(k)), None)
    arg = arg or next((names[n] for n in _GUESS_ARGS if n in names), None)
    if arg is not None:
        shown = (
            f'"{value}"'
            if isinstance(value, str)
            else value if value is not None else "<the next value>"
        )
        advice = f"call {tool.name} again with {arg}={shown} and the same other arguments"
    elif signs.url is not None:
        query = sorted({k for k, _ in parse_qsl(urlsplit(signs.url).query, keep_blank_values=True)})
        detail = (
            f" (its query parameters {', '.join(query)} are not arguments of this tool)"
            if query
            else ""
        )
        advice = f"the next page is at {signs.url}{detail}"
        if evidence == f"{signs.url_field}: {signs.url}":  # the link once
            evidence = signs.url_field or ""
    else:
        advice = "this tool has no argument to request the next page"
    said = evidence.lstrip(", ")
    return f"[has_more: true{f': the upstream says {said}' if said else ''}; {advice}]"
