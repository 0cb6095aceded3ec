"""A local upstream for the benchmarks: a real HTTP server on 127.0.0.1 with one reply at a time.

The breadth benchmark calls one tool at a time, so the server answers every request with the
body and status it was last given (``serve(body, status)``; ``None``: no body, as a 204
sends), whatever the path: no routing to get wrong, and the whole request path of a
generated server (URL building, request bodies, auth, retries, parsing) still runs. What each
request carried is kept (``requests``, ``bodies``) so tests can see what was sent.
A benchmark that must answer what was asked (a GraphQL document selects its fields) sets
``responder``: it gets the request's method, path and body and returns the value to send.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

Responder = Callable[[str, str, bytes], Any]


class LocalUpstream:
    def __init__(self) -> None:
        self.body: bytes | None = b"{}"
        self.status = 200
        self.requests: list[str] = []  # "METHOD /path?query", in order
        self.responder: Responder | None = None  # answers from the request instead of ``body``
        self.bodies: list[bytes] = []  # the request bodies, in the same order
        upstream = self

        class Handler(BaseHTTPRequestHandler):
            def _reply(self) -> None:
                upstream.requests.append(f"{self.command} {self.path}")
                length = int(self.headers.get("Content-Length") or 0)
                sent = self.rfile.read(length) if length else b""
                upstream.bodies.append(sent)
                body = upstream.body
                if upstream.responder is not None:
                    answer = upstream.responder(self.command, self.path, sent)
                    body = json.dumps(answer, ensure_ascii=False).encode("utf-8")
                self.send_response(upstream.status)
                if body is not None:
                    self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body or b"")))
                self.end_headers()
                if body and self.command != "HEAD":
                    self.wfile.write(body)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = _reply

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_port}"

    def serve(self, value: Any, status: int = 200, *, empty: bool = False) -> None:
        """Answer ``value`` as JSON with ``status``; ``empty``: no body at all (a 204)."""
        self.status = status
        self.body = None if empty else json.dumps(value, ensure_ascii=False).encode("utf-8")

    def __enter__(self) -> "LocalUpstream":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
