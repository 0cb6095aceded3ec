"""What a tool sends on the wire: query parts embedded in paths (AWS-style conversions) become
constants, and parameters that carry credentials come from the environment, never the model."""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.loaders import load_openapi
from generator.render.tooldata import server_data
from generator.runtime.config.auth import CredentialSet
from generator.runtime.upstream.http_call import build_request
from generator.runtime.model import model_from_json


def _spec(tmp_path: Path, paths: dict, **extra: object) -> Path:
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Wire", "version": "1"},
        "servers": [{"url": "https://api.example.test"}],
        "paths": paths,
        **extra,
    }
    path = tmp_path / "spec.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return path


def _query(name: str, description: str = "", required: bool = True, **schema: object) -> dict:
    return {
        "name": name,
        "in": "query",
        "required": required,
        "description": description,
        "schema": {"type": "string", **schema},
    }


def _ok() -> dict:
    return {"200": {"description": "ok"}}


AWS_PATHS = {
    "/#Action=AddPermission": {
        "get": {
            "operationId": "AddPermission",
            "parameters": [
                _query("Action", enum=["AddPermission"]),
                _query("Label"),
            ],
            "responses": _ok(),
        }
    },
    "/?Action=ListQueues&Version=2012-11-05": {
        "get": {
            "operationId": "ListQueues",
            "parameters": [_query("Prefix", required=False)],
            "responses": _ok(),
        }
    },
    "/#X-Amz-Target=Firehose.ListStreams": {
        "post": {
            "operationId": "ListStreams",
            "parameters": [
                {
                    "name": "X-Amz-Target",
                    "in": "header",
                    "required": True,
                    "schema": {"type": "string"},
                }
            ],
            "responses": _ok(),
        }
    },
    "/users/{userid}/pic?key={APIKEY}": {
        "get": {
            "operationId": "getPic",
            "parameters": [
                {"name": "userid", "in": "path", "required": True, "schema": {"type": "string"}},
                {"name": "APIKEY", "in": "path", "required": True, "schema": {"type": "string"}},
            ],
            "responses": _ok(),
        }
    },
}


def _requests(spec_path: Path, calls: dict[str, dict], environ: dict[str, str] | None = None):
    spec, diagnostics = load_openapi(spec_path)
    model = model_from_json(server_data(spec))
    credentials = CredentialSet(model.credentials, environ or {})
    out = {}
    for op in spec.operations:
        tool = model.tool(op.tool_name)
        assert tool is not None
        args = calls.get(op.id, {})
        out[op.id] = (
            op,
            build_request(tool, "https://api.example.test", args, credentials.for_tool(tool)),
        )
    return out, diagnostics


def test_query_parts_of_aws_style_paths_are_sent_as_constants(tmp_path: Path) -> None:
    found, diagnostics = _requests(
        _spec(tmp_path, AWS_PATHS),
        {
            "AddPermission": {"Label": "x"},
            "ListQueues": {"Prefix": "q"},
            "getPic": {"userid": "u1", "key": "k"},
        },
    )
    op, req = found["AddPermission"]
    assert req.url == "https://api.example.test/"
    assert req.query == [("Action", "AddPermission"), ("Label", "x")]
    assert set(op.input_schema["properties"]) == {"Label"}  # the model is not asked for Action

    op, req = found["ListQueues"]
    assert req.url == "https://api.example.test/"
    assert sorted(req.query) == [
        ("Action", "ListQueues"),
        ("Prefix", "q"),
        ("Version", "2012-11-05"),
    ]
    assert set(op.input_schema["properties"]) == {"Prefix"}

    op, req = found["ListStreams"]  # the declared X-Amz-Target is a header
    assert req.headers["X-Amz-Target"] == "Firehose.ListStreams"
    assert req.query == []
    assert op.input_schema["properties"] == {}

    op, req = found["getPic"]  # a {template} value is an argument, sent in the query
    assert req.url == "https://api.example.test/users/u1/pic"
    assert req.query == [("key", "k")]
    assert op.input_schema["required"] == ["userid", "key"]

    [note] = [d for d in diagnostics if d.code == "PATH_QUERY_MOVED"]
    assert note.message.startswith("4 operation path(s)")
    assert note.pointer.startswith("/paths/")


TRELLO_LIKE = {
    "components": {
        "securitySchemes": {
            "APIKey": {"type": "apiKey", "in": "query", "name": "key"},
            "APIToken": {"type": "apiKey", "in": "query", "name": "token"},
        }
    },
    "security": [{"APIKey": [], "APIToken": []}],
}


def test_parameters_a_security_scheme_sends_leave_the_schema_and_are_sent_once(
    tmp_path: Path,
) -> None:
    paths = {
        "/boards/{id}": {
            "get": {
                "operationId": "getBoard",
                "parameters": [
                    {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}},
                    _query("key", "The API key"),
                    _query("token", "The API token"),
                    _query("fields", required=False),
                ],
                "responses": _ok(),
            }
        }
    }
    found, diagnostics = _requests(
        _spec(tmp_path, paths, **TRELLO_LIKE),
        {"getBoard": {"id": "b1", "fields__query": "name"}},
        {"WIRE_API_KEY": "env-key", "WIRE_API_TOKEN": "env-token"},
    )
    op, req = found["getBoard"]
    assert set(op.input_schema["properties"]) == {"id", "fields__query"}
    assert op.input_schema["required"] == ["id"]
    assert sorted(req.query) == [("fields", "name"), ("key", "env-key"), ("token", "env-token")]
    assert [d.code for d in diagnostics if d.code == "CREDENTIAL_PARAMS_FROM_ENV"]


def test_a_parameter_named_and_documented_as_a_credential_is_read_from_the_environment(
    tmp_path: Path,
) -> None:
    paths = {
        "/search": {
            "get": {
                "operationId": "search",
                "parameters": [
                    _query("api_key", "Your API key from the developer portal."),
                    _query("token", "Token of the next page of results.", required=False),
                    _query("key", "The sort key.", required=False),
                    _query("q"),
                ],
                "responses": _ok(),
            }
        },
        "/intents/{id}": {
            "parameters": [
                {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
            ],
            "get": {
                "operationId": "getIntent",
                "parameters": [
                    _query("api_key", "Your API key from the developer portal."),
                    # a per-object secret, an input of a few operations: not an account credential
                    _query("client_secret", "The client secret of the intent."),
                ],
                "responses": _ok(),
            },
            "delete": {"operationId": "deleteIntent", "responses": _ok()},
        },
    }
    found, _ = _requests(
        _spec(tmp_path, paths),
        {
            "search": {"q": "x", "token": "p2"},
            "getIntent": {"id": "i"},
            "deleteIntent": {"id": "i"},
        },
        {"WIRE_API_KEY": "secret-key"},
    )
    op, req = found["search"]
    assert set(op.input_schema["properties"]) == {"token", "key", "q"}  # paging and sort stay
    assert sorted(req.query) == [("api_key", "secret-key"), ("q", "x"), ("token", "p2")]
    assert op.security == ("query_api_key",)
    op, _ = found["getIntent"]
    assert set(op.input_schema["properties"]) == {"id", "client_secret"}
