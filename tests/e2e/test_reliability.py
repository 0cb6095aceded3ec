"""End to end with the real MCP client: a generated server survives every upstream fault (stdio).
Continuations scoped per caller over HTTP: tests/e2e/test_hosted_auth.py."""

import json
import time
from pathlib import Path

import pytest

from tests.support.faulty import FaultyUpstream, closed_port
from tests.support.rely import MODULE, make_package
from tests.support.servers import stdio_session
from tests.support.results import joined_text

SECRET = "rely_env_SECRET_0123456789"


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_package(tmp_path_factory.mktemp("rely"))


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
                body = joined_text(result)
                assert elapsed < 6.0, (
                    thing,
                    elapsed,
                )  # 3 s deadline; a drip lasts 22 s, a hang 30 s
                assert "Traceback" not in body and SECRET not in body
                if words is None:
                    assert not result.is_error, (thing, body)
                else:
                    assert result.is_error, (thing, body)
                    assert words in body, (thing, body)
                after = await session.call_tool("get_thing", {"id": "fine"})
                assert not after.is_error and json.loads(joined_text(after))["id"] == "fine"
            post = await session.call_tool("create_thing", {"id": "flaky", "name": "n"})
            assert post.is_error and faulty.hits[("POST", "flaky")] == 1
    env["RELY_BASE_URL"] = f"http://127.0.0.1:{closed_port()}"
    async with stdio_session(package, MODULE, env) as session:
        refused = await session.call_tool("get_thing", {"id": "x"})
        assert refused.is_error and "Could not reach" in joined_text(refused)
