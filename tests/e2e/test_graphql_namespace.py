"""End to end: a root field that only groups operations (a namespace: ``search {
charges(input: ...) }``), generated from a synthesized schema, driven by the real MCP client
over stdio against graphql-core executing that schema on 127.0.0.1."""

import json
import re
from pathlib import Path
from typing import Any

import pytest
from graphql import build_schema, graphql_sync

from generator.pipeline import generate
from tests.support.results import found_in, text_of
from tests.support.servers import stdio_session
from tests.support.upstream import Recorded, Reply, Upstream

SDL = """
type PageInfo { hasNextPage: Boolean!, endCursor: String }
type Charge { id: ID!, status: String!, description: String }
type ChargeEdge { node: Charge!, cursor: String! }
type ChargeConnection { edges: [ChargeEdge!]!, pageInfo: PageInfo! }
input ChargeSearchInput { status: String! }
type Search { charges(input: ChargeSearchInput!, first: Int, after: String): ChargeConnection }
type Query { ping: String!, search: Search }
"""
SCHEMA = build_schema(SDL)
CHARGES = [
    {"id": f"ch_{n}", "status": "SETTLED" if n != 2 else "FAILED", "description": f"Order {n}"}
    for n in range(1, 5)
]
FOOTER = re.compile(r'continuation_id="([^"]+)"')


def charges(info: Any, input: dict[str, Any], first: int | None = None, after: str | None = None):
    found = [c for c in CHARGES if c["status"] == input["status"]]
    start = int(after) + 1 if after is not None else 0
    window = found[start : start + (first or len(found))]
    end = start + len(window) - 1
    return {
        "edges": [{"node": c, "cursor": str(start + i)} for i, c in enumerate(window)],
        "pageInfo": {"hasNextPage": end + 1 < len(found), "endCursor": str(end)},
    }


def execute(rec: Recorded) -> Reply:
    body = rec.json()
    root = {"ping": "pong", "search": {"charges": charges}}
    result = graphql_sync(SCHEMA, body["query"], root_value=root, variable_values=body["variables"])
    assert not result.errors, result.errors
    return Reply(200, json.dumps({"data": result.data}).encode())


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("pay")
    schema = root / "pay.graphql"
    schema.write_text(SDL)
    target, _ = generate(schema, root / "out")
    return target


@pytest.mark.anyio
async def test_a_namespace_field_is_called_nested_and_paged(package: Path) -> None:
    with Upstream() as up:
        up.route("POST", "/graphql", execute)
        env = {"PAY_GRAPHQL_URL": up.url + "/graphql"}
        async with stdio_session(package, "pay_mcp", env) as session:
            names = [t.name for t in (await session.list_tools()).tools]
            assert "search_charges" in names and "search" not in names
            first = await session.call_tool(
                "search_charges", {"input": {"status": "SETTLED"}, "first": 2}
            )
            assert not first.is_error, text_of(first)
            page = json.loads(text_of(first))
            assert [c["id"] for c in page["nodes"]] == ["ch_1", "ch_3"]
            assert (
                up.requests[-1]
                .json()["query"]
                .startswith(
                    "query search_charges($input: ChargeSearchInput!, $first: Int) {\n"
                    "  search {\n    charges(input: $input, first: $first) {\n"
                )
            )
            cont_id = found_in(FOOTER, text_of(first, -1)).group(1)
            second = await session.call_tool("pay_continue", {"continuation_id": cont_id})
            assert not second.is_error, text_of(second)
            assert [c["id"] for c in json.loads(text_of(second))["nodes"]] == ["ch_4"]
            assert up.requests[-1].json()["variables"] == {
                "input": {"status": "SETTLED"}, "first": 2, "after": "1",
            }  # fmt: skip
