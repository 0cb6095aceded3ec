"""String truncation and structural trimming to a token budget; output is always valid JSON.

``truncate_string`` cuts at a line boundary, else a word boundary, found in the last half of
the allowed length (else it cuts hard), always on a grapheme-cluster boundary (graphemes.py: no
accent parted from its letter, no ZWJ sequence split), and appends the marker, whose ``{cut}``
is the exact number of characters removed: ``len(kept) + cut == len(original)``.

The marker cannot be forged. A cut string is a ``CutString`` that remembers what it kept and
the original length, and only such a string keeps counting when cut again; an upstream string
that merely ends like the marker (``… [999999 more chars]``) counts as text. ``truncate_strings``,
which every shaped value passes through, also escapes such a trailing look-alike (a backslash
before its last character, ``… [999999 more chars\\]``), so what reads as the marker in the
output was put there by the server.

``trim_to_budget`` shrinks one value until its compact JSON fits a token budget: it shortens
long strings progressively, then drops array tails (a string element ``"… [N more items]"``
says how many), then object keys (key ``"…"``: ``"[N more keys]"``), and as a last resort
replaces the value by a short string saying how big it was.
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from typing import Any

from .deadline import check as check_deadline
from .graphemes import grapheme_floor
from .tokens import count_tokens

DEFAULT_MARKER = "… [{cut} more chars]"
# A link cut in half does not open: a URL (``scheme://`` and no line break) up to this long is
# kept whole by ``truncate_strings`` whatever its cap (a signed download link runs to ~1,500).
URL_MAX_CHARS = 2048
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s]+")
MAX_DEPTH = 100
TOO_DEEP = "… [nested too deep]"
# Lone UTF-16 surrogates: valid in JSON (``"\ud83d"``) and in a Python str, but no UTF-8 text
# can hold them, so anything that encodes the response (token counting, the transport) fails.
_SURROGATES = re.compile("[\ud800-\udfff]")
REPLACEMENT = "\ufffd"
# Python refuses int <-> str conversions over 4,300 digits (CVE-2020-10735): keep such a
# number of an upstream as its text.
MAX_INT_DIGITS = 4300
_MAX_INT_BITS = int(MAX_INT_DIGITS * 3.3219)  # below 10**4300


def dumps(value: Any) -> str:
    """The one compact JSON rendering used everywhere (so token counts agree)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _parse_int(text: str) -> int | str:
    return int(text) if len(text) <= MAX_INT_DIGITS else text


def loads(text: str) -> Any:
    """Parse an upstream JSON body: as ``json.loads``, but an integer too long for Python's
    int conversion limit is kept as its text instead of failing the whole body."""
    return json.loads(text, parse_int=_parse_int)


def scrub(text: str) -> str:
    """``text`` with lone surrogates replaced by U+FFFD (the text itself when it has none)."""
    if text.isascii():
        return text
    return _SURROGATES.sub(REPLACEMENT, text)


def _clean(text: str) -> bool:
    return text.isascii() or _SURROGATES.search(text) is None


@lru_cache(maxsize=32)
def _marker_regex(marker: str) -> re.Pattern[str] | None:
    if "{cut}" not in marker:
        return None
    return re.compile(re.escape(marker).replace(re.escape("{cut}"), r"(\d+)") + r"\Z")


class CutString(str):
    """A string ``truncate_string`` cut: the text (kept head + marker), the head it kept and
    the length of the original. Only these continue counting when cut again."""

    head: str
    original: int

    def __new__(
        cls, text: str = "", head: str | None = None, original: int | None = None
    ) -> CutString:
        obj = super().__new__(cls, text)
        obj.head = str(text) if head is None else head
        obj.original = len(text) if original is None else original
        return obj


def cut_index(text: str, max_chars: int) -> int:
    """Where to cut ``text`` so that at most ``max_chars`` stay, at a line or word boundary,
    never inside a grapheme cluster."""
    if max_chars <= 0:
        return 0
    if len(text) <= max_chars:
        return len(text)
    floor = max_chars // 2
    window = text[floor : max_chars + 1]
    pos = window.rfind("\n")
    if pos < 0:
        pos = max(window.rfind(" "), window.rfind("\t"))
    return grapheme_floor(text, floor + pos if pos >= 0 else max_chars)


def marker_tails(marker: str) -> tuple[str, ...]:
    """The characters a text ending in the marker can end with (any digit for ``...{cut}``)."""
    if marker.endswith("{cut}"):
        return tuple("0123456789")
    return (marker[-1],) if marker else ()


def _lookalike(marker: str) -> re.Pattern[str]:
    """The marker at the end of a text, any number in place of ``{cut}``."""
    return _marker_regex(marker) or re.compile(re.escape(marker) + r"\Z")


def escape_lookalike(text: str, marker: str = DEFAULT_MARKER) -> str:
    """``text`` with a trailing look-alike of the marker escaped (a backslash before its last
    character), so it cannot pass for a cut the server made. Cut strings are left alone."""
    if isinstance(text, CutString) or not marker or not text.endswith(marker_tails(marker)):
        return text
    if _lookalike(marker).search(text) is None:
        return text
    return text[:-1] + "\\" + text[-1]


def truncate_string(text: str, max_chars: int, marker: str = DEFAULT_MARKER) -> str:
    """``text`` if short enough, else its head (at a boundary) plus the marker."""
    if len(text) <= max_chars:
        return text
    if isinstance(text, CutString):  # cut before: keep counting from the original
        source, original = text.head, text.original
    else:
        source, original = text, len(text)
    kept = source[: cut_index(source, max_chars)].rstrip()
    cut = original - len(kept)
    return CutString(kept + marker.replace("{cut}", str(cut)), kept, original)


def is_whole_url(text: str) -> bool:
    """A URL short enough to keep whole (``URL_MAX_CHARS``): cutting it would break it."""
    return len(text) <= URL_MAX_CHARS and _URL.fullmatch(text) is not None


def truncate_strings(value: Any, max_chars: int, marker: str = DEFAULT_MARKER) -> tuple[Any, int]:
    """Truncate every string (not keys) longer than ``max_chars``, but a URL (``is_whole_url``);
    returns (value, how many).

    Also makes the value safe to render and encode: non-finite floats become strings, non-JSON
    scalars their ``str``, lone surrogates in strings and keys U+FFFD, integers too long to
    print (over ``MAX_INT_DIGITS`` digits) a note of their size, and nesting deeper than
    ``MAX_DEPTH`` a marker string. Copy on write:
    containers with nothing to change are returned as they are (the input is never mutated).
    """
    count = 0
    tail = marker_tails(marker) or ("\x00",)  # only strings ending like this can look like it

    def fix(x: Any, t: type, depth: int) -> Any:
        """The replacement for ``x`` (of type ``t``), or ``x`` itself when it is fine."""
        nonlocal count
        if t is str or t is CutString:
            if not _clean(x):
                x = scrub(x)
            if len(x) <= max_chars or is_whole_url(x):
                return escape_lookalike(x, marker) if x.endswith(tail) else x
            count += 1
            return truncate_string(x, max_chars, marker)  # its end (and any look-alike) goes
        if t is int and x.bit_length() > _MAX_INT_BITS:
            return f"… [integer of {x.bit_length()} bits, too long to print]"
        if t is dict:
            return walk_dict(x, depth + 1)
        if t is list:
            return walk_list(x, depth + 1)
        if t is float:
            return x if math.isfinite(x) else str(x)
        if x is None or t is int or t is bool:
            return x
        if isinstance(x, str):
            return fix(str(x), str, depth)
        if isinstance(x, dict):
            return walk_dict(x, depth + 1)
        if isinstance(x, (list, tuple)):
            return walk_list(list(x), depth + 1)
        if isinstance(x, (int, float)):
            return fix(float(x), float, depth) if isinstance(x, float) else fix(int(x), int, depth)
        return fix(str(x), str, depth)

    def walk_dict(d: dict[Any, Any], depth: int) -> Any:
        check_deadline()
        if depth > MAX_DEPTH:
            return TOO_DEEP
        out: dict[str, Any] | None = None
        for k, x in d.items():
            t = type(x)
            key_ok = type(k) is str and _clean(k)
            if key_ok and (
                (t is str and len(x) <= max_chars and _clean(x) and not x.endswith(tail))
                or (t is int and x.bit_length() <= _MAX_INT_BITS)
                or t is bool
                or x is None
            ):
                continue
            new = fix(x, t, depth)
            if new is x and key_ok:
                continue
            if out is None:
                out = {scrub(str(key)): val for key, val in d.items()}
            out[scrub(str(k))] = new
        return d if out is None else out

    def walk_list(items: list[Any], depth: int) -> Any:
        check_deadline()
        if depth > MAX_DEPTH:
            return TOO_DEEP
        out: list[Any] | None = None
        for i, x in enumerate(items):
            t = type(x)
            if (
                (t is str and len(x) <= max_chars and _clean(x) and not x.endswith(tail))
                or (t is int and x.bit_length() <= _MAX_INT_BITS)
                or t is bool
                or x is None
            ):
                continue
            new = fix(x, t, depth)
            if new is x:
                continue
            if out is None:
                out = list(items)
            out[i] = new
        return items if out is None else out

    result = fix(value, type(value), -1)
    return result, count


# ---------------------------------------------------------------------------- trimming

# (string cap, array cap, object key cap); None = unlimited. Ordered from mild to severe.
LEVELS: tuple[tuple[int | None, int | None, int | None], ...] = (
    (2000, None, None),
    (1000, None, None),
    (500, None, None),
    (200, None, None),
    (100, None, None),
    (100, 100, None),
    (100, 50, None),
    (80, 20, None),
    (60, 10, None),
    (40, 5, None),
    (30, 3, None),
    (20, 2, None),
    (20, 1, None),
    (20, 0, None),
    (20, 0, 50),
    (20, 0, 20),
    (10, 0, 8),
    (10, 0, 3),
    (10, 0, 1),
    (10, 0, 0),
)


def _limit(
    value: Any,
    caps: tuple[int | None, int | None, int | None],
    marker: str,
    keep_path: tuple[str, ...] | None = None,
) -> Any:
    """Apply caps everywhere; the key path ``keep_path`` is always kept and left untouched
    at its end (the chunker keeps the collection's place in a trimmed wrapper this way)."""
    str_cap, arr_cap, key_cap = caps

    def walk(v: Any, keep: tuple[str, ...] | None) -> Any:
        if keep == ():
            return v
        if isinstance(v, str):
            return v if str_cap is None else truncate_string(v, str_cap, marker)
        if isinstance(v, list):
            if arr_cap is None or len(v) <= arr_cap:
                return [walk(x, None) for x in v]
            out = [walk(x, None) for x in v[:arr_cap]]
            out.append(f"… [{len(v) - arr_cap} more items]")
            return out
        if isinstance(v, dict):
            pinned = keep[0] if keep and keep[0] in v else None
            rest = keep[1:] if keep else None
            out_d: dict[str, Any] = {}
            dropped = 0
            for k, x in v.items():
                if k == pinned:
                    out_d[k] = walk(x, rest)
                elif key_cap is None or len(out_d) - (pinned in out_d) < key_cap:
                    out_d[k] = walk(x, None)
                else:
                    dropped += 1
            if dropped:
                note_key = "…"
                while note_key in v:
                    note_key += "…"
                out_d[note_key] = f"[{dropped} more keys]"
            return out_d
        return v

    return walk(value, keep_path)


def fits(text: str, max_tokens: int, encoding: str) -> tuple[bool, int | None]:
    """Whether ``text`` has at most ``max_tokens`` tokens; the exact count when computed.

    Every token is at least one byte, so a text of at most ``max_tokens`` UTF-8 bytes fits
    without tokenizing.
    """
    if len(text) <= max_tokens // 4 or len(text.encode("utf-8")) <= max_tokens:
        return True, None
    tokens = count_tokens(text, encoding)
    return tokens <= max_tokens, tokens


def trim_to_budget(
    value: Any,
    max_tokens: int,
    encoding: str = "o200k_base",
    marker: str = DEFAULT_MARKER,
    keep_path: tuple[str, ...] | None = None,
) -> tuple[Any, list[str]]:
    """Shrink ``value`` structurally until its compact JSON has at most ``max_tokens`` tokens.

    Returns (value, notes). Notes are empty when the value already fitted. The result always
    fits unless ``max_tokens`` is below the size of the last-resort string (about 15 tokens).
    ``keep_path``: a key path kept in place whatever the caps (its end value is not touched).
    """
    ok, tokens = fits(dumps(value), max_tokens, encoding)
    if ok:
        return value, []
    lo, hi = 0, len(LEVELS) - 1
    best: Any = None
    best_level = -1
    while lo <= hi:
        mid = (lo + hi) // 2
        candidate = _limit(value, LEVELS[mid], marker, keep_path)
        if fits(dumps(candidate), max_tokens, encoding)[0]:
            best, best_level = candidate, mid
            hi = mid - 1
        else:
            lo = mid + 1
    if best_level >= 0:
        str_cap, arr_cap, key_cap = LEVELS[best_level]
        parts = [f"strings cut to {str_cap} chars"]
        if arr_cap is not None:
            parts.append(f"arrays cut to {arr_cap} items")
        if key_cap is not None:
            parts.append(f"objects cut to {key_cap} keys")
        return best, [f"trimmed to fit {max_tokens} tokens: " + ", ".join(parts)]
    size = tokens if tokens is not None else count_tokens(dumps(value), encoding)
    return f"… [value too large: {size} tokens]", [f"value of {size} tokens replaced by a note"]
