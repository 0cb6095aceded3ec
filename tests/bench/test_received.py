"""The benchmarks count a continuation handle as one fixed stand-in (bench/received.py)."""

import secrets

from generator.bench.received import STAND_IN, received_tokens, steady
from generator.runtime.shaping.tokens import count_tokens


def _footer(handle: str) -> str:
    return f'[page 1/3, has_more: true, call x_continue with continuation_id="{handle}"]'


def test_two_random_handles_count_the_same() -> None:
    handles = [secrets.token_urlsafe(12) for _ in range(50)]
    counts = {received_tokens(['{"a":1}', _footer(h)]) for h in handles}
    assert len(counts) == 1
    # while counted as sent they differ (8 to 16 tokens each)
    assert len({count_tokens(_footer(h)) for h in handles}) > 1


def test_everything_but_the_handle_is_counted_as_sent() -> None:
    text = '{"id": "abc", "continuation_id": "not a footer"}'
    assert steady(text) == text
    assert received_tokens([text, "[page 2/2, last page, has_more: false]"]) == count_tokens(
        text
    ) + count_tokens("[page 2/2, last page, has_more: false]")


def test_the_stand_in_counts_as_a_median_handle() -> None:
    quoted = count_tokens(f'continuation_id="{STAND_IN}"') - count_tokens('continuation_id=""')
    assert quoted == 12
    assert len(STAND_IN) == len(secrets.token_urlsafe(12))
