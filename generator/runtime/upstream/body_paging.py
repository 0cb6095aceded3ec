"""What a list body says about the next page, read from its structure (runtime/upstream/pagination.py).

Upstreams announce more results in their body in a handful of shapes, whatever the field
names' case or separators:

* a flag: ``has_more``/``hasMore``/``has_next``/``more``/``IsTruncated`` is ``true``;
* a URL of the next request: ``@odata.nextLink``, ``nextLink``, ``next_url``, ``next``,
  ``links.next`` (a string or ``{href}``), ``next_page.uri``;
* a token: a ``next...`` field holding a string that is not a URL (``NextMarker``,
  ``NextToken``, ``nextPageToken``, ``next_cursor``), or ``next_page: {offset|cursor|page}``;
* the id of the last item: ``last_id`` next to ``has_more`` (the request takes ``after=``).

A body may also say how many records or pages there are in all (``total_count``,
``meta.total``, ``totalPages``): ``read_totals`` reads them, and a page or offset walk stops
at them instead of asking for pages that cannot exist.

``read_body`` collects these signs from the body's top level and one level below it;
``pagination.py`` turns them into the next request's arguments or, when it cannot, into a note
that names the argument to pass, so a footer never says ``has_more: false`` while the body says
there is more.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_MORE = frozenset({"hasmore", "hasnext", "hasnextpage", "more", "moreresults", "istruncated"})
_LINK_CONTAINERS = frozenset({"links", "link", "paging", "pagination", "meta", "pageinfo"})
_URL_KEYS = ("href", "uri", "url", "link")
_TOKEN_KEYS = ("cursor", "token", "marker", "offset", "page", "skip", "start")
_PAGING_WORDS = ("token", "marker", "cursor", "page", "offset", "link", "key", "start")
_NORM = re.compile(r"[^a-z0-9]")


def norm(name: str) -> str:
    """``NextMarker``, ``next_marker`` and ``@odata.nextLink``'s tail compare equal this way."""
    return _NORM.sub("", name.lower())


def _is_url(value: Any) -> bool:
    return isinstance(value, str) and (
        value.startswith(("http://", "https://", "/")) or ("?" in value and "=" in value)
    )


@dataclass
class BodySigns:
    more: bool | None = None  # an explicit more flag, when the body has one
    more_field: str | None = None
    url: str | None = None  # the next request's URL
    url_field: str | None = None
    tokens: list[tuple[str, Any]] = field(default_factory=list)  # (dot path, value), best first
    last_id: tuple[str, Any] | None = None
    # The members holding a way to the next page (its URL, its token), as key paths
    # (``("links", "next")``; a dot in a key stays in it): what ``continue`` stands for.
    ways: list[tuple[str, ...]] = field(default_factory=list)

    @property
    def says_more(self) -> bool:
        """True when the body says (or shows, by a next URL/token) that more results exist."""
        if self.more is not None:
            return self.more
        return self.url is not None or bool(self.tokens)


def read_body(body: Any) -> BodySigns:
    signs = BodySigns()
    if not isinstance(body, dict) or not any(isinstance(v, list) for v in body.values()):
        return signs  # not a list wrapper: a resource's ``next_run`` says nothing about pages
    _scan(body, (), signs, nested=False)
    for key, value in body.items():
        if isinstance(value, dict) and norm(key) in _LINK_CONTAINERS:
            _scan(value, (key,), signs, nested=True)
    return signs


def _scan(node: dict[str, Any], parent: tuple[str, ...], signs: BodySigns, *, nested: bool) -> None:
    for key, value in node.items():
        if not isinstance(key, str):
            continue
        name, path = norm(key), ".".join((*parent, key))
        if name in _MORE and isinstance(value, bool) and signs.more is None:
            signs.more, signs.more_field = value, path
        elif name in ("lastid", "lastkey") and value not in (None, "") and not nested:
            signs.last_id = (path, value)
        elif value in (None, "", False):
            continue
        elif paging_name(name, nested):
            way = False
            if isinstance(value, str) and _is_url(value):
                way = True
                if signs.url is None:
                    signs.url, signs.url_field = value, path
            elif isinstance(value, dict):
                url = next((value[k] for k in _URL_KEYS if _is_url(value.get(k))), None)
                way = url is not None
                if url is not None and signs.url is None:
                    sub = next(k for k in _URL_KEYS if value.get(k) == url)
                    signs.url, signs.url_field = url, f"{path}.{sub}"
                for sub, inner in value.items():
                    if isinstance(sub, str) and norm(sub) in _TOKEN_KEYS and _scalar(inner):
                        signs.tokens.append((f"{path}.{sub}", inner))
                        way = True
            elif _scalar(value) and not isinstance(value, bool):
                signs.tokens.append((path, value))
                way = True
            if way:
                signs.ways.append((*parent, key))


# How many records or pages the whole list has, when a list body says so (``total_count``,
# ``meta.total``, ``pagination.totalPages``): the next page exists only below it.
_TOTAL_ITEMS = frozenset(
    {"total", "totalcount", "totalitems", "totalresults", "totalrecords", "totalentries",
     "totalhits", "totalsize", "totalelements", "recordcount", "resultcount", "itemcount"}
)  # fmt: skip
_TOTAL_PAGES = frozenset({"totalpages", "pagecount", "numpages", "lastpage", "pages"})


@dataclass(frozen=True)
class Totals:
    items: int | None = None
    pages: int | None = None


def read_totals(body: Any) -> Totals:
    """The totals a list body states at its top level or in a paging container (``meta``,
    ``pagination``, ``pageInfo``): integers only (a ``total`` that is an amount of money sits
    in a resource, not beside a list)."""
    if not isinstance(body, dict) or not any(isinstance(v, list) for v in body.values()):
        return Totals()
    found: dict[str, int] = {}
    scopes = [body] + [
        v for k, v in body.items() if isinstance(v, dict) and norm(str(k)) in _LINK_CONTAINERS
    ]
    for scope in scopes:
        for key, value in scope.items():
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                name = norm(str(key))
                if name in _TOTAL_ITEMS:
                    found.setdefault("items", value)
                elif name in _TOTAL_PAGES:
                    found.setdefault("pages", value)
    return Totals(found.get("items"), found.get("pages"))


# Totals a response's headers state (``X-Total-Count``, ``X-Total``, ``X-Pagination-Total-Pages``,
# ``X-Total-Pages``), read by the end of their names; not a page's own count
# (``X-Pagination-Result-Count``).
_HEADER_ITEMS = ("totalcount", "total", "totalitems", "totalresults", "totalrecords")
_HEADER_PAGES = ("totalpages", "pagecount")


def read_header_totals(headers: dict[str, str]) -> Totals:
    """The totals a list's response headers state (``_HEADER_ITEMS``, ``_HEADER_PAGES``)."""
    found: dict[str, int] = {}
    for key, value in headers.items():
        name = "".join(p for p in key.lower().split("-") if p != "x")
        text = value.strip() if isinstance(value, str) else ""
        if not text.isdigit():
            continue
        if name.endswith(_HEADER_PAGES):
            found.setdefault("pages", int(text))
        elif name.endswith(_HEADER_ITEMS):
            found.setdefault("items", int(text))
    return Totals(found.get("items"), found.get("pages"))


def paging_name(name: str, nested: bool) -> bool:
    """``next``, ``nextLink``, ``NextMarker``, ``next_page_token``; not ``next_billing_date``."""
    if name.endswith("nextlink") or (nested and name == "next"):
        return True
    if not name.startswith("next"):
        return False
    rest = name[4:]
    return rest in ("", "url", "href", "uri") or any(w in rest for w in _PAGING_WORDS)


def _scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float)) and not isinstance(value, bool) and value != ""


def token_argument(token_path: str, arg_names: dict[str, str]) -> str | None:
    """The tool argument that takes the token in ``token_path`` (``NextMarker`` -> ``Marker``,
    ``NextToken`` -> ``NextToken``, ``nextPageToken`` -> ``pageToken``,
    ``next_page.offset`` -> ``offset``); ``arg_names`` maps ``norm(wire name)`` -> argument."""
    leaf = norm(token_path.rsplit(".", 1)[-1])
    candidates = [leaf, leaf[4:] if leaf.startswith("next") else leaf]
    if leaf in ("cursor", "nextcursor", "token", "nexttoken", "next"):
        candidates += ["cursor", "startcursor", "pagetoken", "token", "continuationtoken", "after"]
    if leaf in ("next", "nextpage"):
        candidates += ["page", "pagenumber"]
    for name in candidates:
        if name and name in arg_names:
            return arg_names[name]
    return None
