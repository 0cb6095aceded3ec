"""A vendor's description without ``info.version`` loads, with a warning (as other slips do)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.pipeline import generate

PATHS = {
    "/tasks": {"get": {"operationId": "listTasks", "responses": {"200": {"description": "ok"}}}}
}


@pytest.mark.parametrize(
    "document",
    [
        {"swagger": "2.0", "info": {"title": "Tasks"}, "host": "tasks.example.org", "paths": PATHS},
        {
            "openapi": "3.1.0",
            "info": {"title": "Tasks"},
            "servers": [{"url": "https://tasks.example.org"}],
            "paths": PATHS,
        },
    ],
    ids=["swagger2", "openapi31"],
)
def test_a_missing_info_version_is_read_with_a_warning(
    tmp_path: Path, document: dict[str, object]
) -> None:
    spec = tmp_path / "tasks.json"
    spec.write_text(json.dumps(document))
    package, result = generate(spec, tmp_path / "out", name="tasks")
    (warning,) = [d for d in result.diagnostics if d.code == "INFO_VERSION_MISSING"]
    assert warning.severity.value == "warning" and "read as 0.0.0" in warning.message
    assert [op.tool_name for op in result.spec.operations] == ["list_tasks"]
    assert 'version = "0.0.0"' in (package / "pyproject.toml").read_text()


@pytest.mark.parametrize(
    "document",
    [
        {"swagger": "2.0", "info": {"contact": {}}, "host": "tasks.example.org", "paths": PATHS},
        {
            "openapi": "3.1.0",
            "info": {"version": "1.0"},
            "servers": [{"url": "https://tasks.example.org"}],
            "paths": PATHS,
        },
    ],
    ids=["swagger2", "openapi31"],
)
def test_a_missing_info_title_is_read_with_a_warning(
    tmp_path: Path, document: dict[str, object]
) -> None:
    """A description without ``info.title`` (swaggo writes ``info: {contact: {}}`` when the Go
    comments name none: Shiori's) was refused as invalid; it is read under the file's name."""
    spec = tmp_path / "tasks.json"
    spec.write_text(json.dumps(document))
    package, result = generate(spec, tmp_path / "out")
    (warning,) = [d for d in result.diagnostics if d.code == "INFO_TITLE_MISSING"]
    assert warning.severity.value == "warning" and "'tasks'" in warning.message
    assert [op.tool_name for op in result.spec.operations] == ["list_tasks"]
    assert 'name = "tasks' in (package / "pyproject.toml").read_text()
