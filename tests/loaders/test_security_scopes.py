"""The OAuth scopes a tool needs, read from the description's security requirements."""

from __future__ import annotations

import json
from pathlib import Path

from generator.loaders import load_openapi


def ops(tmp_path: Path, document: dict) -> dict[str, tuple[tuple[str, ...], ...]]:
    path = tmp_path / "api.json"
    path.write_text(json.dumps(document))
    spec, _ = load_openapi(path)
    return {op.id: op.scopes for op in spec.operations}


def test_scopes_per_requirement_with_the_document_default(tmp_path: Path) -> None:
    ok = {"200": {"description": "ok"}}
    document = {
        "openapi": "3.0.3",
        "info": {"title": "S", "version": "1"},
        "servers": [{"url": "https://api.example.com"}],
        "components": {
            "securitySchemes": {
                "oauth": {
                    "type": "oauth2",
                    "flows": {"clientCredentials": {"tokenUrl": "/t", "scopes": {}}},
                },
                "key": {"type": "apiKey", "in": "header", "name": "X-Key"},
            }
        },
        "security": [{"oauth": ["read"]}],
        "paths": {
            "/a": {
                "get": {"operationId": "inherits", "responses": ok},
                "put": {
                    "operationId": "either",
                    "security": [{"oauth": ["write", "read", "write"]}, {"oauth": ["admin"]}],
                    "responses": ok,
                },
                "post": {
                    "operationId": "keyServes",
                    "security": [{"oauth": ["write"]}, {"key": []}],
                    "responses": ok,
                },
                "delete": {"operationId": "open", "security": [], "responses": ok},
                "patch": {"operationId": "anonymous", "security": [{}], "responses": ok},
            }
        },
    }
    assert ops(tmp_path, document) == {
        "inherits": (("read",),),
        "either": (("write", "read"), ("admin",)),
        "keyServes": (),  # the API key alternative needs no scope
        "open": (),
        "anonymous": (),
    }
