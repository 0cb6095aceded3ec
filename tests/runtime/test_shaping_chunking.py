"""Paging by exact token count: validity, order, metadata, bounds, union == full value."""

import json
from itertools import cycle, islice
from pathlib import Path

import pytest

from generator.runtime.shaping.chunking import split_json_around
from generator.runtime.shaping.pipeline import ShapeConfig, shape, shape_text
from generator.runtime.shaping.truncate import dumps
from generator.runtime.shaping.tokens import count_tokens

RESPONSES = Path(__file__).resolve().parents[1] / "fixtures" / "responses"
RESERVE = 40


def load(name: str):
    return json.loads((RESPONSES / name).read_text(encoding="utf-8"))


def cycled(items: list, n: int) -> list:
    return list(islice(cycle(items), n))


def notion_list(n: int) -> dict:
    body = load("notion/blocks.children.list.all_block_types.json")
    return {**body, "results": cycled(body["results"], n), "has_more": True, "next_cursor": "abc"}


def small(**kw) -> ShapeConfig:
    return ShapeConfig(
        chunk_threshold_tokens=kw.pop("threshold", 1200), chunk_tokens=kw.pop("chunk", 800), **kw
    )


def unpaged(value, config: ShapeConfig, **kw):
    big = ShapeConfig(**{**config.__dict__, "chunk_threshold_tokens": 10**9})
    out = shape(value, big, **kw)
    assert len(out.chunks) == 1
    return out.chunks[0]


def check_bounds(result, config: ShapeConfig, reserve: int = RESERVE) -> None:
    assert result.token_counts == [count_tokens(c) for c in result.chunks]
    assert all(t <= config.chunk_tokens - reserve for t in result.token_counts)


@pytest.mark.parametrize("detail", ["concise", "detailed"])
def test_a_wrapped_list_is_paged_into_valid_json_whose_union_is_the_full_value(detail):
    value = notion_list(250)
    config = small(collection_path="results", threshold=4000, chunk=3000)
    result = shape(value, config, detail_level=detail, footer_reserve_tokens=RESERVE)
    assert len(result.chunks) > 3
    assert not any("trimmed" in n for n in result.notes)  # no item needed trimming
    check_bounds(result, config)
    pages = [json.loads(c) for c in result.chunks]
    first, rest = pages[0], pages[1:]
    assert first["has_more"] is True and first["next_cursor"] == "abc"  # metadata on page 1
    assert all(set(p) == {"results"} for p in rest)
    merged = dict(first)
    merged["results"] = [item for p in pages for item in p["results"]]
    assert merged == json.loads(unpaged(value, config, detail_level=detail))


def test_order_is_preserved_across_pages():
    items = [{"id": i, "title": f"item number {i} " + "word " * (i % 17)} for i in range(600)]
    config = small(collection_path="")
    result = shape(items, config, footer_reserve_tokens=RESERVE)
    ids = [item["id"] for c in result.chunks for item in json.loads(c)]
    assert ids == list(range(600))
    check_bounds(result, config)


def test_pages_are_reasonably_full():
    result = shape(
        notion_list(400), small(collection_path="results"), footer_reserve_tokens=RESERVE
    )
    budget = 800 - RESERVE
    assert min(result.token_counts[:-1]) >= budget * 0.6


def test_a_graphql_connection_is_paged_along_its_dotted_path():
    body = load("github-graphql/issueList.json")
    issues = body["data"]["repository"]["issues"]
    issues["nodes"] = cycled(issues["nodes"], 300)
    config = small(collection_path="data.repository.issues.nodes")
    result = shape(body, config, footer_reserve_tokens=RESERVE)
    pages = [json.loads(c) for c in result.chunks]
    assert pages[0]["data"]["repository"]["issues"]["totalCount"] == 3
    assert pages[0]["data"]["repository"]["hasIssuesEnabled"] is True
    for page in pages[1:]:
        assert page == {
            "data": {
                "repository": {"issues": {"nodes": page["data"]["repository"]["issues"]["nodes"]}}
            }
        }
    nodes = [n for p in pages for n in p["data"]["repository"]["issues"]["nodes"]]
    assert len(nodes) == 300
    check_bounds(result, config)


def test_markdown_pages_repeat_the_table_header():
    value = notion_list(300)
    # flat items render as a table (the heuristic's defaults also show each block's text)
    flat = ("id", "type", "has_children", "created_time")
    config = small(collection_path="results", default_fields=flat, operator_defaults=True)
    result = shape(value, config, response_format="markdown", footer_reserve_tokens=RESERVE)
    check_bounds(result, config)
    header = result.chunks[1].split("\n")[2]
    assert result.chunks[0].startswith("- **next_cursor**: abc")
    assert "**results** (300 items):" in result.chunks[0]
    for page in result.chunks[1:]:
        assert page.startswith("**results** (continued):\n\n" + header + "\n|---")
    rows = [
        line
        for c in result.chunks
        for line in c.split("\n")[4 if c is not result.chunks[0] else 0 :]
        if line.startswith("| ") and line != header
    ]
    full = unpaged(value, config, response_format="markdown")
    assert rows == [line for line in full.split("\n") if line.startswith("| ") and line != header]


def test_an_item_too_big_for_a_page_is_trimmed_structurally():
    pr = load("github/pull-request.json")
    items = [{"id": 1}, {**pr, "body": "lorem ipsum dolor " * 400}, {"id": 3}]
    config = small(collection_path="", threshold=300, chunk=400)
    result = shape(
        items, config, fields=["*"], detail_level="detailed", footer_reserve_tokens=RESERVE
    )
    check_bounds(result, config)
    assert any("too large for one page were trimmed" in n for n in result.notes)
    merged = [item for c in result.chunks for item in json.loads(c)]
    assert [m.get("id") for m in merged] == [1, pr["id"], 3]


def test_an_object_without_a_collection_is_paged_along_its_largest_array():
    repo = load("github/full-repository.json")
    events = load("github/cli.events.json")
    value = {"repository": repo, "events": cycled(events, 200), "tags": ["a", "b"]}
    config = small()
    result = shape(value, config, fields=["*"], footer_reserve_tokens=RESERVE)
    check_bounds(result, config)
    pages = [json.loads(c) for c in result.chunks]
    assert set(pages[0]) == {"repository", "events", "tags"}
    assert all(set(p) == {"events"} for p in pages[1:])
    assert sum(len(p["events"]) for p in pages) == 200


@pytest.mark.parametrize("wrapped", [False, True])
def test_an_object_without_arrays_over_budget_is_paged_by_its_members(wrapped: bool):
    # it was trimmed to one page of 50 keys, with no way to get the rest (issue 15)
    members = {f"key{i}": f"value number {i} " * 10 for i in range(400)}
    value = {"object": "thing", "data": members, "tags": ["a"]} if wrapped else members
    config = small()
    result = shape(value, config, fields=["*"], footer_reserve_tokens=RESERVE)
    check_bounds(result, config)
    assert len(result.chunks) > 1 and not any("trimmed" in n for n in result.notes)
    pages = [json.loads(c) for c in result.chunks]
    merged: dict = {}
    for page in pages:
        merged.update(page["data"] if wrapped else page)
    assert merged == members and list(merged) == list(members)  # all of it, in order
    if wrapped:
        assert pages[0]["object"] == "thing" and pages[0]["tags"] == ["a"]
        assert all(set(p) == {"data"} for p in pages[1:])
    # Markdown writes each member as a fenced block, larger than the JSON: the JSON pages
    markdown = shape(
        value, config, fields=["*"], response_format="markdown", footer_reserve_tokens=RESERVE
    )
    check_bounds(markdown, config)
    merged = {}
    for page in map(json.loads, markdown.chunks):
        merged.update(page["data"] if wrapped else page)
    assert merged == members
    assert any("Markdown would be larger than compact JSON" in n for n in markdown.notes)
    # where JSON escapes more than Markdown writes, the object is paged as Markdown
    quoted = {f"key{i}": '"\\' * 20 + f" {i}" for i in range(400)}
    value = {"object": "thing", "data": quoted, "tags": ["a"]} if wrapped else quoted
    markdown = shape(
        value, config, fields=["*"], response_format="markdown", footer_reserve_tokens=RESERVE
    )
    check_bounds(markdown, config)
    assert len(markdown.chunks) > 1 and not any("compact JSON" in n for n in markdown.notes)
    text = "\n".join(markdown.chunks)
    assert all(f"- **key{i}**: {quoted[f'key{i}']}\n" in text + "\n" for i in range(400))


def test_big_metadata_around_a_list_is_trimmed_to_fit_the_first_page():
    value = {
        "meta": {f"k{i}": "v " * 50 for i in range(100)},
        "data": cycled(load("stripe/file.links.list.json")["data"], 100),
    }
    config = small(collection_path="data")
    result = shape(value, config, detail_level="detailed", footer_reserve_tokens=RESERVE)
    check_bounds(result, config)
    assert any("metadata" in n for n in result.notes)
    assert sum(len(json.loads(c)["data"]) for c in result.chunks) == 100


def test_under_the_threshold_nothing_is_paged():
    value = notion_list(5)
    result = shape(value, ShapeConfig(collection_path="results"))
    assert len(result.chunks) == 1 and result.token_counts == [count_tokens(result.chunks[0])]


def test_split_json_around_is_the_exact_rendering():
    value = {"a": 1, "b": {"c": [], "d": "x"}, "e": [1]}
    prefix, suffix = split_json_around(value, ("b", "c"))
    assert prefix + suffix == dumps(value)
    assert prefix + "1,2" + suffix == dumps({"a": 1, "b": {"c": [1, 2], "d": "x"}, "e": [1]})


def test_plain_text_is_paged_by_lines_and_pages_concatenate_back():
    lines = [f"line {i}: " + "text " * (i % 40) for i in range(3000)]
    text = "\n".join(lines) + "\n" + "x" * 20000  # and one very long line
    config = small()
    result = shape_text(text, config, footer_reserve_tokens=RESERVE)
    assert "".join(result.chunks) == text
    check_bounds(result, config)
    short = shape_text("hello", config)
    assert short.chunks == ["hello"] and short.token_counts == [1]
    cut = shape_text("word " * 100, config, max_chars=20)
    assert cut.chunks[0].startswith("word word word word") and "more chars]" in cut.chunks[0]


def test_a_list_far_over_the_threshold_pages_like_one_just_over_it():
    """Far over the threshold the whole text is never built (pages come from the parts): the
    pages must still be the ones the full text would give, and packing consumes the layout."""
    from generator.runtime.shaping.chunking import json_layout, pack

    value = notion_list(60)
    text = dumps(value)
    total = count_tokens(text)
    near = shape(value, small(threshold=total - 1, chunk=800), detail_level="detailed")
    far = shape(value, small(threshold=total // 3, chunk=800), detail_level="detailed")
    assert far.chunks == near.chunks and len(far.chunks) > 1
    layout = json_layout(value, ("results",), "o200k_base", "…")
    assert layout.full_text() == text
    assert 0.8 * total < layout.estimated_tokens("o200k_base") < 1.25 * total
    packed = pack(layout, 800, "o200k_base")
    merged = [item for page in packed.chunks for item in json.loads(page)["results"]]
    assert len(merged) == 60 and set(layout.parts) == {""}


def test_long_notes_are_shortened_rather_than_crowding_out_the_first_page():
    # Found by the fuzz test: a dropped list under a long key makes a long fallback note, and
    # with a cut text and a tight page the notes took 87 tokens, the minimum page 100: page 1
    # and its notes came to 181 tokens of a 180-token page.
    key = "\x1f\U00018d09" * 12
    nested: list = ["bottom"]
    for _ in range(46):
        nested = [{"a": nested}]
    value = {"\U00010000\x1f": [{"0:0:\U00010000": "a" * 3000}], "": [0] * 200, key: nested}
    config = ShapeConfig(chunk_threshold_tokens=150, chunk_tokens=200, max_chars=80)
    out = shape(value, config, response_format="json", footer_reserve_tokens=20)
    assert len(out.chunks) > 1
    notes = count_tokens(" ".join(out.notes))
    assert out.token_counts[0] + notes <= 200 - 20
    assert out.notes[0].startswith("[the default fields would have lost data")
    assert any(n.endswith("…]") for n in out.notes)  # shortened, and it says so
    assert all(count <= 200 - 20 for count in out.token_counts)
