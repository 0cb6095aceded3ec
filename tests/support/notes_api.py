"""A small notes API for the hosted-server tests: its OpenAPI document (OAuth2 security with
per-operation scopes), an overlay, and the generated package (env prefix ``NOTES``, module
``notes_mcp``).

* ``GET /notes`` (scope ``notes:read``) lists notes, paged by ``page`` (three upstream pages);
* ``GET /notes/{id}`` (``notes:read``), ``DELETE /notes/{id}`` (``notes:write``, destructive);
* ``GET /status`` needs no scope (``security: []``).

The upstream's own OAuth2 scheme names a client-credentials flow with a relative token URL,
served by the test's upstream (``/oauth/token``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

MODULE = "notes_mcp"
PREFIX = "NOTES"

_NOTE = {
    "type": "object",
    "properties": {"id": {"type": "string"}, "text": {"type": "string"}},
}
_ID = [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}]


def _ok(schema: dict[str, Any]) -> dict[str, Any]:
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}


SPEC: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Notes", "version": "1.0.0"},
    "servers": [{"url": "http://localhost:1"}],
    "components": {
        "securitySchemes": {
            "oauth": {
                "type": "oauth2",
                "flows": {
                    "clientCredentials": {
                        "tokenUrl": "/oauth/token",
                        "scopes": {"notes:read": "read notes", "notes:write": "change notes"},
                    },
                    "authorizationCode": {
                        "authorizationUrl": "/oauth/authorize",
                        "tokenUrl": "/oauth/token",
                        "scopes": {"notes:read": "read notes", "notes:write": "change notes"},
                    },
                },
            }
        }
    },
    "paths": {
        "/notes": {
            "get": {
                "operationId": "listNotes",
                "security": [{"oauth": ["notes:read"]}],
                "parameters": [{"name": "page", "in": "query", "schema": {"type": "integer"}}],
                "responses": _ok({"type": "array", "items": _NOTE}),
            }
        },
        "/notes/{id}": {
            "parameters": _ID,
            "get": {
                "operationId": "getNote",
                "security": [{"oauth": ["notes:read"]}],
                "responses": _ok(_NOTE),
            },
            "delete": {
                "operationId": "deleteNote",
                "security": [{"oauth": ["notes:write"]}],
                "responses": {"204": {"description": "deleted"}},
            },
        },
        "/status": {
            "get": {
                "operationId": "getStatus",
                "security": [],
                "responses": _ok({"type": "object", "properties": {"ok": {"type": "boolean"}}}),
            }
        },
    },
}

OVERLAY = """\
defaults:
  chunk_threshold_tokens: 400
  chunk_tokens: 300
operations:
  listNotes:
    pagination: {style: page, page_arg: page}
"""


PAGES = 3  # the upstream's pages of notes; later pages are empty


def notes(page: int, per_page: int = 20) -> list[dict[str, Any]]:
    if page > PAGES:
        return []
    start = (page - 1) * per_page
    return [
        {"id": str(i), "text": f"note {i} " + "word " * 12} for i in range(start, start + per_page)
    ]


def make_package(root: Path, overlay: str = OVERLAY) -> Path:
    from generator.pipeline import generate

    root.mkdir(parents=True, exist_ok=True)
    (root / "spec.json").write_text(json.dumps(SPEC))
    (root / "overlay.yaml").write_text(overlay)
    target, _ = generate(
        root / "spec.json", root / "out", overlay_path=root / "overlay.yaml", force=True
    )
    return target
