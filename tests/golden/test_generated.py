"""Golden tests: generated/ is exactly what the generator makes now, deterministically, and
every committed package passes its own generated tests."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.examples import examples, regen
from tests.support.own_tests import run_own_tests
from tests.support.paths import GENERATED, REPO, SPECS


def test_generated_is_current() -> None:
    problems = regen(check=True)
    assert problems == [], "\n".join(problems[:80]) + "\nrun: python -m generator.examples"


def test_every_example_in_the_manifest_is_committed() -> None:
    names = {ex.name for ex in examples()}
    assert {"petstore", "notion", "github"} <= names
    assert {p.name for p in GENERATED.iterdir() if p.is_dir()} == {f"{n}-mcp" for n in names}


def _generate(out: Path, seed: str) -> dict[str, bytes]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    cmd = [
        sys.executable,
        "-m",
        "generator",
        "generate",
        str(SPECS / "notion/openapi.json"),
        "--overlay",
        str(SPECS / "notion/overlay.yaml"),
        "--out",
        str(out),
    ]
    subprocess.run(cmd, check=True, cwd=REPO, env=env, capture_output=True)
    root = out / "notion-mcp"
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_output_is_byte_identical_under_different_hash_seeds(tmp_path: Path) -> None:
    first = _generate(tmp_path / "a", "1")
    second = _generate(tmp_path / "b", "4242")
    assert first == second
    third = _generate(tmp_path / "a", "99")  # regenerating in place changes nothing either
    assert third == first


@pytest.mark.parametrize("package", sorted(p.name for p in GENERATED.iterdir() if p.is_dir()))
def test_generated_package_passes_its_own_tests(package: str) -> None:
    proc = run_own_tests(GENERATED / package)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    summary = proc.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "skipped" not in summary, proc.stdout[-3000:]
