"""Defaults on response layouts the corpus has little of (issue 33, fresh24): defects found on
vendors' own descriptions of JSON:API, HAL, envelope and record layouts, each reproduced on a
synthesized description of the same structure (no vendor's text); each test fails on the rules
before its fix."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.pipeline import load_spec
from generator.preview.tools import tools_of
from generator.runtime.output import shape_config_for, shape_output


def _resource_description() -> dict[str, Any]:
    """A JSON:API description that describes every resource by one generic schema: an id, its
    type, and ``attributes`` and ``relationships`` left free-form (``{type: object}``)."""
    resource = {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "type": {"type": "string"},
            "attributes": {"type": "object"},
            "relationships": {"type": "object"},
        },
        "required": ["id", "type", "attributes"],
    }
    listed = {
        "type": "object",
        "properties": {
            "data": {"type": "array", "items": {"$ref": "#/components/schemas/resource"}},
            "meta": {
                "type": "object",
                "properties": {"count": {"type": "integer"}, "total_count": {"type": "integer"}},
            },
        },
    }
    one = {"type": "object", "properties": {"data": {"$ref": "#/components/schemas/resource"}}}

    def answer(schema: str, status: str) -> dict[str, Any]:
        ref = {"$ref": f"#/components/schemas/{schema}"}
        content = {"application/vnd.api+json": {"schema": ref}}
        return {status: {"description": "ok", "content": content}}

    body = {"content": {"application/json": {"schema": {"type": "object"}}}}
    return {
        "openapi": "3.0.3",
        "info": {"title": "Shop", "version": "1"},
        "paths": {
            "/pages": {
                "get": {"operationId": "listPages", "responses": answer("list", "200")},
                "post": {
                    "operationId": "createPage",
                    "requestBody": body,
                    "responses": answer("one", "201"),
                },
            }
        },
        "components": {"schemas": {"resource": resource, "list": listed, "one": one}},
    }


def _page(number: int) -> dict[str, Any]:
    """A page as the API answers it: its attributes hold its title and its slug (an address
    of the page in a bag that is the resource's own body, not a thing of its own)."""
    return {
        "id": str(number),
        "type": "page",
        "attributes": {
            "title": f"Opening hours {number}",
            "slug": f"opening-hours-{number}",
            "visible": True,
            "locale": "en",
            "created_at": "2024-05-01T10:00:00Z",
            "updated_at": "2024-05-01T10:00:00Z",
        },
        "relationships": {"sections": {"data": []}},
    }


def _tools(tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "shop.json"
    path.write_text(json.dumps(_resource_description()))
    spec, _ = load_spec(path, name=None)
    _, pairs = tools_of(spec)
    return {op.id: tool for op, tool in pairs}


def test_free_form_attributes_holding_a_slug_are_the_resources_own_body(tmp_path: Path) -> None:
    """The description leaves ``attributes`` free-form, so the defaults chosen from it keep
    the id alone; the label check did not see the title lost, because a part holding a
    ``slug`` was read as another thing (a ``slug`` names the page in its own body as a
    ``username`` does an account): every page came back as ``{"id": "1"}``."""
    tools = _tools(tmp_path)
    listed = tools["listPages"]
    body = {"data": [_page(1), _page(2)], "meta": {"count": 2, "total_count": 2}}
    shaped = json.loads(shape_output(body, listed, shape_config_for(listed)).chunks[0])
    assert [p["id"] for p in shaped["data"]] == ["1", "2"]
    assert [p["attributes"]["title"] for p in shaped["data"]] == [
        "Opening hours 1",
        "Opening hours 2",
    ]
    created = tools["createPage"]
    answer = shape_output({"data": _page(3)}, created, shape_config_for(created))
    one = json.loads(answer.chunks[0])["data"]
    assert one["id"] == "3"
    assert one["attributes"]["title"] == "Opening hours 3"


# ------------------------------------------------------------------ a record's cells


def _rows_description() -> dict[str, Any]:
    """Rows of a table whose columns the users define: each row's values are a list of cells,
    each the id of its column and the value (any value: the description cannot say which)."""
    cell = {
        "type": "object",
        "required": ["columnId", "value"],
        "properties": {
            "columnId": {"type": "integer", "format": "int64"},
            "value": {"type": "object"},
        },
    }
    row = {
        "type": "object",
        "properties": {
            "id": {"type": "integer"},
            "tableId": {"type": "integer"},
            "createdBy": {"type": "string"},
            "createdAt": {"type": "string"},
            "data": {"type": "array", "items": cell},
        },
    }
    rows = {"type": "array", "items": {"$ref": "#/components/schemas/Row"}}
    ok = {"description": "ok", "content": {"application/json": {"schema": rows}}}
    one = {
        "description": "ok",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Row"}}},
    }
    return {
        "openapi": "3.0.3",
        "info": {"title": "Tables", "version": "1"},
        "paths": {
            "/tables/{tableId}/rows": {
                "parameters": [
                    {
                        "name": "tableId",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "integer"},
                    }
                ],
                "get": {"operationId": "listRows", "responses": {"200": ok}},
                "post": {
                    "operationId": "createRow",
                    "requestBody": {
                        "content": {"application/json": {"schema": {"type": "object"}}}
                    },
                    "responses": {"200": one},
                },
            }
        },
        "components": {"schemas": {"Row": row}},
    }


def _row(number: int) -> dict[str, Any]:
    return {
        "id": number,
        "tableId": 5,
        "createdBy": "alice",
        "createdAt": "2024-05-01 10:00:00",
        "data": [
            {"columnId": 11, "value": f"Customer {number}"},
            {"columnId": 12, "value": 1200.5},
            {"columnId": 14, "value": "open"},
        ],
    }


def test_a_cells_value_keeps_the_id_of_its_column(tmp_path: Path) -> None:
    """A row's cells ``{columnId, value}`` were reduced to their values (``[{value:
    "Customer 1"}, {value: 1200.5}]``): the column id was read as a related thing's id and
    left out, and nothing said which column a value fills. A value said with the id of what
    it is the value of, and nothing else, is one value (``compounds.said_of``)."""
    path = tmp_path / "tables.json"
    path.write_text(json.dumps(_rows_description()))
    spec, _ = load_spec(path, name=None)
    _, pairs = tools_of(spec)
    tools = {op.id: tool for op, tool in pairs}
    listed = tools["listRows"]
    shaped = json.loads(
        shape_output([_row(1), _row(2)], listed, shape_config_for(listed)).chunks[0]
    )
    assert shaped[0]["data"] == _row(1)["data"]
    assert shaped[1]["data"] == _row(2)["data"]
    created = tools["createRow"]
    one = json.loads(shape_output(_row(3), created, shape_config_for(created)).chunks[0])
    assert one["id"] == 3
    assert one["data"] == _row(3)["data"]


# ------------------------------------------------------------------ a sensor's readings


def test_a_reading_keeps_its_value_and_unit(tmp_path: Path) -> None:
    """Telemetry read back as a page of measurements (``{channel, publisher, name, unit,
    value, time}``) came back as each one's name and time: the number measured and its unit
    were left out, which is all a caller reads measurements for."""
    message = {
        "type": "object",
        "properties": {
            "channel": {"type": "integer"},
            "publisher": {"type": "integer"},
            "protocol": {"type": "string"},
            "name": {"type": "string"},
            "unit": {"type": "string"},
            "value": {"type": "number"},
            "valueSum": {"type": "number"},
            "time": {"type": "number"},
            "updateTime": {"type": "number"},
        },
    }
    page = {
        "type": "object",
        "properties": {
            "total": {"type": "number"},
            "offset": {"type": "number"},
            "limit": {"type": "number"},
            "messages": {"type": "array", "items": message},
        },
    }
    description = {
        "openapi": "3.0.3",
        "info": {"title": "Readings", "version": "1"},
        "paths": {
            "/channels/{chanId}/messages": {
                "get": {
                    "operationId": "getMessages",
                    "parameters": [
                        {
                            "name": "chanId",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string"},
                        }
                    ],
                    "responses": {
                        "200": {
                            "description": "ok",
                            "content": {"application/json": {"schema": page}},
                        }
                    },
                }
            }
        },
    }
    path = tmp_path / "readings.json"
    path.write_text(json.dumps(description))
    spec, _ = load_spec(path, name=None)
    _, pairs = tools_of(spec)
    tool = pairs[0][1]
    body = {
        "total": 2,
        "offset": 0,
        "limit": 10,
        "messages": [
            {"channel": 1, "publisher": 7, "protocol": "mqtt", "name": "temperature", "unit": "Cel",
             "value": 21.5, "valueSum": 0, "time": 1714560000.5, "updateTime": 0},
            {"channel": 1, "publisher": 7, "protocol": "mqtt", "name": "humidity", "unit": "%RH",
             "value": 48.0, "valueSum": 0, "time": 1714560000.5, "updateTime": 0},
        ],
    }  # fmt: skip
    shaped = json.loads(shape_output(body, tool, shape_config_for(tool)).chunks[0])
    assert [(m["name"], m["value"], m["unit"]) for m in shaped["messages"]] == [
        ("temperature", 21.5, "Cel"),
        ("humidity", 48.0, "%RH"),
    ]
