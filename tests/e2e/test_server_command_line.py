"""A generated server's own command line, as its user sees it: help, errors and the HTTP start."""

import selectors
import socket
import subprocess
import sys
import time

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
