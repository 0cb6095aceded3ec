"""Install for real: mcpforge's wheel into a clean virtualenv (templates must ship inside it),
generate from outside the checkout, then install the generated package with its test extra,
run its own tests and talk to its console script with the real MCP client."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import REPO, SPECS
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
        assert not result.is_error, result.content[0].text
        assert json.loads(result.content[0].text) == [{"id": 1, "name": "Rex", "tag": "dog"}]
        assert up.requests[0].path == "/pets" and up.requests[0].query == [("limit", "5")]
