"""End to end, meta mode on the whole GitHub REST spec: an agent finds an operation, describes it,
calls it and continues through the chunks of one upstream page and on to the next upstream
pages (Link headers), over stdio with the real MCP client against a local upstream."""

import copy
import json
import re
from pathlib import Path
from typing import Callable

import pytest

from generator.pipeline import generate
from generator.runtime.shaping.tokens import count_tokens
from tests.support.paths import RESPONSES, SPECS
from tests.support.results import text_of
from tests.support.servers import stdio_session
from tests.support.upstream import Recorded, Reply, Upstream

OVERLAY = """
name: ghmeta
mode: meta
defaults:
  chunk_threshold_tokens: 700
  chunk_tokens: 500
operations:
  issues/list-for-repo:
    include: [number, title, state, user.login]
"""
FOOTER = re.compile(r'continuation_id="([^"]+)"')
TOTAL = 25  # issues upstream, served 10 per page -> 3 upstream pages


def issues() -> list[dict]:
    base = json.loads((RESPONSES / "github/issue-items.json").read_text())[0]
    out = []
    for i in range(TOTAL):
        item = copy.deepcopy(base)
        item["number"] = 500 + i
        item["title"] = f"Issue {i}: {base['title']}"
        out.append(item)
    return out


def paged(url: Callable[[], str]) -> Callable[[Recorded], Reply]:
    """GitHub-style paging: ?page=&per_page=, a Link header with rel="next" until the end."""

    def reply(rec: Recorded) -> Reply:
        query = dict(rec.query)
        page, per_page = int(query.get("page", 1)), int(query.get("per_page", 30))
        items = issues()[(page - 1) * per_page : page * per_page]
        headers = {"Content-Type": "application/json"}
        if page * per_page < TOTAL:
            nxt = f"{url()}{rec.path}?per_page={per_page}&page={page + 1}"
            headers["Link"] = f'<{nxt}>; rel="next", <{url()}{rec.path}?page=3>; rel="last"'
        return Reply(200, json.dumps(items).encode(), headers)

    return reply


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("meta")
    overlay = root / "overlay.yaml"
    overlay.write_text(OVERLAY)
    target, result = generate(SPECS / "github/openapi.json", root / "out", overlay_path=overlay)
    assert len(result.spec.operations) > 800
    return target


@pytest.mark.anyio
async def test_find_describe_call_continue_across_upstream_pages(package: Path) -> None:
    with Upstream() as up:
        up.route("GET", "/repos/{owner}/{repo}/issues", paged(lambda: up.url))
        async with stdio_session(package, "ghmeta_mcp", {"GHMETA_BASE_URL": up.url}) as session:
            listed = (await session.list_tools()).tools
            names = [t.name for t in listed]
            assert names == [
                "ghmeta_find_operations",
                "ghmeta_describe_operation",
                "ghmeta_call_operation",
                "ghmeta_continue",
            ]
            views = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in listed]
            seen = [{k: v[k] for k in ("name", "description", "inputSchema")} for v in views]
            assert count_tokens(json.dumps(seen, separators=(",", ":"))) < 2000

            found = await session.call_tool(
                "ghmeta_find_operations", {"query": "list repository issues"}
            )
            assert not found.is_error
            lines = text_of(found).splitlines()
            assert any(line.startswith("issues_list_for_repo:") for line in lines[:3]), lines
            assert "GET /repos/{owner}/{repo}/issues" in text_of(found)

            described = await session.call_tool(
                "ghmeta_describe_operation", {"operation": "issues_list_for_repo"}
            )
            info = json.loads(text_of(described))
            assert {"owner", "repo", "per_page", "state"} <= set(info["arguments"]["properties"])
            assert info["default_fields"] == ["number", "title", "state", "user.login"]
            assert "upstream pages" in info["paging"]

            args = {"owner": "octo", "repo": "hello", "per_page": 10}
            first = await session.call_tool(
                "ghmeta_call_operation",
                {"operation": "issues_list_for_repo", "arguments": args, "fields": ["number"]},
            )
            assert not first.is_error, text_of(first)
            results = [first]
            while (match := FOOTER.search(text_of(results[-1], -1))) is not None:
                nxt = await session.call_tool("ghmeta_continue", {"continuation_id": match[1]})
                assert not nxt.is_error, text_of(nxt)
                results.append(nxt)
            numbers = []
            for result in results:
                text = text_of(result)
                if text.startswith("["):
                    numbers += [item["number"] for item in json.loads(text)]
            assert numbers == [500 + i for i in range(TOTAL)]  # every item once, in order
            assert "has_more: true" in text_of(first, -1)
            last = text_of(results[-1], -1)
            assert FOOTER.search(last) is None and "has_more: false" in last
            pages = [dict(r.query) for r in up.requests]
            assert [p.get("page") for p in pages] == [None, "2", "3"]
            assert all(p["per_page"] == "10" for p in pages)

            unknown = await session.call_tool(
                "ghmeta_call_operation", {"operation": "issues_lst", "arguments": {}}
            )
            assert unknown.is_error and "ghmeta_find_operations" in text_of(unknown)
            bad = await session.call_tool(
                "ghmeta_call_operation",
                {"operation": "issues_list_for_repo", "arguments": {"owner": "o"}},
            )
            assert bad.is_error and "repo" in text_of(bad)
