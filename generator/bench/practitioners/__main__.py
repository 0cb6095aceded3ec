"""``python -m generator.bench.practitioners [--external DIR] [--show-held-back] [--only TEXT]``."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Sequence

from ...runtime.shaping.tokens import get_encoding
from .. import results as results_file
from .data import load
from .report import report
from .run import run


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m generator.bench.practitioners", description=__doc__
    )
    parser.add_argument(
        "--external",
        type=Path,
        metavar="DIR",
        help="a folder holding the descriptions whose license allows no copy in the "
        "repository (see data/SOURCES.md); without it those rows are listed as not scored",
    )
    parser.add_argument(
        "--show-held-back",
        action="store_true",
        help="also list the held-back half's misses (do not tune on them)",
    )
    parser.add_argument("--only", metavar="TEXT", help="rows whose id or API contains TEXT")
    results_file.add_argument(parser, "practitioners")
    args = parser.parse_args(argv)
    if args.external is not None and not args.external.is_dir():
        print(f"error: --external {args.external} is not a directory", file=sys.stderr)
        return 2
    get_encoding()
    yardstick = load()
    rows = [r for r in yardstick.rows if not args.only or args.only in r.id or args.only == r.api]
    start = time.perf_counter()
    results = run(yardstick, rows, args.external)
    elapsed = time.perf_counter() - start
    with results_file.recorded(args.results, "generator.bench.practitioners", argv):
        print(report(yardstick, results, show_held_back=args.show_held_back))
    print(f"{len(results)} rows in {elapsed:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
