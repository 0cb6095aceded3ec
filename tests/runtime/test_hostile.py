"""Hostile input and credential hygiene: redirects, logs, continuation chunks, bad arguments."""

import io
import json
import logging
import re
from urllib.parse import quote

import pytest

from generator.runtime.config.auth import CredentialSet
from generator.runtime.config.redirects import redirect_policy
from generator.runtime.executor import ServerRuntime
from generator.runtime.config.log_redaction import RedactingFilter
from generator.runtime.continuations.continuation import MemoryContinuationStore
from generator.runtime.model import model_from_json
from generator.runtime.config.settings import Settings
from tests.support.upstream import Reply, Upstream

SECRET = "sk_live_RECOGNISABLE_SECRET_42"


def _tool(name: str, security: str, path: str = "/things/{id}") -> dict:
    return {
        "name": name,
        "input_schema": {
            "type": "object",
            "properties": {"id": {"type": "string"}, "note": {"type": "string"}},
            "required": ["id"],
            "additionalProperties": False,
        },
        "binding": {"kind": "http", "method": "GET", "path": path},
        "params": [
            {"arg": "id", "location": "path", "wire": "id", "required": True},
            {"arg": "note", "location": "query", "wire": "note"},
        ],
        "response": {"collection_path": None, "field_tree": None, "default_fields": []},
        "security": [security],
        "limits": {"chunk_threshold_tokens": 60, "chunk_tokens": 40},
    }


SPEC = {
    "server": {"name": "demo", "env_prefix": "DEMO", "base_url": "http://unused"},
    "credentials": [
        {
            "name": "q",
            "kind": "api_key",
            "location": "query",
            "param_name": "api_key",
            "env_vars": ["DEMO_KEY"],
        },
        {
            "name": "h",
            "kind": "api_key",
            "location": "header",
            "param_name": "X-Api-Key",
            "env_vars": ["DEMO_KEY"],
        },
        {"name": "b", "kind": "bearer", "env_vars": ["DEMO_KEY"]},
    ],
    "tools": [_tool("get_q", "q"), _tool("get_h", "h"), _tool("get_b", "b")],
}


def runtime(base_url: str, key: str = SECRET, redirect_to: str = "") -> ServerRuntime:
    """``redirect_to``: another origin the operator allows redirects to."""
    model = model_from_json(SPEC)
    return ServerRuntime(
        model,
        Settings(
            base_url=base_url,
            read_timeout=2,
            total_timeout=5,
            max_argument_bytes=10_000,
            redirects=redirect_policy([base_url], redirect_to, "DEMO"),
        ),
        credentials=CredentialSet(model.credentials, {"DEMO_KEY": key}),
    )


def nested(levels: int) -> list:
    value: list = []
    for _ in range(levels):
        value = [value]
    return value


def leaks(up: Upstream) -> list[str]:
    found = []
    for r in up.requests:
        seen = json.dumps([r.path, r.query, r.headers]) + r.body.decode("latin-1")
        if SECRET in seen:
            found.append(seen)
    return found


@pytest.fixture
def pair():
    with Upstream() as a, Upstream() as b:
        b.route("GET", "/landing", Reply.json({"id": "landed"}))
        a.route("GET", "/here", Reply.json({"id": "here"}))
        a.route(
            "GET",
            "/things/away",
            Reply(302, b"", {"Location": f"{b.url}/landing?api_key={SECRET}&x=1"}),
        )
        a.route("GET", "/things/home", Reply(307, b"", {"Location": "/here"}))
        yield a, b


@pytest.mark.anyio
@pytest.mark.parametrize("tool", ["get_q", "get_h", "get_b"])
async def test_redirects_to_another_host_carry_no_credentials(pair, tool) -> None:
    a, b = pair
    rt = runtime(a.url, redirect_to=b.url)  # allowed by the operator (<PREFIX>_REDIRECT_ORIGINS)
    out = await rt.call(tool, {"id": "away"})
    assert not out.is_error and json.loads(out.parts[0]) == {"id": "landed"}
    assert len(b.requests) == 1 and leaks(b) == []
    assert ("x", "1") in b.requests[0].query  # the rest of the Location is kept
    assert leaks(a)  # the original host did get the credential
    home = await rt.call(tool, {"id": "home"})  # same origin: credentials stay
    assert not home.is_error and a.requests[-1].path == "/here"
    assert SECRET in json.dumps([a.requests[-1].query, a.requests[-1].headers])
    await rt.aclose()


@pytest.mark.anyio
async def test_credentials_never_reach_logs_or_continuation_chunks(pair) -> None:
    a, _ = pair
    a.route(
        "GET",
        "/things/echo",
        lambda r: Reply.json([{"n": f"{i} seen {r.headers['x-api-key']}"} for i in range(40)]),
    )
    rt = runtime(a.url)
    root = logging.getLogger()
    raw, filtered = io.StringIO(), io.StringIO()
    raw_handler, handler = logging.StreamHandler(raw), logging.StreamHandler(filtered)
    # The filter redacts the record itself, so the unfiltered handler goes first.
    handler.addFilter(RedactingFilter(rt.credentials.secrets.redact))
    old = root.level
    root.addHandler(raw_handler)
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        await rt.call("get_q", {"id": "away"})  # httpx logs the URL with ?api_key=...
        logging.getLogger("demo").exception("failed with %s", SECRET)
        out = await rt.call("get_h", {"id": "echo"})
    finally:
        root.removeHandler(raw_handler)
        root.removeHandler(handler)
        root.setLevel(old)
    assert SECRET in raw.getvalue()  # without the filter it would leak
    assert "HTTP Request" in filtered.getvalue() and "[REDACTED]" in filtered.getvalue()
    assert SECRET not in filtered.getvalue()
    assert not out.is_error and "continuation_id" in out.parts[-1]
    assert SECRET not in "".join(out.parts)
    assert isinstance(rt.store, MemoryContinuationStore)  # the default store: entries readable
    stored = [p for e in rt.store._entries.values() for p in e.pages]
    assert stored and all(SECRET not in p for p in stored)
    assert any("[REDACTED]" in p for p in stored), stored[:1]
    await rt.aclose()


@pytest.mark.anyio
@pytest.mark.parametrize(
    "arguments",
    [
        {"id": "x", "extra": 1},
        {"id": 5.5},  # an integer would be coerced to the string "5" (coercion.py)
        {"id": ["a"]},
        {},
        {"id": "x" * 20_000},
        {"id": "x", "note": "y" * 20_000},
        {"id": "x", "note": nested(5000)},
    ],
)
async def test_bad_arguments_are_errors_and_nothing_is_sent(pair, arguments) -> None:
    a, _ = pair
    rt = runtime(a.url)
    out = await rt.call("get_h", arguments)
    assert out.is_error and "get_h" in out.parts[0] and len(out.parts[0]) < 2000
    assert a.requests == []
    await rt.aclose()


@pytest.mark.anyio
async def test_continuations_are_scoped_to_the_caller(pair) -> None:
    a, _ = pair
    a.route("GET", "/things/list", Reply.json([{"n": i, "text": "word " * 10} for i in range(40)]))
    rt = runtime(a.url)
    alice, bob = "auth:alice-principal", "auth:bob-principal"
    out = await rt.call("get_b", {"id": "list"}, scope=alice)
    cont_id = out.parts[-1].split('continuation_id="')[1].split('"')[0]
    stolen = await rt.call("demo_continue", {"continuation_id": cont_id}, scope=bob)
    assert stolen.is_error and "Unknown continuation_id" in stolen.parts[0]
    mine = await rt.call("demo_continue", {"continuation_id": cont_id}, scope=alice)
    assert not mine.is_error and '"n"' in mine.parts[0]
    await rt.aclose()


# An API key with '+', '/' and '=' travels percent-encoded in a query and JSON-escaped in bodies.
ODD = "Ab+cd/Ef==RECOGNISABLE"
ODD_FORMS = {
    "query echo, upper hex": quote(ODD, safe=""),
    "query echo, lower hex": re.sub(
        r"%[0-9A-F]{2}", lambda m: m.group(0).lower(), quote(ODD, safe="")
    ),
    "json-escaped slash": ODD.replace("/", "\\/"),
    "double encoded": quote(quote(ODD, safe=""), safe=""),
}


def odd_leaks(text: str) -> list[str]:
    return [name for name, form in {"raw": ODD, **ODD_FORMS}.items() if form in text]


@pytest.mark.anyio
@pytest.mark.parametrize("form", sorted(ODD_FORMS))
@pytest.mark.parametrize("status", [200, 400])
async def test_an_echoed_key_is_redacted_in_whatever_encoding_it_comes_back(form, status) -> None:
    with Upstream() as up:
        # The body is written by hand: the escapes are the upstream's, not json.dumps's.
        body = ('{"echo": "you sent api_key=' + ODD_FORMS[form] + '&page=2"}').encode()
        up.route("GET", "/things/echo", Reply(status, body))
        rt = runtime(up.url, ODD)
        out = await rt.call("get_q", {"id": "echo"})
        assert out.is_error == (status == 400)
        text = "\n".join(out.parts)
        assert odd_leaks(text) == [] and "api_key=[REDACTED]&page=2" in text, text
        await rt.aclose()


@pytest.mark.anyio
async def test_an_encoded_key_in_a_logged_url_is_redacted() -> None:
    with Upstream() as up:
        up.route("GET", "/things/x", Reply.json({"id": "x"}))
        rt = runtime(up.url, ODD)
        root = logging.getLogger()
        logged = io.StringIO()
        handler = logging.StreamHandler(logged)
        handler.addFilter(RedactingFilter(rt.credentials.secrets.redact))
        old = root.level
        root.addHandler(handler)
        root.setLevel(logging.INFO)
        try:
            await rt.call("get_q", {"id": "x"})  # httpx logs the URL: api_key=Ab%2Bcd%2FEf...
        finally:
            root.removeHandler(handler)
            root.setLevel(old)
        assert "HTTP Request" in logged.getvalue() and "api_key=[REDACTED]" in logged.getvalue()
        assert odd_leaks(logged.getvalue()) == []
        await rt.aclose()


@pytest.mark.anyio
@pytest.mark.parametrize("status", [200, 400])
async def test_a_cut_never_leaves_the_start_of_a_secret(status) -> None:
    """The 500-character error excerpt and the 300-character string cut both fall inside the
    secret: redaction must run on the body before either cut."""
    with Upstream() as up:
        text = "x" * 295 if status == 200 else "x" * 485  # after {"text": "
        up.route("GET", "/things/cut", Reply.json({"text": text + ODD + "y" * 50}, status))
        rt = runtime(up.url, ODD)
        out = await rt.call("get_q", {"id": "cut"})
        assert out.is_error == (status != 200)
        joined = "\n".join(out.parts)
        assert text in joined and ODD[:4] not in joined.replace(text, ""), joined[-200:]
        await rt.aclose()


@pytest.mark.anyio
async def test_a_secret_that_breaks_json_syntax_when_redacted_is_redacted_after_parsing() -> None:
    with Upstream() as up:
        up.route("GET", "/things/n", Reply.json({"n": 98765432, "m": [1, 98765432]}))
        rt = runtime(up.url, "98765432")
        out = await rt.call("get_q", {"id": "n", "fields": ["*"]})
        assert not out.is_error, out.parts
        assert json.loads(out.parts[0]) == {"n": "[REDACTED]", "m": [1, "[REDACTED]"]}
        await rt.aclose()


COOKIE_SPEC = {
    "server": {"name": "demo", "env_prefix": "DEMO", "base_url": "http://unused"},
    "credentials": [
        {
            "name": "c",
            "kind": "api_key",
            "location": "cookie",
            "param_name": "session",
            "env_vars": ["DEMO_SESSION"],
        }
    ],
    "tools": [
        {
            "name": "prefs",
            "input_schema": {
                "type": "object",
                "properties": {"pref": {"type": "string"}},
                "additionalProperties": False,
            },
            "binding": {"kind": "http", "method": "GET", "path": "/prefs"},
            "params": [{"arg": "pref", "location": "cookie", "wire": "pref"}],
            "response": {"collection_path": None, "field_tree": None, "default_fields": []},
            "security": ["c"],
        }
    ],
}


@pytest.mark.anyio
async def test_a_cookie_argument_cannot_add_or_override_a_cookie() -> None:
    with Upstream() as up:
        up.route("GET", "/prefs", lambda r: Reply.json({"cookie": r.headers.get("cookie")}))
        model = model_from_json(COOKIE_SPEC)
        rt = ServerRuntime(
            model,
            Settings(base_url=up.url, read_timeout=2, total_timeout=5),
            credentials=CredentialSet(model.credentials, {"DEMO_SESSION": "operator-session"}),
        )
        out = await rt.call("prefs", {"pref": "dark; session=attacker"})
        assert out.is_error and "Cookie argument 'pref' contains ' ', ';'" in out.parts[0]
        assert up.requests == []  # refused before anything was sent
        ok = await rt.call("prefs", {"pref": "dark"})
        assert not ok.is_error and up.requests[-1].headers["cookie"] in (
            "pref=dark; session=operator-session",
            "session=operator-session; pref=dark",
        )
        await rt.aclose()
