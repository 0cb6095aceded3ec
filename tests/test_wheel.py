"""What users install: the mcpforge wheel holds the generator, its templates and references,
and not the benchmarks (they stay in the repository); nothing it runs needs them."""

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

from tests.support.paths import REPO, SPECS

# Run with the unpacked wheel first on sys.path and ``generator.bench`` made unimportable:
# import every module of the wheel, then generate a package with it.
PROBE = """
import importlib, importlib.abc, sys
site, names, spec, out = sys.argv[1], sys.argv[2].split(","), sys.argv[3], sys.argv[4]
sys.path.insert(0, site)

class NoBench(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "generator.bench" or name.startswith("generator.bench."):
            raise ImportError(f"{name} is not installed (benchmarks stay in the repository)")
        return None

sys.meta_path.insert(0, NoBench())
for name in names:
    module = importlib.import_module(name)
    assert module.__file__.startswith(site), (name, module.__file__)
from generator.cli import main
raise SystemExit(main(["generate", spec, "--name", "petstore", "--out", out]))
"""


def test_the_wheel_has_no_benchmarks_and_works_without_them(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = tmp_path.glob("mcpforge-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(tmp_path / "site")
    assert [n for n in names if n.startswith("generator/bench")] == []
    assert "generator/_templates/package/README.md.j2" in names
    assert "generator/overlays/FORMAT.md" in names  # `mcpforge init --format` prints it
    modules = sorted(
        n.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for n in names
        if n.startswith("generator/") and n.endswith(".py") and not n.endswith("__main__.py")
    )  # (generator/__main__.py runs the command line when imported)
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            PROBE,
            str(tmp_path / "site"),
            ",".join(modules),
            str(SPECS / "petstore/openapi.yaml"),
            str(tmp_path / "out"),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert probe.returncode == 0, probe.stderr[-3000:]
    assert (tmp_path / "out/petstore-mcp/src/petstore_mcp/spec.json").is_file()


def test_no_module_outside_the_benchmarks_imports_them() -> None:
    importers = []
    for path in sorted((REPO / "generator").rglob("*.py")):
        if "bench" in path.relative_to(REPO / "generator").parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                target = "." * node.level + (node.module or "")
                names = [target] + [f"{target}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            if any("bench" in n.split(".") for n in names):
                importers.append(f"{path.relative_to(REPO)}: {names[0]}")
    assert importers == []
