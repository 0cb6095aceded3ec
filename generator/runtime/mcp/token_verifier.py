"""The MCP SDK's ``TokenVerifier`` for resource-server mode: JWTs checked locally, opaque
tokens introspected (resource_server.py has the settings).

* **JWT access tokens** (RFC 9068) are verified with joserfc against the JWKS that the issuer's
  metadata names (RFC 8414 ``/.well-known/oauth-authorization-server``, else OpenID discovery;
  the metadata's ``issuer`` must be the configured one) or ``<PREFIX>_AUTH_JWKS_URL``: the
  signature (asymmetric algorithms only: no ``none``, no HMAC with a public key), ``iss`` (one
  of the configured issuers), ``aud`` (this server's resource URL, RFC 8707), ``exp``
  (required) and ``nbf`` with 30 s of clock skew.
* **Key rotation**: the JWKS is cached for an hour; a token signed with a key id the cache does
  not know makes it fetch the JWKS again, one request at a time and then no other such refetch
  for 30 s (a flood of garbage key ids cannot become a flood of requests to the authorization
  server).
* **Opaque tokens** (anything that is not a compact JWS) go to the RFC 7662 introspection
  endpoint (``<PREFIX>_AUTH_INTROSPECTION_URL`` or the metadata's), authenticated with
  ``<PREFIX>_AUTH_CLIENT_ID``/``_SECRET``; the answer must be ``active``, unexpired, from a
  configured issuer when it names one, and carry this server's URL in ``aud``. Answers are
  cached for at most 60 s (never past the token's expiry), keyed by a hash of the token;
  refusals too, for 60 s, so a refused token asked about again costs nothing.
* **Guards**: a token longer than ``<PREFIX>_AUTH_MAX_TOKEN_BYTES`` is refused unread; each
  client address (``CLIENT_ADDRESS``, set by http_auth.py from the connection, or from
  ``X-Forwarded-For`` through a proxy uvicorn trusts) may cause at most
  ``<PREFIX>_AUTH_INTROSPECTIONS_PER_MINUTE`` introspection requests a minute (a token
  bucket), so garbage tokens cannot turn into a flood of requests to the authorization
  server; a JWT must be typed ``at+jwt`` (RFC 9068 section 4), or also ``JWT``/untyped with
  ``<PREFIX>_AUTH_ALLOW_PLAIN_JWT=1``.

A token that fails any check is None: the SDK's middleware answers 401 with
``WWW-Authenticate: Bearer resource_metadata="..."``. Why it failed is logged at INFO, never
the token.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections import OrderedDict
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Callable

import httpx2
from joserfc import jws, jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet
from mcp.client.auth.utils import build_oauth_authorization_server_metadata_discovery_urls
from mcp.server.auth.provider import AccessToken

from ..config.resource_server import ResourceServerConfig

log = logging.getLogger(__name__)

LEEWAY_S = 30
JWKS_TTL_S = 3600.0
JWKS_REFETCH_MIN_S = 30.0
METADATA_RETRY_S = 30.0
INTROSPECTION_CACHE_S = 60.0
REFUSAL_CACHE_S = 60.0
INTROSPECTION_CACHE_SIZE = 1024
RATE_BUCKETS = 10_000  # client addresses whose introspection budget is remembered
# RFC 9068 section 4: the only types of an access token JWT; ALLOW_PLAIN_JWT adds these.
AT_JWT_TYPES = frozenset({"at+jwt", "application/at+jwt"})
PLAIN_JWT_TYPES = frozenset({"jwt", "application/jwt", None})
# Who is calling: the client's address, set per request by http_auth.py ("" elsewhere).
CLIENT_ADDRESS: ContextVar[str] = ContextVar("mcpforge_client_address", default="")
ALGORITHMS = (
    "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA",
)  # fmt: skip


class Unverifiable(Exception):
    """Why a token is refused (logged, never shown to the caller)."""


@dataclass
class _Keys:
    keys: KeySet | None = None
    fetched: float = 0.0
    refetched: float = float("-inf")  # the last fetch made for an unknown key id
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class RateLimit:
    """A token bucket per client: ``per_minute`` requests, refilled evenly over a minute."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic):
        self.per_minute = per_minute
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # level, when

    def allow(self, client: str) -> bool:
        now = self._clock()
        level, when = self._buckets.pop(client, (float(self.per_minute), now))
        level = min(float(self.per_minute), level + (now - when) * self.per_minute / 60.0)
        allowed = level >= 1.0
        self._buckets[client] = (level - 1.0 if allowed else level, now)
        while len(self._buckets) > RATE_BUCKETS:
            self._buckets.popitem(last=False)
        return allowed


class ResourceTokenVerifier:
    """``verify_token(token) -> AccessToken | None`` (mcp.server.auth.provider.TokenVerifier)."""

    def __init__(
        self,
        config: ResourceServerConfig,
        *,
        http_client: httpx2.AsyncClient | None = None,
        clock: Callable[[], float] = time.time,
        rate_clock: Callable[[], float] = time.monotonic,
    ):
        self.config = config
        self._client = http_client
        self._clock = clock
        self._metadata: dict[str, dict[str, Any]] = {}
        self._metadata_tried: dict[str, float] = {}
        self._metadata_lock = asyncio.Lock()
        self._jwks: dict[str, _Keys] = {}
        self._introspected: OrderedDict[str, tuple[float, AccessToken | None]] = OrderedDict()
        self._introspections = RateLimit(config.introspections_per_minute, rate_clock)

    def client(self) -> httpx2.AsyncClient:
        if self._client is None:
            self._client = httpx2.AsyncClient(
                timeout=httpx2.Timeout(10.0, connect=5.0), follow_redirects=False
            )
        return self._client

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    # -- the TokenVerifier protocol ------------------------------------------------------------
    async def verify_token(self, token: str) -> AccessToken | None:
        try:
            if len(token) > self.config.max_token_bytes:  # str length: at most its bytes
                raise Unverifiable(
                    f"a token of {len(token)} characters, longer than the"
                    f" {self.config.max_token_bytes} accepted (AUTH_MAX_TOKEN_BYTES)"
                )
            try:
                compact = jws.extract_compact(token.encode("ascii"))
            except (JoseError, UnicodeEncodeError, ValueError):
                return await self._introspect(token)
            return await self._verify_jwt(token, compact.headers())
        except Unverifiable as exc:
            log.info("bearer token refused: %s", exc)
            return None
        except httpx2.HTTPError as exc:
            log.warning(
                "bearer token not verified: the authorization server could not be reached (%s)",
                type(exc).__name__,
            )
            return None

    # -- JWT -----------------------------------------------------------------------------------
    async def _verify_jwt(self, token: str, header: dict[str, Any]) -> AccessToken:
        alg = header.get("alg")
        if alg not in ALGORITHMS:
            raise Unverifiable(f"JWT algorithm {alg!r} is not accepted")
        typ = header.get("typ")
        kind = typ.lower() if isinstance(typ, str) else typ
        if kind not in AT_JWT_TYPES and not (
            self.config.allow_plain_jwt and kind in PLAIN_JWT_TYPES
        ):
            raise Unverifiable(
                f"JWT typ {typ!r} is not at+jwt (RFC 9068); set AUTH_ALLOW_PLAIN_JWT=1 to"
                " accept plain JWT access tokens"
            )
        kid = header.get("kid")
        sources = await self._jwks_sources()
        decoded = None
        for url, issuers in sources:
            keys = await self._key_set(url, kid)
            if keys is None:
                continue
            try:
                decoded = jwt.decode(token, _narrow(keys, kid), algorithms=[alg])
            except JoseError as exc:
                raise Unverifiable(f"JWT signature: {exc.error}") from None
            break
        if decoded is None:
            raise Unverifiable(f"no JWKS of the configured issuers has the key {kid!r}")
        claims = decoded.claims
        issuer = claims.get("iss")
        if issuer not in issuers:
            raise Unverifiable(f"JWT issuer {issuer!r} is not one this JWKS speaks for")
        registry = jwt.JWTClaimsRegistry(
            now=lambda: int(self._clock()),
            leeway=LEEWAY_S,
            iss={"essential": True, "values": list(issuers)},
            aud={"essential": True, "value": self.config.resource_url},
            exp={"essential": True},
        )
        try:
            registry.validate(claims)
        except JoseError as exc:
            raise Unverifiable(f"JWT claims: {exc.error}: {exc.description}") from None
        return self._access_token(token, claims)

    async def _jwks_sources(self) -> list[tuple[str, tuple[str, ...]]]:
        """(JWKS URL, the issuers whose keys it holds): the configured JWKS for every issuer,
        or each issuer's own from its metadata."""
        if self.config.jwks_url:
            return [(self.config.jwks_url, self.config.issuers)]
        found: list[tuple[str, tuple[str, ...]]] = []
        for issuer in self.config.issuers:
            url = (await self._issuer_metadata(issuer)).get("jwks_uri")
            if isinstance(url, str) and url:
                found.append((url, (issuer,)))
        return found

    async def _key_set(self, url: str, kid: Any) -> KeySet | None:
        """The cached key set of ``url`` when it has ``kid`` (fetched again when it does not,
        at most every JWKS_REFETCH_MIN_S); None when it does not have it."""
        entry = self._jwks.setdefault(url, _Keys())
        now = time.monotonic()
        if entry.keys is not None and now - entry.fetched < JWKS_TTL_S and _has(entry.keys, kid):
            return entry.keys
        async with entry.lock:
            now = time.monotonic()
            fresh = entry.keys is not None and now - entry.fetched < JWKS_TTL_S
            if fresh and _has(entry.keys, kid):
                return entry.keys
            if fresh:  # a key id the cached set does not have: refetch, rate-limited
                if now - entry.refetched < JWKS_REFETCH_MIN_S:
                    return None
                entry.refetched = now
            data = await self._get_json(url)
            try:
                entry.keys = KeySet.import_key_set(
                    {"keys": [k for k in data.get("keys", []) if _signing_key(k)]}
                )
            except (JoseError, ValueError, TypeError) as exc:
                raise Unverifiable(f"the JWKS at {url} is not valid: {exc}") from None
            entry.fetched = now
        return entry.keys if entry.keys is not None and _has(entry.keys, kid) else None

    # -- opaque tokens -------------------------------------------------------------------------
    async def _introspect(self, token: str) -> AccessToken | None:
        key = hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
        now = self._clock()
        cached = self._introspected.get(key)
        if cached is not None and cached[0] > now:
            return cached[1]
        client = CLIENT_ADDRESS.get()
        if not self._introspections.allow(client):
            raise Unverifiable(
                f"client {client or '(unknown)'} passed its"
                f" {self.config.introspections_per_minute} introspections a minute"
                " (AUTH_INTROSPECTIONS_PER_MINUTE)"
            )
        url = self.config.introspection_url or await self._introspection_endpoint()
        auth = None
        if self.config.client_id and self.config.client_secret:
            auth = httpx2.BasicAuth(self.config.client_id, self.config.client_secret)
        # request(), not post(): post() is typed without auth=None (no authentication)
        response = await self.client().request(
            "POST", url, data={"token": token, "token_type_hint": "access_token"}, auth=auth
        )
        if response.status_code != 200:
            raise Unverifiable(f"introspection answered HTTP {response.status_code}")
        try:
            claims = response.json()
        except ValueError:
            raise Unverifiable("introspection answered something that is not JSON") from None
        result = self._introspected_token(token, claims if isinstance(claims, dict) else {})
        if result is None:  # refused: asking again within REFUSAL_CACHE_S costs nothing
            until = now + REFUSAL_CACHE_S
        else:
            until = min(now + INTROSPECTION_CACHE_S, result.expires_at or now)
        self._introspected[key] = (until, result)
        while len(self._introspected) > INTROSPECTION_CACHE_SIZE:
            self._introspected.popitem(last=False)
        return result

    def _introspected_token(self, token: str, claims: dict[str, Any]) -> AccessToken | None:
        if claims.get("active") is not True:
            log.info("bearer token refused: introspection says it is not active")
            return None
        issuer = claims.get("iss")
        if issuer is not None and issuer not in self.config.issuers:
            log.info("bearer token refused: introspected issuer %r is not configured", issuer)
            return None
        audiences = claims.get("aud")
        audiences = [audiences] if isinstance(audiences, str) else audiences or []
        if self.config.resource_url not in audiences:
            log.info("bearer token refused: its audience is not %s", self.config.resource_url)
            return None
        now = self._clock()
        exp = claims.get("exp")
        if not isinstance(exp, (int, float)) or exp + LEEWAY_S < now:
            log.info("bearer token refused: introspection gives no future exp")
            return None
        nbf = claims.get("nbf")
        if isinstance(nbf, (int, float)) and nbf - LEEWAY_S > now:
            log.info("bearer token refused: not valid before %s", nbf)
            return None
        return self._access_token(token, claims)

    async def _introspection_endpoint(self) -> str:
        for issuer in self.config.issuers:
            url = (await self._issuer_metadata(issuer)).get("introspection_endpoint")
            if isinstance(url, str) and url:
                return url
        raise Unverifiable(
            "an opaque token, and no introspection endpoint (set the AUTH_INTROSPECTION_URL"
            " variable, or use an authorization server whose metadata names one)"
        )

    # -- metadata ------------------------------------------------------------------------------
    async def _issuer_metadata(self, issuer: str) -> dict[str, Any]:
        """The issuer's RFC 8414 / OpenID metadata, fetched once (retried after a failure, at
        most every METADATA_RETRY_S)."""
        if issuer in self._metadata:
            return self._metadata[issuer]
        async with self._metadata_lock:
            if issuer in self._metadata:
                return self._metadata[issuer]
            last = self._metadata_tried.get(issuer)
            if last is not None and time.monotonic() - last < METADATA_RETRY_S:
                return {}
            self._metadata_tried[issuer] = time.monotonic()
            for url in build_oauth_authorization_server_metadata_discovery_urls(issuer, issuer):
                try:
                    data = await self._get_json(url)
                except Unverifiable:
                    continue
                if data.get("issuer") != issuer:  # RFC 8414 section 3.3
                    log.warning(
                        "authorization server metadata at %s names issuer %r, not %r: ignored",
                        url,
                        data.get("issuer"),
                        issuer,
                    )
                    continue
                self._metadata[issuer] = data
                return data
            log.warning(
                "no authorization server metadata found for issuer %s (tried RFC 8414 and"
                " OpenID discovery)",
                issuer,
            )
            return {}

    async def _get_json(self, url: str) -> dict[str, Any]:
        response = await self.client().get(url, headers={"Accept": "application/json"})
        if response.status_code != 200:
            raise Unverifiable(f"{url} answered HTTP {response.status_code}")
        try:
            data = response.json()
        except ValueError:
            raise Unverifiable(f"{url} did not answer JSON") from None
        if not isinstance(data, dict):
            raise Unverifiable(f"{url} did not answer a JSON object")
        return data

    # -- the result ----------------------------------------------------------------------------
    def _access_token(self, token: str, claims: dict[str, Any]) -> AccessToken:
        subject = claims.get("sub")
        client_id = claims.get("client_id") or claims.get("azp") or subject or "unknown"
        expires = claims.get("exp")
        return AccessToken(
            token=token,
            client_id=str(client_id),
            scopes=list(token_scopes(claims)),
            expires_at=int(expires) if isinstance(expires, (int, float)) else None,
            resource=self.config.resource_url,  # the audience was checked above
            subject=str(subject) if subject is not None else None,
            claims={k: v for k, v in claims.items() if k in ("iss", "act", "azp")},
        )


def token_scopes(claims: dict[str, Any]) -> tuple[str, ...]:
    """``scope`` (RFC 9068 / 7662: space-separated), or ``scp`` (a list or a string, as some
    providers send it)."""
    raw = claims.get("scope", claims.get("scp"))
    if isinstance(raw, str):
        return tuple(s for s in raw.split() if s)
    if isinstance(raw, list):
        return tuple(str(s) for s in raw if isinstance(s, str) and s)
    return ()


def _signing_key(jwk: Any) -> bool:
    """A JWKS entry usable to verify signatures (not an encryption key)."""
    return isinstance(jwk, dict) and jwk.get("use", "sig") == "sig" and jwk.get("kty") != "oct"


def _has(keys: KeySet | None, kid: Any) -> bool:
    if keys is None:
        return False
    if kid is None:
        return len(keys.keys) > 0
    return any(k.kid == kid for k in keys.keys)


def _narrow(keys: KeySet, kid: Any) -> Any:
    """What to verify with: the set (the token's ``kid`` picks the key); a token without
    ``kid`` is accepted only when the set holds exactly one key (there is no telling which
    one was meant)."""
    if kid is not None:
        return keys
    if len(keys.keys) != 1:
        raise Unverifiable("a JWT without kid, and the JWKS holds several keys")
    return keys.keys[0]
