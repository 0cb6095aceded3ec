"""Fuzz the tool surface of a generated server (the committed GitHub example): arguments
drawn from each tool's input schema, mutated with wrong types, hostile strings and extra
keys. Every call must end in an Outcome (never an exception), never show a traceback, and
no request may escape the base path or carry a line break in a header."""

import asyncio
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from generator.runtime.config.auth import CredentialSet
from generator.runtime.executor import ServerRuntime
from generator.runtime.model import load_model
from generator.runtime.config.settings import Settings
from tests.support.paths import GENERATED
from tests.support.upstream import Reply, Upstream

MODEL = load_model(GENERATED / "github-mcp" / "src" / "github_mcp" / "spec.json")
TOOLS = sorted(t.name for t in MODEL.tools) + [MODEL.continue_tool_name]
HOSTILE = [
    "../",
    "%2e%2e/",
    "..",
    "?x=1",
    "#frag",
    "a@evil.com",
    "http://evil.com/x",
    "\r\nX-Injected: 1",
    "\x00",
    "é✓",
    "",
    " ",
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
strings = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=30),
    st.builds(lambda a, b: a + b, st.sampled_from(HOSTILE), st.text(max_size=5)),
)


def for_schema(schema: dict[str, Any]) -> st.SearchStrategy:
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "string":
        return strings
    if kind == "integer":
        low, high = schema.get("minimum", -(2**40)), schema.get("maximum", 2**40)
        return st.integers(min_value=int(low), max_value=int(high))
    if kind == "number":
        return st.floats(allow_nan=False, allow_infinity=False)
    if kind == "boolean":
        return st.booleans()
    if kind == "array":
        return st.lists(for_schema(schema.get("items") or {}), max_size=3)
    return json_values


@st.composite
def calls(draw: st.DrawFn) -> tuple[str, Any]:
    name = draw(st.sampled_from(TOOLS))
    tool = MODEL.tool(name)
    props = (
        tool.input_schema.get("properties", {}) if tool else {"continuation_id": {"type": "string"}}
    )
    required = set(tool.input_schema.get("required", [])) if tool else {"continuation_id"}
    args: dict[str, Any] = {}
    for key in sorted(props):
        roll = draw(st.integers(0, 19))  # mostly valid, so many calls reach the upstream
        if roll == 0:
            args[key] = draw(json_values)  # probably the wrong type
        elif key in required or (roll < 8 and key != "fields"):
            args[key] = draw(for_schema(props[key]))
    if draw(st.integers(0, 9)) == 0:
        args.update(draw(st.dictionaries(st.text(max_size=8), json_values, max_size=2)))
    if draw(st.integers(0, 19)) == 0:
        return name, draw(json_values)  # not even an object
    return name, args


@pytest.fixture(scope="module")
def harness():
    loop = asyncio.new_event_loop()
    with Upstream() as up:
        up.route("GET", "/user", Reply.json({"login": "me"}))
        rt = ServerRuntime(
            MODEL,
            Settings(base_url=up.url + "/api/v3", read_timeout=2, total_timeout=5, retries=0),
            credentials=CredentialSet(MODEL.credentials, {}),
        )
        yield loop, rt, up
        loop.run_until_complete(rt.aclose())
    loop.close()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(call=calls())
def test_any_arguments_give_an_outcome_never_a_crash(harness, call) -> None:
    loop, rt, up = harness
    name, arguments = call
    before = len(up.requests)
    outcome = loop.run_until_complete(rt.call(name, arguments))
    assert isinstance(outcome.parts, list) and outcome.parts
    joined = "\n".join(outcome.parts)
    assert "Traceback" not in joined and "Internal error" not in joined
    if outcome.is_error:
        assert joined.strip()
    event("sent upstream" if len(up.requests) > before else "refused before sending")
    for request in up.requests[before:]:
        assert request.path.startswith("/api/v3/"), request.path
        segments = request.path.split("/")
        assert ".." not in segments and "." not in segments, request.path
        assert all("\n" not in v and "\r" not in v for v in request.headers.values())
    if not isinstance(arguments, dict):
        assert outcome.is_error and len(up.requests) == before
