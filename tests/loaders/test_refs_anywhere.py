"""References anywhere (loaders/inline.py): an operation, a responses map, a content map, a text,
an example, a whole ``properties`` map written as a ``$ref``, across files and back."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from generator.diagnostics import GenerationError
from generator.loaders import load_openapi
from generator.preview.synthesize import SPEC_EXAMPLE, SYNTHESIZED, ExampleFinder
from tests.support.loading import file_of, http_binding

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
DIGITALOCEAN = FIXTURES / "digitalocean" / "DigitalOcean-public.v2.yaml"


def _write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return folder / next(iter(files))


ROOT = """
    openapi: 3.0.3
    info: {title: Split, version: "1"}
    servers: [{url: "https://split.example.test"}]
"""


def test_digitalocean_operations_written_as_refs_become_tools() -> None:
    spec, _ = load_openapi(DIGITALOCEAN)
    ops = {op.id: op for op in spec.operations}
    assert {
        "account_get",
        "sshKeys_list",
        "sshKeys_create",
        "sshKeys_get",
        "sshKeys_update",
        "sshKeys_delete",
        "loadBalancers_add_droplets",
        "loadBalancers_remove_droplets",
    } <= set(ops)
    # parameters from ../../shared/parameters.yml, relative to the operation's own file
    assert set(ops["sshKeys_list"].input_schema["properties"]) == {"per_page", "page"}
    assert ops["sshKeys_get"].input_schema["required"] == ["ssh_key_identifier"]
    # the response ('200': $ref: responses/account.yml -> ../models/account.yml)
    account = ops["account_get"].response
    assert account.envelope_path == "account"
    assert {"email", "uuid", "droplet_limit"} <= set(account.field_tree or {})
    # `properties: $ref: models/attributes.yml#/load_balancer_droplet_ids`: the map it names
    add = ops["loadBalancers_add_droplets"].input_schema
    assert add["properties"]["droplet_ids"]["type"] == "array"
    assert add["required"] == ["lb_id", "droplet_ids"]
    assert http_binding(ops["sshKeys_create"]).method == "POST"
    assert ops["sshKeys_create"].source_pointer == "/paths/~1v2~1account~1keys/post"


def test_a_problem_inside_an_operation_file_names_that_file_its_line_and_pointer(
    tmp_path: Path,
) -> None:
    root = tmp_path / "do"
    shutil.copytree(DIGITALOCEAN.parent, root)
    broken = root / "resources" / "ssh_keys" / "sshKeys_get.yml"
    broken.write_text(
        broken.read_text().replace(
            "parameters:\n  - $ref: 'parameters/ssh_key_identifier.yml'",
            "parameters:\n  - name: ssh_key_identifier\n    in: nowhere",
        )
    )
    spec, diagnostics = load_openapi(root / DIGITALOCEAN.name)
    assert "sshKeys_get" not in {op.id for op in spec.operations}
    invalid = [d for d in diagnostics if d.code == "OPENAPI_INVALID"]
    assert invalid and all(file_of(d) == broken for d in invalid)
    assert (invalid[0].pointer, invalid[0].line) == ("/parameters/0/in", 17)
    skipped = next(d for d in diagnostics if d.code == "OPERATION_SKIPPED")
    assert file_of(skipped) == broken and skipped.pointer == ""


def test_a_dangling_ref_inside_an_operation_file_is_reported_there(tmp_path: Path) -> None:
    root = tmp_path / "do"
    shutil.copytree(DIGITALOCEAN.parent, root)
    broken = root / "resources" / "account" / "account_get.yml"
    broken.write_text(broken.read_text().replace("responses/account.yml", "responses/gone.yml"))
    with pytest.raises(GenerationError) as info:
        load_openapi(root / DIGITALOCEAN.name)
    [problem] = info.value.diagnostics
    assert problem.code == "REF_FILE_NOT_FOUND"
    assert file_of(problem) == broken
    assert (problem.pointer, problem.line) == ("/responses/200", 12)


def test_the_examples_of_operations_written_as_refs_are_found() -> None:
    spec, _ = load_openapi(DIGITALOCEAN)
    finder = ExampleFinder(DIGITALOCEAN)
    ops = {op.id: op for op in spec.operations}
    listed = finder.example(ops["sshKeys_list"])
    assert listed is not None and listed.source.startswith(SPEC_EXAMPLE)
    assert listed.value["ssh_keys"][0]["name"] == "Other Public Key"
    account = finder.example(ops["account_get"])
    assert account is not None and account.source == SYNTHESIZED
    assert isinstance(account.value["account"]["email"], str)


def test_maps_media_types_and_texts_written_as_refs_are_read(tmp_path: Path) -> None:
    entry = _write(
        tmp_path,
        {
            "api.yaml": ROOT
            + """
    tags:
      - name: things
        description: {$ref: "texts.yaml#/things"}
    paths:
      /things:
        get:
          operationId: listThings
          responses: {$ref: "parts/responses.yaml#/listed"}
        post:
          operationId: makeThing
          requestBody:
            required: true
            content: {$ref: "parts/content.yaml"}
          responses:
            "201":
              description: made
              content:
                application/json: {$ref: "parts/content.yaml#/application~1json"}
    """,
            "texts.yaml": "things: Things you own.\n",
            "parts/responses.yaml": """
    listed:
      "200":
        description: {$ref: "../texts.yaml#/things"}
        content:
          application/json:
            schema: {type: array, items: {$ref: "models.yaml#/Thing"}}
    """,
            "parts/content.yaml": """
    application/json:
      schema: {$ref: "models.yaml#/Thing"}
    """,
            "parts/models.yaml": """
    Thing:
      type: object
      required: [name]
      properties:
        id: {type: integer}
        name: {type: string}
    """,
        },
    )
    spec, diagnostics = load_openapi(entry)
    assert [d.code for d in diagnostics] == []
    ops = {op.id: op for op in spec.operations}
    assert ops["listThings"].response.collection_path == ""
    assert ops["listThings"].response.schema_name == "Thing"
    assert ops["makeThing"].input_schema["required"] == ["name"]
    assert ops["makeThing"].response.field_tree == {"id": "integer", "name": "string"}


def test_refs_inside_a_referenced_operation_resolve_from_its_own_file_and_back(
    tmp_path: Path,
) -> None:
    entry = _write(
        tmp_path,
        {
            "spec/api.yaml": ROOT
            + """
    paths:
      /things/{id}:
        get: {$ref: "ops/get_thing.yaml"}
    components:
      schemas:
        Thing:
          type: object
          properties: {id: {type: string}, title: {type: string}}
    """,
            "spec/ops/get_thing.yaml": """
    operationId: getThing
    parameters:
      - $ref: "#/components/parameters/id"
    responses:
      "200":
        description: one thing
        content:
          application/json:
            schema: {$ref: "../api.yaml#/components/schemas/Thing"}
            example: {$ref: "#/examples/thing"}
    x-codeSamples:
      - $ref: "samples/missing.yaml"
    components:
      parameters:
        id: {name: id, in: path, required: true, schema: {type: string, minLength: 3}}
    examples:
      thing: {id: abc, title: A thing}
    """,
        },
    )
    spec, diagnostics = load_openapi(entry)
    assert [d.code for d in diagnostics] == []
    [op] = spec.operations
    assert op.input_schema["properties"]["id"] == {"type": "string", "minLength": 3}
    assert op.response.schema_name == "Thing"
    example = ExampleFinder(entry).example(op)
    assert example is not None and example.value == {"id": "abc", "title": "A thing"}


def test_an_example_ref_that_does_not_resolve_stays_data(tmp_path: Path) -> None:
    entry = _write(
        tmp_path,
        {
            "api.yaml": ROOT
            + """
    paths:
      /schemas:
        get:
          operationId: getSchema
          responses:
            "200":
              description: a JSON schema document, as data
              content:
                application/json:
                  schema: {type: object}
                  examples:
                    literal: {value: {$ref: "#/nowhere"}}
    """,
        },
    )
    spec, diagnostics = load_openapi(entry)
    assert [d.code for d in diagnostics] == []
    example = ExampleFinder(entry).example(spec.operations[0])
    assert example is not None and example.value == {"$ref": "#/nowhere"}


def test_a_properties_map_written_as_a_ref_is_that_map(tmp_path: Path) -> None:
    entry = _write(
        tmp_path,
        {
            "api.yaml": ROOT
            + """
    paths:
      /lbs/{id}/droplets:
        post:
          operationId: addDroplets
          parameters: [{name: id, in: path, required: true, schema: {type: string}}]
          requestBody:
            required: true
            content:
              application/json:
                schema:
                  type: object
                  properties: {$ref: "attributes.yaml#/droplet_ids"}
                  required: [droplet_ids]
          responses: {"204": {description: done}}
    """,
            "attributes.yaml": """
    droplet_ids:
      droplet_ids:
        type: array
        items: {$ref: "#/id"}
    id: {type: integer}
    """,
        },
    )
    spec, diagnostics = load_openapi(entry)
    assert [d.code for d in diagnostics] == []
    properties = spec.operations[0].input_schema["properties"]
    assert properties["droplet_ids"] == {"type": "array", "items": {"type": "integer"}}


def test_a_path_item_and_its_operations_can_both_be_refs(tmp_path: Path) -> None:
    entry = _write(
        tmp_path,
        {
            "api.yaml": ROOT
            + """
    paths:
      /a: {$ref: "items/a.yaml"}
    """,
            "items/a.yaml": """
    parameters: [{$ref: "../shared.yaml#/q"}]
    get: {$ref: "../ops/a_get.yaml"}
    """,
            "ops/a_get.yaml": """
    operationId: getA
    responses: {"200": {$ref: "../shared.yaml#/ok"}}
    """,
            "shared.yaml": """
    q: {name: q, in: query, schema: {type: string}}
    ok:
      description: ok
      content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}
    """,
        },
    )
    spec, diagnostics = load_openapi(entry)
    assert [d.code for d in diagnostics] == []
    [op] = spec.operations
    assert list(op.input_schema["properties"]) == ["q"]
    assert op.response.field_tree == {"a": "string"}
