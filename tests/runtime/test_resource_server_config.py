"""Resource-server settings read from <PREFIX>_AUTH_* (or the --auth-* flags): complete, valid,
or a start error naming what to fix."""

from __future__ import annotations

import pytest

from generator.runtime.config.resource_server import resource_server_from_env
from generator.runtime.errors import ConfigurationError
from generator.runtime.mcp.http_auth import supported_scopes
from generator.runtime.model import model_from_json

TOOL = {
    "input_schema": {"type": "object"},
    "binding": {"kind": "http", "method": "GET", "path": "/x"},
    "response": {},
}
MODEL = model_from_json(
    {
        "server": {"name": "demo", "env_prefix": "DEMO", "base_url": "http://x"},
        "tools": [
            {**TOOL, "name": "a", "scopes": [["x:read"], ["x:admin"]]},
            {**TOOL, "name": "b", "scopes": [["x:write", "x:read"]]},
        ],
    }
)
BASE = {
    "DEMO_AUTH_ISSUER_URL": "https://login.example.com, https://other.example.com/tenant",
    "DEMO_AUTH_RESOURCE_URL": "https://mcp.example.com/mcp",
}


def test_nothing_set_is_no_authorization_and_a_full_set_is_read() -> None:
    assert resource_server_from_env(MODEL, {}) is None
    config = resource_server_from_env(
        MODEL, {**BASE, "DEMO_AUTH_REQUIRED_SCOPES": "mcp, mcp:use mcp"}
    )
    assert config is not None
    assert config.issuers == ("https://login.example.com", "https://other.example.com/tenant")
    assert config.required_scopes == ("mcp", "mcp:use") and config.tool_scopes
    assert supported_scopes(MODEL, config) == ["mcp", "mcp:use", "x:admin", "x:read", "x:write"]
    off = resource_server_from_env(MODEL, {**BASE, "DEMO_AUTH_TOOL_SCOPES": "off"})
    assert off is not None and not off.tool_scopes and supported_scopes(MODEL, off) == []


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"DEMO_AUTH_ISSUER_URL": "https://a.example"}, "DEMO_AUTH_RESOURCE_URL"),
        ({"DEMO_AUTH_JWKS_URL": "https://a.example/jwks"}, "DEMO_AUTH_ISSUER_URL and"),
        ({**BASE, "DEMO_AUTH_ISSUER_URL": "http://login.example.com"}, "must use https"),
        ({**BASE, "DEMO_AUTH_RESOURCE_URL": "https://mcp.example.com/mcp#x"}, "#fragment"),
        ({**BASE, "DEMO_AUTH_RESOURCE_URL": "mcp.example.com/mcp"}, "not an absolute"),
        ({**BASE, "DEMO_AUTH_CLIENT_ID": "rs"}, "DEMO_AUTH_CLIENT_SECRET"),
        ({**BASE, "DEMO_AUTH_TOOL_SCOPES": "maybe"}, "on or off"),
    ],
)
def test_incomplete_or_unsafe_settings_stop_the_server(env, said) -> None:
    with pytest.raises(ConfigurationError, match=said):
        resource_server_from_env(MODEL, env)


def test_loopback_may_use_http_and_a_flag_is_named_as_typed() -> None:
    local = {
        "DEMO_AUTH_ISSUER_URL": "http://127.0.0.1:9000",
        "DEMO_AUTH_RESOURCE_URL": "http://localhost:8000/mcp",
    }
    assert resource_server_from_env(MODEL, local) is not None
    sources = {"DEMO_AUTH_ISSUER_URL": "--auth-issuer-url"}
    with pytest.raises(ConfigurationError, match="--auth-issuer-url='ftp://x'"):
        resource_server_from_env(MODEL, {**BASE, "DEMO_AUTH_ISSUER_URL": "ftp://x"}, sources)
