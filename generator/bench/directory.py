"""Default shaping over the public API directory, split by provider:
``python -m generator.bench.directory DIRECTORY_ROOT``.

The breadth benchmark (``breadth.py``) run over several hundred descriptions of the public
API directory (APIs.guru's ``openapi-directory``; the ``zijianhuang/openapi-directory``
mirror), in two halves split by provider: a tuning half the shaping rules may be tuned on,
and a held-back half this command reports only as aggregates (never a call, a tool or a
description of it by name).

**The corpus.** ``DIRECTORY_ROOT`` is a folder holding the directory's ``APIs/`` tree
(``provider/[service/]version/openapi.yaml|swagger.yaml``); nothing of it is in this
repository. Get it with ``git clone https://github.com/APIs-guru/openapi-directory``, or from
a bare mirror with ``--extract GIT_DIR DIRECTORY_ROOT`` (which, unlike ``git archive``, goes
on past files the mirror lacks and names them). Which descriptions run, and in which half,
is the committed list ``data/directory-selection.tsv`` (path, provider, half), written by
``--select`` from the rule in ``directory_selection.py`` (the newest version of each API,
with 1 to 800 operations whose success response has a body schema, at most 60 per provider;
providers split into two halves of about as many descriptions by the SHA-256 of their
name), chosen before any shaping rule was changed against this corpus. A listed file absent
from ``DIRECTORY_ROOT`` is counted as a description that did not load.

**The calls.** Each description is loaded as ``generate`` loads it and its tools are called
through the real executor against a local upstream on 127.0.0.1 that answers with the
operation's example or a body synthesized from its schema, and judged by
``preview/judge.py`` (``breadth.py`` does all of this). To keep the run under 30 minutes on
a 2-core machine the calls are sampled: per description, up to ``--per-kind`` tools (default
5) of each kind (read, search, create, update, delete, generate, acknowledge), those first
in the order of the SHA-256 of ``"<path under APIs/>\\n<tool name>"``; the report says how
many callable tools were left out. Descriptions run in ``--workers`` processes (default 2), each
stopped after ``--time-limit`` seconds (counted as not loaded, with why).

**The report** (``directory_report.py``): per half and per kind, the calls, clean calls,
every check the judge's verdict exposes (``verdict_checks.py``: payload lists, labels,
identities, generated content, the answered resource, acknowledgements, and any check added
later), results that are only wrapper metadata, the median reduction on bodies of at least
400 tokens and the tokens per call; the gap between the halves; the descriptions that did not
load, with why. The tuning half also lists its worst calls. Written to
``generator/bench/results/directory.md`` (``results.py``); a run narrowed by ``--limit`` or
``--only`` writes nothing unless ``--results`` is given.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import resource
import signal
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Iterator

from ..runtime.shaping.tokens import get_encoding
from . import results as results_file
from .breadth import Case, SpecResult, Work, run_case
from .breadth_markdown import markdown_report
from .directory_report import TUNING, Run, report
from .directory_selection import (
    ABSENT_HINT,
    HALVES,
    Entry,
    read_selection,
    select,
    selection_notes,
    write_selection,
)
from .upstream import LocalUpstream

SELECTION = Path(__file__).resolve().parent / "data" / "directory-selection.tsv"
PER_KIND = 5
WORKERS = 2
TIME_LIMIT = 180.0  # seconds per description, load and calls
NAME = "generator.bench.directory"


# ------------------------------------------------------------------------------ sampling


def _rank(*parts: str) -> str:
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Sample:
    """Up to ``per_kind`` tools of each kind per description, ranked by SHA-256 of the
    description's path and the tool's name; the chosen keep the description's order."""

    per_kind: int

    def __call__(self, case: Case, work: list[Work]) -> list[Work]:
        by_kind: dict[str, list[int]] = {}
        for i, item in enumerate(work):
            by_kind.setdefault(item.kind, []).append(i)
        chosen: list[int] = []
        for indexes in by_kind.values():
            indexes.sort(key=lambda i: _rank(case.label, work[i].tool.name))
            chosen += indexes[: self.per_kind]
        return [work[i] for i in sorted(chosen)]


# ------------------------------------------------------------------------------ one description


class _TimeUp(BaseException):
    """Raised in a worker when a description takes longer than the time limit."""


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raise ``_TimeUp`` past ``seconds``, from the alarm; and on leaving once the time is
    past, whether or not the alarm's exception got through (the code it interrupted may
    swallow it: an event loop or a worker thread's wait catching every ``BaseException``)."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise _TimeUp()

    previous = signal.signal(signal.SIGALRM, stop)
    start = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    if time.perf_counter() - start >= seconds:
        raise _TimeUp()


def run_description(
    case: Case, upstream: LocalUpstream, per_kind: int, time_limit: float, markdown: bool = False
) -> SpecResult:
    """One description, sampled, with whatever stopped it counted as why it did not load
    (``markdown``: each call made again asking for Markdown, ``breadth_markdown.py``)."""
    start = time.perf_counter()
    if not case.spec.is_file():
        result = SpecResult(case, failure="absent from DIRECTORY_ROOT")
    else:
        try:
            with _time_limit(time_limit):
                result = run_case(case, upstream, Sample(per_kind), markdown)
        except _TimeUp:
            result = SpecResult(case, failure=f"stopped after the time limit ({time_limit:.0f} s)")
        except Exception as exc:  # a crash of the generator is a finding, not a stop
            line = (str(exc).strip().splitlines() or [""])[0][:160]
            result = SpecResult(case, failure=f"crash: {type(exc).__name__}: {line}")
    result.seconds = time.perf_counter() - start
    return result


_UPSTREAM: LocalUpstream | None = None


def _start_worker() -> None:
    global _UPSTREAM
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the pool
    _UPSTREAM = LocalUpstream().__enter__()  # lives as long as the worker process


def _in_worker(job: tuple[Case, int, float, bool]) -> SpecResult:
    assert _UPSTREAM is not None
    case, per_kind, time_limit, markdown = job
    return run_description(case, _UPSTREAM, per_kind, time_limit, markdown)


def run_all(
    cases: list[Case], *, per_kind: int, workers: int, time_limit: float, markdown: bool = False
) -> list[SpecResult]:
    """Every case, in ``workers`` processes (1: in this one), biggest files first."""
    get_encoding()  # loaded once, before the workers fork
    order = sorted(cases, key=lambda c: -(c.spec.stat().st_size if c.spec.is_file() else 0))
    results: list[SpecResult] = []

    def progress(result: SpecResult) -> None:
        results.append(result)
        if len(results) % 25 == 0 or len(results) == len(order):
            print(f"  {len(results)}/{len(order)} descriptions", file=sys.stderr, flush=True)

    if workers <= 1:
        with LocalUpstream() as upstream:
            for case in order:
                progress(run_description(case, upstream, per_kind, time_limit, markdown))
    else:
        context = multiprocessing.get_context("fork")
        pool = context.Pool(workers, initializer=_start_worker, maxtasksperchild=40)
        try:
            jobs = [(case, per_kind, time_limit, markdown) for case in order]
            for result in pool.imap_unordered(_in_worker, jobs, chunksize=1):
                progress(result)
            pool.close()  # the workers exit and are waited for: their CPU time is counted
        except BaseException:
            pool.terminate()
            raise
        finally:
            pool.join()
    label_order = {c.label: i for i, c in enumerate(cases)}
    return sorted(results, key=lambda r: label_order[r.case.label])


# ------------------------------------------------------------------------------ command line


def cases_of(root: Path, entries: list[Entry]) -> list[Case]:
    return [Case(e.path.removeprefix("APIs/"), root / e.path, None, e.half) for e in entries]


def narrowed(entries: list[Entry], only: str | None, limit: int | None) -> list[Entry]:
    """``--only``: paths containing the text; ``--limit N``: N descriptions, taken from the two
    halves in turn, each half's in the order of the SHA-256 of their path."""
    chosen = [e for e in entries if not only or only in e.path]
    if limit is None:
        return chosen
    queues = [
        sorted((e for e in chosen if e.half == h), key=lambda e: _rank(e.path)) for h in HALVES
    ]
    taken: list[Entry] = []
    while len(taken) < limit and any(queues):
        for queue in queues:
            if queue and len(taken) < limit:
                taken.append(queue.pop(0))
    return sorted(taken, key=lambda e: e.path)


def _cpu_seconds() -> float:
    """CPU time of this process and of its children waited for (the workers), in seconds."""
    used = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        used += usage.ru_utime + usage.ru_stime
    return used


def _error(message: str) -> int:
    print(f"python -m {NAME}: error: {message}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    parser = results_file.command_line(NAME, __doc__)
    parser.add_argument("root", type=Path, metavar="DIRECTORY_ROOT", help="the folder with APIs/")
    parser.add_argument(
        "--select",
        action="store_true",
        help="apply the selection rule to DIRECTORY_ROOT, write the list (--selection) and stop",
    )
    parser.add_argument(
        "--extract",
        type=Path,
        metavar="GIT_DIR",
        help="first write APIs/ of GIT_DIR's HEAD (a clone or bare mirror) into DIRECTORY_ROOT",
    )
    parser.add_argument(
        "--selection",
        type=Path,
        default=SELECTION,
        metavar="FILE",
        help=f"the list of descriptions and halves (default {SELECTION.name} in bench/data)",
    )
    parser.add_argument(
        "--per-kind",
        type=int,
        default=PER_KIND,
        metavar="N",
        help=f"tools called per kind per description (default {PER_KIND})",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=WORKERS,
        metavar="N",
        help=f"worker processes (default {WORKERS}; 1: in this process)",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=TIME_LIMIT,
        metavar="S",
        help=f"seconds per description (default {TIME_LIMIT:.0f}; 0: none)",
    )
    parser.add_argument(
        "--response-format",
        choices=("json", "markdown"),
        default="json",
        help="markdown: also make every call asking for Markdown and judge what its text "
        "shows beside the JSON answer (breadth_markdown.py; the held-back half as aggregates)",
    )
    parser.add_argument("--only", help="only descriptions whose path contains this text")
    parser.add_argument("--limit", type=int, metavar="N", help="only N descriptions (both halves)")
    parser.add_argument(
        "--results",
        metavar="FILE",
        help="where the report is written too (default generator/bench/results/directory.md, "
        "nowhere for a run narrowed by --only or --limit; '-': nowhere)",
    )
    args = parser.parse_args(argv)
    root: Path = args.root
    if args.extract is not None:
        from .directory_extract import extract

        try:
            written, absent = extract(args.extract, root)
        except RuntimeError as exc:
            return _error(str(exc))
        print(f"extracted {written} files into {root / 'APIs'}", file=sys.stderr)
        for path in absent:
            print(f"  absent from {args.extract}: {path}", file=sys.stderr)
    if not (root / "APIs").is_dir():
        return _error(f"{root / 'APIs'} does not exist: {ABSENT_HINT}")
    if args.select:
        chosen = select(root)
        write_selection(chosen, args.selection)
        print("\n".join(selection_notes(chosen)))
        print(f"written to {args.selection}", file=sys.stderr)
        return 0
    if not args.selection.is_file():
        return _error(
            f"{args.selection} does not exist: write it with `python -m {NAME} "
            f"{root} --select --selection {args.selection}`"
        )
    try:
        entries, notes = read_selection(args.selection)
    except ValueError as exc:
        return _error(str(exc))
    entries = narrowed(entries, args.only, args.limit)
    if not entries:
        return _error("no description of the selection matches --only/--limit")
    target = args.results
    if target is None:
        subset = args.only is not None or args.limit is not None
        target = "-" if subset else str(results_file.RESULTS / "directory.md")
    cases = cases_of(root, entries)
    start, cpu = time.perf_counter(), _cpu_seconds()
    markdown = args.response_format == "markdown"
    results = run_all(
        cases,
        per_kind=args.per_kind,
        workers=args.workers,
        time_limit=args.time_limit,
        markdown=markdown,
    )
    run = Run(
        results=results,
        entries=entries,
        notes=notes,
        per_kind=args.per_kind,
        workers=args.workers,
        elapsed=time.perf_counter() - start,
        cpu=_cpu_seconds() - cpu,
        load=os.getloadavg() if hasattr(os, "getloadavg") else None,
    )
    with results_file.recorded(target, NAME, argv):
        print(report(run))
        if markdown:
            for half in HALVES:  # the held-back half as aggregates only (no call by name)
                part = [r for r in results if r.case.group == half]
                print(markdown_report(part, title=f"{half} half", named=half == TUNING))
    return 0


if __name__ == "__main__":
    sys.exit(main())
