"""End to end: a list response over the token budget is paged through `<api>_continue`, over
stdio with the real MCP client, against a local upstream serving real GitHub issue items."""

import asyncio
import copy
import json
import re
from pathlib import Path

import pytest

from generator.pipeline import generate
from generator.runtime.shaping.tokens import count_tokens
from tests.support.paths import RESPONSES, SPECS
from tests.support.results import found_in, text_of
from tests.support.servers import stdio_session
from tests.support.upstream import Reply, Upstream

OVERLAY = """
name: ghpaging
select: {include: [issues/list-for-repo]}
defaults:
  chunk_threshold_tokens: 600
  chunk_tokens: 400
  continuation_ttl: 2
operations:
  issues/list-for-repo:
    include: [number, title, state, user.login, labels.name]
"""
FOOTER = re.compile(r'continuation_id="([^"]+)"')


def issues(n: int) -> list[dict]:
    base = json.loads((RESPONSES / "github/issue-items.json").read_text())[0]
    items = []
    for i in range(n):
        item = copy.deepcopy(base)
        item["number"] = 1000 + i
        item["title"] = f"Issue {i}: {base['title']}"
        items.append(item)
    return items


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("paging")
    overlay = root / "overlay.yaml"
    overlay.write_text(OVERLAY)
    target, _ = generate(SPECS / "github/openapi.json", root / "out", overlay_path=overlay)
    return target


@pytest.fixture
def upstream():
    with Upstream() as up:
        up.route("GET", "/repos/{owner}/{repo}/issues", Reply.json(issues(40)))
        yield up


ARGS = {"owner": "o", "repo": "r"}


def expected_items() -> list[dict]:
    return [
        {
            "number": it["number"],
            "title": it["title"],
            "state": it["state"],
            "user": {"login": it["user"]["login"]},
            "labels": [{"name": x["name"]} for x in it["labels"]],
        }
        for it in issues(40)
    ]


@pytest.mark.anyio
async def test_continue_walks_every_chunk_and_the_union_is_the_full_shaped_response(
    package, upstream
):
    env = {"GHPAGING_BASE_URL": upstream.url}
    async with stdio_session(package, "ghpaging_mcp", env) as session:
        result = await session.call_tool("issues_list_for_repo", ARGS)
        assert not result.is_error, text_of(result)
        pages = [result]
        while True:
            footer = text_of(pages[-1], -1)
            match = FOOTER.search(footer)
            if match is None:
                assert "last page" in footer
                break
            cont_id = match.group(1)
            assert len(cont_id) >= 16  # >= 96 random bits, url-safe
            nxt = await session.call_tool("ghpaging_continue", {"continuation_id": cont_id})
            assert not nxt.is_error, text_of(nxt)
            pages.append(nxt)
        assert len(pages) >= 3
        totals = {found_in(r"page (\d+)/(\d+)", text_of(p, -1)).groups() for p in pages}
        assert sorted(int(i) for i, _ in totals) == list(range(1, len(pages) + 1))
        union = []
        for page in pages:
            chunk = text_of(page)
            assert count_tokens(chunk) <= 400
            union.extend(json.loads(chunk))  # every chunk is valid JSON on its own
        assert union == expected_items()
        again = await session.call_tool("ghpaging_continue", {"continuation_id": cont_id})
        assert again.is_error and "finished" in text_of(again)
        unknown = await session.call_tool("ghpaging_continue", {"continuation_id": "x" * 30})
        assert unknown.is_error and "Re-run the original tool call" in text_of(unknown)
    assert len(upstream.requests) == 1  # continue never re-fetches


@pytest.mark.anyio
async def test_an_expired_continuation_says_so(package, upstream):
    env = {"GHPAGING_BASE_URL": upstream.url}
    async with stdio_session(package, "ghpaging_mcp", env) as session:
        result = await session.call_tool("issues_list_for_repo", ARGS)
        cont_id = found_in(FOOTER, text_of(result, -1)).group(1)
        await asyncio.sleep(2.5)
        expired = await session.call_tool("ghpaging_continue", {"continuation_id": cont_id})
        assert expired.is_error and "expired" in text_of(expired)


@pytest.mark.anyio
async def test_markdown_and_detailed_formats(package, upstream):
    env = {"GHPAGING_BASE_URL": upstream.url}
    async with stdio_session(package, "ghpaging_mcp", env) as session:
        md = await session.call_tool(
            "issues_list_for_repo",
            {**ARGS, "response_format": "markdown", "fields": ["number", "title"]},
        )
        assert not md.is_error
        text = text_of(md)
        assert text.lstrip().startswith("|") and "number" in text and "Issue 0" in text
        detailed = await session.call_tool(
            "issues_list_for_repo", {**ARGS, "detail_level": "detailed"}
        )
        first = json.loads(text_of(detailed))[0]
        assert "node_id" in first and "repository_url" in first  # all fields in detailed mode
