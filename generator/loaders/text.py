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
_MD_HEADING = re.compile(r"^\s{0,3}(?:#{1,6}(?:\s|$)|[=-]{3,}\s*$|[*_]{3,}\s*$)")
_MD_IMAGE = re.compile(r"!\[[^\[\]]*\]\([^()]*\)")
_MD_REF_LINK = re.compile(r"\[([^\[\]]+)\]\[[^\[\]]*\]")
_MD_MARKS = re.compile(r"(\*\*|__|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|`+|~~)")
_MD_LINE_LEAD = re.compile(r"^\s{0,3}(?:>\s?|[-*+]\s+|\d+[.)]\s+)")
_ANY_TAG = re.compile(r"<[^<>]+>")

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


_QUESTION_LEAD = re.compile(r"^(?:\*\*|__)?[^.!?\n]{1,120}\?(?:\*\*|__)?(?:\s+|$)")
_ALNUM = re.compile(r"[^a-z0-9]")
_VERBS = {
    "get": "Get",
    "post": "Create",
    "put": "Replace",
    "patch": "Update",
    "delete": "Delete",
    "query": "Query",
}


def plain_first_sentence(text: object, limit: int = DESCRIPTION_LIMIT) -> str:
    """The first sentence of a Markdown text, as plain text: headings, rules, code blocks,
    tables and images left out, links reduced to their text, emphasis and HTML removed; a
    sentence longer than ``limit`` is cut at a word boundary and ends with "…"."""
    if not isinstance(text, str):
        return ""
    lines: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        skip = fenced or _MD_HEADING.match(line) or line.lstrip().startswith("|")
        lines.append("" if skip else line)
    for paragraph in "\n".join(lines).split("\n\n"):
        words = " ".join(_MD_LINE_LEAD.sub("", line) for line in paragraph.splitlines())
        words = _MD_REF_LINK.sub(r"\1", _MD_LINK.sub(r"\1", _MD_IMAGE.sub(" ", words)))
        words = _WS.sub(" ", _MD_MARKS.sub("", _ANY_TAG.sub(" ", words))).strip()
        words = re.sub(r"\s+(?=[.,;:!?](?:\s|$))", "", words)
        if re.search(r"[A-Za-z]{2}", words):
            end = _SENTENCE_END.search(words)
            sentence = words[: end.end()] if end else words
            return shorten(sentence, limit)
    return ""


def drop_questions(text: str) -> str:
    """Without the leading rhetorical questions of a marketing opener ("**Starting a new
    project?** We recommend ..."); a text that is only a question is kept (``Is the pet
    available?`` describes a check)."""
    while (match := _QUESTION_LEAD.match(text)) is not None and text[match.end() :].strip():
        text = text[match.end() :]
    return text


def _repeats_id(text: str, operation_id: str | None) -> bool:
    """``GetBatch()`` for operationId ``GetBatch``: code, not words, says nothing (the prose
    ``Get batch`` is kept)."""
    return (
        bool(operation_id)
        and " " not in text.strip()
        and _ALNUM.sub("", text.lower()) == _ALNUM.sub("", str(operation_id).lower())
    )


def describe_route(method: str, path: str) -> str:
    """What an operation does, from its method and path: ``Create chat completions (POST
    /chat/completions)``."""
    words = [
        w for s in path.split("/") if s and not s.startswith("{") for w in re.split(r"[-_.]", s)
    ]
    verb = _VERBS.get(method.lower(), method.upper())
    noun = " ".join(w for w in words if w) or "the root resource"
    return f"{verb} {noun} ({method.upper()} {path})"


def tool_description(
    summary: object,
    description: object,
    limit: int = TOOL_DESCRIPTION_LIMIT,
    *,
    operation_id: str | None = None,
    route: tuple[str, str] | None = None,
) -> str:
    """Summary first, then as much of the description as fits, without repeating the summary.

    Text that only repeats the ``operation_id`` says nothing and is left out. A text that opens
    with a marketing question loses it, and when no plain summary is left to lead, what the
    operation does is said first (from the ``route``: method and path)."""
    first, rest = clean(summary), clean(description)
    first = "" if _repeats_id(first, operation_id) else first
    rest = "" if _repeats_id(rest, operation_id) else rest
    marketing = first != drop_questions(first) or (not first and rest != drop_questions(rest))
    first, rest = drop_questions(first), drop_questions(rest)
    if marketing and route is not None:
        first, rest = describe_route(*route), f"{first} {rest}".strip()
    if first and rest.lower().startswith(first.lower().rstrip(".")):
        rest = rest[len(first.rstrip(".")) :].lstrip(" .:")
    if first and rest:
        if first[-1] not in ".!?":
            first += "."
        return shorten(f"{first} {rest}", limit)
    return shorten(first or rest, limit)
