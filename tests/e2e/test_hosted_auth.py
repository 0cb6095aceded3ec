"""A generated server as an OAuth 2.1 resource server (MCP authorization), end to end.

A real authorization server (npm oidc-provider on 127.0.0.1, tests/support/oidc.py) issues
signed JWT and opaque access tokens; the generated server runs over streamable HTTP with
``NOTES_AUTH_*``; the MCP SDK's client, with its OAuth support, finds the authorization server
through the server's Protected Resource Metadata and calls tools. Tokens for another audience,
expired, badly signed or lacking a tool's scope are refused with 401/403 and the
``WWW-Authenticate`` challenge the specification asks for.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator, Iterator

import httpx2
import pytest
from joserfc import jwt
from joserfc.jwk import RSAKey
from mcp import Client
from mcp.client.auth.extensions.client_credentials import ClientCredentialsOAuthProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken

from generator.runtime.model import load_model
from tests.support.notes_api import MODULE, make_package, notes
from tests.support.oidc import AuthorizationServer, Client as OAuthClient, Unreachable
from tests.support.oidc import authorization_server
from tests.support.servers import http_server, package_env
from tests.support.upstream import Reply, Upstream
from tests.support.results import joined_text

UPSTREAM_TOKEN = "upstream-service-TOKEN-0123456789"
AGENT = OAuthClient("agent", "agent-secret-0123456789", "notes:read notes:write")
READER = OAuthClient("reader", "reader-secret-0123456789", "notes:read")
OPAQUE = OAuthClient("opaque-agent", "opaque-secret-0123456789", "notes:read notes:write")
SERVER = OAuthClient("notes-mcp", "introspection-secret-0123456789", "")
OTHER_RESOURCE = "http://127.0.0.1:9/other"


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_package(tmp_path_factory.mktemp("notes"))


class Hosted:
    def __init__(self, url: str, auth: AuthorizationServer, upstream: Upstream):
        self.url = url
        self.auth = auth
        self.upstream = upstream

    @property
    def metadata_url(self) -> str:
        return self.url.replace("/mcp", "/.well-known/oauth-protected-resource/mcp")


@pytest.fixture(scope="module")
def hosted(package: Path) -> Iterator[Hosted]:
    scopes = "notes:read notes:write"
    try:
        context = authorization_server(
            scopes,
            [AGENT, READER, OPAQUE],
            resources={OTHER_RESOURCE: scopes},
            introspector=SERVER,
        )
        auth = context.__enter__()
    except Unreachable as exc:
        pytest.skip(f"oidc-provider not available: {exc}")
    try:
        with Upstream() as up:
            up.route(
                "GET", "/notes", lambda r: Reply.json(notes(int(dict(r.query).get("page", 1))))
            )
            up.route("GET", "/status", Reply.json({"ok": True}))

            def env(port: int) -> dict[str, str]:
                return {
                    "NOTES_BASE_URL": up.url,
                    "NOTES_OAUTH": UPSTREAM_TOKEN,
                    "NOTES_AUTH_ISSUER_URL": auth.issuer,
                    "NOTES_AUTH_RESOURCE_URL": f"http://127.0.0.1:{port}/mcp",
                    "NOTES_AUTH_CLIENT_ID": SERVER.client_id,
                    "NOTES_AUTH_CLIENT_SECRET": SERVER.client_secret,
                }

            with http_server(package, MODULE, env) as url:
                yield Hosted(url, auth, up)
    finally:
        context.__exit__(None, None, None)


class MemoryStorage:
    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client = client_info


@asynccontextmanager
async def mcp_client(
    url: str, auth: httpx2.Auth | None = None, **headers: str
) -> AsyncIterator[Client]:
    async with httpx2.AsyncClient(auth=auth, headers=headers, timeout=30) as http:
        async with Client(streamable_http_client(url, http_client=http)) as client:
            yield client


def rpc_call(tool: str, arguments: dict) -> bytes:
    message = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": tool, "arguments": arguments},
    }
    return json.dumps(message).encode()


def post(hosted: Hosted, body: bytes, token: str | None) -> httpx2.Response:
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return httpx2.post(hosted.url, content=body, headers=headers, timeout=30)


def challenge(response: httpx2.Response) -> str:
    return response.headers.get("www-authenticate", "")


@pytest.mark.anyio
async def test_the_mcp_client_finds_the_authorization_server_and_calls_a_tool(hosted) -> None:
    provider = ClientCredentialsOAuthProvider(
        server_url=hosted.url,
        storage=MemoryStorage(),
        client_id=AGENT.client_id,
        client_secret=AGENT.client_secret,
        issuer=hosted.auth.issuer,
    )
    async with mcp_client(hosted.url, provider) as client:
        result = await client.call_tool("list_notes", {})
        assert not result.is_error, joined_text(result)
        assert '"note 0' in joined_text(result)
    token = provider.context.current_tokens
    assert token is not None and set((token.scope or "").split()) == {"notes:read", "notes:write"}
    # The upstream got the server's own credential, never the caller's token (no passthrough).
    sent = [r.headers.get("authorization") for r in hosted.upstream.requests]
    assert sent and set(sent) == {f"Bearer {UPSTREAM_TOKEN}"}


def test_protected_resource_metadata_names_the_issuer_and_every_scope(hosted) -> None:
    metadata = httpx2.get(hosted.metadata_url).json()
    assert metadata["resource"] == hosted.url
    assert metadata["authorization_servers"] == [hosted.auth.issuer]
    assert metadata["scopes_supported"] == ["notes:read", "notes:write"]


def test_a_missing_token_gets_401_with_the_metadata_url(hosted) -> None:
    refused = post(hosted, rpc_call("get_status", {}), None)
    assert refused.status_code == 401
    assert f'resource_metadata="{hosted.metadata_url}"' in challenge(refused)


def test_tokens_for_another_audience_expired_or_badly_signed_get_401(hosted) -> None:
    auth = hosted.auth
    now = int(time.time())
    claims = {
        "iss": auth.issuer,
        "aud": hosted.url,
        "client_id": "agent",
        "sub": "agent",
        "scope": "notes:read notes:write",
        "iat": now,
        "exp": now + 300,
    }
    assert post(hosted, rpc_call("get_status", {}), auth.mint(claims)).status_code == 200
    other_key = RSAKey.generate_key(2048, parameters={"kid": "k1"})
    refused = {
        "another audience": auth.token("agent", OTHER_RESOURCE, "notes:read"),
        "expired": auth.mint({**claims, "iat": now - 900, "exp": now - 600}),
        "not yet valid": auth.mint({**claims, "nbf": now + 600}),
        "another issuer": auth.mint({**claims, "iss": "http://127.0.0.1:9"}),
        "bad signature": auth.mint(claims, key=other_key),
        "unknown key": auth.mint(claims, kid="k-unknown"),
        "not a token": "garbage-" + "x" * 40,
    }
    for case, token in refused.items():
        response = post(hosted, rpc_call("get_status", {}), token)
        assert response.status_code == 401, case
        assert 'error="invalid_token"' in challenge(response), case
        assert f'resource_metadata="{hosted.metadata_url}"' in challenge(response), case


def test_a_jwt_typed_jwt_instead_of_at_jwt_gets_401(hosted) -> None:
    """RFC 9068 section 4: an access token JWT is typed at+jwt; an ID token or any other JWT
    signed by the same issuer is not an access token (NOTES_AUTH_ALLOW_PLAIN_JWT=1 relents)."""
    auth = hosted.auth
    now = int(time.time())
    claims = {
        "iss": auth.issuer,
        "aud": hosted.url,
        "client_id": "agent",
        "sub": "agent",
        "scope": "notes:read",
        "iat": now,
        "exp": now + 300,
    }
    typed = jwt.encode({"alg": "RS256", "typ": "at+jwt", "kid": "k1"}, claims, auth.key)
    plain = jwt.encode({"alg": "RS256", "typ": "JWT", "kid": "k1"}, claims, auth.key)
    assert post(hosted, rpc_call("get_status", {}), typed).status_code == 200
    refused = post(hosted, rpc_call("get_status", {}), plain)
    assert refused.status_code == 401 and 'error="invalid_token"' in challenge(refused)


def test_a_token_without_the_tools_scope_gets_403_insufficient_scope(hosted) -> None:
    token = hosted.auth.token("reader", hosted.url, "notes:read")
    allowed = post(hosted, rpc_call("get_status", {}), token)
    assert allowed.status_code == 200, allowed.text
    before = len(hosted.upstream.requests)
    refused = post(hosted, rpc_call("delete_note", {"id": "1"}), token)
    assert refused.status_code == 403
    www = challenge(refused)
    assert 'error="insufficient_scope"' in www and 'scope="notes:write"' in www
    assert f'resource_metadata="{hosted.metadata_url}"' in www
    assert len(hosted.upstream.requests) == before  # nothing was sent


@pytest.mark.anyio
async def test_the_client_steps_up_to_the_scope_the_403_challenge_names(hosted) -> None:
    storage = MemoryStorage()  # holds a token for notes:read only
    read_only = hosted.auth.token("agent", hosted.url, "notes:read")
    storage.tokens = OAuthToken(access_token=read_only, scope="notes:read", expires_in=300)
    provider = ClientCredentialsOAuthProvider(
        server_url=hosted.url,
        storage=storage,
        client_id=AGENT.client_id,
        client_secret=AGENT.client_secret,
        scope="notes:read",
        issuer=hosted.auth.issuer,
    )
    hosted.upstream.route("DELETE", "/notes/{id}", Reply(204, b""))
    async with mcp_client(hosted.url, provider) as client:
        result = await client.call_tool("delete_note", {"id": "7"})
        assert not result.is_error, joined_text(result)
    assert provider.context.current_tokens is not None
    scope = provider.context.current_tokens.scope or ""
    assert set(scope.split()) == {"notes:read", "notes:write"}
    assert [r.path for r in hosted.upstream.requests if r.method == "DELETE"] == ["/notes/7"]


@pytest.mark.anyio
async def test_an_opaque_token_is_introspected(hosted) -> None:
    token = hosted.auth.token("opaque-agent", hosted.url, "notes:read")
    assert token.count(".") == 0  # not a JWT
    async with mcp_client(hosted.url, Authorization=f"Bearer {token}") as client:
        result = await client.call_tool("get_status", {})
        assert not result.is_error and '"ok":true' in joined_text(result).replace(" ", "")
    other = hosted.auth.token("opaque-agent", OTHER_RESOURCE, "notes:read")
    assert post(hosted, rpc_call("get_status", {}), other).status_code == 401


@pytest.mark.anyio
async def test_continuations_belong_to_the_principal_that_made_them(hosted) -> None:
    alice = hosted.auth.token("agent", hosted.url, "notes:read notes:write")
    bob = hosted.auth.token("reader", hosted.url, "notes:read")
    async with mcp_client(hosted.url, Authorization=f"Bearer {alice}") as client:
        first = await client.call_tool("list_notes", {})
        cont_id = joined_text(first).split('continuation_id="')[1].split('"')[0]
        async with mcp_client(hosted.url, Authorization=f"Bearer {bob}") as other:
            stolen = await other.call_tool("notes_continue", {"continuation_id": cont_id})
            assert stolen.is_error and "Unknown continuation_id" in joined_text(stolen)
        mine = await client.call_tool("notes_continue", {"continuation_id": cont_id})
        assert not mine.is_error, joined_text(mine)


def test_half_configured_authorization_is_refused_at_start(package) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            MODULE,
            "--transport",
            "http",
            "--auth-issuer-url",
            "https://a.example",
        ],
        env=package_env(package, {"NOTES_BASE_URL": "http://127.0.0.1:9"}),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "NOTES_AUTH_RESOURCE_URL" in done.stderr and "--auth-issuer-url" not in done.stdout


def test_listening_beyond_loopback_without_authorization_warns(package) -> None:
    from generator.runtime.mcp.app import exposure_warning

    model = load_model(package / "src" / MODULE / "spec.json")
    for host in ("0.0.0.0", "::", "192.0.2.1", "mcp.example.com"):
        warning = exposure_warning(model, host, None)
        assert warning is not None and warning.startswith(
            f"serving on {host} without authorization"
        )
        assert "NOTES_AUTH_ISSUER_URL" in warning
    for host in ("127.0.0.1", "127.0.0.2", "::1", "localhost"):
        assert exposure_warning(model, host, None) is None
    assert exposure_warning(model, "0.0.0.0", object()) is None  # authorization configured
