"""The operation logic without MCP: a real local upstream, the runtime's own executor."""

import json
import logging
import time

import pytest

from generator.runtime.config.auth import CredentialSet
from generator.runtime.executor import ServerRuntime
from generator.runtime.model import model_from_json
from generator.runtime.config.settings import Settings
from tests.support.upstream import Recorded, Reply, Upstream

SPEC: dict = {
    "server": {"name": "demo", "env_prefix": "DEMO", "base_url": "http://unused"},
    "credentials": [{"name": "tok", "kind": "bearer", "env_vars": ["DEMO_TOKEN"]}],
    "tools": [
        {
            "name": "get_thing",
            "input_schema": {
                "type": "object",
                "properties": {
                    "id": {"type": "string"},
                    "fields": {"type": "array", "items": {"type": "string"}},
                },
                "required": ["id"],
                "additionalProperties": False,
            },
            "binding": {"kind": "http", "method": "GET", "path": "/things/{id}"},
            "params": [{"arg": "id", "location": "path", "wire": "id", "required": True}],
            "response": {
                "collection_path": None,
                "field_tree": {"id": "string", "name": "string", "body": "string"},
                "default_fields": ["id", "name"],
            },
            "security": ["tok"],
        }
    ],
}
SECRET = "sk_live_RECOGNISABLE_SECRET_42"


def slow(request: Recorded) -> Reply:
    time.sleep(4.0)  # far past the 0.5 s read timeout, so a bound with room tells them apart
    return Reply.json({"id": "late"})


@pytest.fixture
def upstream():
    with Upstream() as up:
        up.route(
            "GET",
            "/things/ok",
            Reply.json({"id": "ok", "name": "Thing", "body": "x" * 5000, "extra": 1}),
        )
        up.route(
            "GET",
            "/things/html",
            Reply(200, b"<html>oops</html>", {"Content-Type": "application/json"}),
        )
        up.route("GET", "/things/text", Reply(200, b"plain words", {"Content-Type": "text/plain"}))
        up.route("GET", "/things/empty", Reply(204, b"", {}))
        up.route(
            "GET",
            "/things/boom",
            Reply(500, b"internal failure " + b"y" * 5000, {"Content-Type": "text/plain"}),
        )
        up.route(
            "GET",
            "/things/echo",
            lambda r: Reply.json({"id": "echo", "name": r.headers["authorization"]}),
        )
        up.route("GET", "/things/slow", slow)
        up.route("GET", "/things/deep", Reply(200, b"[" * 100_000 + b"]" * 100_000))
        yield up


def runtime(base_url: str, **settings) -> ServerRuntime:
    model = model_from_json(SPEC)
    return ServerRuntime(
        model,
        Settings(base_url=base_url, **settings),
        credentials=CredentialSet(model.credentials, {"DEMO_TOKEN": SECRET}),
    )


@pytest.mark.anyio
async def test_success_is_shaped_to_the_default_fields(upstream) -> None:
    rt = runtime(upstream.url)
    out = await rt.call("get_thing", {"id": "ok"})
    assert not out.is_error
    assert json.loads(out.parts[0]) == {"id": "ok", "name": "Thing"}
    full = await rt.call("get_thing", {"id": "ok", "fields": ["body"]})
    body = json.loads(full.parts[0])["body"]
    assert body.startswith("xxx") and "more chars" in body and len(body) < 400
    await rt.aclose()


@pytest.mark.anyio
async def test_bodies_that_are_not_what_they_claim(upstream) -> None:
    rt = runtime(upstream.url)
    html = await rt.call("get_thing", {"id": "html"})
    assert html.is_error and "not valid JSON" in html.parts[0] and "<html>" in html.parts[0]
    text = await rt.call("get_thing", {"id": "text"})
    assert not text.is_error and text.parts[0] == "plain words"
    empty = await rt.call("get_thing", {"id": "empty"})
    assert not empty.is_error and "HTTP 204" in empty.parts[0]
    deep = await rt.call("get_thing", {"id": "deep"})
    assert deep.is_error
    await rt.aclose()


@pytest.mark.anyio
async def test_upstream_failures_are_bounded_errors(upstream) -> None:
    rt = runtime(upstream.url, read_timeout=0.5, retries=0)  # retries: tests/runtime/test_faults.py
    boom = await rt.call("get_thing", {"id": "boom"})
    assert boom.is_error and "HTTP 500" in boom.parts[0] and len(boom.parts[0]) < 1000
    started = time.monotonic()
    late = await rt.call("get_thing", {"id": "slow"})
    assert late.is_error and "in time" in late.parts[0]
    assert time.monotonic() - started < 3.0
    await rt.aclose()
    refused = runtime("http://127.0.0.1:9")
    out = await refused.call("get_thing", {"id": "ok"})
    assert out.is_error and "Could not reach" in out.parts[0]
    await refused.aclose()


@pytest.mark.anyio
async def test_secrets_never_leave_and_unknown_things_are_explained(upstream) -> None:
    rt = runtime(upstream.url)
    echo = await rt.call("get_thing", {"id": "echo"})
    assert SECRET not in "".join(echo.parts) and "[REDACTED]" in echo.parts[0]
    assert upstream.requests[-1].headers["authorization"] == f"Bearer {SECRET}"
    unknown = await rt.call("get_thng", {})
    assert unknown.is_error and "get_thing" in unknown.parts[0]
    bad_field = await rt.call("get_thing", {"id": "ok", "fields": ["nmae"]})
    assert bad_field.is_error and "name" in bad_field.parts[0]
    cont = await rt.call("demo_continue", {})
    assert cont.is_error and "continuation_id" in cont.parts[0]
    n = len(upstream.requests)
    await rt.call("get_thing", {"id": ["5"]})  # wrong type (not a safe coercion): nothing sent
    assert len(upstream.requests) == n
    await rt.aclose()


@pytest.mark.anyio
async def test_pages_too_big_for_the_store_are_a_tool_error_not_a_crash(upstream) -> None:
    from generator.runtime.continuations.continuation import MemoryContinuationStore

    model = model_from_json(SPEC)
    big = [{"id": str(i), "name": "word " * 40} for i in range(400)]
    upstream.route("GET", "/things/big", Reply.json({"id": "big", "name": "x", "body": big}))
    rt = ServerRuntime(
        model,
        Settings(base_url=upstream.url),
        credentials=CredentialSet(model.credentials, {}),
        store=MemoryContinuationStore(max_bytes=2000),
    )
    small = model.tools[0].limits.__class__(chunk_threshold_tokens=500, chunk_tokens=400)
    object.__setattr__(model.tools[0], "limits", small)
    out = await rt.call("get_thing", {"id": "big", "fields": ["*"], "detail_level": "detailed"})
    assert out.is_error and "narrow the request" in out.parts[0]
    await rt.aclose()


def _method_tool(method: str) -> dict:
    return {
        "name": f"{method.lower()}_thing",
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


JSON = {"Content-Type": "application/json"}


@pytest.mark.anyio
@pytest.mark.parametrize(
    "method, status, headers, body, is_error",
    [
        ("GET", 200, JSON, b"", True),  # a read that promised JSON and sent nothing
        ("GET", 200, {"Content-Type": "application/problem+json"}, b" \n", True),
        ("GET", 204, JSON, b"", False),
        ("GET", 202, JSON, b"", False),  # accepted, not ready: not an error on any method
        ("GET", 200, {"Content-Type": "text/plain"}, b"", False),  # promised nothing
        ("GET", 200, {}, b"", False),
        ("HEAD", 200, JSON, b"", False),
        ("POST", 200, JSON, b"", False),  # an empty 2xx on a write is "done"
        ("POST", 201, JSON, b"", False),
        ("PUT", 200, JSON, b"", False),
        ("PATCH", 202, JSON, b"", False),
        ("DELETE", 200, JSON, b"", False),
    ],
)
async def test_an_empty_body_is_success_or_error_by_method_and_status(
    method, status, headers, body, is_error
) -> None:
    spec = {**SPEC, "credentials": [], "tools": [_method_tool(method)]}
    with Upstream() as up:
        up.route(method, "/things/x", Reply(status, body, headers))
        rt = ServerRuntime(model_from_json(spec), Settings(base_url=up.url, retries=0))
        out = await rt.call(f"{method.lower()}_thing", {"id": "x"})
        assert out.is_error == is_error, out.parts
        if is_error:
            assert f"HTTP {status} for GET /things/{{id}}" in out.parts[0]
            assert "empty body" in out.parts[0]
        else:
            done = {201: "Created: HTTP 201, no content."}.get(
                status, f"Done: HTTP {status}, no content."
            )
            if status == 202:
                done = (
                    "Accepted: HTTP 202, the upstream accepted the request; the result is not"
                    " ready yet."
                )
            assert out.parts == [done]
        await rt.aclose()


@pytest.mark.anyio
@pytest.mark.parametrize("method", ["GET", "POST", "DELETE"])
async def test_a_202_with_an_empty_body_is_accepted_and_says_where_and_when_to_look(
    method: str,
) -> None:
    spec = {**SPEC, "credentials": [], "tools": [_method_tool(method)]}
    headers = {**JSON, "Location": "/jobs/42", "Retry-After": "30"}
    with Upstream() as up:
        up.route(method, "/things/x", Reply(202, b"", headers))
        rt = ServerRuntime(model_from_json(spec), Settings(base_url=up.url, retries=0))
        out = await rt.call(f"{method.lower()}_thing", {"id": "x"})
        await rt.aclose()
    assert not out.is_error
    assert out.parts == [
        "Accepted: HTTP 202, the upstream accepted the request; the result is not ready yet;"
        " Location: /jobs/42 (where the result will be); the upstream asks to check again"
        " after 30 s."
    ]


SCOPED = {
    "server": {"name": "demo", "env_prefix": "DEMO", "base_url": "http://unused"},
    "tools": [
        {
            "name": "list_issues",
            "input_schema": {
                "type": "object",
                "properties": {"owner": {"type": "string"}, "repo": {"type": "string"}},
                "required": ["owner", "repo"],
                "additionalProperties": False,
            },
            "binding": {"kind": "http", "method": "GET", "path": "/repos/{owner}/{repo}/issues"},
            "params": [
                {"arg": "owner", "location": "path", "wire": "owner", "required": True},
                {"arg": "repo", "location": "path", "wire": "repo", "required": True},
            ],
            "response": {"collection_path": ""},
        }
    ],
}


def issue(n: int, repo: str) -> dict:
    return {"number": n, "title": f"Issue {n}", "state": "open", "updated_at": "2026-11-01T10:00:00Z",
            "repository": {"id": 9, "full_name": repo}}  # fmt: skip


@pytest.mark.anyio
async def test_list_items_leave_out_the_relation_the_caller_named() -> None:
    with Upstream() as up:
        up.route(
            "GET",
            "/repos/octocat/hello/issues",
            Reply.json([issue(1, "octocat/hello"), issue(2, "octocat/hello")]),
        )
        up.route("GET", "/repos/octocat/mixed/issues",
                 Reply.json([issue(1, "octocat/mixed"), issue(2, "octocat/other")]))  # fmt: skip
        rt = ServerRuntime(model_from_json(SCOPED), Settings(base_url=up.url))
        same = json.loads(
            (await rt.call("list_issues", {"owner": "octocat", "repo": "hello"})).parts[0]
        )
        assert [i["number"] for i in same] == [1, 2] and all("repository" not in i for i in same)
        mixed = json.loads(
            (await rt.call("list_issues", {"owner": "octocat", "repo": "mixed"})).parts[0]
        )
        assert [i["repository"]["full_name"] for i in mixed] == ["octocat/mixed", "octocat/other"]
        asked = await rt.call(
            "list_issues", {"owner": "octocat", "repo": "hello", "fields": ["repository"]}
        )
        assert "octocat/hello" in asked.parts[0]  # asked for: shown
        await rt.aclose()


@pytest.mark.anyio
async def test_a_response_that_does_not_fit_its_description_is_shaped_and_logged(caplog) -> None:
    # the description promises {id, name, body}; the upstream sends other members
    spec = {**SPEC, "credentials": [], "tools": [{**SPEC["tools"][0], "security": []}]}
    other = {"uid": "t-1", "title": "First", "size": 3, "colour": "red", "notes": "x" * 50}
    with Upstream() as up:
        up.route("GET", "/things/odd", Reply.json(other))
        up.route("GET", "/things/ok", Reply.json({"id": "ok", "name": "Thing"}))
        rt = ServerRuntime(model_from_json(spec), Settings(base_url=up.url, retries=0))
        with caplog.at_level(logging.WARNING, logger="generator.runtime.executor"):
            out = await rt.call("get_thing", {"id": "odd"})
        shaped = json.loads(out.parts[0])
        assert shaped["uid"] == "t-1" and shaped["title"] == "First"  # read from the response
        assert [r.getMessage() for r in caplog.records] == [
            "get_thing: the response did not match its description (only wrapper metadata "
            "was left); the agent got default fields read from the response"
        ]
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="generator.runtime.executor"):
            await rt.call("get_thing", {"id": "ok"})
        assert not caplog.records  # a response that fits says nothing
        await rt.aclose()
