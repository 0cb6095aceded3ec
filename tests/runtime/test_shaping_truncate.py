"""String truncation boundaries, exact marker counts, and structural trimming."""

import json
from pathlib import Path

import pytest

from generator.runtime.shaping.truncate import (
    DEFAULT_MARKER, cut_index, dumps, is_whole_url, trim_to_budget, truncate_string,
    truncate_strings,
)  # fmt: skip
from generator.runtime.shaping.tokens import count_tokens

RESPONSES = Path(__file__).resolve().parents[1] / "fixtures" / "responses"
MARKER_RE = r"… \[(\d+) more chars\]$"


def load(name: str):
    return json.loads((RESPONSES / name).read_text(encoding="utf-8"))


def split_marker(text: str) -> tuple[str, int]:
    import re

    m = re.search(MARKER_RE, text)
    assert m, text
    return text[: m.start()], int(m.group(1))


def test_short_strings_are_untouched():
    assert truncate_string("short", 10) == "short"
    assert truncate_string("x" * 10, 10) == "x" * 10


def test_cut_at_a_word_boundary_with_an_exact_count():
    text = load("github/full-repository.json")["description"] * 3
    out = truncate_string(text, 20)
    kept, cut = split_marker(out)
    assert text.startswith(kept)
    assert len(kept) + cut == len(text)
    assert len(kept) <= 20
    assert text[len(kept)] == " "  # cut right before a space, not inside a word


def test_cut_prefers_a_line_boundary():
    body = "First line of the body\nsecond line that is quite a bit longer than the first"
    out = truncate_string(body, 40)
    kept, cut = split_marker(out)
    assert kept == "First line of the body"
    assert len(kept) + cut == len(body)


def test_text_without_boundaries_is_cut_hard():
    text = load("stripe/file.links.list.json")["data"][0]["url"]
    assert " " not in text and len(text) > 100
    kept, cut = split_marker(truncate_string(text, 50))
    assert kept == text[:50] and cut == len(text) - 50


def test_a_boundary_too_early_is_ignored():
    text = "a " + "b" * 100
    assert cut_index(text, 60) == 60  # the only space is in the first half


def test_retruncating_counts_from_the_original_length():
    text = "word " * 200
    once = truncate_string(text, 300)
    twice = truncate_string(once, 50)
    kept, cut = split_marker(twice)
    assert len(kept) + cut == len(text)


def test_custom_marker_templates_are_used_verbatim():
    out = truncate_string("alpha beta gamma delta", 11, " [+{cut}]")
    assert out == "alpha beta [+12]"
    assert truncate_string("alpha beta gamma", 5, "…{x}") == "alpha…{x}"


def test_truncate_strings_walks_every_value_and_counts():
    # its long strings are URLs (kept whole): each issue gets a body to cut too
    issue = [
        {**item, "body": f"Steps {i}: " + "reproduce " * 9}
        for i, item in enumerate(load("github/issue-items.json"))
    ]
    shaped, n = truncate_strings(issue, 40)
    assert n == sum(1 for s in _strings(issue) if len(s) > 40 and not is_whole_url(s)) > 0
    assert all(len(s) <= 40 + len(DEFAULT_MARKER) + 8 or is_whole_url(s) for s in _strings(shaped))
    assert set(shaped[0]) == set(issue[0])  # keys untouched


def test_a_url_is_kept_whole_rather_than_cut_into_a_broken_link():
    signed = (
        "https://exports.example-bucket.s3.amazonaws.com/domain_export/7588024658887731/"
        "export_2563645399633793.json.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256"
        "&X-Amz-Credential=" + "A" * 120 + "&X-Amz-Date=20230118T201726Z&X-Amz-Expires=300"
        "&X-Amz-Signature=" + "f" * 64 + "&X-Amz-SignedHeaders=host&x-id=GetObject"
    )
    prose = "word " * 100
    value = {"download_url": signed, "links": [signed], "notes": prose}
    out, count = truncate_strings(value, 300)
    assert len(signed) > 300
    assert out["download_url"] == signed and out["links"] == [signed]
    assert count == 1 and split_marker(out["notes"])[1] > 200
    # a text that merely starts like a link, and a link too long to be one, are cut
    for text in ("https://example.org/a " + "b " * 200, "https://example.org/" + "x" * 3000):
        (cut,), n = truncate_strings([text], 300)
        assert n == 1 and len(cut) < len(text)


def test_truncate_strings_makes_non_finite_floats_and_deep_nesting_renderable():
    value: dict[str, object] = {"nan": float("nan"), "inf": float("-inf")}
    deep: list = []
    cur = deep
    for _ in range(300):
        nxt: list = []
        cur.append(nxt)
        cur = nxt
    value["deep"] = deep
    shaped, _ = truncate_strings(value, 10)
    json.loads(json.dumps(shaped, allow_nan=False))


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_trim_to_budget_leaves_fitting_values_alone():
    value = load("stripe/customer.json")
    assert trim_to_budget(value, 10_000) == (value, [])


@pytest.mark.parametrize("budget", [1500, 600, 200, 60])
def test_trim_to_budget_shrinks_a_big_object_into_valid_json_within_budget(budget):
    pr = load("github/pull-request.json")
    trimmed, notes = trim_to_budget(pr, budget)
    text = dumps(trimmed)
    assert count_tokens(text) <= budget
    json.loads(text)
    assert notes and "trimmed" in notes[0]


def test_trim_to_budget_notes_how_many_items_were_dropped():
    value = {"id": 1, "items": [{"n": i, "text": "lorem ipsum " * 20} for i in range(200)]}
    trimmed, _ = trim_to_budget(value, 800)
    tail = trimmed["items"][-1]
    assert isinstance(tail, str) and tail.startswith("… [") and tail.endswith("more items]")
    dropped = int(tail.split("[")[1].split()[0])
    assert dropped + len(trimmed["items"]) - 1 == 200
    assert trimmed["id"] == 1


def test_trim_to_budget_keeps_a_pinned_path():
    value = {"meta": "m " * 5000, "page": {"rows": []}, "more": list(range(5000))}
    trimmed, _ = trim_to_budget(value, 100, keep_path=("page", "rows"))
    assert trimmed["page"]["rows"] == []
    assert count_tokens(dumps(trimmed)) <= 100
