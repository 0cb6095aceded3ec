"""Paging signs in list bodies (runtime/upstream/body_paging.py): the next request is derived from them,
and where it cannot be, the result says more exists and names the argument; never
``has_more: false`` against the body."""

import json
import re

import pytest

from generator.runtime.executor import ServerRuntime
from generator.runtime.model import model_from_json
from generator.runtime.upstream.pagination import more_note, next_arguments
from generator.runtime.config.settings import Settings
from tests.support.upstream import Recorded, Reply, Upstream

FOOTER = re.compile(r'continuation_id="([^"]+)"')


def tool(args: list[str], pagination: dict | None, collection: str = "data"):
    spec = {
        "server": {"name": "t", "env_prefix": "T", "base_url": "http://unused"},
        "tools": [
            {
                "name": "list_things",
                "input_schema": {
                    "type": "object",
                    "properties": {a.lstrip("$"): {"type": "string"} for a in args},
                },
                "binding": {"kind": "http", "method": "GET", "path": "/things"},
                "params": [{"arg": a.lstrip("$"), "location": "query", "wire": a} for a in args],
                "response": {"collection_path": collection},
                "pagination": pagination,
            }
        ],
    }
    return model_from_json(spec)


def test_next_requests_come_from_urls_tokens_and_last_ids_in_the_body() -> None:
    odata = tool(["$skiptoken"], {"style": "link", "next_link_field": "@odata.nextLink"}, "value")
    body: dict = {"value": [{"id": 1}], "@odata.nextLink": "https://h/things?$skiptoken=abc"}
    assert next_arguments(odata.tools[0], {}, {}, body) == {"skiptoken": "abc"}
    assert next_arguments(odata.tools[0], {}, {}, {"value": []}) is None
    aws = tool(["Marker"], {"style": "cursor", "cursor_arg": "Marker", "next_field": "NextMarker"})
    assert next_arguments(aws.tools[0], {}, {}, {"data": [], "NextMarker": "m2"}) == {
        "Marker": "m2"
    }
    # detected as something else (page numbers), but the body says how to go on:
    paged = tool(["offset", "page"], {"style": "page", "page_arg": "page"}, "events")
    body = {"events": [{"id": 1}], "next_page": {"offset": 20, "uri": "/things?offset=20"}}
    assert next_arguments(paged.tools[0], {"page": 1}, {}, body) == {"page": 1, "offset": "20"}
    openai = tool(["after"], {"style": "cursor", "cursor_arg": "after", "next_field": "next"})
    body = {"data": [{"id": "a"}], "first_id": "a", "last_id": "z", "has_more": True}
    assert next_arguments(openai.tools[0], {}, {}, body) == {"after": "z"}
    assert next_arguments(openai.tools[0], {}, {}, {**body, "has_more": False}) is None


def test_more_that_cannot_be_fetched_is_said_with_the_argument_to_pass() -> None:
    bare = tool(["q"], None).tools[0]
    note = more_note(bare, {}, {"data": [{"id": "a"}], "has_more": True})
    assert note is not None and "has_more: true" in note and "no argument" in note
    after = tool(["after"], None).tools[0]
    note = more_note(after, {}, {"data": [], "last_id": "z", "has_more": True})
    assert note is not None and 'after="z"' in note
    odata = tool(["q"], None, "value").tools[0]
    note = more_note(odata, {}, {"value": [], "@odata.nextLink": "https://h/x?$skiptoken=s"})
    assert note is not None and "$skiptoken" in note and "not arguments" in note
    assert more_note(bare, {}, {"data": [], "has_more": False}) is None
    assert more_note(bare, {}, {"id": "x", "next_run_at": "2026-01-01"}) is None  # a resource


def test_a_next_link_beside_totals_of_the_whole_list_is_no_next_page() -> None:
    """Found from outside (a JSON:API storefront's list, issue 33: "paging follows what the
    upstream says about its totals"): a first page of 2 records whose ``meta`` says 2 of 2 in
    1 page was offered with ``has_more: true`` because its ``links.next`` is set (the vendor's
    own example); a later page, or a body with more records than the page holds, still is."""
    bare = tool(["page"], None).tools[0]
    link = "https://h/things?page=2"
    cards = [{"id": "1"}, {"id": "2"}]
    whole = {"data": cards, "links": {"next": link}, "meta": {"count": 2, "total_count": 2}}
    assert more_note(bare, {}, whole) is None
    one_page = {"data": cards, "links": {"next": link}, "meta": {"total_pages": 1}}
    assert more_note(bare, {"page": 1}, one_page) is None
    more = {"data": cards, "links": {"next": link}, "meta": {"count": 2, "total_count": 9}}
    assert more_note(bare, {}, more) is not None
    assert more_note(bare, {"page": 3}, whole) is not None  # a later page: not the whole list
    assert more_note(bare, {}, {"data": cards, "links": {"next": link}}) is not None


ITEMS = [{"id": f"i{n}", "name": f"Item {n}"} for n in range(5)]


def openai_page(rec: Recorded) -> Reply:
    after = dict(rec.query).get("after")
    start = 0 if after is None else [i["id"] for i in ITEMS].index(after) + 1
    page = ITEMS[start : start + 2]
    return Reply.json(
        {
            "object": "list",
            "data": page,
            "first_id": page[0]["id"],
            "last_id": page[-1]["id"],
            "has_more": start + 2 < len(ITEMS),
        }
    )


@pytest.mark.anyio
async def test_an_after_last_id_list_is_walked_to_its_end() -> None:
    model = tool(["after"], {"style": "cursor", "cursor_arg": "after", "next_field": "next_cursor"})
    with Upstream() as up:
        up.route("GET", "/things", openai_page)
        rt = ServerRuntime(model, Settings(base_url=up.url))
        out = await rt.call("list_things", {})
        seen = [json.loads(out.parts[0])]
        while (match := FOOTER.search(out.parts[-1])) is not None:
            out = await rt.call("t_continue", {"continuation_id": match[1]})
            if out.parts[0]:
                seen.append(json.loads(out.parts[0]))
        await rt.aclose()
    assert [i["id"] for body in seen for i in body["data"]] == [i["id"] for i in ITEMS]
    assert [dict(r.query).get("after") for r in up.requests] == [None, "i1", "i3"]
    assert out.parts[-1] == "[has_more: false]"


@pytest.mark.anyio
async def test_a_body_saying_has_more_is_never_contradicted() -> None:
    pagination = {"style": "cursor", "cursor_arg": "q", "next_field": "next_cursor"}
    model = tool(["q"], {**pagination, "more_field": "has_more"})
    with Upstream() as up:
        up.route("GET", "/things", Reply.json({"data": ITEMS[:1], "has_more": True}))
        rt = ServerRuntime(model, Settings(base_url=up.url))
        out = await rt.call("list_things", {})
        await rt.aclose()
    text = "\n".join(out.parts)
    assert "has_more: false" not in text
    assert "[has_more: true: the upstream says has_more: true; call list_things again" in text
    assert "call list_things again with q=" in text


@pytest.mark.anyio
async def test_a_next_link_no_argument_takes_is_said_once() -> None:
    """Where only the body's next link says there is more and no argument of the tool takes its
    query, the note names the link's member and gives the link once (it was twice)."""
    link = "https://api.example.com/things?page_token=p2"
    model = tool([], None)
    with Upstream() as up:
        up.route("GET", "/things", Reply.json({"data": ITEMS[:1], "nextLink": link}))
        rt = ServerRuntime(model, Settings(base_url=up.url))
        out = await rt.call("list_things", {})
        await rt.aclose()
    note = out.parts[-1]
    assert note.startswith("[has_more: true: the upstream says nextLink; the next page is at ")
    assert note.count(link) == 1 and "page_token" in note
