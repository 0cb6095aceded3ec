"""Who is calling: with forwarded auth, the caller's own credential and the scope it implies.

When ``<PREFIX>_FORWARD_AUTH=1`` and the server runs over streamable HTTP, each MCP request's
``Authorization`` header is sent upstream instead of the env credentials, and continuations
are scoped to a SHA-256 of that header: an id created for one caller reads as unknown for a
caller with a different credential. Over stdio (no HTTP request) the env credentials and the
empty scope apply.
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from ..errors import InvalidArguments


def caller_scope(authorization: str) -> str:
    """A stable, non-reversible scope for one credential (never the credential itself)."""
    return "auth:" + hashlib.sha256(authorization.encode("utf-8")).hexdigest()


def caller_from_request(request: Any, forward_auth: bool) -> tuple[str, str | None]:
    """``(scope, authorization)`` of a call; ``request`` is the HTTP request or None (stdio)."""
    if not forward_auth or request is None:
        return "", None
    header = request.headers.get("authorization") or ""
    header = header.strip()
    if not header:
        raise InvalidArguments(
            "This server forwards each caller's own credentials to the upstream API: send an"
            " Authorization header with the MCP HTTP request."
        )
    if any(c in header for c in "\r\n\x00"):
        raise InvalidArguments("The Authorization header must not contain line breaks.")
    return caller_scope(header), header


def caller_secrets(authorization: str | None) -> tuple[str, ...]:
    """What of a forwarded ``Authorization`` must never come back: its token (without the
    scheme) and, for ``Basic``, the decoded ``user:pass`` and password."""
    if not authorization:
        return ()
    scheme, _, token = authorization.strip().partition(" ")
    token = token.strip() or scheme
    found = [token]
    if scheme.lower() == "basic":
        try:
            pair = base64.b64decode(token, validate=True).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            pair = ""
        if ":" in pair:
            found += [pair, pair.split(":", 1)[1]]
    return tuple(found)
