"""The official MCP conformance suite (npm ``@modelcontextprotocol/conformance``), cached.

The suite needs Node >= 22 (``fs.globSync``); the machine may have an older Node, so a Node 22
binary comes from the npm registry too (the ``node`` package), installed next to the suite in
one cache folder: ``$MCPFORGE_CONFORMANCE_DIR``, else ``~/.cache/mcpforge/conformance-<ver>``.
The first run installs (about a minute); later runs reuse the folder. ``.ci/run`` installs it
before the tests: ``python -m tests.support.conformance``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

VERSION = "0.1.16"
NODE = "22"
PACKAGE = "@modelcontextprotocol/conformance"
INSTALL_TIMEOUT_S = 600
# npm's words for "the registry cannot be reached" (the only reason the tests may skip)
UNREACHABLE = (
    "ENOTFOUND",
    "EAI_AGAIN",
    "ECONNREFUSED",
    "ECONNRESET",
    "ETIMEDOUT",
    "ENETUNREACH",
    "EHOSTUNREACH",
    "network",
    "proxy",
)


class Unreachable(RuntimeError):
    """npm is missing or its registry cannot be reached: the suite cannot be installed."""


@dataclass(frozen=True)
class Suite:
    node: Path
    script: Path

    def command(self, *args: str) -> list[str]:
        return [str(self.node), str(self.script), *args]


def cache_dir() -> Path:
    configured = os.environ.get("MCPFORGE_CONFORMANCE_DIR")
    if configured:
        return Path(configured)
    return Path.home() / ".cache" / "mcpforge" / f"conformance-{VERSION}"


def _suite(root: Path) -> Suite:
    modules = root / "node_modules"
    return Suite(modules / "node" / "bin" / "node", modules / PACKAGE / "dist" / "index.js")


def _works(suite: Suite) -> bool:
    if not (suite.node.is_file() and suite.script.is_file()):
        return False
    try:
        done = subprocess.run(
            [str(suite.node), "--version"], capture_output=True, text=True, timeout=30
        )
    except OSError:
        return False
    return done.returncode == 0 and done.stdout.startswith(f"v{NODE}.")


def ensure_suite() -> Suite:
    """The cached suite, installed first when missing; ``Unreachable`` when npm cannot fetch it.
    Any other install failure is a RuntimeError with npm's output."""
    root = cache_dir()
    suite = _suite(root)
    if _works(suite):
        return suite
    npm = shutil.which("npm")
    if npm is None:
        raise Unreachable("npm is not installed")
    root.mkdir(parents=True, exist_ok=True)
    command = [npm, "install", "--no-audit", "--no-fund", "--prefix", str(root)]
    command += [f"{PACKAGE}@{VERSION}", f"node@{NODE}"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=INSTALL_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise Unreachable(f"npm install did not finish in {INSTALL_TIMEOUT_S} s") from None
    output = (done.stdout + done.stderr)[-3000:]
    if done.returncode != 0:
        said = [line for line in output.splitlines() if any(w in line for w in UNREACHABLE)]
        if said:
            raise Unreachable(f"npm registry unreachable: {said[0].strip()}")
        raise RuntimeError(f"npm install failed ({done.returncode}):\n{output}")
    if not _works(suite):
        raise RuntimeError(
            f"npm installed the suite but {suite.node} is not Node {NODE}:\n{output}"
        )
    return suite


if __name__ == "__main__":  # .ci/run: install before the tests (an unreachable npm is no error)
    try:
        print(f"conformance suite ready: {ensure_suite().script}")
    except Unreachable as exc:
        print(f"conformance suite not installed: {exc}", file=sys.stderr)
