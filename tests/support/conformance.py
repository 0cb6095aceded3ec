"""The official MCP conformance suite (npm ``@modelcontextprotocol/conformance``), cached.

The suite needs Node >= 22 (``fs.globSync``); npm_cache.py installs a Node 22 binary next to it
in one cache folder: ``$MCPFORGE_CONFORMANCE_DIR``, else ``~/.cache/mcpforge/conformance-<ver>``.
The first run installs (about a minute); later runs reuse the folder. ``.ci/run`` installs it
before the tests: ``python -m tests.support.conformance``.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.support.npm_cache import Unreachable, node_binary, node_works, npm_install

VERSION = "0.1.16"
PACKAGE = "@modelcontextprotocol/conformance"

__all__ = ["Suite", "Unreachable", "cache_dir", "ensure_suite"]


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
    return Suite(node_binary(root), root / "node_modules" / PACKAGE / "dist" / "index.js")


def ensure_suite() -> Suite:
    """The cached suite, installed first when missing; ``Unreachable`` when npm cannot fetch it.
    Any other install failure is a RuntimeError with npm's output."""
    root = cache_dir()
    suite = _suite(root)
    if not (node_works(root) and suite.script.is_file()):
        npm_install(root, [f"{PACKAGE}@{VERSION}"])
    return suite


if __name__ == "__main__":  # .ci/run: install before the tests (an unreachable npm is no error)
    try:
        print(f"conformance suite ready: {ensure_suite().script}")
    except Unreachable as exc:
        print(f"conformance suite not installed: {exc}", file=sys.stderr)
