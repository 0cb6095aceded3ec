"""A generated server's own command line, as its user sees it: help, errors and the HTTP start."""

import selectors
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path

from tests.support.paths import GENERATED
from tests.support.servers import package_env

PETSTORE = GENERATED / "petstore-mcp"


def server(*args: str) -> list[str]:
    return [sys.executable, "-m", "petstore_mcp", *args]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = package_env(PETSTORE, {})
    return subprocess.run(server(*args), env=env, capture_output=True, text=True, timeout=60)


def test_help_names_this_servers_environment_variables() -> None:
    proc = run("--help")
    assert proc.returncode == 0
    text = " ".join(proc.stdout.split())
    assert "<PREFIX>" not in text
    assert "PETSTORE_FILTER_SET" in text and "PETSTORE_TOOLSETS" in text
    assert "PETSTORE_READ_ONLY" in text


def test_a_bad_flag_value_is_blamed_on_the_flag() -> None:
    proc = run("--toolsets", "nope")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "--toolsets: unknown toolset(s) nope" in proc.stderr
    assert "PETSTORE_TOOLSETS" not in proc.stderr
    proc = run("--filter-set", "nope")
    assert proc.returncode == 2 and "--filter-set='nope'" in proc.stderr
    assert "PETSTORE_FILTER_SET" not in proc.stderr
    env_only = subprocess.run(  # set through the environment, the variable is named
        server(),
        env=package_env(PETSTORE, {"PETSTORE_TOOLSETS": "nope"}),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert env_only.returncode == 2 and "PETSTORE_TOOLSETS: unknown toolset" in env_only.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_http_transport_says_where_it_listens() -> None:
    port = _free_port()
    env = package_env(PETSTORE, {"PETSTORE_BASE_URL": "http://127.0.0.1:9"})
    proc = subprocess.Popen(
        server("--transport", "http", "--port", str(port)),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    try:
        selector = selectors.DefaultSelector()
        selector.register(proc.stderr, selectors.EVENT_READ)
        deadline = time.monotonic() + 30
        line = ""
        while time.monotonic() < deadline and not line and proc.poll() is None:
            if selector.select(timeout=1):
                line = proc.stderr.readline()
        assert line.strip() == (
            f"petstore-mcp: serving MCP (streamable HTTP) at http://127.0.0.1:{port}/mcp"
        ), line
        while True:  # and it does listen there (uvicorn binds just after the line)
            try:
                socket.create_connection(("127.0.0.1", port), timeout=5).close()
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, "never listened"
                time.sleep(0.2)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _one_error(proc: subprocess.CompletedProcess[str]) -> str:
    """The single problem line of a failed start (after argparse's usage line, if any)."""
    assert "Traceback" not in proc.stderr and "serving" not in proc.stderr, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line and not line[0].isspace()]
    lines = [line for line in lines if not line.startswith("usage:")]
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("petstore-mcp: error: "), lines
    return lines[0]


def test_a_port_out_of_range_is_a_usage_error() -> None:
    for port in ("99999", "0", "http"):
        proc = run("--transport", "http", "--port", port)
        assert proc.returncode == 2
        assert _one_error(proc) == (
            f"petstore-mcp: error: argument --port: {port if port != 'http' else repr(port)} "
            "is not a port number (1-65535)"
        )


def test_a_port_in_use_is_one_line_and_nothing_says_serving() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = run("--transport", "http", "--port", str(port))
    assert proc.returncode == 1
    assert _one_error(proc) == (
        f"petstore-mcp: error: cannot listen on 127.0.0.1:{port}: Address already in use"
    )


def test_a_host_that_cannot_be_bound_is_one_line() -> None:
    # 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine
    proc = run("--transport", "http", "--host", "192.0.2.1", "--port", "8000")
    assert proc.returncode == 1
    assert _one_error(proc).startswith("petstore-mcp: error: cannot listen on 192.0.2.1:8000: ")
    proc = run("--transport", "http", "--host", "no such host", "--port", "8000")
    assert proc.returncode == 1
    assert _one_error(proc).startswith("petstore-mcp: error: cannot listen on no such host:8000")


def test_a_bad_variable_is_one_line_naming_it() -> None:
    for extra, said in (
        ({"PETSTORE_LOG_LEVEL": "loud"}, "PETSTORE_LOG_LEVEL='loud': use one of debug, info"),
        ({"PETSTORE_TIMEOUT": "soon"}, "PETSTORE_TIMEOUT='soon' is not a valid float."),
        ({"PETSTORE_BASE_URL": "ftp://x"}, "No usable upstream base URL"),
    ):
        proc = subprocess.run(
            server(), env=package_env(PETSTORE, extra), capture_output=True, text=True, timeout=60
        )
        assert proc.returncode == 2
        assert said in _one_error(proc)


async def _coerced_call(tmp_path: Path, *args: str) -> str:
    """Call a tool with an argument the server converts (7 for a string id) and return what
    the server wrote on stderr."""
    from mcp import ClientSession, StdioServerParameters, stdio_client

    log = tmp_path / "stderr.txt"
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "petstore_mcp", *args],
        env=package_env(
            PETSTORE, {"PETSTORE_BASE_URL": "http://127.0.0.1:9", "PETSTORE_RETRIES": "0"}
        ),
    )
    with log.open("w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                with warnings.catch_warnings():  # deprecated at 2026-07-28, still answered
                    warnings.simplefilter("ignore")
                    await session.set_logging_level("debug")  # a client may ask: floor holds
                result = await session.call_tool("get_pet", {"petId": 7})
                assert result.is_error  # nothing listens upstream
    return log.read_text()


def test_the_log_is_at_warning_by_default_and_log_level_lowers_it(tmp_path: Path) -> None:
    import anyio

    quiet = anyio.run(_coerced_call, tmp_path)
    assert "coerced argument" not in quiet and "DEBUG" not in quiet, quiet
    loud = anyio.run(_coerced_call, tmp_path, "--log-level", "debug")
    assert "DEBUG" in loud and "coerced argument petId from 7 to '7'" in loud, loud
