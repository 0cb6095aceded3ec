"""A description whose refs reach nothing or another server's document still gives a server
when the defect costs only a part of it: Miro's description refers to error responses it never
defines, Airbyte's to a ``ForbiddenResponse`` it lacks, Open Zaak's and GA4GH's schemas to
schemas in other repositories (by URL). Each such ref is a warning naming what is wrong and
where (a JSON pointer); remote documents are never fetched. A parameter written so is left
out (as the Swagger 2.0 loader leaves it out); a request body written so still stops
generation: the tool cannot be built without it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.diagnostics import GenerationError
from generator.loaders.openapi import load_openapi
from generator.pipeline import generate
from generator.preview.tools import runtime_model
from generator.runtime.config.settings import settings_from_env
from generator.runtime.executor import ServerRuntime
from tests.support.paths import REPO
from tests.support.upstream import Reply, Upstream

REMOTE = "https://schemas.example.net/common.yaml#/components/schemas/Owner"
ID = {"name": "order_id", "in": "path", "required": True, "schema": {"type": "string"}}


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _document() -> dict[str, Any]:
    order = {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "total": {"type": "integer"},
            "owner": {"$ref": REMOTE, "description": "Who placed it"},
        },
    }
    errors = {code: {"$ref": f"#/components/responses/{code}"} for code in ("400", "404")}
    return {
        "openapi": "3.0.3",
        "info": {"title": "Orders", "version": "1.0"},
        "servers": [{"url": "https://orders.example.org"}],
        "components": {
            "schemas": {"Order": order},
            "responses": {"Gone": {"$ref": "#/components/responses/NeverWritten"}},
        },
        "paths": {
            "/orders/{order_id}": {
                "get": {
                    "operationId": "getOrder",
                    "parameters": [ID],
                    "responses": {
                        "200": {
                            "description": "ok",
                            "content": {
                                "application/json": {
                                    "schema": {"$ref": "#/components/schemas/Order"},
                                    "examples": {
                                        "far": {"$ref": "https://examples.example.net/o.json"}
                                    },
                                }
                            },
                        },
                        **errors,
                        "410": {"$ref": "#/components/responses/Gone"},
                    },
                },
                "delete": {
                    "operationId": "deleteOrder",
                    "parameters": [ID],
                    "responses": {
                        "200": {"$ref": "#/components/responses/Deleted"},
                        "500": {"$ref": "https://errors.example.net/api.yaml#/Problem"},
                    },
                },
            }
        },
    }


def _write(tmp_path: Path, document: dict[str, Any], name: str = "orders.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document, indent=1))
    return path


def test_responses_to_nothing_or_to_a_url_are_warnings_and_the_server_is_built(
    tmp_path: Path,
) -> None:
    spec, diagnostics = load_openapi(_write(tmp_path, _document()))
    assert [op.tool_name for op in spec.operations] == ["get_order", "delete_order"]
    assert all(d.severity.value == "warning" for d in diagnostics if "REF" in d.code)
    found = {(d.code, d.pointer) for d in diagnostics if "REF" in d.code}
    assert found == {
        ("RESPONSE_REF_DANGLING", "/paths/~1orders~1{order_id}/get/responses/400"),
        ("RESPONSE_REF_DANGLING", "/paths/~1orders~1{order_id}/get/responses/404"),
        ("RESPONSE_REF_DANGLING", "/components/responses/Gone"),
        ("RESPONSE_REF_DANGLING", "/paths/~1orders~1{order_id}/delete/responses/200"),
        ("RESPONSE_REF_REMOTE", "/paths/~1orders~1{order_id}/delete/responses/500"),
        ("SCHEMA_REF_REMOTE", "/components/schemas/Order/properties/owner"),
        (
            "EXAMPLE_REF_REMOTE",
            "/paths/~1orders~1{order_id}/get/responses/200/content/application~1json"
            "/examples/far",
        ),
    }
    by_code = {d.code: d for d in diagnostics}
    remote = by_code["SCHEMA_REF_REMOTE"]
    assert REMOTE in remote.message and "is not fetched" in remote.message
    assert "read as any value" in remote.message and remote.line is not None
    missing = [d for d in diagnostics if d.code == "RESPONSE_REF_DANGLING"]
    assert any("has no /components/responses/400" in d.message for d in missing)
    assert all("without a described body" in d.message for d in missing)
    # the read keeps its described body; the delete's success response is undescribed
    get, delete = spec.operations
    assert get.response.media_type == "application/json" and delete.response.media_type is None


def test_a_parameter_to_nothing_or_afar_is_left_out_and_a_request_body_still_stops(
    tmp_path: Path,
) -> None:
    document = _document()
    item = document["paths"]["/orders/{order_id}"]
    item["parameters"] = [{"$ref": "#/components/parameters/Trace"}]  # the path item's
    item["get"]["parameters"] = [
        {"$ref": "#/components/parameters/OrderId"},  # the path parameter, to nothing
        {"$ref": "https://params.example.net/p.yaml#/Page"},
        {"name": "expand", "in": "query", "schema": {"type": "boolean"}},
    ]
    spec, diagnostics = load_openapi(_write(tmp_path, document))
    found = sorted((d.code, d.pointer) for d in diagnostics if d.code.startswith("PARAMETER_"))
    assert found == [
        ("PARAMETER_REF_DANGLING", "/paths/~1orders~1{order_id}/get/parameters/0"),
        ("PARAMETER_REF_DANGLING", "/paths/~1orders~1{order_id}/parameters/0"),
        ("PARAMETER_REF_REMOTE", "/paths/~1orders~1{order_id}/get/parameters/1"),
    ]
    assert all("parameter is left out" in d.message for d in diagnostics if "PARAMETER_" in d.code)
    get = spec.operations[0]
    # the path parameter comes back as a required string; the query one declared stays
    assert sorted(p.arg for p in get.params) == ["expand", "order_id"]
    assert any(d.code == "PATH_PARAM_UNDECLARED" for d in diagnostics)

    item["post"] = {
        "operationId": "addNote",
        "requestBody": {"$ref": "https://bodies.example.net/b.yaml#/Note"},
        "responses": {"204": {"description": "added"}},
    }
    with pytest.raises(GenerationError) as info:
        load_openapi(_write(tmp_path, document))
    found = [(d.code, d.pointer) for d in info.value.diagnostics]
    assert found == [("REF_REMOTE_UNSUPPORTED", "/paths/~1orders~1{order_id}/post/requestBody")]


def test_a_schema_or_a_response_in_a_file_that_is_not_there_is_a_warning(
    tmp_path: Path,
) -> None:
    document = _document()
    order = document["components"]["schemas"]["Order"]
    order["properties"]["owner"] = {"$ref": "common/people.yaml#/Owner"}
    delete = document["paths"]["/orders/{order_id}"]["delete"]
    delete["responses"]["500"] = {"$ref": "common/errors.yaml#/Problem"}
    spec, diagnostics = load_openapi(_write(tmp_path, document))
    assert [op.tool_name for op in spec.operations] == ["get_order", "delete_order"]
    missing = {d.pointer: d for d in diagnostics if d.code.endswith("_REF_DANGLING")}
    owner = missing["/components/schemas/Order/properties/owner"]
    assert owner.code == "SCHEMA_REF_DANGLING" and "people.yaml: file not found" in owner.message
    problem = missing["/paths/~1orders~1{order_id}/delete/responses/500"]
    assert problem.code == "RESPONSE_REF_DANGLING" and "errors.yaml" in problem.message

    delete["requestBody"] = {"$ref": "common/bodies.yaml#/Reason"}
    with pytest.raises(GenerationError) as info:
        load_openapi(_write(tmp_path, document))
    found = [(d.code, d.pointer) for d in info.value.diagnostics]
    assert found == [("REF_FILE_NOT_FOUND", "/paths/~1orders~1{order_id}/delete/requestBody")]


def test_a_swagger2_response_to_nothing_and_a_remote_definition_are_warnings(
    tmp_path: Path,
) -> None:
    document = {
        "swagger": "2.0",
        "info": {"title": "Orders", "version": "1.0"},
        "host": "orders.example.org",
        "paths": {
            "/orders": {
                "get": {
                    "operationId": "listOrders",
                    "responses": {
                        "200": {
                            "description": "ok",
                            "schema": {"type": "array", "items": {"$ref": REMOTE}},
                        },
                        "403": {"$ref": "#/responses/Forbidden"},
                    },
                }
            }
        },
    }
    spec, diagnostics = load_openapi(_write(tmp_path, document, "swagger.json"))
    assert [op.tool_name for op in spec.operations] == ["list_orders"]
    codes = sorted(d.code for d in diagnostics if "REF" in d.code)
    assert codes == ["SCHEMA_REF_REMOTE", "SWAGGER2_RESPONSE_REF_UNRESOLVED"]


@pytest.mark.anyio
async def test_the_tool_answers_what_the_upstream_sends_where_the_schema_is_afar(
    tmp_path: Path,
) -> None:
    package, result = generate(_write(tmp_path, _document()), tmp_path / "out", name="orders")
    assert (package / "pyproject.toml").is_file()
    model = runtime_model(result.spec)
    body = {"id": "O7", "total": 12, "owner": {"login": "ada", "since": "2020"}}
    with Upstream() as api:
        api.route("GET", "/orders/O7", Reply.json(body))
        api.route("DELETE", "/orders/O7", Reply.json({"deleted": True, "id": "O7"}))
        runtime = ServerRuntime(model, settings_from_env(model, {"ORDERS_BASE_URL": api.url}))
        try:
            read = await runtime.call("get_order", {"order_id": "O7", "fields": list(body)})
            assert not read.is_error, read.parts
            assert json.loads(read.parts[0]) == body
            gone = await runtime.call("delete_order", {"order_id": "O7"})
            assert not gone.is_error, gone.parts
            assert "O7" in gone.parts[0]
        finally:
            await runtime.aclose()


def _mcpforge(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_generate_and_preview_print_the_warnings_and_succeed(tmp_path: Path) -> None:
    spec = tmp_path / "orders.yaml"
    spec.write_text(yaml.safe_dump(_document()))
    gen = _mcpforge("generate", str(spec), "--out", str(tmp_path / "out"))
    assert gen.returncode == 0, gen.stderr
    assert (tmp_path / "out/orders-mcp/pyproject.toml").is_file()
    assert "at /components/schemas/Order/properties/owner: SCHEMA_REF_REMOTE:" in gen.stderr
    assert f"remote $ref {REMOTE!r} is not fetched" in gen.stderr
    assert "at /paths/~1orders~1{order_id}/get/responses/400: RESPONSE_REF_DANGLING:" in gen.stderr
    shown = _mcpforge("preview", str(spec))
    assert shown.returncode == 0, shown.stderr
    assert "SCHEMA_REF_REMOTE" in shown.stderr + shown.stdout
    assert "RESPONSE_REF_DANGLING" in shown.stderr + shown.stdout
