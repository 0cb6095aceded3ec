"""Render a diff for people: a terminal report and a CHANGELOG entry (no dates: deterministic)."""

from __future__ import annotations

from pathlib import Path

from ..diagnostics import Diagnostic
from .compare import Change
from .group import Grouped, group_changes
from .semver import next_version, suggest_bump
from .surface import Surface


def render_text(
    old: Surface, new: Surface, changes: list[Change], warnings: list[Diagnostic] | None = None
) -> str:
    """The report; ``warnings`` (overlay entries for operations one side lacks) come after the
    changes, each with where it is and what to do."""
    bump = suggest_bump(changes)
    groups = group_changes(changes)
    breaking = sum(g.breaking for g in groups)
    touched = len({c.tool for c in changes})
    lines = [
        f"{old.source} ({len(old.tools)} tools) -> {new.source} ({len(new.tools)} tools)",
        f"{len(groups)} changes, {breaking} breaking"
        + (f", touching {touched} tool{'s' if touched != 1 else ''}" if changes else ""),
    ]
    lines += [g.line() for g in groups]
    target = next_version(old.version, bump) if old.version else None
    advice = f"suggested version bump: {bump}"
    if target and bump != "none":
        advice += f" ({old.version} -> {target})"
    if any(c.kind == "tool_renamed" for c in changes):
        advice += "; a rename is not breaking when the old name is kept (tool_name, as above)"
    notes = []
    for w in warnings or []:
        notes.append(f"warning: {w.where()}: {w.code}: {w.message}")
        if w.hint:
            notes.append(f"    hint: {w.hint}")
    if notes:
        notes.insert(0, f"{len(warnings or [])} overlay warning(s):")
    return "\n".join(lines + [advice] + notes) + "\n"


def changelog_entry(old: Surface, changes: list[Change], version: str | None = None) -> str:
    """A Keep-a-Changelog section for these changes."""
    bump = suggest_bump(changes)
    version = version or next_version(old.version, bump) or "Unreleased"
    sections: dict[str, list[Grouped]] = {"Added": [], "Changed": [], "Removed": []}
    for c in group_changes(changes):
        sections[_section(c.kind)].append(c)
    out = [f"## [{version}]", ""]
    if not changes:
        out += ["No changes to the tools.", ""]
    for title, items in sections.items():
        if items:
            out += [f"### {title}"] + [_item(c) for c in items] + [""]
    return "\n".join(out)


def _section(kind: str) -> str:
    """Keep a Changelog's section for a change: what it does, whether it breaks or not."""
    if kind.endswith("_removed"):
        return "Removed"
    if kind.endswith("_added"):
        return "Added"
    return "Changed"


def _item(change: Grouped) -> str:
    mark = "**breaking** " if change.breaking else ""
    tools = ", ".join(f"`{t}`" for t in change.tools)
    return f"- {mark}{tools}: {_words(change)}"


def _words(change: Grouped) -> str:
    text = change.kind.replace("_", " ")
    return f"{text}: {change.detail}" if change.detail else text


def prepend_changelog(path: Path, entry: str) -> None:
    """Insert ``entry`` before the first released version section (after any Unreleased one)."""
    if not path.exists():
        path.write_text("# Changelog\n\n" + entry, encoding="utf-8")
        return
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = len(lines)
    for i, line in enumerate(lines):
        if line.startswith("## ") and "unreleased" not in line.lower():
            at = i
            break
    block = entry if entry.endswith("\n") else entry + "\n"
    if at < len(lines) and not block.endswith("\n\n"):
        block += "\n"  # a blank line before the next heading
    if at == len(lines) and lines and not lines[-1].endswith("\n"):
        block = "\n" + block
    if at > 0 and lines[at - 1].strip():
        block = "\n" + block
    path.write_text("".join(lines[:at]) + block + "".join(lines[at:]), encoding="utf-8")
