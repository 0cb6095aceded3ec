"""Running a generated package's own tests, as its user would after generating it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_own_tests(root: Path) -> subprocess.CompletedProcess[str]:
    """``pytest`` over ``root/tests`` with the package's ``src`` importable (not installed)."""
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "tests"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
