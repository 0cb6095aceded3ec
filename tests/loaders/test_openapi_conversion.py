"""Hand-made documents: bodies, styles, schemas, security, names, invalid parts."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.diagnostics import GenerationError, Severity
from generator.ir.models import OAuthSpec, SecurityScheme
from generator.loaders import load_openapi
from generator.pipeline import load_spec

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _load(name: str):
    spec, diagnostics = load_openapi(FIXTURES / name)
    return spec, diagnostics, {op.id: op for op in spec.operations}


def _codes(diagnostics) -> list[tuple[str, str, str | None]]:
    return [(d.severity.value, d.code, d.pointer) for d in diagnostics]


# -- bodies and parameter styles --------------------------------------------------------------


def test_every_common_body_media_type_becomes_a_tool() -> None:
    _, diagnostics, ops = _load("bodies.yaml")
    assert set(ops) == {
        "postBoth",
        "postForm",
        "getMatrix",
        "putRaw",
        "uploadFile",
        "uploadOptional",
        "postXml",
        "postAttachments",
        "putAvatar",
        "postNote",
        "addPetXml",
        "patchVendor",
    }
    assert _codes(diagnostics) == [
        ("warning", "PARAM_STYLE_DEGRADED", "/paths/~1matrix~1{id}/get/parameters/0"),
        ("info", "HEADER_PARAMS_IGNORED", "/paths/~1matrix~1{id}/get/parameters/3"),
    ]


def test_a_multipart_body_takes_files_as_a_path_or_base64_content() -> None:
    ops = _load("bodies.yaml")[2]
    upload = ops["uploadFile"]
    assert upload.binding.content_type == "multipart/form-data"
    [file] = upload.params
    assert (file.arg, file.location, file.file, file.required) == ("file", "body", "bytes", False)
    assert set(file.schema["properties"]) == {"content", "path", "filename", "content_type"}
    attach = ops["postAttachments"]
    by_arg = {p.arg: p for p in attach.params}
    pictures = by_arg["pictures"]
    assert pictures.file == "bytes" and pictures.content_type == "image/png" and pictures.required
    assert pictures.schema["type"] == "array"
    assert pictures.schema["items"]["properties"]["content"]["contentEncoding"] == "base64"
    assert not by_arg["meta"].file and not by_arg["tags"].file


def test_a_binary_body_is_one_file_argument_and_a_text_body_one_string() -> None:
    ops = _load("bodies.yaml")[2]
    optional = ops["uploadOptional"]
    assert optional.binding.content_type == "application/octet-stream"
    assert [(p.arg, p.location, p.file, p.required) for p in optional.params] == [
        ("note", "query", None, False),
        ("body", "body_whole", "bytes", False),
    ]
    avatar = ops["putAvatar"]
    assert avatar.binding.content_type == "image/*"
    assert [(p.arg, p.file, p.required) for p in avatar.params] == [("body", "bytes", True)]
    note = ops["postNote"]
    assert note.binding.content_type == "text/plain"
    assert note.input_schema["properties"]["body"] == {
        "type": "string",
        "description": "The note's text.",
    }


def test_an_xml_body_and_response_carry_the_layout_of_their_schema() -> None:
    op = _load("bodies.yaml")[2]["addPetXml"]
    assert op.binding.content_type == "application/xml"
    assert [p.arg for p in op.params] == ["id", "name", "photoUrls", "tags"]
    layout = {
        "name": "pet",
        "prefix": "p",
        "ns": "https://example.test/pets",
        "type": "object",
        "properties": {
            "id": {"attribute": True, "type": "integer"},
            "photoUrls": {
                "name": "photos",
                "wrapped": True,
                "type": "array",
                "items": {"name": "url"},
            },
            "tags": {
                "type": "array",
                "items": {"name": "tag", "type": "object"},
            },
        },
    }
    assert op.binding.xml == layout
    assert op.response.media_type == "application/xml"
    assert op.response.xml == layout
    assert op.response.field_tree == {
        "id": "integer",
        "name": "string",
        "photoUrls": ["string"],
        "tags": [{"label": "string"}],
    }


def test_json_is_preferred_when_offered_with_multipart() -> None:
    op = _load("bodies.yaml")[2]["postBoth"]
    assert op.binding.content_type == "application/json"
    assert [(p.arg, p.location) for p in op.params] == [("name", "body")]


def test_form_bodies_are_flattened_with_their_encoding() -> None:
    op = _load("bodies.yaml")[2]["postForm"]
    assert op.binding.content_type == "application/x-www-form-urlencoded"
    assert [(p.arg, p.location, p.required, p.style, p.explode) for p in op.params] == [
        ("amount", "body", True, None, None),
        ("meta", "body", False, "deepObject", True),
    ]
    assert op.input_schema["required"] == ["amount"]


def test_non_object_bodies_are_one_body_argument() -> None:
    op = _load("bodies.yaml")[2]["putRaw"]
    assert op.input_schema == {
        "type": "object",
        "properties": {
            "body": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The new list of tags.",
            }
        },
        "required": ["body"],
        "additionalProperties": False,
    }
    (param,) = op.params
    assert (param.arg, param.location, param.wire_name) == ("body", "body_whole", "body")
    assert op.annotations.idempotent is True and op.annotations.read_only is False


def test_vendor_json_media_types_are_json() -> None:
    op = _load("bodies.yaml")[2]["patchVendor"]
    assert op.binding == op.binding.__class__("PATCH", "/vendor", "application/vnd.api+json")


def test_parameter_styles_kept_or_degraded() -> None:
    op = _load("bodies.yaml")[2]["getMatrix"]
    assert [(p.arg, p.location, p.style, p.explode) for p in op.params] == [
        ("id", "path", "simple", False),  # matrix degraded
        ("filter", "query", "deepObject", True),
        ("tags", "query", "pipeDelimited", False),
        ("session", "cookie", "form", True),  # Accept header dropped
    ]


# -- compact schemas ----------------------------------------------------------------------------


def test_compact_input_schema() -> None:
    _, diagnostics, ops = _load("schemas.yaml")
    assert diagnostics == []
    op = ops["createWidget"]
    props = op.input_schema["properties"]
    assert "id" not in props  # readOnly
    assert op.input_schema["required"] == ["name"]
    assert props["name"] == {"type": "string", "minLength": 1, "pattern": "^[a-z]+$"}  # no example
    assert props["code"] == {"type": "string"}  # a pattern Python cannot compile is dropped
    assert props["nickname"] == {"type": ["string", "null"]}
    assert props["size"] == {"type": "number", "exclusiveMinimum": 0}
    assert props["kind"] == {"type": ["string", "null"], "enum": ["a", "b", None], "default": "a"}
    assert props["secret"] == {"type": "string"}  # writeOnly is an input
    assert props["note"]["description"].endswith("…")
    assert len(props["note"]["description"]) <= 160
    assert props["parts"] == {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {"label": {"type": "string"}, "weight": {"type": "number"}},
        },
    }
    assert props["owner"] == {
        "anyOf": [{"type": "object", "properties": {"label": {"type": "string"}}}, {"type": "null"}]
    }
    text = repr(op.input_schema)
    for noise in (
        "example",
        "xml",
        "externalDocs",
        "deprecated",
        "readOnly",
        "writeOnly",
        "nullable",
    ):
        assert noise not in text


def test_deprecated_operations_and_long_descriptions() -> None:
    op = _load("schemas.yaml")[2]["createWidget"]
    assert op.title == "Create a widget"
    assert op.description.startswith("Deprecated. Create a widget. Creates a widget.")
    assert len(op.description) <= 300 and op.description.endswith("…")
    assert op.response.schema_name == "Widget"
    assert "secret" not in op.response.field_tree  # writeOnly is not in responses
    assert op.response.field_tree["id"] == "integer"  # readOnly is


# -- security and servers -------------------------------------------------------------------


def test_security_schemes_become_env_vars() -> None:
    spec, diagnostics, _ = _load("security.yaml")
    assert spec.base_url == "https://eu.example.test/v2"
    assert spec.security == (
        SecurityScheme("headerKey", "api_key", "header", "X-API-Key", ("SECURE_API_HEADER_KEY",)),
        SecurityScheme("queryKey", "api_key", "query", "api_key", ("SECURE_API_QUERY_KEY",)),
        SecurityScheme("cookieKey", "api_key", "cookie", "sid", ("SECURE_API_COOKIE_KEY",)),
        SecurityScheme("bearer", "bearer", "header", "Authorization", ("SECURE_API_BEARER",)),
        SecurityScheme(
            "basic",
            "basic",
            "header",
            "Authorization",
            ("SECURE_API_BASIC_USERNAME", "SECURE_API_BASIC_PASSWORD"),
        ),
        SecurityScheme(
            "oauth",
            "bearer",
            "header",
            "Authorization",
            ("SECURE_API_OAUTH",),
            oauth=OAuthSpec(token_url="https://example.test/token", client_credentials=True),
        ),
        SecurityScheme(
            "oidc",
            "bearer",
            "header",
            "Authorization",
            ("SECURE_API_OIDC",),
            oauth=OAuthSpec(
                discovery_url="https://example.test/.well-known/openid-configuration",
                client_credentials=True,
            ),
        ),
    )
    assert _codes(diagnostics) == [
        ("info", "SECURITY_OAUTH_TOKEN_ENDPOINT", "/components/securitySchemes/oauth"),
        ("info", "SECURITY_OAUTH_TOKEN_ENDPOINT", "/components/securitySchemes/oidc"),
        ("warning", "SECURITY_SCHEME_UNSUPPORTED", "/components/securitySchemes/digest"),
        ("info", "SECURITY_ALL_OF_DEGRADED", "/paths/~1both/get/security"),
    ]


def test_operation_security_overrides_the_default() -> None:
    ops = _load("security.yaml")[2]
    assert ops["getDefault"].security == ("headerKey", "bearer")
    assert ops["getPublic"].security == ()
    assert ops["getBoth"].security == ("queryKey", "cookieKey", "basic")


def test_relative_server_url_is_kept_with_a_warning() -> None:
    spec, diagnostics, _ = _load("partly_invalid.yaml")
    assert spec.base_url == "/api/v1"
    (relative,) = [d for d in diagnostics if d.code == "SERVER_URL_RELATIVE"]
    assert relative.pointer == "/servers/0/url" and "PARTLY_INVALID_BASE_URL" in (
        relative.hint or ""
    )


# -- names -----------------------------------------------------------------------------------


def test_tool_names_collisions_long_ids_and_duplicates() -> None:
    spec, diagnostics, _ = _load("naming.yaml")
    by_key = {f"{op.binding.method} {op.binding.path}": op for op in spec.operations}
    # listPets and list_pets collide: both are named from their path instead, no hash
    assert by_key["GET /pets"].tool_name == "get_pets"
    assert by_key["POST /pets"].tool_name == "post_pets"
    # over 64 characters and no summary: the path's nouns
    assert by_key["GET /very/long"].tool_name == "get_very_long"
    assert by_key["GET /things/{thingId}/parts"].tool_name == "get_things_thing_id_parts"
    assert by_key["GET /things/{thingId}/parts"].id == "GET /things/{thingId}/parts"
    # duplicate operationIds: ids fall back to "METHOD /path", names to the path's nouns
    assert by_key["GET /dup/one"].id == "GET /dup/one"
    assert by_key["GET /dup/two"].id == "GET /dup/two"
    assert by_key["GET /dup/one"].tool_name == "get_dup_one"
    assert by_key["GET /dup/two"].tool_name == "get_dup_two"
    codes = [(d.code, d.pointer) for d in diagnostics]
    assert ("OPERATION_ID_DUPLICATE", "/paths/~1dup~1one/get") in codes
    assert ("TOOL_NAME_CHANGED", "/paths/~1very~1long/get") in codes
    # the message says which reason applies, and with whom a name collides
    said = {d.pointer: d.message for d in diagnostics if d.code == "TOOL_NAME_CHANGED"}
    assert "is longer than 64 characters: named 'get_very_long'" in said["/paths/~1very~1long/get"]
    assert (
        "'list_pets' is also wanted by GET /pets: named 'post_pets'" in said["/paths/~1pets/post"]
    )
    names = [op.tool_name for op in spec.operations]
    assert len(set(names)) == len(names)


def test_argument_collisions_follow_the_rule() -> None:
    op = _load("naming.yaml")[2]["updateRecord"]
    assert [(p.arg, p.location, p.wire_name) for p in op.params] == [
        ("id", "path", "id"),
        ("id__query", "query", "id"),
        ("id__header", "header", "id"),
        ("id__cookie", "cookie", "id"),
        ("fields__query", "query", "fields"),
        ("page_size", "query", "page[size]"),
        ("X-Trace", "header", "X-Trace"),
        ("id__body", "body", "id"),
        ("title", "body", "title"),
        ("detail_level__body", "body", "detail_level"),
    ]
    assert list(op.input_schema["properties"]) == [p.arg for p in op.params]
    assert op.input_schema["required"] == ["id", "id__body", "title"]


def test_tool_names_are_stable_when_an_unrelated_operation_is_added(tmp_path: Path) -> None:
    original = (FIXTURES / "naming.yaml").read_text()
    extra = (
        "  /zzz/added:\n    get:\n      operationId: listPets\n      responses:\n"
        '        "204":\n          description: none\n'
        "  /aaa/added:\n    get:\n      operationId: brandNew\n      responses:\n"
        '        "204":\n          description: none\n'
    )
    grown = tmp_path / "grown.yaml"
    grown.write_text(original.replace("paths:\n", "paths:\n" + extra, 1))
    before = {
        op.source_pointer: op.tool_name
        for op in load_openapi(FIXTURES / "naming.yaml")[0].operations
    }
    after = {op.source_pointer: op.tool_name for op in load_openapi(grown)[0].operations}
    assert {p: after[p] for p in before} == before
    assert after["/paths/~1aaa~1added/get"] == "brand_new"


def test_invalid_name_is_refused() -> None:
    # The one --name check is the pipeline's (tests/test_package_name.py), before any loader.
    with pytest.raises(GenerationError) as info:
        load_spec(FIXTURES / "naming.yaml", name="Bad Name")
    assert info.value.diagnostics[0].code == "NAME_INVALID"


# -- validation ------------------------------------------------------------------------------


def test_invalid_operation_is_skipped_and_invalid_component_warned() -> None:
    _, diagnostics, ops = _load("partly_invalid.yaml")
    assert list(ops) == ["getGood"]
    assert _codes(diagnostics) == [
        ("warning", "OPENAPI_INVALID", "/paths/~1bad/get/parameters/0/in"),
        ("warning", "OPENAPI_INVALID", "/components/schemas/Odd/required"),
        ("warning", "SERVER_URL_RELATIVE", "/servers/0/url"),
        ("warning", "OPERATION_SKIPPED", "/paths/~1bad/get"),
    ]
    assert [d.line for d in diagnostics[:2]] == [19, 27]
    # no union noise ("$ref Field required")
    assert not any("$ref" in d.message for d in diagnostics)


def test_invalid_document_level_fields_are_fatal() -> None:
    with pytest.raises(GenerationError) as info:
        load_openapi(FIXTURES / "no_info.yaml")
    (diag,) = info.value.diagnostics
    assert (diag.severity, diag.code, diag.pointer) == (Severity.ERROR, "OPENAPI_INVALID", "/info")


# -- odds and ends ---------------------------------------------------------------------------


def test_path_parameters_merging_and_repairs() -> None:
    spec, diagnostics, ops = _load("misc.yaml")
    op = ops["getLine"]
    assert op.input_schema == {
        "type": "object",
        "properties": {
            "orderId": {"type": "integer", "description": "overridden by the operation"},
            "lineNo": {"type": "string"},
            "filter": {"type": "object", "properties": {"q": {"type": "string"}}},
        },
        "required": ["orderId", "lineNo"],
        "additionalProperties": False,
    }
    assert _codes(diagnostics) == [
        ("warning", "PATH_PARAM_UNDECLARED", "/paths/~1orders~1{orderId}~1lines~1{lineNo}/get"),
        (
            "warning",
            "PATH_PARAM_UNUSED",
            "/paths/~1orders~1{orderId}~1lines~1{lineNo}/parameters/1",
        ),
        (
            "warning",
            "PARAM_CONTENT_DEGRADED",
            "/paths/~1orders~1{orderId}~1lines~1{lineNo}/get/parameters/1",
        ),
        ("warning", "SECURITY_SCHEME_UNDEFINED", "/security"),
        (
            "info",
            "HEADER_PARAMS_IGNORED",
            "/paths/~1orders~1{orderId}~1lines~1{lineNo}/get/parameters/2",
        ),
        ("info", "SERVERS_PER_OPERATION", "/paths/~1orders~1{orderId}~1lines~1{lineNo}/get"),
    ]
    assert all(d.hint for d in diagnostics)
    assert spec.api_version == "1.0" and spec.base_url == "https://example.test"
    # the path item's own server serves its operation
    assert op.binding.server == "OTHER" and spec.servers[0].url == "https://other.example.test"


def test_response_refs_path_item_refs_and_media_type_parameters() -> None:
    _, _, ops = _load("misc.yaml")
    shape = ops["getLine"].response
    assert (shape.schema_name, shape.media_type) == ("Line", "application/json; charset=utf-8")
    assert shape.field_tree == {"no": "integer", "sku": "string"}  # YAML `no:` stays "no"
    assert ops["getShared"].binding.path == "/shared"
    assert ops["postForm"].binding.content_type == "application/x-www-form-urlencoded"


def test_callbacks_are_reported_as_ignored() -> None:
    corpus = Path(__file__).resolve().parents[1] / "fixtures" / "openapi"
    spec, diagnostics = load_openapi(corpus / "oai.v3.0.callback-example.yaml")
    assert ("info", "CALLBACKS_IGNORED", "/paths/~1streams/post/callbacks") in _codes(diagnostics)
    assert [p.arg for p in spec.operations[0].params] == ["callbackUrl"]
