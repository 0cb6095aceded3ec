"""An OAuth2 token endpoint and a bearer-protected API, served by tests/support/upstream.py.

``TokenEndpoint`` answers ``POST /oauth/token`` for the client-credentials and refresh-token
grants (client authentication by HTTP Basic, or in the body when ``post_only``), rotates the
refresh token on every refresh (a spent refresh token is ``invalid_grant``, as with rotation
in real authorization servers) and records every grant it served. ``protect`` wraps a reply so
it needs a currently valid access token (401 otherwise).
"""

from __future__ import annotations

import base64
import itertools
import threading
from typing import Any, Callable
from urllib.parse import parse_qsl

from tests.support.upstream import Recorded, Reply, Upstream

CLIENT_ID = "notes-client"
CLIENT_SECRET = "client-SECRET-0123456789"


class TokenEndpoint:
    def __init__(
        self,
        up: Upstream,
        *,
        expires_in: int | None = 3600,
        refresh_token: str = "refresh-0-SECRET",
        post_only: bool = False,
        path: str = "/oauth/token",
    ):
        self.expires_in = expires_in
        self.refresh_token = refresh_token  # the one currently valid
        self.post_only = post_only
        self.valid: set[str] = set()
        self.grants: list[dict[str, str]] = []
        self._n = itertools.count(1)
        self._lock = threading.Lock()
        up.route("POST", path, self.token)

    def _client(self, request: Recorded, form: dict[str, str]) -> tuple[str, str] | None:
        header = request.headers.get("authorization", "")
        if header.startswith("Basic ") and not self.post_only:
            user, _, password = base64.b64decode(header[6:]).decode().partition(":")
            return user, password
        if "client_id" in form:
            return form["client_id"], form.get("client_secret", "")
        return None

    def token(self, request: Recorded) -> Reply:
        form = dict(parse_qsl(request.body.decode()))
        with self._lock:
            self.grants.append(form)
            client = self._client(request, form)
            if client != (CLIENT_ID, CLIENT_SECRET):
                return Reply.json(
                    {
                        "error": "invalid_client",
                        "error_description": f"unknown client (got secret {form.get('client_secret') or '?'})",
                    },
                    401,
                )
            grant = form.get("grant_type")
            body: dict[str, Any] = {"token_type": "Bearer"}
            if grant == "refresh_token":
                if form.get("refresh_token") != self.refresh_token:
                    return Reply.json({"error": "invalid_grant", "error_description": "spent"}, 400)
                n = next(self._n)
                self.refresh_token = body["refresh_token"] = f"refresh-{n}-SECRET"
            elif grant == "client_credentials":
                n = next(self._n)
            else:
                return Reply.json({"error": "unsupported_grant_type"}, 400)
            token = f"access-{n}-SECRET-TOKEN"
            self.valid.add(token)
            body["access_token"] = token
            if self.expires_in is not None:
                body["expires_in"] = self.expires_in
            return Reply.json(body)

    def revoke_all(self) -> None:
        with self._lock:
            self.valid.clear()

    def protect(self, reply: Callable[[Recorded], Reply] | Reply) -> Callable[[Recorded], Reply]:
        def guarded(request: Recorded) -> Reply:
            header = request.headers.get("authorization", "")
            if not header.startswith("Bearer ") or header[7:] not in self.valid:
                return Reply.json({"message": "Bad credentials"}, 401)
            return reply(request) if callable(reply) else reply

        return guarded

    def count(self, grant: str) -> int:
        return sum(g.get("grant_type") == grant for g in self.grants)
