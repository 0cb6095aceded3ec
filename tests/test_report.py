"""``mcpforge report``: the tools/list cost of a spec, from the command line."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PETSTORE = REPO / "specs" / "petstore" / "openapi.yaml"


def mcpforge(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_report_prints_totals_largest_tools_and_a_warning_over_the_threshold(
    tmp_path: Path,
) -> None:
    done = mcpforge("report", str(PETSTORE), "--top", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(
        "swagger-petstore: 3 operations, mode per-op (rich surface), 4 tools"
    )
    assert lines[1].startswith("tools/list tokens (o200k, name+description+inputSchema): ")
    assert len([line for line in lines if line.startswith("  ")]) == 2
    assert "WARNING" not in done.stdout
    low = mcpforge("report", str(PETSTORE), "--threshold", "10")
    assert "WARNING: the total" in low.stdout and "--mode meta" in low.stdout


def test_report_applies_the_overlay_and_the_mode(tmp_path: Path) -> None:
    overlay = tmp_path / "o.yaml"
    overlay.write_text("name: pets\nselect: {include: [listPets]}\n")
    done = mcpforge("report", str(PETSTORE), "--overlay", str(overlay))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("pets: 1 operations, mode per-op (rich surface), 2 tools")
    meta = mcpforge("report", str(PETSTORE), "--mode", "meta")
    assert "mode meta (meta surface), 4 tools listed" in meta.stdout
    bad = mcpforge("report", str(tmp_path / "missing.yaml"))
    assert bad.returncode == 1 and "spec file not found" in bad.stderr
