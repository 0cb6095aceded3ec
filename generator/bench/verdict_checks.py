"""The checks a judge's verdict exposes, read from its fields so new checks become new columns.

``preview/judge.py``'s ``Verdict`` (and the ``AnswerChecks`` of ``judge_answers.py`` it holds)
records each check as two integer fields, declared one after the other: how many objects the
check applied to, then how many of them kept what it asks for, named ``<something>_kept``
(``lists``/``lists_kept``, ``labelled``/``labels_kept``, ``resource``/``resource_kept``).
Boolean fields are flags raised on a whole result (``wrapper_only``). Nested dataclasses are
read the same way. A check the judge adds under that convention (``people``/``people_kept``,
a flag ``encodings_kept``) is counted by the benchmarks that use this module with no change
here.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

KEPT = "_kept"


@dataclass(frozen=True)
class Check:
    """One check: ``name`` (``lists kept``) and the verdict fields it reads."""

    name: str
    total: tuple[str, ...]  # attribute path of the count of objects the check applied to
    kept: tuple[str, ...]  # attribute path of how many kept what it asks for


@dataclass(frozen=True)
class Flag:
    """A flag raised on a whole result: ``name`` (``wrapper only``) and its field."""

    name: str
    path: tuple[str, ...]


def _fields(value: Any, prefix: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
    for f in dataclasses.fields(value):
        yield (*prefix, f.name), getattr(value, f.name)


def checks_of(verdict: Any, prefix: tuple[str, ...] = ()) -> tuple[list[Check], list[Flag]]:
    """The checks and flags of ``verdict`` (a dataclass instance), in declaration order."""
    checks: list[Check] = []
    flags: list[Flag] = []
    previous: tuple[tuple[str, ...], Any] | None = None
    for path, value in _fields(verdict, prefix):
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            inner_checks, inner_flags = checks_of(value, path)
            checks += inner_checks
            flags += inner_flags
        elif isinstance(value, bool):
            flags.append(Flag(path[-1].replace("_", " "), path))
        elif isinstance(value, int):
            named = path[-1]
            if named.endswith(KEPT) and previous is not None and isinstance(previous[1], int):
                checks.append(Check(named.replace("_", " "), previous[0], path))
        previous = (path, value) if not isinstance(value, bool) else None
    return checks, flags


def _get(value: Any, path: tuple[str, ...]) -> Any:
    for part in path:
        value = getattr(value, part)
    return value


@dataclass
class Tally:
    """Sums of one set of verdicts: per check (kept, total) and per flag the results raised."""

    checks: dict[str, tuple[int, int]]
    flags: dict[str, int]


def tally(verdicts: Iterable[Any], template: Any) -> Tally:
    """Sum ``verdicts`` over the checks of ``template`` (a verdict; its fields name them)."""
    checks, flags = checks_of(template)
    kept = {c.name: 0 for c in checks}
    total = {c.name: 0 for c in checks}
    raised = {f.name: 0 for f in flags}
    for verdict in verdicts:
        for c in checks:
            kept[c.name] += int(_get(verdict, c.kept))
            total[c.name] += int(_get(verdict, c.total))
        for f in flags:
            raised[f.name] += bool(_get(verdict, f.path))
    return Tally({c.name: (kept[c.name], total[c.name]) for c in checks}, raised)
