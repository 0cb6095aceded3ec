"""End to end: the SWAPI example generated from GraphQL, driven by the real MCP client over
stdio, against a real GraphQL server (graphql-core executing the SWAPI schema on 127.0.0.1).
Asserts on the exact documents the upstream received."""

import json
import re
from pathlib import Path

import pytest

from generator.pipeline import generate
from tests.support.graphql_upstream import gid, swapi_upstream
from tests.support.paths import SPECS
from tests.support.results import found_in, text_of, texts_of
from tests.support.servers import stdio_session

FOOTER = re.compile(r'continuation_id="([^"]+)"')


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("swapi")
    target, _ = generate(
        SPECS / "swapi/schema.graphql", root, overlay_path=SPECS / "swapi/overlay.yaml"
    )
    return target


@pytest.fixture
def upstream():
    with swapi_upstream() as up:
        yield up


def env(upstream) -> dict[str, str]:
    return {"SWAPI_GRAPHQL_URL": upstream.url + "/graphql"}


def sent(upstream, index: int = -1) -> dict:
    request = upstream.requests[index]
    assert request.method == "POST" and request.path == "/graphql"
    assert request.headers["content-type"] == "application/json"
    return request.json()


@pytest.mark.anyio
async def test_default_selection_and_custom_fields_are_compiled_into_the_document(
    package, upstream
):
    async with stdio_session(package, "swapi_mcp", env(upstream)) as session:
        result = await session.call_tool("film", {"filmID": "1"})
        assert not result.is_error, text_of(result)
        assert json.loads(text_of(result)) == {
            "id": gid("films", 1),
            "title": "A New Hope",
            "episodeID": 4,
            "director": "George Lucas",
            "releaseDate": "1977-05-25",
            "characterConnection": {
                "characters": [{"name": "Luke Skywalker"}, {"name": "Leia Organa"}, {"name": "Owen Lars"}]
            },
        }  # fmt: skip
        assert sent(upstream) == {
            "query": (
                "query film($filmID: ID) {\n"
                "  film(filmID: $filmID) {\n"
                "    id\n    title\n    episodeID\n    director\n    releaseDate\n"
                "    characterConnection(first: 10) {\n"
                "      characters {\n        name\n      }\n"
                "      _mcpforge_more: pageInfo {\n        hasNextPage\n      }\n"
                "      _mcpforge_total: totalCount\n    }\n"
                "  }\n}"
            ),
            "variables": {"filmID": "1"},
        }
        custom = await session.call_tool(
            "person", {"personID": "1", "fields": ["name", "homeworld.population"]}
        )
        assert not custom.is_error, text_of(custom)
        assert json.loads(text_of(custom)) == {
            "name": "Luke Skywalker",
            "homeworld": {"population": 200000.0},
        }
        assert sent(upstream)["query"] == (
            "query person($personID: ID) {\n  person(personID: $personID) {\n"
            "    name\n    homeworld {\n      population\n    }\n  }\n}"
        )


@pytest.mark.anyio
async def test_an_unknown_field_is_an_error_with_close_matches_and_nothing_is_sent(
    package, upstream
):
    async with stdio_session(package, "swapi_mcp", env(upstream)) as session:
        result = await session.call_tool("person", {"personID": "1", "fields": ["nmae"]})
        assert result.is_error
        text = text_of(result)
        assert "nmae" in text and "name" in text
        deep = await session.call_tool(
            "person", {"personID": "1", "fields": ["homeworld.residentConnection.nope"]}
        )
        assert deep.is_error and "nope" in text_of(deep)
    assert upstream.requests == []


@pytest.mark.anyio
async def test_a_connection_is_flattened_and_paged_upstream_through_continue(package, upstream):
    async with stdio_session(package, "swapi_mcp", env(upstream)) as session:
        first = await session.call_tool("all_people", {"first": 2})
        assert not first.is_error, text_of(first)
        page1 = json.loads(text_of(first))
        assert [p["name"] for p in page1["nodes"]] == ["Luke Skywalker", "Leia Organa"]
        assert page1["totalCount"] == 4
        assert page1["nodes"][0] == {
            "id": gid("people", 1),
            "name": "Luke Skywalker",
            "birthYear": "19BBY",
            "homeworld": {"name": "Tatooine"},
        }
        assert sent(upstream) == {
            "query": (
                "query allPeople($first: Int) {\n  allPeople(first: $first) {\n"
                "    totalCount\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n"
                "    edges {\n      node {\n        id\n        name\n        birthYear\n"
                "        homeworld {\n          name\n        }\n      }\n    }\n  }\n}"
            ),
            "variables": {"first": 2},
        }
        footer = text_of(first, -1)
        assert footer.startswith("[has_more: true, call swapi_continue with continuation_id=")
        cont_id = found_in(FOOTER, footer).group(1)
        second = await session.call_tool("swapi_continue", {"continuation_id": cont_id})
        assert not second.is_error, text_of(second)
        page2 = json.loads(text_of(second))
        assert [p["name"] for p in page2["nodes"]] == ["Owen Lars", "Broken Droid"]
        # concise defaults leave a null out, as on REST; the partial-data note names it
        assert "homeworld" not in page2["nodes"][1]
        texts = texts_of(second)
        assert "[upstream page 2, the last one]" in texts
        # person 4's homeworld fails upstream: partial data, with the error named
        assert any("partial data" in t and "not on record" in t for t in texts)
        assert sent(upstream)["variables"] == {"first": 2, "after": "1"}
        assert not any(FOOTER.search(t) for t in texts)  # nothing more upstream
        done = await session.call_tool("swapi_continue", {"continuation_id": cont_id})
        assert done.is_error
    assert len(upstream.requests) == 2


@pytest.mark.anyio
async def test_a_graphql_error_is_an_is_error_result_with_message_and_path(package, upstream):
    async with stdio_session(package, "swapi_mcp", env(upstream)) as session:
        result = await session.call_tool("planet", {"planetID": "boom"})
        assert result.is_error
        text = text_of(result)
        assert "the archive of this planet exploded" in text and "(at planet)" in text
        missing = await session.call_tool("film", {"filmID": "99"})
        assert not missing.is_error and "returned null" in text_of(missing)
