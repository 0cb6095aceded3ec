"""The ``e2e`` marker declared in pyproject.toml selects exactly the tests under tests/e2e."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _collected(*args: str) -> list[str]:
    """The node ids ``pytest --collect-only`` lists for ``args``, run from the repository."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode in (0, 5), done.stdout + done.stderr  # 5: everything deselected
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_not_e2e_deselects_every_e2e_test() -> None:
    # Two e2e modules with no heavy fixtures at import, and one test file outside tests/e2e.
    e2e = ["tests/e2e/test_long_enums.py", "tests/e2e/test_server_command_line.py"]
    outside = "tests/test_decisions.py"
    kept = _collected("-m", "not e2e", *e2e, outside)
    assert kept, "the tests outside tests/e2e stay"
    assert all(node.startswith(f"{outside}::") for node in kept), kept
    chosen = _collected("-m", "e2e", *e2e, outside)
    assert chosen and all(node.startswith("tests/e2e/") for node in chosen), chosen
