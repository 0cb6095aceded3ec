"""A URL given where mcpforge expects a file: one line that says to download it first."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import REPO, SPECS

URL = "https://api.example.org/v3/openapi.json"


def mcpforge(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "args",
    [
        ("generate", URL, "--out", "out"),
        ("init", URL),
        ("report", URL),
        ("preview", URL),
        ("diff", str(SPECS / "petstore/openapi.yaml"), URL),
    ],
    ids=lambda a: a[0],
)
def test_a_url_as_the_spec_says_download_it_first(tmp_path: Path, args: tuple[str, ...]) -> None:
    proc = mcpforge(*args, cwd=tmp_path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    first = proc.stderr.splitlines()[0]
    assert URL in first and "https:/api" not in proc.stderr
    assert "SPEC_NOT_FOUND" not in proc.stderr
    assert "download it first" in first and f"curl -fsSLo openapi.json '{URL}'" in first
    assert not (tmp_path / "out").exists()


def test_a_url_as_the_overlay_says_so_too(tmp_path: Path) -> None:
    spec = str(SPECS / "petstore/openapi.yaml")
    overlay = "https://example.org/overlay.yaml"
    proc = mcpforge("generate", spec, "--overlay", overlay, "--out", "out", cwd=tmp_path)
    assert proc.returncode == 1
    assert f"--overlay {overlay} is a URL" in proc.stderr and "download it first" in proc.stderr


def test_a_local_path_is_read_as_before() -> None:
    proc = mcpforge("init", "specs/petstore/openapi.yaml", cwd=REPO)
    assert proc.returncode == 0, proc.stderr
