"""An example whose ``$ref`` points to nothing, as a vendor publishes it (Okta's management
description names examples under ``components/examples`` it never defines, in a request
body's and a response's ``examples`` map): an example only illustrates, so the description
loads, that example is left out of its map with one ``EXAMPLE_REF_DANGLING`` warning per
missing target, and the examples that resolve are still read. A ref to nothing in a place
a tool cannot do without (a request body) still stops generation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.diagnostics import GenerationError
from generator.loaders.openapi import load_openapi
from generator.preview.synthesize import ExampleFinder

GONE = "#/components/examples/rule-enabled"


def _document() -> dict[str, Any]:
    rule = {
        "type": "object",
        "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
    }
    return {
        "openapi": "3.0.3",
        "info": {"title": "Policies", "version": "1"},
        "servers": [{"url": "https://policies.example.org"}],
        "components": {
            "schemas": {"Rule": rule},
            "examples": {
                "rule-created": {"value": {"id": "rul1", "name": "Require MFA"}},
                "alias-to-nothing": {"$ref": "#/components/examples/rule-disabled"},
            },
        },
        "paths": {
            "/policies/{policyId}/rules": {
                "post": {
                    "operationId": "createRule",
                    "parameters": [
                        {
                            "name": "policyId",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string"},
                        }
                    ],
                    "requestBody": {
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/Rule"},
                                "examples": {"Enabled": {"$ref": GONE}},
                            }
                        }
                    },
                    "responses": {
                        "200": {
                            "description": "ok",
                            "content": {
                                "application/json": {
                                    "schema": {"$ref": "#/components/schemas/Rule"},
                                    "examples": {
                                        "Enabled": {"$ref": GONE + "-response"},
                                        "Created": {"$ref": "#/components/examples/rule-created"},
                                    },
                                }
                            },
                        }
                    },
                }
            }
        },
    }


def _write(tmp_path: Path, document: dict[str, Any]) -> Path:
    path = tmp_path / "policies.json"
    path.write_text(json.dumps(document, indent=1))
    return path


def test_an_example_ref_to_nothing_is_left_out_with_a_warning(tmp_path: Path) -> None:
    path = _write(tmp_path, _document())
    spec, diagnostics = load_openapi(path)
    assert [op.tool_name for op in spec.operations] == ["create_rule"]
    dangling = [d for d in diagnostics if d.code == "EXAMPLE_REF_DANGLING"]
    targets = sorted(d.message.split("'")[1] for d in dangling)
    assert targets == [
        "#/components/examples/rule-disabled",
        GONE,
        GONE + "-response",
    ]
    assert all(d.severity.value == "warning" for d in dangling)
    assert all("that example is left out" in d.message for d in dangling)
    # the example that resolves is still the operation's example answer
    found = ExampleFinder(path).example(spec.operations[0])
    assert found is not None and found.value == {"id": "rul1", "name": "Require MFA"}


def test_a_request_body_ref_to_nothing_still_stops_generation(tmp_path: Path) -> None:
    document = _document()
    post = document["paths"]["/policies/{policyId}/rules"]["post"]
    post["requestBody"] = {"$ref": "#/components/requestBodies/Missing"}
    with pytest.raises(GenerationError) as caught:
        load_openapi(_write(tmp_path, document))
    assert "REF_DANGLING" in str(caught.value)
