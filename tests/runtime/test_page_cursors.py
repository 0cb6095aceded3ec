"""A list body's own way to its next page (``next_cursor``, ``nextPageToken``, ``links.next``)
beside the continuation footer (issue 33): when ``continue`` fetches the next upstream page,
the footer is the way on and the body's cursor is not shown a second time; when nothing
follows from it, the body's cursor is what the agent has and is kept (and named by the note)."""

import json
import re

import pytest

from generator.runtime.executor import ServerRuntime
from generator.runtime.model import model_from_json
from generator.runtime.config.settings import Settings
from tests.support.upstream import Reply, Upstream

FOOTER = re.compile(r'continuation_id="([^"]+)"')


def spec(pagination: dict | None, limits: dict | None = None) -> dict:
    return {
        "server": {"name": "demo", "env_prefix": "DEMO", "base_url": "http://unused"},
        "tools": [
            {
                "name": "list_widgets",
                "input_schema": {
                    "type": "object",
                    "properties": {
                        "cursor": {"type": "string"},
                        "limit": {"type": "integer"},
                        "fields": {"type": "array", "items": {"type": "string"}},
                    },
                    "additionalProperties": False,
                },
                "binding": {"kind": "http", "method": "GET", "path": "/widgets"},
                "params": [
                    {"arg": "cursor", "location": "query", "wire": "cursor"},
                    {"arg": "limit", "location": "query", "wire": "limit"},
                ],
                "response": {"collection_path": "items"},
                "pagination": pagination,
                **({"limits": limits} if limits else {}),
            }
        ],
    }


CURSOR = {"style": "cursor", "cursor_arg": "cursor", "next_field": "next_cursor"}
WIDGETS = [{"id": f"w{i}", "name": f"Widget {i}", "state": "active"} for i in range(3)]


async def call(pagination: dict | None, body: dict, limits: dict | None = None) -> list[str]:
    with Upstream() as up:
        up.route("GET", "/widgets", Reply.json(body))
        rt = ServerRuntime(model_from_json(spec(pagination, limits)), Settings(base_url=up.url))
        try:
            out = await rt.call("list_widgets", {})
        finally:
            await rt.aclose()
    assert not out.is_error, out.parts
    return out.parts


@pytest.mark.anyio
async def test_the_footer_stands_for_the_bodys_cursor_when_continue_fetches_the_next_page():
    body = {"items": WIDGETS, "next_cursor": "cur_8f3a9c1d2e7b", "total_count": 9}
    parts = await call(CURSOR, body)
    assert parts[-1].startswith("[has_more: true, call demo_continue with continuation_id=")
    shown = json.loads(parts[0])
    assert "next_cursor" not in shown and "cur_8f3a9c1d2e7b" not in " ".join(parts)
    assert shown["total_count"] == 9 and [w["name"] for w in shown["items"]] == [
        "Widget 0",
        "Widget 1",
        "Widget 2",
    ]


@pytest.mark.anyio
async def test_a_next_link_in_a_links_part_is_left_out_and_the_part_keeps_the_rest():
    body = {
        "items": WIDGETS,
        "links": {"self": "/widgets?cursor=a", "next": "/widgets?cursor=b7c1"},
        "nextPageToken": "b7c1",
    }
    parts = await call(CURSOR | {"next_field": "nextPageToken"}, body)
    assert parts[-1].startswith("[has_more: true, call demo_continue with continuation_id=")
    shown = json.loads(parts[0])
    assert "nextPageToken" not in shown and "b7c1" not in parts[0]
    assert shown.get("links", {}).get("self") in (None, "/widgets?cursor=a")


@pytest.mark.anyio
async def test_without_a_next_request_the_note_names_the_cursor_once():
    body = {"items": WIDGETS, "next_cursor": "cur_8f3a9c1d2e7b"}
    parts = await call(None, body)  # no pagination known: the note names the argument
    assert 'cursor="cur_8f3a9c1d2e7b"' in parts[-1]
    assert " ".join(parts).count("cur_8f3a9c1d2e7b") == 1
    assert not FOOTER.search(" ".join(parts))


@pytest.mark.anyio
async def test_the_bodys_cursor_stays_when_nothing_else_shows_it():
    body = {"items": WIDGETS, "has_more": True, "next_cursor": "cur_8f3a9c1d2e7b"}
    with Upstream() as up:
        up.route("GET", "/widgets", Reply.json(body))
        bare = spec(None)
        bare["tools"][0]["params"] = []  # no argument takes it: the note cannot name it
        rt = ServerRuntime(model_from_json(bare), Settings(base_url=up.url))
        out = await rt.call("list_widgets", {})
        await rt.aclose()
    assert "has_more: true" in out.parts[-1] and "cur_8f3a9c1d2e7b" not in out.parts[-1]
    assert json.loads(out.parts[0])["next_cursor"] == "cur_8f3a9c1d2e7b"


@pytest.mark.anyio
async def test_the_bodys_cursor_stays_in_our_own_pages_when_continue_cannot_follow_it():
    """Our pages of this response, then nothing: the cursor is how to go on upstream."""
    many = [{"id": f"w{i}", "name": f"Widget {i} " + "word " * 40} for i in range(60)]
    body = {"items": many, "next_cursor": "cur_8f3a9c1d2e7b"}
    parts = await call(None, body, {"chunk_threshold_tokens": 1000, "chunk_tokens": 800})
    assert FOOTER.search(parts[-1]) and parts[-1].startswith("[page 1/")
    assert "cur_8f3a9c1d2e7b" in " ".join(parts)


@pytest.mark.anyio
async def test_the_footer_to_the_next_upstream_page_is_short():
    """The footer rides on every paged read, so it says only what the agent needs: that there
    is more and the call that gets it (a 96-bit handle, no "for the next upstream page")."""
    body = {"items": WIDGETS, "next_cursor": "cur_8f3a9c1d2e7b", "total_count": 9}
    footer = (await call(CURSOR, body))[-1]
    handle = FOOTER.search(footer)
    assert handle is not None and len(handle[1]) == 16
    assert footer == f'[has_more: true, call demo_continue with continuation_id="{handle[1]}"]'
