"""End to end: the committed Notion example, run as a real process over stdio with the real MCP
client, against a local upstream serving recorded Notion responses: the Notion adapter on the
block-children tool, and the `partners` filter set chosen by environment variable."""

import json

import pytest

from generator.runtime.adapters.notion import notion_markdown
from tests.support.paths import GENERATED, RESPONSES
from tests.support.results import text_of
from tests.support.servers import stdio_session
from tests.support.upstream import Reply, Upstream

PACKAGE = GENERATED / "notion-mcp"
BLOCKS = RESPONSES / "notion/blocks.children.list.all_block_types.json"
USERS = RESPONSES / "notion/users.list.json"
ENV = {"NOTION_TOKEN": "secret_e2e_token"}


@pytest.fixture
def upstream():
    with Upstream() as up:
        up.route("GET", "/v1/blocks/{block_id}/children", Reply.file(BLOCKS))
        up.route("GET", "/v1/users", Reply.file(USERS))
        yield up


@pytest.mark.anyio
async def test_block_children_come_back_as_markdown(upstream) -> None:
    env = {**ENV, "NOTION_BASE_URL": upstream.url}
    async with stdio_session(PACKAGE, "notion_mcp", env) as session:
        result = await session.call_tool("get_block_children", {"block_id": "b1"})
        assert not result.is_error, text_of(result)
        text = text_of(result)
        assert text == notion_markdown(json.loads(BLOCKS.read_text()))
        assert "# Heading 1" in text and "```shell\n% ls -l\n```" in text
        assert '"object"' not in text
        projected = await session.call_tool(
            "get_block_children", {"block_id": "b1", "fields": ["id", "type"]}
        )
        items = json.loads(text_of(projected))["results"]
        assert items[0] == {"id": "79ddb5ed-15c7-4a40-9cf6-a018d23ceb19", "type": "paragraph"}
    assert upstream.requests[0].path == "/v1/blocks/b1/children"


@pytest.mark.anyio
async def test_a_filter_set_chosen_by_env_var_hides_what_it_does_not_retain(upstream) -> None:
    env = {**ENV, "NOTION_BASE_URL": upstream.url}
    async with stdio_session(PACKAGE, "notion_mcp", env) as session:
        plain = await session.call_tool("get_users", {"fields": ["*"]})
        assert "notion@ramnes.eu" in text_of(plain)  # no set named default: unfiltered
    async with stdio_session(PACKAGE, "notion_mcp", {**env, "NOTION_FILTER_SET": "partners"}) as s:
        result = await s.call_tool("get_users", {"fields": ["*"]})
        assert not result.is_error, text_of(result)
        assert json.loads(text_of(result)) == {
            "object": "list",
            "results": [
                {
                    "object": "user",
                    "id": "a4f789cc-7bc8-4cf0-82b9-a8ba7d985ecf",
                    "name": "Guillaume Gelin",
                    "type": "person",
                },
                {
                    "object": "user",
                    "id": "7775f3a3-893f-43fa-b625-460c61094c78",
                    "name": "notion-sdk-py",
                    "type": "bot",
                },
            ],
            "next_cursor": None,
            "has_more": False,
        }
        concise = await s.call_tool("get_users", {})
        assert "email" not in text_of(concise)


def test_an_unknown_filter_set_stops_the_server_at_start() -> None:
    import subprocess
    import sys

    from tests.support.servers import package_env

    env = package_env(PACKAGE, {**ENV, "NOTION_FILTER_SET": "partners"})
    proc = subprocess.run(
        [sys.executable, "-m", "notion_mcp", "--filter-set", "partner"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2  # the flag wins over the (valid) environment variable
    assert "--filter-set='partner' is not a filter set of this server" in proc.stderr
    assert "NOTION_FILTER_SET" not in proc.stderr  # the flag was wrong, not the variable
    assert "known: partners" in proc.stderr
