"""Every form a secret can take on its way back, matched by one pattern.

An upstream echoes a credential in whatever encoding its own output uses: raw, percent-encoded
(``Ab%2Bcd`` or ``Ab%2bcd``, once or twice, ``+`` or ``%20`` for a space), JSON-escaped
(``Ab+cd\\/Ef==``, ``\\u0041``), backslash-escaped by a Markdown renderer, or as an HTML
character reference. A secret is compiled into one regular expression in which each of its
characters may appear in any of those forms, mixed freely (an encoder that escapes only some
characters is covered too); hex digits match in either case. The callers (auth.Secrets for
results, errors and logs; redirects for the "credential in another host's URL" check) all go
through ``matcher``, so every place that looks for a secret sees the same forms.

Credentials derived from secrets (the base64 of ``user:pass`` of basic auth) are added as
secrets of their own by whoever derives them (auth.py), and their forms follow.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Iterable

REDACTED = "[REDACTED]"
MIN_SECRET_CHARS = 4  # shorter values would redact ordinary words; credentials are never that short
MAX_FORM_CHARS = 20  # the longest form of one character: "%25XX" for each of 4 UTF-8 bytes
_JSON_NAMED = {"\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t"}


def _hex(text: str) -> str:
    """``text`` (hex digits) matching in either case."""
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else c for c in text)


def _char_forms(char: str) -> list[str]:
    """Regexes matching ``char`` in every encoding an echo may use (each starts with a literal)."""
    forms = [re.escape(char)]
    utf8 = char.encode("utf-8", "surrogatepass")
    # percent-encoding (any case), and percent-encoding of that (%25 + hex)
    forms.append("".join("%" + _hex(f"{b:02X}") for b in utf8))
    forms.append("".join("%25" + _hex(f"{b:02X}") for b in utf8))
    if char == " ":
        forms.append(r"\+")  # application/x-www-form-urlencoded
    # JSON \uXXXX (a surrogate pair beyond the BMP), named escapes, HTML references
    code = ord(char)
    if code > 0xFFFF:
        high, low = 0xD800 + ((code - 0x10000) >> 10), 0xDC00 + ((code - 0x10000) & 0x3FF)
        forms.append(r"\\u" + _hex(f"{high:04X}") + r"\\u" + _hex(f"{low:04X}"))
    else:
        forms.append(r"\\u" + _hex(f"{code:04X}"))
    if char in _JSON_NAMED:
        forms.append(r"\\" + _JSON_NAMED[char])
    elif not char.isalnum() and not char.isspace():
        forms.append(r"\\" + re.escape(char))  # JSON \/ \" \\, Markdown \* \_ \|
    forms.append(f"&#0{{0,3}}{code};")
    forms.append(f"&#[xX]0{{0,3}}{_hex(f'{code:X}')};")
    return forms


def secret_pattern(secret: str) -> str:
    """Regex source matching ``secret`` in any mix of its forms.

    A top-level alternation over the forms of the first character, each followed by the rest:
    every alternative then starts with a literal, and ``re`` scans for those few characters
    instead of trying the whole pattern at every position (about 5x faster on large bodies).
    """
    rest = "".join("(?:" + "|".join(_char_forms(c)) + ")" for c in secret[1:])
    return "|".join(first + rest for first in _char_forms(secret[0]))


class Matcher:
    """Finds and redacts a fixed set of secrets in any of their forms."""

    def __init__(self, secrets: tuple[str, ...]):
        self.secrets = secrets
        # Longest first, so a secret that contains another is redacted whole.
        ordered = sorted(secrets, key=len, reverse=True)
        self._regex = re.compile("|".join(secret_pattern(s) for s in ordered)) if ordered else None

    def redact(self, text: str) -> str:
        if self._regex is None or not text:
            return text
        return self._regex.sub(REDACTED, text)

    def found_in(self, text: str) -> bool:
        return self._regex is not None and self._regex.search(text) is not None


def usable(values: Iterable[str]) -> tuple[str, ...]:
    """The distinct values long enough to be secrets, in a stable order."""
    return tuple(sorted({v for v in values if v and len(v) >= MIN_SECRET_CHARS}))


@lru_cache(maxsize=256)
def _compiled(secrets: tuple[str, ...]) -> Matcher:
    return Matcher(secrets)


def matcher(values: Iterable[str]) -> Matcher:
    """The (cached) matcher for ``values``; values shorter than 4 characters are ignored."""
    return _compiled(usable(values))


def redact_json(value: Any, redact: Callable[[str], str]) -> Any:
    """``value`` (parsed JSON) with ``redact`` applied to every key and string; a number that
    is a secret becomes the ``[REDACTED]`` string."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {redact(str(k)): redact_json(v, redact) for k, v in value.items()}
    if isinstance(value, list):
        return [redact_json(v, redact) for v in value]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        text = str(value)
        return value if redact(text) == text else REDACTED
    return value
