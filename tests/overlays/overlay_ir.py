"""A small hand-built IR (petstore-like and GitHub-like operations) for overlay tests."""

from __future__ import annotations

from typing import Any

from generator.ir.models import (
    Annotations,
    FieldConfig,
    HttpBinding,
    OperationSpec,
    ResponseShape,
    SecurityScheme,
    ServerSpec,
)

PET = {
    "id": "integer",
    "name": "string",
    "tag": "string",
    "owner": {"login": "string", "id": "integer"},
}
ISSUE = {
    "id": "integer",
    "number": "integer",
    "title": "string",
    "state": "string",
    "body": "string",
    "user": {"login": "string", "id": "integer"},
    "labels": [{"name": "string", "color": "string"}],
    "pull_request": "any",
    "reactions": None,
}
THINGS = {
    "results": [{"id": "string", "name": "string", "size": "integer"}],
    "next_cursor": "string",
    "has_more": "boolean",
}


def op(
    op_id: str,
    method: str,
    path: str,
    *,
    tool_name: str | None = None,
    tags: tuple[str, ...] = (),
    schema: str | None = None,
    tree: Any = None,
    collection: str | None = None,
    title: str = "",
) -> OperationSpec:
    return OperationSpec(
        id=op_id,
        tool_name=tool_name or op_id.replace("/", "_"),
        title=title or f"{method} {path}",
        description="",
        params=(),
        input_schema={"type": "object", "properties": {}},
        binding=HttpBinding(method=method, path=path),
        response=ResponseShape(
            schema_name=schema,
            media_type="application/json" if tree is not None else None,
            collection_path=collection,
            field_tree=tree,
        ),
        annotations=Annotations(read_only=method == "GET"),
        tags=tags,
        security=("api_key",),
    )


def build_spec() -> ServerSpec:
    return ServerSpec(
        name="demo",
        title="Demo API",
        version="1.0.0",
        description="A demo",
        source_kind="openapi",
        source_file="demo.yaml",
        base_url="https://api.example.com",
        operations=(
            op(
                "listPets",
                "GET",
                "/pets",
                tags=("pets",),
                schema="Pet",
                tree=[PET],
                collection="",
                title="List all pets",
            ),
            op(
                "showPetById",
                "GET",
                "/pets/{petId}",
                tags=("pets",),
                schema="Pet",
                tree=PET,
            ),
            op("createPets", "POST", "/pets", tags=("pets",)),
            op(
                "issues/list-for-repo",
                "GET",
                "/repos/{owner}/{repo}/issues",
                tags=("issues",),
                schema="issue",
                tree=ISSUE,
                collection="",
            ),
            op("issues/delete", "DELETE", "/repos/{owner}/{repo}/issues/{n}", tags=("issues",)),
            op(
                "listThings",
                "GET",
                "/things",
                schema="ThingList",
                tree=THINGS,
            ),
        ),
        security=(
            SecurityScheme(
                name="api_key", kind="api_key", param_name="X-Key", env_vars=("DEMO_KEY",)
            ),
        ),
        resources={"Legacy": FieldConfig(include=("id",))},
    )
