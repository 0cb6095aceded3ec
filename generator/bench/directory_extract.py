"""Extract the ``APIs/`` tree of the public API directory from a git repository, for
``python -m generator.bench.directory --extract GIT_DIR DIRECTORY_ROOT``.

``git archive HEAD APIs`` stops at the first file whose content the repository lacks (a
partial mirror leaves its largest files out: ``error: invalid object``); this reads every
file of ``APIs/`` at ``HEAD`` through ``git cat-file --batch`` instead, writes the ones
present and returns the paths of those absent, and writes both to ``SOURCE.txt``
(the selection's notes quote it).
"""

from __future__ import annotations

import subprocess
import threading
from pathlib import Path

from .directory_selection import SOURCE_NOTE

TREE = "APIs"


def _git(git_dir: Path, *args: str) -> list[str]:
    return ["git", f"--git-dir={git_dir}", *args]


def extract(git_dir: Path, target: Path, revision: str = "HEAD") -> tuple[int, list[str]]:
    """Write ``APIs/`` of ``revision`` under ``target``: (files written, paths absent)."""
    listing = subprocess.run(
        _git(git_dir, "ls-tree", "-r", "-z", revision, TREE),
        capture_output=True,
        check=False,
    )
    if listing.returncode != 0:
        message = listing.stderr.decode("utf-8", "replace").strip()
        raise RuntimeError(f"{git_dir}: git ls-tree {revision} {TREE} failed: {message}")
    blobs: list[tuple[str, str]] = []  # (sha, path)
    for entry in listing.stdout.decode("utf-8").split("\0"):
        if not entry:
            continue
        meta, path = entry.split("\t", 1)
        _mode, kind, sha = meta.split()
        if kind == "blob":
            blobs.append((sha, path))
    process = subprocess.Popen(
        _git(git_dir, "cat-file", "--batch"), stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert process.stdin is not None and process.stdout is not None
    stdin = process.stdin

    def feed() -> None:
        for sha, _ in blobs:
            stdin.write(f"{sha}\n".encode())
        stdin.close()

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    written, absent = 0, []
    for sha, path in blobs:
        header = process.stdout.readline().decode().split()
        if len(header) < 3 or header[1] == "missing":
            absent.append(path)
            continue
        data = process.stdout.read(int(header[2]))
        process.stdout.read(1)  # the newline after each object
        destination = target / path
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(data)
        written += 1
    feeder.join()
    process.wait()
    commit = subprocess.run(
        _git(git_dir, "rev-parse", revision), capture_output=True, text=True, check=False
    ).stdout.strip()
    notes = [f"{git_dir} at {commit}: {written} files of {TREE}/ written, {len(absent)} absent"]
    notes += [f"absent from the repository (not extracted): {path}" for path in absent]
    (target / SOURCE_NOTE).write_text("\n".join(notes) + "\n", encoding="utf-8")
    return written, absent
