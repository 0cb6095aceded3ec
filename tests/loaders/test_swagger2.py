"""Swagger 2.0 documents load into the same IR as OpenAPI 3.x, and every diagnostic names the
original 2.0 file and JSON pointer."""

from dataclasses import asdict, replace
from pathlib import Path

import pytest

from generator.diagnostics import GenerationError
from generator.loaders.document import load_document, split_pointer
from generator.loaders.openapi import load_openapi
from generator.loaders.swagger2 import convert_swagger2
from generator.loaders.swagger2_document import PointerMap
from tests.support.loading import file_of
from tests.support.paths import GOTIFY

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "swagger2"
CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "openapi"
MESSY = FIXTURES / "messy.yaml"


def ops_by_id(spec):
    return {op.id: op for op in spec.operations}


def exists(data, pointer: str) -> bool:
    node = data
    for token in split_pointer(pointer):
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return False
    return True


def test_a_2_0_description_gives_exactly_the_ir_of_its_3_0_twin() -> None:
    v3, d3 = load_openapi(FIXTURES / "pair.v3.yaml")
    v2, d2 = load_openapi(FIXTURES / "pair.v2.yaml")
    assert d2 == [] and d3 == []
    assert asdict(replace(v2, source_file="")) == asdict(replace(v3, source_file=""))
    assert v2.source_file.endswith("pair.v2.yaml")


def test_host_base_path_and_schemes_make_the_base_url() -> None:
    spec, _ = load_openapi(CORPUS / "oai.v2.0.petstore.yaml")
    assert spec.base_url == "http://petstore.swagger.io/v1"  # schemes: [http]
    harbor, _ = load_openapi(CORPUS / "swagger2.harbor.yaml")
    assert harbor.base_url == "https://localhost/api/v2.0"  # https preferred
    messy, diagnostics = load_openapi(MESSY)
    assert messy.base_url == "https://api.inventory.test/v2"  # trailing / dropped
    assumed = [d for d in diagnostics if d.code == "SWAGGER2_SCHEME_ASSUMED"]
    assert [(d.pointer, d.severity.value) for d in assumed] == [("/schemes", "info")]


def test_a_missing_host_keeps_the_base_path_and_says_to_set_the_base_url() -> None:
    spec, diagnostics = load_openapi(CORPUS / "swagger2.ory-hydra.json")
    assert spec.base_url == "/"
    (relative,) = [d for d in diagnostics if d.code == "SERVER_URL_RELATIVE"]
    assert relative.pointer == "/basePath" and relative.line == 19
    assert "ORY_HYDRA_BASE_URL" in (relative.hint or "")


def test_collection_formats_become_styles_the_runtime_sends() -> None:
    spec, diagnostics = load_openapi(MESSY)
    params = {p.arg: (p.location, p.style, p.explode) for p in ops_by_id(spec)["listItems"].params}
    assert params == {
        "page_size": ("query", "form", True),  # a path-item parameter via #/parameters
        "csv": ("query", "form", False),  # csv is the 2.0 default
        "ssv": ("query", "spaceDelimited", False),
        "tsv": ("query", "tabDelimited", False),
        "pipes": ("query", "pipeDelimited", False),
        "multi": ("query", "form", True),
        "X-Trace": ("header", "simple", False),
    }
    (degraded,) = [d for d in diagnostics if d.code == "SWAGGER2_COLLECTION_FORMAT_DEGRADED"]
    assert degraded.pointer == "/paths/~1items/get/parameters/5/collectionFormat"
    assert degraded.line == 80


def test_form_data_becomes_a_form_body_with_array_formats_and_file_fields() -> None:
    spec, diagnostics = load_openapi(MESSY)
    ops = ops_by_id(spec)
    notes = ops["PUT /items/{id}/notes"]
    # a `type: file` field cannot be urlencoded: multipart, whatever `consumes` says
    assert notes.binding.content_type == "multipart/form-data"
    params = {p.arg: (p.location, p.required, p.style, p.explode, p.file) for p in notes.params}
    assert params == {
        "id": ("path", True, "simple", False, None),
        "text": ("body", True, None, None, None),
        "tags": ("body", False, "form", False, None),
        "flags": ("body", False, "form", True, None),
        "attachment": ("body", False, None, None, "bytes"),
    }
    assumed = [d for d in diagnostics if d.code == "SWAGGER2_MULTIPART_ASSUMED"]
    assert [(d.pointer, d.line) for d in assumed] == [
        ("/paths/~1items~1{id}~1notes/put/consumes", 122)
    ]
    photo = ops["uploadPhoto"]
    assert photo.binding.content_type == "multipart/form-data"
    assert [(p.arg, p.file, p.required) for p in photo.params] == [
        ("id", None, True),
        ("photo", "bytes", True),
    ]


def test_every_body_media_type_is_sent_and_nothing_is_skipped() -> None:
    spec, diagnostics = load_openapi(MESSY)
    ops = ops_by_id(spec)
    assert set(ops) == {
        "listItems",
        "createItem",
        "GET /items/{id}",
        "DELETE /items/{id}",
        "PUT /items/{id}/notes",
        "uploadPhoto",
        "putManifest",
        "login",
    }
    assert not [d for d in diagnostics if "skipped" in d.message]
    manifest = ops["putManifest"]  # application/x-yaml: the body as it is
    assert manifest.binding.content_type == "application/x-yaml"
    assert [(p.arg, p.location, p.file) for p in manifest.params] == [
        ("id", "path", None),
        ("body", "body_whole", "bytes"),
    ]
    assert ops["login"].binding.content_type == "multipart/form-data"


def test_body_parameters_are_the_json_body_and_other_media_types_are_named() -> None:
    spec, diagnostics = load_openapi(MESSY)
    create = ops_by_id(spec)["createItem"]
    assert create.binding.content_type == "application/json"
    assert [p.arg for p in create.params] == ["page_size", "name", "note", "owner", "kind"]
    schema = create.input_schema["properties"]
    assert schema["note"]["type"] == ["string", "null"]  # x-nullable
    assert "id" not in schema  # readOnly
    assert schema["kind"] == {}  # a ref to a missing definition: any value
    skipped = [d for d in diagnostics if d.code == "SWAGGER2_MEDIA_TYPES_SKIPPED"]
    assert [(d.pointer, d.line) for d in skipped] == [("/consumes", 7)]
    assert "application/xml" in skipped[0].message


def test_responses_integer_codes_2xx_refs_and_missing_definitions() -> None:
    spec, diagnostics = load_openapi(MESSY)
    ops = ops_by_id(spec)
    assert ops["listItems"].response.collection_path == ""  # `200:` as a YAML integer key
    assert ops["listItems"].response.schema_name == "Item"
    assert ops["createItem"].response.schema_name == "Item"  # a 2XX response
    assert ops["listItems"].response.field_tree["owner"] == {"kind": "string", "login": "string"}
    dangling = {(d.pointer, d.line) for d in diagnostics if d.code == "SWAGGER2_REF_DANGLING"}
    assert dangling == {
        ("/definitions/Item/properties/kind", 174),
        ("/paths/~1items~1{id}/get/responses/200/schema", 109),
    }
    unresolved = [d for d in diagnostics if d.code == "SWAGGER2_PARAMETER_REF_UNRESOLVED"]
    assert [(d.pointer, d.line) for d in unresolved] == [("/paths/~1items/get/parameters/6", 82)]


def test_security_definitions_become_credentials_from_the_environment() -> None:
    spec, diagnostics = load_openapi(MESSY)
    schemes = {s.name: (s.kind, s.location, s.param_name, s.env_vars) for s in spec.security}
    assert schemes == {
        "key": ("api_key", "query", "api_key", ("MESSY_INVENTORY_KEY",)),
        "login": (
            "basic",
            "header",
            "Authorization",
            ("MESSY_INVENTORY_LOGIN_USERNAME", "MESSY_INVENTORY_LOGIN_PASSWORD"),
        ),
        "oauth": ("bearer", "header", "Authorization", ("MESSY_INVENTORY_OAUTH",)),
    }
    codes = {(d.code, d.pointer) for d in diagnostics}
    assert ("SECURITY_OAUTH_AS_BEARER", "/securityDefinitions/oauth") in codes
    assert ("SECURITY_SCHEME_UNSUPPORTED", "/securityDefinitions/hmac") in codes
    assert ops_by_id(spec)["listItems"].security == ("key",)


def test_missing_and_duplicate_operation_ids_follow_the_3x_rules() -> None:
    spec, diagnostics = load_openapi(MESSY)
    ops = ops_by_id(spec)
    assert ops["DELETE /items/{id}"].tool_name == "delete_items_id"
    # its operationId is taken twice: named from its path, no hash
    assert ops["GET /items/{id}"].tool_name == "get_items_by_id"
    (duplicate,) = [d for d in diagnostics if d.code == "OPERATION_ID_DUPLICATE"]
    assert (duplicate.pointer, duplicate.line) == ("/paths/~1items~1{id}/get", 102)


@pytest.mark.parametrize(
    "name, operations",
    [
        ("oai.v2.0.petstore.yaml", 3),
        ("gotify", 42),  # the image upload included (multipart)
        ("swagger2.harbor.yaml", 203),
        ("swagger2.ory-hydra.json", 52),
    ],
)
def test_real_2_0_descriptions_load_and_every_pointer_is_in_the_original(
    name: str, operations: int
) -> None:
    path = GOTIFY if name == "gotify" else CORPUS / name
    spec, diagnostics = load_openapi(path)
    assert len(spec.operations) == operations
    original = load_document(path).data
    for d in diagnostics:
        assert d.file and d.file.endswith(path.name)
        parent = d.pointer.rsplit("/", 1)[0] if d.pointer else ""
        assert exists(original, d.pointer or "") or exists(original, parent), d.render()
    for op in spec.operations:
        assert exists(original, op.source_pointer)


def test_hydra_token_endpoint_is_a_form_and_its_bearer_is_basic() -> None:
    spec, _ = load_openapi(CORPUS / "swagger2.ory-hydra.json")
    token = ops_by_id(spec)["oauth2TokenExchange"]
    assert token.binding.content_type == "application/x-www-form-urlencoded"
    assert [(p.arg, p.location, p.required) for p in token.params] == [
        ("grant_type", "body", True),
        ("code", "body", False),
        ("refresh_token", "body", False),
        ("redirect_uri", "body", False),
        ("client_id", "body", False),
    ]
    kinds = {s.name: s.kind for s in spec.security}
    assert kinds == {"basic": "basic", "bearer": "basic", "oauth2": "bearer"}


def test_a_broken_2_0_document_fails_at_the_original_pointer(tmp_path: Path) -> None:
    spec = tmp_path / "broken.yaml"
    spec.write_text('swagger: "2.0"\npaths: {}\n')
    with pytest.raises(GenerationError) as caught:
        load_openapi(spec)
    pointers = {d.pointer for d in caught.value.diagnostics}
    assert "/info" in pointers


def test_other_swagger_versions_are_still_refused(tmp_path: Path) -> None:
    spec = tmp_path / "old.yaml"
    spec.write_text('swagger: "1.2"\ninfo: {title: t, version: "1"}\npaths: {}\n')
    with pytest.raises(GenerationError) as caught:
        load_openapi(spec)
    (error,) = caught.value.diagnostics
    assert (error.code, error.pointer) == ("SWAGGER2_UNSUPPORTED", "/swagger")


def test_conversion_is_deterministic_and_leaves_the_original_untouched() -> None:
    doc = load_document(MESSY)
    before = repr(doc.data)
    first, notes1 = convert_swagger2(doc)
    second, notes2 = convert_swagger2(doc)
    assert first.data == second.data and notes1 == notes2
    assert repr(doc.data) == before
    assert first.data["openapi"] == "3.0.3" and "definitions" not in first.data


def test_pointer_map_uses_the_longest_recorded_prefix() -> None:
    pointers = PointerMap()
    pointers.add("/components/schemas", "/definitions")
    pointers.add("/paths/~1a/post/requestBody", "/paths/~1a/post/parameters/2")
    pointers.add("/paths/~1a/post/requestBody/content", "/paths/~1a/post/consumes")
    assert pointers.original("/components/schemas/Pet/x") == "/definitions/Pet/x"
    assert pointers.original("/paths/~1a/post/requestBody") == "/paths/~1a/post/parameters/2"
    assert pointers.original("/paths/~1a/post/requestBody/content") == "/paths/~1a/post/consumes"
    assert pointers.original("/paths/~1a/post/requestBodyX") == "/paths/~1a/post/requestBodyX"
    assert pointers.original("/info/title") == "/info/title"


def test_schemas_and_parameters_in_other_files_resolve() -> None:
    spec, diagnostics = load_openapi(FIXTURES / "cross_file.yaml")
    ops = ops_by_id(spec)
    assert ops["listPets"].response.schema_name == "Pet"
    assert ops["listPets"].response.field_tree == {"name": "string", "owner": {"login": "string"}}
    # `$ref: models.yaml#/parameters/Trace` is read from that file (it was dropped before)
    assert [(p.arg, p.location, p.required) for p in ops["addPet"].params] == [
        ("X-Trace", "header", False),
        ("name", "body", True),
        ("owner", "body", False),
    ]
    assert diagnostics == []


def test_a_swagger2_path_item_in_another_file_is_read_and_named_there(tmp_path: Path) -> None:
    (tmp_path / "paths").mkdir()
    entry = tmp_path / "api.yaml"
    entry.write_text(
        'swagger: "2.0"\ninfo: {title: Split, version: "1"}\nhost: split.test\n'
        'schemes: [https]\npaths:\n  /pets: {$ref: "paths/pets.yaml"}\n',
        encoding="utf-8",
    )
    item = tmp_path / "paths" / "pets.yaml"
    item.write_text(
        "get:\n  operationId: listPets\n  parameters:\n"
        "    - {name: limit, in: query, type: integer}\n"
        "    - {name: sort, in: query, type: array, items: {type: string}, collectionFormat: x}\n"
        "  responses:\n    200: {description: ok, schema: {type: array, items: {type: string}}}\n",
        encoding="utf-8",
    )
    spec, diagnostics = load_openapi(entry)
    [op] = spec.operations
    assert (op.id, [p.arg for p in op.params]) == ("listPets", ["limit", "sort"])
    [odd] = [d for d in diagnostics if d.severity.value == "warning"]
    # the warning names the path item's own file, pointer and line
    assert (file_of(odd), odd.pointer, odd.line) == (
        item.resolve(),
        "/get/parameters/1/collectionFormat",
        5,
    )


def test_tolerated_oddities_are_named(tmp_path: Path) -> None:
    spec_file = tmp_path / "odd.yaml"
    spec_file.write_text("""swagger: "2.0"
info: {title: Odd, version: "1"}
host: odd.test
schemes: [https]
consumes: [application/json]
paths:
  /form:
    post:
      operationId: form
      parameters:
        - {name: a, in: formData, type: string}
      responses: {200: {description: ok}}
  /both:
    post:
      operationId: both
      parameters:
        - {name: b, in: body, schema: {type: object, properties: {x: {type: string}}}}
        - {name: c, in: formData, type: string}
  /bad:
    parameters:
      - {in: query}
    get:
      operationId: bad
      responses: {200: {description: ok}}
""")
    spec, diagnostics = load_openapi(spec_file)
    ops = ops_by_id(spec)
    assert ops["form"].binding.content_type == "application/x-www-form-urlencoded"
    assert [p.arg for p in ops["both"].params] == ["x"]
    assert ops["bad"].params == ()
    found = {(d.code, d.pointer, d.line) for d in diagnostics}
    assert found == {
        ("SWAGGER2_FORM_ASSUMED", "/consumes", 5),
        ("SWAGGER2_BODY_AND_FORM", "/paths/~1both/post/parameters/1", 18),
        ("SWAGGER2_RESPONSES_MISSING", "/paths/~1both/post", 14),
        ("SWAGGER2_PARAMETER_INVALID", "/paths/~1bad/parameters/0", 21),
    }


def test_response_headers_survive_so_link_paging_is_detected() -> None:
    spec, diagnostics = load_openapi(FIXTURES / "link_header.yaml")
    assert diagnostics == []
    (op,) = spec.operations
    assert op.pagination is not None
    assert (op.pagination.style, op.pagination.page_arg, op.pagination.size_arg) == (
        "link",
        "page",
        "per_page",
    )


def test_a_response_with_examples_and_no_schema_has_a_body(tmp_path: Path) -> None:
    # 2.0 lets a response give ``examples`` without a ``schema``: the operation still answers
    # with a body (a reset key), so it is not a bare acknowledgement, and the example is kept.
    spec_file = tmp_path / "keys.yaml"
    spec_file.write_text(
        'swagger: "2.0"\ninfo: {title: Keys, version: "1"}\nhost: api.example.com\n'
        "produces: [application/json]\npaths:\n"
        "  /users/{user}/ssh-key/reset/:\n    post:\n      operationId: users_ssh-key_reset\n"
        "      parameters: [{name: user, in: path, required: true, type: string}]\n"
        "      responses:\n        '201':\n          description: Reset SSH key.\n"
        "          examples:\n            application/json: {key: ssh-rsa AAAAB3Nza}\n"
        "  /users/{user}/ping/:\n    post:\n      operationId: users_ping\n"
        "      parameters: [{name: user, in: path, required: true, type: string}]\n"
        "      responses:\n        '204': {description: Pinged.}\n"
    )
    converted, _ = convert_swagger2(load_document(spec_file))
    media = converted.data["paths"]["/users/{user}/ssh-key/reset/"]["post"]["responses"]["201"]
    assert media["content"]["application/json"]["example"] == {"key": "ssh-rsa AAAAB3Nza"}
    spec, _ = load_openapi(spec_file)
    ops = ops_by_id(spec)
    assert ops["users_ssh-key_reset"].kind == "update"
    assert ops["users_ping"].kind == "acknowledge"
