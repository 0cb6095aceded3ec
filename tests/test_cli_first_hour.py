"""A new user's first hour with the command line: clear errors, honest help, no tracebacks."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import REPO, SPECS

PETSTORE = str(SPECS / "petstore/openapi.yaml")
VERBS = ("generate", "init", "report", "diff", "preview")


def mcpforge(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_out_naming_a_file_is_a_clear_error(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("mine")
    for out in (afile, afile / "sub"):
        proc = mcpforge("generate", PETSTORE, "--out", str(out))
        assert proc.returncode == 1, proc.stderr
        assert "Traceback" not in proc.stderr
        assert f"{afile} is a file, not a directory" in proc.stderr
    assert afile.read_text() == "mine"


def test_a_directory_given_as_spec_says_so(tmp_path: Path) -> None:
    proc = mcpforge("generate", str(SPECS / "petstore"), "--out", str(tmp_path))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "is a directory" in proc.stderr and "not found" not in proc.stderr


def test_an_unwritable_out_is_a_clear_error(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o555)
        out, reason = locked / "deep", "Permission denied"
    elif Path("/sys/kernel").is_dir():  # root may write anywhere but in sysfs
        out, reason = Path("/sys/mcpforge-first-hour"), "Operation not permitted"
    else:
        pytest.skip("running as root without sysfs: no folder here refuses a new directory")
    proc = mcpforge("generate", PETSTORE, "--out", str(out))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert f"cannot create the output directory: {reason}" in proc.stderr


def test_help_is_plain_text_and_every_verb_shows_an_example() -> None:
    top = mcpforge("--help")
    assert top.returncode == 0
    assert "``" not in top.stdout and "regen" not in top.stdout
    for verb in VERBS:
        assert verb in top.stdout
        proc = mcpforge(verb, "--help")
        assert proc.returncode == 0
        assert "examples:\n  mcpforge " + verb in proc.stdout, proc.stdout
        assert "``" not in proc.stdout
    spec_help = " ".join(mcpforge("generate", "--help").stdout.split())
    assert "OpenAPI 3.0/3.1/3.2 or Swagger 2.0" in spec_help and "GraphQL schema" in spec_help


def test_init_points_to_a_reference_that_ships_with_mcpforge() -> None:
    starter = mcpforge("init", PETSTORE)
    assert starter.returncode == 0
    assert "Reference: mcpforge init --format" in starter.stdout
    assert "generator/overlays" not in starter.stdout
    reference = mcpforge("init", "--format")
    assert reference.returncode == 0, reference.stderr
    assert reference.stdout == (REPO / "generator/overlays/FORMAT.md").read_text()
    assert mcpforge("init").returncode == 2  # neither a spec nor --format


def test_the_examples_command_refuses_outside_the_repository(tmp_path: Path) -> None:
    for command in (["-m", "generator.examples", "--check"], ["-m", "generator", "regen"]):
        proc = subprocess.run(
            [sys.executable, *command], cwd=tmp_path, capture_output=True, text=True, timeout=60
        )
        assert proc.returncode == 1, proc.stderr
        assert "run this inside the repository" in proc.stderr
    moved = mcpforge(
        "regen", "--check", "petstore"
    )  # the deprecated alias still works, and says so
    assert "moved to `python -m generator.examples`" in moved.stderr
    assert moved.returncode == 0 and "generated/ is up to date" in moved.stdout


def test_generated_folders_and_files_have_the_usual_modes(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        proc = mcpforge("generate", PETSTORE, "--name", "petstore", "--out", str(tmp_path))
    finally:
        os.umask(old)
    assert proc.returncode == 0, proc.stderr
    root = tmp_path / "petstore-mcp"
    for path in [root, *root.rglob("*")]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o755 if path.is_dir() else 0o644), (path, oct(mode))
