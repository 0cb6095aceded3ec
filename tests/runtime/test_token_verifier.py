"""The resource server's token verifier against an authorization server played over real HTTP
on 127.0.0.1 (metadata, JWKS and introspection served by tests/support/upstream.py): key
rotation, the refetch rate limit, introspection, and what it refuses."""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import parse_qsl

import pytest
from joserfc import jws, jwt
from joserfc.jwk import ECKey, OctKey, RSAKey

from generator.runtime.config.resource_server import ResourceServerConfig
from generator.runtime.mcp import token_verifier
from generator.runtime.mcp.token_verifier import ResourceTokenVerifier
from tests.support.upstream import Recorded, Reply, Upstream

RESOURCE = "https://mcp.example.com/mcp"


def key(kid: str) -> RSAKey:
    return RSAKey.generate_key(2048, parameters={"kid": kid, "use": "sig"})


class AuthServer:
    """Metadata at the RFC 8414 location, a JWKS that can rotate, introspection answers."""

    def __init__(self, up: Upstream, keys: list[Any]):
        self.up = up
        self.keys = keys
        self.active: dict[str, dict[str, Any]] = {}
        up.route("GET", "/.well-known/oauth-authorization-server", self.metadata)
        up.route(
            "GET",
            "/jwks",
            lambda r: Reply.json({"keys": [k.as_dict(private=False) for k in self.keys]}),
        )
        up.route("POST", "/introspect", self.introspect)

    @property
    def issuer(self) -> str:
        return self.up.url

    def metadata(self, _: Recorded) -> Reply:
        return Reply.json(
            {
                "issuer": self.issuer,
                "jwks_uri": f"{self.issuer}/jwks",
                "introspection_endpoint": f"{self.issuer}/introspect",
                "token_endpoint": f"{self.issuer}/token",
            }
        )

    def introspect(self, request: Recorded) -> Reply:
        token = dict(parse_qsl(request.body.decode()))["token"]
        return Reply.json(self.active.get(token, {"active": False}))

    def count(self, path: str) -> int:
        return sum(r.path == path for r in self.up.requests)

    def claims(self, **more: Any) -> dict[str, Any]:
        now = int(time.time())
        return {
            "iss": self.issuer,
            "aud": RESOURCE,
            "sub": "u1",
            "client_id": "c1",
            "exp": now + 300,
            **more,
        }


def sign(signer: Any, claims: dict[str, Any], alg: str = "RS256", **header: Any) -> str:
    return jwt.encode({"alg": alg, "kid": signer.kid, "typ": "at+jwt", **header}, claims, signer)


def verifier(issuer: str, **config: Any) -> ResourceTokenVerifier:
    return ResourceTokenVerifier(
        ResourceServerConfig(issuers=(issuer,), resource_url=RESOURCE, **config)
    )


@pytest.mark.anyio
async def test_a_good_jwt_gives_its_client_subject_scopes_and_audience() -> None:
    k1 = key("k1")
    with Upstream() as up:
        server = AuthServer(up, [k1])
        v = verifier(server.issuer)
        token = await v.verify_token(sign(k1, server.claims(scope="a b", aud=["x", RESOURCE])))
        assert token is not None
        assert (token.client_id, token.subject, token.scopes, token.resource) == (
            "c1",
            "u1",
            ["a", "b"],
            RESOURCE,
        )
        assert token.claims == {"iss": server.issuer}
        await v.aclose()


@pytest.mark.anyio
async def test_a_new_signing_key_is_fetched_once_and_unknown_keys_cannot_flood_the_server(
    monkeypatch,
) -> None:
    k1, k2 = key("k1"), key("k2")
    with Upstream() as up:
        server = AuthServer(up, [k1])
        v = verifier(server.issuer)
        assert await v.verify_token(sign(k1, server.claims())) is not None
        assert await v.verify_token(sign(k1, server.claims())) is not None
        assert server.count("/jwks") == 1  # cached
        server.keys = [k2, k1]  # the authorization server rotates
        assert await v.verify_token(sign(k2, server.claims())) is not None
        assert server.count("/jwks") == 2  # one refetch for the unknown kid
        stranger = key("k-stranger")
        for _ in range(5):
            assert await v.verify_token(sign(stranger, server.claims())) is None
        assert server.count("/jwks") == 2  # rate-limited: no request per garbage kid
        monkeypatch.setattr(token_verifier, "JWKS_REFETCH_MIN_S", 0.0)
        assert await v.verify_token(sign(stranger, server.claims())) is None
        assert server.count("/jwks") == 3  # after the interval: asked again, still unknown
        await v.aclose()


@pytest.mark.anyio
async def test_refused_jwts() -> None:
    k1 = key("k1")
    with Upstream() as up:
        server = AuthServer(up, [k1])
        v = verifier(server.issuer)
        now = int(time.time())
        hmac = OctKey.import_key(b"k" * 32, {"kid": "k1"})
        cases = {
            "wrong audience": sign(k1, server.claims(aud="https://other.example/mcp")),
            "no audience": sign(k1, {k: v for k, v in server.claims().items() if k != "aud"}),
            "no exp": sign(k1, {k: v for k, v in server.claims().items() if k != "exp"}),
            "expired past the skew": sign(k1, server.claims(exp=now - 90)),
            "not before, past the skew": sign(k1, server.claims(nbf=now + 90)),
            "another issuer": sign(k1, server.claims(iss="https://evil.example")),
            "HMAC": jwt.encode({"alg": "HS256", "kid": "k1"}, server.claims(), hmac),
        }
        for case, token in cases.items():
            assert await v.verify_token(token) is None, case
        assert (
            await v.verify_token(sign(k1, server.claims(exp=int(time.time()) - 10))) is not None
        )  # skew
        await v.aclose()


@pytest.mark.anyio
async def test_a_jwt_without_kid_is_accepted_only_from_a_one_key_jwks() -> None:
    k1, k2 = key("k1"), ECKey.generate_key("P-256", parameters={"kid": "k2"})
    with Upstream() as up:
        server = AuthServer(up, [k1])
        no_kid = jwt.encode({"alg": "RS256", "typ": "at+jwt"}, server.claims(), k1)
        v = verifier(server.issuer)
        assert await v.verify_token(no_kid) is not None
        server.keys = [k1, k2]
        assert await verifier(server.issuer).verify_token(no_kid) is None


@pytest.mark.anyio
async def test_metadata_naming_another_issuer_is_not_trusted() -> None:
    k1 = key("k1")
    with Upstream() as up:
        server = AuthServer(up, [k1])
        v = verifier(server.issuer + "/tenant")  # its metadata says issuer = the root
        assert await v.verify_token(sign(k1, server.claims(iss=server.issuer + "/tenant"))) is None
        assert server.count("/jwks") == 0


@pytest.mark.anyio
async def test_opaque_tokens_are_introspected_checked_and_cached(monkeypatch) -> None:
    with Upstream() as up:
        server = AuthServer(up, [key("k1")])
        now = int(time.time())
        server.active = {
            "good-opaque": {
                "active": True,
                "aud": RESOURCE,
                "exp": now + 300,
                "scope": "a",
                "client_id": "c",
            },
            "other-audience": {"active": True, "aud": "https://x.example", "exp": now + 300},
            "no-audience": {"active": True, "exp": now + 300},
            "inactive": {"active": False},
            "expired": {"active": True, "aud": RESOURCE, "exp": now - 60},
        }
        v = verifier(server.issuer, client_id="rs", client_secret="rs-secret")
        token = await v.verify_token("good-opaque")
        assert token is not None and token.scopes == ["a"] and token.client_id == "c"
        assert await v.verify_token("good-opaque") is not None
        assert server.count("/introspect") == 1  # cached
        authorization = up.requests[-1].headers["authorization"]
        assert authorization.startswith("Basic ")
        for refused in ["other-audience", "no-audience", "inactive", "expired", "unknown"]:
            assert await v.verify_token(refused) is None, refused
        await v.aclose()


@pytest.mark.anyio
async def test_an_unreachable_authorization_server_refuses_instead_of_failing() -> None:
    v = verifier("http://127.0.0.1:9")
    assert await v.verify_token("opaque") is None
    assert await v.verify_token(sign(key("k1"), {"iss": "x"})) is None
    await v.aclose()


@pytest.mark.anyio
async def test_a_jwt_must_be_typed_at_jwt_unless_the_operator_allows_plain_ones() -> None:
    k1 = key("k1")
    with Upstream() as up:
        server = AuthServer(up, [k1])
        strict, lenient = verifier(server.issuer), verifier(server.issuer, allow_plain_jwt=True)
        typed = {
            "at+jwt": sign(k1, server.claims()),
            "application/at+jwt": sign(k1, server.claims(), typ="application/at+jwt"),
        }
        plain = {"JWT": sign(k1, server.claims(), typ="JWT")}
        # jwt.encode adds typ JWT when none is given: a bare JWS has none
        header = {"alg": "RS256", "kid": "k1"}
        plain["untyped"] = jws.serialize_compact(header, json.dumps(server.claims()), k1)
        for name, token in typed.items():
            assert await strict.verify_token(token) is not None, name
        for name, token in plain.items():
            assert await strict.verify_token(token) is None, name
            assert await lenient.verify_token(token) is not None, name
        odd = sign(k1, server.claims(), typ="id+jwt")  # an ID token is never an access token
        assert await lenient.verify_token(odd) is None


@pytest.mark.anyio
async def test_refusals_are_cached_and_introspection_is_rate_limited_per_client() -> None:
    with Upstream() as up:
        server = AuthServer(up, [key("k1")])
        now = int(time.time())
        server.active = {"good": {"active": True, "aud": RESOURCE, "exp": now + 300}}
        v = ResourceTokenVerifier(
            ResourceServerConfig(
                issuers=(server.issuer,), resource_url=RESOURCE, introspections_per_minute=5
            ),
            rate_clock=lambda: 0.0,  # no refill while the test runs, however slowly
        )
        token = token_verifier.CLIENT_ADDRESS.set("192.0.2.7")
        try:
            assert await v.verify_token("good") is not None
            for _ in range(10):  # one refused token asked about again and again
                assert await v.verify_token("refused-token") is None
            assert server.count("/introspect") == 2
            for n in range(40):  # garbage, each token new
                assert await v.verify_token(f"garbage-{n}") is None
            assert server.count("/introspect") == 5  # the budget of this client
            assert await v.verify_token("good") is not None  # cached: no budget needed
            token_verifier.CLIENT_ADDRESS.set("192.0.2.8")  # another client has its own
            assert await v.verify_token("garbage-other") is None
            assert server.count("/introspect") == 6
        finally:
            token_verifier.CLIENT_ADDRESS.reset(token)
        await v.aclose()


@pytest.mark.anyio
async def test_an_oversized_token_is_refused_unread() -> None:
    with Upstream() as up:
        server = AuthServer(up, [key("k1")])
        v = verifier(server.issuer, max_token_bytes=1024)
        assert await v.verify_token("x" * 60_000) is None
        assert await v.verify_token(sign(key("k1"), server.claims(pad="x" * 2000))) is None
        assert server.count("/introspect") == 0 and server.count("/jwks") == 0
        await v.aclose()
