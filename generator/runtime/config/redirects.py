"""Where an upstream's redirects may lead (upstream/redirects.py follows them).

A redirect to the API's own origin is always followed. Another origin only when it is one of the
servers the description declares (its ``servers``, the servers of its operations, the base URLs
the operator configured) or one the operator names in ``<PREFIX>_REDIRECT_ORIGINS``
(comma-separated, e.g. ``https://cdn.example.com,https://files.example.com:8443``). The address
check on top of that (no loopback, private or link-local targets) is upstream/addresses.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable
from urllib.parse import urlsplit

import httpx2

from ..errors import ConfigurationError

Origin = tuple[str, str, int]


def origin_of(url: str) -> Origin | None:
    """(scheme, host, port) of an absolute http(s) URL, the port made explicit; None when
    ``url`` is not one."""
    try:
        parsed = httpx2.URL(url.strip())
    except Exception:  # httpx2.InvalidURL and the odd ValueError of a malformed port
        return None
    scheme = parsed.scheme.lower()
    if scheme not in ("http", "https") or not parsed.host or "{" in url:
        return None
    return (scheme, parsed.host.lower(), parsed.port or {"http": 80, "https": 443}[scheme])


def shown(origin: Origin) -> str:
    scheme, host, port = origin
    host = f"[{host}]" if ":" in host else host
    default = {"http": 80, "https": 443}.get(scheme)
    return f"{scheme}://{host}" + ("" if port == default else f":{port}")


@dataclass(frozen=True)
class RedirectPolicy:
    """``origins``: the origins other than a request's own that its redirects may lead to;
    ``env``: the variables' prefix, named in errors."""

    origins: frozenset[Origin] = frozenset()
    env: str = "<PREFIX>"

    def allows(self, origin: Origin) -> bool:
        return origin in self.origins


def redirect_policy(declared: Iterable[str], allowed: str, env: str) -> RedirectPolicy:
    """The policy for the servers' URLs ``declared`` and the operator's ``allowed`` (the value
    of ``<env>_REDIRECT_ORIGINS``); a malformed entry of ``allowed`` stops the server."""
    origins = {found for found in map(origin_of, declared) if found is not None}
    for entry in (e.strip() for e in allowed.split(",")):
        if not entry:
            continue
        found = origin_of(entry)
        path = urlsplit(entry).path if found else ""
        if found is None or path not in ("", "/") or urlsplit(entry).query:
            raise ConfigurationError(
                f"{env}_REDIRECT_ORIGINS: {entry!r} is not an origin; give scheme, host and"
                " optional port only, e.g. https://files.example.com or http://10.0.0.5:8080."
            )
        origins.add(found)
    return RedirectPolicy(frozenset(origins), env)
