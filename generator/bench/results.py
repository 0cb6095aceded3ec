"""Each benchmark writes the table it prints to ``generator/bench/results/<name>.md`` too.

The file starts with a header giving the machine, the date, the commit and the command, so the
README and the reference pages can quote a file instead of copying figures that then drift
(``tests/bench/test_readme_figures.py``). ``--results FILE`` writes elsewhere; ``--results -``
writes nothing (tests use it).
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import re
import subprocess
import sys
from contextlib import contextmanager, redirect_stdout
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator, Sequence, TextIO

from .inputs import REPO

RESULTS = Path(__file__).resolve().parent / "results"


def plain(doc: str) -> str:
    """A module docstring as plain text for ``--help``: no reStructuredText markup."""
    text = re.sub(r"``([^`]+)``", r"\1", doc)
    text = re.sub(r"`([^`]+)`", r"\1", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"\1", text)
    text = re.sub(r"(?m)^(\s*)\* ", r"\1- ", text)
    return text.strip() + "\n"


def command_line(module: str, doc: str | None) -> argparse.ArgumentParser:
    """The parser of ``python -m MODULE``: its docstring, in plain text, is the description."""
    return argparse.ArgumentParser(
        prog=f"python -m {module}",
        description=plain(doc or ""),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def add_argument(parser: argparse.ArgumentParser, name: str) -> None:
    default = RESULTS / f"{name}.md"
    parser.add_argument(
        "--results",
        default=str(default),
        metavar="FILE",
        help=f"where the table is written too (default {default.relative_to(REPO)}; '-': nowhere)",
    )


def _commit() -> str:
    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else ""

    sha = git("rev-parse", "--short=12", "HEAD")
    if not sha:
        return "unknown (not a git checkout)"
    dirty = git(  # the code measured: results files and pages quoting them are not code
        "status",
        "--porcelain",
        "--untracked-files=no",
        "--",
        "generator",
        "templates",
        ":(exclude)generator/bench/results",
        ":(exclude,glob)**/*.md",
    )
    return sha + (" plus uncommitted changes to generator/ or templates/" if dirty else "")


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = ""
    if hasattr(os, "getloadavg"):  # timings depend on what else ran: say how busy it was
        load = f", load average {os.getloadavg()[0]:.1f} when written"
    return (
        f"{cpu}, {cores} cores, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}{load}"
    )


def header(command: str) -> str:
    date = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (
        f"<!-- written by `{command}`; do not edit: rerun the command -->\n"
        f"- machine: {_machine()}\n"
        f"- date: {date}\n"
        f"- commit: {_commit()}\n"
        f"- command: `{command}`\n"
    )


class _Tee(io.TextIOBase):
    def __init__(self, *streams: TextIO) -> None:
        self.streams = streams

    def write(self, text: str) -> int:
        for stream in self.streams:
            stream.write(text)
        return len(text)

    def flush(self) -> None:
        for stream in self.streams:
            stream.flush()


@contextmanager
def recorded(target: str, module: str, argv: Sequence[str] | None) -> Iterator[None]:
    """Everything printed inside goes to stdout and, when the block ends without an error, to
    ``target`` (unless it is ``-``) under the header."""
    args = list(sys.argv[1:] if argv is None else argv)
    command = " ".join(["python -m", module, *args])
    buffer = io.StringIO()
    with redirect_stdout(_Tee(sys.stdout, buffer)):
        yield
    if target == "-":
        return
    path = Path(target)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(header(command) + "\n" + buffer.getvalue(), encoding="utf-8")
    print(f"written to {path}", file=sys.stderr)
