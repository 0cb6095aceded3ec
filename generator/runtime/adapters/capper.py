"""The ``token_cap`` adapter: cap a response at ``options.max_tokens`` instead of paging it.

Text is cut at a line boundary (exact token counts) with a last line saying how much was
left out. JSON is shrunk structurally (long strings shortened, array tails and keys dropped
with a note) so it stays valid JSON. Put it last in a tool's adapter list.
"""

from __future__ import annotations

from typing import Any

from ..shaping.tokens import count_tokens, encode, get_encoding
from ..shaping.truncate import trim_to_budget

NOTE_RESERVE = 24


def cap_text(text: str, max_tokens: int, encoding: str = "o200k_base") -> str:
    tokens = encode(text, encoding)
    if len(tokens) <= max_tokens:
        return text
    budget = max(max_tokens - NOTE_RESERVE, 1)
    head = get_encoding(encoding).decode(tokens[:budget])
    cut = head.rfind("\n")
    if cut > len(head) // 2:
        head = head[:cut]
    left = len(tokens) - count_tokens(head, encoding)
    return head.rstrip() + f"\n[… {left} more tokens cut: the response is capped at {max_tokens}]"


def token_cap(value: Any, context: Any) -> Any:
    options = getattr(context, "options", {}) or {}
    max_tokens = options.get("max_tokens")
    if isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens <= 0:
        raise ValueError("the token_cap adapter needs options.max_tokens: a positive integer")
    encoding = getattr(context, "encoding", "o200k_base")
    if isinstance(value, str):
        return cap_text(value, max_tokens, encoding)
    marker = getattr(context, "truncation_marker", "… [{cut} more chars]")
    trimmed, _notes = trim_to_budget(value, max_tokens, encoding, marker)
    return trimmed
