"""Resource-server mode of the HTTP transport: who may call, read from ``<PREFIX>_AUTH_*``.

The MCP authorization specification makes an HTTP server that needs authorization an OAuth 2.1
resource server. It names its authorization server(s) in Protected Resource Metadata (RFC
9728), accepts only access tokens issued for its own URL (the audience, RFC 8707) and checks
scopes. The settings:

* ``<PREFIX>_AUTH_ISSUER_URL``: the authorization server's issuer URL; comma-separated for
  several. Its metadata (RFC 8414 ``/.well-known/oauth-authorization-server``, or OpenID
  discovery) names the JWKS and the introspection endpoint.
* ``<PREFIX>_AUTH_RESOURCE_URL``: this server's public URL as clients reach it (through any
  reverse proxy), e.g. ``https://mcp.example.com/mcp``: the audience tokens must carry.
* ``<PREFIX>_AUTH_REQUIRED_SCOPES``: scopes every request needs (comma or space separated).
* ``<PREFIX>_AUTH_JWKS_URL``: the JWKS to verify JWT access tokens with, instead of the one the
  issuer's metadata names.
* ``<PREFIX>_AUTH_INTROSPECTION_URL``: the RFC 7662 endpoint for opaque tokens, instead of the
  one the metadata names; ``<PREFIX>_AUTH_CLIENT_ID`` / ``<PREFIX>_AUTH_CLIENT_SECRET`` are this
  server's credentials there (introspection callers must authenticate).
* ``<PREFIX>_AUTH_TOOL_SCOPES``: ``off`` stops checking the per-tool scopes (from the
  description's ``security`` requirements or the overlay); default on.
* ``<PREFIX>_AUTH_MAX_TOKEN_BYTES``: longer bearer tokens are refused unread (default 8192).
* ``<PREFIX>_AUTH_INTROSPECTIONS_PER_MINUTE``: introspection requests one client address may
  cause per minute (default 30); tokens already answered are served from the cache.
* ``<PREFIX>_AUTH_ALLOW_PLAIN_JWT``: ``1`` accepts JWT access tokens typed ``JWT`` (or not
  typed), as some authorization servers issue them; default off: RFC 9068's ``at+jwt`` only.

Nothing set: no authorization (the server then binds 127.0.0.1 unless told otherwise).
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from typing import Mapping
from urllib.parse import urlsplit

from ..errors import ConfigurationError
from ..model import ServerModel
from .environment import full_name, int_default, value

AUTH_VARIABLES = (
    "ISSUER_URL",
    "RESOURCE_URL",
    "REQUIRED_SCOPES",
    "JWKS_URL",
    "INTROSPECTION_URL",
    "CLIENT_ID",
    "CLIENT_SECRET",
    "TOOL_SCOPES",
    "MAX_TOKEN_BYTES",
    "INTROSPECTIONS_PER_MINUTE",
    "ALLOW_PLAIN_JWT",
)


@dataclass(frozen=True)
class ResourceServerConfig:
    issuers: tuple[str, ...]
    resource_url: str
    required_scopes: tuple[str, ...] = ()
    jwks_url: str | None = None
    introspection_url: str | None = None
    client_id: str | None = None
    client_secret: str | None = None
    tool_scopes: bool = True
    # 8192 by default: a header line most proxies accept; JWTs with many claims fit
    max_token_bytes: int = int_default("AUTH_MAX_TOKEN_BYTES")
    introspections_per_minute: int = int_default("AUTH_INTROSPECTIONS_PER_MINUTE")
    allow_plain_jwt: bool = False


def _count(name: str, raw: str, default: int) -> int:
    if not raw:
        return default
    if not raw.isdigit() or int(raw) < 1:
        raise ConfigurationError(f"{name}={raw!r} must be a whole number of at least 1.")
    return int(raw)


def split_scopes(raw: str) -> tuple[str, ...]:
    """``"a b,c"`` -> ``("a", "b", "c")``, duplicates dropped, order kept."""
    seen: list[str] = []
    for scope in re.split(r"[\s,]+", raw.strip()):
        if scope and scope not in seen:
            seen.append(scope)
    return tuple(seen)


def is_loopback(host: str) -> bool:
    host = host.strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url(name: str, raw: str, *, where: str) -> str:
    """An absolute https URL (http only on a loopback host), no fragment."""
    value = raw.strip()
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigurationError(f"{name}={raw!r} is not an absolute http(s) URL ({where}).")
    if parts.scheme == "http" and not is_loopback(parts.hostname):
        raise ConfigurationError(
            f"{name}={raw!r} must use https: tokens and keys must not travel in clear text"
            " (http is accepted for 127.0.0.1 and localhost only)."
        )
    if parts.fragment or "#" in value:
        raise ConfigurationError(f"{name}={raw!r} must not have a #fragment.")
    return value


def resource_server_from_env(
    model: ServerModel,
    environ: Mapping[str, str] | None = None,
    sources: Mapping[str, str] | None = None,
) -> ResourceServerConfig | None:
    """The configuration, None when no ``<PREFIX>_AUTH_*`` variable is set; an incomplete or
    invalid one is a ConfigurationError naming the variable (or the flag that set it)."""
    named = sources or {}

    def name(var: str) -> str:
        key = full_name(model, f"AUTH_{var}")
        return named.get(key, key)

    def get(var: str) -> str:
        return value(environ, model, f"AUTH_{var}").strip()

    if not any(get(var) for var in AUTH_VARIABLES):
        return None
    missing = [name(v) for v in ("ISSUER_URL", "RESOURCE_URL") if not get(v)]
    if missing:
        raise ConfigurationError(
            f"Authorization is half configured: set {' and '.join(missing)} too (the"
            " authorization server's issuer URL and this server's public URL, the audience its"
            " tokens must carry)."
        )
    issuers = tuple(
        _url(name("ISSUER_URL"), part, where="the authorization server's issuer URL")
        for part in get("ISSUER_URL").split(",")
        if part.strip()
    )
    resource = _url(name("RESOURCE_URL"), get("RESOURCE_URL"), where="this server's public URL")
    if urlsplit(resource).query:
        raise ConfigurationError(f"{name('RESOURCE_URL')}={resource!r} must not have a query.")
    client_id, secret = get("CLIENT_ID") or None, get("CLIENT_SECRET") or None
    if (client_id is None) != (secret is None):
        raise ConfigurationError(
            f"Set both {name('CLIENT_ID')} and {name('CLIENT_SECRET')} (this server's credentials"
            " at the introspection endpoint), or neither."
        )
    tool_scopes = get("TOOL_SCOPES").lower()
    if tool_scopes not in ("", "on", "off", "1", "0", "true", "false"):
        raise ConfigurationError(f"{name('TOOL_SCOPES')}={tool_scopes!r} must be on or off.")
    plain = get("ALLOW_PLAIN_JWT").lower()
    if plain not in ("", "on", "off", "1", "0", "true", "false"):
        raise ConfigurationError(f"{name('ALLOW_PLAIN_JWT')}={plain!r} must be 1 or 0.")
    return ResourceServerConfig(
        issuers=issuers,
        resource_url=resource,
        required_scopes=split_scopes(get("REQUIRED_SCOPES")),
        jwks_url=(
            _url(name("JWKS_URL"), get("JWKS_URL"), where="a JWKS") if get("JWKS_URL") else None
        ),
        introspection_url=(
            _url(name("INTROSPECTION_URL"), get("INTROSPECTION_URL"), where="RFC 7662 endpoint")
            if get("INTROSPECTION_URL")
            else None
        ),
        client_id=client_id,
        client_secret=secret,
        tool_scopes=tool_scopes not in ("off", "0", "false"),
        max_token_bytes=_count(
            name("MAX_TOKEN_BYTES"), get("MAX_TOKEN_BYTES"), int_default("AUTH_MAX_TOKEN_BYTES")
        ),
        introspections_per_minute=_count(
            name("INTROSPECTIONS_PER_MINUTE"),
            get("INTROSPECTIONS_PER_MINUTE"),
            int_default("AUTH_INTROSPECTIONS_PER_MINUTE"),
        ),
        allow_plain_jwt=plain in ("on", "1", "true"),
    )
