"""Chunks and upstream pages through one `continue` mechanism (executor + GraphQL caller), in
process, against the real local GraphQL server."""

import json
import re
from pathlib import Path

import pytest

from generator.pipeline import build
from generator.runtime.executor import ServerRuntime
from generator.runtime.model import model_from_json
from generator.runtime.config.settings import Settings
from tests.support.graphql_upstream import swapi_upstream
from tests.support.paths import SPECS

OVERLAY = """
name: swapi
auth: []
defaults: {chunk_threshold_tokens: 60, chunk_tokens: 60}
select: {include: [query.allPeople]}
operations:
  query.allPeople: {include: [name, birthYear, homeworld.name, filmConnection.films.title]}
"""
FOOTER = re.compile(r'continuation_id="([^"]+)"')


@pytest.fixture
def runtime(tmp_path: Path):
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(OVERLAY)
    files = build(SPECS / "swapi/schema.graphql", overlay_path=overlay).files
    schema = tmp_path / "schema.graphql"
    schema.write_bytes(files["src/swapi_mcp/schema.graphql"])
    model = model_from_json(json.loads(files["src/swapi_mcp/spec.json"]))
    with swapi_upstream() as up:
        rt = ServerRuntime(model, Settings(base_url=up.url + "/graphql"))
        rt.graphql_schema_path = schema
        yield rt, up


@pytest.mark.anyio
async def test_continue_walks_the_chunks_then_fetches_the_next_upstream_page(runtime) -> None:
    rt, upstream = runtime
    outcome = await rt.call("all_people", {"first": 3})
    assert not outcome.is_error, outcome.parts
    pages = [outcome]
    while (match := FOOTER.search(pages[-1].parts[-1])) is not None:
        pages.append(await rt.call("swapi_continue", {"continuation_id": match.group(1)}))
        assert not pages[-1].is_error, pages[-1].parts
    names = []
    for page in pages:
        chunk = json.loads(page.parts[0])
        items = chunk["nodes"] if isinstance(chunk, dict) else chunk
        names += [p["name"] for p in items]
    assert names == ["Luke Skywalker", "Leia Organa", "Owen Lars", "Broken Droid"]
    # the footer that fetches the next upstream page stands for the connection's endCursor
    assert '"hasNextPage":true' in pages[0].parts[0] and "endCursor" not in pages[0].parts[0]
    footers = [p.parts[-1] for p in pages[:-1]]
    # the first upstream page came in several chunks; only its last chunk points upstream
    assert len(footers) >= 2
    assert all("next upstream page" not in f for f in footers[:-1])
    assert "page 1/" in footers[0] and "next upstream page" in footers[-1]
    assert "[upstream page 2, the last one]" in pages[-1].parts
    assert [r.json()["variables"] for r in upstream.requests] == [
        {"first": 3},
        {"first": 3, "after": "2"},
    ]


@pytest.mark.anyio
async def test_excluded_fields_stay_out_unless_asked_for_by_name(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(
        "name: swapi\nauth: []\nselect: {include: [query.person]}\n"
        "operations:\n  query.person: {exclude: [birthYear, homeworld]}\n"
    )
    files = build(SPECS / "swapi/schema.graphql", overlay_path=overlay).files
    schema = tmp_path / "schema.graphql"
    schema.write_bytes(files["src/swapi_mcp/schema.graphql"])
    model = model_from_json(json.loads(files["src/swapi_mcp/spec.json"]))
    with swapi_upstream() as up:
        rt = ServerRuntime(model, Settings(base_url=up.url + "/graphql"))
        rt.graphql_schema_path = schema
        detailed = await rt.call("person", {"personID": "1", "detail_level": "detailed"})
        named = await rt.call("person", {"personID": "1", "fields": ["name", "birthYear"]})
    everything = json.loads(detailed.parts[0])
    assert "name" in everything and "birthYear" not in everything
    assert "homeworld" not in everything and "filmConnection" in everything
    query = up.requests[0].json()["query"]  # the person's own fields are indented by 4
    assert "\n    name\n" in query and "\n    birthYear\n" not in query
    assert json.loads(named.parts[0]) == {"name": "Luke Skywalker", "birthYear": "19BBY"}


@pytest.mark.anyio
async def test_filters_and_adapters_apply_to_graphql_results(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(
        "name: swapi\nauth: []\nselect: {include: [query.person, query.film]}\n"
        "filter_sets:\n  partners:\n    query.person:\n      patches: [{op: remove, path: /birthYear}]\n"
        "operations:\n  query.person: {include: [name, birthYear]}\n"
        "  query.film:\n    include: [title, director]\n"
        "    adapters: [{name: summary, options: {fields: {key: title, by: director}}}]\n"
    )
    files = build(SPECS / "swapi/schema.graphql", overlay_path=overlay).files
    schema = tmp_path / "schema.graphql"
    schema.write_bytes(files["src/swapi_mcp/schema.graphql"])
    model = model_from_json(json.loads(files["src/swapi_mcp/spec.json"]))
    with swapi_upstream() as up:
        plain = ServerRuntime(model, Settings(base_url=up.url + "/graphql"))
        plain.graphql_schema_path = schema
        partners = ServerRuntime(
            model, Settings(base_url=up.url + "/graphql", filter_set="partners")
        )
        partners.graphql_schema_path = schema
        person = await plain.call("person", {"personID": "1"})
        filtered = await partners.call("person", {"personID": "1"})
        film = await plain.call("film", {"filmID": "1"})
        film_fields = await plain.call("film", {"filmID": "1", "fields": ["title"]})
    assert json.loads(person.parts[0]) == {"name": "Luke Skywalker", "birthYear": "19BBY"}
    assert json.loads(filtered.parts[0]) == {"name": "Luke Skywalker"}
    assert not film.is_error, film.parts
    summary = film.parts[0]
    assert "key" in summary and "by" in summary and "director" not in summary
    assert json.loads(film_fields.parts[0]) == {"title": json.loads(film_fields.parts[0])["title"]}
