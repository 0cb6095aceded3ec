"""One line per change, not per tool and nesting level: a change to a schema that several tools
return (or that nests in itself: ``parent.parent.stars_count``) is reported once, with the
tools and paths it touches.

Changes are the same change when they have the same kind, the same words (a response field's
last key and its types; an argument's name) and, for a response field, the same owner: the
other members of the object holding it overlap by at least ``SAME_OWNER`` of the smaller set
(a recursive schema cut short deep down still counts as itself).
"""

from __future__ import annotations

from dataclasses import dataclass

from .compare import Change

SAME_OWNER = 0.8
FIELD_KINDS = frozenset({"response_field_removed", "response_field_added", "response_type_changed"})
TOOLS_SHOWN = 4
PATHS_SHOWN = 3


@dataclass
class Grouped:
    """A change and every tool (and response path) it touches."""

    kind: str
    words: str  # the detail with a response path reduced to its last key
    breaking: bool
    owner: frozenset[str]
    tools: list[str]
    paths: list[str]

    @property
    def detail(self) -> str:
        if not self.paths or self.paths == [self.words.split(":", 1)[0]]:
            return self.words
        shown = sorted(self.paths, key=lambda p: (p.count("."), p))
        listed = ", ".join(shown[:PATHS_SHOWN])
        more = len(shown) - PATHS_SHOWN
        return f"{self.words} (at {listed}{f' and {more} more' if more > 0 else ''})"

    @property
    def tool(self) -> str:
        listed = ", ".join(self.tools[:TOOLS_SHOWN])
        more = len(self.tools) - TOOLS_SHOWN
        return listed + (f" and {more} more tools" if more > 0 else "")

    def line(self) -> str:
        mark = "BREAKING" if self.breaking else "ok"
        head = f"[{mark}] {self.kind}: {self.tool}"
        return f"{head}: {self.detail}" if self.detail else head


def _words(change: Change) -> tuple[str, str]:
    """(the words grouped on, the response path) of a change."""
    if change.kind not in FIELD_KINDS:
        return change.detail, ""
    path, sep, rest = change.detail.partition(":")
    return path.rsplit(".", 1)[-1] + sep + rest, path


def _same_owner(a: frozenset[str], b: frozenset[str]) -> bool:
    if not a or not b:
        return a == b
    return len(a & b) >= SAME_OWNER * min(len(a), len(b))


def group_changes(changes: list[Change]) -> list[Grouped]:
    """The changes, each once, in the order they were first found."""
    groups: list[Grouped] = []
    for change in changes:
        words, path = _words(change)
        found = next(
            (
                g
                for g in groups
                if (g.kind, g.words, g.breaking) == (change.kind, words, change.breaking)
                and _same_owner(g.owner, change.owner)
            ),
            None,
        )
        if found is None:
            found = Grouped(change.kind, words, change.breaking, change.owner, [], [])
            groups.append(found)
        if change.tool not in found.tools:
            found.tools.append(change.tool)
        if path and path not in found.paths:
            found.paths.append(path)
    return groups
