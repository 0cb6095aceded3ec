"""A body holding several lists of one item schema (``{nodes, orphanedNodes, hosts}``, kept
whole by collections.py) is paged list after list: every item of every list comes through
``continue`` exactly once, each page's footer says which list it carries and how many of how
many, and no note calls a payload list metadata (list_pages.py)."""

import json
import re

import pytest
import toon_format

from generator.runtime.config.settings import Settings
from generator.runtime.executor import ServerRuntime
from generator.runtime.model import model_from_json
from generator.runtime.shaping.chunking import json_layout, pack
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.tokens import count_tokens
from tests.support.upstream import Reply, Upstream

FOOTER = re.compile(r'continuation_id="([^"]+)"')
LABEL = re.compile(r"\[page \d+/\d+ \((\w+) (\d+)-(\d+) of (\d+)\)")
LISTS = {"nodes": 200, "orphanedNodes": 150, "hosts": 3}
PAGE = 800


def node(kind: str, i: int) -> dict:
    return {"id": f"{kind}-{i}", "name": f"{kind} node {i}", "type": "vm", "parentId": f"p{i % 7}"}


def tree_body() -> dict:
    return {key: [node(key, i) for i in range(n)] for key, n in LISTS.items()}


SPEC = {
    "server": {"name": "demo", "env_prefix": "DEMO", "base_url": "http://unused"},
    "tools": [
        {
            "name": "get_tree",
            "input_schema": {"type": "object", "properties": {}},
            "binding": {"kind": "http", "method": "GET", "path": "/tree"},
            "response": {"collection_path": None},
            "limits": {"chunk_threshold_tokens": PAGE, "chunk_tokens": PAGE},
        }
    ],
}


async def walk(response_format: str) -> tuple[list[str], list[str], list[str]]:
    """Every page of one call, read through ``continue``: (pages, footers, page 1's notes)."""
    with Upstream() as up:
        up.route("GET", "/tree", Reply.json(tree_body()))
        rt = ServerRuntime(model_from_json(SPEC), Settings(base_url=up.url))
        first = await rt.call("get_tree", {"response_format": response_format})
        assert not first.is_error, first.parts
        pages, footers = [first.parts[0]], [first.parts[-1]]
        while (match := FOOTER.search(footers[-1])) is not None:
            page = await rt.call("demo_continue", {"continuation_id": match.group(1)})
            assert not page.is_error, page.parts
            pages.append(page.parts[0])
            footers.append(page.parts[-1])
        await rt.aclose()
    return pages, footers, first.parts[1:-1]


def ids_in(text: str) -> list[str]:
    return re.findall(r"\b(?:nodes|orphanedNodes|hosts)-\d+\b", text)


@pytest.mark.anyio
@pytest.mark.parametrize("response_format", ["json", "markdown", "toon"])
async def test_every_item_of_every_list_comes_once_through_continue(response_format) -> None:
    pages, footers, notes = await walk(response_format)
    assert "last page" in footers[-1]
    seen = [i for text in pages for i in ids_in(text)]
    expected = [f"{key}-{i}" for key, n in LISTS.items() for i in range(n)]
    assert sorted(seen) == sorted(expected)  # every item, each exactly once
    assert seen == expected  # list after list, in the body's order
    assert not any("metadata" in note for note in notes)
    assert any("nodes (200), orphanedNodes (150), hosts (3)" in note for note in notes)
    # each page says which list it carries and which of how many of its items
    labels = [LABEL.match(footer) for footer in footers]
    assert all(labels), footers
    for text, found in zip(pages, labels):
        assert found is not None
        key, start, end, total = found[1], int(found[2]), int(found[3]), int(found[4])
        assert total == LISTS[key]
        assert ids_in(text) == [f"{key}-{i}" for i in range(start - 1, end)]
    if response_format == "json":
        for text, found in zip(pages, labels):
            assert found is not None and set(json.loads(text)) == {found[1]}
    if response_format == "toon":
        assert sum(len(next(iter(toon_format.loads(t).values()))) for t in pages) == 353


def test_the_pages_fit_the_page_with_their_labelled_footers() -> None:
    config = ShapeConfig(chunk_threshold_tokens=PAGE, chunk_tokens=PAGE)
    out = shape(tree_body(), config, footer_reserve_tokens=60)
    assert len(out.labels) == len(out.chunks) > 3
    footer = '[page 10/12 (orphanedNodes 139-150 of 150), has_more: true, call demo_continue with continuation_id="abcdefghijklmnop"]'
    room = PAGE - count_tokens(" ".join(out.notes), config.encoding)
    for text in out.chunks:
        assert count_tokens(text, config.encoding) + count_tokens(footer, config.encoding) <= room
    assert out.token_counts == [count_tokens(t, config.encoding) for t in out.chunks]


def test_a_single_list_body_pages_as_before() -> None:
    """One list beside its metadata: paged by its items in the whole body's frame, no labels."""
    body = {"total": 200, "items": [node("items", i) for i in range(200)]}
    config = ShapeConfig(chunk_threshold_tokens=PAGE, chunk_tokens=PAGE)
    out = shape(body, config, fields=["*"], footer_reserve_tokens=60)
    assert out.labels == [] and out.notes == []
    budget = PAGE - 60 - 40  # the page's room: its footer and the notes' margin
    layout = json_layout(body, ("items",), config.encoding, config.truncation_marker)
    assert out.chunks == pack(layout, budget, config.encoding).chunks
    assert json.loads(out.chunks[0])["total"] == 200


def test_a_trimmed_frame_holding_a_list_is_not_called_metadata() -> None:
    """A list of another schema beside the paged one, too big for page 1's frame: the note says
    members beside the list were trimmed, never that it was metadata."""
    body = {
        "items": [node("items", i) for i in range(300)],
        "events": [{"at": f"2024-01-{i % 28 + 1:02d}", "what": "moved " * 8} for i in range(60)],
    }
    config = ShapeConfig(chunk_threshold_tokens=PAGE, chunk_tokens=PAGE)
    out = shape(body, config, fields=["*"])
    assert not any("metadata" in note for note in out.notes), out.notes
    assert any("members beside the list, 1 list(s) among them" in n for n in out.notes)


def test_lists_of_one_schema_that_fit_one_page_are_not_paged() -> None:
    body = {key: [node(key, i) for i in range(3)] for key in LISTS}
    out = shape(body, ShapeConfig(chunk_threshold_tokens=PAGE, chunk_tokens=PAGE))
    assert len(out.chunks) == 1 and out.labels == []
    assert {k: len(v) for k, v in json.loads(out.chunks[0]).items()} == dict.fromkeys(LISTS, 3)


@pytest.mark.anyio
async def test_labels_ride_the_footers_before_the_next_upstream_page() -> None:
    """Labels are kept with the continuation beside the next upstream call: each chunk's
    footer names what it holds, the last one still points at the next upstream page."""
    rt = ServerRuntime(model_from_json(SPEC), Settings(base_url="http://unused"))
    next_call = {"tool": "get_tree", "arguments": {}, "upstream_page": 2}
    labels = ["nodes 1-2 of 3", "nodes 3-3 of 3"]
    first = await rt.paged(["[1,2]", "[3]"], [], "", next_call=next_call, labels=labels)
    assert first.parts[-1].startswith("[page 1/2 (nodes 1-2 of 3), has_more: true")
    cont = FOOTER.search(first.parts[-1])
    assert cont is not None
    second = await rt.call("demo_continue", {"continuation_id": cont[1]})
    assert second.parts[0] == "[3]"
    assert second.parts[-1].startswith("[page 2/2 (nodes 3-3 of 3), has_more: true")
    assert "next upstream page" in second.parts[-1]
    await rt.aclose()
