"""End to end with the real MCP client: a generated server survives every upstream fault
(stdio), and forwarded per-caller auth scopes continuations (streamable HTTP)."""

import json
import re
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator

import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from tests.support.faulty import FaultyUpstream, closed_port
from tests.support.rely import MODULE, items, make_package
from tests.support.servers import http_server, stdio_session
from tests.support.upstream import Reply, Upstream

FOOTER = re.compile(r'continuation_id="([^"]+)"')
SECRET = "rely_env_SECRET_0123456789"


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_package(tmp_path_factory.mktemp("rely"))


def text(result) -> str:
    return "\n".join(c.text for c in result.content)


@pytest.mark.anyio
async def test_the_server_stays_up_and_answers_after_every_fault(package) -> None:
    with FaultyUpstream() as faulty:
        env = {
            "RELY_BASE_URL": faulty.url,
            "RELY_BEARER": SECRET,
            "RELY_TIMEOUT": "0.5",
            "RELY_CONNECT_TIMEOUT": "0.5",
            "RELY_TOTAL_TIMEOUT": "3",
            "RELY_MAX_RESPONSE_BYTES": str(1024 * 1024),
        }
        cases = {
            "hang": "in time",
            "close": "connection failed",
            "drip": "total deadline",
            "malformed": "not valid JSON",
            "html": "not valid JSON",
            "boom": "HTTP 500",
            "huge": "larger than",
            "deep": "",
            "limited": None,  # 429 + Retry-After: 1, then fine
            "flaky": None,  # 503, 503, then fine
        }
        async with stdio_session(package, MODULE, env) as session:
            for thing, words in cases.items():
                started = time.monotonic()
                result = await session.call_tool("get_thing", {"id": thing})
                elapsed = time.monotonic() - started
                body = text(result)
                assert elapsed < 4.0, (thing, elapsed)
                assert "Traceback" not in body and SECRET not in body
                if words is None:
                    assert not result.is_error, (thing, body)
                else:
                    assert result.is_error, (thing, body)
                    assert words in body, (thing, body)
                after = await session.call_tool("get_thing", {"id": "fine"})
                assert not after.is_error and json.loads(text(after))["id"] == "fine"
            post = await session.call_tool("create_thing", {"id": "flaky", "name": "n"})
            assert post.is_error and faulty.hits[("POST", "flaky")] == 1
    env["RELY_BASE_URL"] = f"http://127.0.0.1:{closed_port()}"
    async with stdio_session(package, MODULE, env) as session:
        refused = await session.call_tool("get_thing", {"id": "x"})
        assert refused.is_error and "Could not reach" in text(refused)


@asynccontextmanager
async def caller(url: str, authorization: str | None) -> AsyncIterator[ClientSession]:
    headers = {"Authorization": authorization} if authorization else {}
    async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
        async with streamable_http_client(url, http_client=http) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                yield session


@pytest.mark.anyio
async def test_forwarded_auth_scopes_continuations_per_caller(package) -> None:
    with Upstream() as up:
        up.route("GET", "/items", Reply.json(items(40)))
        env = {"RELY_BASE_URL": up.url, "RELY_BEARER": SECRET, "RELY_FORWARD_AUTH": "1"}
        with http_server(package, MODULE, env) as url:
            async with caller(url, "Bearer alice-TOKEN-1") as alice:
                first = await alice.call_tool("list_items", {})
                assert not first.is_error
                assert up.requests[-1].headers["authorization"] == "Bearer alice-TOKEN-1"
                cont_id = FOOTER.search(text(first)).group(1)
                async with caller(url, "Bearer bob-TOKEN-2") as bob:
                    stolen = await bob.call_tool("rely_continue", {"continuation_id": cont_id})
                    assert stolen.is_error and "Unknown continuation_id" in text(stolen)
                mine = await alice.call_tool("rely_continue", {"continuation_id": cont_id})
                assert not mine.is_error and '"n"' in text(mine)
            async with caller(url, None) as anonymous:
                refused = await anonymous.call_tool("list_items", {})
                assert refused.is_error and "Authorization header" in text(refused)
        assert all(SECRET not in json.dumps(r.headers) for r in up.requests)
