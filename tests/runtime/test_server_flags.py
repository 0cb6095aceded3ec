"""A generated server's flags reach its settings as arguments: the environment stays untouched."""

import json
import os
import socket
from pathlib import Path

import pytest
from mcp import Client

from generator.runtime.errors import ConfigurationError
from generator.runtime.mcp import app
from generator.runtime.model import load_model


def _tool(name: str, method: str, toolsets: list[str]) -> dict:
    binding = {"kind": "http", "method": method, "path": f"/{name}"}
    return {
        "name": name,
        "input_schema": {"type": "object"},
        "binding": binding,
        "toolsets": toolsets,
    }


SPEC = {
    "server": {
        "name": "flagdemo",
        "env_prefix": "FLAGDEMO",
        "base_url": "http://127.0.0.1:9/",
        "toolsets": ["issues", "repos"],
    },
    "tools": [
        _tool("list_issues", "GET", ["issues"]),
        _tool("create_issue", "POST", ["issues"]),
        _tool("get_repo", "GET", ["repos"]),
    ],
}


@pytest.fixture
def spec_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for key in list(os.environ):
        if key.startswith("FLAGDEMO_"):
            monkeypatch.delenv(key)
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(SPEC))
    return path


def test_starting_with_flags_leaves_the_environment_as_it_was(spec_path: Path) -> None:
    with socket.socket() as taken:  # the server is built, then cannot listen: run() returns 1
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        before = dict(os.environ)
        code = app.run(
            spec_path,
            ["--transport", "http", "--port", port, "--toolsets", "issues", "--read-only"]
            + ["--auth-issuer-url", "https://issuer.example", "--auth-resource-url"]
            + ["https://mcp.example/mcp"],
        )
    assert code == 1
    assert dict(os.environ) == before


@pytest.mark.anyio
async def test_a_flag_takes_effect_and_wins_over_its_variable(
    spec_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLAGDEMO_TOOLSETS", "repos")
    model = load_model(spec_path)
    flags = app.flag_values(model, app.parse_args(model, ["--toolsets", "issues", "--read-only"]))
    async with Client(app.make_server(model, flags)) as client:
        listed = [t.name for t in (await client.list_tools()).tools]
    assert listed == ["list_issues", model.continue_tool_name]
    assert os.environ["FLAGDEMO_TOOLSETS"] == "repos" and "FLAGDEMO_READ_ONLY" not in os.environ
    async with Client(app.make_server(model)) as client:  # without flags: the variable
        listed = [t.name for t in (await client.list_tools()).tools]
    assert listed == ["get_repo", model.continue_tool_name]


def test_an_error_names_the_flag_that_set_the_value(spec_path: Path) -> None:
    model = load_model(spec_path)
    flags = app.flag_values(model, app.parse_args(model, ["--toolsets", "nope"]))
    with pytest.raises(ConfigurationError, match="--toolsets: unknown toolset"):
        app.make_server(model, flags)
