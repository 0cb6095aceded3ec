"""End to end, code mode over GraphQL: the committed GraphQL examples' operations are functions
in an ``execute`` script, through the real MCP client (stdio) against real GraphQL servers on
127.0.0.1 (graphql-core executing the SWAPI and Linear schemas of specs/). A script chains two
operations; every call is compiled into a document selecting the tool's default fields and
validated before it is sent (asserted on the exact documents the upstream received);
``all_pages`` walks a Relay connection by its cursor; a mutation announced destructive runs
only when the user allows it, as its per-operation tool does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from graphql import build_schema, graphql_sync
from mcp.types import ElicitRequestParams, ElicitResult

from generator.pipeline import generate
from tests.support.graphql_upstream import gid, swapi_upstream
from tests.support.paths import SPECS
from tests.support.results import text_of
from tests.support.servers import stdio_session
from tests.support.upstream import Recorded, Reply, Upstream
from tests.support.results import joined_text


def _package(root: Path, api: str, extra: str) -> Path:
    overlay = root / "overlay.yaml"
    overlay.write_text((SPECS / api / "overlay.yaml").read_text() + extra)
    target, _ = generate(SPECS / api / "schema.graphql", root / "out", overlay_path=overlay)
    return target


@pytest.fixture(scope="module")
def swapi(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _package(tmp_path_factory.mktemp("swapi-code"), "swapi", "mode: code\n")


CHAIN = """
people = all_pages("all_people", first=2)
out = []
for p in people[:3]:
    who = person(id=p["id"])
    out.append({"name": who["name"], "films": [f["title"] for f in who["filmConnection"]["films"]]})
out
"""


@pytest.mark.anyio
async def test_a_script_chains_two_graphql_queries(swapi: Path) -> None:
    with swapi_upstream() as up:
        env = {"SWAPI_GRAPHQL_URL": up.url + "/graphql"}
        async with stdio_session(swapi, "swapi_mcp", env) as session:
            names = [t.name for t in (await session.list_tools()).tools]
            assert names == ["swapi_search", "swapi_execute", "swapi_continue"]
            found = joined_text(await session.call_tool("swapi_search", {"query": "list people"}))
            assert "all_people(" in found and "query allPeople" in found
            assert 'all_pages("all_people", ...)' in found  # a connection is paged upstream

            result = await session.call_tool("swapi_execute", {"code": CHAIN})
            assert not result.is_error, joined_text(result)
            assert json.loads(text_of(result)) == [
                {"name": "Luke Skywalker", "films": ["A New Hope", "The Empire Strikes Back",
                                                    "Return of the Jedi"]},
                {"name": "Leia Organa", "films": ["A New Hope", "The Empire Strikes Back",
                                                 "Return of the Jedi"]},
                {"name": "Owen Lars", "films": ["A New Hope"]},
            ]  # fmt: skip
        sent = [r.json() for r in up.requests]
        # all_pages: two pages of two by the cursor (the fifth request would be a third page:
        # there are four people), then one person query per item, each the default selection
        assert [s["variables"] for s in sent] == [
            {"first": 2},
            {"first": 2, "after": "1"},
            {"id": gid("people", 1)},
            {"id": gid("people", 2)},
            {"id": gid("people", 3)},
        ]
        assert sent[0]["query"] == (
            "query allPeople($first: Int) {\n  allPeople(first: $first) {\n"
            "    totalCount\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n"
            "    edges {\n      node {\n        id\n        name\n        birthYear\n"
            "        homeworld {\n          name\n        }\n      }\n    }\n  }\n}"
        )
        assert sent[2]["query"].startswith("query person($id: ID) {\n  person(id: $id) {\n")
        assert "filmConnection(first: 10)" in sent[2]["query"]


@pytest.mark.anyio
async def test_graphql_errors_name_the_function_and_the_line(swapi: Path) -> None:
    with swapi_upstream() as up:
        env = {"SWAPI_GRAPHQL_URL": up.url + "/graphql"}
        async with stdio_session(swapi, "swapi_mcp", env) as session:
            bad = await session.call_tool(
                "swapi_execute", {"code": 'x = 1\nperson(personID=["1"])'}
            )
            assert bad.is_error
            assert "line 2" in joined_text(bad) and "person()" in joined_text(bad)
            assert "personID" in joined_text(bad)
            assert up.requests == []  # refused before anything was sent
            boom = await session.call_tool("swapi_execute", {"code": 'planet(planetID="boom")'})
            assert boom.is_error and "line 1" in joined_text(boom) and "planet" in joined_text(boom)
            assert "exploded" in joined_text(boom)  # the GraphQL error, passed on
            partial = await session.call_tool("swapi_execute", {"code": 'person(personID="4")'})
            assert not partial.is_error, joined_text(partial)
            assert json.loads(text_of(partial))["name"] == "Broken Droid"
            assert "partial data" in joined_text(partial)  # the note travels with the result


# --- Linear: a query then a destructive mutation ----------------------------------------------

LINEAR = build_schema((SPECS / "linear/schema.graphql").read_text(encoding="utf-8"))
ISSUES = [
    {"identifier": f"ENG-{n}", "title": title, "state": {"name": "Todo"}, "priorityLabel": "High",
     "url": f"https://linear.app/eng/issue/ENG-{n}", "updatedAt": "2026-11-20T10:00:00.000Z",
     "assignee": None, "labels": {"nodes": [], "pageInfo": {"hasNextPage": False}}}
    for n, title in ((1, "Crash on start"), (2, "Slow search"))
]  # fmt: skip


def _issues(info: Any, **args: Any) -> dict[str, Any]:
    return {
        "nodes": ISSUES[: args.get("first", 50)],
        "pageInfo": {"hasNextPage": False, "endCursor": None},
    }


def _issue_update(info: Any, id: str, input: dict[str, Any]) -> dict[str, Any]:
    issue = next(i for i in ISSUES if i["identifier"] == id)
    return {"success": True, "issue": {**issue, "state": {"name": input["stateId"]}}}


def linear_reply(rec: Recorded) -> Reply:
    body = rec.json()
    root = {"issues": _issues, "issueUpdate": _issue_update}
    done = graphql_sync(
        LINEAR, body["query"], root_value=root, variable_values=body.get("variables")
    )
    payload: dict[str, Any] = {"data": done.data}
    if done.errors:
        payload["errors"] = [e.formatted for e in done.errors]
    return Reply.json(payload)


@pytest.fixture(scope="module")
def linear(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _package(tmp_path_factory.mktemp("linear-code"), "linear", "mode: code\n")


MOVE = """
todo = issues(first=10, filter={"state": {"name": {"eq": "Todo"}}})
moved = []
for issue in todo["nodes"]:
    done = issue_update(id=issue["identifier"], input={"stateId": "Done"})
    moved.append(done["issue"]["identifier"] + " " + done["issue"]["state"]["name"])
moved
"""


class User:
    def __init__(self, allow: bool):
        self.allow = allow
        self.asked: list[str] = []

    async def __call__(self, context: Any, params: ElicitRequestParams) -> ElicitResult:
        self.asked.append(params.message)
        if not self.allow:
            return ElicitResult(action="decline")
        return ElicitResult(action="accept", content={"confirm": True})


@pytest.mark.anyio
async def test_a_destructive_mutation_in_a_script_is_confirmed(linear: Path) -> None:
    with Upstream() as up:
        up.route("POST", "/graphql", linear_reply)
        env = {
            "LINEAR_GRAPHQL_URL": up.url + "/graphql",
            "LINEAR_API_KEY": "lin_test",
            "LINEAR_CONFIRM_DESTRUCTIVE": "1",
        }

        def operations() -> list[str]:
            return [r.json()["query"].split("(")[0] for r in up.requests]

        async with stdio_session(linear, "linear_mcp", env) as session:  # cannot ask
            refused = await session.call_tool("linear_execute", {"code": MOVE})
            assert refused.is_error and "PermissionError" in joined_text(refused)
            assert "line 5" in joined_text(refused) and "cannot ask" in joined_text(refused)
        assert operations() == ["query issues"]  # the mutation was never sent
        yes = User(True)
        async with stdio_session(linear, "linear_mcp", env, elicitation_callback=yes) as session:
            done = await session.call_tool("linear_execute", {"code": MOVE})
            assert not done.is_error, joined_text(done)
            assert json.loads(text_of(done)) == ["ENG-1 Done", "ENG-2 Done"]
        assert len(yes.asked) == 2 and "GraphQL mutation issueUpdate" in yes.asked[0]
        assert operations() == ["query issues"] * 2 + ["mutation issueUpdate"] * 2
        mutation = up.requests[-1].json()
        assert mutation["variables"] == {"id": "ENG-2", "input": {"stateId": "Done"}}
        assert up.requests[-1].headers["authorization"] == "lin_test"
        assert mutation["query"] == (
            "mutation issueUpdate($id: String!, $input: IssueUpdateInput!) {\n"
            "  issueUpdate(id: $id, input: $input) {\n    success\n    issue {\n"
            "      identifier\n      title\n      state {\n        name\n      }\n    }\n  }\n}"
        )
