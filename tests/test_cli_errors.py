"""Every command line behaves like a good CLI: plain-text help, internal commands hidden, one
error form (``PROG: error: FILE:LINE ...``) and one exit-code scheme (0 ok, 1 the input is wrong
or a check failed, 2 usage), and no "nothing was written" from a command that never writes."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import REPO, SPECS

PETSTORE = str(SPECS / "petstore/openapi.yaml")
ONE_FORM = re.compile(r"^mcpforge: (error|warning|info): ")
BENCHMARKS = sorted(
    p.stem
    for p in (REPO / "generator/bench").glob("*.py")
    if "\ndef main(" in p.read_text(encoding="utf-8")
)


def run(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def mcpforge(*args: str) -> subprocess.CompletedProcess[str]:
    return run("-m", "generator", *args)


def problems(stderr: str) -> list[str]:
    """The lines reporting a problem (hints, usage and diagnostics' continuation lines aside)."""
    return [
        line
        for line in stderr.splitlines()
        if line and not line.startswith((" ", "usage:", "(")) and not line[0].isspace()
    ]


def test_every_benchmark_and_maintainer_command_has_plain_text_help() -> None:
    assert {"breadth", "generation", "shaping", "surface", "load"} <= set(BENCHMARKS)
    for module in [f"generator.bench.{b}" for b in BENCHMARKS] + ["generator.examples"]:
        proc = run("-m", module, "--help")
        assert proc.returncode == 0, (module, proc.stderr)
        assert proc.stdout.startswith(f"usage: python -m {module} "), proc.stdout[:80]
        assert "``" not in proc.stdout and ":class:" not in proc.stdout, module
        assert "**" not in proc.stdout, module
        assert _undocumented(proc.stdout.split("options:", 1)[1]) == [], module


def _undocumented(options: str) -> list[str]:
    """Options listed with no help text (neither on their line nor on the next one)."""
    lines = options.splitlines() + [""]
    bare = []
    for line, after in zip(lines, lines[1:]):
        if re.fullmatch(r"  (-\w, )?--[\w-]+(?: \S+)?\s*", line):
            if not re.match(r" {6,}\S", after) or after.lstrip().startswith("-"):
                bare.append(line.strip())
    return bare


def test_an_unknown_command_is_a_usage_error_that_offers_only_the_public_ones() -> None:
    proc = mcpforge("frobnicate")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert problems(proc.stderr) == [
        "mcpforge: error: argument COMMAND: invalid choice: 'frobnicate' (choose from "
        "'generate', 'init', 'report', 'diff', 'preview') (see mcpforge --help)"
    ]
    assert "regen" not in proc.stderr and "regen" not in mcpforge("--help").stdout


@pytest.mark.parametrize(
    "args",
    [
        ("generate",),  # SPEC missing
        ("generate", PETSTORE, "--mode", "huge"),  # not a choice
        ("report", PETSTORE, "--top", "many"),  # not an integer
        ("diff", PETSTORE),  # NEW missing
        ("preview", PETSTORE, "--frobnicate"),  # unknown option
        ("init",),  # neither a SPEC nor --format
    ],
)
def test_usage_errors_exit_2_in_the_one_form(args: tuple[str, ...]) -> None:
    proc = mcpforge(*args)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = problems(proc.stderr)
    assert len(lines) == 1 and lines[0].startswith("mcpforge: error: "), proc.stderr


@pytest.fixture
def bad_overlay(tmp_path: Path) -> Path:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("operations:\n  listPetz:\n    include: [id]\n")
    return overlay


@pytest.mark.parametrize("verb", ["generate", "report", "preview", "diff"])
def test_a_wrong_input_exits_1_naming_file_and_line_and_only_generate_says_nothing_written(
    verb: str, bad_overlay: Path, tmp_path: Path
) -> None:
    args = {
        "generate": ("generate", PETSTORE, "--overlay", str(bad_overlay), "--out", str(tmp_path)),
        "report": ("report", PETSTORE, "--overlay", str(bad_overlay)),
        "preview": ("preview", PETSTORE, "--overlay", str(bad_overlay)),
        "diff": ("diff", PETSTORE, PETSTORE, "--overlay", str(bad_overlay)),
    }[verb]
    proc = mcpforge(*args)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = problems(proc.stderr)
    assert lines and all(ONE_FORM.match(line) for line in lines), proc.stderr
    assert (
        f"mcpforge: error: {bad_overlay}:2 at /operations/listPetz: OVERLAY_UNKNOWN_OPERATION: "
        in proc.stderr
    )
    assert "hint: did you mean 'listPets'?" in proc.stderr
    assert ("nothing was written" in proc.stderr) == (verb == "generate")
    assert proc.stdout == ""


def test_a_missing_file_and_an_unknown_tool_are_input_errors() -> None:
    for args in (("report", "/nonexistent/openapi.yaml"), ("init", "/nonexistent/openapi.yaml")):
        proc = mcpforge(*args)
        assert proc.returncode == 1 and "Traceback" not in proc.stderr
        assert problems(proc.stderr) == [
            "mcpforge: error: /nonexistent/openapi.yaml: SPEC_NOT_FOUND: spec file not found"
        ]
    proc = mcpforge("preview", PETSTORE, "--tool", "list_petz")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    lines = problems(proc.stderr)
    assert len(lines) == 1 and lines[0].startswith("mcpforge: error: ") and "list_pets" in lines[0]


def test_the_maintainer_and_benchmark_commands_use_the_same_form(tmp_path: Path) -> None:
    proc = run("-m", "generator.examples", "--check", cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.startswith("python -m generator.examples: error: run this inside")
    proc = run("-m", "generator.bench.breadth", str(tmp_path / "missing"), "--results", "-")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("python -m generator.bench.breadth: error: corpus directory")
