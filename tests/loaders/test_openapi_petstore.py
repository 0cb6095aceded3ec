"""The OAI petstore (3.0) in YAML and JSON: exact tools, schemas and parameter maps."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest

from generator.ir.models import Annotations, HttpBinding, ParamSpec
from tests.support.loading import load_decided
from tests.support.paths import PETSTORE

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "openapi"


@pytest.fixture(
    scope="module", params=[PETSTORE, CORPUS / "oai.v3.0.petstore.json"], ids=["yaml", "json"]
)
def petstore(request: pytest.FixtureRequest):
    return load_decided(request.param)


def test_server_level_fields(petstore) -> None:
    spec, diagnostics = petstore
    assert diagnostics == []
    assert (spec.name, spec.title, spec.version, spec.api_version) == (
        "swagger-petstore",
        "Swagger Petstore",
        "1.0.0",
        "1.0.0",
    )
    assert spec.base_url == "http://petstore.swagger.io/v1"
    assert spec.source_kind == "openapi"
    assert spec.license == "MIT"
    assert spec.security == ()


def test_operations_are_sorted_and_named(petstore) -> None:
    spec, _ = petstore
    assert [(op.tool_name, op.binding) for op in spec.operations] == [
        ("list_pets", HttpBinding("GET", "/pets")),
        ("create_pets", HttpBinding("POST", "/pets", "application/json")),
        ("show_pet_by_id", HttpBinding("GET", "/pets/{petId}")),
    ]
    assert [op.id for op in spec.operations] == ["listPets", "createPets", "showPetById"]
    assert [op.source_pointer for op in spec.operations] == [
        "/paths/~1pets/get",
        "/paths/~1pets/post",
        "/paths/~1pets~1{petId}/get",
    ]
    assert [op.tags for op in spec.operations] == [("pets",)] * 3
    assert [op.description for op in spec.operations] == [
        "List all pets",
        "Create a pet",
        "Info for a specific pet",
    ]


def test_list_pets_input_and_params(petstore) -> None:
    op = petstore[0].operations[0]
    limit = {
        "type": "integer",
        "format": "int32",
        "maximum": 100,
        "description": "How many items to return at one time (max 100)",
    }
    assert op.input_schema == {
        "type": "object",
        "properties": {"limit": limit},
        "additionalProperties": False,
    }
    assert op.params == (
        ParamSpec(
            arg="limit",
            location="query",
            wire_name="limit",
            required=False,
            schema=limit,
            description="How many items to return at one time (max 100)",
            style="form",
            explode=True,
        ),
    )
    assert op.annotations == Annotations(read_only=True, destructive=False, idempotent=True)


def test_create_pets_flattens_the_body(petstore) -> None:
    op = petstore[0].operations[1]
    assert op.input_schema == {
        "type": "object",
        "properties": {
            "id": {"type": "integer", "format": "int64"},
            "name": {"type": "string"},
            "tag": {"type": "string"},
        },
        "required": ["id", "name"],
        "additionalProperties": False,
    }
    assert [(p.arg, p.location, p.wire_name, p.required) for p in op.params] == [
        ("id", "body", "id", True),
        ("name", "body", "name", True),
        ("tag", "body", "tag", False),
    ]
    # a create adds: not destructive (the MCP default when unsaid would be destructive)
    assert op.annotations == Annotations(read_only=False, destructive=False, idempotent=False)
    # 201 has no content: nothing is known about the response (default is the error schema)
    assert op.response.media_type is None and op.response.field_tree is None


def test_show_pet_path_param(petstore) -> None:
    op = petstore[0].operations[2]
    assert op.input_schema == {
        "type": "object",
        "properties": {"petId": {"type": "string", "description": "The id of the pet to retrieve"}},
        "required": ["petId"],
        "additionalProperties": False,
    }
    (param,) = op.params
    assert (
        param.arg,
        param.location,
        param.wire_name,
        param.required,
        param.style,
        param.explode,
    ) == (
        "petId",
        "path",
        "petId",
        True,
        "simple",
        False,
    )


def test_response_shapes(petstore) -> None:
    listing, _, single = petstore[0].operations
    assert (listing.response.collection_path, listing.response.schema_name) == ("", "Pet")
    assert listing.response.field_tree == {"id": "integer", "name": "string", "tag": "string"}
    assert (single.response.collection_path, single.response.schema_name) == (None, "Pet")
    assert single.response.media_type == "application/json"
    for shape in (listing.response, single.response):
        assert "id" in shape.identity_fields
        assert set(shape.default_fields) <= {"id", "name", "tag"} and shape.default_fields


def test_yaml_and_json_give_the_same_ir() -> None:
    from_yaml, _ = load_decided(PETSTORE)
    from_json, _ = load_decided(CORPUS / "oai.v3.0.petstore.json")
    yaml_dict, json_dict = asdict(from_yaml), asdict(from_json)
    yaml_dict.pop("source_file"), json_dict.pop("source_file")
    assert yaml_dict == json_dict


def test_name_can_be_given() -> None:
    spec, _ = load_decided(PETSTORE, name="petstore")
    assert spec.name == "petstore"


@pytest.mark.parametrize(
    ("method", "destructive", "idempotent"),
    [("post", False, False), ("put", True, True), ("patch", True, False), ("delete", True, True)],
)
def test_only_calls_that_delete_or_overwrite_are_destructive(
    tmp_path, method: str, destructive: bool, idempotent: bool
) -> None:
    spec = tmp_path / "one.yaml"
    spec.write_text(
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\nservers: [{url: 'https://x.test'}]\n"
        f"paths:\n  /things:\n    {method}:\n      operationId: op\n"
        "      responses: {'204': {description: done}}\n"
    )
    [op] = load_decided(spec)[0].operations
    assert (op.annotations.destructive, op.annotations.idempotent) == (destructive, idempotent)
