"""The practitioners' benchmark tables: per half, per API, per operation kind, per server.

Recall and precision are means over rows (an acknowledgement with no reference field counts
for tokens only); the token ratio is the sum of our tokens over the
sum of theirs (rows of the group), next to the median of the per-row ratios. The target
(issue 23) is read on the held-back half: mean recall >= 85% at <= 1.0x their tokens; issue 33
restates it per kind: reads and searches at >= 85% recall and <= 1.3x their tokens, writes
(create, update, delete, acknowledge) at a median of <= 60 tokens of ours per answer.
Misses (per row, the paths not kept) are listed for the tuning half only, unless
``show_held_back``.
"""

from __future__ import annotations

import statistics
from typing import Callable

from .classes import CLASSES
from .data import HALVES, Yardstick
from .run import Result
from .scoring import Score

TARGET_RECALL = 0.85
TARGET_RATIO = 1.0
READ_RATIO = 1.3  # issue 33: reads and searches
WRITE_TOKENS = 60  # issue 33: a write's answer, median
READS = ("read", "search")
WRITES = ("create", "update", "delete", "acknowledge")


def _scored(results: list[Result]) -> list[Result]:
    return [r for r in results if r.score is not None]


def _scores(results: list[Result]) -> list[Score]:
    return [r.score for r in results if r.score is not None]


def _line(label: str, results: list[Result], extra: str = "") -> str:
    scored = _scored(results)
    if not scored:
        return f"| {label}{extra} | 0/{len(results)} | | | | | |"
    s = _scores(scored)
    recall = _mean([x.recall for x in s])
    precision = _mean([x.precision for x in s])
    ours, theirs = sum(x.ours for x in s), sum(x.theirs for x in s)
    median = statistics.median(x.ratio for x in s)
    return (
        f"| {label}{extra} | {len(scored)}/{len(results)} | {recall} | {precision} "
        f"| {ours / theirs:.2f}x | {median:.2f}x | {ours:,} / {theirs:,} |"
    )


def _mean(values: list[float | None]) -> str:
    """Mean over the rows that have a measure (acknowledgements count for tokens only)."""
    measured = [v for v in values if v is not None]
    return f"{statistics.mean(measured):.1%}" if measured else "n/a"


HEADER = [
    "| group | rows scored | recall (mean) | precision (mean) | tokens ours/theirs (sum) "
    "| median row ratio | tokens ours / theirs |",
    "|---|---:|---:|---:|---:|---:|---:|",
]


def _grouped(results: list[Result], key: Callable[[Result], str]) -> dict[str, list[Result]]:
    groups: dict[str, list[Result]] = {}
    for r in results:
        groups.setdefault(key(r), []).append(r)
    return dict(sorted(groups.items()))


def _target(results: list[Result]) -> str:
    scored = _scored(results)
    if not scored:
        return "no held-back row scored"
    scores = _scores(scored)
    recalls = [s.recall for s in scores if s.recall is not None]
    recall = statistics.mean(recalls) if recalls else 0.0
    ratio = sum(s.ours for s in scores) / sum(s.theirs for s in scores)
    met = recall >= TARGET_RECALL and ratio <= TARGET_RATIO
    return (
        f"held-back recall {recall:.1%} (target >= {TARGET_RECALL:.0%}) at {ratio:.2f}x the "
        f"reference tokens (target <= {TARGET_RATIO:.1f}x): {'met' if met else 'NOT met'}"
    )


def _by_kind(results: list[Result]) -> str:
    """Issue 33's targets on the held-back half: reads and searches, then writes."""
    scored = _scored(results)
    reads = [r.score for r in scored if r.row.kind in READS and r.score is not None]
    writes = [r.score.ours for r in scored if r.row.kind in WRITES and r.score is not None]
    if not reads or not writes:
        return "no held-back read or write scored"
    recalls = [s.recall for s in reads if s.recall is not None]
    recall = statistics.mean(recalls) if recalls else 0.0
    ratio = sum(s.ours for s in reads) / sum(s.theirs for s in reads)
    median = statistics.median(writes)
    met_reads = recall >= TARGET_RECALL and ratio <= READ_RATIO
    return (
        f"held-back reads and searches: recall {recall:.1%} (target >= {TARGET_RECALL:.0%}) at "
        f"{ratio:.2f}x the reference tokens (target <= {READ_RATIO:.1f}x): "
        f"{'met' if met_reads else 'NOT met'}; held-back writes: median {median:g} tokens "
        f"(target <= {WRITE_TOKENS}): {'met' if median <= WRITE_TOKENS else 'NOT met'}"
    )


def _classes(results: list[Result]) -> list[str]:
    """Reads' and searches' reference fields holding a value, and those kept, per class of
    field (``classes.py``) and half: the held-back misses as aggregates."""
    counts: dict[tuple[str, str], list[int]] = {}
    for r in _scored(results):
        s = r.score
        if s is None or r.row.kind not in READS or not s.classes:
            continue
        for path, cls in zip(s.present, s.classes):
            found = counts.setdefault((cls, r.half), [0, 0])
            found[0] += 1
            found[1] += path in s.recalled
    order = {c: i for i, c in enumerate(CLASSES)}
    keys = sorted(
        {cls for cls, _ in counts},
        key=lambda c: (order.get(c.split(",")[0], len(order)), c),
    )
    lines = [
        "",
        "### Reads' and searches' reference fields by class",
        "",
        "Each reference field holding a value, by what it holds (`classes.py`: read from the "
        "body's value and the field's last name, apart from the shaping rules) and whether it "
        "is a member of the item itself (top) or below one of its parts (nested): how many the "
        "references keep, and how many of those the defaults keep. The held-back half's misses "
        "are read here as aggregates.",
        "",
        "| class | " + " | ".join(f"{h}: fields | {h}: kept" for h in HALVES) + " |",
        "|---|" + "---:|---:|" * len(HALVES),
    ]
    for cls in keys:
        cells = []
        for half in HALVES:
            total, kept = counts.get((cls, half), [0, 0])
            cells += [str(total), f"{kept / total:.0%}" if total else "n/a"]
        lines.append(f"| {cls} | " + " | ".join(cells) + " |")
    return lines


def _order(result: Result) -> float:
    recall = result.score.recall if result.score is not None else None
    return 2.0 if recall is None else recall


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0%}"


def report(yardstick: Yardstick, results: list[Result], *, show_held_back: bool) -> str:
    servers = {r.row.server for r in results}
    apis = {r.row.api for r in results}
    lines = [
        "## Practitioners' yardstick: default shaping against hand-written MCP servers",
        "",
        f"{len(results)} operations of {len(servers)} public hand-written MCP servers on "
        f"{len(apis)} upstream APIs (`generator/bench/practitioners/data/`), each called "
        "through the generated server's runtime against a local upstream serving the row's "
        "body. Recall: reference fields holding a value that are kept; precision: kept leaf "
        "fields at or below a reference field; tokens (o200k): everything the agent receives "
        "vs the body projected onto the reference fields as compact JSON (not the servers' "
        "own rendering). The split by API was fixed before any rule was tuned.",
        "",
        f"**Target: {_target([r for r in results if r.half == 'held_back'])}.**",
        "",
        f"**Issue 33's targets: {_by_kind([r for r in results if r.half == 'held_back'])}.**",
        "",
        "### Per half",
        "",
        *HEADER,
    ]
    for half in HALVES:
        lines.append(_line(half, [r for r in results if r.half == half]))
    lines.append(_line("all", results))
    lines += ["", "### Per half and operation kind", "", *HEADER]
    for half in HALVES:
        for kind, group in _grouped(
            [r for r in results if r.half == half], lambda r: r.row.kind
        ).items():
            lines.append(_line(f"{half} / {kind}", group))
    lines += [
        "",
        "### Reads and searches by the reference's selectivity",
        "",
        "A *selective* reference keeps at most half of the tokens of the items it answers "
        "(`scoring.SELECTIVE`); the others return their objects nearly whole, so their recall "
        "asks for nearly every field while the directory benchmark asks for a reduction.",
        "",
        *HEADER,
    ]
    for half in HALVES:
        reads = [r for r in results if r.half == half and r.row.kind in READS]
        for label, chosen in (("selective", True), ("nearly whole", False)):
            group = [r for r in reads if r.score is not None and r.score.selective is chosen]
            lines.append(_line(f"{half} / {label}", group))
    lines += _classes(results)
    lines += ["", "### Per API", "", *HEADER]
    for api, group in _grouped(results, lambda r: r.row.api).items():
        a = yardstick.apis[api]
        lines.append(_line(api, group, f" ({a.protocol}, {a.half})"))
    lines += ["", "### Per server", "", *HEADER]
    for name, group in _grouped(results, lambda r: r.row.server).items():
        server = yardstick.servers[name]
        lines.append(_line(name, group, f" ({server.language})"))
    lines += ["", "### Bodies and server warnings", "", "| | rows |", "|---|---:|"]
    for source, group in _grouped(results, lambda r: r.body_source or "none").items():
        lines.append(f"| body: {source} | {len(group)} |")
    lines.append(
        "| the invariants replaced the defaults (generic projection) | "
        f"{sum(r.fallback for r in results)} |"
    )
    lines.append(
        "| the defaults were read again from the response (it did not match its description) | "
        f"{sum(r.repaired for r in results)} |"
    )
    failed = [r for r in results if r.score is None]
    if failed:
        lines += ["", "### Rows not scored", "", "| row | half | why |", "|---|---|---|"]
        lines += [f"| {r.row.id} | {r.half} | {r.error} |" for r in failed]
    shown = [r for r in _scored(results) if r.half == "tuning" or show_held_back]
    title = "tuning half" + (" and held-back half" if show_held_back else "")
    lines += [
        "",
        f"### Misses per operation ({title})",
        "",
        "| row | half | kind | body | recall | precision | ours/theirs | missed |",
        "|---|---|---|---|---:|---:|---:|---|",
    ]
    for r in sorted(shown, key=lambda r: (r.half, _order(r), r.row.id)):
        s = r.score
        assert s is not None
        frame = "" if s.frame_found else " (frame not found)"
        frame += " (generic projection)" if r.fallback else ""
        lines.append(
            f"| {r.row.id} | {r.half} | {r.row.kind} | {r.body_source} | {_pct(s.recall)} "
            f"| {_pct(s.precision)} | {s.ours}/{s.theirs} | {', '.join(s.missed)}{frame} |"
        )
    if not show_held_back:
        lines += ["", "Held-back misses are not shown (`--show-held-back` shows them)."]
    return "\n".join(lines) + "\n"
