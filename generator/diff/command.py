"""``mcpforge diff OLD NEW [--overlay FILE] [--changelog FILE]``: print, optionally record.

An overlay serves both sides (or ``--old-overlay`` the old one). An entry naming an operation
one side lacks is expected across versions: an operation the new description dropped (or
renamed), or one only the new description has. Those are warnings listed in the report, with
what to do; an entry neither side knows is a mistake in the overlay and fails the diff.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

from ..diagnostics import Diagnostic, GenerationError, Severity
from .compare import compare_surfaces, renames
from .load import load_surface
from .report import changelog_entry, prepend_changelog, render_text
from .surface import Surface


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
    warnings = overlay_warnings(old, new)
    changes = compare_surfaces(old, new)
    sys.stdout.write(render_text(old, new, changes, warnings))
    if changelog:
        prepend_changelog(Path(changelog), changelog_entry(old, changes))
        print(f"changelog entry written to {changelog}", file=sys.stderr)
    return 0


def overlay_warnings(old: Surface, new: Surface) -> list[Diagnostic]:
    """The overlay entries one side does not know, judged against the other side; raises
    GenerationError for those neither side knows."""
    renamed = renames(old, new)
    unknown: list[Diagnostic] = []
    warnings: list[Diagnostic] = []
    for key, found in new.unknown_overlay_keys:
        if not old.knows(key):
            unknown.append(dataclasses.replace(found, severity=Severity.ERROR))
            continue
        tool = key if key in old.tools else _tool_of(old, key)
        now = renamed.get(tool)
        hint = (
            f"the operation is now {new.tools[now].operation_id or now}: key the entry by that"
            if now
            else "remove the entry (the operation is gone)"
        )
        warnings.append(
            dataclasses.replace(
                found,
                code="OVERLAY_OPERATION_DROPPED",
                message=f"{key!r} is in {old.source} but not in {new.source}: "
                + ("it was renamed" if now else "the new description dropped it"),
                hint=hint,
            )
        )
    for key, found in old.unknown_overlay_keys:
        if not new.knows(key):
            unknown.append(dataclasses.replace(found, severity=Severity.ERROR))
    if unknown:
        raise GenerationError(unknown)
    return warnings


def _tool_of(surface: Surface, operation_id: str) -> str:
    return next((t.name for t in surface.tools.values() if t.operation_id == operation_id), "")
