"""Listed schemas never offer what the server then refuses: an empty path value, the same
``oneOf`` branch twice, a "path" that is really a whole URL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


from generator.pipeline import load_with_overlay
from tests.support.paths import FIXTURES


def _load(tmp_path: Path, document: dict[str, Any]) -> tuple[Any, Any]:
    spec = tmp_path / "openapi.json"
    spec.write_text(json.dumps(document))
    return load_with_overlay(spec, name="demo")


def _tool(spec: Any, name: str) -> Any:
    (op,) = [op for op in spec.operations if op.tool_name == name]
    return op


# As Lichess's OpenAPI 3.1 description has them: a required path parameter whose enum lists
# "" among the values, and a body property whose oneOf names one definition three times.
LICHESS_LIKE: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Games", "version": "1"},
    "servers": [{"url": "https://games.example.org"}],
    "components": {
        "schemas": {
            "Clock": {
                "type": "object",
                "properties": {"limit": {"type": "integer"}, "increment": {"type": "integer"}},
            }
        }
    },
    "paths": {
        "/api/games/{perf}": {
            "post": {
                "operationId": "gameCreate",
                "parameters": [
                    {
                        "name": "perf",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string", "enum": ["", "blitz", "rapid"]},
                    }
                ],
                "requestBody": {
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "properties": {
                                    "clock": {
                                        "oneOf": [
                                            {"$ref": "#/components/schemas/Clock"},
                                            {"$ref": "#/components/schemas/Clock"},
                                            {"$ref": "#/components/schemas/Clock"},
                                        ]
                                    },
                                    "side": {
                                        "oneOf": [
                                            {"$ref": "#/components/schemas/Clock"},
                                            {"type": "string"},
                                            {"$ref": "#/components/schemas/Clock"},
                                        ]
                                    },
                                },
                            }
                        }
                    }
                },
                "responses": {"200": {"description": "ok"}},
            }
        }
    },
}


def test_a_path_value_the_server_refuses_is_not_listed(tmp_path: Path) -> None:
    spec, diagnostics = _load(tmp_path, LICHESS_LIKE)
    schema = _tool(spec, "game_create").input_schema["properties"]["perf"]
    assert schema["enum"] == ["blitz", "rapid"]
    assert "PATH_ENUM_EMPTY" in [d.code for d in diagnostics]


def test_the_same_one_of_branch_twice_is_one_branch(tmp_path: Path) -> None:
    spec, _ = _load(tmp_path, LICHESS_LIKE)
    properties = _tool(spec, "game_create").input_schema["properties"]
    assert "oneOf" not in properties["clock"]
    assert set(properties["clock"]["properties"]) == {"limit", "increment"}
    assert len(properties["side"]["oneOf"]) == 2


def test_a_path_that_is_a_whole_url_is_left_out_and_says_why(tmp_path: Path) -> None:
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Batches", "version": "1"},
        "servers": [{"url": "https://api.example.org"}],
        "paths": {
            "/v1/batches/files": {
                "post": {"operationId": "createFile", "responses": {"200": {"description": "ok"}}}
            },
            "/{upload_url}": {
                "put": {
                    "operationId": "uploadFile",
                    "parameters": [
                        {
                            "name": "upload_url",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string"},
                        }
                    ],
                    "responses": {"200": {"description": "ok"}},
                }
            },
            "/{slug}": {
                "get": {
                    "operationId": "getPage",
                    "parameters": [
                        {
                            "name": "slug",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string"},
                        }
                    ],
                    "responses": {"200": {"description": "ok"}},
                }
            },
        },
    }
    spec, diagnostics = _load(tmp_path, document)
    assert sorted(op.tool_name for op in spec.operations) == ["create_file", "get_page"]
    (left_out,) = [d for d in diagnostics if d.code == "OPERATION_URL_PATH"]
    assert "placeholder for a whole URL (upload_url" in left_out.message
    assert left_out.hint and "only calls the API's own servers" in left_out.hint


def test_digitalocean_upload_placeholder_is_left_out() -> None:
    spec, diagnostics = load_with_overlay(
        FIXTURES / "digitalocean" / "DigitalOcean-public.v2.yaml", name="digitalocean"
    )
    assert not [op for op in spec.operations if op.id == "inference_upload_batch_file"]
    (left_out,) = [d for d in diagnostics if d.code == "OPERATION_URL_PATH"]
    assert left_out.message.startswith("operation skipped: its path /<upload_url> is")
