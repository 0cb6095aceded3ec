"""Bounds on what an upstream answer may make the server build, checked before it is parsed.

The byte cap (``<PREFIX>_MAX_RESPONSE_BYTES``) bounds what is read; these bound what parsing
would build from it, since a few megabytes of ``[[[[`` or of one-character items become far
more in memory and work: the number of values (``<PREFIX>_MAX_RESPONSE_ELEMENTS``: array items
and object members in JSON, elements in XML), the nesting depth
(``<PREFIX>_MAX_RESPONSE_DEPTH``) and the digits of one JSON integer
(``<PREFIX>_MAX_INTEGER_DIGITS``). The scan works on the text with regular expressions (strings,
comments and CDATA set aside first, so what they contain does not count) and costs a fraction of
the parse it guards. An answer past a bound is refused with an error naming the bound, the
variable that sets it, and what to do; nothing of it is parsed.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..config.settings import AnswerLimits
from ..errors import UpstreamError
from ..shaping.deadline import check as check_deadline

# JSON tokens, strings whole (unrolled: linear, no backtracking) so what they hold does not
# count: 1 a string, 2 an empty container, 3 an opening bracket, 4 a closing one, 5 a comma,
# 6 an integer longer than the limit (not a fraction's or an exponent's digits).
_JSON_TOKENS = (
    r'("[^"\\]*(?:\\.[^"\\]*)*")|([\[{]\s*[\]}])|([\[{])|([\]}])|(,)'
    r"|((?<![\w.+-])-?[0-9]{%d,}(?![\w.]))"
)
# XML: 1 what holds no elements (comments, CDATA, processing instructions, declarations),
# 2 an end tag, 3 an empty element, 4 a start tag; quoted attribute values may hold ">".
_XML_TOKENS = re.compile(
    r"(<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|<![^>]*>)"
    r"|(</[^>]*>)"
    r"""|(<[^\s/>!?][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*/>)"""
    r"""|(<[^\s/>!?][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>)""",
    re.DOTALL,
)
_CHECK_EVERY = 4096  # tokens between deadline checks


@lru_cache(maxsize=8)
def _json_tokens(max_digits: int) -> re.Pattern[str]:
    return re.compile(_JSON_TOKENS % (max_digits + 1), re.DOTALL)


def check_json(text: str, limits: AnswerLimits, env_prefix: str) -> None:
    """Refuse a JSON answer past ``limits`` (UpstreamError); an invalid one is left to the
    parser, which says what is wrong with it. One pass over the tokens, in Python so a worker
    thread doing it leaves the event loop its turns; it stops at the first bound passed."""
    values, depth = 1, 0
    for n, token in enumerate(_json_tokens(limits.max_integer_digits).finditer(text)):
        kind = token.lastindex
        if kind == 5:
            values += 1
        elif kind == 3:
            values += 1  # a container that holds something holds one more value than commas
            depth += 1
            if depth > limits.max_depth:
                _too_deep(limits, env_prefix)
        elif kind == 4:
            depth -= 1
        elif kind == 6:
            digits = len(token.group().lstrip("-"))
            raise UpstreamError(
                f"The upstream answer holds an integer of {digits} digits, more than the"
                f" {limits.max_integer_digits} this server reads ({env_prefix}_MAX_INTEGER_DIGITS);"
                " it was not parsed. Ask for less (fields, filters), or have the operator raise"
                " the limit."
            )
        if values > limits.max_elements:
            _too_many(limits, env_prefix, "values")
        if n % _CHECK_EVERY == 0:
            check_deadline()


def check_xml(text: str, limits: AnswerLimits, env_prefix: str) -> None:
    """Refuse an XML answer past ``limits`` (UpstreamError); a malformed one is left to the
    parser."""
    elements, depth = 0, 0
    for n, token in enumerate(_XML_TOKENS.finditer(text)):
        kind = token.lastindex
        if kind == 2:
            depth -= 1
        elif kind in (3, 4):
            elements += 1
            if elements > limits.max_elements:
                _too_many(limits, env_prefix, "elements")
            if kind == 4:
                depth += 1
                if depth > limits.max_depth:
                    _too_deep(limits, env_prefix)
        if n % _CHECK_EVERY == 0:
            check_deadline()


def _too_many(limits: AnswerLimits, env_prefix: str, what: str) -> None:
    raise UpstreamError(
        f"The upstream answer holds more than {limits.max_elements} {what}, the most this server"
        f" parses ({env_prefix}_MAX_RESPONSE_ELEMENTS); it was not parsed. Ask for less (a"
        " smaller page size, filters), or have the operator raise the limit."
    )


def _too_deep(limits: AnswerLimits, env_prefix: str) -> None:
    raise UpstreamError(
        f"The upstream answer nests deeper than {limits.max_depth} levels, the most this server"
        f" parses ({env_prefix}_MAX_RESPONSE_DEPTH); it was not parsed."
    )
