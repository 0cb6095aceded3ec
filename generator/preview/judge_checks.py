"""The judge's named checks of what a user sees: their names, their tallies, their findings.

``judge.py`` has fixed counters for its first checks (payload lists, labels, identities) and
``judge_answers.py`` for the answer checks; the checks listed in ``CHECKS`` are enumerable
instead: every verdict carries one ``Check`` per name (``judged``, ``kept``), so a report can
give each a row or a column without knowing them (``bench/breadth_report.py``). The verdict
stores them in a ``Seen`` record made from ``CHECKS``: for each name two integer fields,
``<name>`` (judged) then ``<name>_kept`` (spaces as ``_``: ``path_identities``,
``path_identities_kept``), the convention a reader of the verdict's fields counts by. A check whose
misses are *notices* (``Spec.fails`` False) reports them apart: they do not break ``preview
--check``. Each miss is a ``Finding``: where (a path such as ``items[3].assignee``), what was
lost, and the field path an overlay would name to fix it (``include``: keep it; ``exclude``:
leave it out).

Also the walk the checks share: the body and the shaped result side by side, member by
member (the runtime keeps the original nesting: ``overlays/FORMAT.md``), list items paired in
order. Written apart from the shaping rules: nothing here imports ``runtime/shaping``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, make_dataclass, replace
from typing import Any, Iterator

Path = tuple[str | int, ...]
MAX_DEPTH = 8


@dataclass(frozen=True)
class Spec:
    name: str
    says: str  # what a kept result does, for the reports' legends
    fails: bool = True  # a miss breaks ``preview --check`` (else: a notice)


CHECKS: tuple[Spec, ...] = (
    Spec("people", "a person keeps a handle or a name, never only times"),
    Spec("path identities", "an object keeps the member its path parameter names"),
    Spec("schema siblings", "lists and objects of one schema keep the same members"),
    Spec("series", "a list of numbers or arrays the operation answers is kept"),
    Spec("encodings left out", "byte arrays, embeddings, logprobs left out of concise results"),
    Spec("encodings noted", "an encoding left out is named in a note", fails=False),
    Spec("generated records", "a generation's records keep their type, figures and own members"),
    Spec("table columns", "rows of positional cells keep their columns' names"),
    Spec("secrets hidden", "a read or a search does not show a credential it merely carries"),
    Spec("pairs", "one side of a pair (teams A and B, wins and losses) keeps the other"),
    Spec("named by its list", "an item of quotes keeps its quote, of ip_addresses its address"),
)
FAILING = frozenset(s.name for s in CHECKS if s.fails)


def field_name(check: str) -> str:
    """``path identities`` -> ``path_identities``: the check's field in ``Seen``."""
    return check.replace(" ", "_")


# judged, then kept, per check: ``people``, ``people_kept``, ``path_identities``, ...
Seen: Any = make_dataclass(
    "Seen",
    [
        (name, int, field(default=0))
        for s in CHECKS
        for name in (field_name(s.name), f"{field_name(s.name)}_kept")
    ],
)
Seen.__module__ = __name__  # picklable: the directory benchmark's workers send verdicts back


@dataclass(frozen=True)
class Check:
    name: str
    judged: int = 0
    kept: int = 0


@dataclass(frozen=True)
class Finding:
    check: str
    where: str  # ``items[3].assignee``
    message: str  # what was lost, for people
    fields: tuple[str, ...] = ()  # the overlay field paths that fix it
    action: str = "include"  # include | exclude
    pattern: str = ""  # the loss without its place, to count alike ones across calls

    def __str__(self) -> str:
        return f"{self.check}: {self.message}"


@dataclass
class Tally:
    """Counts of one verdict, by check name, while the checks run."""

    judged: dict[str, int] = field(default_factory=lambda: {s.name: 0 for s in CHECKS})
    kept: dict[str, int] = field(default_factory=lambda: {s.name: 0 for s in CHECKS})
    findings: list[Finding] = field(default_factory=list)

    def count(self, name: str, kept: bool, finding: Finding | None = None) -> None:
        self.judged[name] += 1
        if kept:
            self.kept[name] += 1
        elif finding is not None:
            self.findings.append(finding)

    def seen(self) -> Any:
        """The counts as a ``Seen`` record."""
        counts = {}
        for s in CHECKS:
            counts[field_name(s.name)] = self.judged[s.name]
            counts[f"{field_name(s.name)}_kept"] = self.kept[s.name]
        return Seen(**counts)


def checks_of(seen: Any) -> tuple[Check, ...]:
    """The named checks of a ``Seen`` record, in ``CHECKS`` order."""
    return tuple(
        Check(
            s.name, getattr(seen, field_name(s.name)), getattr(seen, f"{field_name(s.name)}_kept")
        )
        for s in CHECKS
    )


_INDEX = re.compile(r"\[\d+\]")


def collapse(findings: list[Finding]) -> list[Finding]:
    """One finding per check and pattern: the same loss in every item of a list is said once,
    at its first item, with how many more items lost it."""
    groups: dict[tuple[str, str, str], list[Finding]] = {}
    for finding in findings:
        key = _INDEX.sub("[]", finding.where), finding.pattern or _INDEX.sub("[]", finding.message)
        groups.setdefault((finding.check, *key), []).append(finding)
    out = []
    for same in groups.values():
        first = same[0]
        places = len({f.where for f in same})
        more = f" (and {places - 1} more like it)" if places > 1 else ""
        fields = tuple(dict.fromkeys(x for f in same for x in f.fields))
        out.append(replace(first, message=first.message + more, fields=fields))
    return out


def where(path: Path) -> str:
    """``("items", 3, "assignee")`` -> ``items[3].assignee``; ``()`` -> ``(body)``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(body)"


def field_path(path: Path, base: Path = ()) -> str:
    """The overlay's field path of ``path``, relative to the judged object at ``base`` (list
    indexes left out: ``labels.name`` applies to every element)."""
    rest = path[len(base) :] if path[: len(base)] == base else path
    return ".".join(p for p in rest if isinstance(p, str))


def walk(
    body: Any, shaped: Any, path: Path = (), depth: int = 0
) -> Iterator[tuple[Path, Any, Any]]:
    """Every node of ``body`` with its counterpart in ``shaped`` (None: not kept), in document
    order: an object's members by key, a list's items in order."""
    yield path, body, shaped
    if depth >= MAX_DEPTH:
        return
    if isinstance(body, dict):
        for key, value in body.items():
            sub = shaped.get(key) if isinstance(shaped, dict) else None
            yield from walk(value, sub, (*path, key), depth + 1)
    elif isinstance(body, list):
        for n, value in enumerate(body):
            sub = shaped[n] if isinstance(shaped, list) and n < len(shaped) else None
            yield from walk(value, sub, (*path, n), depth + 1)


def member_paths(value: Any, prefix: str = "") -> set[str]:
    """Dot paths of the values ``value`` carries (null and empty strings are said by nothing:
    concise results leave them out), list items sharing their list's path."""
    out: set[str] = set()
    if isinstance(value, dict):
        for key, sub in value.items():
            out |= member_paths(sub, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, list):
        for sub in value:
            out |= member_paths(sub, prefix)
    elif value is not None and value != "" and prefix:
        out.add(prefix)
    return out
