"""npm packages the end-to-end tests run, installed once into a cache folder outside the repository.

The machine's Node may be older than a package wants, so a Node 22 binary comes from the npm
registry too (the ``node`` package), installed next to the packages. Used by the MCP
conformance suite (conformance.py) and the test authorization server (oidc.py); ``.ci/run``
installs both before the tests. An npm registry that cannot be reached is ``Unreachable`` (the
only reason a test that needs one may skip); any other install failure is an error.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

NODE = "22"
INSTALL_TIMEOUT_S = 600
# npm's words for "the registry cannot be reached"
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
    """npm is missing or its registry cannot be reached: the packages cannot be installed."""


def node_binary(root: Path) -> Path:
    return root / "node_modules" / "node" / "bin" / "node"


def node_works(root: Path) -> bool:
    node = node_binary(root)
    if not node.is_file():
        return False
    try:
        done = subprocess.run([str(node), "--version"], capture_output=True, text=True, timeout=30)
    except OSError:
        return False
    return done.returncode == 0 and done.stdout.startswith(f"v{NODE}.")


def npm_install(root: Path, packages: list[str]) -> None:
    """``npm install packages node@22`` into ``root``; Unreachable or RuntimeError on failure."""
    npm = shutil.which("npm")
    if npm is None:
        raise Unreachable("npm is not installed")
    root.mkdir(parents=True, exist_ok=True)
    command = [npm, "install", "--no-audit", "--no-fund", "--prefix", str(root)]
    command += [*packages, f"node@{NODE}"]
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
    if not node_works(root):
        raise RuntimeError(f"npm installed {packages} but {node_binary(root)} is not Node {NODE}")
