"""The continuation tool's name comes from one function (runtime/model.py): both loaders keep it
free of operations, the package plan writes it into the README, and the server lists it."""

from __future__ import annotations

import json
from pathlib import Path

from generator.loaders.graphql import load_graphql
from generator.loaders.openapi import load_openapi
from generator.render.plan import package_names
from generator.runtime.model import continue_tool_name

NAME = "my-api"


def test_the_name_is_the_package_slug_in_snake_case() -> None:
    assert continue_tool_name(NAME) == "my_api_continue"
    assert package_names(NAME)["continue_tool"] == continue_tool_name(NAME)


def test_an_openapi_operation_never_takes_the_continue_tool_name(tmp_path: Path) -> None:
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "My API", "version": "1"},
        "servers": [{"url": "https://api.example.test"}],
        "paths": {
            "/next": {
                "get": {
                    "operationId": continue_tool_name(NAME),
                    "responses": {"200": {"description": "ok"}},
                }
            }
        },
    }
    path = tmp_path / "my-api.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    server, _ = load_openapi(path, name=NAME)
    names = [op.tool_name for op in server.operations]
    assert len(names) == 1 and continue_tool_name(NAME) not in names


def test_a_graphql_field_never_takes_the_continue_tool_name(tmp_path: Path) -> None:
    path = tmp_path / "schema.graphql"
    path.write_text("type Query { myApiContinue: String, other: Int }\n", encoding="utf-8")
    server, _ = load_graphql(path, name=NAME)
    names = [op.tool_name for op in server.operations]
    assert len(names) == 2 and continue_tool_name(NAME) not in names
