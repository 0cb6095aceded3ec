"""The command line as a user runs it: exit codes, messages, and nothing half-written."""

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

from tests.support.paths import REPO, SPECS


def mcpforge(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_generate_writes_the_package_named_by_the_contract(tmp_path: Path) -> None:
    proc = mcpforge(
        "generate",
        str(SPECS / "petstore/openapi.yaml"),
        "--overlay",
        str(SPECS / "petstore/overlay.yaml"),
        "--name",
        "petstore",
        "--out",
        str(tmp_path),
    )
    assert proc.returncode == 0, proc.stderr
    root = tmp_path / "petstore-mcp"
    assert (root / "pyproject.toml").is_file()
    assert (root / "src/petstore_mcp/__main__.py").is_file()
    # the registry name and the licence are defaults: said with --verbose
    assert "(2 info notes not shown; --verbose shows all)" in proc.stderr
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    assert project["name"] == "petstore-mcp"
    assert project["scripts"] == {"petstore-mcp": "petstore_mcp.__main__:main"}


def test_name_defaults_to_a_slug_of_the_title(tmp_path: Path) -> None:
    proc = mcpforge("generate", str(SPECS / "petstore/openapi.yaml"), "--out", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "swagger-petstore-mcp/src/swagger_petstore_mcp/spec.json").is_file()


def test_broken_yaml_fails_with_file_and_line_and_writes_nothing(tmp_path: Path) -> None:
    spec = tmp_path / "broken.yaml"
    spec.write_text("openapi: 3.0.0\ninfo:\n  title: x\n  version: 1\npaths:\n  /a: [unclosed\n")
    out = tmp_path / "out"
    proc = mcpforge("generate", str(spec), "--out", str(out))
    assert proc.returncode == 1
    assert f"{spec}:" in proc.stderr and "nothing was written" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not out.exists()


def test_swagger_2_generates_a_package(tmp_path: Path) -> None:
    proc = mcpforge(
        "generate",
        str(REPO / "tests/fixtures/openapi/oai.v2.0.petstore.yaml"),
        "--out",
        str(tmp_path / "out"),
    )
    assert proc.returncode == 0, proc.stderr
    spec = tmp_path / "out/swagger-petstore-mcp/src/swagger_petstore_mcp/spec.json"
    tools = [t["name"] for t in json.loads(spec.read_text())["tools"]]
    assert tools == ["list_pets", "create_pets", "show_pet_by_id"]


def test_swagger_1_2_is_refused_clearly(tmp_path: Path) -> None:
    spec = tmp_path / "old.yaml"
    spec.write_text('swagger: "1.2"\ninfo: {title: t, version: "1"}\npaths: {}\n')
    proc = mcpforge("generate", str(spec), "--out", str(tmp_path / "out"))
    assert proc.returncode == 1 and "SWAGGER2_UNSUPPORTED" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (tmp_path / "out").exists()


def test_a_bad_overlay_names_its_line_and_a_suggestion(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("version: 1.0.0\noperations:\n  listPet:\n    include: [id]\n")
    proc = mcpforge(
        "generate",
        str(SPECS / "petstore/openapi.yaml"),
        "--overlay",
        str(overlay),
        "--out",
        str(tmp_path / "out"),
    )
    assert proc.returncode == 1
    assert f"{overlay}:3" in proc.stderr and "listPets" in proc.stderr
    assert not (tmp_path / "out").exists()


def test_missing_spec_and_usage_errors(tmp_path: Path) -> None:
    proc = mcpforge("generate", str(tmp_path / "nope.yaml"))
    assert proc.returncode == 1 and "not found" in proc.stderr
    assert mcpforge("generate").returncode == 2
    assert mcpforge("frobnicate").returncode == 2


def test_bad_name_is_refused(tmp_path: Path) -> None:
    proc = mcpforge(
        "generate",
        str(SPECS / "petstore/openapi.yaml"),
        "--name",
        "Pet Store",
        "--out",
        str(tmp_path),
    )
    assert proc.returncode == 1 and "pet-store" in proc.stderr


def test_init_prints_a_starter_overlay_that_generates_cleanly(tmp_path: Path) -> None:
    proc = mcpforge("init", str(SPECS / "petstore/openapi.yaml"))
    assert proc.returncode == 0, proc.stderr
    data = yaml.safe_load(proc.stdout)
    assert "listPets" in data["operations"]
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(proc.stdout)
    gen = mcpforge(
        "generate",
        str(SPECS / "petstore/openapi.yaml"),
        "--overlay",
        str(overlay),
        "--out",
        str(tmp_path / "out"),
    )
    assert gen.returncode == 0, gen.stderr
    assert "warning" not in gen.stderr


def test_refuses_to_overwrite_a_foreign_directory(tmp_path: Path) -> None:
    (tmp_path / "petstore-mcp").mkdir()
    (tmp_path / "petstore-mcp/notes.txt").write_text("mine")
    proc = mcpforge(
        "generate",
        str(SPECS / "petstore/openapi.yaml"),
        "--name",
        "petstore",
        "--out",
        str(tmp_path),
    )
    assert proc.returncode == 1 and "did not generate" in proc.stderr
    assert (tmp_path / "petstore-mcp/notes.txt").read_text() == "mine"
