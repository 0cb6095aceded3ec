"""A hosted server's guards around token introspection, end to end: the generated server over
streamable HTTP, an authorization server played on 127.0.0.1 (tests/support/upstream.py, which
counts the introspection requests), the real MCP client. Refusals are cached, each client
address has an introspection budget, oversized tokens are refused unread, and continuation
ids minted for one subject are refused for another subject of the same client."""

from __future__ import annotations

import json
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator, Iterator
from urllib.parse import parse_qsl

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.support.notes_api import MODULE, make_package, notes
from tests.support.servers import http_server
from tests.support.upstream import Recorded, Reply, Upstream
from tests.support.results import joined_text

BUDGET = 5  # NOTES_AUTH_INTROSPECTIONS_PER_MINUTE


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_package(tmp_path_factory.mktemp("notes"))


class Guarded:
    def __init__(self, url: str, up: Upstream):
        self.url = url
        self.up = up

    def introspections(self) -> int:
        return sum(r.path == "/introspect" for r in self.up.requests)


def answer(request: Recorded) -> Reply:
    token = dict(parse_qsl(request.body.decode()))["token"]
    subject = {"alice-token": "alice", "bob-token": "bob"}.get(token)
    if subject is None:
        return Reply.json({"active": False})
    return Reply.json(
        {
            "active": True,
            "client_id": "shared-client",
            "sub": subject,
            "scope": "notes:read",
            "exp": int(time.time()) + 600,
            "aud": request.headers["x-resource"],
        }
    )


@pytest.fixture
def guarded(package: Path) -> Iterator[Guarded]:
    with Upstream() as up:  # the upstream API and the authorization server's introspection
        resource: dict[str, str] = {}
        up.route("GET", "/notes", lambda r: Reply.json(notes(int(dict(r.query).get("page", 1)))))
        up.route("GET", "/status", Reply.json({"ok": True}))

        def introspect(request: Recorded) -> Reply:
            request.headers["x-resource"] = resource["url"]
            return answer(request)

        up.route("POST", "/introspect", introspect)

        def env(port: int) -> dict[str, str]:
            resource["url"] = f"http://127.0.0.1:{port}/mcp"
            return {
                "NOTES_BASE_URL": up.url,
                "NOTES_OAUTH": "upstream-service-TOKEN-0123456789",
                "NOTES_AUTH_ISSUER_URL": up.url,
                "NOTES_AUTH_RESOURCE_URL": resource["url"],
                "NOTES_AUTH_INTROSPECTION_URL": f"{up.url}/introspect",
                "NOTES_AUTH_CLIENT_ID": "notes-mcp",
                "NOTES_AUTH_CLIENT_SECRET": "introspection-secret-0123456789",
                "NOTES_AUTH_INTROSPECTIONS_PER_MINUTE": str(BUDGET),
            }

        with http_server(package, MODULE, env) as url:
            yield Guarded(url, up)


def status(guarded: Guarded, token: str) -> int:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call"}
    body["params"] = {"name": "get_status", "arguments": {}}
    headers = {
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
        "Authorization": f"Bearer {token}",
    }
    return httpx2.post(
        guarded.url, content=json.dumps(body), headers=headers, timeout=30
    ).status_code


@asynccontextmanager
async def mcp_client(url: str, token: str) -> AsyncIterator[Client]:
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
        async with Client(streamable_http_client(url, http_client=http)) as client:
            yield client


def test_refusals_are_cached_and_each_client_has_an_introspection_budget(guarded) -> None:
    started = time.monotonic()
    assert status(guarded, "alice-token") == 200
    assert guarded.introspections() == 1
    for _ in range(10):  # the same refused token, again and again
        assert status(guarded, "refused-token") == 401
    assert guarded.introspections() == 2
    for n in range(40):  # forty garbage tokens
        assert status(guarded, f"garbage-token-{n}") == 401
    # the budget, plus what the bucket refilled meanwhile (one every 60/BUDGET s)
    refilled = (time.monotonic() - started) * BUDGET / 60
    assert BUDGET <= guarded.introspections() <= BUDGET + refilled
    assert status(guarded, "alice-token") == 200  # answered before: no budget needed


def test_an_oversized_token_is_refused_unread(guarded) -> None:
    assert status(guarded, "x" * 12_000) == 401  # over the default 8192
    assert guarded.introspections() == 0


@pytest.mark.anyio
async def test_continuations_of_one_subject_are_refused_for_another_of_the_same_client(
    guarded,
) -> None:
    async with mcp_client(guarded.url, "alice-token") as alice:
        first = await alice.call_tool("list_notes", {})
        assert not first.is_error, joined_text(first)
        cont_id = joined_text(first).split('continuation_id="')[1].split('"')[0]
        async with mcp_client(guarded.url, "bob-token") as bob:
            stolen = await bob.call_tool("notes_continue", {"continuation_id": cont_id})
            assert stolen.is_error and "Unknown continuation_id" in joined_text(stolen)
        mine = await alice.call_tool("notes_continue", {"continuation_id": cont_id})
        assert not mine.is_error, joined_text(mine)
