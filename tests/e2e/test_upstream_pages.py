"""End to end, per-operation mode: a cursor-paged list (Notion's ``start_cursor`` /
``next_cursor`` / ``has_more``) served in several upstream pages is walked with
``<api>_continue``; toolsets and the read-only switch choose the tools at server start."""

import json
import re
from pathlib import Path

import pytest

from generator.pipeline import generate
from tests.support.paths import SPECS
from tests.support.results import text_of
from tests.support.servers import stdio_session
from tests.support.upstream import Recorded, Reply, Upstream

OVERLAY = """
name: nopages
select: {include: [get-users, get-user, post-search, patch-page]}
toolsets:
  users: [get-users, get-user]
  search: [post-search]
  pages: [patch-page]
operations:
  get-users:
    collection: results
    include: [id, name]
"""
FOOTER = re.compile(r'continuation_id="([^"]+)"')
USERS = [
    {"object": "user", "id": f"u{i:02d}", "name": f"User {i}", "type": "person"} for i in range(7)
]


def users_page(rec: Recorded) -> Reply:
    query = dict(rec.query)
    size = int(query.get("page_size", 100))
    start = int(query["start_cursor"][1:]) if "start_cursor" in query else 0
    items = USERS[start : start + size]
    more = start + size < len(USERS)
    body = {
        "object": "list",
        "results": items,
        "has_more": more,
        "next_cursor": f"c{start + size}" if more else None,
    }
    return Reply.json(body)


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("pages")
    overlay = root / "overlay.yaml"
    overlay.write_text(OVERLAY)
    target, result = generate(SPECS / "notion/openapi.json", root / "out", overlay_path=overlay)
    users = next(op for op in result.spec.operations if op.tool_name == "get_users")
    assert users.pagination is not None and users.pagination.style == "cursor"
    return target


@pytest.mark.anyio
async def test_continue_fetches_the_next_upstream_pages_until_has_more_is_false(package: Path):
    with Upstream() as up:
        up.route("GET", "/v1/users", users_page)
        async with stdio_session(package, "nopages_mcp", {"NOPAGES_BASE_URL": up.url}) as s:
            first = await s.call_tool("get_users", {"page_size": 3})
            assert not first.is_error, text_of(first)
            results = [first]
            while (match := FOOTER.search(text_of(results[-1], -1))) is not None:
                assert "has_more: true" in text_of(results[-1], -1)
                results.append(await s.call_tool("nopages_continue", {"continuation_id": match[1]}))
                assert not results[-1].is_error, text_of(results[-1])
    bodies = [json.loads(text_of(r)) for r in results]
    assert [b["has_more"] for b in bodies] == [True, True, False]  # the wrapper, shaped
    assert text_of(results[-1], -1) == "[has_more: false]"
    ids = [u["id"] for b in bodies for u in b["results"]]
    assert ids == [u["id"] for u in USERS]
    assert len(results) == 3  # 3 + 3 + 1 users
    cursors = [dict(r.query).get("start_cursor") for r in up.requests]
    assert cursors == [None, "c3", "c6"]
    assert all(dict(r.query)["page_size"] == "3" for r in up.requests)


@pytest.mark.anyio
async def test_toolsets_and_read_only_choose_the_tools_at_start(package: Path):
    env = {"NOPAGES_BASE_URL": "http://127.0.0.1:9", "NOPAGES_TOOLSETS": "users,pages"}
    async with stdio_session(package, "nopages_mcp", env) as s:
        names = [t.name for t in (await s.list_tools()).tools]
    assert sorted(names) == ["get_user", "get_users", "nopages_continue", "patch_page"]
    env["NOPAGES_READ_ONLY"] = "1"
    async with stdio_session(package, "nopages_mcp", env) as s:
        names = [t.name for t in (await s.list_tools()).tools]
        refused = await s.call_tool("patch_page", {"page_id": "p"})
    assert sorted(names) == ["get_user", "get_users", "nopages_continue"]
    assert refused.is_error and "Unknown tool" in text_of(refused)
