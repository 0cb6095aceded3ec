"""Links: the object's own page, the one a person opens.

One resource shows its own page (``html_url``, ``web_url``, ``permalink``), else its one plain
``url`` (among many links a plain one is the API's), else a sharing or hosted copy
(``public_url``, ``hosted_invoice_url``); a link to a collection (``public_members_url``: a
plural noun before the link word) is not a page, and a link sent as null is no link. API links
(``url`` next to a human ``html_url``) are never a default.
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
