"""The README's five-minute tour runs exactly as written, from a copy of the repository's specs.

Every ``mcpforge`` command of the tour's shell blocks runs as written (in a folder holding only
``specs/``, as a fresh clone would); the package, console script and environment variables the
tour names exist in what step 1 wrote; the server's ``--help`` runs. Steps that need the network
or another program (``pip install``, ``npx``) are checked by what they name, not run.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.support.paths import REPO, SPECS

README = REPO / "README.md"


def _tour() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## A five-minute tour")
    return text[start : text.index("\n## ", start + 1)]


def _commands(section: str) -> list[list[str]]:
    """The shell lines of the section's ``sh`` blocks, comments removed, split as a shell would."""
    lines: list[list[str]] = []
    for block in re.findall(r"```sh\n(.*?)\n```", section, re.S):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words:
                lines.append(words)
    return lines


def _run(words: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    proc = subprocess.run(
        words, cwd=cwd, capture_output=True, text=True, timeout=300, env=env or os.environ.copy()
    )
    assert proc.returncode == 0, f"{shlex.join(words)} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout + proc.stderr


def test_the_readme_tour_runs_as_written(tmp_path: Path) -> None:
    shutil.copytree(SPECS, tmp_path / "specs")
    section = _tour()
    commands = _commands(section)
    mcpforge = [c for c in commands if c[0] == "mcpforge"]
    assert [c[1] for c in mcpforge] == ["generate", "preview", "diff", "generate"]

    # 1. generate, as written
    _run([sys.executable, "-m", "generator", *mcpforge[0][1:]], tmp_path)
    named = re.search(
        r"It writes `([^`]+)/`: distribution `([^`]+)`, import package `([^`]+)`, "
        r"console\s+script `([^`]+)`",
        section,
    )
    assert named, "step 1 no longer says what it writes"
    folder, dist, module, script = named.groups()
    package = tmp_path / folder
    assert (
        package.is_dir()
    ), f"step 1 wrote {sorted(p.name for p in (tmp_path / 'build').iterdir())}"
    project = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == dist and (package / "src" / module).is_dir()
    assert script in project["scripts"]

    # 2. every command the tour runs from the package names it; pip installs the folder step 1 wrote
    for words in commands:
        if words[:2] == ["pip", "install"]:
            assert (tmp_path / words[2]).is_dir(), shlex.join(words)
        elif words[0] not in ("mcpforge", "npx"):
            assert words[0] == script, shlex.join(words)
    assert f'"command": "/path/to/venv/bin/{script}"' in section
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
    env["PYTHONPATH"] = str(package / "src")
    help_text = _run([sys.executable, "-m", module, "--help"], tmp_path, env)
    generated_readme = (package / "README.md").read_text(encoding="utf-8")
    for variable in sorted(set(re.findall(r"\b(GITHUB_[A-Z_]+)\b", section))):
        assert variable in help_text and variable in generated_readme, variable

    # 4. preview one tool, as written
    shown = _run([sys.executable, "-m", "generator", *mcpforge[1][1:]], tmp_path)
    assert "issues_get" in shown

    # 6. a new description: diff against the package, then regenerate in place, as written
    shutil.copy(SPECS / "github" / "openapi.json", tmp_path / "new-openapi.json")
    _run([sys.executable, "-m", "generator", *mcpforge[2][1:]], tmp_path)
    assert (tmp_path / "CHANGELOG.md").is_file()
    _run([sys.executable, "-m", "generator", *mcpforge[3][1:]], tmp_path)
    assert sorted(p.name for p in (tmp_path / "build").iterdir()) == [folder.split("/")[-1]]


def test_the_first_readme_command_writes_the_folder_it_names(tmp_path: Path) -> None:
    text = README.read_text(encoding="utf-8")
    first = _commands(text[: text.index("\n## ")])[0]
    generate = first[first.index("&&") + 1 :]
    shutil.copytree(SPECS, tmp_path / "specs")
    _run([sys.executable, "-m", "generator", *generate[1:]], tmp_path)
    folder = re.search(r"writes a complete MCP server package to\s+`([^`]+)/`", text)
    assert folder and (tmp_path / folder.group(1)).is_dir()
