"""Upstream OAuth2 from the description: the runtime gets, caches, refreshes and renews its own
access tokens at a token endpoint served on 127.0.0.1 (tests/support/token_endpoint.py)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from generator.runtime.config.auth import CredentialSet
from generator.runtime.config.log_redaction import install_log_redaction
from generator.runtime.config.settings import settings_from_env
from generator.runtime.executor import ServerRuntime
from generator.runtime.model import ServerModel, load_model
from tests.support.notes_api import MODULE, make_package, notes
from tests.support.token_endpoint import CLIENT_ID, CLIENT_SECRET, TokenEndpoint
from tests.support.upstream import Reply, Upstream


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> ServerModel:
    package = make_package(tmp_path_factory.mktemp("notes"))
    return load_model(package / "src" / MODULE / "spec.json")


def runtime(model: ServerModel, up: Upstream, **env: str) -> ServerRuntime:
    environ = {"NOTES_BASE_URL": up.url, **env}
    return ServerRuntime(
        model,
        settings_from_env(model, environ),
        credentials=CredentialSet(model.credentials, environ),
    )


CLIENT = {"NOTES_OAUTH_CLIENT_ID": CLIENT_ID, "NOTES_OAUTH_CLIENT_SECRET": CLIENT_SECRET}


def serve_notes(up: Upstream, tokens: TokenEndpoint) -> None:
    up.route("GET", "/notes", tokens.protect(lambda r: Reply.json(notes(1, 3))))
    up.route(
        "GET", "/notes/{id}", tokens.protect(lambda r: Reply.json({"id": r.path[7:], "text": "x"}))
    )


def bearers(up: Upstream) -> list[str]:
    return [r.headers.get("authorization", "") for r in up.requests if r.path != "/oauth/token"]


@pytest.mark.anyio
async def test_client_credentials_from_the_descriptions_token_url_cached_between_calls(
    model,
) -> None:
    with Upstream() as up:
        tokens = TokenEndpoint(up)
        serve_notes(up, tokens)
        rt = runtime(model, up, **CLIENT)
        for _ in range(3):
            out = await rt.call("list_notes", {})
            assert not out.is_error, out.parts
        assert tokens.grants == [
            {"grant_type": "client_credentials", "scope": "notes:read notes:write"}
        ]
        assert bearers(up) == ["Bearer access-1-SECRET-TOKEN"] * 3
        await rt.aclose()


@pytest.mark.anyio
async def test_a_token_about_to_expire_is_refreshed_before_it_is_used(model) -> None:
    with Upstream() as up:
        tokens = TokenEndpoint(up, expires_in=20)  # inside the 30 s refresh margin
        serve_notes(up, tokens)
        rt = runtime(model, up, **CLIENT)
        for _ in range(2):
            assert not (await rt.call("list_notes", {})).is_error
        assert tokens.count("client_credentials") == 2
        assert bearers(up) == ["Bearer access-1-SECRET-TOKEN", "Bearer access-2-SECRET-TOKEN"]
        await rt.aclose()


@pytest.mark.anyio
async def test_eight_concurrent_calls_share_one_token_request(model) -> None:
    with Upstream() as up:
        tokens = TokenEndpoint(up)
        serve_notes(up, tokens)
        rt = runtime(model, up, **CLIENT)
        outs = await asyncio.gather(*(rt.call("get_note", {"id": str(i)}) for i in range(8)))
        assert not any(o.is_error for o in outs)
        assert tokens.count("client_credentials") == 1
        await rt.aclose()


@pytest.mark.anyio
async def test_a_rotating_refresh_token_survives_eight_concurrent_401s(model) -> None:
    """The upstream revokes the access token; 8 calls get 401 at once. One refresh runs (a
    second with the spent refresh token would be invalid_grant), all 8 retry and succeed."""
    with Upstream() as up:
        tokens = TokenEndpoint(up, refresh_token="refresh-0-SECRET")
        serve_notes(up, tokens)
        rt = runtime(
            model,
            up,
            NOTES_OAUTH="initial-SECRET-TOKEN",
            NOTES_OAUTH_REFRESH_TOKEN="refresh-0-SECRET",
            **CLIENT,
        )
        tokens.valid.add("initial-SECRET-TOKEN")
        assert not (await rt.call("get_note", {"id": "0"})).is_error
        assert tokens.grants == []  # the given access token was used as is
        tokens.revoke_all()
        outs = await asyncio.gather(*(rt.call("get_note", {"id": str(i)}) for i in range(8)))
        assert [o.is_error for o in outs] == [False] * 8, [o.parts for o in outs]
        assert tokens.count("refresh_token") == 1
        assert tokens.grants[0]["refresh_token"] == "refresh-0-SECRET"
        tokens.revoke_all()  # and again: the rotated refresh token is the one used now
        assert not (await rt.call("get_note", {"id": "9"})).is_error
        assert [g["refresh_token"] for g in tokens.grants] == [
            "refresh-0-SECRET",
            "refresh-1-SECRET",
        ]
        await rt.aclose()


@pytest.mark.anyio
async def test_a_401_is_renewed_and_retried_once_only(model) -> None:
    with Upstream() as up:
        tokens = TokenEndpoint(up)
        up.route("GET", "/notes/{id}", Reply.json({"message": "Bad credentials"}, 401))
        rt = runtime(model, up, **CLIENT)
        out = await rt.call("get_note", {"id": "1"})
        assert out.is_error and "HTTP 401" in out.parts[0]
        assert tokens.count("client_credentials") == 2  # the first token, one renewal
        assert len(bearers(up)) == 2  # the call, one retry
        await rt.aclose()


@pytest.mark.anyio
async def test_the_client_secret_goes_in_the_body_when_the_server_refuses_basic(model) -> None:
    with Upstream() as up:
        tokens = TokenEndpoint(up, post_only=True)
        serve_notes(up, tokens)
        rt = runtime(model, up, **CLIENT)
        assert not (await rt.call("list_notes", {})).is_error
        assert not (await rt.call("get_note", {"id": "1"})).is_error
        assert [g.get("client_id") for g in tokens.grants] == [None, CLIENT_ID]  # learned once
        await rt.aclose()


@pytest.mark.anyio
async def test_token_endpoint_failures_say_what_to_fix_and_leak_nothing(model, caplog) -> None:
    with Upstream() as up:
        TokenEndpoint(up, post_only=True)
        rt = runtime(
            model,
            up,
            NOTES_OAUTH_CLIENT_ID=CLIENT_ID,
            NOTES_OAUTH_CLIENT_SECRET="wrong-SECRET-9876",
        )
        install_log_redaction(rt.credentials.secrets.redact, logging.getLogger())
        out = await rt.call("list_notes", {})
        text = out.parts[0]
        assert out.is_error and "invalid_client" in text
        assert "NOTES_OAUTH_CLIENT_ID" in text and "NOTES_OAUTH_CLIENT_SECRET" in text
        assert "wrong-SECRET-9876" not in text and "[REDACTED]" in text  # echoed, redacted
        assert up.requests[-1].path == "/oauth/token"  # the API itself was never called
        await rt.aclose()
    with Upstream() as up:
        TokenEndpoint(up, refresh_token="another-refresh")  # serves `up`'s token URL
        rt = runtime(model, up, NOTES_OAUTH_REFRESH_TOKEN="spent-refresh-SECRET", **CLIENT)
        out = await rt.call("list_notes", {})
        assert out.is_error and "invalid_grant" in out.parts[0]
        assert "NOTES_OAUTH_REFRESH_TOKEN" in out.parts[0]
        await rt.aclose()


def test_a_client_id_without_its_secret_is_a_start_problem(model) -> None:
    creds = CredentialSet(model.credentials, {"NOTES_OAUTH_CLIENT_ID": CLIENT_ID})
    assert creds.problems() == [
        "Set both NOTES_OAUTH_CLIENT_ID and NOTES_OAUTH_CLIENT_SECRET (the OAuth client of"
        " security scheme 'oauth'), or neither."
    ]
    assert CredentialSet(model.credentials, CLIENT).problems() == []
