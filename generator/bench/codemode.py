"""Code-mode benchmark: ``python -m generator.bench.codemode [--only github,stripe]``.

Two tables (issue 32):

* ``tools/list`` o200k tokens of what a model sees (compact JSON of ``[{name, description,
  inputSchema}]``, as ``generator.bench.surface`` counts them) in code mode, next to meta mode,
  for every committed example (``specs/manifest.yaml``, with its overlay) and the whole GitHub
  REST and Stripe descriptions (no overlay); target <= 400 tokens for any API;
* ``search`` top-5 hit rate over two sets of task sentences: ``data/code_search_tasks.json``
  (the tuning set: written before search was first tuned, then tuned on) and
  ``data/code_search_heldback.json`` (the held-back set: written and committed before the
  second round of tuning, never tuned on); a hit is an expected operation among the first five
  signatures search returns; target >= 90% of the held-back set, pooled over both APIs. The
  tuning set's misses are listed; the held-back set is reported only as hit rates (per API and
  pooled), so that no one tunes on it: its misses are printed only with
  ``--show-heldback-misses`` (for auditing the set, never for tuning).

Beside it, meta mode's ``find_operations`` on the same sentences (hit rates only): it ranks
as search does. The scripted-workflow token benchmark is ``codemode_workflows.py``.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from . import results
from .inputs import GITHUB_REST, STRIPE

if TYPE_CHECKING:
    from ..ir.models import SurfaceMode

DATA = Path(__file__).resolve().parent / "data"
TUNING = "tuning set"
HELD_BACK = "held-back set"
TASK_SETS = {
    TUNING: DATA / "code_search_tasks.json",
    HELD_BACK: DATA / "code_search_heldback.json",
}
BIG = {"github": GITHUB_REST, "stripe": STRIPE}
TARGET_TOKENS = 400
TARGET_HIT_RATE = 0.9
TOP = 5


def _model(spec_path: Path, overlay: Path | None, mode: SurfaceMode) -> Any:
    from ..pipeline import load_with_overlay
    from ..render.tooldata import server_data
    from ..runtime.model import model_from_json

    spec, _ = load_with_overlay(spec_path, overlay_path=overlay)
    return model_from_json(server_data(replace(spec, mode=mode)))


def list_tokens(model: Any) -> int:
    from ..report import model_view
    from ..runtime.mcp.mcp_adapter import to_mcp_tools
    from ..runtime.shaping.tokens import count_tokens

    views = [model_view(t) for t in to_mcp_tools(model)]
    return count_tokens(json.dumps(views, ensure_ascii=False, separators=(",", ":")))


def subjects(only: set[str] | None) -> list[tuple[str, Path, Path | None]]:
    from ..examples import examples

    found = [(e.name, e.spec, e.overlay) for e in examples()]
    found += [(f"{name} (whole description)", path, None) for name, path in BIG.items()]
    return [s for s in found if only is None or s[0].split(" ")[0] in only]


def code_top(model: Any, sentence: str) -> list[str]:
    """The operations code mode's ``search`` shows first for ``sentence``."""
    from ..runtime.codemode.search import rank

    return [tool.name for _, tool in rank(model, sentence)[:TOP]]


def meta_top(model: Any, sentence: str) -> list[str]:
    """The operations meta mode's ``find_operations`` shows first for ``sentence`` (read from
    its lines, as an agent reads them)."""
    from ..runtime.meta import find

    return [line.split(":")[0] for line in find(model, sentence, None, TOP).splitlines()[:TOP]]


def hit_rate(
    model: Any, tasks: list[list[Any]], top_of: Callable[[Any, str], list[str]] = code_top
) -> tuple[int, list[str]]:
    hits, misses = 0, []
    for sentence, expected in tasks:
        top = top_of(model, sentence)
        if any(name in top for name in expected):
            hits += 1
        else:
            misses.append(f"{sentence!r}: wanted {' or '.join(expected)}; got {', '.join(top)}")
    return hits, misses


def _rate(hits: int, total: int) -> str:
    return f"{hits / total:.1%}" if total else "n/a"


def search_report(
    models: dict[str, Any],
    sets: dict[str, dict[str, list[list[Any]]]],
    *,
    show_heldback_misses: bool = False,
) -> list[str]:
    """The search table: hit rates per API and set, each set pooled over the APIs, the verdict
    on the held-back set pooled (per API beside it), and the tuning set's misses. The
    held-back set's misses only when asked for: it is measured, never read while tuning."""
    lines = ["", "## search: expected operation in the top 5", ""]
    lines += ["| API | set | tasks | hits | hit rate | target |", "|---|---|---:|---:|---:|---|"]
    totals: dict[str, tuple[int, int]] = {}
    per_api: dict[str, list[str]] = {}
    missed: dict[str, list[str]] = {}
    apis = [api for api in ("github", "stripe") if api in models]
    for name, tasks in sets.items():
        for api in apis:
            hits, misses = hit_rate(models[api], tasks[api])
            total = len(tasks[api])
            ok = "ok" if hits >= TARGET_HIT_RATE * total else f"under {TARGET_HIT_RATE:.0%}"
            lines.append(f"| {api} | {name} | {total} | {hits} | {_rate(hits, total)} | {ok} |")
            before = totals.get(name, (0, 0))
            totals[name] = (before[0] + hits, before[1] + total)
            per_api.setdefault(name, []).append(f"{api} {_rate(hits, total)} ({hits}/{total})")
            missed.setdefault(name, []).extend(f"- {api}, {name}: {m}" for m in misses)
    for name, (hits, total) in totals.items():
        if len(apis) > 1:
            ok = "ok" if hits >= TARGET_HIT_RATE * total else f"under {TARGET_HIT_RATE:.0%}"
            lines.append(f"| pooled | {name} | {total} | {hits} | {_rate(hits, total)} | {ok} |")
    if HELD_BACK in totals:
        hits, total = totals[HELD_BACK]
        met = "met" if total and hits >= TARGET_HIT_RATE * total else "NOT met"
        lines += [
            "",
            f"Target (>= {TARGET_HIT_RATE:.0%} of the held-back set in the top {TOP}, pooled): "
            f"{met}: {_rate(hits, total)} ({hits}/{total}); per API: "
            + ", ".join(per_api[HELD_BACK])
            + ".",
        ]
    shown = [m for name, ms in missed.items() for m in ms if name != HELD_BACK]
    if show_heldback_misses:
        shown += missed.get(HELD_BACK, [])
    elif missed.get(HELD_BACK):
        lines += [
            "",
            f"The held-back set's {len(missed[HELD_BACK])} misses are not shown (never tune "
            "on them; --show-heldback-misses lists them for auditing the set).",
        ]
    if shown:
        lines += ["", "Misses:", "", *shown]
    return lines


def meta_report(models: dict[str, Any], sets: dict[str, dict[str, list[list[Any]]]]) -> list[str]:
    """Meta mode's ``find_operations`` on the same task sentences (it ranks as search does):
    hit rates only, per API and set."""
    lines = ["", f"## meta mode's find: expected operation in the top {TOP}", ""]
    lines += ["| API | set | tasks | hits | hit rate |", "|---|---|---:|---:|---:|"]
    for name, tasks in sets.items():
        for api in [api for api in ("github", "stripe") if api in models]:
            hits, _ = hit_rate(models[api], tasks[api], meta_top)
            total = len(tasks[api])
            lines.append(f"| {api} | {name} | {total} | {hits} | {_rate(hits, total)} |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = results.command_line("generator.bench.codemode", __doc__)
    parser.add_argument("--only", help="comma-separated subjects (github, stripe, petstore...)")
    parser.add_argument(
        "--show-heldback-misses",
        dest="heldback_misses",
        action="store_true",
        help="list the held-back set's misses too (auditing the set only: never tune on them)",
    )
    results.add_argument(parser, "codemode")
    args = parser.parse_args(argv)
    only = set(args.only.split(",")) if args.only else None
    sets = {name: json.loads(path.read_text()) for name, path in TASK_SETS.items()}
    with results.recorded(args.results, "generator.bench.codemode", argv):
        print("## tools/list in code mode (model-visible o200k tokens)\n")
        print("| API | operations | code mode | meta mode | target |")
        print("|---|---:|---:|---:|---|")
        models: dict[str, Any] = {}
        metas: dict[str, Any] = {}
        for name, spec, overlay in subjects(only):
            print(f"measuring {name}", file=sys.stderr)
            code = _model(spec, overlay, "code")
            meta = _model(spec, overlay, "meta")
            if overlay is None:
                models[name.split(" ")[0]] = code
                metas[name.split(" ")[0]] = meta
            tokens = list_tokens(code)
            ok = "ok" if tokens <= TARGET_TOKENS else f"OVER {TARGET_TOKENS}"
            print(f"| {name} | {len(code.tools)} | {tokens} | {list_tokens(meta)} | {ok} |")
        print("\n".join(search_report(models, sets, show_heldback_misses=args.heldback_misses)))
        print("\n".join(meta_report(metas, sets)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
