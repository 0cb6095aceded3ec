"""After an overlay edit, the package's snapshot test says the one command that accepts the
new tool surface, and that command works."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from generator.pipeline import generate
from tests.support.paths import SPECS

ACCEPT = "UPDATE_TOOLS_SNAPSHOT=1 pytest tests/test_tools_snapshot.py"


def _snapshot_test(package: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PETSTORE_")}
    env.update(PYTHONPATH=str(package / "src"), **extra)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
         "tests/test_tools_snapshot.py"],
        cwd=package, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def test_the_snapshot_test_names_the_command_that_accepts_the_new_surface(
    tmp_path: Path,
) -> None:
    spec = SPECS / "petstore" / "openapi.yaml"
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("operations: {listPets: {tool_name: list_pets}}\n")
    package, _ = generate(spec, tmp_path / "out", overlay_path=overlay, name="petstore")
    overlay.write_text("operations: {listPets: {tool_name: pets}}\n")  # the user's next edit
    _, result = generate(spec, tmp_path / "out", overlay_path=overlay, name="petstore")
    (stale,) = [d for d in result.diagnostics if d.code == "SNAPSHOT_OUTDATED"]
    assert stale.hint is not None and ACCEPT in stale.hint

    failing = _snapshot_test(package)
    assert failing.returncode == 1
    assert "tool added: pets" in failing.stdout and f"accept it: {ACCEPT}" in failing.stdout
    accepted = _snapshot_test(package, UPDATE_TOOLS_SNAPSHOT="1")
    assert accepted.returncode == 0, accepted.stdout
    assert '"name": "pets"' in (package / "tests" / "tools_snapshot.json").read_text()
    assert _snapshot_test(package).returncode == 0
