"""End to end over stdio with the real MCP client, against a local upstream serving real GitHub
issue items: ``response_format: toon`` answers in TOON, a chunked TOON answer is walked with
``<api>_continue`` (every page a TOON document of its own), Markdown larger than the JSON comes
as JSON with a note; and on a big API's lean listing every tool declares the control arguments,
so a client that validates and strips arguments by the listed schema can send them."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
import toon_format
from jsonschema import Draft202012Validator
from mcp import ClientSession

from generator.pipeline import generate
from generator.runtime.shaping.tokens import count_tokens
from tests.support.paths import RESPONSES, SPECS
from tests.support.results import text_of, texts_of
from tests.support.servers import stdio_session
from tests.support.upstream import Reply, Upstream

OVERLAY = """
name: ghformats
select: {include: [issues/list-for-repo, repos/get-contributors-stats]}
defaults:
  chunk_threshold_tokens: 600
  chunk_tokens: 400
operations:
  issues/list-for-repo:
    include: [number, title, state, user.login, comments]
"""
FOOTER = re.compile(r'continuation_id="([^"]+)"')
ARGS = {"owner": "o", "repo": "r"}
CONTROLS = ("fields", "detail_level", "response_format")


def issues(n: int) -> list[dict[str, Any]]:
    base = json.loads((RESPONSES / "github/issue-items.json").read_text())[0]
    items = []
    for i in range(n):
        item = copy.deepcopy(base)
        item["number"] = 1000 + i
        item["title"] = f"Issue {i}: {base['title']}"
        items.append(item)
    return items


def shaped(item: dict[str, Any]) -> dict[str, Any]:
    return {
        "number": item["number"],
        "title": item["title"],
        "state": item["state"],
        "user": {"login": item["user"]["login"]},
        "comments": item["comments"],
    }


# contributor statistics: each week an object of a/d/c counts, per author
STATS = [
    {"total": 10 + a, "weeks": [[1_600_000_000 + w * 604_800, a, w, 1] for w in range(10)]}
    for a in range(3)
]


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("formats")
    overlay = root / "overlay.yaml"
    overlay.write_text(OVERLAY)
    target, _ = generate(SPECS / "github/openapi.json", root / "out", overlay_path=overlay)
    return target


@pytest.fixture
def upstream():
    with Upstream() as up:
        up.route("GET", "/repos/{owner}/{repo}/issues", Reply.json(issues(40)))
        up.route("GET", "/repos/{owner}/{repo}/stats/contributors", Reply.json(STATS))
        yield up


async def walk(session: ClientSession, first: Any) -> list[str]:
    """The chunk of every page, following the footers with ghformats_continue."""
    pages = [first]
    while (match := FOOTER.search(pages[-1].content[-1].text)) is not None:
        nxt = await session.call_tool("ghformats_continue", {"continuation_id": match.group(1)})
        assert not nxt.is_error, text_of(nxt)
        pages.append(nxt)
    assert "last page" in pages[-1].content[-1].text
    return [p.content[0].text for p in pages]


@pytest.mark.anyio
async def test_a_chunked_toon_answer_is_continued_page_by_page(package, upstream):
    env = {"GHFORMATS_BASE_URL": upstream.url}
    async with stdio_session(package, "ghformats_mcp", env) as session:
        first = await session.call_tool("issues_list_for_repo", {**ARGS, "response_format": "toon"})
        assert not first.is_error, text_of(first)
        chunks = await walk(session, first)
        assert len(chunks) >= 2
        assert all(count_tokens(c) <= 400 for c in chunks)  # the budget counts the TOON text
        assert chunks[0].startswith("[")  # a TOON table header: [N]{number,...}:
        union = []
        for chunk in chunks:
            page = toon_format.loads(chunk)  # strict: each page's declared length is its own
            assert isinstance(page, list)
            union.extend(page)
        assert union == [shaped(item) for item in issues(40)]
        # the same call in JSON takes more pages: TOON is the smaller rendering
        as_json = await walk(session, await session.call_tool("issues_list_for_repo", ARGS))
        assert len(as_json) > len(chunks)
    assert len(upstream.requests) == 2  # continue never re-fetches


@pytest.mark.anyio
async def test_formats_that_would_not_be_smaller_answer_compact_json_and_say_so(package, upstream):
    env = {"GHFORMATS_BASE_URL": upstream.url}
    args = {**ARGS, "fields": ["*"]}
    async with stdio_session(package, "ghformats_mcp", env) as session:
        for fmt, says in (("markdown", "Markdown would be larger"), ("toon", "TOON would not")):
            result = await session.call_tool(
                "repos_get_contributors_stats", {**args, "response_format": fmt}
            )
            assert not result.is_error, text_of(result)
            texts = texts_of(result)
            assert json.loads(texts[0]) == STATS  # compact JSON of the whole answer
            assert any(says in t and "answered in compact JSON" in t for t in texts[1:])


# ----------------------------------------------------------------- the lean listing


@pytest.fixture(scope="module")
def big_package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("lean")
    overlay = root / "overlay.yaml"
    overlay.write_text("name: ghlean\n")  # every operation: the lean surface
    target, _ = generate(SPECS / "github/openapi.json", root / "out", overlay_path=overlay)
    return target


class ValidatingClient:
    """What a strict client does with a call: drops the arguments the listed schema does not
    declare, then validates the rest against it before sending anything."""

    def __init__(self, session: ClientSession, tools: dict[str, Any]) -> None:
        self.session = session
        self.tools = tools

    async def call(self, name: str, arguments: dict[str, Any]) -> Any:
        schema = self.tools[name].input_schema
        kept = {k: v for k, v in arguments.items() if k in schema.get("properties", {})}
        Draft202012Validator(schema).validate(kept)
        return await self.session.call_tool(name, kept)


@pytest.mark.anyio
async def test_every_lean_tool_declares_the_controls_and_a_strict_client_gets_them_honoured(
    big_package,
):
    with Upstream() as up:
        up.route("GET", "/repos/{owner}/{repo}/issues", Reply.json(issues(3)))
        env = {"GHLEAN_BASE_URL": up.url}
        async with stdio_session(big_package, "ghlean_mcp", env) as session:
            init_tools = (await session.list_tools()).tools
            assert len(init_tools) > 800
            sent = {"fields": ["number", "title"], "detail_level": "detailed"}
            for tool in init_tools:
                if tool.name == "ghlean_continue":
                    continue
                props = tool.input_schema.get("properties", {})
                assert set(CONTROLS) <= set(props), tool.name
                for fmt in ("json", "markdown", "toon"):  # each value the server takes
                    values = {**sent, "response_format": fmt}
                    Draft202012Validator(props["response_format"]).validate(fmt)
                    for name in CONTROLS:
                        Draft202012Validator(props[name]).validate(values[name])
                assert "description" not in props["fields"]  # said once, in the instructions
                # typed (a client such as Gemini's needs a type on every property and the
                # items of an array), values said once in the instructions
                assert all("type" in props[name] for name in CONTROLS), tool.name
                assert props["fields"]["items"] == {"type": "string"}
            client = ValidatingClient(session, {t.name: t for t in init_tools})
            result = await client.call(
                "issues_list_for_repo", {**ARGS, **sent, "response_format": "toon"}
            )
            assert not result.is_error, result.content[0].text
            text = result.content[0].text
            assert text.splitlines()[0] == "[3]{number,title}:"  # fields and toon honoured
            assert toon_format.loads(text) == [
                {"number": i["number"], "title": i["title"]} for i in issues(3)
            ]
            # a value the listed type lets through and the server does not take: refused
            # before any upstream call, with every value it takes
            calls = len(up.requests)
            wrong = await client.call("issues_list_for_repo", {**ARGS, "detail_level": "full"})
            assert wrong.is_error and len(up.requests) == calls
            assert "concise" in wrong.content[0].text
            assert "detailed" in wrong.content[0].text
