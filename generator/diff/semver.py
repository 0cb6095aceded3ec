"""Semantic-version advice for a set of changes.

Breaking changes need a major bump, additions a minor one, anything else a patch. Below 1.0.0
the usual convention moves everything one place right: breaking -> minor (0.3.1 -> 0.4.0),
additions and the rest -> patch (0.3.1 -> 0.3.2).
"""

from __future__ import annotations

import re

from .compare import ADDITIVE, Change

BUMPS = ("none", "patch", "minor", "major")
_VERSION = re.compile(r"^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?")


def suggest_bump(changes: list[Change]) -> str:
    if any(c.breaking for c in changes):
        return "major"
    if any(c.kind in ADDITIVE for c in changes):
        return "minor"
    return "patch" if changes else "none"


def parse_version(version: str) -> tuple[int, int, int] | None:
    match = _VERSION.match(version.strip())
    if not match:
        return None
    return int(match.group(1)), int(match.group(2) or 0), int(match.group(3) or 0)


def next_version(version: str, bump: str) -> str | None:
    """The version after ``bump`` (None when ``version`` is not numeric)."""
    parsed = parse_version(version)
    if parsed is None:
        return None
    major, minor, patch = parsed
    if bump == "none":
        return version
    if major == 0:
        bump = {"major": "minor", "minor": "patch"}.get(bump, bump)
    if bump == "major":
        return f"{major + 1}.0.0"
    if bump == "minor":
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"


def same_compatibility_line(old: str, new: str) -> bool:
    """True when ``new`` does not announce a breaking change relative to ``old``.

    Same major version (same minor too below 1.0.0). Versions that are not numeric are taken
    as announcing nothing, so the check stays quiet for them only when they are equal.
    """
    a, b = parse_version(old), parse_version(new)
    if a is None or b is None:
        return old == new
    if a[0] != b[0]:
        return False
    return a[0] != 0 or a[1] == b[1]
