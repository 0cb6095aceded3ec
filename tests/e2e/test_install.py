"""Install for real: mcpforge's wheel into a clean virtualenv (templates must ship inside it),
generate from outside the checkout, then install the generated package with its test extra,
run its own tests and talk to its console script with the real MCP client."""

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import REPO, SPECS
from tests.support.results import text_of
from tests.support.upstream import Reply, Upstream

pytestmark = pytest.mark.slow


def run(cmd: list[str], cwd: Path, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, f"{cmd}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("clean")
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "-q",
            "-w",
            str(root / "wheels"),
            str(REPO),
        ],
        root,
    )
    (wheel,) = (root / "wheels").glob("mcpforge-*.whl")
    run([sys.executable, "-m", "venv", str(root / "venv")], root)
    py = root / "venv/bin/python"
    run([str(py), "-m", "pip", "install", "-q", str(wheel)], root)
    return root


def test_generate_from_outside_the_checkout_with_the_installed_wheel(venv: Path) -> None:
    py = venv / "venv/bin/python"
    where = run([str(py), "-c", "import generator; print(generator.__file__)"], venv).stdout
    assert str(venv / "venv") in where  # the wheel, not the checkout
    work = venv / "work"
    work.mkdir()
    run(
        [
            str(venv / "venv/bin/mcpforge"),
            "generate",
            str(SPECS / "petstore/openapi.yaml"),
            "--overlay",
            str(SPECS / "petstore/overlay.yaml"),
            "--name",
            "petstore",
            "--out",
            "build",
        ],
        work,
    )
    assert (work / "build/petstore-mcp/src/petstore_mcp/spec.json").is_file()


@pytest.mark.anyio
async def test_the_generated_package_installs_passes_its_tests_and_serves(venv: Path) -> None:
    package = venv / "work/build/petstore-mcp"
    if not package.exists():
        pytest.skip("generation test did not run")
    py = venv / "venv/bin/python"
    run([str(py), "-m", "pip", "install", "-q", f"{package}[test]"], venv)
    tests = run(
        [str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider", str(package / "tests")],
        venv / "work",
    )
    assert " passed" in tests.stdout
    from mcp import ClientSession, StdioServerParameters, stdio_client

    pets = [{"id": 1, "name": "Rex", "tag": "dog", "owner": {"name": "Ann"}}]
    with Upstream() as up:
        up.route("GET", "/pets", Reply.json(pets))
        params = StdioServerParameters(
            command=str(venv / "venv/bin/petstore-mcp"), env={"PETSTORE_BASE_URL": up.url}
        )
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                result = await session.call_tool("list_pets", {"limit": 5})
        assert not result.is_error, text_of(result)
        assert json.loads(text_of(result)) == [{"id": 1, "name": "Rex", "tag": "dog"}]
        assert up.requests[0].path == "/pets" and up.requests[0].query == [("limit", "5")]


def _readme_snippets(readme: str) -> tuple[list[dict], list[list[str]]]:
    """The client configurations of a generated README: its JSON blocks (Claude Desktop,
    VS Code) and the commands of its ``claude mcp add`` lines (what follows ``--``)."""
    blocks = re.findall(r"```(json|sh)\n(.*?)```", readme, re.S)
    configs, commands = [], []
    for kind, body in blocks:
        if kind == "json" and ("mcpServers" in body or '"servers"' in body):
            data = json.loads(body)
            configs += list((data.get("mcpServers") or data["servers"]).values())
        for line in body.splitlines():
            if line.startswith("claude mcp add "):
                commands.append(shlex.split(line.split(" -- ", 1)[1]))
    return configs, commands


async def _serves(command: list[str], env: dict[str, str], cwd: Path) -> None:
    """Start the server with ``command`` the way a client does (own env, no venv on PATH) and
    list its tools over stdio."""
    from mcp import ClientSession, StdioServerParameters, stdio_client

    params = StdioServerParameters(command=command[0], args=command[1:], env=env, cwd=str(cwd))
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = (await session.list_tools()).tools
    assert "list_pets" in [t.name for t in tools]


@pytest.mark.anyio
async def test_every_client_snippet_of_the_generated_readme_starts_the_server(
    venv: Path, tmp_path: Path
) -> None:
    """Each snippet's command, run as written from a folder outside any virtualenv with a PATH
    that does not include it. Placeholders are filled in: the virtualenv's path, and for uvx a
    wheel built here in place of the PyPI name (the package is not published)."""
    package = venv / "work/build/petstore-mcp"
    if not package.exists():
        pytest.skip("generation test did not run")
    py = venv / "venv/bin/python"
    run([str(py), "-m", "pip", "install", "-q", str(package)], venv)
    readme = (package / "README.md").read_text()
    configs, commands = _readme_snippets(readme)
    launches = [[c["command"], *c.get("args", [])] for c in configs] + commands
    assert len(configs) == 3 and len(commands) == 2
    env = {
        "PATH": "/usr/bin:/bin",
        "PETSTORE_BASE_URL": "http://127.0.0.1:9",
        "HOME": str(tmp_path),
    }
    for config in configs:
        assert config["env"] == {"PETSTORE_BASE_URL": "http://petstore.swagger.io/v1"}
    by_path = [c for c in launches if c[0].startswith("/path/to/venv/")]
    by_uvx = [c for c in launches if c[0] == "uvx"]
    assert len(by_path) == 2 and len(by_uvx) == 3 and len(launches) == 5
    for command in by_path:
        real = [command[0].replace("/path/to/venv", str(venv / "venv")), *command[1:]]
        await _serves(real, env, tmp_path)

    wheels = tmp_path / "dist"
    run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(package)],
        venv,
    )
    (wheel,) = wheels.glob("*.whl")
    assert f"`uvx --from /path/to/dist/{wheel.name} petstore-mcp`" in readme
    uvx = shutil.which("uvx") or shutil.which("uvx", path=str(Path(sys.executable).parent))
    if uvx is None:
        pytest.skip("uvx is not installed here (pip install uv): the uvx snippets were not run")
    env_uv = {**env, "UV_CACHE_DIR": str(venv / "uv-cache")}
    # the machine's network settings (a proxy's CA as pip is told with PIP_CERT) reach uv too
    passed = ("SSL_CERT_FILE", "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "https_proxy", "http_proxy")
    env_uv |= {k: os.environ[k] for k in passed if k in os.environ}
    if "PIP_CERT" in os.environ and "SSL_CERT_FILE" not in env_uv:
        env_uv["SSL_CERT_FILE"] = os.environ["PIP_CERT"]
    probe = subprocess.run(
        [uvx, "--from", str(wheel), "petstore-mcp", "--version"],
        env=env_uv,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if probe.returncode != 0 and "Failed to fetch" in probe.stderr:
        pytest.skip(f"uvx cannot reach the package index here: {probe.stderr.strip()[:300]}")
    assert probe.returncode == 0, probe.stderr
    for command in by_uvx:
        assert command == ["uvx", "--from", "petstore-mcp", "petstore-mcp"]
        await _serves([uvx, "--from", str(wheel), *command[3:]], env_uv, tmp_path)


def test_the_wheel_ships_the_overlay_reference_and_refuses_the_maintainer_command(
    venv: Path,
) -> None:
    reference = run([str(venv / "venv/bin/mcpforge"), "init", "--format"], venv).stdout
    assert reference == (REPO / "generator/overlays/FORMAT.md").read_text()
    py = venv / "venv/bin/python"
    for command in (["-m", "generator.examples", "--check"], ["-m", "generator", "regen"]):
        proc = subprocess.run(
            [str(py), *command], cwd=venv, capture_output=True, text=True, timeout=120
        )
        assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
        assert "is not the mcpforge repository" in proc.stderr
