"""How long the README's test command takes: ``python -m generator.bench.testsuite``.

Runs ``.ci/run`` (a copy of the repository with nothing beside it, a fresh virtualenv, then
``python -m pytest`` there, exactly the README's second command) and reports its wall time
split into the install and the test run, the count of tests passed, skipped and failed, the
CPU time it used (every process it started, so other work on the machine does not change it)
and the machine's load average before and after. Wall time depends on what else runs; the CPU
minutes divided by the cores are what the run needs on an otherwise idle machine at the very
least. The README quotes this file, so the time it states is a measured one.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import time
from typing import Sequence

from . import results
from .inputs import REPO

SUMMARY = re.compile(r"=+ (?P<counts>[^=]*?) in (?P<seconds>[\d.]+)s(?: \([\d:]+\))? =+\s*$", re.M)


def _load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def main(argv: Sequence[str] | None = None) -> int:
    parser = results.command_line("generator.bench.testsuite", __doc__)
    results.add_argument(parser, "testsuite")
    args = parser.parse_args(argv)
    load_before = _load()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run(
        [str(REPO / ".ci" / "run")], cwd=REPO, capture_output=True, text=True, check=False
    )
    total = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    cores = (
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    )
    load_after = _load()
    found = SUMMARY.search(done.stdout)
    if found is None:
        sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
        print(f"{parser.prog}: error: no pytest summary in the output of .ci/run", file=sys.stderr)
        return 1
    counts = dict((word, int(n)) for n, word in re.findall(r"(\d+) (\w+)", found.group("counts")))
    tests = float(found.group("seconds"))
    if done.returncode != 0:  # what failed, so a failure is never just a number
        failures = done.stdout.find("= FAILURES =")
        sys.stderr.write(
            done.stdout[failures - 40 :][-20000:] if failures >= 0 else done.stdout[-5000:]
        )
    with results.recorded(args.results, "generator.bench.testsuite", argv):
        print("| measure | value |")
        print("|---|---|")
        print(f"| .ci/run exit code | {done.returncode} |")
        print(f"| tests passed | {counts.get('passed', 0)} |")
        print(f"| tests skipped | {counts.get('skipped', 0)} |")
        print(f"| tests failed | {counts.get('failed', 0) + counts.get('errors', 0)} |")
        print(f"| test run (python -m pytest), minutes | {tests / 60:.1f} |")
        print(f"| install and conformance suite, minutes | {(total - tests) / 60:.1f} |")
        print(f"| whole .ci/run, minutes | {total / 60:.1f} |")
        print(f"| CPU time of the whole .ci/run (all processes), minutes | {cpu / 60:.1f} |")
        print(f"| that CPU time spread over the {cores} cores, minutes | {cpu / 60 / cores:.1f} |")
        print(f"| load average before / after | {load_before:.1f} / {load_after:.1f} |")
    return 0 if done.returncode == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
