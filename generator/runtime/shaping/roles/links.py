"""Links: the object's own page, the one a person opens.

One resource shows its own page (``html_url``, ``web_url``, ``permalink``), else its one plain
``url`` (among many links a plain one is the API's), else a sharing or hosted copy
(``public_url``, ``hosted_invoice_url``); a link to a collection (``public_members_url``: a
plural noun before the link word) is not a page, and a link sent as null is no link. API links
(``url`` next to a human ``html_url``) are never a default.

A *rendering* says again what a member beside it says, for a page rather than an agent: its
markup twin (``htmlTitle`` beside ``title``, ``body_html`` beside ``body``,
``htmlFormattedUrl`` beside ``formattedUrl``; not ``html_url``, the page itself) and, beside a
plain link (``link``, ``url``), that link written for display (``displayLink``,
``formattedUrl``); a value written for reading beside the value itself (``amountFormatted``
beside ``amount``, ``formattedDecimal`` beside a figure's ``raw``). A rendering is never a
candidate: the member it restates is.
"""

from __future__ import annotations

from typing import Any

from ..names import hint
from .words import plural, w

URL_WORDS = frozenset({"url", "uri", "href", "link", "permalink"})
HUMAN_URL_WORDS = frozenset(
    {"html", "web", "public", "permalink", "share", "hosted", "browser", "view", "homepage"}
)
PAGE_URL_WORDS = frozenset({"html", "web", "permalink", "browser", "view"})
MARKUP_WORDS = frozenset({"html", "markup", "rendered"})
DISPLAY_WORDS = frozenset({"display", "formatted", "pretty", "readable", "visible"})
PLAIN_LINKS = frozenset({("url",), ("uri",), ("link",), ("href",)})
FORMATTED_WORDS = frozenset({"formatted", "pretty", "readable"})  # not ``display_name``
RAW_VALUES = frozenset({("raw",), ("raw", "value")})


def is_url(key: str, leaf: Any) -> bool:
    return hint(leaf) == "uri" or w(key)[-1] in URL_WORDS


def is_human_url(key: str) -> bool:
    """A page a person opens (``html_url``, ``web_url``, ``hosted_invoice_url``,
    ``permalink``); not a link to a collection (``public_members_url``: a plural noun before
    the link word names what the API lists there)."""
    ws = w(key)
    if not set(ws) & HUMAN_URL_WORDS:
        return False
    return not (len(ws) > 2 and ws[-1] in URL_WORDS and plural(ws[-2]))


def human_url_rank(key: str) -> int:
    """The object's own page (``html_url``, ``web_url``) before a sharing or hosted copy
    (``public_url``, ``hosted_invoice_url``)."""
    return 0 if set(w(key)) & PAGE_URL_WORDS else 1


def renderings(siblings: list[str]) -> set[str]:
    """The members of one object (``siblings``: its member names) that are renderings of
    another beside them (module doc)."""
    names = {w(k) for k in siblings}
    plain_link = bool(names & PLAIN_LINKS)
    raw = bool(names & RAW_VALUES)
    out = set()
    for key in siblings:
        ws = w(key)
        if len(ws) < 2:
            continue
        for words in (MARKUP_WORDS, FORMATTED_WORDS):
            for rest in (ws[1:] if ws[0] in words else None,
                         ws[:-1] if ws[-1] in words else None):  # fmt: skip
                if rest and rest in names and rest not in PLAIN_LINKS:
                    out.add(key)
        if raw and ws[0] in FORMATTED_WORDS:  # ``{raw, formattedDecimal, formattedNoDecimal}``
            out.add(key)
        if plain_link and ws[-1] in URL_WORDS and set(ws[:-1]) <= DISPLAY_WORDS | MARKUP_WORDS:
            if set(ws[:-1]) & DISPLAY_WORDS:  # ``html_url`` is a page, not a display form
                out.add(key)
    return out
