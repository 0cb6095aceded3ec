"""A real authorization server on 127.0.0.1 for the tests: npm ``oidc-provider`` (a certified
OpenID provider), run by oidc_provider.mjs with the Node 22 binary of its cache folder.

Installed once like the conformance suite (npm_cache.py) into ``$MCPFORGE_OIDC_DIR``, else
``~/.cache/mcpforge/oidc-provider-<ver>``; ``.ci/run`` installs it before the tests
(``python -m tests.support.oidc``). The tests hold the provider's signing key (they generate it
and hand it over), so they can also mint tokens the provider never would: expired ones, or ones
for another audience, signed with its real key.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import httpx2
from joserfc import jwt
from joserfc.jwk import RSAKey

from tests.support.npm_cache import Unreachable, node_binary, node_works, npm_install
from tests.support.servers import free_port, stop

VERSION = "9.13.3"
PACKAGE = "oidc-provider"
SCRIPT = Path(__file__).with_name("oidc_provider.mjs")

__all__ = [
    "AuthorizationServer",
    "Client",
    "Unreachable",
    "authorization_server",
    "ensure_provider",
]


def cache_dir() -> Path:
    configured = os.environ.get("MCPFORGE_OIDC_DIR")
    if configured:
        return Path(configured)
    return Path.home() / ".cache" / "mcpforge" / f"oidc-provider-{VERSION}"


def ensure_provider() -> tuple[Path, Path]:
    """(node, the oidc-provider module), installed first when missing."""
    root = cache_dir()
    module = root / "node_modules" / PACKAGE / "lib" / "index.js"
    if not (node_works(root) and module.is_file()):
        npm_install(root, [f"{PACKAGE}@{VERSION}"])
    return node_binary(root), module


@dataclass(frozen=True)
class Client:
    client_id: str
    client_secret: str
    scope: str


@dataclass
class AuthorizationServer:
    issuer: str
    key: RSAKey  # the provider's signing key (private)
    clients: dict[str, Client] = field(default_factory=dict)

    def token(self, client: str, resource: str, scope: str) -> str:
        """An access token from the provider's token endpoint (client credentials)."""
        c = self.clients[client]
        response = httpx2.post(
            f"{self.issuer}/token",
            data={"grant_type": "client_credentials", "scope": scope, "resource": resource},
            auth=(c.client_id, c.client_secret),
        )
        assert response.status_code == 200, response.text
        return str(response.json()["access_token"])

    def mint(self, claims: dict[str, Any], key: RSAKey | None = None, kid: str = "k1") -> str:
        """A JWT signed here (with the provider's key unless ``key``): for cases the provider
        never issues, such as an expired token."""
        header = {"alg": "RS256", "typ": "at+jwt", "kid": kid}
        return jwt.encode(header, claims, key or self.key)


def _start(
    node: Path,
    module: Path,
    port: int,
    key: RSAKey,
    mcp_scope: str,
    clients: list[Client],
    resources: dict[str, str],
    introspector: Client | None,
) -> subprocess.Popen[str]:
    issuer = f"http://127.0.0.1:{port}"
    scopes = sorted({s for scope in [mcp_scope, *resources.values()] for s in scope.split()})
    registered = [
        {
            "client_id": c.client_id,
            "client_secret": c.client_secret,
            "grant_types": ["client_credentials"],
            "redirect_uris": [],
            "response_types": [],
            "scope": c.scope,
        }
        for c in clients
    ]
    if introspector is not None:
        registered.append(
            {
                "client_id": introspector.client_id,
                "client_secret": introspector.client_secret,
                "grant_types": [],
                "redirect_uris": [],
                "response_types": [],
            }
        )
    config = {
        "module": str(module),
        "issuer": issuer,
        "port": port,
        "keys": [key.as_dict(private=True)],
        "clients": registered,
        "scopes": scopes,
        "resources": {url: {"scope": scope} for url, scope in resources.items()},
        "mcp_scope": mcp_scope,
    }
    return subprocess.Popen(
        [str(node), str(SCRIPT)],
        env={**os.environ, "OIDC_CONFIG": json.dumps(config)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@contextmanager
def authorization_server(
    mcp_scope: str,
    clients: list[Client],
    *,
    resources: dict[str, str] | None = None,
    introspector: Client | None = None,
) -> Iterator[AuthorizationServer]:
    """Run the provider: tokens for any ``http://127.0.0.1:<port>/mcp`` may carry ``mcp_scope``;
    ``resources`` maps other resource URLs to the scopes their tokens may carry."""
    resources = dict(resources or {})
    node, module = ensure_provider()
    key = RSAKey.generate_key(2048, parameters={"kid": "k1", "use": "sig", "alg": "RS256"})
    for _ in range(5):  # a port another test took meanwhile: try another
        port = free_port()
        proc = _start(node, module, port, key, mcp_scope, clients, resources, introspector)
        line = proc.stdout.readline() if proc.stdout else ""  # "ready", or EOF if it died
        if line.strip() == "ready":
            break
        err = proc.stderr.read() if proc.stderr else ""
        proc.wait()
        if "EADDRINUSE" not in err:
            raise RuntimeError(f"oidc-provider did not start: {line}{err[-2000:]}")
    else:
        raise RuntimeError("oidc-provider: no free port after 5 tries")
    issuer = f"http://127.0.0.1:{port}"
    try:
        yield AuthorizationServer(issuer, key, {c.client_id: c for c in clients})
    finally:
        stop(proc)


if __name__ == "__main__":  # .ci/run: install before the tests (an unreachable npm is no error)
    try:
        print(f"oidc-provider ready: {ensure_provider()[1]}")
    except Unreachable as exc:
        print(f"oidc-provider not installed: {exc}", file=sys.stderr)
