"""Tool descriptions on messy specs: they say what the operation does, first."""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.loaders import load_openapi
from generator.loaders.text import tool_description
from generator.render.compact import LEAN, RICH, build_surface
from generator.render.tooldata import server_data


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


def _summary_only(count: int) -> dict:
    """``count`` kinds of widget, each listed and deleted; every operation has a summary and no
    description (a big real API had 180 of 248 tools like that)."""
    paths: dict = {}
    for i in range(count):
        kind = chr(97 + i // 26) + chr(97 + i % 26)  # aa, ab, ...: names without digits
        paths[f"/{kind}/widgets"] = {
            "get": {
                "operationId": f"listWidgets{kind.title()}",
                "summary": "List archived widgets, newest first",
                "responses": {"200": {"description": "ok"}},
            }
        }
        paths[f"/{kind}/widgets/{{widget_id}}"] = {
            "delete": {
                "operationId": f"deleteWidget{kind.title()}",
                "summary": "Delete a widget",
                "parameters": [
                    {
                        "name": "widget_id",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string"},
                    }
                ],
                "responses": {"204": {"description": "gone"}},
            }
        }
    return paths


def test_a_summary_only_operation_is_described_by_its_summary_on_every_surface(
    tmp_path: Path,
) -> None:
    """Lean (a big API): an informative summary is the description; one that only repeats the
    tool name (same words, ignoring case, separators and stop words) is left out. Rich: both."""
    spec, _ = load_openapi(_spec(tmp_path, _summary_only(150)))
    lean = server_data(spec)
    assert lean["server"]["surface"] == "lean"
    described = {t["name"]: t["description"] for t in lean["tools"]}
    assert described["list_widgets_ah"] == "List archived widgets, newest first"
    assert described["delete_widget_ah"] == ""  # "Delete a widget" says nothing beyond the name
    assert sum(d == "List archived widgets, newest first" for d in described.values()) == 150

    small, _ = load_openapi(_spec(tmp_path, _summary_only(2)))
    rich = build_surface(small)
    assert rich.profile == "rich"
    assert rich.tools["listWidgetsAb"][0] == "List archived widgets, newest first"
    assert rich.tools["deleteWidgetAb"][0] == "Delete a widget"
