"""Base URLs per operation: the API's own, a server an operation declares (its variable wins),
a relative one, one the description leaves incomplete; and where the credentials go."""

from __future__ import annotations

import pytest

from generator.runtime.config.auth import CredentialSet
from generator.runtime.config.settings import settings_from_env
from generator.runtime.errors import ConfigurationError
from generator.runtime.executor import ServerRuntime
from generator.runtime.model import model_from_json
from tests.support.upstream import Reply, Upstream


def tool(name: str, server: str | None, security: list[str]) -> dict:
    binding = {"kind": "http", "method": "GET", "path": f"/{name}"}
    if server:
        binding["server"] = server
    return {
        "name": name,
        "input_schema": {"type": "object", "properties": {}, "additionalProperties": False},
        "binding": binding,
        "params": [],
        "response": {"collection_path": None},
        "security": security,
    }


SPEC: dict = {
    "server": {"name": "demo", "env_prefix": "DEMO", "base_url": "https://api.demo.test/v1"},
    "credentials": [{"name": "tok", "kind": "bearer", "env_vars": ["DEMO_TOKEN"]}],
    "servers": [
        {"key": "UPLOADS", "url": "https://uploads.demo.test"},
        {"key": "V2", "url": "/v2"},
        {"key": "SIGNED", "url": "https://"},
    ],
    "tools": [
        tool("own", None, ["tok"]),
        tool("upload", "UPLOADS", ["tok"]),
        tool("signed", "SIGNED", []),
        tool("report", "V2", ["tok"]),
    ],
}


def test_each_server_has_its_url_from_its_variable_or_the_description() -> None:
    model = model_from_json(SPEC)
    settings = settings_from_env(model, {"DEMO_UPLOADS_BASE_URL": "http://127.0.0.1:9/up"})
    assert settings.servers == {
        "UPLOADS": ("http://127.0.0.1:9/up", "DEMO_UPLOADS_BASE_URL"),
        "V2": ("https://api.demo.test/v2", "DEMO_V2_BASE_URL"),  # relative to the API's host
        "SIGNED": ("https://", "DEMO_SIGNED_BASE_URL"),
    }
    with pytest.raises(ConfigurationError, match="DEMO_V2_BASE_URL='v2' is not a usable URL"):
        settings_from_env(model, {"DEMO_V2_BASE_URL": "v2"})


@pytest.mark.anyio
async def test_calls_go_to_their_server_and_credentials_only_where_bound() -> None:
    model = model_from_json(SPEC)
    with Upstream() as api, Upstream() as other:
        for name in ("v1/own", "v2/report"):
            api.route("GET", f"/{name}", Reply.json({"id": name}))
        for name in ("upload", "signed"):
            other.route("GET", f"/{name}", Reply.json({"id": name}))
        env = {
            "DEMO_BASE_URL": api.url + "/v1",
            "DEMO_UPLOADS_BASE_URL": other.url,
            "DEMO_TOKEN": "env-token-1234",
        }
        runtime = ServerRuntime(
            model, settings_from_env(model, env), credentials=CredentialSet(model.credentials, env)
        )
        try:
            missing = await runtime.call("signed", {})
            assert missing.is_error
            assert "set DEMO_SIGNED_BASE_URL to that server's base URL" in missing.parts[0]
            runtime.settings.servers["SIGNED"] = (other.url, "DEMO_SIGNED_BASE_URL")
            for name in ("own", "upload", "signed", "report"):
                outcome = await runtime.call(name, {})
                assert not outcome.is_error, outcome.parts
        finally:
            await runtime.aclose()
    assert [r.path for r in api.requests] == ["/v1/own", "/v2/report"]
    assert [r.path for r in other.requests] == ["/upload", "/signed"]
    sent = {r.path: r.headers.get("authorization") for r in api.requests + other.requests}
    # the credential goes to the API's host and to another host whose operation requires it;
    # never to a host the description binds none to (security: [])
    assert sent == {
        "/v1/own": "Bearer env-token-1234",
        "/v2/report": "Bearer env-token-1234",
        "/upload": "Bearer env-token-1234",
        "/signed": None,
    }


def test_redirects_may_lead_to_the_declared_servers_and_the_operators_origins() -> None:
    data = {**SPEC, "server": {**SPEC["server"], "other_urls": ["https://eu.demo.test"]}}
    settings = settings_from_env(
        model_from_json(data), {"DEMO_REDIRECT_ORIGINS": "https://cdn.demo.test:8443"}
    )
    allowed = {f"{s}://{h}:{p}" for s, h, p in settings.redirects.origins}
    assert allowed == {
        "https://api.demo.test:443",
        "https://uploads.demo.test:443",
        "https://eu.demo.test:443",
        "https://cdn.demo.test:8443",
    }
    with pytest.raises(ConfigurationError, match="DEMO_REDIRECT_ORIGINS: 'cdn.demo.test'"):
        settings_from_env(model_from_json(SPEC), {"DEMO_REDIRECT_ORIGINS": "cdn.demo.test"})
