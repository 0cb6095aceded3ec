"""A schema ``$ref`` to nothing, as vendors publish it (Square's description names an enum
schema it never defines): the description loads with one warning per missing target, the
schema is read as any value, and the tool still answers what the upstream sends there. A
request body written as a ref to nothing still stops generation: a tool cannot be built
without it (a parameter or a response: test_refs_to_nothing_or_afar.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.diagnostics import GenerationError
from generator.loaders.openapi import load_openapi
from generator.pipeline import generate
from generator.preview.tools import runtime_model
from generator.runtime.config.settings import settings_from_env
from generator.runtime.executor import ServerRuntime
from tests.support.upstream import Reply, Upstream

MISSING = "#/components/schemas/ToggleOverride"


def _document() -> dict[str, Any]:
    item = {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "allow_quantities": {"$ref": MISSING, "description": "Multiple quantities?"},
            "modes": {"type": "array", "items": {"$ref": MISSING}},
            "price": {"allOf": [{"$ref": "#/components/schemas/Money"}]},
        },
    }
    return {
        "openapi": "3.0.0",
        "info": {"title": "Catalog", "version": "2.0"},
        "servers": [{"url": "https://catalog.example.org"}],
        "components": {
            "schemas": {
                "Item": item,
                "Alias": {"$ref": "#/components/schemas/Money"},  # a chain to nothing
                "Priced": {
                    "type": "object",
                    "properties": {"p": {"$ref": "#/components/schemas/Alias"}},
                },
            }
        },
        "paths": {
            "/items/{item_id}": {
                "get": {
                    "operationId": "getItem",
                    "parameters": [
                        {
                            "name": "item_id",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string"},
                        }
                    ],
                    "responses": {
                        "200": {
                            "description": "ok",
                            "content": {
                                "application/json": {
                                    "schema": {"$ref": "#/components/schemas/Item"}
                                }
                            },
                        }
                    },
                },
                "put": {
                    "operationId": "updateItem",
                    "parameters": [
                        {
                            "name": "item_id",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string"},
                        }
                    ],
                    "requestBody": {
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/Update"}}
                        }
                    },
                    "responses": {
                        "200": {
                            "description": "ok",
                            "content": {
                                "application/json": {
                                    "schema": {"$ref": "#/components/schemas/Priced"}
                                }
                            },
                        }
                    },
                },
            }
        },
    }


def _write(tmp_path: Path, document: dict[str, Any]) -> Path:
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps(document, indent=1))
    return path


def test_a_schema_ref_to_nothing_is_any_value_with_one_warning_per_target(
    tmp_path: Path,
) -> None:
    spec, diagnostics = load_openapi(_write(tmp_path, _document()))
    dangling = [d for d in diagnostics if d.code == "SCHEMA_REF_DANGLING"]
    by_target = {d.message.split("'")[1]: d for d in dangling}
    assert set(by_target) == {MISSING, "#/components/schemas/Money", "#/components/schemas/Update"}
    first = by_target[MISSING]
    assert first.severity.value == "warning"
    assert first.pointer == "/components/schemas/Item/properties/allow_quantities"
    assert first.line is not None and first.file and first.file.endswith("catalog.json")
    assert "read as any value (here and at 1 other places)" in first.message
    assert "has no /components/schemas/ToggleOverride" in first.message
    assert [op.tool_name for op in spec.operations] == ["get_item", "update_item"]


@pytest.mark.anyio
async def test_the_tool_answers_what_the_upstream_sends_where_the_schema_is_missing(
    tmp_path: Path,
) -> None:
    package, result = generate(_write(tmp_path, _document()), tmp_path / "out", name="catalog")
    assert (package / "pyproject.toml").is_file()
    model = runtime_model(result.spec)
    body = {
        "id": "ITEM7",
        "name": "Latte",
        "allow_quantities": "YES",
        "modes": ["NOT_SET"],
        "price": {"amount": 450, "currency": "USD"},
    }
    with Upstream() as api:
        api.route("GET", "/items/ITEM7", Reply.json(body))
        api.route("PUT", "/items/ITEM7", Reply.json({"p": {"amount": 1}}))
        runtime = ServerRuntime(model, settings_from_env(model, {"CATALOG_BASE_URL": api.url}))
        try:
            fields = ["id", "name", "allow_quantities", "modes", "price"]
            read = await runtime.call("get_item", {"item_id": "ITEM7", "fields": fields})
            assert not read.is_error
            assert json.loads(read.parts[0]) == body
            # The body's schema is missing: any object is sent as given.
            write = await runtime.call("update_item", {"item_id": "ITEM7", "body": {"x": [1]}})
            assert not write.is_error, write.parts
            assert api.requests[-1].json() == {"x": [1]}
        finally:
            await runtime.aclose()


def test_a_request_body_written_as_a_ref_to_nothing_still_stops(
    tmp_path: Path,
) -> None:
    document = _document()
    put = document["paths"]["/items/{item_id}"]["put"]
    put["requestBody"] = {"$ref": "#/components/requestBodies/Missing"}
    put["responses"]["404"] = {"$ref": "#/components/responses/schema"}  # only a warning
    with pytest.raises(GenerationError) as info:
        load_openapi(_write(tmp_path, document))
    found = [(d.code, d.pointer) for d in info.value.diagnostics]
    assert found == [("REF_DANGLING", "/paths/~1items~1{item_id}/put/requestBody")]
