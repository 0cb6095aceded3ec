"""Destructive calls the overlay wants confirmed, end to end with the real MCP client: the server
asks with an ``input_required`` result on 2026-07-28 (streamable HTTP) and with
``elicitation/create`` on 2025-11-25 (stdio); confirmed calls run, declined ones and clients that
cannot ask do not, and an answer is only taken for the call it was asked about."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import Client, MCPError
from mcp.types import (
    ElicitRequestFormParams,
    ElicitRequestParams,
    ElicitResult,
    InputRequiredResult,
    InputResponses,
)

from tests.support.notes_api import MODULE, OVERLAY, make_package
from tests.support.servers import http_server, stdio_session
from tests.support.upstream import Reply, Upstream
from tests.support.results import joined_text


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_package(tmp_path_factory.mktemp("notes"), OVERLAY + "confirm: destructive\n")


@pytest.fixture
def upstream():
    with Upstream() as up:
        up.route("DELETE", "/notes/{id}", Reply(204, b""))
        up.route("GET", "/notes/{id}", Reply.json({"id": "1", "text": "x"}))
        yield up


class User:
    """Answers confirmation questions the way a person would, and remembers them."""

    def __init__(self, allow: bool | None):
        self.allow = allow  # None: dismisses the question
        self.asked: list[str] = []

    async def __call__(self, context: Any, params: ElicitRequestParams) -> ElicitResult:
        self.asked.append(params.message)
        assert isinstance(params, ElicitRequestFormParams)  # a form, not a URL to open
        assert params.requested_schema["properties"]["confirm"]["type"] == "boolean"
        if self.allow is None:
            return ElicitResult(action="cancel")
        if not self.allow:
            return ElicitResult(action="decline")
        return ElicitResult(action="accept", content={"confirm": True})


def deletes(up: Upstream) -> list[str]:
    return [r.path for r in up.requests if r.method == "DELETE"]


@pytest.mark.anyio
async def test_input_required_on_2026_07_28(package, upstream) -> None:
    with http_server(package, MODULE, {"NOTES_BASE_URL": upstream.url}) as url:
        yes, no, gone = User(True), User(False), User(None)
        async with Client(url, elicitation_callback=yes) as client:
            assert client.protocol_version == "2026-07-28"
            done = await client.call_tool("delete_note", {"id": "7"})
            assert not done.is_error, joined_text(done)
            assert not (await client.call_tool("get_note", {"id": "1"})).is_error  # not asked
        assert len(yes.asked) == 1
        assert "DELETE /notes/{id}" in yes.asked[0] and '{"id": "7"}' in yes.asked[0]
        assert deletes(upstream) == ["/notes/7"]
        async with Client(url, elicitation_callback=no) as client:
            refused = await client.call_tool("delete_note", {"id": "8"})
            assert refused.is_error and "the user declined delete_note" in joined_text(refused)
        async with Client(url, elicitation_callback=gone) as client:
            refused = await client.call_tool("delete_note", {"id": "8"})
            assert refused.is_error and "dismissed the question" in joined_text(refused)
        async with Client(url) as client:  # no elicitation capability: cannot ask
            refused = await client.call_tool("delete_note", {"id": "8"})
            assert refused.is_error and "cannot ask for it" in joined_text(refused)
        async with Client(url, mode="legacy", elicitation_callback=User(True)) as client:
            refused = await client.call_tool("delete_note", {"id": "8"})  # no way back
            assert refused.is_error and "2025-11-25 over stateless HTTP" in joined_text(refused)
        assert deletes(upstream) == ["/notes/7"]


@pytest.mark.anyio
async def test_an_answer_counts_only_for_the_call_it_was_asked_about(package, upstream) -> None:
    accept: InputResponses = {"confirm": ElicitResult(action="accept", content={"confirm": True})}
    with http_server(package, MODULE, {"NOTES_BASE_URL": upstream.url}) as url:
        async with Client(url, elicitation_callback=User(True)) as client:
            session = client.session
            # an answer nobody asked for: the server asks instead of running the call
            first = await session.call_tool(
                "delete_note", {"id": "7"}, input_responses=accept, allow_input_required=True
            )
            assert isinstance(first, InputRequiredResult) and first.request_state
            assert first.input_requests is not None and "confirm" in first.input_requests
            # the state of that question, replayed for another note: refused
            with pytest.raises(MCPError) as replayed:
                await session.call_tool(
                    "delete_note",
                    {"id": "8"},
                    input_responses=accept,
                    request_state=first.request_state,
                    allow_input_required=True,
                )
            assert "requestState" in replayed.value.message
            # tampered with: refused
            with pytest.raises(MCPError):
                await session.call_tool(
                    "delete_note",
                    {"id": "7"},
                    input_responses=accept,
                    request_state=first.request_state[:-4] + "AAAA",
                    allow_input_required=True,
                )
            assert deletes(upstream) == []
            # the genuine second round
            done = await session.call_tool(
                "delete_note",
                {"id": "7"},
                input_responses=accept,
                request_state=first.request_state,
                allow_input_required=True,
            )
            assert not isinstance(done, InputRequiredResult) and not done.is_error
        assert deletes(upstream) == ["/notes/7"]


@pytest.mark.anyio
async def test_elicitation_on_2025_11_25(package, upstream) -> None:
    env = {"NOTES_BASE_URL": upstream.url}
    yes, no = User(True), User(False)
    async with stdio_session(package, MODULE, env, elicitation_callback=yes) as session:
        done = await session.call_tool("delete_note", {"id": "3"})
        assert not done.is_error, joined_text(done)
    async with stdio_session(package, MODULE, env, elicitation_callback=no) as session:
        refused = await session.call_tool("delete_note", {"id": "4"})
        assert refused.is_error and "declined" in joined_text(refused)
    async with stdio_session(package, MODULE, env) as session:
        refused = await session.call_tool("delete_note", {"id": "5"})
        assert refused.is_error and "cannot ask for it" in joined_text(refused)
    assert len(yes.asked) == 1 and len(no.asked) == 1
    assert deletes(upstream) == ["/notes/3"]
