"""Output filters on GraphQL tools hold like on REST tools, in process against the real local
GraphQL server: the document always selects what the filter reads, and a filter that does not
apply gives the tool's default concise shaping, whatever the agent selected."""

import json
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
select: {include: [query.person, query.allPeople]}
filter_sets:
  guarded:
    query.person:
      - when: [{op: test, path: /birthYear, value: 19BBY}]
        retain: [/name, /birthYear, /eyeColor]
        patches: [{op: remove, path: /eyeColor}]
    query.allPeople:
      - when: [{op: test, path: /nodes/0/birthYear, value: 19BBY}]
        retain: [/nodes/name, /nodes/created, /totalCount]
  nobody:
    query.person:
      - when: [{op: test, path: /name, value: nobody}]
        retain: [/name]
  broken_patch:
    query.person:
      - patches: [{op: replace, path: /homeworld/name, value: hidden}]
"""


@pytest.fixture
def swapi(tmp_path: Path):
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(OVERLAY)
    files = build(SPECS / "swapi/schema.graphql", overlay_path=overlay).files
    schema = tmp_path / "schema.graphql"
    schema.write_bytes(files["src/swapi_mcp/schema.graphql"])
    model = model_from_json(json.loads(files["src/swapi_mcp/spec.json"]))
    with swapi_upstream() as up:

        def runtime(filter_set: str = "") -> ServerRuntime:
            rt = ServerRuntime(model, Settings(base_url=up.url + "/graphql", filter_set=filter_set))
            rt.graphql_schema_path = schema
            return rt

        yield runtime, up


@pytest.mark.anyio
async def test_the_document_selects_what_the_filter_reads_even_when_the_agent_did_not(
    swapi,
) -> None:
    runtime, up = swapi
    rt = runtime("guarded")
    person = await rt.call("person", {"personID": "1", "fields": ["name"]})
    assert not person.is_error, person.parts
    assert json.loads(person.parts[0]) == {"name": "Luke Skywalker"}
    assert not any("did not apply" in p for p in person.parts), person.parts
    query = up.requests[-1].json()["query"]
    assert "birthYear" in query and "eyeColor" in query  # the guard and the patch's target

    people = await rt.call("all_people", {"first": 2, "fields": ["name"]})
    assert not people.is_error, people.parts
    assert not any("did not apply" in p for p in people.parts), people.parts
    value = json.loads(people.parts[0])
    assert value["nodes"] == [{"name": "Luke Skywalker"}, {"name": "Leia Organa"}]
    query = up.requests[-1].json()["query"]
    assert "birthYear" in query and "created" in query
    assert value["totalCount"] == 4


@pytest.mark.anyio
@pytest.mark.parametrize("filter_set", ["nobody", "broken_patch"])
@pytest.mark.parametrize(
    "controls",
    [{"detail_level": "detailed"}, {"fields": ["*"]}, {"fields": ["homeworld", "species"]}, {}],
)
async def test_a_filter_that_does_not_apply_gives_the_default_concise_shaping(
    swapi, filter_set: str, controls: dict
) -> None:
    """Exactly what the tool returns with no filter set and no controls, plus the note: the
    document fetched the default selection along with what the agent asked for."""
    runtime, _ = swapi
    person = "4" if filter_set == "broken_patch" else "1"  # person 4 has no homeworld
    concise = await runtime().call("person", {"personID": person})
    filtered = await runtime(filter_set).call("person", {"personID": person, **controls})
    assert not filtered.is_error, filtered.parts
    note = f"[filter set {filter_set!r} did not apply"
    assert any(p.startswith(note) for p in filtered.parts), filtered.parts
    assert json.loads(filtered.parts[0]) == json.loads(concise.parts[0])
    assert [p for p in filtered.parts[1:] if not p.startswith(note)] == concise.parts[1:]


def test_a_graphql_default_answer_is_shaped_exactly_as_the_defaults_are() -> None:
    """The document fetched the tool's default selection: what came back is shaped as a REST
    answer holding those fields would be (nulls left out; a write's answer without the text it
    was sent, issue 33), not shown whole because the upstream already selected it."""
    from generator.preview.tools import tools_of
    from generator.pipeline import load_spec
    from generator.runtime.output import shape_config_for, shape_output

    spec, _ = load_spec(SPECS / "linear/schema.graphql", name=None)
    _, pairs = tools_of(spec)
    tool = next(t for _, t in pairs if t.name == "issue_create")
    assert "issue.description" not in tool.response.default_fields  # the caller sent it
    text = "The build fails on the second run because the cache is keyed on the wrong file. " * 4
    value = {
        "success": True,
        "issue": {"id": "i1", "number": 7, "title": "Cache bug", "description": text,
                  "url": "https://linear.app/x/issue/ENG-7", "state": {"name": "Todo"},
                  "assignee": None},
    }  # fmt: skip
    config = shape_config_for(tool)
    preselected = list(tool.response.default_fields)
    fetched = shape_output(value, tool, config, preselected=preselected)
    assert fetched.chunks == shape_output(value, tool, config).chunks
    issue = json.loads(fetched.chunks[0])["issue"]
    assert "description" not in issue and "assignee" not in issue
    assert issue["title"] == "Cache bug" and issue["state"] == {"name": "Todo"}
    # asked for: shown as asked
    detailed = shape_output(value, tool, config, preselected=preselected, detail_level="detailed")
    assert len(json.loads(detailed.chunks[0])["issue"]["description"]) > 120
