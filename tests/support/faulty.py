"""A raw-socket HTTP/1.1 upstream that misbehaves on purpose, one behaviour per path.

Unlike ``upstream.py`` it writes bytes by hand, so it can drip a body, close mid-response,
announce 50 MB, or never answer. It counts requests per (method, path) and the bytes it
managed to send, so tests can check retries and that a big body was cut off while read.
"""

from __future__ import annotations

import json
import socket
import socketserver
import threading
import time
from collections import Counter
from typing import Any

HUGE_BYTES = 50 * 1024 * 1024


def _response(status: int, body: bytes, headers: dict[str, str] | None = None) -> bytes:
    reason = {200: "OK", 429: "Too Many Requests", 500: "Internal Server Error"}.get(
        status, "Status"
    )
    head = [f"HTTP/1.1 {status} {reason}", f"Content-Length: {len(body)}", "Connection: close"]
    all_headers = {"Content-Type": "application/json", **(headers or {})}
    head += [f"{k}: {v}" for k, v in all_headers.items()]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


class FaultyUpstream:
    def __init__(self) -> None:
        self.hits: Counter[tuple[str, str]] = Counter()
        self.sent: Counter[str] = Counter()  # path -> body bytes written
        self.retry_after = "1"
        self.fail_times = 2  # /flaky fails this many times, then succeeds
        self._server: socketserver.ThreadingTCPServer | None = None
        self._stop = threading.Event()

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def handle(self, conn: socket.socket) -> None:
        data = b""
        while b"\r\n\r\n" not in data:
            piece = conn.recv(65536)
            if not piece:
                return
            data += piece
        head, _, rest = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        method, target, _ = lines[0].split(" ", 2)
        headers = {
            k.strip().lower(): v.strip() for k, _, v in (ln.partition(":") for ln in lines[1:])
        }
        length = int(headers.get("content-length") or 0)
        while len(rest) < length:
            rest += conn.recv(65536)
        path = target.split("?", 1)[0].rsplit("/", 1)[-1]
        self.hits[(method, path)] += 1
        getattr(self, f"do_{path}", self.do_ok)(conn, method, path)

    # -- behaviours (the last path segment selects one) ------------------------------
    def do_ok(self, conn: socket.socket, method: str, path: str) -> None:
        conn.sendall(_response(200, json.dumps({"id": path, "name": "fine"}).encode()))

    def do_drip(self, conn: socket.socket, method: str, path: str) -> None:
        body = json.dumps({"id": "drip", "name": "x" * 200}).encode()
        conn.sendall(_response(200, body)[: -len(body)])
        for i in range(len(body)):  # one byte every 0.1 s: each read is quick, the whole is not
            if self._stop.wait(0.1):
                return
            conn.sendall(body[i : i + 1])
            self.sent[path] += 1

    def do_close(self, conn: socket.socket, method: str, path: str) -> None:
        conn.sendall(b'HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n{"id":')
        conn.shutdown(socket.SHUT_RDWR)

    def do_hang(self, conn: socket.socket, method: str, path: str) -> None:
        self._stop.wait(30)

    def do_huge(self, conn: socket.socket, method: str, path: str) -> None:
        head = _response(200, b"")
        head = head.replace(b"Content-Length: 0", f"Content-Length: {HUGE_BYTES}".encode())
        conn.sendall(head + b'{"id":"huge","name":"')
        block = b"x" * 65536
        try:
            while self.sent[path] < HUGE_BYTES - 65536 and not self._stop.is_set():
                conn.sendall(block)
                self.sent[path] += len(block)
        except OSError:
            return  # the client stopped reading and closed: that is the point

    def do_deep(self, conn: socket.socket, method: str, path: str) -> None:
        conn.sendall(_response(200, b"[" * 10_000 + b"]" * 10_000))

    def do_malformed(self, conn: socket.socket, method: str, path: str) -> None:
        conn.sendall(_response(200, b'{"id": "broken", "name": '))

    def do_html(self, conn: socket.socket, method: str, path: str) -> None:
        conn.sendall(_response(200, b"<html><body>Gateway page</body></html>"))

    def do_empty(self, conn: socket.socket, method: str, path: str) -> None:
        conn.sendall(_response(200, b""))

    def do_boom(self, conn: socket.socket, method: str, path: str) -> None:
        conn.sendall(_response(500, b'{"message": "internal failure"}'))

    def do_flaky(self, conn: socket.socket, method: str, path: str) -> None:
        if self.hits[(method, path)] <= self.fail_times:
            conn.sendall(_response(503, b'{"message": "try later"}'))
        else:
            self.do_ok(conn, method, path)

    def do_limited(self, conn: socket.socket, method: str, path: str) -> None:
        if self.hits[(method, path)] == 1:
            conn.sendall(
                _response(429, b'{"message": "slow down"}', {"Retry-After": self.retry_after})
            )
        else:
            self.do_ok(conn, method, path)

    # -- lifecycle -------------------------------------------------------------------
    def start(self) -> "FaultyUpstream":
        owner = self

        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                try:
                    owner.handle(self.request)
                except OSError:
                    pass

        socketserver.ThreadingTCPServer.allow_reuse_address = True
        self._server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> "FaultyUpstream":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def closed_port() -> int:
    """A local port with nothing listening (connection refused)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(predicate: Any, timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.02)
    return bool(predicate())
