"""Upstream OAuth2: access tokens the server obtains itself, from the description's flows.

An ``oauth2`` (or ``openIdConnect``) security scheme names a token endpoint (``tokenUrl`` of a
``clientCredentials``/``authorizationCode``/``password`` flow, ``refreshUrl``, or the
``token_endpoint`` of the OpenID discovery document). With the scheme's variables set, the
server gets its tokens there:

* ``<VAR>_CLIENT_ID`` + ``<VAR>_CLIENT_SECRET``: the client-credentials grant (RFC 6749 4.4);
* ``<VAR>_REFRESH_TOKEN`` (+ the client id and secret when the authorization server wants
  them): the refresh-token grant (RFC 6749 6); a rotated refresh token replaces the old one
  (in memory: after a restart the variable's value is used again);
* ``<VAR>`` itself, when set, is the first access token (then refreshed like any other);
* ``<VAR>_TOKEN_URL`` overrides the token endpoint, ``<VAR>_SCOPES`` the scopes asked for
  (default: the scopes this server's tools need from the scheme).

A token is cached and refreshed before it expires (30 s or a tenth of its lifetime before
``expires_in``, whichever is longer); one refresh runs at a time, the other calls wait for it.
An upstream ``401`` drops the token it answered (only if it is still the current one, so many
calls failing together cause one refresh) and the call is retried once with a fresh token.
The client secret, refresh tokens and every access token are secrets: redacted from results,
errors and logs like any credential, and the token endpoint's answers are never quoted beyond
its ``error`` code and description, redacted.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping
from urllib.parse import urljoin

import httpx2

from ..errors import UpstreamError
from .environment import credential_values
from .oauth_names import oauth_variables

log = logging.getLogger(__name__)

REFRESH_MARGIN_S = 30.0
KEEP_OLD_TOKENS = 4  # access tokens kept as secrets after they are replaced (late echoes)


@dataclass(frozen=True)
class OAuthConfig:
    """What the description says about a scheme's token endpoint (spec.json ``oauth``)."""

    token_url: str = ""
    refresh_url: str = ""
    discovery_url: str = ""
    client_credentials: bool = False
    scopes: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "OAuthConfig":
        return cls(
            token_url=str(data.get("token_url") or ""),
            refresh_url=str(data.get("refresh_url") or ""),
            discovery_url=str(data.get("discovery_url") or ""),
            client_credentials=bool(data.get("client_credentials")),
            scopes=tuple(data.get("scopes") or ()),
        )


class UpstreamTokens:
    """The access token of one OAuth scheme: obtained, cached, refreshed (see the module)."""

    def __init__(
        self,
        name: str,
        var: str,
        config: OAuthConfig,
        env: Mapping[str, str],
        add_secret: Callable[[str], None],
        drop_secret: Callable[[str], None],
    ):
        names = oauth_variables(var)
        self.name = name
        self.var = var
        self.config = config
        self.names = names
        # documented (and read) as the credentials family of environment.py
        token, client_id, secret, refresh, token_url, scopes = credential_values(
            env, [var, *names.values()]
        )
        self.client_id = client_id.strip()
        self.client_secret = secret
        self.refresh_token = refresh.strip()
        self.token_url_override = token_url.strip()
        self.scopes = tuple(scopes.replace(",", " ").split()) if scopes.strip() else config.scopes
        self._add, self._drop = add_secret, drop_secret
        self._token = token.strip() or None
        self._expires_at: float | None = None
        self._old: list[str] = []
        self._lock = asyncio.Lock()
        self._client_auth = "basic"  # or "post", learned from the token endpoint
        for secret in (self.client_secret, self.refresh_token, self._token or ""):
            add_secret(secret)

    # -- what is configured ------------------------------------------------------------------
    @property
    def grant(self) -> str | None:
        """``refresh_token``, ``client_credentials`` or None (only a static token, if any)."""
        if self.refresh_token:
            return "refresh_token"
        if self.client_id and self.client_secret and self.config.client_credentials:
            return "client_credentials"
        return None

    def problem(self) -> str | None:
        """A configuration that cannot work, said at start (None when fine)."""
        if bool(self.client_id) != bool(self.client_secret) and not self.refresh_token:
            return (
                f"Set both {self.names['client_id']} and {self.names['client_secret']} (the"
                f" OAuth client of security scheme {self.name!r}), or neither."
            )
        if self.client_id and self.client_secret and not self.refresh_token:
            if not self.config.client_credentials:
                return (
                    f"Security scheme {self.name!r} has no client-credentials flow, so"
                    f" {self.names['client_id']}/{self.names['client_secret']} alone cannot get a"
                    f" token: also set {self.names['refresh_token']}, or set {self.var} to a token."
                )
        if self.grant is not None and not (
            self.token_url_override
            or self.config.token_url
            or self.config.refresh_url
            or self.config.discovery_url
        ):
            return (
                f"Security scheme {self.name!r} names no token URL: set"
                f" {self.names['token_url']}."
            )
        return None

    # -- the token ---------------------------------------------------------------------------
    def current(self) -> str | None:
        return self._token

    async def token(self, client: httpx2.AsyncClient, base_url: str) -> str | None:
        """A token that is not about to expire: the cached one, or a new one."""
        if self._fresh():
            return self._token
        if self.grant is None:
            return self._token  # a static token: nothing to refresh it with
        async with self._lock:
            if self._fresh():  # another call refreshed it while this one waited
                return self._token
            await self._obtain(client, base_url)
            return self._token

    def invalidate(self, token: str) -> bool:
        """The upstream refused ``token``: drop it if it is still the current one (True when
        a fresh one can be obtained)."""
        if self.grant is None:
            return False
        if self._token == token:
            self._token, self._expires_at = None, None
        return True

    def _fresh(self) -> bool:
        if self._token is None:
            return False
        return self._expires_at is None or time.monotonic() < self._expires_at

    async def _obtain(self, client: httpx2.AsyncClient, base_url: str) -> None:
        url = await self._token_endpoint(client, base_url)
        form: dict[str, str] = {"grant_type": self.grant or ""}
        if self.grant == "refresh_token":
            form["refresh_token"] = self.refresh_token
        if self.scopes and (self.grant == "client_credentials" or self._scopes_set_by_env()):
            form["scope"] = " ".join(self.scopes)
        response = await self._post(client, url, form)
        if response.status_code in (400, 401) and self._client_auth == "basic" and self.client_id:
            if _error_code(response) in ("invalid_client", "unauthorized_client", None):
                self._client_auth = "post"  # the server wants the secret in the body
                response = await self._post(client, url, form)
        if response.status_code != 200:
            raise UpstreamError(self._failure(url, response))
        try:
            data = response.json()
        except ValueError:
            data = None
        token = data.get("access_token") if isinstance(data, dict) else None
        if not isinstance(token, str) or not token:
            raise UpstreamError(
                f"The token endpoint of security scheme {self.name!r} ({_where(url)}) answered"
                " without an access_token."
            )
        self._replace(token, data.get("expires_in"))
        rotated = data.get("refresh_token")
        if isinstance(rotated, str) and rotated and rotated != self.refresh_token:
            self._add(rotated)
            self.refresh_token = rotated  # rotation: the old one is spent
        log.info("upstream OAuth: new access token for %s (%s)", self.name, self.grant)

    def _scopes_set_by_env(self) -> bool:
        return self.scopes != self.config.scopes

    def _replace(self, token: str, expires_in: Any) -> None:
        self._add(token)
        if self._token is not None and self._token != token:
            self._old.append(self._token)
            while len(self._old) > KEEP_OLD_TOKENS:
                self._drop(self._old.pop(0))
        self._token = token
        self._expires_at = None
        if isinstance(expires_in, (int, float)) and not isinstance(expires_in, bool):
            margin = max(REFRESH_MARGIN_S, float(expires_in) / 10)
            self._expires_at = time.monotonic() + max(0.0, float(expires_in) - margin)

    async def _post(
        self, client: httpx2.AsyncClient, url: str, form: dict[str, str]
    ) -> httpx2.Response:
        data = dict(form)
        auth = None
        if self.client_id and self._client_auth == "basic":
            auth = httpx2.BasicAuth(self.client_id, self.client_secret)
        elif self.client_id:
            data.update(client_id=self.client_id, client_secret=self.client_secret)
        try:  # request(), not post(): post() is typed without auth=None (no authentication)
            return await client.request(
                "POST", url, data=data, auth=auth, headers={"Accept": "application/json"}
            )
        except httpx2.HTTPError as exc:
            raise UpstreamError(
                f"Could not reach the token endpoint of security scheme {self.name!r}"
                f" ({_where(url)}): {type(exc).__name__}."
            ) from exc

    async def _token_endpoint(self, client: httpx2.AsyncClient, base_url: str) -> str:
        if self.token_url_override:
            return self.token_url_override
        url = self.config.refresh_url if self.grant == "refresh_token" else ""
        url = url or self.config.token_url
        if not url and self.config.discovery_url:
            url = await self._discover(
                client, urljoin(base_url.rstrip("/") + "/", self.config.discovery_url)
            )
        # OpenAPI 3.1: relative URLs are relative to the server's URL
        return (
            urljoin(base_url.rstrip("/") + "/", url)
            if not url.startswith(("http://", "https://"))
            else url
        )

    async def _discover(self, client: httpx2.AsyncClient, url: str) -> str:
        try:
            response = await client.get(url, headers={"Accept": "application/json"})
            data = response.json() if response.status_code == 200 else {}
        except (httpx2.HTTPError, ValueError):
            data = {}
        endpoint = data.get("token_endpoint") if isinstance(data, dict) else None
        if not isinstance(endpoint, str) or not endpoint:
            raise UpstreamError(
                f"The OpenID discovery document of security scheme {self.name!r} ({_where(url)})"
                f" names no token_endpoint; set {self.names['token_url']}."
            )
        self.token_url_override = endpoint
        return endpoint

    def _failure(self, url: str, response: httpx2.Response) -> str:
        code = _error_code(response)
        advice = {
            "invalid_client": f"the client is not accepted: check {self.names['client_id']} and"
            f" {self.names['client_secret']}",
            "invalid_grant": f"the refresh token is not accepted (expired, revoked or already"
            f" used): set {self.names['refresh_token']} to a new one",
            "invalid_scope": f"a scope was refused: check {self.names['scopes']}",
            "unauthorized_client": "this client may not use this grant",
        }.get(code or "", "the request was refused")
        described = _error_description(response)
        return (
            f"Could not get an access token for the upstream API (security scheme"
            f" {self.name!r}, {_where(url)}): HTTP {response.status_code}"
            + (f" {code}" if code else "")
            + f": {advice}."
            + (f" The token endpoint says: {described}" if described else "")
        )


def _error_code(response: httpx2.Response) -> str | None:
    try:
        data = response.json()
    except ValueError:
        return None
    code = data.get("error") if isinstance(data, dict) else None
    return code if isinstance(code, str) and code.replace("_", "").isalnum() else None


def _error_description(response: httpx2.Response) -> str:
    """The token endpoint's ``error_description``, cut short (redacted by the caller)."""
    try:
        data = response.json()
    except ValueError:
        return ""
    text = data.get("error_description") if isinstance(data, dict) else None
    return text[:200] if isinstance(text, str) else ""


def _where(url: str) -> str:
    """The token URL without its query (which could carry anything)."""
    return url.split("?", 1)[0]
