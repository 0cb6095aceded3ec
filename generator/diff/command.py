"""``mcpforge diff OLD NEW [--overlay FILE] [--changelog FILE]``: print, optionally record."""

from __future__ import annotations

import sys
from pathlib import Path

from .compare import compare_surfaces
from .report import changelog_entry, prepend_changelog, render_text
from .load import load_surface


def run_diff(
    old_path: str,
    new_path: str,
    *,
    overlay: str | None = None,
    old_overlay: str | None = None,
    changelog: str | None = None,
) -> int:
    """Exit code 0 (the diff is a report; breaking changes are flagged in it, not an error)."""
    old = load_surface(old_path, old_overlay or overlay)
    new = load_surface(new_path, overlay)
    changes = compare_surfaces(old, new)
    sys.stdout.write(render_text(old, new, changes))
    if changelog:
        prepend_changelog(Path(changelog), changelog_entry(old, changes))
        print(f"changelog entry written to {changelog}", file=sys.stderr)
    return 0
