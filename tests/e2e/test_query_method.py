"""End to end for OpenAPI 3.2: a package generated from tests/fixtures/specs/query32.yaml runs as
a real process, driven by the real MCP client over stdio, against a local upstream that records
what it receives: the QUERY method goes out as QUERY with its JSON body, and a form
``querystring`` parameter goes out as the query string's pairs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.pipeline import generate
from tests.support.results import text_of
from tests.support.own_tests import run_own_tests
from tests.support.servers import stdio_session
from tests.support.upstream import Reply, Upstream

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "query32.yaml"
RECORDS = {"records": [{"id": "r-1", "account": "acme", "amount": 12.5, "memo": "fees"}]}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return generate(SPEC, tmp_path_factory.mktemp("ledger"), name="ledger")[0]


@pytest.mark.anyio
async def test_query_method_and_querystring_reach_the_upstream_as_described(
    package: Path,
) -> None:
    with Upstream() as up:
        up.route("QUERY", "/v1/entries", Reply.json(RECORDS))
        up.route("GET", "/v1/items", Reply.json(RECORDS["records"]))
        async with stdio_session(package, "ledger_mcp", {"LEDGER_BASE_URL": up.url + "/v1"}) as s:
            tools = {t.name: t for t in (await s.list_tools()).tools}
            hints = tools["search_entries"].annotations
            assert hints is not None and hints.read_only_hint is True
            found = await s.call_tool("search_entries", {"account": "acme", "min_amount": 10})
            assert not found.is_error, text_of(found)
            assert "r-1" in text_of(found)
            listed = await s.call_tool("list_items", {"search": {"q": "fees", "page": 2}})
            assert not listed.is_error, text_of(listed)
        query, items = up.requests
    assert query.method == "QUERY" and query.path == "/v1/entries"
    assert query.headers["content-type"] == "application/json"
    assert json.loads(query.body) == {"account": "acme", "min_amount": 10}
    assert (items.method, items.query) == ("GET", [("q", "fees"), ("page", "2")])


def test_the_package_passes_its_own_tests_with_a_query_tool_first(package: Path) -> None:
    # its own smoke test calls the first tool, here the QUERY one, on a local recorder
    proc = run_own_tests(package)
    assert proc.returncode == 0, proc.stdout + proc.stderr
