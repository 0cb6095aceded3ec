"""The OAuth scopes a tool needs, read from the description's security requirements."""

from __future__ import annotations

import json
from pathlib import Path

from generator.loaders import load_openapi
from tests.support.loading import pointer_of


def ops(tmp_path: Path, document: dict) -> dict[str, tuple[tuple[str, ...], ...]]:
    path = tmp_path / "api.json"
    path.write_text(json.dumps(document))
    spec, _ = load_openapi(path)
    return {op.id: op.scopes for op in spec.operations}


def test_scopes_per_requirement_with_the_document_default(tmp_path: Path) -> None:
    ok = {"200": {"description": "ok"}}
    document = {
        "openapi": "3.0.3",
        "info": {"title": "S", "version": "1"},
        "servers": [{"url": "https://api.example.com"}],
        "components": {
            "securitySchemes": {
                "oauth": {
                    "type": "oauth2",
                    "flows": {"clientCredentials": {"tokenUrl": "/t", "scopes": {}}},
                },
                "key": {"type": "apiKey", "in": "header", "name": "X-Key"},
            }
        },
        "security": [{"oauth": ["read"]}],
        "paths": {
            "/a": {
                "get": {"operationId": "inherits", "responses": ok},
                "put": {
                    "operationId": "either",
                    "security": [{"oauth": ["write", "read", "write"]}, {"oauth": ["admin"]}],
                    "responses": ok,
                },
                "post": {
                    "operationId": "keyServes",
                    "security": [{"oauth": ["write"]}, {"key": []}],
                    "responses": ok,
                },
                "delete": {"operationId": "open", "security": [], "responses": ok},
                "patch": {"operationId": "anonymous", "security": [{}], "responses": ok},
            }
        },
    }
    assert ops(tmp_path, document) == {
        "inherits": (("read",),),
        "either": (("write", "read"), ("admin",)),
        "keyServes": (),  # the API key alternative needs no scope
        "open": (),
        "anonymous": (),
    }


def test_oauth_schemes_name_where_the_server_gets_its_tokens(tmp_path: Path) -> None:
    from generator.ir.models import OAuthSpec

    flows = {
        "cc": {"clientCredentials": {"tokenUrl": "/token", "scopes": {}}},
        "code": {
            "authorizationCode": {
                "authorizationUrl": "/authorize",
                "tokenUrl": "https://login.example.com/token",
                "refreshUrl": "https://login.example.com/refresh",
                "scopes": {},
            }
        },
        "implicit": {"implicit": {"authorizationUrl": "/authorize", "scopes": {}}},
    }
    schemes = {name: {"type": "oauth2", "flows": f} for name, f in flows.items()}
    schemes["oidc"] = {
        "type": "openIdConnect",
        "openIdConnectUrl": "/.well-known/openid-configuration",
    }
    document = {
        "openapi": "3.0.3",
        "info": {"title": "S", "version": "1"},
        "servers": [{"url": "https://api.example.com"}],
        "components": {"securitySchemes": schemes},
        "paths": {"/a": {"get": {"operationId": "a", "responses": {"200": {"description": "ok"}}}}},
    }
    path = tmp_path / "api.json"
    path.write_text(json.dumps(document))
    spec, diagnostics = load_openapi(path)
    assert {s.name: s.oauth for s in spec.security} == {
        "cc": OAuthSpec(token_url="/token", client_credentials=True),
        "code": OAuthSpec(
            token_url="https://login.example.com/token",
            refresh_url="https://login.example.com/refresh",
        ),
        "implicit": None,  # no token endpoint: a token from the environment, as is
        "oidc": OAuthSpec(
            discovery_url="/.well-known/openid-configuration", client_credentials=True
        ),
    }
    codes = {pointer_of(d).rsplit("/", 1)[1]: d.code for d in diagnostics}
    assert codes == {
        "cc": "SECURITY_OAUTH_TOKEN_ENDPOINT",
        "code": "SECURITY_OAUTH_TOKEN_ENDPOINT",
        "implicit": "SECURITY_OAUTH_AS_BEARER",
        "oidc": "SECURITY_OAUTH_TOKEN_ENDPOINT",
    }
    code_note = next(d for d in diagnostics if pointer_of(d).endswith("/code"))
    assert "S_CODE_REFRESH_TOKEN" in code_note.message and "CLIENT_ID" not in code_note.message
