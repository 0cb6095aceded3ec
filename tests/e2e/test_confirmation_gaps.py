"""Confirmation without gaps, end to end with the real MCP client over streamable HTTP: a POST
whose description says it erases is announced destructive and confirmed; the ``continue`` of
a confirmed call does not make the next request (arguments from the upstream's ``Link``
header) without asking; a confirmation is single-use, on one replica and across replicas
sharing Redis."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.types import ElicitRequestParams, ElicitResult, InputRequiredResult, InputResponses

from tests.support.redis_server import redis_server
from tests.support.servers import http_server
from tests.support.upstream import Recorded, Reply, Upstream
from tests.support.results import joined_text

MODULE = "items_mcp"
KEYS = "k" * 40  # REQUEST_STATE_KEYS shared by the replicas
_ID = [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}]
_GONE = {"204": {"description": "gone"}}
SPEC: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Items", "version": "1.0.0"},
    "servers": [{"url": "http://localhost:1"}],
    "paths": {
        "/items": {
            "delete": {
                "operationId": "deleteItems",
                "parameters": [
                    {"name": "page", "in": "query", "schema": {"type": "integer"}},
                    {"name": "force", "in": "query", "schema": {"type": "boolean"}},
                ],
                "responses": {
                    "200": {
                        "description": "what was deleted",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "array",
                                    "items": {
                                        "type": "object",
                                        "properties": {"id": {"type": "string"}},
                                    },
                                }
                            }
                        },
                    }
                },
            }
        },
        "/items/{id}": {
            "parameters": _ID,
            "delete": {"operationId": "deleteItem", "responses": _GONE},
        },
        "/items/{id}/purge": {
            "parameters": _ID,
            "post": {
                "operationId": "purgeItemHistory",
                "summary": "Purge an item",
                "description": "Permanently erases the item and its history.",
                "responses": _GONE,
            },
        },
    },
}
OVERLAY = """\
confirm: destructive
operations:
  deleteItems:
    pagination: {style: link, page_arg: page}
"""


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from generator.pipeline import generate

    root = tmp_path_factory.mktemp("items")
    (root / "spec.json").write_text(json.dumps(SPEC))
    (root / "overlay.yaml").write_text(OVERLAY)
    target, _ = generate(
        root / "spec.json", root / "out", overlay_path=root / "overlay.yaml", force=True
    )
    return target


@pytest.fixture
def upstream():
    with Upstream() as up:

        def deleted(request: Recorded) -> Reply:
            page = int(dict(request.query).get("page", "1"))
            reply = Reply.json([{"id": f"{page}-{i}"} for i in range(3)])
            reply.headers["Link"] = f'<{up.url}/items?page={page + 1}&force=true>; rel="next"'
            return reply

        up.route("DELETE", "/items", deleted)
        up.route("DELETE", "/items/{id}", Reply(204, b""))
        up.route("POST", "/items/{id}/purge", Reply(204, b""))
        yield up


class User:
    def __init__(self, allow: bool):
        self.allow = allow
        self.asked: list[str] = []

    async def __call__(self, context: Any, params: ElicitRequestParams) -> ElicitResult:
        self.asked.append(params.message)
        if not self.allow:
            return ElicitResult(action="decline")
        return ElicitResult(action="accept", content={"confirm": True})


def sent(up: Upstream, method: str) -> list[str]:
    return [r.path + ("?" + "&".join(f"{k}={v}" for k, v in r.query) if r.query else "")
            for r in up.requests if r.method == method]  # fmt: skip


@pytest.mark.anyio
async def test_a_post_that_erases_is_announced_destructive_and_confirmed(package, upstream) -> None:
    with http_server(package, MODULE, {"ITEMS_BASE_URL": upstream.url}) as url:
        no = User(False)
        async with Client(url, elicitation_callback=no) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            annotations = tools["purge_item_history"].annotations
            assert annotations is not None and annotations.destructive_hint is True
            refused = await client.call_tool("purge_item_history", {"id": "7"})
            assert refused.is_error and "declined" in joined_text(refused)
        assert len(no.asked) == 1 and "POST /items/{id}/purge" in no.asked[0]
        assert sent(upstream, "POST") == []


@pytest.mark.anyio
async def test_continue_does_not_make_an_unconfirmed_request(package, upstream) -> None:
    with http_server(package, MODULE, {"ITEMS_BASE_URL": upstream.url}) as url:
        yes = User(True)
        async with Client(url, elicitation_callback=yes) as client:
            first = await client.call_tool("delete_items", {"page": 1})
            assert not first.is_error, joined_text(first)
            cont_id = joined_text(first).split('continuation_id="')[1].split('"')[0]
            more = await client.call_tool("items_continue", {"continuation_id": cont_id})
            assert more.is_error, joined_text(more)
            assert "Not done" in joined_text(more) and '"force": "true"' in joined_text(more)
            assert "call delete_items with these arguments" in joined_text(more)
        assert len(yes.asked) == 1
        assert sent(upstream, "DELETE") == ["/items?page=1"]


async def _confirmed_once(url: str, replay_url: str) -> list[Any]:
    """Ask on ``url``, answer there, then send the same state and answer to ``replay_url``."""
    accept: InputResponses = {"confirm": ElicitResult(action="accept", content={"confirm": True})}
    results = []
    async with Client(url, elicitation_callback=User(True)) as client:
        asked = await client.session.call_tool(
            "delete_item", {"id": "7"}, allow_input_required=True
        )
        assert isinstance(asked, InputRequiredResult) and asked.request_state
        state = asked.request_state
        results.append(
            await client.session.call_tool(
                "delete_item",
                {"id": "7"},
                input_responses=accept,
                request_state=state,
                allow_input_required=True,
            )
        )
    async with Client(replay_url, elicitation_callback=User(True)) as other:
        results.append(
            await other.session.call_tool(
                "delete_item",
                {"id": "7"},
                input_responses=accept,
                request_state=state,
                allow_input_required=True,
            )
        )
    return results


@pytest.mark.anyio
async def test_a_confirmation_is_single_use(package, upstream) -> None:
    with http_server(package, MODULE, {"ITEMS_BASE_URL": upstream.url}) as url:
        done, replayed = await _confirmed_once(url, url)
    assert not isinstance(done, InputRequiredResult) and not done.is_error, joined_text(done)
    assert not isinstance(replayed, InputRequiredResult) and replayed.is_error
    assert "already used" in joined_text(replayed)
    assert sent(upstream, "DELETE") == ["/items/7"]


@pytest.mark.anyio
async def test_a_confirmation_is_single_use_across_replicas(package, upstream) -> None:
    with redis_server() as cache_url:
        env = {
            "ITEMS_BASE_URL": upstream.url,
            "ITEMS_CACHE_URL": cache_url,
            "ITEMS_REQUEST_STATE_KEYS": KEYS,
        }
        with http_server(package, MODULE, env) as url_a, http_server(package, MODULE, env) as url_b:
            done, replayed = await _confirmed_once(url_a, url_b)
    assert not isinstance(done, InputRequiredResult) and not done.is_error, joined_text(done)
    assert not isinstance(replayed, InputRequiredResult) and replayed.is_error
    assert "already used" in joined_text(replayed)
    assert sent(upstream, "DELETE") == ["/items/7"]
