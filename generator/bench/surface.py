"""Tool-surface benchmark: ``python -m generator.bench.surface [--repeats N] [--only NAME]``.

For GitHub REST, Stripe (OpenAPI) and Linear (GraphQL) of the corpus, side by side in one run:

* ``tools/list`` o200k tokens of what a model sees (compact JSON of ``[{name, description,
  inputSchema}]``, output schemas left out; the bench.generation measure) for our server in
  per-operation mode and in meta mode, and for ``fastmcp`` ``FastMCP.from_openapi`` (OpenAPI
  only); our server instructions (sent once at initialize) are shown on their own;
* cold start: spawn to complete ``tools/list`` over stdio with the real MCP client (median of
  ``--repeats``), for each of the three servers;
* peak memory: the server process's VmHWM right after the reply;
* where the per-op listing's tokens go (``listing_parts.py``): the listing counted again
  without the control arguments, without descriptions, and with every argument's schema
  empty, which gives the floor of any listing that names every operation and argument;
* callability (``callability.py``): for every tool of the committed examples (``specs/``) and
  of the breadth corpus (``--breadth``, default ``../shared/corpus/breadth``), arguments built
  from the LISTED schema validated against the FULL one (target >= 99% of tools);
  ``--callability-only`` runs just this part (written to ``results/callability.md``).

Helpers (server launch, stdio measurement, FastMCP in-process fallback) come from
``generator.bench.generation``. Prints a Markdown table on stdout; progress on stderr.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Sequence

from . import results
from .generation import (
    REPO_ROOT,
    ServerFigures,
    _fastmcp_version,
    add_server_arguments,
    fastmcp_in_process,
    fastmcp_server_launch,
    load_document,
    measure_server,
    our_server_launch,
)
from .callability import corpus_rows, render_rows
from .listing_parts import ListingParts, listing_parts, render_parts
from .inputs import FIXTURES, GITHUB_REST, LINEAR, SHARED_CORPUS, SPECS, STRIPE

BREADTH = SHARED_CORPUS / "breadth"
FASTMCP_FACTOR = 4  # target (issue 32): per-op tools/list at most a quarter of FastMCP's
META_TARGET_TOKENS = 2000


@dataclass(frozen=True)
class Subject:
    name: str
    path: Path
    openapi: bool


SUBJECTS: tuple[Subject, ...] = (
    Subject("github", GITHUB_REST, True),
    Subject("stripe", STRIPE, True),
    Subject("linear", LINEAR, False),
)


@dataclass(frozen=True)
class Row:
    subject: str
    operations: int
    per_op: ServerFigures
    instructions_tokens: int
    meta: ServerFigures
    fastmcp: ServerFigures | None
    note: str = ""
    parts: ListingParts | None = None  # where the per-op listing's tokens go


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def generate_package(spec: Path, name: str, mode: str, out: Path) -> Path:
    command = [sys.executable, "-m", "generator", "generate", str(spec), "--name", name]
    command += ["--mode", mode, "--out", str(out)]
    done = subprocess.run(command, cwd=REPO_ROOT, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"generation of {spec} ({mode}) failed:\n{done.stderr[-2000:]}")
    return out / f"{name}-mcp"


def bench_subject(
    subject: Subject, fastmcp_python: Path | None, repeats: int, timeout_s: float
) -> Row:
    from ..report import surface_report

    report = surface_report(subject.path, mode="per-op")
    with tempfile.TemporaryDirectory(prefix=f"surface-{subject.name}-") as tmp:
        work = Path(tmp)
        figures: dict[str, ServerFigures] = {}
        for mode in ("per-op", "meta"):
            _progress(f"[{subject.name}] generating {mode} ...")
            package = generate_package(subject.path, subject.name, mode, work / mode)
            _progress(f"[{subject.name}] starting our {mode} server x{repeats} ...")
            launch = our_server_launch(package, subject.name)
            base = {f"{subject.name.upper()}_BASE_URL": "http://127.0.0.1:9"}  # never called
            launch = replace(launch, env={**launch.env, **base})
            figures[mode] = measure_server(launch, repeats=repeats, timeout_s=timeout_s)
        fast, note = None, ""
        if not subject.openapi:
            note = "FastMCP from_openapi does not take GraphQL"
        elif fastmcp_python is None:
            note = "FastMCP skipped: no interpreter with fastmcp"
        else:
            _progress(f"[{subject.name}] starting FastMCP x{repeats} ...")
            launch = fastmcp_server_launch(
                fastmcp_python, load_document(subject.path), subject.name, work
            )
            try:
                fast = measure_server(launch, repeats=repeats, timeout_s=timeout_s)
                if fast.ready_s is None:
                    fast, note = fastmcp_in_process(launch, fast, work)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                note = f"FastMCP failed: {str(exc).splitlines()[0]}"
    return Row(
        subject.name,
        report.operations,
        figures["per-op"],
        report.instructions_tokens,
        figures["meta"],
        fast,
        note,
        listing_parts(subject.path),
    )


def _num(value: float | int | None, digits: int = 2) -> str:
    if value is None:
        return "n/a"
    return f"{value:,}" if isinstance(value, int) else f"{value:,.{digits}f}"


def _ready(f: ServerFigures | None) -> str:
    if f is None:
        return "n/a"
    return _num(f.ready_s) if f.ready_s is not None else f"> {f.timeout_s:.0f} (no reply)"


def render(rows: Sequence[Row], repeats: int, version: str | None) -> str:
    head = (
        "| API | ops | tools/list tokens per-op (+instructions) | meta | FastMCP "
        "| per-op / FastMCP | cold start s per-op / meta / FastMCP "
        "| peak RSS MB per-op / meta / FastMCP |"
    )
    lines = [head, "|" + "---|" * 8]
    for r in rows:
        fast = r.fastmcp
        ratio = (
            f"{(r.per_op.tokens + r.instructions_tokens) / fast.tokens:.2f}"
            if fast is not None and fast.tokens and r.per_op.tokens is not None
            else "n/a"
        )
        star = "*" if fast is not None and fast.in_process else ""
        cells = [
            r.subject,
            _num(r.operations),
            f"{_num(r.per_op.tokens)} (+{_num(r.instructions_tokens)})",
            _num(r.meta.tokens),
            (_num(fast.tokens) + star) if fast is not None else "n/a",
            ratio,
            f"{_ready(r.per_op)} / {_ready(r.meta)} / {_ready(fast)}",
            f"{r.per_op.peak_rss_mb:.0f} / {r.meta.peak_rss_mb:.0f} / "
            + (f"{fast.peak_rss_mb:.0f}" if fast is not None else "n/a"),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "Targets:"]
    for r in rows:
        fast = r.fastmcp
        ours = (r.per_op.tokens or 0) + r.instructions_tokens
        if fast is not None and fast.tokens:
            ok = ours * FASTMCP_FACTOR <= fast.tokens
            lines.append(
                f"- {r.subject}: per-op <= 1/{FASTMCP_FACTOR} of FastMCP: "
                f"{'met' if ok else 'NOT met'} ({ours:,} vs {fast.tokens / FASTMCP_FACTOR:,.0f})"
            )
            if r.parts is not None:
                lines.append(
                    f"  (of which {r.parts.controls:,} declare fields, detail_level and "
                    "response_format in every tool's schema)"
                )
            if r.per_op.ready_s is not None:
                faster = fast.ready_s is None or r.per_op.ready_s < fast.ready_s
                lines.append(
                    f"- {r.subject}: cold start faster than FastMCP: "
                    f"{'met' if faster else 'NOT met'}"
                )
        meta_ok = r.meta.tokens is not None and r.meta.tokens < META_TARGET_TOKENS
        lines.append(
            f"- {r.subject}: meta < {META_TARGET_TOKENS:,} tokens: "
            f"{'met' if meta_ok else 'NOT met'} ({_num(r.meta.tokens)})"
        )
    for r in rows:
        if r.parts is not None:
            target = r.fastmcp.tokens / FASTMCP_FACTOR if r.fastmcp and r.fastmcp.tokens else None
            lines += render_parts(r.subject, r.parts, target)
    peer = f"fastmcp {version}" if version else "fastmcp not run"
    lines.append(
        f"\nCold start = spawn to complete tools/list over stdio (median of {repeats}); tokens = "
        "o200k of compact JSON [{name, description, inputSchema}] (output schemas left out), "
        f"continue tool included; instructions counted apart; {peer}."
    )
    lines += [f"Note: {r.subject}: {r.note}" for r in rows if r.note]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = results.command_line("generator.bench.surface", __doc__)
    add_server_arguments(parser)
    parser.add_argument(
        "--only",
        action="append",
        choices=[s.name for s in SUBJECTS],
        help="this API only (repeat for more)",
    )
    parser.add_argument(
        "--breadth",
        type=Path,
        default=BREADTH if BREADTH.is_dir() else FIXTURES / "breadth" / "openapi",
        help="folder of specs for the callability measure (default: ../shared/corpus/breadth)",
    )
    parser.add_argument(
        "--callability-only",
        action="store_true",
        help="only the callability measure (written to results/callability.md)",
    )
    results.add_argument(parser, "surface")
    args = parser.parse_args(argv)
    if args.callability_only and args.results == str(results.RESULTS / "surface.md"):
        args.results = str(results.RESULTS / "callability.md")  # keep the full table's file
    python: Path | None = args.fastmcp_python
    version = _fastmcp_version(python) if python is not None else None
    if python is not None and version is None:
        python = None
    subjects = [s for s in SUBJECTS if not args.only or s.name in args.only]
    start = time.perf_counter()
    rows = []
    if not args.callability_only:
        rows = [bench_subject(s, python, args.repeats, args.server_timeout) for s in subjects]
    _progress(f"callability: specs/ and {args.breadth} ...")
    callable_rows, skipped = corpus_rows(SPECS, args.breadth)
    with results.recorded(args.results, "generator.bench.surface", argv):
        if rows:
            print(render(rows, args.repeats, version))
            print()
        print("Callable from the listing: arguments built from each tool's LISTED input schema")
        print("(generator/bench/callability.py), validated against its FULL schema.\n")
        print(render_rows(callable_rows, skipped))
    _progress(f"benchmark took {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
