"""``diff`` reports a change to a schema once, with the tools it touches, and a renamed
argument as a rename; ``report`` counts operations by method and by kind, both labelled."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from generator.cli import main

# A repository that nests its parent repository (as Gitea's and GitHub's do), returned by three
# operations; one of them pages with a query argument.
REPOSITORY = {
    "type": "object",
    "properties": {
        "id": {"type": "integer"},
        "full_name": {"type": "string"},
        "watchers": {"type": "integer"},
        "forks_count": {"type": "integer"},
        "parent": {"$ref": "#/definitions/Repository"},
    },
}
PER_PAGE = {
    "name": "per_page",
    "in": "query",
    "type": "integer",
    "description": "page size of results",
}


def _op(op_id: str, schema: dict[str, Any], parameters: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "operationId": op_id,
        "parameters": parameters,
        "responses": {"200": {"description": "ok", "schema": schema}},
    }


OWNER = [
    {"name": "owner", "in": "path", "required": True, "type": "string"},
    {"name": "repo", "in": "path", "required": True, "type": "string"},
]
SPEC: dict[str, Any] = {
    "swagger": "2.0",
    "info": {"title": "Forge", "version": "1.0.0"},
    "host": "forge.example.org",
    "definitions": {"Repository": REPOSITORY},
    "paths": {
        "/repos/{owner}/{repo}": {
            "get": _op("repoGet", {"$ref": "#/definitions/Repository"}, OWNER),
            "delete": {
                "operationId": "repoDelete",
                "parameters": OWNER,
                "responses": {"204": {"description": "gone"}},
            },
        },
        "/user/repos": {
            "get": _op(
                "userListRepos",
                {"type": "array", "items": {"$ref": "#/definitions/Repository"}},
                [PER_PAGE],
            )
        },
        "/repos/search": {
            "get": _op(
                "repoSearch",
                {
                    "type": "object",
                    "properties": {
                        "data": {"type": "array", "items": {"$ref": "#/definitions/Repository"}}
                    },
                },
                [{"name": "q", "in": "query", "type": "string"}],
            )
        },
    },
}


@pytest.fixture
def sides(tmp_path: Path) -> tuple[Path, Path]:
    new = copy.deepcopy(SPEC)
    properties = new["definitions"]["Repository"]["properties"]
    properties["stars_count"] = {"type": "integer"}  # one edit to one schema
    del properties["watchers"]  # and another
    listing = new["paths"]["/user/repos"]["get"]
    listing["parameters"] = [dict(PER_PAGE, name="limit")]  # per_page renamed
    old_path, new_path = tmp_path / "old.json", tmp_path / "new.json"
    old_path.write_text(json.dumps(SPEC))
    new_path.write_text(json.dumps(new))
    return old_path, new_path


def test_a_schema_change_is_reported_once_with_the_tools_it_touches(
    sides: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["diff", str(sides[0]), str(sides[1])]) == 0
    out = capsys.readouterr().out
    added = [line for line in out.splitlines() if "stars_count" in line]
    assert len(added) == 1, out
    assert added[0].startswith("[ok] response_field_added: ")
    for tool in ("repo_get", "user_list_repos", "repo_search"):
        assert tool in added[0]
    assert "(at data.stars_count, parent.stars_count" in added[0] or "parent.stars_count" in (
        added[0]
    )
    removed = [line for line in out.splitlines() if "watchers" in line]
    assert len(removed) == 1 and removed[0].startswith("[BREAKING] response_field_removed: ")
    assert "[BREAKING] param_renamed: user_list_repos: per_page -> limit" in out
    assert "param_removed" not in out and "param_added" not in out
    assert "3 changes, 2 breaking, touching 3 tools" in out


def test_report_counts_by_method_and_by_kind(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    spec = tmp_path / "swagger.json"
    spec.write_text(json.dumps(SPEC))
    assert main(["report", str(spec)]) == 0
    out = capsys.readouterr().out
    assert "operations by method: GET 3, DELETE 1" in out
    assert "operations by kind (what each does" in out
