"""Schemas whose type and enum contradict each other are repaired, so the tool can be called."""

from __future__ import annotations

from pathlib import Path

import jsonschema

from generator.loaders import load_openapi

SPEC = """\
openapi: 3.0.3
info: {title: Enums, version: '1'}
servers: [{url: 'https://api.example.test'}]
paths:
  /reports:
    post:
      operationId: createReport
      parameters:
        - name: level
          in: query
          schema: {type: integer, enum: ['0', '1', '2'], default: '1'}
        - name: size
          in: query
          schema: {type: string, enum: [10, 20]}
        - name: flag
          in: query
          schema: {type: boolean, enum: ['true', 'false'], nullable: true}
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Report'}
      responses:
        '200': {description: ok}
components:
  schemas:
    Report:
      type: object
      properties:
        mode: {type: integer, enum: ['fast', '1']}
        kind: {type: string, enum: [a, b]}
"""


def test_contradicting_enums_are_converted_or_the_type_dropped(tmp_path: Path) -> None:
    path = tmp_path / "enums.yaml"
    path.write_text(SPEC, encoding="utf-8")
    spec, diagnostics = load_openapi(path)
    [op] = spec.operations
    props = op.input_schema["properties"]
    assert props["level"] == {"type": "integer", "enum": [0, 1, 2], "default": 1}
    assert props["size"] == {"type": "string", "enum": ["10", "20"]}
    assert props["flag"] == {"type": ["boolean", "null"], "enum": [True, False, None]}
    assert props["mode"] == {"enum": ["fast", "1"]}  # "fast" is no integer: the enum wins
    assert props["kind"] == {"type": "string", "enum": ["a", "b"]}  # nothing to repair
    jsonschema.validate({"level": 2, "size": "10", "flag": None, "mode": "fast"}, op.input_schema)

    repaired = {d.pointer: d.message for d in diagnostics if d.code == "ENUM_TYPE_REPAIRED"}
    assert set(repaired) == {
        "/paths/~1reports/post/parameters/0/schema",
        "/paths/~1reports/post/parameters/1/schema",
        "/paths/~1reports/post/parameters/2/schema",
        "/components/schemas/Report/properties/mode",
    }
    assert "converted to integer" in repaired["/paths/~1reports/post/parameters/0/schema"]
    assert "type is dropped" in repaired["/components/schemas/Report/properties/mode"]
    assert all(d.severity.value == "info" for d in diagnostics if d.code == "ENUM_TYPE_REPAIRED")


SWAGGER_ARRAY_ENUM = """\
swagger: '2.0'
info: {title: Purposes, version: '1'}
host: api.example.test
paths:
  /collections/{id}:
    put:
      operationId: repurpose
      parameters:
        - {name: id, in: path, required: true, type: string}
        - name: purposes
          in: query
          required: true
          type: array
          collectionFormat: multi
          enum: [FEATURES, LANDMARKS]
          items: {type: string, enum: [FEATURES, LANDMARKS]}
        - name: tags
          in: query
          type: array
          enum: [red, blue]
          items: {type: string}
      responses:
        '200': {description: ok}
"""


def test_an_array_whose_enum_lists_single_values_means_its_items_enum(tmp_path: Path) -> None:
    """Swagger 2.0 descriptions write the enum beside ``items``: as written no array is valid
    (``["FEATURES"] is not one of ...``), so every call failed; the enum is the items'."""
    path = tmp_path / "purposes.yaml"
    path.write_text(SWAGGER_ARRAY_ENUM, encoding="utf-8")
    spec, diagnostics = load_openapi(path)
    [op] = spec.operations
    props = op.input_schema["properties"]
    assert props["purposes"] == {
        "type": "array",
        "items": {"type": "string", "enum": ["FEATURES", "LANDMARKS"]},
    }
    assert props["tags"]["items"] == {"type": "string", "enum": ["red", "blue"]}  # moved there
    assert "enum" not in props["tags"]
    jsonschema.validate({"id": "c", "purposes": ["FEATURES"], "tags": ["red"]}, op.input_schema)
    notes = [d for d in diagnostics if d.code == "ENUM_TYPE_REPAIRED"]
    assert len(notes) == 2 and all("items' enum" in d.message for d in notes)
    assert all(d.hint == "Put the enum under `items`." for d in notes)


DEFAULTS_OUTSIDE = """\
swagger: '2.0'
info: {title: Logs, version: '1'}
host: api.example.test
paths:
  /logs:
    post:
      operationId: streamLogs
      parameters:
        - {name: level, in: query, type: string, enum: [info, warn], default: Info}
        - {name: page, in: query, type: integer, enum: [1, 2], default: 1.0}
        - in: body
          name: body
          schema: {$ref: '#/definitions/Stream'}
      responses:
        '200': {description: ok}
definitions:
  Mode: {type: string, enum: [human, json, profile]}
  Stream:
    type: object
    properties:
      mode:
        allOf: [{$ref: '#/definitions/Mode'}]
        default: Human
      color: {type: string, enum: [red, blue], default: green}
"""


def test_a_default_that_is_none_of_the_enum_values_is_read_as_meant_or_dropped(
    tmp_path: Path,
) -> None:
    """An advertised default the enum refuses (``default: Human`` beside ``[human, json]``)
    made every call that sent it fail: it is the value it names in other case, else dropped."""
    path = tmp_path / "logs.yaml"
    path.write_text(DEFAULTS_OUTSIDE, encoding="utf-8")
    spec, diagnostics = load_openapi(path)
    [op] = spec.operations
    props = op.input_schema["properties"]
    assert props["level"]["default"] == "info"
    assert props["page"]["default"] == 1.0  # the same number: left alone
    body = props["body"]["properties"] if "body" in props else props
    assert body["mode"]["default"] == "human"
    assert "default" not in body["color"]
    jsonschema.validate(
        {"level": props["level"]["default"], "mode": body["mode"]["default"]}, op.input_schema
    )
    notes = sorted(d.message for d in diagnostics if d.code == "ENUM_DEFAULT_REPAIRED")
    assert notes == [
        "its default 'Human' is none of its enum values: read as 'human'",
        "its default 'Info' is none of its enum values: read as 'info'",
        "its default 'green' is none of its enum values ('red', 'blue'): it is dropped",
    ]


OBJECT_OVER_STRINGS = """\
openapi: 3.0.3
info: {title: Alerts, version: '1'}
servers: [{url: 'https://api.example.test'}]
paths:
  /v1/thresholds/alerts/send:
    post:
      operationId: createAlert
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/AlertRequest'}
      responses:
        '200': {description: ok}
components:
  schemas:
    Comparator: {type: string, enum: ['=', '!=', '<', '>']}
    Metric: {type: string, enum: [hard_bounce_rate, delivered_rate]}
    AlertRequest:
      type: object
      properties:
        name: {type: string}
        comparator:
          type: object
          allOf: [{$ref: '#/components/schemas/Comparator'}]
          description: The comparison operator.
        metric:
          type: [object, 'null']
          allOf: [{$ref: '#/components/schemas/Metric'}]
        limit: {type: object, enum: [{a: 1}, {a: 2}]}
"""


def test_an_object_type_laid_over_an_enum_of_strings_takes_the_values_type(
    tmp_path: Path,
) -> None:
    """A property written ``{type: object, allOf: [{$ref: <a string enum>}]}`` (a vendor's
    description: an alert's comparator and metric) read as ``{type: object, enum: ['=',
    ...]}``: no value is both, so every call of the write failed validation. The values say
    what it is: a string; an enum of objects under ``type: object`` is left alone."""
    path = tmp_path / "alerts.yaml"
    path.write_text(OBJECT_OVER_STRINGS, encoding="utf-8")
    spec, diagnostics = load_openapi(path)
    [op] = spec.operations
    props = op.input_schema["properties"]
    assert props["comparator"]["type"] == "string"
    assert props["comparator"]["enum"] == ["=", "!=", "<", ">"]
    assert props["metric"]["type"] in (["string", "null"], "string")
    assert props["limit"]["type"] == "object"
    jsonschema.validate(
        {"name": "n", "comparator": "<", "metric": "delivered_rate"}, op.input_schema
    )
    notes = [d for d in diagnostics if d.code == "ENUM_TYPE_REPAIRED"]
    assert any("the type is the values' (string)" in d.message for d in notes)
