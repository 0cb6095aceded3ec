"""The directory benchmark's report (``directory.py`` runs the calls; this prints them).

Per half (tuning, held-back) and per kind: calls, clean calls, every check the judge's verdict
exposes (``verdict_checks.py``, so a check the judge adds is a new column), the flags it
raises (results that are only wrapper metadata), the median reduction on bodies of at least
``BIG_BODY`` tokens and the tokens per call; the gap between the halves; the descriptions
that did not load with why. The held-back half is printed as aggregates only: counts,
percentages, medians and reasons, never a description, tool or call of it by name. The
tuning half also gets its worst calls, the answers it lost and its failed calls.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from ..preview.judge import Verdict
from .breadth_calls import Call, SpecResult
from .breadth_report import (
    BIG_BODY,
    SIZE_BANDS,
    answers_lost,
    median,
    p90,
    pct,
    pct_or_na,
    size_bands,
    with_body,
    worst_calls,
)
from .directory_selection import HALVES, Entry
from .kept_roles import LISTED, POSITIONS, ROLES
from .kinds import KIND_ORDER
from .verdict_checks import checks_of, tally

TUNING, HELD_BACK = HALVES
ALL = "all kinds"
TOP_REASONS = 8
TARGETS = {  # issue 33, read on the held-back half (per kind)
    "lists kept": 0.99,
    "labels kept": 0.98,
    "identities kept": 0.99,
}
TARGET_REDUCTION = 0.85  # median on bodies of at least BIG_BODY tokens
KEPT_KINDS = ("read", "search")  # the kinds whose kept tokens are apportioned by role


@dataclass
class Run:
    results: list[SpecResult]
    entries: list[Entry]
    notes: list[str]  # the selection's comment lines (what the rule saw)
    per_kind: int
    workers: int
    elapsed: float
    cpu: float | None = None  # CPU seconds of the run, workers included
    load: tuple[float, float, float] | None = None  # the load average at its end


@dataclass(frozen=True)
class Figures:
    """One row: a set of calls summed over the verdict's checks and flags."""

    calls: int
    clean: int
    checks: dict[str, tuple[int, int]]  # name -> (kept, total)
    flags: dict[str, int]
    big_reduction: float | None
    tokens_median: float | None
    tokens_p90: int | None

    def ratio(self, check: str) -> float | None:
        kept, total = self.checks[check]
        return kept / total if total else None


def template(calls: Iterable[Call]) -> Verdict:
    """A verdict of the type the judge gave (its fields name the checks)."""
    judged = next((c.verdict for c in calls if c.verdict is not None), None)
    return type(judged)() if judged is not None else Verdict()


def figures(calls: list[Call], like: Verdict) -> Figures:
    judged = [c for c in calls if c.verdict is not None]
    counted = tally((c.verdict for c in judged), like)
    sent = [c.shaped for c in judged]
    return Figures(
        calls=len(calls),
        clean=sum(c.error is None for c in calls),
        checks=counted.checks,
        flags=counted.flags,
        big_reduction=median([c.reduction for c in with_body(calls) if c.raw >= BIG_BODY]),
        tokens_median=median([float(s) for s in sent]),
        tokens_p90=p90(sent),
    )


def _calls(results: Iterable[SpecResult]) -> list[Call]:
    return [c for r in results for c in r.calls]


def _kinds(calls: list[Call]) -> list[str]:
    rank = {k: i for i, k in enumerate(KIND_ORDER)}
    return sorted({c.kind for c in calls}, key=lambda k: (rank.get(k, len(rank)), k))


def _points(a: float | None, b: float | None) -> str:
    return "n/a" if a is None or b is None else f"{100 * (a - b):+.1f}"


# ------------------------------------------------------------------------------ sections


def corpus_table(run: Run) -> list[str]:
    lines = [
        "| half | descriptions | providers | loaded | did not load | tools | callable "
        "| called (sampled) | callable, left out by sampling | not callable |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for half in HALVES:
        part = [r for r in run.results if r.case.group == half]
        providers = {e.provider for e in run.entries if e.half == half}
        called = sum(len(r.calls) for r in part)
        out = sum(r.sampled_out for r in part)
        skipped = sum(sum(r.skipped.values()) for r in part)
        lines.append(
            f"| {half} | {len(part)} | {len(providers)} | {sum(r.failure is None for r in part)} "
            f"| {sum(r.failure is not None for r in part)} | {sum(r.tools for r in part)} "
            f"| {called + out} | {called} | {out} | {skipped} |"
        )
    return lines


def kind_rows(run: Run) -> tuple[list[str], dict[tuple[str, str], Figures]]:
    """The per-half, per-kind table, and its figures for the gap and the targets."""
    calls = _calls(run.results)
    like = template(calls)
    checks, flags = checks_of(like)
    names = [c.name for c in checks]
    flag_names = [f.name for f in flags]
    kinds = _kinds(calls)
    head = [
        "half",
        "kind",
        "calls",
        "clean",
        *names,
        *(f"{f} (results)" for f in flag_names),
        f"median -% (bodies >= {BIG_BODY} tokens)",
        "tokens/call median / p90",
    ]
    lines = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    table: dict[tuple[str, str], Figures] = {}
    for half in HALVES:
        part = [c for r in run.results if r.case.group == half for c in r.calls]
        for kind in [*kinds, ALL]:
            rows = part if kind == ALL else [c for c in part if c.kind == kind]
            f = figures(rows, like)
            table[(half, kind)] = f
            if not rows:
                continue
            cells = [
                half,
                f"**{kind}**" if kind == ALL else kind,
                str(f.calls),
                pct(f.clean, f.calls),
            ]
            cells += [pct(*f.checks[n]) for n in names]
            cells += [str(f.flags[n]) for n in flag_names]
            cells += [
                pct_or_na(f.big_reduction),
                f"{f.tokens_median or 0:.0f} / {f.tokens_p90 or 0}",
            ]
            lines.append("| " + " | ".join(cells) + " |")
    return lines, table


def gap_rows(table: dict[tuple[str, str], Figures], kinds: list[str]) -> list[str]:
    names = list(next(iter(table.values())).checks) if table else []
    head = ["kind", "clean", *names, f"median -% (>= {BIG_BODY})", "tokens/call median"]
    lines = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for kind in [*kinds, ALL]:
        a, b = table[(TUNING, kind)], table[(HELD_BACK, kind)]
        if not a.calls or not b.calls:
            continue
        cells = [
            f"**{kind}**" if kind == ALL else kind,
            _points(a.clean / a.calls, b.clean / b.calls),
        ]
        cells += [_points(a.ratio(n), b.ratio(n)) for n in names]
        cells.append(_points(a.big_reduction, b.big_reduction))
        tokens = (
            "n/a"
            if a.tokens_median is None or b.tokens_median is None
            else f"{a.tokens_median - b.tokens_median:+.0f}"
        )
        cells.append(tokens)
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def target_lines(table: dict[tuple[str, str], Figures], kinds: list[str]) -> list[str]:
    lines = []
    for kind in [*kinds, ALL]:
        f = table[(HELD_BACK, kind)]
        if not f.calls:
            continue
        unmet = [
            f"{name} {pct_or_na(f.ratio(name))} (< {target:.0%})"
            for name, target in TARGETS.items()
            if f.ratio(name) is not None and (f.ratio(name) or 0) < target
        ]
        if f.big_reduction is not None and f.big_reduction < TARGET_REDUCTION:
            unmet.append(f"median -% {f.big_reduction:.1%} (< {TARGET_REDUCTION:.0%})")
        lines.append(f"- {kind}: {'; '.join(unmet) if unmet else 'met'}")
    return lines


def loss_rows(run: Run) -> list[str]:
    """The judge's findings of both halves counted by check, kind, coarse structural class of
    what was lost and form of the answer (``loss_classes.py``): aggregates only, no name."""
    counts: Counter[tuple[str, str, str, str, str]] = Counter()
    rank = {k: i for i, k in enumerate(KIND_ORDER)}
    for r in run.results:
        for c in r.calls:
            for check, cls, form in c.losses:
                counts[(check, c.kind, cls, form, r.case.group)] += 1
    keys = sorted(
        {k[:4] for k in counts}, key=lambda k: (k[0], rank.get(k[1], len(rank)), k[1], k[2], k[3])
    )
    if not keys:
        return ["", "No finding in either half."]
    lines = [
        "",
        "| check | kind | class of what was lost | answer | tuning | held-back |",
        "|---|---|---|---|---:|---:|",
    ]
    lines += [
        f"| {check} | {kind} | {cls} | {form} | {counts[(check, kind, cls, form, TUNING)]} "
        f"| {counts[(check, kind, cls, form, HELD_BACK)]} |"
        for check, kind, cls, form in keys
    ]
    return lines


def kept_rows(halves: dict[str, list[Call]]) -> list[str]:
    """Where the kept tokens of reads and searches with bodies of at least ``BIG_BODY``
    tokens go, per half: each (role, position)'s share of the half's kept tokens (pooled over
    its calls, ``kept_roles.py``), and the held-back share minus the tuning one."""
    pooled: dict[str, Counter[tuple[str, str]]] = {}
    counted: dict[str, int] = {}
    for half, calls in halves.items():
        tally: Counter[tuple[str, str]] = Counter()
        apportioned = [c for c in calls if c.kind in KEPT_KINDS and c.kept and c.error is None]
        for c in apportioned:
            tally.update(c.kept or {})
        pooled[half], counted[half] = tally, len(apportioned)
    names = list(halves)
    head = ["role"] + [f"{h}: {p}" for h in names for p in (*POSITIONS, "all")]
    if len(names) == 2:
        head.append(f"{names[1]} - {names[0]} (all, points)")
    lines = [
        ", ".join(
            f"{h}: {counted[h]} calls, {sum(pooled[h].values())} tokens apportioned" for h in names
        ),
        "",
        "| " + " | ".join(head) + " |",
        "|---|" + "---:|" * (len(head) - 1),
    ]

    def share(half: str, roles: tuple[str, ...], positions: tuple[str, ...]) -> float | None:
        total = sum(pooled[half].values())
        part = sum(pooled[half][(p, r)] for p in positions for r in roles)
        return part / total if total else None

    for roles, title in [*(((r,), r) for r in ROLES), (ROLES, "**all roles**")]:
        cells = [title]
        for h in names:
            cells += [pct_or_na(share(h, roles, (p,))) for p in POSITIONS]
            cells.append(pct_or_na(share(h, roles, POSITIONS)))
        if len(names) == 2:
            cells.append(
                _points(share(names[1], roles, POSITIONS), share(names[0], roles, POSITIONS))
            )
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def kept_bands(halves: dict[str, list[Call]]) -> list[str]:
    """The same reads and searches by body size (bands from ``BIG_BODY`` up) and by what they
    answer (a list: some of the kept tokens are a listed item's; else a single resource): how
    many each half has in each band and their median reduction, so a gap in the median can be
    read as a different mix of sizes or answers or a different reduction within them."""
    bands = [b for b in SIZE_BANDS if b[0] >= BIG_BODY]
    titles = [f"{low}-{high - 1}" if high else f">= {low}" for low, high in bands]
    head = [
        "half",
        "answer",
        *(f"{t}: calls, median -%" for t in titles),
        "all: calls, median -%",
    ]
    lines = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    for half, calls in halves.items():
        big = [
            c
            for c in with_body(calls)
            if c.kind in KEPT_KINDS and c.error is None and c.raw >= BIG_BODY
        ]
        listed = [c for c in big if any(p == LISTED and n for (p, _), n in (c.kept or {}).items())]
        single = [c for c in big if c not in listed]
        for answer, part in (("list", listed), ("single resource", single), ("all", big)):
            cells = [half, answer]
            for low, high in [*bands, (BIG_BODY, None)]:
                rows = [c for c in part if c.raw >= low and (high is None or c.raw < high)]
                cells.append(f"{len(rows)}, {pct_or_na(median([c.reduction for c in rows]))}")
            lines.append("| " + " | ".join(cells) + " |")
    return lines


def reason_key(result: SpecResult) -> str:
    """Why ``result`` did not load, without its particulars (names, paths, numbers, quoted
    text), to count reasons: the loader's first diagnostic (code and message) so reduced."""
    failure = result.failure_why or result.failure or ""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", "…", failure)
    text = re.sub(r"#/[^\s,;)]*|(?<![\w.])/[\w{}./~+-]+", "…", text)
    return re.sub(r"\d+", "N", text)[:140]


def failures(run: Run) -> list[str]:
    lines: list[str] = []
    for half in HALVES:
        failed = [r for r in run.results if r.case.group == half and r.failure]
        total = sum(r.case.group == half for r in run.results)
        lines += ["", f"{half}: {len(failed)} of {total} descriptions did not load."]
        if not failed:
            continue
        reasons = Counter(reason_key(r) for r in failed)
        lines += ["", "| reason | descriptions |", "|---|---:|"]
        lines += [
            f"| {why.replace('|', '/')} | {n} |" for why, n in reasons.most_common(TOP_REASONS)
        ]
        rest = sum(reasons.values()) - sum(n for _, n in reasons.most_common(TOP_REASONS))
        if rest:
            lines.append(f"| (other reasons, {len(reasons) - TOP_REASONS}) | {rest} |")
        if half == TUNING:
            lines += ["", "| description (tuning half) | why |", "|---|---|"]
            lines += [f"| {r.case.label} | {(r.failure or '').replace('|', '/')} |" for r in failed]
    return lines


def not_called(run: Run) -> list[str]:
    lines = ["", "| half | not callable: why | tools |", "|---|---|---:|"]
    for half in HALVES:
        reasons: Counter[str] = Counter()
        for r in run.results:
            if r.case.group == half:
                reasons.update(r.skipped)
        lines += [f"| {half} | {why.replace('|', '/')} | {n} |" for why, n in reasons.most_common()]
    return lines


def report(run: Run) -> str:
    calls = _calls(run.results)
    kinds = _kinds(calls)
    rows, table = kind_rows(run)
    held = [c for r in run.results if r.case.group == HELD_BACK for c in r.calls]
    tuning_results = [r for r in run.results if r.case.group == TUNING]
    tuning = _calls(tuning_results)
    lines = [
        "## Directory: default shaping on the public API directory, split by provider",
        "",
        "The breadth benchmark's calls (`breadth.py`: each description loaded as `generate` "
        "loads it, its tools called through the runtime executor against a local upstream "
        "answering with the operation's example or a body synthesized from its schema, each "
        "result judged by `generator/preview/judge.py`) over the descriptions of "
        "`generator/bench/data/directory-selection.tsv`, in two halves split by provider. "
        "The held-back half is reported as aggregates only. Tokens: o200k_base.",
        "",
        "### The corpus and the sampling",
        "",
        *(f"- {note}" for note in run.notes),
        f"- this run: {len(run.entries)} descriptions; up to {run.per_kind} tools of each kind "
        "per description, those first in the order of the SHA-256 of "
        "`<path under APIs/>\\n<tool name>`; "
        f"{run.workers} worker process(es); {len(calls)} calls in {run.elapsed / 60:.1f} min"
        + _cpu(run),
        "",
        *corpus_table(run),
        "",
        "### Per half and kind",
        "",
        "Each check counts the objects it applies to and those that kept what it asks for "
        "(`verdict_checks.py` reads them from the judge's verdict): a payload list; an "
        "object's label; its identity; generated content; the answered (created or changed) "
        "resource; an acknowledgement. Results: results that raised the flag (wrapper only: "
        "a payload reduced to none of its values).",
        "",
        *rows,
        "",
        "### The gap between the halves",
        "",
        "Tuning minus held-back, in percentage points (tokens: in tokens); a positive figure "
        "is where the tuning half does better (or, for tokens, spends more).",
        "",
        *gap_rows(table, kinds),
        "",
        "### Targets (issue 33, on the held-back half)",
        "",
        f"Payload lists >= {TARGETS['lists kept']:.0%}, labels >= {TARGETS['labels kept']:.0%},"
        f" identities >= {TARGETS['identities kept']:.0%}, median reduction >= "
        f"{TARGET_REDUCTION:.0%} on bodies of at least {BIG_BODY} tokens, per kind:",
        "",
        *target_lines(table, kinds),
        "",
        "### Findings by class, both halves (aggregates)",
        "",
        "Each object that failed a check, counted by the check, the operation's kind, a coarse "
        "class of what was lost made of its structure alone (`loss_classes.py`: an identity's "
        "naming class and where it sat, a list's depth, item type and whether its name is a "
        "container word) and the answer's form (fallback, empty, a write's echo of the "
        "request, or shaped).",
        *loss_rows(run),
        "",
        f"### Where the kept tokens go (reads and searches, bodies >= {BIG_BODY} tokens)",
        "",
        "Each kept member's tokens (compact JSON, `kept_roles.py`) by its coarse role (read "
        "from its name's words and its value) and its position: an item of the payload list, "
        "the single resource answered, or the wrapper around the list; structure is the keys "
        "and brackets of nested parts. Shares of each half's kept tokens, pooled over its "
        "calls; the last column says what held-back answers keep more (+) or less (-) of.",
        "",
        *kept_rows({TUNING: tuning, HELD_BACK: held}),
        "",
        "The same calls by body size and by what they answer (a list: some kept tokens are "
        "a listed item's; else a single resource): a gap in the median is a different mix of "
        "sizes or answers, a different reduction within them, or both.",
        "",
        *kept_bands({TUNING: tuning, HELD_BACK: held}),
        "",
        "### Descriptions that did not load",
        *failures(run),
        "",
        "### Tools not called",
        "",
        "Besides those the sampling left out (above): tools whose success body is not JSON, "
        "or that describe no success response.",
        *not_called(run),
        "",
        "### By body size, held-back half (aggregates)",
        *size_bands(with_body(held)),
        "",
        "### By body size, tuning half",
        *size_bands(with_body(tuning)),
        "",
        "### Tuning half: calls that lost something",
        "",
        f"Held-back half: {sum(bool(c.verdict and c.verdict.lost) for c in held)} calls lost "
        f"something and {sum(c.error is not None for c in held)} failed (not listed).",
        *answers_lost(tuning),
        *worst_calls(tuning),
        *_slowest(tuning_results),
        "",
        f"({len(calls)} calls in {run.elapsed:.0f} s)",
    ]
    return "\n".join(lines) + "\n"


def _cpu(run: Run) -> str:
    """The CPU time beside the wall time: what the run costs whatever else the machine runs."""
    if run.cpu is None:
        return ""
    text = (
        f" of wall time, {run.cpu:.0f} CPU-seconds (workers included; {run.cpu / 120:.1f} min "
        "spread over 2 idle cores)"
    )
    if run.load is not None:
        text += (
            f"; load average at the end {run.load[0]:.1f} / {run.load[1]:.1f} / {run.load[2]:.1f}"
        )
    return text


def _slowest(results: list[SpecResult], shown: int = 5) -> list[str]:
    ordered = sorted(results, key=lambda r: r.seconds, reverse=True)[:shown]
    if not ordered:
        return []
    lines = ["", "Slowest descriptions of the tuning half (load and calls):", ""]
    lines += [f"- {r.case.label}: {r.seconds:.1f} s" for r in ordered]
    return lines
