"""What gets published needs no hand edits: a plain one-sentence summary, the publisher's
licence with its LICENSE file, the API's licence named as the API's, variables in plain words."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

from generator.diagnostics import GenerationError
from generator.pipeline import generate
from tests.support.paths import REPO

INTRO = """# Introduction
Welcome to the reference for the **Lichess** API! Lichess is free/libre,
open-source chess server powered by volunteers and donations.

- Get help in the [Lichess Discord channel](https://discord.gg/lichess)
"""

# The structure of Lichess's OpenAPI 3.1 description (info, one bearer scheme), in small.
DESCRIPTION: dict = {
    "openapi": "3.1.0",
    "info": {
        "title": "Lichess.org API reference",
        "version": "2.0.0",
        "description": INTRO,
        "license": {"name": "AGPL-3.0-or-later", "url": "https://www.gnu.org/licenses/agpl"},
    },
    "servers": [{"url": "https://lichess.org"}],
    "components": {
        "securitySchemes": {"lichess_token": {"type": "http", "scheme": "bearer"}},
    },
    "security": [{"lichess_token": []}],
    "paths": {
        "/api/account": {
            "get": {
                "operationId": "accountMe",
                "responses": {"200": {"description": "ok"}},
            }
        }
    },
}


def _spec(tmp_path: Path) -> Path:
    path = tmp_path / "openapi.yaml"
    path.write_text(yaml.safe_dump(DESCRIPTION))
    return path


def test_the_summary_is_one_plain_sentence_and_the_licence_is_the_publishers(
    tmp_path: Path,
) -> None:
    package, result = generate(_spec(tmp_path), tmp_path / "out", name="lichess")
    project = tomllib.loads((package / "pyproject.toml").read_text())["project"]
    sentence = "MCP server for the Lichess.org API reference: Welcome to the reference for the"
    assert project["description"] == sentence + " Lichess API!"
    server = json.loads((package / "server.json").read_text())
    assert server["description"] == sentence + " Lichess API!"  # 93 characters: whole
    assert "#" not in project["description"] and "**" not in project["description"]

    assert project["license"] == "MIT"
    license_text = (package / "LICENSE").read_text()
    assert license_text.startswith("MIT License\n") and "lichess-mcp" in license_text
    notes = {d.code: d for d in result.diagnostics}
    assert "LICENSE_DEFAULT" in notes and "AGPL-3.0-or-later" in notes["LICENSE_DEFAULT"].message
    readme = " ".join((package / "README.md").read_text().split())
    assert "This package: `MIT`" in readme
    assert "names the licence AGPL-3.0-or-later (the API's licence, not this package's)" in readme

    variables = {v["name"]: v for v in server["packages"][0]["environmentVariables"]}
    token = variables["LICHESS_LICHESS_TOKEN"]["description"]
    assert token == "Access token, sent as a bearer token in the Authorization header"
    help_text = subprocess.run(
        [sys.executable, "-m", "lichess_mcp", "--help"],
        env={"PYTHONPATH": str(package / "src")},
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    assert "credential" not in help_text and "access token, sent as a bearer" in help_text


def test_a_long_first_sentence_is_cut_at_a_word_and_the_registry_gets_a_whole_sentence(
    tmp_path: Path,
) -> None:
    long = "Welcome " + "to the reference of a rather wordy API " * 6 + "today."
    wordy = dict(DESCRIPTION, info=dict(DESCRIPTION["info"], description=long))
    path = tmp_path / "openapi.json"
    path.write_text(json.dumps(wordy))
    package, _ = generate(path, tmp_path / "out", name="lichess")
    description = tomllib.loads((package / "pyproject.toml").read_text())["project"]["description"]
    assert description.endswith("…") and description[:-1].split()[-1] in long.split()
    server = json.loads((package / "server.json").read_text())
    assert server["description"] == "MCP server for the Lichess.org API reference."


def test_the_licence_is_chosen_in_the_overlay_or_on_the_command_line(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("license: Apache-2.0\n")
    package, result = generate(
        _spec(tmp_path), tmp_path / "out", overlay_path=overlay, name="lichess"
    )
    assert tomllib.loads((package / "pyproject.toml").read_text())["project"]["license"] == (
        "Apache-2.0"
    )
    assert "SPDX-License-Identifier: Apache-2.0" in (package / "LICENSE").read_text()
    codes = [d.code for d in result.diagnostics]
    assert "LICENSE_TEXT" in codes and "LICENSE_DEFAULT" not in codes

    proc = subprocess.run(
        [sys.executable, "-m", "generator", "generate", str(_spec(tmp_path)), "--overlay",
         str(overlay), "--license", "MIT", "--name", "other", "--out", str(tmp_path / "cli")],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    other = tmp_path / "cli" / "other-mcp"
    assert tomllib.loads((other / "pyproject.toml").read_text())["project"]["license"] == "MIT"
    assert (other / "LICENSE").read_text().startswith("MIT License")


def test_a_licence_that_is_no_spdx_expression_is_an_error(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("license: the usual one\n")
    try:
        generate(_spec(tmp_path), tmp_path / "out", overlay_path=overlay, name="lichess")
    except GenerationError as exc:
        (error,) = [d for d in exc.diagnostics if d.code == "OVERLAY_VALUE"]
        assert "not an SPDX licence expression" in error.message
    else:
        raise AssertionError("a wrong licence was accepted")
    assert not (tmp_path / "out").exists()
