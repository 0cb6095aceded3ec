"""A local upstream for the benchmarks: a real HTTP server on 127.0.0.1 with one reply at a time.

The breadth benchmark calls one tool at a time, so the server answers every request with the
body it was last given (``serve(body)``), whatever the path: no routing to get wrong, and the
whole request path of a generated server (URL building, auth, retries, parsing) still runs.
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
        self.body = b"{}"
        self.requests: list[str] = []  # "METHOD /path?query", in order
        self.responder: Responder | None = None  # answers from the request instead of ``body``
        upstream = self

        class Handler(BaseHTTPRequestHandler):
            def _reply(self) -> None:
                upstream.requests.append(f"{self.command} {self.path}")
                length = int(self.headers.get("Content-Length") or 0)
                sent = self.rfile.read(length) if length else b""
                body = upstream.body
                if upstream.responder is not None:
                    answer = upstream.responder(self.command, self.path, sent)
                    body = json.dumps(answer, ensure_ascii=False).encode("utf-8")
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _reply

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_port}"

    def serve(self, value: Any) -> None:
        self.body = json.dumps(value, ensure_ascii=False).encode("utf-8")

    def __enter__(self) -> "LocalUpstream":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
