"""Breadth benchmark of default shaping: ``python -m generator.bench.breadth [CORPUS_DIR]``.

For every API description of ``CORPUS_DIR/breadth`` (real APIs-guru descriptions nobody tuned
for), ``CORPUS_DIR/openapi`` and the repository's ``specs/`` examples (with their overlays):
load it as ``generate`` does, build the runtime's tools (``spec.json`` -> ``runtime.model``),
and call every read tool (GET) through the real executor (``ServerRuntime.call``) against a
local upstream on 127.0.0.1 that answers with the operation's example body (the spec's own,
else one synthesized from its schema: ``preview/synthesize.py``). Each result is judged
against what the upstream sent by ``preview/judge.py`` (rules written apart from the shaping rules):
payload list kept, label kept, identity kept, never only wrapper metadata. Tokens are o200k
(``runtime/shaping/tokens.py``); the reduction is against the body as pretty JSON (indent 2).

Also the yardstick (``yardstick.py``): recall and precision of the defaults against the
hand-picked fields of ``essentials.py`` on the recorded corpus responses.

The table is printed and written to ``generator/bench/results/breadth.md`` (``results.py``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..diagnostics import GenerationError
from ..preview.synthesize import ExampleFinder, scalar
from ..preview.tools import is_read, tools_of
from ..runtime.shaping.tokens import count_tokens, get_encoding
from . import results as results_file
from .inputs import FIXTURES, REPO, SHARED_CORPUS
from ..preview.judge import Verdict, judge, leanest
from .upstream import LocalUpstream

DEFAULT_CORPUS = SHARED_CORPUS
GRAPHQL_SUFFIXES = (".graphql", ".graphqls", ".gql")
TARGETS = {"lists": 1.0, "labels": 0.97, "identities": 0.99, "reduction": 0.85}
WORST = 20
BIG_BODY = 400  # pretty-JSON tokens: below this, a body is small whatever is kept
FALLBACK_NOTE = "the default fields would have lost data"  # shaping/pipeline.py's note
REPAIRED_LOG = "did not match its description"  # runtime/executor.py's warning


@dataclass(frozen=True)
class Case:
    label: str  # shown in the tables
    spec: Path
    overlay: Path | None = None
    group: str = ""  # breadth | corpus | examples


@dataclass
class Call:
    spec: str
    tool: str
    source: str  # where the example body came from
    error: str | None = None
    verdict: Verdict | None = None
    raw: int = 0
    shaped: int = 0
    fallback: bool = False  # the run-time invariants replaced the default fields
    repaired: bool = False  # the defaults were read again from the response (server warning)
    compact: int = 0  # the body as compact JSON, nothing left out
    lean: int = 0  # identity and label only (judge.leanest), compact JSON

    @property
    def reduction(self) -> float:
        return 1 - self.shaped / self.raw if self.raw else 0.0

    @property
    def compact_reduction(self) -> float:
        return 1 - self.compact / self.raw if self.raw else 0.0

    @property
    def lean_reduction(self) -> float:
        return 1 - self.lean / self.raw if self.raw else 0.0


@dataclass
class SpecResult:
    case: Case
    failure: str | None = None  # the description did not load (first error line)
    reads: int = 0  # GET tools
    no_example: int = 0  # GET tools without a JSON body to serve
    calls: list[Call] = field(default_factory=list)


# ------------------------------------------------------------------------------ the corpus


def discover(corpus: Path | None, repo: Path | None = REPO) -> list[Case]:
    """Breadth descriptions, corpus descriptions, then the repository's examples (``repo``)."""
    cases: list[Case] = []
    if corpus is not None:
        for group in ("breadth", "openapi"):
            folder = corpus / group
            if folder.is_dir():
                for path in sorted(folder.iterdir()):
                    if path.suffix.lower() in (".yaml", ".yml", ".json"):
                        cases.append(Case(f"{group}/{path.name}", path, None, group))
    manifest = repo / "specs" / "manifest.yaml" if repo is not None else None
    if manifest is not None and manifest.is_file():
        data = yaml.safe_load(manifest.read_text(encoding="utf-8")) or {}
        for entry in data.get("examples") or []:
            spec = manifest.parent / entry["spec"]
            if spec.suffix.lower() in GRAPHQL_SUFFIXES:
                continue
            overlay = manifest.parent / entry["overlay"] if entry.get("overlay") else None
            cases.append(Case(f"specs/{entry['spec']} + overlay", spec, overlay, "examples"))
    return cases


# ------------------------------------------------------------------------------ arguments


def arguments_for(schema: dict[str, Any]) -> dict[str, Any]:
    """Values for the required arguments of an input schema (defaults, examples, enums first)."""
    props = schema.get("properties") or {}
    return {
        name: argument_value(props.get(name) or {}, name)
        for name in schema.get("required") or []
        if name in props or not props
    }


def argument_value(schema: dict[str, Any], name: str) -> Any:
    for key in ("default", "example", "const"):
        if key in schema:
            return schema[key]
    enum = [v for v in schema.get("enum") or [] if v is not None]
    if enum:
        return enum[0]
    for branch in schema.get("anyOf") or schema.get("oneOf") or []:
        if isinstance(branch, dict) and branch.get("type") != "null":
            return argument_value(branch, name)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((t for t in kind if t != "null"), "string")
    if kind == "array":
        return [argument_value(schema.get("items") or {}, name)]
    if kind == "object":
        return arguments_for(schema)
    value = scalar(kind or "string", schema.get("format"), name, 0, schema)
    minimum = schema.get("minLength")
    if isinstance(value, str) and isinstance(minimum, int) and len(value) < minimum:
        value = value.ljust(minimum, "x")
    pattern = schema.get("pattern")
    if isinstance(value, str) and isinstance(pattern, str):
        value = _matching(pattern, value)
    return value


def _matching(pattern: str, value: str) -> str:
    """``value`` if it matches ``pattern`` (JSON Schema: anywhere), else the first of a few
    common shapes that does (letters, digits, mixed of every length up to 100, a lat,lon
    pair, a date); ``value`` when none does (the call then reports the mismatch)."""
    try:
        regex = re.compile(pattern)
    except re.error:
        return value
    mixed = ("aB3" * 34)[:100]
    candidates = [value, "abc", "ABC", "12345", "67.85572,20.22513", "2024-05-01"]
    candidates += [mixed[:n] for n in range(1, 101)] + ["7" * n for n in range(1, 21)]
    return next((c for c in candidates if regex.search(c)), value)


# ------------------------------------------------------------------------------ calls


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:160]


def run_case(case: Case, upstream: LocalUpstream) -> SpecResult:
    from ..pipeline import load_with_overlay

    result = SpecResult(case)
    try:
        spec, _ = load_with_overlay(case.spec, overlay_path=case.overlay)
        model, pairs = tools_of(spec)
    except GenerationError as exc:
        result.failure = _first_line(exc).replace(str(case.spec), "").lstrip(":0123456789 ")
        return result
    finder = ExampleFinder(case.spec)
    work = []
    for op, tool in pairs:
        if not is_read(op):
            continue
        result.reads += 1
        example = finder.example(op)
        if example is None:
            result.no_example += 1
            continue
        work.append((tool, example))
    if work:
        result.calls = asyncio.run(_call_all(case.label, model, work, upstream))
    return result


async def _call_all(label: str, model: Any, work: list[Any], upstream: LocalUpstream) -> list[Call]:
    from ..runtime.executor import ServerRuntime
    from ..runtime.config.settings import Settings

    runtime = ServerRuntime(model, Settings(base_url=upstream.url, retries=0, read_timeout=10.0))
    calls = []
    warnings = _Warnings(logging.getLogger(ServerRuntime.__module__))
    try:
        for tool, example in work:
            upstream.serve(example.value)
            warnings.messages.clear()
            call = Call(label, tool.name, example.source.split(" at ")[0])
            call.raw = count_tokens(json.dumps(example.value, indent=2, ensure_ascii=False))
            call.compact = count_tokens(_compact(example.value))
            call.lean = count_tokens(_compact(leanest(example.value)))
            try:
                outcome = await runtime.call(tool.name, arguments_for(tool.input_schema))
            except Exception as exc:  # a crash of the runtime is a finding, not a stop
                call.error = f"crash: {type(exc).__name__}: {_first_line(exc)}"
                calls.append(call)
                continue
            call.shaped = sum(count_tokens(p) for p in outcome.parts)
            call.fallback = any(FALLBACK_NOTE in p for p in outcome.parts)
            call.repaired = any(REPAIRED_LOG in m for m in warnings.messages)
            if outcome.is_error:
                text = outcome.parts[0] if outcome.parts else "error"
                call.error = " ".join(text.strip().splitlines()[:2])[:200]
            else:
                paged = any("has_more: true" in p for p in outcome.parts[1:])
                try:
                    shaped = json.loads(outcome.parts[0]) if outcome.parts else None
                except ValueError:
                    shaped = outcome.parts[0]  # a text page: judged by the values in it
                call.verdict = judge(example.value, shaped, paged=paged)
            calls.append(call)
    finally:
        warnings.close()
        await runtime.aclose()
    return calls


class _Warnings(logging.Handler):
    """The server's warnings during the run, kept here instead of printed."""

    def __init__(self, logger: logging.Logger):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []
        self.logger, self.propagate = logger, logger.propagate
        logger.addHandler(self)
        logger.propagate = False

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())

    def close(self) -> None:
        self.logger.removeHandler(self)
        self.logger.propagate = self.propagate
        super().close()


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# ------------------------------------------------------------------------------ report


def _pct(part: int, whole: int) -> str:
    return f"{part / whole:.1%} ({part}/{whole})" if whole else "n/a"


def _pct_or_na(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1%}"


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def _p90(values: list[int]) -> int | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


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

    def meets(self) -> dict[str, bool]:
        def ratio(a: int, b: int) -> float:
            return a / b if b else 1.0

        return {
            "lists": ratio(self.lists_kept, self.lists) >= TARGETS["lists"],
            "labels": ratio(self.labels_kept, self.labelled) >= TARGETS["labels"],
            "identities": ratio(self.identities_kept, self.identified) >= TARGETS["identities"],
            "reduction": (self.median_reduction or 0.0) >= TARGETS["reduction"],
        }


def totals(calls: list[Call]) -> Totals:
    judged = [c.verdict for c in calls if c.verdict is not None]
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
        median_reduction=_median([c.reduction for c in calls if c.verdict is not None]),
    )


def _badness(call: Call) -> tuple[int, int, int]:
    v = call.verdict
    if v is None:
        return (0, 0, 0)
    return (v.lists - v.lists_kept, len(v.lost), call.raw)


def report(results: list[SpecResult], *, elapsed: float | None = None) -> str:
    calls = [c for r in results for c in r.calls]
    t = totals(calls)
    ok = t.meets()
    served = [r for r in results if r.calls]
    shaped = [c.shaped for c in calls if c.verdict is not None]
    mark = {True: "met", False: "NOT met"}
    lines = [
        "## Breadth: default shaping on descriptions nobody tuned for",
        "",
        f"Every GET tool called through the runtime executor against a local upstream that "
        f"answers with the operation's example (spec example, else synthesized from the schema); "
        f"judged by `generator/preview/judge.py`. Tokens: o200k_base.",
        "",
        "| measure | value | target |",
        "|---|---|---|",
        f"| descriptions | {len(results)} ({sum(r.failure is None for r in results)} loaded, "
        f"{len(served)} served) | |",
        f"| GET tools | {sum(r.reads for r in results)} ({sum(r.no_example for r in results)} "
        f"without a JSON body to serve) | |",
        f"| calls clean (no error) | {_pct(t.clean, t.calls)} | 100% |",
        f"| payload lists kept | {_pct(t.lists_kept, t.lists)} | 100%: {mark[ok['lists']]} |",
        f"| labels kept | {_pct(t.labels_kept, t.labelled)} | >= 97%: {mark[ok['labels']]} |",
        f"| identities kept | {_pct(t.identities_kept, t.identified)} "
        f"| >= 99%: {mark[ok['identities']]} |",
        f"| results that are only wrapper metadata | {t.wrapper_only} | 0 |",
        f"| results where the invariants replaced the defaults (generic projection) | "
        f"{_pct(sum(c.fallback for c in calls), len(calls))} | |",
        f"| results whose defaults were read again from the response (it did not match its "
        f"description; the server warns) | {_pct(sum(c.repaired for c in calls), len(calls))} | |",
        f"| median token reduction vs pretty JSON | "
        f"{'n/a' if t.median_reduction is None else f'{t.median_reduction:.1%}'} "
        f"| >= 85%: {mark[ok['reduction']]} |",
        f"| median reduction on bodies of at least {BIG_BODY} tokens (pretty JSON) | "
        f"{_pct_or_na(_median([c.reduction for c in calls if c.verdict and c.raw >= BIG_BODY]))} "
        f"| (where shaping matters) |",
        f"| tokens per call (median / p90) | {_median([float(s) for s in shaped]) or 0:.0f} / "
        f"{_p90(shaped) or 0} | |",
    ]
    by_group: dict[str, list[Call]] = {}
    for r in results:
        by_group.setdefault(r.case.group, []).extend(r.calls)
    lines += ["", "| group | calls | clean | lists kept | labels kept | identities kept | median -% |",
              "|---|---:|---:|---:|---:|---:|---:|"]  # fmt: skip
    for group, part in by_group.items():
        g = totals(part)
        red = "n/a" if g.median_reduction is None else f"{g.median_reduction:.1%}"
        lines.append(
            f"| {group} | {g.calls} | {_pct(g.clean, g.calls)} | {_pct(g.lists_kept, g.lists)} "
            f"| {_pct(g.labels_kept, g.labelled)} | {_pct(g.identities_kept, g.identified)} | {red} |"
        )
    lines += _size_bands([c for c in calls if c.verdict is not None])
    failed = [r for r in results if r.failure]
    if failed:
        lines += ["", "Descriptions that did not load (not counted):", ""]
        lines += [f"- {r.case.label}: {r.failure}" for r in failed]
    worst = sorted((c for c in calls if c.verdict and c.verdict.lost), key=_badness, reverse=True)
    lines += [
        "",
        f"### Worst calls ({len(worst)} lost something; the first {min(WORST, len(worst))})",
        "",
    ]
    lines += ["| description | tool | example | lost |", "|---|---|---|---|"]
    for c in worst[:WORST]:
        lost = c.verdict.lost if c.verdict else []
        shown = "; ".join(lost[:3]) + (f"; +{len(lost) - 3} more" if len(lost) > 3 else "")
        lines.append(f"| {c.spec} | {c.tool} | {c.source} | {shown} |")
    errors = [c for c in calls if c.error]
    if errors:
        lines += [
            "",
            f"### Calls that failed ({len(errors)}; the first {min(WORST, len(errors))})",
            "",
        ]
        lines += ["| description | tool | error |", "|---|---|---|"]
        for c in errors[:WORST]:
            lines.append(f"| {c.spec} | {c.tool} | {c.error.replace('|', '/')} |")
    if elapsed is not None:
        lines += ["", f"({t.calls} calls in {elapsed:.0f} s)"]
    return "\n".join(lines) + "\n"


SIZE_BANDS = ((0, 150), (150, BIG_BODY), (BIG_BODY, 1000), (1000, None))


def _size_bands(calls: list[Call]) -> list[str]:
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
            f"| {name} | {len(part)} | {_median([float(c.shaped) for c in part]) or 0:.0f} "
            f"| {_pct_or_na(_median([c.reduction for c in part]))} "
            f"| {_pct_or_na(_median([c.compact_reduction for c in part]))} "
            f"| {_pct_or_na(_median([c.lean_reduction for c in part]))} |"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = results_file.command_line("generator.bench.breadth", __doc__)
    parser.add_argument(
        "corpus", nargs="?", type=Path, help="default: ../shared/corpus when it exists"
    )
    parser.add_argument("--only", help="only descriptions whose label contains this text")
    parser.add_argument(
        "--no-yardstick", dest="yardstick", action="store_false",
        help="leave out the yardstick (recall and precision against essentials.py)",
    )  # fmt: skip
    parser.add_argument(
        "--no-examples", dest="examples", action="store_false",
        help="leave out the repository's specs/ examples",
    )  # fmt: skip
    results_file.add_argument(parser, "breadth")
    args = parser.parse_args(argv)
    corpus = args.corpus
    if corpus is None:
        if DEFAULT_CORPUS.is_dir():
            corpus = DEFAULT_CORPUS
            print(f"corpus: {corpus}", file=sys.stderr)
        else:
            print(
                f"corpus: {DEFAULT_CORPUS} does not exist; only the repository's specs/ examples",
                file=sys.stderr,
            )
    elif not corpus.is_dir():
        print(f"{parser.prog}: error: corpus directory {corpus} does not exist", file=sys.stderr)
        return 1
    get_encoding()
    found = discover(corpus, REPO if args.examples else None)
    cases = [c for c in found if not args.only or args.only in c.label]
    start = time.perf_counter()
    results = []
    with LocalUpstream() as upstream:
        for case in cases:
            results.append(run_case(case, upstream))
    with results_file.recorded(args.results, "generator.bench.breadth", argv):
        print(report(results, elapsed=time.perf_counter() - start))
        if args.yardstick:  # the corpus's recorded responses, else the copy in tests/fixtures
            from .yardstick import yardstick_report

            given = corpus / "responses" if corpus is not None else None
            print(yardstick_report(given if given and given.is_dir() else FIXTURES / "responses"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
