"""A generated server gets its own upstream OAuth2 tokens, end to end with the real MCP client:
the description names the token URL, the environment the client and the refresh token, a token
endpoint on 127.0.0.1 serves them (tests/support/token_endpoint.py)."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
from mcp.types import CallToolResult

from tests.support.notes_api import MODULE, make_package, notes
from tests.support.servers import stdio_session
from tests.support.token_endpoint import CLIENT_ID, CLIENT_SECRET, TokenEndpoint
from tests.support.upstream import Recorded, Reply, Upstream
from tests.support.results import joined_text


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_package(tmp_path_factory.mktemp("notes"))


@pytest.mark.anyio
async def test_client_credentials_then_a_rotating_refresh_under_eight_concurrent_calls(
    package,
) -> None:
    with Upstream() as up:
        tokens = TokenEndpoint(up, refresh_token="refresh-0-SECRET")

        def echo(r: Recorded) -> Reply:
            return Reply.json({"id": r.path.rsplit("/", 1)[1], "text": r.headers["authorization"]})

        up.route("GET", "/notes/{id}", tokens.protect(echo))
        up.route("GET", "/notes", tokens.protect(lambda r: Reply.json(notes(1, 3))))
        env = {
            "NOTES_BASE_URL": up.url,
            "NOTES_OAUTH_CLIENT_ID": CLIENT_ID,
            "NOTES_OAUTH_CLIENT_SECRET": CLIENT_SECRET,
        }
        async with stdio_session(package, MODULE, env) as session:
            result = await session.call_tool("list_notes", {})
            assert not result.is_error, joined_text(result)
        assert tokens.count("client_credentials") == 1
        assert tokens.grants[0]["scope"] == "notes:read notes:write"

        env["NOTES_OAUTH_REFRESH_TOKEN"] = "refresh-0-SECRET"
        async with stdio_session(package, MODULE, env) as session:
            first = await session.call_tool("get_note", {"id": "0", "fields": ["*"]})
            assert not first.is_error and "access-2" not in joined_text(first)
            assert "[REDACTED]" in joined_text(first)  # the upstream echoed the token: redacted
            tokens.revoke_all()  # the upstream stops accepting it: 8 calls get 401 at once
            results: dict[int, CallToolResult] = {}

            async def call(i: int) -> None:
                results[i] = await session.call_tool("get_note", {"id": str(i)})

            async with anyio.create_task_group() as tg:
                for i in range(8):
                    tg.start_soon(call, i)
            assert all(not r.is_error for r in results.values()), [
                joined_text(r) for r in results.values()
            ]
        refreshes = [
            g["refresh_token"] for g in tokens.grants if g["grant_type"] == "refresh_token"
        ]
        assert refreshes == [
            "refresh-0-SECRET",
            "refresh-2-SECRET",
        ]  # at start; once after the 401s
        assert all("SECRET" not in json.dumps(joined_text(r)) for r in results.values())
