"""Every environment variable a generated server reads is named in its ``--help`` (and README):
the runtime reads them only through config/environment.py, whose table feeds both."""

import re
from pathlib import Path
from typing import Any, Iterator, Mapping

import pytest

from generator.render.plan import RUNTIME_DIR
from generator.runtime.config.auth import CredentialSet
from generator.runtime.config.environment import RETIRED, VARIABLES, full_name, listing, value
from generator.runtime.config.resource_server import resource_server_from_env
from generator.runtime.config.settings import settings_from_env
from generator.runtime.mcp.app import log_level, parse_args
from generator.runtime.mcp.toolsets import restrict_from_env
from generator.runtime.model import ServerModel, load_model
from tests.support.paths import GENERATED

EXAMPLES = sorted(p.name for p in GENERATED.iterdir() if (p / "src").is_dir())


def _model(example: str) -> ServerModel:
    return load_model(next((GENERATED / example / "src").glob("*/spec.json")))


class Recording(Mapping[str, str]):
    """An environment that remembers every name asked for."""

    def __init__(self, values: dict[str, str]) -> None:
        # not "values": that would hide Mapping.values()
        self.known, self.asked = values, set[str]()

    def __getitem__(self, key: str) -> str:
        self.asked.add(key)
        return self.known[key]

    def get(self, key: str, default: Any = None) -> Any:
        self.asked.add(key)
        return self.known.get(key, default)

    def __contains__(self, key: object) -> bool:
        self.asked.add(str(key))
        return key in self.known

    def __iter__(self) -> Iterator[str]:
        raise AssertionError("the runtime must not scan the environment")

    def __len__(self) -> int:
        return len(self.known)


def _help(model: ServerModel, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as done:
        parse_args(model, ["--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_variable_read_at_start_is_named_in_help(
    example: str, capsys: pytest.CaptureFixture[str]
) -> None:
    model = _model(example)
    env = Recording({})
    settings_from_env(model, env)
    restrict_from_env(model, env)
    CredentialSet(model.credentials, env)
    log_level(model, None, env)
    resource_server_from_env(model, env)
    text = _help(model, capsys)
    assert env.asked, "nothing was read"
    # a retired variable is read only to refuse it, with its message, when set: a server
    # generated today does not list it (RUNTIME.md says what became of it)
    retired_names = {f"{model.env_prefix}_{suffix}" for suffix, _, _ in RETIRED}
    asked = set(env.asked) - retired_names
    missing = sorted(name for name in asked if not re.search(rf"^  {name}$", text, re.M))
    assert missing == []
    assert "no longer supported" not in text
    for name, meaning, _ in listing(model):  # each with its one-line meaning
        assert re.search(rf"^  {name}\n {{6}}\S", text, re.M), name
        assert meaning and "\n" not in meaning
    readme = (GENERATED / example / "README.md").read_text(encoding="utf-8")
    assert sorted(n for n, _, _ in listing(model) if f"| `{n}` |" not in readme) == []


def test_help_says_what_each_variable_means_and_what_else_is_honoured(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = _help(_model("github-mcp"), capsys)
    assert "  GITHUB_BASE_URL\n      upstream API base URL (default https://api.github.com)" in text
    assert "  GITHUB_TOKEN\n      access token, sent as a bearer token" in text
    assert "  GITHUB_CACHE_URL\n      redis://host:port/db" in text
    assert "  GITHUB_LOG_LEVEL\n      stderr log level" in text
    assert "HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, NO_PROXY" in text
    assert "exit codes: 0 the server stopped; 1 it could not serve" in text
    graphql = _help(_model("linear-mcp"), capsys)
    assert "  LINEAR_GRAPHQL_URL\n" in graphql and "  GITHUB_GRAPHQL_URL" not in text


def test_a_name_not_in_the_table_cannot_be_read() -> None:
    model = _model("petstore-mcp")
    assert value({"PETSTORE_TIMEOUT": "5"}, model, "TIMEOUT") == "5"
    assert full_name(model, "RETRIES") == "PETSTORE_RETRIES"
    with pytest.raises(KeyError, match="NEW_THING is not in runtime/config/environment.py"):
        value({}, model, "NEW_THING")
    assert len({v.suffix for v in VARIABLES}) == len(VARIABLES)


def test_no_runtime_module_reads_the_environment_but_through_the_table() -> None:
    reads = re.compile(
        r"\b(?:env|environ|os\.environ)\.get\(|getenv\(|os\.environ\[[^\]]+\](?!\s*=)"
    )
    found = []
    for path in sorted(Path(RUNTIME_DIR).rglob("*.py")):
        if path.name == "environment.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if reads.search(line):
                found.append(f"{path.relative_to(RUNTIME_DIR)}:{number}: {line.strip()}")
    assert found == []
