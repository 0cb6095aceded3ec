"""A real HTTP server on 127.0.0.1 that plays an upstream API from recorded responses.

Routes map (METHOD, path pattern) to a status, headers and a body (usually a file from the
fixtures in tests/fixtures). Every request is recorded exactly (method, raw path, parsed query, headers,
body) so tests can assert on what the generated server sent.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable
from urllib.parse import parse_qsl, urlsplit


@dataclass
class Recorded:
    method: str
    path: str  # raw path as sent (still percent-encoded), without the query
    query: list[tuple[str, str]]
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=lambda: {"Content-Type": "application/json"})

    @classmethod
    def file(cls, path: Path, status: int = 200) -> "Reply":
        return cls(status, path.read_bytes())

    @classmethod
    def json(cls, value: Any, status: int = 200) -> "Reply":
        return cls(status, json.dumps(value).encode())


Responder = Callable[[Recorded], Reply]


class Upstream:
    def __init__(self) -> None:
        self.routes: list[tuple[str, re.Pattern[str], Reply | Responder]] = []
        self.requests: list[Recorded] = []
        self._httpd: ThreadingHTTPServer | None = None

    def route(self, method: str, pattern: str, reply: Reply | Responder) -> None:
        """``pattern`` is a path with ``{name}`` placeholders matching one segment."""
        regex = re.escape(pattern).replace(r"\{", "{").replace(r"\}", "}")
        regex = re.sub(r"\{[^}]+\}", r"[^/]+", regex)
        self.routes.append((method.upper(), re.compile(f"^{regex}$"), reply))

    @property
    def url(self) -> str:
        assert self._httpd is not None
        return f"http://127.0.0.1:{self._httpd.server_port}"

    def _handle(self, handler: BaseHTTPRequestHandler) -> None:
        parts = urlsplit(handler.path)
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length) if length else b""
        rec = Recorded(
            handler.command,
            parts.path,
            parse_qsl(parts.query, keep_blank_values=True),
            {k.lower(): v for k, v in handler.headers.items()},
            body,
        )
        self.requests.append(rec)
        reply: Reply = Reply.json({"message": "Not Found"}, 404)
        for method, regex, target in self.routes:
            if method == rec.method and regex.match(rec.path):
                reply = target(rec) if callable(target) else target
                break
        handler.send_response(reply.status)
        for k, v in reply.headers.items():
            handler.send_header(k, v)
        handler.send_header("Content-Length", str(len(reply.body)))
        handler.end_headers()
        handler.wfile.write(reply.body)

    def start(self) -> "Upstream":
        upstream = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_ANY(self) -> None:
                upstream._handle(self)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_QUERY = do_ANY

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> "Upstream":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
