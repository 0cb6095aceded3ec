"""The official MCP conformance suite's generic server scenarios against a generated package
(the committed petstore example) served over streamable HTTP on 127.0.0.1.

The suite (npm ``@modelcontextprotocol/conformance``, with a Node 22 binary from npm) is
installed once into a cache folder (tests/support/conformance.py). The tests skip, saying why,
only when npm or its registry cannot be reached.
"""

from __future__ import annotations

import re
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.support.conformance import Suite, Unreachable, ensure_suite
from tests.support.paths import GENERATED
from tests.support.servers import http_server

# Scenarios that test a server whatever its tools are: run, and expected to pass.
GENERIC = (
    "server-initialize",
    "ping",
    "tools-list",
    "dns-rebinding-protection",
    "logging-set-level",
    "server-sse-multiple-streams",
    "completion-complete",
)
# Generic scenarios expected to fail, each with the reason (empty when all pass).
EXPECTED_FAILURES: dict[str, str] = {
    "completion-complete": (
        "completion/complete completes prompt and resource-template arguments; a generated "
        "server has neither, so it declares no completions capability (-32601 is the answer)"
    ),
}
# Scenarios that call the suite's own fixture tools, resources or prompts
# (tools-call-image, json_schema_2020_12_tool, test_reconnection, ...): not for API servers.
FIXTURE_PREFIXES = ("tools-call-", "resources-", "prompts-", "elicitation-")
FIXTURE = ("json-schema-2020-12", "server-sse-polling")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture(scope="module")
def suite() -> Suite:
    try:
        return ensure_suite()
    except Unreachable as exc:
        pytest.skip(f"MCP conformance suite not available: {exc}")


@pytest.fixture(scope="module")
def results(suite: Suite) -> dict[str, tuple[int, str]]:
    """scenario -> (exit code, output), all generic scenarios run side by side (each mostly
    waits on the suite's own timers)."""
    package = GENERATED / "petstore-mcp"
    with http_server(package, "petstore_mcp", {"PETSTORE_BASE_URL": "http://127.0.0.1:9"}) as url:

        def run(scenario: str) -> tuple[int, str]:
            command = suite.command("server", "--url", url, "--scenario", scenario)
            done = subprocess.run(command, capture_output=True, text=True, timeout=180)
            return done.returncode, _ANSI.sub("", done.stdout + done.stderr)

        with ThreadPoolExecutor(max_workers=len(GENERIC)) as pool:
            return dict(zip(GENERIC, pool.map(run, GENERIC)))


def test_every_server_scenario_of_the_suite_is_run_or_said_not_to_apply(suite: Suite) -> None:
    listed = subprocess.run(suite.command("list"), capture_output=True, text=True, timeout=60)
    text = _ANSI.sub("", listed.stdout)
    server_part = text.split("Client scenarios")[0]
    scenarios = re.findall(r"^\s*-\s*([a-z0-9-]+)\s", server_part, re.M)
    assert "server-initialize" in scenarios, text
    unclassified = [
        s
        for s in scenarios
        if s not in GENERIC and s not in FIXTURE and not s.startswith(FIXTURE_PREFIXES)
    ]
    assert unclassified == [], "new server scenarios: run them (GENERIC) or say why not"


@pytest.mark.parametrize("scenario", GENERIC)
def test_generic_server_scenario(results: dict[str, tuple[int, str]], scenario: str) -> None:
    code, output = results[scenario]
    passed = code == 0 and re.search(r"\b0 failed\b", output) is not None
    if scenario in EXPECTED_FAILURES:
        assert not passed, f"{scenario} passes now: remove it from EXPECTED_FAILURES"
        return
    assert passed, output[-3000:]


def test_expected_failures_say_why() -> None:
    assert all(reason.strip() for reason in EXPECTED_FAILURES.values())
    assert set(EXPECTED_FAILURES) <= set(GENERIC)
