"""A synthetic multi-file OpenAPI description: one entry file and thousands of YAML files
joined by relative ``$ref``s, the layout big real APIs are split into.

``write_multifile_spec(folder, files)`` writes about ``files`` files and returns the entry file
and the number of operations. Per resource ``rN`` (three files):

* ``paths/rN.yaml``: the path item ``/rN/{id}`` (get, delete), with a shared parameter from
  ``../common/parameters.yaml#/id`` and responses from ``../schemas/rN.yaml`` and
  ``../common/responses.yaml#/NotFound``;
* ``schemas/rN.yaml``: an object whose ``status`` is ``./rN_status.yaml``, whose ``meta`` is
  ``../common/meta.yaml`` and whose ``previous`` points at the previous resource's schema
  (a chain through every schema file, the worst case for naive walking);
* ``schemas/rN_status.yaml``: a string enum.

Also used by the tests (small sizes) to check that a multi-file load is correct.
"""

from __future__ import annotations

from pathlib import Path

import yaml

PER_RESOURCE = 3
COMMON_FILES = 3  # parameters, responses, meta
OPS_PER_RESOURCE = 2


def _dump(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def resource_count(files: int) -> int:
    return max(1, (files - COMMON_FILES - 1) // PER_RESOURCE)


def write_multifile_spec(folder: Path, files: int) -> tuple[Path, int]:
    """Write the spec under ``folder``; return (entry file, number of operations)."""
    count = resource_count(files)
    _dump(
        folder / "common" / "parameters.yaml",
        {"id": {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}},
    )
    _dump(
        folder / "common" / "responses.yaml",
        {
            "NotFound": {
                "description": "Not found",
                "content": {
                    "application/json": {
                        "schema": {"type": "object", "properties": {"error": {"type": "string"}}}
                    }
                },
            }
        },
    )
    _dump(
        folder / "common" / "meta.yaml",
        {
            "type": "object",
            "properties": {"created": {"type": "string", "format": "date-time"}},
        },
    )
    paths = {}
    for n in range(count):
        name = f"r{n}"
        paths[f"/{name}/{{id}}"] = {"$ref": f"./paths/{name}.yaml"}
        ok = {
            "description": "The resource",
            "content": {"application/json": {"schema": {"$ref": f"../schemas/{name}.yaml"}}},
        }
        _dump(
            folder / "paths" / f"{name}.yaml",
            {
                "parameters": [{"$ref": "../common/parameters.yaml#/id"}],
                "get": {
                    "operationId": f"get{name.upper()}",
                    "summary": f"Get one {name}",
                    "responses": {
                        "200": ok,
                        "404": {"$ref": "../common/responses.yaml#/NotFound"},
                    },
                },
                "delete": {
                    "operationId": f"delete{name.upper()}",
                    "summary": f"Delete one {name}",
                    "responses": {"204": {"description": "Deleted"}},
                },
            },
        )
        properties: dict[str, object] = {
            "id": {"type": "string"},
            "title": {"type": "string"},
            "status": {"$ref": f"./{name}_status.yaml"},
            "meta": {"$ref": "../common/meta.yaml"},
        }
        if n:
            properties["previous"] = {"$ref": f"./r{n - 1}.yaml"}
        _dump(folder / "schemas" / f"{name}.yaml", {"type": "object", "properties": properties})
        _dump(
            folder / "schemas" / f"{name}_status.yaml",
            {"type": "string", "enum": ["active", "archived"]},
        )
    entry = folder / "openapi.yaml"
    _dump(
        entry,
        {
            "openapi": "3.0.3",
            "info": {"title": "Synthetic multi-file API", "version": "1.0.0"},
            "servers": [{"url": "https://multifile.example.test"}],
            "paths": paths,
        },
    )
    return entry, count * OPS_PER_RESOURCE
