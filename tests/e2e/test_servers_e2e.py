"""End to end for servers declared per path and per operation: a package generated from
tests/fixtures/specs/hosts.yaml runs as a real process, driven by the real MCP client over
stdio, with two local upstreams: the API's own and another host. Each call reaches the server
its operation declares (its own variable overrides it), and credentials go only where the
description binds them."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.pipeline import generate
from tests.support.results import text_of
from tests.support.servers import package_env, stdio_session
from tests.support.upstream import Reply, Upstream

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "hosts.yaml"
THINGS = [{"id": "t1", "name": "One"}]


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return generate(SPEC, tmp_path_factory.mktemp("hosts"), name="hosts")[0]


@pytest.mark.anyio
async def test_each_call_reaches_the_server_its_operation_declares(package: Path) -> None:
    with Upstream() as api, Upstream() as other:
        api.route("GET", "/v1/things", Reply.json(THINGS))
        api.route("GET", "/v2/reports", Reply.json(THINGS))
        other.route("GET", "/v1/files/{id}", Reply.json(THINGS[0]))
        other.route("PUT", "/objects/{key}", Reply(204, b"", {}))
        env = {
            "HOSTS_BASE_URL": api.url + "/v1",
            "HOSTS_UPLOADS_BASE_URL": other.url + "/v1",
            "HOSTS_BUCKET_BASE_URL": other.url,
            "HOSTS_TOKEN": "tok-123456",
        }
        async with stdio_session(package, "hosts_mcp", env) as session:
            for tool, args in (
                ("list_things", {}),
                ("get_file", {"id": "f1"}),
                (
                    "put_object",
                    {"key": "a.bin", "body": {"content": base64.b64encode(b"x").decode()}},
                ),
                ("list_reports", {}),  # `/v2`: relative to HOSTS_BASE_URL's host
            ):
                result = await session.call_tool(tool, args)
                assert not result.is_error, (tool, text_of(result))
    assert [(r.method, r.path) for r in api.requests] == [
        ("GET", "/v1/things"),
        ("GET", "/v2/reports"),
    ]
    assert [(r.method, r.path) for r in other.requests] == [
        ("GET", "/v1/files/f1"),
        ("PUT", "/objects/a.bin"),
    ]
    # the token goes where the description requires it, on the API's host or another;
    # the signed upload declares `security: []`: no credential reaches that host
    assert all(r.headers["authorization"] == "Bearer tok-123456" for r in api.requests)
    files, upload = other.requests
    assert files.headers["authorization"] == "Bearer tok-123456"
    assert "authorization" not in upload.headers and upload.body == b"x"


@pytest.mark.anyio
async def test_a_server_left_at_its_default_is_called_there_and_a_bad_variable_stops_the_start(
    package: Path,
) -> None:
    with Upstream() as api:
        api.route("GET", "/v1/things", Reply.json(THINGS))
        env = {"HOSTS_BASE_URL": api.url + "/v1", "HOSTS_TOKEN": "tok-123456"}
        async with stdio_session(package, "hosts_mcp", env) as session:
            result = await session.call_tool("get_file", {"id": "f1"})
            # the default host of the description, not the API's: it does not resolve here
            assert result.is_error and "uploads.hosts.test" in text_of(result)
            assert not (await session.call_tool("list_things", {})).is_error
    bad = subprocess.run(
        [sys.executable, "-m", "hosts_mcp"],
        env=package_env(package, {"HOSTS_UPLOADS_BASE_URL": "uploads.example.com"}),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 2
    assert "HOSTS_UPLOADS_BASE_URL='uploads.example.com' is not a usable URL" in bad.stderr


def test_help_and_readme_name_every_server_variable(package: Path) -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "hosts_mcp", "--help"],
        env=package_env(package, {}),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert shown.returncode == 0, shown.stderr
    for variable, default in (
        ("HOSTS_BASE_URL", "https://eu.api.hosts.test/v1"),
        ("HOSTS_UPLOADS_BASE_URL", "https://uploads.hosts.test/v1"),
        ("HOSTS_BUCKET_BASE_URL", "https://media.storage.test"),
        ("HOSTS_V2_BASE_URL", "/v2"),
    ):
        assert variable in shown.stdout and default in shown.stdout
    readme = (package / "README.md").read_text(encoding="utf-8")
    row = next(
        line for line in readme.splitlines() if line.startswith("| `HOSTS_UPLOADS_BASE_URL`")
    )
    assert "base URL of the server the description gives get\\_file" in row
    assert "(default https://uploads.hosts.test/v1)" in row
    spec = json.loads(next(package.glob("src/*/spec.json")).read_text())
    assert [s["key"] for s in spec["servers"]] == ["BUCKET", "UPLOADS", "V2"]
