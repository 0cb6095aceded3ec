"""The breadth benchmark's tables (``breadth.py`` makes the calls; this prints what they gave).

The overall table, the figures per operation kind (``kinds.py``; the HTTP method where the
operations carry no kind), per corpus group, by body size, the descriptions that did not load,
the tools not called per description and why, every call whose answer (generated content,
answered resource, acknowledgement) was not kept, the worst calls and the failed calls.

The judge's named checks (``preview/judge_checks.CHECKS``: people, path identities, schema
siblings, series, encodings) are enumerated, not written out one by one: each gets a row of
the overall table and a column of the per-kind table of what users see, and their failures
are counted by pattern (the loss without its place: ``assignee left out while its object keeps
its times``) over calls and descriptions, the shaping rules' work list.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from ..preview.judge import Verdict
from ..preview.judge_checks import CHECKS
from .breadth_left_out import left_out_table
from .breadth_calls import Call, SpecResult
from .kinds import grouping

TARGETS = {"lists": 1.0, "labels": 0.97, "identities": 0.99, "reduction": 0.85}
WORST = 20
BIG_BODY = 400  # pretty-JSON tokens: below this, a body is small whatever is kept
SIZE_BANDS = ((0, 150), (150, BIG_BODY), (BIG_BODY, 1000), (1000, None))
MARK = {True: "met", False: "NOT met"}


def pct(part: int, whole: int) -> str:
    return f"{part / whole:.1%} ({part}/{whole})" if whole else "n/a"


def pct_or_na(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1%}"


def median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def p90(values: list[int]) -> int | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def with_body(calls: list[Call]) -> list[Call]:
    """Judged calls whose upstream sent a body (the reductions are measured on these)."""
    return [c for c in calls if c.verdict is not None and not c.empty]


@dataclass(frozen=True)
class Totals:
    lists: int
    lists_kept: int
    labelled: int
    labels_kept: int
    identified: int
    identities_kept: int
    wrapper_only: int
    calls: int
    clean: int
    median_reduction: float | None
    content: int = 0  # bodies with generated content (judge_answers.py)
    content_kept: int = 0
    resources: int = 0  # bodies with an answered resource (or a batch's records)
    resources_kept: int = 0
    acknowledgements: int = 0  # acknowledgement bodies and empty answers
    acknowledgements_kept: int = 0
    big_reduction: float | None = None  # median on bodies of at least BIG_BODY tokens
    tokens_median: float | None = None
    tokens_p90: int | None = None
    checks: dict[str, tuple[int, int]] | None = None  # name -> (judged, kept)

    def meets(self) -> dict[str, bool]:
        def ratio(a: int, b: int) -> float:
            return a / b if b else 1.0

        return {
            "lists": ratio(self.lists_kept, self.lists) >= TARGETS["lists"],
            "labels": ratio(self.labels_kept, self.labelled) >= TARGETS["labels"],
            "identities": ratio(self.identities_kept, self.identified) >= TARGETS["identities"],
            "reduction": (self.median_reduction or 0.0) >= TARGETS["reduction"],
            "content": self.content_kept == self.content,
            "resources": self.resources_kept == self.resources,
            "acknowledgements": self.acknowledgements_kept == self.acknowledgements,
            "big reduction": self.big_reduction is None
            or self.big_reduction >= TARGETS["reduction"],
        }


def totals(calls: list[Call]) -> Totals:
    judged = [c.verdict for c in calls if c.verdict is not None]
    bodies = with_body(calls)
    sent = [c.shaped for c in calls if c.verdict is not None]
    return Totals(
        lists=sum(v.lists for v in judged),
        lists_kept=sum(v.lists_kept for v in judged),
        labelled=sum(v.labelled for v in judged),
        labels_kept=sum(v.labels_kept for v in judged),
        identified=sum(v.identified for v in judged),
        identities_kept=sum(v.identities_kept for v in judged),
        wrapper_only=sum(v.wrapper_only for v in judged),
        calls=len(calls),
        clean=sum(c.error is None for c in calls),
        median_reduction=median([c.reduction for c in bodies]),
        content=sum(v.answer.content for v in judged),
        content_kept=sum(v.answer.content_kept for v in judged),
        resources=sum(v.answer.resource for v in judged),
        resources_kept=sum(v.answer.resource_kept for v in judged),
        acknowledgements=sum(v.answer.acknowledgements for v in judged),
        acknowledgements_kept=sum(v.answer.acknowledgements_kept for v in judged),
        big_reduction=median([c.reduction for c in bodies if c.raw >= BIG_BODY]),
        tokens_median=median([float(s) for s in sent]),
        tokens_p90=p90(sent),
        checks=named_checks(judged),
    )


def named_checks(verdicts: list[Verdict]) -> dict[str, tuple[int, int]]:
    """``(judged, kept)`` of each named check over ``verdicts``, in ``CHECKS`` order."""
    out = {s.name: (0, 0) for s in CHECKS}
    for v in verdicts:
        for c in v.checks:
            judged, kept = out.get(c.name, (0, 0))
            out[c.name] = (judged + c.judged, kept + c.kept)
    return out


def _badness(call: Call) -> tuple[int, int, int]:
    v = call.verdict
    if v is None:
        return (0, 0, 0)
    return (v.lists - v.lists_kept, len(v.lost), call.raw)


def _missing(part: int, whole: int) -> str:
    return f"{whole - part} of {whole}" if whole else "0 of 0"


def report(results: list[SpecResult], *, elapsed: float | None = None) -> str:
    calls = [c for r in results for c in r.calls]
    t = totals(calls)
    ok = t.meets()
    served = [r for r in results if r.calls]
    tools = sum(r.tools for r in results)
    skipped = sum(sum(r.skipped.values()) for r in results)
    mark = MARK
    lines = [
        "## Breadth: default shaping on descriptions nobody tuned for",
        "",
        "Every tool (any method) called through the runtime executor with arguments and "
        "request bodies built from its listed input schema, against a local upstream that "
        "answers with the operation's success status and example body (spec example, else "
        "synthesized from the schema; no body where the success response describes none); "
        "judged by `generator/preview/judge.py` and `judge_answers.py`. Tokens: o200k_base.",
        "",
        "| measure | value | target |",
        "|---|---|---|",
        f"| descriptions | {len(results)} ({sum(r.failure is None for r in results)} loaded, "
        f"{len(served)} served) | |",
        f"| tools | {tools} ({t.calls} called, {skipped} not called: see below) | |",
        f"| calls clean (no error) | {pct(t.clean, t.calls)} | 100% |",
        f"| payload lists kept | {pct(t.lists_kept, t.lists)} | 100%: {mark[ok['lists']]} |",
        f"| labels kept | {pct(t.labels_kept, t.labelled)} | >= 97%: {mark[ok['labels']]} |",
        f"| identities kept | {pct(t.identities_kept, t.identified)} "
        f"| >= 99%: {mark[ok['identities']]} |",
        f"| results that are only wrapper metadata | {t.wrapper_only} | 0 |",
        f"| generated content missing | {_missing(t.content_kept, t.content)} "
        f"| 0: {mark[ok['content']]} |",
        f"| answered (created/changed) resource missing | "
        f"{_missing(t.resources_kept, t.resources)} | 0: {mark[ok['resources']]} |",
        f"| acknowledgements (and empty answers) not said | "
        f"{_missing(t.acknowledgements_kept, t.acknowledgements)} "
        f"| 0: {mark[ok['acknowledgements']]} |",
        f"| results where the invariants replaced the defaults (generic projection) | "
        f"{pct(sum(c.fallback for c in calls), len(calls))} | |",
        f"| results whose defaults were read again from the response (it did not match its "
        f"description; the server warns) | {pct(sum(c.repaired for c in calls), len(calls))} | |",
        f"| median token reduction vs pretty JSON | {pct_or_na(t.median_reduction)} "
        f"| >= 85%: {mark[ok['reduction']]} |",
        f"| median reduction on bodies of at least {BIG_BODY} tokens (pretty JSON) | "
        f"{pct_or_na(t.big_reduction)} | >= 85%: {mark[ok['big reduction']]} |",
        f"| tokens per call (median / p90) | {t.tokens_median or 0:.0f} / {t.tokens_p90 or 0} | |",
    ]
    for spec in CHECKS:
        judged, kept = (t.checks or {}).get(spec.name, (0, 0))
        target = f"100%: {mark[kept == judged]}" if spec.fails else "(a notice)"
        lines.append(f"| {spec.name}: {spec.says} | {pct(kept, judged)} | {target} |")
    lines += kind_table(results)
    lines += checks_table(results)
    lines += failing_patterns(calls)
    by_group: dict[str, list[Call]] = {}
    for r in results:
        by_group.setdefault(r.case.group, []).extend(r.calls)
    lines += [
        "",
        "| group | calls | clean | lists kept | labels kept | identities kept | median -% |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for group, part in by_group.items():
        g = totals(part)
        lines.append(
            f"| {group} | {g.calls} | {pct(g.clean, g.calls)} | {pct(g.lists_kept, g.lists)} "
            f"| {pct(g.labels_kept, g.labelled)} | {pct(g.identities_kept, g.identified)} "
            f"| {pct_or_na(g.median_reduction)} |"
        )
    lines += size_bands(with_body(calls))
    failed = [r for r in results if r.failure]
    if failed:
        lines += ["", "Descriptions that did not load (not counted):", ""]
        lines += [f"- {r.case.label}: {r.failure}" for r in failed]
    lines += left_out_table(results)
    lines += not_called(results)
    lines += answers_lost(calls)
    lines += worst_calls(calls)
    if elapsed is not None:
        lines += ["", f"({t.calls} calls in {elapsed:.0f} s)"]
    return "\n".join(lines) + "\n"


def kind_table(results: list[SpecResult]) -> list[str]:
    """The judge's figures per operation kind (per HTTP method where no kind is recorded)."""
    calls = [c for r in results for c in r.calls]
    by_kind = any(r.by_kind for r in results)
    what, rows = grouping([c.kind for c in calls], by_kind)
    lines = [
        "",
        f"### Per {what}",
        "",
        "Content: generated content kept (the long free text of a completion, transcription, "
        "summary; `judge_answers.py`). Resource: the answered (created/changed) resource kept "
        "(identity, label, state; a batch envelope's records). Acknowledged: an "
        "acknowledgement body or an empty answer whose result says it succeeded. -% on "
        f"bodies of at least {BIG_BODY} pretty-JSON tokens.",
        "",
        "| kind | calls | clean | lists kept | labels kept | identities kept | content kept "
        f"| resource kept | acknowledged | median -% (>= {BIG_BODY}) | tokens/call median / p90 "
        "| targets not met |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for kind in rows:
        k = totals([c for c in calls if c.kind == kind])
        unmet = [name for name, met in k.meets().items() if not met and name != "reduction"]
        if k.clean < k.calls:
            unmet.insert(0, "clean")
        lines.append(
            f"| {kind} | {k.calls} | {pct(k.clean, k.calls)} | {pct(k.lists_kept, k.lists)} "
            f"| {pct(k.labels_kept, k.labelled)} | {pct(k.identities_kept, k.identified)} "
            f"| {pct(k.content_kept, k.content)} | {pct(k.resources_kept, k.resources)} "
            f"| {pct(k.acknowledgements_kept, k.acknowledgements)} "
            f"| {pct_or_na(k.big_reduction)} | {k.tokens_median or 0:.0f} / {k.tokens_p90 or 0} "
            f"| {', '.join(unmet) or 'none'} |"
        )
    return lines


def checks_table(results: list[SpecResult]) -> list[str]:
    """The named checks per operation kind: one column each (``judge_checks.CHECKS``)."""
    calls = [c for r in results for c in r.calls]
    what, rows = grouping([c.kind for c in calls], any(r.by_kind for r in results))
    lines = [
        "",
        f"### What users see, per {what}",
        "",
        "; ".join(f"{s.name}: {s.says}" for s in CHECKS)
        + " (`generator/preview/judge_checks.py`). Kept of judged.",
        "",
        "| kind | calls | " + " | ".join(s.name for s in CHECKS) + " |",
        "|---|---:|" + "---:|" * len(CHECKS),
    ]
    for kind in rows:
        part = [c for c in calls if c.kind == kind]
        k = named_checks([c.verdict for c in part if c.verdict is not None])
        cells = [pct(k[s.name][1], k[s.name][0]) for s in CHECKS]
        lines.append(f"| {kind} | {len(part)} | " + " | ".join(cells) + " |")
    return lines


MAX_PATTERNS = 40


def failing_patterns(calls: list[Call]) -> list[str]:
    """The named checks' misses counted by pattern (calls, descriptions), most calls first."""
    seen: dict[tuple[str, str], tuple[set[tuple[str, str]], set[str], str]] = {}
    for c in calls:
        if c.verdict is None:
            continue
        for f in [*c.verdict.findings, *c.verdict.notices]:
            key = (f.check, f.pattern or f.message)
            where, specs, example = seen.setdefault(
                key, (set(), set(), f"{c.spec}, {c.tool}: {f.where}")
            )
            where.add((c.spec, c.tool))
            specs.add(c.spec)
    if not seen:
        return []
    ordered = sorted(seen.items(), key=lambda i: (-len(i[1][0]), -len(i[1][1]), i[0]))
    shown = min(MAX_PATTERNS, len(ordered))
    lines = [
        "",
        f"### What users see: failing patterns ({len(ordered)}; the first {shown})",
        "",
        "| check | pattern | calls | descriptions | first seen |",
        "|---|---|---:|---:|---|",
    ]
    for (check, pattern), (where, specs, example) in ordered[:shown]:
        row = [check, pattern, str(len(where)), str(len(specs)), example]
        lines.append("| " + " | ".join(cell.replace("|", "/") for cell in row) + " |")
    return lines


def not_called(results: list[SpecResult]) -> list[str]:
    """Per description: the tools the benchmark did not call, and why (counts per reason)."""
    rows = [r for r in results if r.skipped]
    if not rows:
        return []
    total = sum(sum(r.skipped.values()) for r in rows)
    lines = [
        "",
        f"### Tools not called ({total}, in {len(rows)} descriptions), and why",
        "",
        "| description | tools | called | not called: why (count) |",
        "|---|---:|---:|---|",
    ]
    for r in rows:
        why = "; ".join(f"{reason} ({n})" for reason, n in sorted(r.skipped.items()))
        lines.append(f"| {r.case.label} | {r.tools} | {len(r.calls)} | {why.replace('|', '/')} |")
    return lines


MAX_ANSWER_ROWS = 60


def answers_lost(calls: list[Call]) -> list[str]:
    """Every call whose generated content, answered resource or acknowledgement was lost (the
    targets say none), up to ``MAX_ANSWER_ROWS``, with all it lost."""
    rows = []
    for c in calls:
        a = c.verdict.answer if c.verdict else None
        if a is None or (
            a.content_kept == a.content
            and a.resource_kept == a.resource
            and a.acknowledgements_kept == a.acknowledgements
        ):
            continue
        lost = "; ".join(c.verdict.lost if c.verdict else [])
        rows.append(f"| {c.spec} | {c.tool} | {c.kind} | {c.source} | {lost} |")
    if not rows:
        return []
    shown = min(MAX_ANSWER_ROWS, len(rows))
    return [
        "",
        f"### Answers not kept ({len(rows)} calls; the first {shown})",
        "",
        "| description | tool | kind | example | lost |",
        "|---|---|---|---|---|",
        *rows[:shown],
    ]


def worst_calls(calls: list[Call]) -> list[str]:
    worst = sorted((c for c in calls if c.verdict and c.verdict.lost), key=_badness, reverse=True)
    lines = [
        "",
        f"### Worst calls ({len(worst)} lost something; the first {min(WORST, len(worst))})",
        "",
        "| description | tool | kind | example | lost |",
        "|---|---|---|---|---|",
    ]
    for c in worst[:WORST]:
        lost = c.verdict.lost if c.verdict else []
        shown = "; ".join(lost[:3]) + (f"; +{len(lost) - 3} more" if len(lost) > 3 else "")
        lines.append(f"| {c.spec} | {c.tool} | {c.kind} | {c.source} | {shown} |")
    errors = [c for c in calls if c.error]
    if errors:
        lines += [
            "",
            f"### Calls that failed ({len(errors)}; the first {min(WORST, len(errors))})",
            "",
            "| description | tool | kind | error |",
            "|---|---|---|---|",
        ]
        for c in errors[:WORST]:
            lines.append(
                f"| {c.spec} | {c.tool} | {c.kind} | {(c.error or '').replace('|', '/')} |"
            )
    return lines


def size_bands(calls: list[Call]) -> list[str]:
    """Median reductions by body size, next to two yardsticks: the body as compact JSON with
    nothing left out, and the leanest result the judge accepts (identity and label only)."""
    lines = [
        "",
        "By body size (pretty-JSON tokens): the defaults' median reduction next to compact JSON "
        "with nothing left out and to identity and label only (`judge.leanest`: the floor no "
        "useful default goes below).",
        "",
        "| body tokens | calls | median tokens sent | defaults -% | compact JSON -% "
        "| identity and label only -% |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    bands = [*SIZE_BANDS, (0, None)]
    for low, high in bands:
        part = [c for c in calls if c.raw >= low and (high is None or c.raw < high)]
        if not part:
            continue
        name = "all" if (low, high) == (0, None) else f"{low}-{high - 1}" if high else f">= {low}"
        lines.append(
            f"| {name} | {len(part)} | {median([float(c.shaped) for c in part]) or 0:.0f} "
            f"| {pct_or_na(median([c.reduction for c in part]))} "
            f"| {pct_or_na(median([c.compact_reduction for c in part]))} "
            f"| {pct_or_na(median([c.lean_reduction for c in part]))} |"
        )
    return lines
