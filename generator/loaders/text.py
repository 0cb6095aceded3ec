"""Short, clean text from spec descriptions: whitespace collapsed, cut at a sentence or word."""

from __future__ import annotations

import re

_WS = re.compile(r"\s+")
_HTML_TAG = re.compile(
    r"</?(?:p|br|code|em|strong|b|i|a|ul|ol|li|span|div|pre|h[1-6]|details|summary)(?:\s[^<>]*)?/?>",
    re.I,
)
_MD_LINK = re.compile(r"\[([^\[\]]+)\]\((?:[^()\s]+)\)")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")

DESCRIPTION_LIMIT = 160
TOOL_DESCRIPTION_LIMIT = 300
TITLE_LIMIT = 80


def clean(text: object) -> str:
    """Whitespace collapsed, common HTML tags removed, markdown links reduced to their text."""
    if not isinstance(text, str):
        return ""
    return _WS.sub(" ", _MD_LINK.sub(r"\1", _HTML_TAG.sub(" ", text))).strip()


def shorten(text: object, limit: int = DESCRIPTION_LIMIT) -> str:
    """Collapse whitespace; if longer than ``limit``, cut at the last sentence end past half
    the limit, else at the last word boundary, and mark the cut with "…"."""
    text = clean(text)
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    ends = [m.end() for m in _SENTENCE_END.finditer(head)]
    if ends and ends[-1] >= limit // 2:
        return head[: ends[-1]]
    space = head.rfind(" ")
    if space >= limit // 2:
        head = head[:space]
    return head.rstrip(" ,;:-") + "…"


def tool_description(
    summary: object, description: object, limit: int = TOOL_DESCRIPTION_LIMIT
) -> str:
    """Summary first, then as much of the description as fits, without repeating the summary."""
    first, rest = clean(summary), clean(description)
    if first and rest.lower().startswith(first.lower().rstrip(".")):
        rest = rest[len(first.rstrip(".")) :].lstrip(" .:")
    if first and rest:
        if first[-1] not in ".!?":
            first += "."
        return shorten(f"{first} {rest}", limit)
    return shorten(first or rest, limit)
