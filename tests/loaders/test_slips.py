"""Slips in descriptions are read as their authors meant, with a warning, instead of dropping
the operation: ``type: 'null'`` (invalid in Swagger 2.0 and OpenAPI 3.0), a list of types in
3.0, type names that are not JSON Schema's, ``required: true`` inside a schema."""

from __future__ import annotations

from pathlib import Path

from generator.loaders import load_openapi

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_swagger2_null_type_keeps_every_operation_and_reads_the_null_type() -> None:
    spec, diagnostics = load_openapi(FIXTURES / "slips" / "null_type_swagger2.yaml")
    ops = {op.id: op for op in spec.operations}
    assert set(ops) == {"sendMail", "getStats"}  # both were skipped before
    assert ops["sendMail"].input_schema["properties"]["reply_to"] == {"type": "null"}
    assert ops["getStats"].response.field_tree == {
        "date": "string",
        "blocks": "null",
        "opens": "integer",
    }
    slips = [d for d in diagnostics if d.code == "SCHEMA_SLIP_READ"]
    # every diagnostic names the original 2.0 file, pointer and line
    assert [(d.pointer, d.line) for d in slips] == [
        ("/paths/~1mail~1send/post/parameters/0/schema/properties/reply_to/type", 17),
        ("/paths/~1mail~1send/post/responses/202/schema/type", 22),
        ("/paths/~1stats/get/responses/200/schema/properties/blocks/type", 33),
    ]
    assert all(d.severity.value == "warning" and "null type" in d.message for d in slips)
    assert not [d for d in diagnostics if d.code == "OPERATION_SKIPPED"]


def test_type_names_that_are_not_json_schema_types_are_read_as_meant(tmp_path: Path) -> None:
    path = tmp_path / "types.yaml"
    path.write_text(
        """openapi: 3.0.3
info: {title: Types, version: "1"}
servers: [{url: "https://types.example.test"}]
paths:
  /things:
    post:
      operationId: makeThing
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                count: {type: int}
                name: {type: String}
                when: {type: datetime}
                ratio: {type: double}
                tags: {type: list, items: {type: str}}
                odd: {type: whatever}
                either: {type: [string, "null"]}
      responses:
        "200":
          description: the thing
          content:
            application/json:
              schema:
                type: object
                properties:
                  count: {type: Integer}
""",
        encoding="utf-8",
    )
    spec, diagnostics = load_openapi(path)
    [op] = spec.operations
    assert op.input_schema["properties"] == {
        "count": {"type": "integer"},
        "name": {"type": "string"},
        "when": {"type": "string", "format": "date-time"},
        "ratio": {"type": "number"},
        "tags": {"type": "array", "items": {"type": "string"}},
        "odd": {},  # not a type anyone can read: any value
        "either": {"type": ["string", "null"]},  # the 3.1 way, in a 3.0 description
    }
    assert op.response.field_tree == {"count": "integer"}
    read = {d.message for d in diagnostics if d.code == "SCHEMA_TYPE_READ"}
    assert "type 'int' is not a JSON Schema type: read as 'integer'" in read
    assert "type 'whatever' is not a JSON Schema type: left out (any value is accepted)" in read
