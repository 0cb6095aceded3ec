"""The tokens an agent receives from one tool call, counted the same on every run.

A page's footer carries a continuation handle of 96 random bits (``secrets.token_urlsafe``:
16 characters), which o200k_base counts as 8 to 16 tokens, 12 at the median. Counted as
sent, two runs of the same code differ by a few tokens on every paged call and the
benchmarks' medians move by a tenth of a point. So each handle is counted as one fixed
stand-in of the same length and of the median count; every other character as sent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..runtime.shaping.tokens import count_tokens

# 16 url-safe characters that count as a median handle (12 tokens; the first 16 characters
# of the url-safe base64 of sha256(b"2"), found by search, kept as data)
STAND_IN = "1HNeOiZeFu7gP1lx"
_HANDLE = re.compile(r'(continuation_id=")[A-Za-z0-9_-]{16}(")')


def steady(text: str) -> str:
    """``text`` with each continuation handle replaced by ``STAND_IN``."""
    return _HANDLE.sub(rf"\g<1>{STAND_IN}\g<2>", text)


def received_tokens(parts: Iterable[str]) -> int:
    """The tokens of ``parts`` (an outcome's texts), each handle counted as ``STAND_IN``."""
    return sum(count_tokens(steady(part)) for part in parts)
