"""Tool descriptions on messy specs: they say what the operation does, first."""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.loaders import load_openapi
from generator.loaders.text import tool_description
from generator.render.compact import LEAN, RICH, build_surface


def test_a_description_that_only_repeats_the_operation_id_is_replaced() -> None:
    text = tool_description("Get batch", "GetBatch()", operation_id="GetBatch")
    assert text == "Get batch"
    assert tool_description(None, "GetBatch()", operation_id="GetBatch") == ""


def test_a_marketing_opener_gives_way_to_what_the_operation_does() -> None:
    summary = (
        "**Starting a new project?** We recommend trying Responses. "
        "Creates a model response for the given chat conversation."
    )
    text = tool_description(summary, None, route=("post", "/chat/completions"))
    assert text.startswith("Create chat completions (POST /chat/completions). We recommend")
    # with a plain summary, the summary leads and the question is dropped
    text = tool_description("List pets", "Need pets? Returns all pets.", route=("get", "/pets"))
    assert text == "List pets. Returns all pets."
    # a question that is the whole text describes a check: kept
    assert tool_description("Is the pet available?", None) == "Is the pet available?"


def _spec(tmp_path: Path, operations: dict) -> Path:
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Desc", "version": "1"},
        "servers": [{"url": "https://api.example.test"}],
        "paths": operations,
    }
    path = tmp_path / "spec.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return path


def test_operations_without_words_are_described_from_their_route(tmp_path: Path) -> None:
    paths = {
        "/batches/{batch_id}": {
            "get": {
                "operationId": "GetBatch",
                "description": "GetBatch()",
                "parameters": [
                    {
                        "name": "batch_id",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string"},
                    }
                ],
                "responses": {"200": {"description": "ok"}},
            }
        }
    }
    [op] = load_openapi(_spec(tmp_path, paths))[0].operations
    assert op.description == "Get batches (GET /batches/{batch_id})"


def test_an_api_field_selector_is_told_apart_from_fields(tmp_path: Path) -> None:
    paths = {
        "/tasks": {
            "get": {
                "operationId": "getTasks",
                "summary": "Get tasks",
                "parameters": [
                    {"name": "opt_fields", "in": "query", "schema": {"type": "string"}},
                ],
                "responses": {"200": {"description": "ok"}},
            }
        },
        "/users": {
            "get": {
                "operationId": "getUsers",
                "summary": "Get users",
                "parameters": [{"name": "fields", "in": "query", "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok"}},
            }
        },
    }
    spec, _ = load_openapi(_spec(tmp_path, paths))
    rich = build_surface(spec, RICH)
    tasks, _ = rich.tools["getTasks"]
    assert "opt_fields: the API's own field selector" in tasks
    assert "fields: picks fields from the result" in tasks
    users, schema = rich.tools["getUsers"]
    assert "fields__query: the API's own field selector" in users  # the collision rule
    assert {"fields", "fields__query"} <= set(schema["properties"])
    lean = build_surface(spec, LEAN)
    assert "fields__query, opt_fields: the API's own field selector" in lean.instructions


def test_small_apis_describe_every_control_argument(tmp_path: Path) -> None:
    paths = {
        "/pets": {"get": {"operationId": "listPets", "responses": {"200": {"description": "ok"}}}}
    }
    spec, _ = load_openapi(_spec(tmp_path, paths))
    surface = build_surface(spec)
    assert surface.profile == "rich"
    _, schema = surface.tools["listPets"]
    for control in ("fields", "detail_level", "response_format"):
        assert schema["properties"][control]["description"]
