"""Response formats (shaping/formats.py, toon_pages.py): TOON for lists of uniform objects,
through the same budget, pages and caps as JSON; Markdown and TOON answered as compact JSON,
with a note, where they would not be smaller, and TOON without its package likewise."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import toon_format

from generator.runtime.arguments import validate_arguments
from generator.runtime.errors import InvalidArguments
from generator.runtime.model import Binding, Limits, ResponseConfig, Tool
from generator.runtime.shaping import ShapeConfig, shape
from generator.runtime.shaping.fields import project
from generator.runtime.shaping.formats import FORMATS, choose_format, render
from generator.runtime.shaping.tokens import count_tokens
from generator.runtime.shaping.truncate import dumps

RESPONSES = Path(__file__).resolve().parents[1] / "fixtures" / "responses"
RESERVE = 60


def issues(n: int) -> list[dict]:
    base = json.loads((RESPONSES / "github/issue-items.json").read_text(encoding="utf-8"))
    picked = project(base, ["number", "title", "state", "user.login", "comments"])[0]
    return [{**picked, "number": i, "title": f"Issue {i}: {picked['title']}"} for i in range(n)]


# a rating history as an upstream sends it: [year, month, day, rating] arrays
HISTORY = {
    "handle": "tourist",
    "history": [[2020, m % 12 + 1, m % 28 + 1, 3000 + m] for m in range(200)],
}


def test_a_list_of_uniform_objects_is_one_header_and_a_row_per_item():
    items = issues(30)
    result = shape(items, ShapeConfig(), fields=["*"], response_format="toon")
    text = result.chunks[0]
    assert not result.notes
    assert text.splitlines()[0] == "[30]{number,state,title,user{login},comments}:"
    assert toon_format.loads(text) == items  # the same data
    assert len(text) < len(dumps(items)) * 0.7
    assert result.token_counts == [count_tokens(text)]
    assert result.token_counts[0] < count_tokens(dumps(items))


def test_markdown_larger_than_the_json_it_replaces_is_answered_as_compact_json():
    markdown = count_tokens(render(HISTORY, "markdown"))
    compact = dumps(HISTORY)
    assert markdown > 2 * count_tokens(compact)  # one numbered block per array
    result = shape(HISTORY, ShapeConfig(), fields=["*"], response_format="markdown")
    assert result.chunks == [compact]
    assert result.notes == [
        f"[Markdown would be larger than compact JSON here ({markdown:,} vs "
        f"{count_tokens(compact):,} tokens); answered in compact JSON]"
    ]
    # a table that is smaller than its JSON is sent as Markdown
    table = shape(issues(10), ShapeConfig(), fields=["*"], response_format="markdown")
    assert not table.notes and table.chunks[0].startswith("| number | state | title |")


def test_a_big_answer_is_compared_on_an_even_sample_of_its_longest_list():
    # 4,000 full GitHub issues (~11 MB of JSON) wrapped in an envelope: rendering them whole
    # in both formats held both texts at once; a sample of the list gives the same choice, and
    # the note's figures are the whole answer's within a few percent
    base = json.loads((RESPONSES / "github/issue-items.json").read_text(encoding="utf-8"))
    many = [{**base[i % len(base)], "number": i} for i in range(4000)]
    body = {"total": len(many), "page": {"items": many}}
    fmt, note = choose_format(body, "markdown")
    compact = count_tokens(dumps(body))
    markdown = count_tokens(render(body, "markdown"))
    assert markdown > compact and fmt == "json"  # nested objects as sections: larger
    assert note is not None
    figures = [int(n.replace(",", "")) for n in re.findall(r"\(([\d,]+) vs ([\d,]+)", note)[0]]
    assert abs(figures[0] - markdown) < 0.05 * markdown
    assert abs(figures[1] - compact) < 0.05 * compact
    # a long list of small items (under 200,000 characters) is compared whole, exactly
    few = {**HISTORY, "history": list(HISTORY["history"]) * 3}
    _, exact = choose_format(few, "markdown")
    whole = count_tokens(render(few, "markdown")), count_tokens(dumps(few))
    assert exact is not None and f"({whole[0]:,} vs {whole[1]:,} tokens)" in exact


def test_toon_not_smaller_than_json_is_answered_as_compact_json():
    result = shape(HISTORY, ShapeConfig(), fields=["*"], response_format="toon")
    assert result.chunks == [dumps(HISTORY)]
    assert len(result.notes) == 1
    assert result.notes[0].startswith("[TOON would not be smaller than compact JSON here (")
    assert result.notes[0].endswith("answered in compact JSON]")
    # an empty object is no TOON at all (an empty document): JSON too, said
    assert choose_format({}, "toon") == (
        "json",
        "[TOON has no text for an empty object; answered in compact JSON]",
    )


def test_sizes_are_compared_in_tokens_not_characters():
    # one GitHub issue with every field: TOON drops JSON's quotes and braces but indents every
    # level, so its text is shorter while it costs more tokens
    value = json.loads((RESPONSES / "github/issue.json").read_text(encoding="utf-8"))
    compact = shape(value, ShapeConfig(), fields=["*"]).chunks[0]
    text = render(json.loads(compact), "toon")
    assert len(text) < len(compact) and count_tokens(text) > count_tokens(compact)
    result = shape(value, ShapeConfig(), fields=["*"], response_format="toon")
    assert result.chunks == [compact] and "TOON would not be smaller" in result.notes[-1]


def test_without_the_package_toon_is_compact_json_and_a_note_naming_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "toon_format", None)  # `import toon_format` fails
    items = issues(5)
    result = shape(items, ShapeConfig(), fields=["*"], response_format="toon")
    assert result.chunks == [dumps(items)]
    assert result.notes == [
        '[response_format "toon" needs the toon-format package: install this server\'s '
        "[toon] extra; answered in compact JSON]"
    ]


def test_the_budget_counts_the_toon_text():
    items = issues(120)
    json_tokens = count_tokens(dumps(items))
    toon_tokens = count_tokens(render(items, "toon"))
    threshold = (json_tokens + toon_tokens) // 2  # JSON would be paged, TOON is not
    config = ShapeConfig(chunk_threshold_tokens=threshold, chunk_tokens=threshold)
    assert len(shape(items, config, fields=["*"]).chunks) > 1
    one = shape(items, config, fields=["*"], response_format="toon")
    assert len(one.chunks) == 1 and one.token_counts == [toon_tokens]


@pytest.mark.parametrize("wrapped", [False, True])
def test_toon_pages_are_whole_documents_whose_union_is_the_list(wrapped: bool):
    items = issues(300)
    value = {"total_count": 300, "items": items} if wrapped else items
    config = ShapeConfig(
        collection_path="items" if wrapped else "", chunk_threshold_tokens=900, chunk_tokens=600
    )
    result = shape(value, config, fields=["*"], response_format="toon")
    assert len(result.chunks) > 3 and not result.notes
    assert result.token_counts == [count_tokens(c) for c in result.chunks]
    assert all(t <= 600 - RESERVE for t in result.token_counts)
    pages = [toon_format.loads(c) for c in result.chunks]  # strict: declared lengths checked
    if wrapped:
        assert pages[0]["total_count"] == 300 and all(set(p) == {"items"} for p in pages[1:])
        pages = [p["items"] for p in pages]
    assert [item for page in pages for item in page] == items


def test_a_big_object_comes_in_toon_pages_of_its_members():
    members = {f"key{i}": {"value": f"option {i} " * 6, "on": i % 2 == 0} for i in range(200)}
    config = ShapeConfig(chunk_threshold_tokens=900, chunk_tokens=600)
    result = shape({"id": "c1", "settings": members}, config, fields=["*"], response_format="toon")
    assert len(result.chunks) > 2 and any("come in pages" in n for n in result.notes)
    assert all(t <= 600 - RESERVE for t in result.token_counts)
    merged: dict = {}
    for chunk in result.chunks:
        merged.update(toon_format.loads(chunk)["settings"])
    assert merged == members


def test_a_cap_holds_on_the_toon_text():
    items = issues(200)
    result = shape(items, ShapeConfig(), fields=["*"], response_format="toon", max_tokens=500)
    assert len(result.chunks) == 1
    assert result.token_counts[0] + count_tokens(" ".join(result.notes)) <= 500
    assert toon_format.loads(result.chunks[0])  # still a TOON document


def test_every_tool_takes_toon_and_a_wrong_format_lists_the_formats():
    tool = Tool(
        name="t",
        title="t",
        description="",
        input_schema={"type": "object", "properties": {}},
        annotations={},
        binding=Binding(kind="http"),
        params=(),
        response=ResponseConfig(),
        limits=Limits(),
    )
    assert validate_arguments(tool, {"response_format": "toon"}) == {"response_format": "toon"}
    with pytest.raises(InvalidArguments) as info:
        validate_arguments(tool, {"response_format": "csv"})
    assert all(f in str(info.value) for f in FORMATS)
