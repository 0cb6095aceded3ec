"""A throwaway ``redis-server`` on a free 127.0.0.1 port with its own temp dir.

The Redis tests skip (with the reason) when the binary is missing; ``.ci/run`` installs it.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from typing import Iterator

from tests.support.servers import free_port


@contextmanager
def redis_server() -> Iterator[str]:
    """Start redis-server, yield ``redis://127.0.0.1:<port>/0``, stop it afterwards."""
    binary = shutil.which("redis-server")
    if binary is None:
        import pytest

        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="mcpforge-redis-") as workdir:
        proc = subprocess.Popen(
            [
                binary,
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--dir",
                workdir,
                "--save",
                "",
                "--appendonly",
                "no",
                "--daemonize",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 10
            while True:
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
                        s.sendall(b"PING\r\n")
                        if s.recv(16).startswith(b"+PONG"):
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("redis-server did not start")
                time.sleep(0.05)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
