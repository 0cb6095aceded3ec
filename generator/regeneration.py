"""Checks when a package is generated over a previous one: breaking changes and the snapshot.

- The previous package's ``spec.json`` is compared with the new one (``generator.diff``): breaking
  changes while the version stays on the same compatibility line (same major; same minor below
  1.0.0) give a ``BREAKING_CHANGE_SAME_MAJOR`` warning.
- The tools snapshot is kept unless ``--update-snapshot``; a kept snapshot that no longer matches
  the tool surface gives a ``SNAPSHOT_OUTDATED`` warning (the package's own tests will fail).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic, Severity
from .diff.compare import compare_surfaces
from .diff.semver import next_version, same_compatibility_line
from .diff.surface import package_spec_json, surface_from_data

MAX_LISTED = 5


def previous_spec_data(target: Path) -> dict[str, Any] | None:
    """The ``spec.json`` of the package already at ``target``, if it is readable."""
    path = package_spec_json(target) if target.is_dir() else None
    if path is None:
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and "tools" in data else None


def breaking_change_warnings(
    target: Path, new_data: dict[str, Any], old_data: dict[str, Any] | None = None
) -> list[Diagnostic]:
    old_data = old_data if old_data is not None else previous_spec_data(target)
    if old_data is None:
        return []
    old = surface_from_data(old_data, "previous package")
    new = surface_from_data(new_data, "this generation")
    breaking = [c for c in compare_surfaces(old, new) if c.breaking]
    if not breaking or not same_compatibility_line(old.version, new.version):
        return []
    listed = "; ".join(
        f"{c.kind} {c.tool}" + (f" ({c.detail})" if c.detail else "") for c in breaking[:MAX_LISTED]
    )
    more = f" and {len(breaking) - MAX_LISTED} more" if len(breaking) > MAX_LISTED else ""
    suggested = next_version(old.version, "major")
    return [
        Diagnostic(
            Severity.WARNING,
            "BREAKING_CHANGE_SAME_MAJOR",
            f"{len(breaking)} breaking tool changes since the previous package but the version"
            f" stays {new.version} (was {old.version}): {listed}{more}",
            file=str(target),
            hint=(
                f"set `version: {suggested}` in the overlay or pass --version {suggested}"
                if suggested
                else "bump the major version in the overlay or with --version"
            )
            + "; `mcpforge diff` lists every change",
        )
    ]


def snapshot_warnings(target: Path, stale: tuple[str, ...]) -> list[Diagnostic]:
    return [
        Diagnostic(
            Severity.WARNING,
            "SNAPSHOT_OUTDATED",
            f"the tool surface changed; {name} was kept, so the package's tests will fail until"
            " it is updated",
            file=str(target / name),
            hint="review the change (`mcpforge diff`), then accept it: run the same generate"
            " command with --update-snapshot, or `UPDATE_TOOLS_SNAPSHOT=1 pytest"
            " tests/test_tools_snapshot.py` in the package",
        )
        for name in stale
    ]
