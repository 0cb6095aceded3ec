"""A small API for load and reliability runs: its OpenAPI document, overlay and a local
upstream that serves it. One thing by id (GET and POST) and a list that pages.

``make_package(root)`` generates its MCP server (env prefix ``RELY``, bearer credential
``RELY_BEARER``, module ``rely_mcp``) with small chunk sizes so lists page quickly.
"""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

_THING = {
    "type": "object",
    "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
}
_ITEM = {"type": "object", "properties": {"n": {"type": "integer"}, "text": {"type": "string"}}}


def _ok(schema: dict[str, Any]) -> dict[str, Any]:
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}


SPEC: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Rely", "version": "1.0.0"},
    "servers": [{"url": "http://localhost:1"}],
    "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
    "security": [{"bearer": []}],
    "paths": {
        "/things/{id}": {
            "parameters": [
                {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
            ],
            "get": {"operationId": "getThing", "responses": _ok(_THING)},
            "post": {
                "operationId": "createThing",
                "requestBody": {"content": {"application/json": {"schema": _THING}}},
                "responses": _ok(_THING),
            },
        },
        "/items": {
            "get": {
                "operationId": "listItems",
                "parameters": [
                    {"name": "q", "in": "query", "schema": {"type": "string"}},
                    {
                        "name": "limit",
                        "in": "query",
                        "schema": {"type": "integer", "minimum": 1, "maximum": 100},
                    },
                ],
                "responses": _ok({"type": "array", "items": _ITEM}),
            }
        },
    },
}
OVERLAY = """name: rely
defaults:
  chunk_threshold_tokens: 200
  chunk_tokens: 150
  continuation_ttl: {ttl}
"""
MODULE = "rely_mcp"


def items(n: int = 40) -> list[dict[str, Any]]:
    return [{"n": i, "text": f"item number {i} " + "lorem ipsum " * 3} for i in range(n)]


def make_package(root: Path, *, ttl: int = 60) -> Path:
    from ..pipeline import generate

    root.mkdir(parents=True, exist_ok=True)
    (root / "spec.json").write_text(json.dumps(SPEC))
    (root / "overlay.yaml").write_text(OVERLAY.format(ttl=ttl))
    target, _ = generate(
        root / "spec.json", root / "out", overlay_path=root / "overlay.yaml", force=True
    )
    return target


class ApiUpstream:
    """The API itself on 127.0.0.1 (threads): ``/items`` (40 items) and ``/things/{id}``."""

    def __init__(self) -> None:
        self.requests = 0
        self._httpd: ThreadingHTTPServer | None = None
        self._items = json.dumps(items()).encode()

    @property
    def url(self) -> str:
        assert self._httpd is not None
        return f"http://127.0.0.1:{self._httpd.server_port}"

    def _reply(self, path: str) -> tuple[int, bytes]:
        self.requests += 1
        if path == "/items":
            return 200, self._items
        match = re.fullmatch(r"/things/([^/]+)", path)
        if match:
            return 200, json.dumps({"id": match.group(1), "name": "thing"}).encode()
        return 404, b'{"message": "Not Found"}'

    def start(self) -> "ApiUpstream":
        upstream = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                status, body = upstream._reply(self.path.split("?", 1)[0])
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_POST = do_GET

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
