"""The committed example packages build (sdist + wheel), pass ``twine check``, ship what they
need, and their ``server.json`` is valid for the MCP registry and in step with pyproject."""

import ast
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import jsonschema
import pytest
import yaml

from tests.support.paths import GENERATED

SCHEMA = Path(__file__).with_name("server.schema.json")
PACKAGES = sorted(p.name for p in GENERATED.iterdir() if (p / "pyproject.toml").is_file())


def run(cmd: list[str], cwd: Path) -> str:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, f"{cmd}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc.stdout


@pytest.fixture(scope="module", params=PACKAGES)
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package (generated/ stays clean) with its dist/ built."""
    root = tmp_path_factory.mktemp("build") / request.param
    shutil.copytree(GENERATED / request.param, root)
    # --no-isolation: hatchling comes from this environment (no network needed).
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", "dist", "."], root)
    return root


def _dist(root: Path, suffix: str) -> Path:
    (found,) = (root / "dist").glob(f"*{suffix}")
    return found


def _project(root: Path) -> dict:
    return tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_twine_check_passes(built: Path) -> None:
    out = run(
        [sys.executable, "-m", "twine", "check", "--strict", *map(str, (built / "dist").iterdir())],
        built,
    )
    assert out.count("PASSED") == 2


def test_the_wheel_ships_the_server_and_its_metadata_is_complete(built: Path) -> None:
    project = _project(built)
    package = project["name"].replace("-", "_")
    with zipfile.ZipFile(_dist(built, ".whl")) as wheel:
        names = set(wheel.namelist())
        (meta_name,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        meta = Parser().parsestr(wheel.read(meta_name).decode())
    for required in ("spec.json", "py.typed", "hooks.py", "server.py", "__main__.py"):
        assert f"{package}/{required}" in names, required
    for runtime in (
        "executor.py",
        "mcp/mcp_adapter.py",
        "mcp/surface.py",
        "upstream/hooks.py",
        "model.py",
    ):
        assert f"{package}/runtime/{runtime}" in names, runtime
    assert not any(n.startswith("tests/") for n in names)
    assert meta["Name"] == project["name"] and meta["Version"] == project["version"]
    assert meta["Requires-Python"] == ">=3.11"
    assert meta["License-Expression"] == project["license"]
    assert meta["Summary"] and meta["Description-Content-Type"] == "text/markdown"
    classifiers = meta.get_all("Classifier", [])
    assert (
        "Typing :: Typed" in classifiers and "Programming Language :: Python :: 3.11" in classifiers
    )
    requires = [r for r in meta.get_all("Requires-Dist", []) if "extra ==" not in r]
    assert requires and all("<" in r for r in requires), requires  # every dependency pins a major


def test_the_sdist_carries_tests_snapshot_server_json_and_ci(built: Path) -> None:
    with tarfile.open(_dist(built, ".tar.gz")) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    for required in (
        "server.json",
        "README.md",
        "tests/tools_snapshot.json",
        "tests/test_tools_snapshot.py",
        ".github/workflows/ci.yml",
    ):
        assert required in names, required


def test_server_json_is_valid_and_in_step_with_pyproject(built: Path) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    server = json.loads((built / "server.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(server), key=lambda e: list(e.path))
    assert errors == [], [f"{list(e.path)}: {e.message}" for e in errors]
    assert server["$schema"] == schema["$id"]
    project = _project(built)
    (package,) = server["packages"]
    assert package["registryType"] == "pypi" and package["identifier"] == project["name"]
    assert package["transport"] == {"type": "stdio"}
    # One version everywhere: pyproject, server.json (twice), __init__, spec.json.
    pkg_dir = built / "src" / project["name"].replace("-", "_")
    init = ast.parse((pkg_dir / "__init__.py").read_text(encoding="utf-8"))
    init_version = next(
        ast.literal_eval(n.value)
        for n in init.body
        if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "__version__"
    )
    spec_version = json.loads((pkg_dir / "spec.json").read_text())["server"]["version"]
    versions = {project["version"], server["version"], package["version"], init_version}
    assert versions == {spec_version}
    marker = re.search(r"<!-- mcp-name: (\S+) -->", (built / "README.md").read_text())
    assert marker and marker.group(1) == server["name"]


def test_the_ci_workflow_tests_and_publishes_with_trusted_publishing(built: Path) -> None:
    workflow = yaml.safe_load((built / ".github/workflows/ci.yml").read_text(encoding="utf-8"))
    triggers = workflow[True] if True in workflow else workflow["on"]  # YAML 1.1 reads on: as True
    assert "push" in triggers and triggers["push"]["tags"] == ["v*"]
    jobs = workflow["jobs"]
    assert any("pytest" in step.get("run", "") for step in jobs["test"]["steps"])
    publish = jobs["publish"]
    assert publish["if"].startswith("startsWith(github.ref, 'refs/tags/v')")
    assert publish["permissions"] == {"id-token": "write"}
    assert any(
        step.get("uses", "").startswith("pypa/gh-action-pypi-publish@") for step in publish["steps"]
    )
    assert not any("password" in json.dumps(step) for step in publish["steps"])  # no token
