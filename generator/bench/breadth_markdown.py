"""The Markdown tables of ``--response-format markdown`` (breadth and directory benchmarks).

Each call is made twice, once answered in JSON (the benchmark's usual verdict) and once asking
for ``response_format: markdown``, judged on what its text shows
(``preview/judge_markdown.py``). These tables put the two side by side: every check of the
verdict (``verdict_checks.py``: a new check is a new row), per kind the calls whose Markdown
answer is clean beside the JSON answer's, the tokens of each (o200k, ``received.py``), and the
calls whose Markdown answer lost what their JSON answer kept: the renderer's work list.
"""

from __future__ import annotations

import statistics
from collections import Counter

from ..preview.judge import Verdict
from .breadth_calls import Call, SpecResult
from .breadth_report import pct
from .kinds import grouping
from .verdict_checks import tally

SHOWN = 40  # calls listed whose Markdown answer lost what the JSON answer kept


def _paired(calls: list[Call]) -> list[Call]:
    """Calls judged in both formats."""
    return [c for c in calls if c.verdict is not None and c.markdown and c.markdown.verdict]


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):.0f}" if values else ""


def _ratio(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}x" if values else ""


def markdown_report(results: list[SpecResult], title: str = "", named: bool = True) -> str:
    """The tables (module doc) of ``results``; ``title`` follows the heading; ``named``: False
    gives aggregates only (how many calls lost something in Markdown, none by name: the
    directory's held-back half)."""
    calls = [c for r in results for c in r.calls if c.markdown is not None]
    paired = _paired(calls)
    as_md = [c for c in paired if c.markdown and not c.markdown.as_json]
    failed = [c for c in calls if c.markdown and c.markdown.error]
    lines = [
        "",
        "## Markdown answers (`--response-format markdown`)" + (f": {title}" if title else ""),
        "",
        f"Every call with a body made again asking for Markdown: {len(calls)} calls, "
        f"{len(paired)} judged in both formats, {len(as_md)} answered in Markdown, "
        f"{len(paired) - len(as_md)} in compact JSON (Markdown would have cost more; the "
        f"note says so), {len(failed)} failed.",
        "",
        *_checks_table(paired),
        *_kind_table(results, paired),
        *_losses(paired, named),
    ]
    return "\n".join(lines)


def _checks_table(paired: list[Call]) -> list[str]:
    columns: list[list[Verdict]] = [
        [c.verdict for c in paired if c.verdict],
        [c.markdown.verdict for c in paired if c.markdown and c.markdown.verdict],
        [c.markdown.rendered for c in paired if c.markdown and c.markdown.rendered],
    ]
    tallies = [tally(verdicts, Verdict()) for verdicts in columns]
    clean = [pct(sum(bool(v and v.clean) for v in vs), len(vs)) for vs in columns]
    lines = [
        "Checks: JSON answers; Markdown answers as sent (compact JSON where Markdown would "
        "cost more); the renderer's Markdown for every JSON answer's first page, sent or not.",
        "",
        "| check | JSON | Markdown as sent | Markdown rendered for every answer |",
        "|---|---:|---:|---:|",
        f"| clean | {' | '.join(clean)} |",
    ]
    for name in tallies[0].checks:
        if any(t.checks[name][1] for t in tallies):  # a check nothing was judged by: no row
            lines.append(f"| {name} | {' | '.join(pct(*t.checks[name]) for t in tallies)} |")
    for name in tallies[0].flags:
        lines.append(f"| {name} (results) | {' | '.join(str(t.flags[name]) for t in tallies)} |")
    return lines


def _kind_table(results: list[SpecResult], paired: list[Call]) -> list[str]:
    what, rows = grouping([c.kind for c in paired], any(r.by_kind for r in results))
    lines = [
        "",
        f"Per {what}: clean calls in each format, the tokens received per call (median) and "
        "the median ratio of a call's Markdown tokens to its JSON tokens, over the calls "
        "answered in Markdown; then the renderer's Markdown for every JSON answer's first "
        "page: clean, and the median ratio of its tokens to that page's compact JSON.",
        "",
        "| kind | calls | answered in Markdown | clean JSON | clean Markdown | tokens JSON "
        "| tokens Markdown | Markdown / JSON | clean rendered | rendered / JSON page |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for kind in rows + ["all"]:
        group = [c for c in paired if kind in ("all", c.kind)]
        md = [c for c in group if c.markdown and not c.markdown.as_json]
        rendered = [c.markdown.rendered for c in group if c.markdown and c.markdown.rendered]
        page_ratios = [
            c.markdown.rendered_tokens / c.markdown.page_tokens
            for c in group
            if c.markdown and c.markdown.rendered and c.markdown.page_tokens
        ]
        clean_json = sum(bool(c.verdict and c.verdict.clean) for c in group)
        clean_md = sum(bool(c.markdown and c.markdown.verdict and c.markdown.verdict.clean)
                       for c in group)  # fmt: skip
        lines.append(
            f"| {kind} | {len(group)} | {len(md)} | {pct(clean_json, len(group))} "
            f"| {pct(clean_md, len(group))} | {_median([float(c.shaped) for c in md])} "
            f"| {_median([float(c.markdown.tokens) for c in md if c.markdown])} "
            f"| {_ratio([c.markdown.tokens / c.shaped for c in md if c.markdown and c.shaped])} "
            f"| {pct(sum(bool(r and r.clean) for r in rendered), len(rendered))} "
            f"| {_ratio(page_ratios)} |"
        )
    return lines


def lost_in_markdown(call: Call, rendered: bool = False) -> list[str]:
    """What the Markdown answer (``rendered``: the renderer's Markdown for the JSON answer)
    lost that the JSON answer of the same call kept."""
    if call.verdict is None or call.markdown is None:
        return []
    verdict = call.markdown.rendered if rendered else call.markdown.verdict
    if verdict is None:
        return []
    kept = Counter(call.verdict.lost)
    out = []
    for what in verdict.lost:
        if kept[what]:
            kept[what] -= 1
        else:
            out.append(what)
    return out


def _losses(paired: list[Call], named: bool) -> list[str]:
    lines: list[str] = []
    for rendered, what in ((False, "answer as sent"), (True, "rendered Markdown")):
        losing = [(c, lost_in_markdown(c, rendered)) for c in paired]
        losing = [(c, lost) for c, lost in losing if lost]
        lines += ["", f"Calls whose {what} lost what their JSON answer kept: {len(losing)}."]
        if not losing or not named:
            continue
        lines += ["", "| description | tool | lost in Markdown |", "|---|---|---|"]
        for call, lost in losing[:SHOWN]:
            lines.append(f"| {call.spec} | {call.tool} | {'; '.join(lost)[:300]} |")
        if len(losing) > SHOWN:
            lines.append(f"| ... {len(losing) - SHOWN} more | | |")
    return lines
