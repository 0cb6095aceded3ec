"""Progress notifications seen by the real MCP client: a slow upstream request and a walk through
pages with ``continue``, over streamable HTTP (protocol 2026-07-28) and stdio (2025-11-25)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from mcp import Client

from tests.support.notes_api import MODULE, make_package, notes
from tests.support.results import found_in
from tests.support.servers import http_server, stdio_session
from tests.support.upstream import Recorded, Reply, Upstream

FOOTER = re.compile(r'continuation_id="([^"]+)"')


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_package(tmp_path_factory.mktemp("notes"))


def slow_note(request: Recorded) -> Reply:
    time.sleep(2.6)
    return Reply.json({"id": "slow", "text": "late"})


def upstream() -> Upstream:
    up = Upstream().start()
    up.route("GET", "/notes/slow", slow_note)
    up.route("GET", "/notes/{id}", Reply.json({"id": "1", "text": "quick"}))
    # 30 notes a page: a result over the 400-token threshold, split into pages ("Page 2 of")
    up.route("GET", "/notes", lambda r: Reply.json(notes(int(dict(r.query).get("page", 1)), 30)))
    return up


class Seen:
    def __init__(self) -> None:
        self.notes: list[tuple[float, float | None, str | None]] = []

    async def __call__(self, progress: float, total: float | None, message: str | None) -> None:
        self.notes.append((progress, total, message))

    def messages(self) -> list[str]:
        return [m or "" for _, _, m in self.notes]


async def walk(call, seen: Seen) -> None:
    """Call list_notes, then continue until the next upstream page has been fetched."""
    result = await call("list_notes", {}, seen)
    for _ in range(20):
        text = "\n".join(c.text for c in result.content)
        assert not result.is_error, text
        if "Fetching upstream page 2" in seen.messages():
            return
        cont_id = found_in(FOOTER, text).group(1)
        result = await call("notes_continue", {"continuation_id": cont_id}, seen)
    raise AssertionError(f"no upstream page 2 after 20 pages: {seen.notes}")


def check(slow: Seen, walked: Seen) -> None:
    waiting = [m for m in slow.messages() if m.startswith("Waiting for the upstream API")]
    assert len(waiting) >= 2, slow.notes  # after 1 s, then every second
    assert [p for p, _, _ in slow.notes] == sorted({p for p, _, _ in slow.notes})  # increasing
    assert any(m.startswith("Page 2 of ") for m in walked.messages()), walked.notes
    assert "Fetching upstream page 2" in walked.messages(), walked.notes


@pytest.mark.anyio
async def test_progress_over_streamable_http(package) -> None:
    up = upstream()
    try:
        with http_server(package, MODULE, {"NOTES_BASE_URL": up.url}) as url:
            async with Client(url) as client:
                assert client.protocol_version == "2026-07-28"

                async def call(name, args, seen):
                    return await client.call_tool(name, args, progress_callback=seen)

                slow, walked = Seen(), Seen()
                result = await call("get_note", {"id": "slow"}, slow)
                assert not result.is_error
                quick = Seen()
                await call("get_note", {"id": "1"}, quick)
                assert quick.notes == []  # under a second: nothing to report
                await walk(call, walked)
                check(slow, walked)
    finally:
        up.stop()


@pytest.mark.anyio
async def test_progress_over_stdio(package) -> None:
    up = upstream()
    try:
        async with stdio_session(package, MODULE, {"NOTES_BASE_URL": up.url}) as session:

            async def call(name, args, seen):
                return await session.call_tool(name, args, progress_callback=seen)

            slow, walked = Seen(), Seen()
            assert not (await call("get_note", {"id": "slow"}, slow)).is_error
            await walk(call, walked)
            check(slow, walked)
    finally:
        up.stop()
