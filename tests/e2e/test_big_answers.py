"""A big upstream answer, end to end with the real MCP client (streamable HTTP): it is read,
parsed and shaped off the event loop, so a small call sent meanwhile is answered first; the
total deadline holds for the work done with an answer, not only for its transfer; and what
parsing may build is bounded (values, depth, integer digits), each breach a clear tool error."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterator

import anyio
import anyio.to_thread
import pytest

from tests.support.rely import MODULE, make_package
from tests.support.servers import http_client, http_server
from tests.support.results import joined_text

ITEMS = 80_000  # 3 MB of JSON: read in moments, shaped in seconds


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_package(tmp_path_factory.mktemp("rely"))


class BigUpstream:
    """``/items``: a big list, sent with ``Connection: close``, and an event set once the server
    has read all of it (it then closes the connection: the upstream reads the end of it);
    ``/things/{id}``: small answers, some of them past the bounds the tests set."""

    def __init__(self) -> None:
        self.read = threading.Event()
        items = [{"n": i, "text": f"item {i}"} for i in range(ITEMS)]
        self.big = json.dumps(items).encode()
        deep: Any = "bottom"
        for _ in range(30):
            deep = {"down": deep}
        self.things: dict[str, tuple[str, bytes]] = {
            "small": ("application/json", json.dumps({"id": "small", "name": "x"}).encode()),
            "deep": ("application/json", json.dumps({"id": "deep", "name": deep}).encode()),
            "digits": ("application/json", b'{"id": "d", "name": ' + b"7" * 60 + b"}"),
            "many": ("application/json", json.dumps([{"id": str(i)} for i in range(600)]).encode()),
            "xml": (
                "application/xml",
                b"<thing><id>x</id>" + b"<name>n</name>" * 1500 + b"</thing>",
            ),
            # what strings, fractions and exponents hold does not count
            "fine": (
                "application/json",
                json.dumps({"id": "[[[[" * 40, "name": "9" * 80, "size": 1.5e300}).encode(),
            ),
        }
        self._httpd: ThreadingHTTPServer | None = None

    def _reply(self, handler: BaseHTTPRequestHandler) -> None:
        path = handler.path.split("?", 1)[0]
        kind, body = "application/json", self.big
        if path.startswith("/things/"):
            kind, body = self.things.get(path.rsplit("/", 1)[1], self.things["small"])
        handler.send_response(200)
        handler.send_header("Content-Type", kind)
        handler.send_header("Content-Length", str(len(body)))
        if body is self.big:
            handler.send_header("Connection", "close")
            handler.close_connection = True
        handler.end_headers()
        handler.wfile.write(body)
        handler.wfile.flush()
        if body is self.big:
            while handler.connection.recv(4096):  # until the server closes: all of it was read
                pass
            self.read.set()

    def __enter__(self) -> "BigUpstream":
        upstream = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:
                upstream._reply(self)

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._httpd is not None
        self._httpd.shutdown()
        self._httpd.server_close()

    @property
    def url(self) -> str:
        assert self._httpd is not None
        return f"http://127.0.0.1:{self._httpd.server_port}"


@pytest.fixture
def upstream() -> Iterator[BigUpstream]:
    with BigUpstream() as up:
        yield up


def env(upstream: BigUpstream, **extra: str) -> dict[str, str]:
    return {"RELY_BASE_URL": upstream.url, "RELY_BEARER": "t0ken-for-the-upstream", **extra}


@pytest.mark.anyio
async def test_a_small_call_is_answered_while_a_big_answer_is_being_shaped(
    package, upstream
) -> None:
    finished: list[str] = []
    with http_server(package, MODULE, env(upstream, RELY_TOTAL_TIMEOUT="300")) as url:
        async with http_client(url) as client:
            warm = await client.call_tool("get_thing", {"id": "small"})  # first-call setup
            assert not warm.is_error, joined_text(warm)
            big_result: list[Any] = []

            async def big() -> None:
                big_result.append(await client.call_tool("list_items", {}))
                finished.append("big")

            async with anyio.create_task_group() as group:
                group.start_soon(big)
                # the server has read the whole big answer: it is parsing and shaping it now
                await anyio.to_thread.run_sync(upstream.read.wait, 120)
                small = await client.call_tool("get_thing", {"id": "small"})
                finished.append("small")
                assert not small.is_error and json.loads(joined_text(small))["id"] == "small"
            assert finished == ["small", "big"]
            assert not big_result[0].is_error, joined_text(big_result[0])[:500]
            assert "continuation_id" in joined_text(big_result[0])


@pytest.mark.anyio
async def test_the_total_deadline_holds_for_shaping_a_big_answer(package, upstream) -> None:
    # Shaping the 80,000 items takes about a second on an idle machine (reading and parsing
    # them, a few hundredths): a deadline of half a second ends it while it is shaped, however
    # fast the machine (3 s had passed on an idle one).
    with http_server(package, MODULE, env(upstream, RELY_TOTAL_TIMEOUT="0.5")) as url:
        async with http_client(url) as client:
            late = await client.call_tool("list_items", {})
            assert late.is_error, joined_text(late)[:300]
            assert "total deadline of 0.5 s" in joined_text(
                late
            ) and "RELY_TOTAL_TIMEOUT" in joined_text(late)
            after = await client.call_tool("get_thing", {"id": "small"})  # still serving
            assert not after.is_error, joined_text(after)


@pytest.mark.anyio
async def test_what_parsing_may_build_is_bounded(package, upstream) -> None:
    limits = {
        "RELY_MAX_RESPONSE_ELEMENTS": "1000",
        "RELY_MAX_RESPONSE_DEPTH": "20",
        "RELY_MAX_INTEGER_DIGITS": "50",
    }
    expected = {
        "deep": "nests deeper than 20 levels",
        "digits": "an integer of 60 digits",
        "many": "more than 1000 values",
        "xml": "more than 1000 elements",
    }
    with http_server(package, MODULE, env(upstream, **limits)) as url:
        async with http_client(url) as client:
            for thing, words in expected.items():
                refused = await client.call_tool("get_thing", {"id": thing})
                assert refused.is_error, (thing, joined_text(refused)[:300])
                assert words in joined_text(refused), (thing, joined_text(refused))
                assert "was not parsed" in joined_text(refused) and "RELY_MAX_" in joined_text(
                    refused
                )
            fine = await client.call_tool("get_thing", {"id": "fine", "fields": ["*"]})
            assert not fine.is_error, joined_text(fine)
            assert json.loads(joined_text(fine).split("\n")[0])["name"] == "9" * 80
