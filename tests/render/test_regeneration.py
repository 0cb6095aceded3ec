"""Regenerating over an existing package: hooks stay the user's, the tools snapshot is kept until
updated on purpose, breaking changes under an unchanged major version are flagged, and every
generated file says it is generated."""

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.cli import main
from generator.pipeline import generate
from generator.render.publishing import SNAPSHOT_PATH
from generator.render.writer import MANIFEST
from tests.support.paths import SPECS


def _spec(extra_param: bool = False, drop_tool: bool = False) -> dict[str, Any]:
    params = [{"name": "limit", "in": "query", "schema": {"type": "integer"}}]
    if extra_param:
        params.append({"name": "cursor", "in": "query", "schema": {"type": "string"}})
    paths: dict[str, Any] = {
        "/things": {
            "get": {
                "operationId": "listThings",
                "summary": "List things",
                "parameters": params,
                "responses": {"200": {"description": "ok"}},
            }
        },
        "/things/{id}": {
            "get": {
                "operationId": "getThing",
                "parameters": [
                    {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "responses": {"200": {"description": "ok"}},
            }
        },
    }
    if drop_tool:
        del paths["/things/{id}"]
    return {
        "openapi": "3.0.3",
        "info": {"title": "Demo", "version": "1.0.0"},
        "servers": [{"url": "https://demo.example"}],
        "paths": paths,
    }


def _write(tmp_path: Path, name: str, spec: dict[str, Any]) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(spec))
    return path


def _codes(result: Any) -> list[str]:
    return [d.code for d in result.diagnostics]


def _package_tests(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root / "src")},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_hooks_file_is_created_once_and_then_belongs_to_the_user(tmp_path: Path) -> None:
    spec = _write(tmp_path, "a.json", _spec())
    target, _ = generate(spec, tmp_path / "out", name="demo")
    hooks = target / "src/demo_mcp/hooks.py"
    assert "def before_request" in hooks.read_text()
    manifest = json.loads((target / MANIFEST).read_text())["files"]
    assert "src/demo_mcp/hooks.py" not in manifest
    hooks.write_text("def auth_headers(tool):\n    return {'X-Mine': '1'}\n")
    generate(spec, tmp_path / "out", name="demo")  # no hand-edit error: the file is the user's
    assert "X-Mine" in hooks.read_text()
    hooks.unlink()
    generate(spec, tmp_path / "out", name="demo")
    assert "def before_request" in hooks.read_text()  # recreated when missing


def test_snapshot_is_kept_until_updated_on_purpose(tmp_path: Path) -> None:
    target, first = generate(_write(tmp_path, "a.json", _spec()), tmp_path / "out", name="demo")
    snapshot = (target / SNAPSHOT_PATH).read_bytes()
    tools = [t["name"] for t in json.loads(snapshot)["tools"]]
    assert tools == ["list_things", "get_thing", "demo_continue"]
    assert "SNAPSHOT_OUTDATED" not in _codes(first)

    grown = _write(tmp_path, "b.json", _spec(extra_param=True))
    _, second = generate(grown, tmp_path / "out", name="demo")
    assert "SNAPSHOT_OUTDATED" in _codes(second)
    assert (target / SNAPSHOT_PATH).read_bytes() == snapshot  # kept, and still in the manifest
    failed = _package_tests(target)
    assert failed.returncode != 0
    assert "list_things: input_schema changed" in failed.stdout
    assert "UPDATE_TOOLS_SNAPSHOT=1 pytest tests/test_tools_snapshot.py" in failed.stdout

    assert main(["generate", str(grown), "--name", "demo", "--out", str(tmp_path / "out"),
                 "--update-snapshot"]) == 0  # fmt: skip
    assert (target / SNAPSHOT_PATH).read_bytes() != snapshot
    passed = _package_tests(target)
    assert passed.returncode == 0, passed.stdout[-2000:]


def test_breaking_changes_under_the_same_major_version_warn(tmp_path: Path) -> None:
    out = tmp_path / "out"
    generate(_write(tmp_path, "a.json", _spec()), out, name="demo", version="1.4.0")
    smaller = _write(tmp_path, "b.json", _spec(drop_tool=True))
    _, same = generate(smaller, out, name="demo", version="1.5.0", update_snapshot=True)
    (warning,) = [d for d in same.diagnostics if d.code == "BREAKING_CHANGE_SAME_MAJOR"]
    assert "tool_removed get_thing" in warning.message
    assert "2.0.0" in (warning.hint or "")
    generate(_write(tmp_path, "a.json", _spec()), out, name="demo", version="2.0.0")
    _, bumped = generate(smaller, out, name="demo", version="3.0.0", update_snapshot=True)
    assert "BREAKING_CHANGE_SAME_MAJOR" not in _codes(bumped)
    _, additive = generate(
        _write(tmp_path, "c.json", _spec(drop_tool=True, extra_param=True)),
        out,
        name="demo",
        version="3.0.0",
        update_snapshot=True,
    )
    assert "BREAKING_CHANGE_SAME_MAJOR" not in _codes(additive)


@pytest.mark.parametrize("example", ["petstore"])
def test_every_generated_file_carries_a_stable_generated_header(
    example: str, tmp_path: Path
) -> None:
    spec, overlay = SPECS / example / "openapi.yaml", SPECS / example / "overlay.yaml"
    target, _ = generate(spec, tmp_path / "a", overlay_path=overlay, name=example)
    manifest = json.loads((target / MANIFEST).read_text())["files"]
    for name in sorted(manifest):
        head = (target / name).read_text(encoding="utf-8")[:400]
        if name.endswith("py.typed"):
            assert head == ""  # PEP 561 marker: stays empty
        elif name == "server.json":
            meta = json.loads((target / name).read_text())["_meta"]
            assert meta["io.modelcontextprotocol.registry/publisher-provided"]["tool"] == "mcpforge"
        else:
            assert "Generated by mcpforge" in head, name
            assert "do not edit" in head.lower() or "kept on regeneration" in head, name
    again, _ = generate(spec, tmp_path / "b", overlay_path=overlay, name=example)
    for name in manifest:  # stable: a second run writes the same bytes
        assert (again / name).read_bytes() == (target / name).read_bytes(), name
    hooks = (target / f"src/{example}_mcp/hooks.py").read_text()
    assert hooks.startswith("# Created once by mcpforge; this file is yours")
