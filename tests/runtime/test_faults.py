"""Upstream faults against a real misbehaving socket server: each call ends in bounded time
with a clear error (or an honest result), retries only where the method is idempotent."""

import json
import random
import time

import pytest

from generator.runtime.config.auth import CredentialSet
from generator.runtime.executor import ServerRuntime
from generator.runtime.model import model_from_json
from generator.runtime.outcome import Outcome
from generator.runtime.upstream.retry import RetryPolicy, backoff_delay, retry_after_seconds
from generator.runtime.config.settings import Settings
from tests.support.faulty import HUGE_BYTES, FaultyUpstream, closed_port


def _tool(name: str, method: str) -> dict:
    return {
        "name": name,
        "input_schema": {
            "type": "object",
            "properties": {"id": {"type": "string"}},
            "required": ["id"],
            "additionalProperties": False,
        },
        "binding": {"kind": "http", "method": method, "path": "/things/{id}"},
        "params": [{"arg": "id", "location": "path", "wire": "id", "required": True}],
        "response": {"collection_path": None, "field_tree": None, "default_fields": []},
    }


SPEC = {
    "server": {"name": "demo", "env_prefix": "DEMO", "base_url": "http://unused"},
    "credentials": [],
    "tools": [
        _tool("get_thing", "GET"),
        _tool("create_thing", "POST"),
        _tool("find_thing", "QUERY"),
    ],
}


def runtime(base_url: str, **settings) -> ServerRuntime:
    model = model_from_json(SPEC)
    values = {"read_timeout": 0.5, "connect_timeout": 0.5, "total_timeout": 3.0, **settings}
    return ServerRuntime(
        model, Settings(base_url=base_url, **values), credentials=CredentialSet((), {})
    )


@pytest.fixture
def faulty():
    with FaultyUpstream() as up:
        yield up


async def timed(rt: ServerRuntime, name: str, thing: str) -> tuple[Outcome, float]:
    started = time.monotonic()
    out = await rt.call(name, {"id": thing})
    return out, time.monotonic() - started


# Bounds tell the failure modes apart with room for a loaded machine: a fault that ends by itself
# (a read timeout and its retries, a refused or malformed answer) ends well before a 10 s total
# deadline; the dripping body, which only the total deadline stops, ends soon after its 3 s.
SLOW_DEADLINE = 10.0
BEFORE_DEADLINE = 6.0


@pytest.mark.anyio
@pytest.mark.parametrize(
    "thing, words, total, limit",
    [
        ("hang", "in time", SLOW_DEADLINE, BEFORE_DEADLINE),  # read timeout 0.5 s, two retries
        ("close", "connection failed", SLOW_DEADLINE, BEFORE_DEADLINE),
        (
            "drip",
            "total deadline of 3 s",
            3.0,
            5.0,
        ),  # each byte within 0.1 s: only the total stops it
        ("malformed", "not valid JSON", SLOW_DEADLINE, BEFORE_DEADLINE),
        ("html", "not valid JSON", SLOW_DEADLINE, BEFORE_DEADLINE),
        ("boom", "HTTP 500", SLOW_DEADLINE, BEFORE_DEADLINE),
    ],
)
async def test_each_fault_is_a_clear_error_in_bounded_time(
    faulty, thing, words, total, limit
) -> None:
    rt = runtime(faulty.url, total_timeout=total)
    out, elapsed = await timed(rt, "get_thing", thing)
    assert out.is_error, out.parts
    assert words in out.parts[0]
    assert "Traceback" not in out.parts[0]
    assert elapsed < limit
    ok = await rt.call("get_thing", {"id": "fine"})  # the runtime still works afterwards
    assert not ok.is_error and json.loads(ok.parts[0])["name"] == "fine"
    await rt.aclose()


@pytest.mark.anyio
async def test_refused_connection_and_empty_and_deep_bodies(faulty) -> None:
    refused = runtime(f"http://127.0.0.1:{closed_port()}", total_timeout=SLOW_DEADLINE)
    out, elapsed = await timed(refused, "get_thing", "x")
    assert out.is_error and "Could not reach" in out.parts[0] and elapsed < BEFORE_DEADLINE
    await refused.aclose()
    rt = runtime(faulty.url, total_timeout=SLOW_DEADLINE)
    empty = await rt.call("get_thing", {"id": "empty"})
    # a GET answered 200 with Content-Type application/json and no body: the README's fault
    assert empty.is_error and "empty body" in empty.parts[0]
    deep, elapsed = await timed(rt, "get_thing", "deep")  # 10,000 levels: refused, not a crash
    assert deep.is_error and elapsed < BEFORE_DEADLINE
    await rt.aclose()


@pytest.mark.anyio
async def test_a_50_mb_body_is_cut_off_while_read(faulty) -> None:
    rt = runtime(faulty.url, max_response_bytes=1024 * 1024, total_timeout=2 * SLOW_DEADLINE)
    out, elapsed = await timed(rt, "get_thing", "huge")
    assert out.is_error and "larger than 1048576 bytes" in out.parts[0]
    assert elapsed < SLOW_DEADLINE
    # The server could not push the whole 50 MB: the client stopped reading near the cap.
    time.sleep(0.3)
    assert faulty.sent["huge"] < HUGE_BYTES // 4
    assert faulty.hits[("GET", "huge")] == 1  # a size refusal is never retried
    await rt.aclose()


@pytest.mark.anyio
async def test_idempotent_calls_retry_then_succeed_but_posts_never_retry(faulty) -> None:
    rt = runtime(faulty.url)
    out = await rt.call("get_thing", {"id": "flaky"})
    assert not out.is_error and faulty.hits[("GET", "flaky")] == 3
    post = await rt.call("create_thing", {"id": "flaky"})
    assert post.is_error and "HTTP 503" in post.parts[0]
    assert faulty.hits[("POST", "flaky")] == 1
    # a QUERY (OpenAPI 3.2) is safe and idempotent: retried as a GET is
    found = await rt.call("find_thing", {"id": "flaky"})
    assert not found.is_error and faulty.hits[("QUERY", "flaky")] == 3
    await rt.aclose()
    no_retry = runtime(faulty.url, retries=0)
    faulty.fail_times = 10
    out = await no_retry.call("get_thing", {"id": "flaky"})
    assert out.is_error and faulty.hits[("GET", "flaky")] == 4
    await no_retry.aclose()


@pytest.mark.anyio
async def test_retry_after_is_honoured_within_the_deadline(faulty) -> None:
    rt = runtime(faulty.url)
    out, elapsed = await timed(rt, "get_thing", "limited")
    assert not out.is_error and faulty.hits[("GET", "limited")] == 2
    assert elapsed >= 1.0  # waited the Retry-After: 1 second, not the 0.25 s backoff
    await rt.aclose()
    faulty.hits.clear()
    faulty.retry_after = "30"  # longer than the 10 s deadline: answer now, say how long to wait
    rt = runtime(faulty.url, total_timeout=SLOW_DEADLINE)
    out, elapsed = await timed(rt, "get_thing", "limited")
    assert out.is_error and "HTTP 429" in out.parts[0] and "asks for 30 s" in out.parts[0]
    assert elapsed < BEFORE_DEADLINE and faulty.hits[("GET", "limited")] == 1
    await rt.aclose()


def test_retry_after_forms_and_backoff_bounds() -> None:
    assert retry_after_seconds("7") == 7.0
    assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412470.0) == 10.0
    assert retry_after_seconds("soon") is None and retry_after_seconds(None) is None
    policy = RetryPolicy(base_delay=0.5, max_delay=3.0)
    rng = random.Random(1)
    for attempt, ceiling in [(0, 0.5), (1, 1.0), (2, 2.0), (5, 3.0)]:
        delays = {backoff_delay(attempt, policy, rng) for _ in range(50)}
        assert all(ceiling / 2 <= d <= ceiling for d in delays)
        assert len(delays) > 1  # jittered
