"""A throwaway ``redis-server`` on a free 127.0.0.1 port with its own temp dir.

The Redis tests skip (with the reason) when the binary is missing; ``.ci/run`` installs it.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from typing import Iterator

from tests.support.servers import free_port


def _answers(port: int, pid: int) -> bool:
    """Does the redis-server of process ``pid`` answer on ``port``? (Another test's server may
    hold a port ours could not bind: its answer must not be taken for ours.)"""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(b"INFO server\r\n")
            data = b""
            while b"process_id:" not in data or not data.endswith(b"\r\n\r\n"):
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
    except OSError:
        return False
    return f"process_id:{pid}\r\n".encode() in data


@contextmanager
def redis_server() -> Iterator[str]:
    """Start redis-server, yield ``redis://127.0.0.1:<port>/0``, stop it afterwards."""
    binary = shutil.which("redis-server")
    if binary is None:
        import pytest

        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    with tempfile.TemporaryDirectory(prefix="mcpforge-redis-") as workdir:
        for _ in range(5):  # a port taken between free_port() and the bind: try another
            port = free_port()
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
            deadline = time.monotonic() + 10
            while proc.poll() is None and not _answers(port, proc.pid):
                if time.monotonic() > deadline:
                    proc.kill()
                    raise RuntimeError("redis-server did not start")
                time.sleep(0.05)
            if proc.poll() is None:
                break
        else:
            raise RuntimeError("redis-server could not bind a free port in 5 tries")
        try:
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _cluster_port() -> int:
    """A free port whose cluster bus port (port + 10000) is free too."""
    for _ in range(200):
        port = free_port()
        if port + 10000 > 65535:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port + 10000))
            except OSError:
                continue
        return port
    raise RuntimeError("no free port pair for a Redis Cluster node")


def _wait_for(check, what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not happen in {timeout:g} s")
        time.sleep(0.1)


@contextmanager
def redis_cluster(nodes: int = 3) -> Iterator[str]:
    """Start a ``nodes``-node Redis Cluster (no replicas) on 127.0.0.1, yield
    ``redis-cluster://127.0.0.1:<first port>``, stop every node afterwards."""
    binary = shutil.which("redis-server")
    cli = shutil.which("redis-cli")
    if binary is None or cli is None:
        import pytest

        pytest.skip("redis-server/redis-cli are not installed (apt-get install redis-server)")
    ports: list[int] = []
    procs: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory(prefix="mcpforge-redis-cluster-") as workdir:
        try:
            for i in range(nodes):
                port = _cluster_port()
                while port in ports:
                    port = _cluster_port()
                ports.append(port)
                node_dir = f"{workdir}/{i}"
                os.makedirs(node_dir)
                procs.append(
                    subprocess.Popen(
                        [
                            binary, "--port", str(port), "--bind", "127.0.0.1",
                            "--dir", node_dir, "--save", "", "--appendonly", "no",
                            "--daemonize", "no", "--cluster-enabled", "yes",
                            "--cluster-config-file", f"nodes-{port}.conf",
                            "--cluster-node-timeout", "5000",
                        ],  # fmt: skip
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                    )
                )

            for port, proc in zip(ports, procs):
                _wait_for(
                    lambda: _answers(port, proc.pid) or proc.poll() is not None,
                    f"redis-server on port {port} answering",
                )
                if proc.poll() is not None:  # its port was taken meanwhile: say so plainly
                    raise RuntimeError(f"redis-server could not bind port {port}")
            subprocess.run(
                [cli, "--cluster", "create", *(f"127.0.0.1:{p}" for p in ports),
                 "--cluster-replicas", "0", "--cluster-yes"],
                check=True, capture_output=True, timeout=60,
            )  # fmt: skip

            def ready(port: int) -> bool:
                info = subprocess.run(
                    [cli, "-p", str(port), "cluster", "info"], capture_output=True, text=True
                )
                return "cluster_state:ok" in info.stdout

            for port in ports:
                _wait_for(lambda: ready(port), f"cluster node {port} ready")
            yield f"redis-cluster://127.0.0.1:{ports[0]}"
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
