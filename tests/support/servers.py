"""Run a generated server for real: as a subprocess over stdio or streamable HTTP."""

from __future__ import annotations

import os
import selectors
import socket
import subprocess
import sys
import time
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Iterator

from mcp import Client, ClientSession, StdioServerParameters, stdio_client


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def package_env(package_dir: Path, extra: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.endswith(("_BASE_URL", "_TOKEN"))}
    env["PYTHONPATH"] = str(package_dir / "src")
    env.update(extra)
    return env


@asynccontextmanager
async def stdio_session(
    package_dir: Path, module: str, env: dict[str, str], **options: Any
) -> AsyncIterator[ClientSession]:
    """``options``: ClientSession keywords (``elicitation_callback=...``)."""
    params = StdioServerParameters(
        command=sys.executable, args=["-m", module], env=package_env(package_dir, env)
    )
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, **options) as session:
            await session.initialize()
            yield session


Env = dict[str, str] | Callable[[int], dict[str, str]]  # a function of the port it listens on


def _start_http(
    package_dir: Path, module: str, env: Env, args: tuple[str, ...] = ()
) -> tuple[subprocess.Popen[bytes], int]:
    """A server listening on a free port: it says "serving" only once its socket is bound, so
    a port another test took in the meantime shows as "Address already in use" (and another
    port is tried), never as a connection to somebody else's server."""
    for _ in range(5):
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", module, "--transport", "http", "--port", str(port), *args],
            env=package_env(package_dir, env(port) if callable(env) else env),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stderr is not None
        selector = selectors.DefaultSelector()
        selector.register(proc.stderr, selectors.EVENT_READ)
        deadline, said = time.monotonic() + 30, b""
        while b"serving MCP" not in said and proc.poll() is None:
            if time.monotonic() > deadline:
                proc.kill()
                raise TimeoutError("HTTP server did not start")
            if selector.select(timeout=0.5):
                said += proc.stderr.readline()
        selector.close()
        if b"serving MCP" in said:
            return proc, port
        err = said + proc.stderr.read()
        proc.wait()
        if b"Address already in use" not in err:
            raise RuntimeError(f"server exited {proc.returncode}: {err.decode()[-2000:]}")
    raise RuntimeError("no free port for the HTTP server after 5 tries")


@contextmanager
def http_server(
    package_dir: Path, module: str, env: Env, *, args: tuple[str, ...] = ()
) -> Iterator[str]:
    """Start ``python -m module --transport http`` and yield its MCP URL once it listens.
    ``env`` may be a function of the port (a server that must know its own URL)."""
    proc, port = _start_http(package_dir, module, env, args)
    try:
        deadline = time.monotonic() + 30
        while True:  # bound, and listening once uvicorn has started
            if proc.poll() is not None:
                out, err = proc.communicate()
                raise RuntimeError(f"server exited {proc.returncode}: {err.decode()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise TimeoutError("HTTP server did not start") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        stop(proc)


def stop(proc: subprocess.Popen[Any]) -> None:
    """Terminate a server process started by a test (killed after 10 s) and close its pipes."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    for stream in (proc.stdout, proc.stderr):
        if stream:
            stream.close()


@asynccontextmanager
async def http_client(url: str) -> AsyncIterator[Client]:
    async with Client(url) as client:
        yield client
