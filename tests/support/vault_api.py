"""A small API for the telemetry tests: an API key credential, a list (paged into chunks), an
item by id (a path parameter) and a create (a JSON body); the generated package is
``vault_mcp`` (env prefix ``VAULT``). Its values are distinctive so a test can search every
span, metric and log line for them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .upstream import Recorded, Reply, Upstream

CREDENTIAL = "vault-key-7Qm2Zx9PLw41"
SECRET_QUERY = "query-secret-TANGERINE-5512"
SECRET_ID = "item-id-secret-OKAPI-9031"
SECRET_BODY = "body-secret-NARWHAL-2207"
SECRETS = (CREDENTIAL, SECRET_QUERY, SECRET_ID, SECRET_BODY)

_ITEM = {
    "type": "object",
    "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
}


def _ok(schema: dict[str, Any]) -> dict[str, Any]:
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}


SPEC: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Vault", "version": "1.0.0"},
    "servers": [{"url": "http://localhost:1/v1"}],
    "components": {
        "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Api-Key"}}
    },
    "security": [{"key": []}],
    "paths": {
        "/items": {
            "get": {
                "operationId": "listItems",
                "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}],
                "responses": _ok({"type": "array", "items": _ITEM}),
            },
            "post": {
                "operationId": "createItem",
                "requestBody": {"content": {"application/json": {"schema": _ITEM}}},
                "responses": _ok(_ITEM),
            },
        },
        "/items/{itemId}": {
            "get": {
                "operationId": "getItem",
                "parameters": [
                    {"name": "itemId", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "responses": _ok(_ITEM),
            }
        },
    },
}
OVERLAY = "defaults:\n  chunk_threshold_tokens: 300\n  chunk_tokens: 200\n"


def make_package(root: Path) -> Path:
    from generator.pipeline import generate

    root.mkdir(parents=True, exist_ok=True)
    (root / "spec.json").write_text(json.dumps(SPEC))
    (root / "overlay.yaml").write_text(OVERLAY)
    target, _ = generate(
        root / "spec.json", root / "out", overlay_path=root / "overlay.yaml", force=True
    )
    return target


def vault_upstream() -> Upstream:
    """Not started yet: use as a context manager. The first request for an item answers 503
    (a GET is retried), ``/v1/items/missing`` 404; the list has 40 long items."""
    seen: dict[str, int] = {}

    def item(request: Recorded) -> Reply:
        seen[request.path] = seen.get(request.path, 0) + 1
        if seen[request.path] == 1:
            return Reply.json({"message": "try again"}, 503)
        return Reply.json({"id": SECRET_ID, "name": "found " + SECRET_ID})

    def items(request: Recorded) -> Reply:
        return Reply.json([{"id": str(i), "name": f"item {i} " + "word " * 20} for i in range(40)])

    up = Upstream()
    up.route("GET", "/v1/items/missing", Reply.json({"message": "no such item"}, 404))
    up.route("GET", "/v1/items/{id}", item)
    up.route("GET", "/v1/items", items)
    up.route("POST", "/v1/items", lambda r: Reply.json(r.json()))
    return up
