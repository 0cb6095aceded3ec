"""The streamable HTTP app, as an OAuth 2.1 resource server when authorization is configured.

Built from the MCP SDK's own pieces: ``streamable_http_app(auth=AuthSettings(...),
token_verifier=...)`` installs the bearer middleware (401 with ``WWW-Authenticate: Bearer
resource_metadata="..."`` for a missing or refused token, 403 for a missing
``<PREFIX>_AUTH_REQUIRED_SCOPES`` scope) and the RFC 9728 metadata route; this module

* replaces that metadata route by one naming every configured issuer (the SDK names the first
  only) and every scope a tool may need (``scopes_supported``), and
* puts ``ToolScopeGate`` in front of the MCP endpoint: a ``tools/call`` whose tool needs scopes
  the token lacks is answered ``403`` with ``WWW-Authenticate: Bearer
  error="insufficient_scope", scope="..."`` before the MCP layer runs. The MCP authorization
  specification asks for exactly this (the scope challenge), and the SDK's client answers it by
  asking the user for the extra scopes (step-up) and retrying. Each ``tools/call`` is its own
  HTTP POST on streamable HTTP, so the status can always apply to a direct call; a
  ``continue`` that fetches the next page of a tool is only known inside the handler, where
  config/scopes.py refuses it as a tool error instead;
* puts ``ClientAddress`` around everything: the token verifier's per-client introspection
  budget (token_verifier.py) knows who is asking.
"""

from __future__ import annotations

import json
import logging
from typing import Any
from urllib.parse import urlsplit

from mcp.server import Server
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import TokenVerifier
from mcp.server.auth.routes import build_resource_metadata_url, create_protected_resource_routes
from mcp.server.auth.settings import AuthSettings
from mcp.server.transport_security import TransportSecuritySettings
from pydantic import AnyHttpUrl
from starlette.applications import Starlette
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..config.resource_server import ResourceServerConfig, is_loopback
from ..config.scopes import lacking
from ..meta import target_operation
from ..model import ServerModel
from .token_verifier import CLIENT_ADDRESS

log = logging.getLogger(__name__)
MAX_PEEK_BYTES = 4 * 1024 * 1024  # the SDK's own POST body limit: larger bodies it refuses
LOOPBACK_HOSTS = ["127.0.0.1:*", "localhost:*", "[::1]:*"]
LOOPBACK_ORIGINS = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]


def build_http_app(
    server: Server[Any],
    model: ServerModel,
    *,
    path: str,
    host: str,
    auth: ResourceServerConfig | None,
    verifier: TokenVerifier | None = None,
) -> Starlette:
    """The ASGI app ``uvicorn`` serves; ``verifier``: a TokenVerifier (token_verifier.py)."""
    if auth is None:
        return server.streamable_http_app(streamable_http_path=path, stateless_http=True, host=host)
    # URLs go in as text: the SDK's models keep a path-less issuer without a trailing slash
    # (issuers compare as strings, RFC 8414), which a separately built AnyHttpUrl would add.
    settings = AuthSettings(
        issuer_url=auth.issuers[0],  # type: ignore[arg-type]
        resource_server_url=auth.resource_url,  # type: ignore[arg-type]
        required_scopes=list(auth.required_scopes) or None,
        validate_token_resource=True,
    )
    app: Starlette = server.streamable_http_app(
        streamable_http_path=path,
        stateless_http=True,
        host=host,
        auth=settings,
        token_verifier=verifier,
        transport_security=_transport_security(host, auth.resource_url),
    )
    metadata_url = str(build_resource_metadata_url(AnyHttpUrl(auth.resource_url)))
    metadata_routes = create_protected_resource_routes(  # URLs as text again (see above)
        resource_url=auth.resource_url,  # type: ignore[arg-type]
        authorization_servers=list(auth.issuers),  # type: ignore[arg-type]
        scopes_supported=supported_scopes(model, auth) or None,
        resource_name=model.title,
    )
    metadata_paths = {route.path for route in metadata_routes}
    routes: list[Any] = []
    for route in app.router.routes:
        if isinstance(route, Route) and route.path in metadata_paths:
            continue  # ours below: every issuer, every scope
        if isinstance(route, Route) and route.path == path and auth.tool_scopes:
            route = Route(
                path,
                endpoint=ToolScopeGate(route.endpoint, model, auth.required_scopes, metadata_url),
            )
        routes.append(route)
    app.router.routes = [*routes, *metadata_routes]
    app.add_middleware(ClientAddress)  # outermost: before the SDK's bearer middleware
    return app


class ClientAddress:
    """ASGI middleware: ``CLIENT_ADDRESS`` is the caller's address for the request (the
    connection's, or what uvicorn read from ``X-Forwarded-For`` sent by a proxy it trusts:
    ``--forwarded-allow-ips`` / ``FORWARDED_ALLOW_IPS``, 127.0.0.1 by default)."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        token = CLIENT_ADDRESS.set(str(client[0]) if client else "")
        try:
            await self.app(scope, receive, send)
        finally:
            CLIENT_ADDRESS.reset(token)


def supported_scopes(model: ServerModel, auth: ResourceServerConfig) -> list[str]:
    """``scopes_supported`` of the metadata: the required ones, then every tool's, sorted."""
    found = {s for tool in model.tools for alternative in tool.scopes for s in alternative}
    if not auth.tool_scopes:
        found = set()
    return [*auth.required_scopes, *sorted(found - set(auth.required_scopes))]


def _transport_security(host: str, resource_url: str) -> TransportSecuritySettings | None:
    """On a loopback bind the SDK checks Host and Origin against loopback names (DNS
    rebinding); behind a reverse proxy requests carry the public host of the resource URL,
    which is allowed too. A non-loopback bind keeps the SDK's default (no such check)."""
    if not is_loopback(host):
        return None
    public = urlsplit(resource_url)
    netloc = public.netloc.rsplit("@", 1)[-1]
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=[*LOOPBACK_HOSTS, netloc],
        allowed_origins=[*LOOPBACK_ORIGINS, f"{public.scheme}://{netloc}"],
    )


class ToolScopeGate:
    """ASGI middleware before the MCP endpoint: ``403 insufficient_scope`` for a
    ``tools/call`` the access token's scopes do not allow (see the module docstring)."""

    def __init__(
        self,
        app: ASGIApp,
        model: ServerModel,
        required_scopes: tuple[str, ...],
        resource_metadata_url: str,
    ):
        self.app = app
        self.model = model
        self.required = required_scopes
        self.metadata_url = resource_metadata_url

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        user = scope.get("user")
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        if not isinstance(user, AuthenticatedUser):  # the SDK's middleware answers 401
            await self.app(scope, receive, send)
            return
        messages, body = await _peek(receive)
        needed = self._needed(body, user.scopes)
        if needed is not None:
            await _insufficient_scope(send, needed, self.metadata_url)
            return
        await self.app(scope, _replay(messages, receive), send)

    def _needed(self, body: bytes | None, granted: list[str]) -> list[str] | None:
        """The scopes to ask for when the body is a ``tools/call`` this token may not make."""
        if body is None:
            return None
        try:
            message = json.loads(body)
        except ValueError:
            return None  # the MCP layer answers malformed JSON
        if not isinstance(message, dict) or message.get("method") != "tools/call":
            return None
        params = message.get("params")
        if not isinstance(params, dict) or not isinstance(params.get("name"), str):
            return None
        tool = target_operation(self.model, params["name"], params.get("arguments"))
        if tool is None:
            return None
        missing = lacking(tool.scopes, granted)
        if missing is None:
            return None
        log.info("403 insufficient_scope: %s needs %s", tool.name, " ".join(missing))
        return [*self.required, *(s for s in missing if s not in self.required)]


async def _peek(receive: Receive) -> tuple[list[Message], bytes | None]:
    """The request's body messages read so far, and the whole body (None when it is larger
    than MAX_PEEK_BYTES: then it is passed on unread, and the SDK refuses it)."""
    messages: list[Message] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return messages, None
        size += len(message.get("body", b""))
        if size > MAX_PEEK_BYTES:
            return messages, None
        if not message.get("more_body", False):
            return messages, b"".join(m.get("body", b"") for m in messages)


def _replay(messages: list[Message], receive: Receive) -> Receive:
    pending = list(messages)

    async def replayed() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replayed


async def _insufficient_scope(send: Send, scopes: list[str], metadata_url: str) -> None:
    description = "This tool needs scopes the access token was not granted"
    challenge = (
        f'Bearer error="insufficient_scope", scope="{" ".join(scopes)}", '
        f'resource_metadata="{metadata_url}", error_description="{description}"'
    )
    body = json.dumps(
        {"error": "insufficient_scope", "error_description": description, "scope": " ".join(scopes)}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"www-authenticate", challenge.encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
