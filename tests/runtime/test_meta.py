"""Meta mode without MCP: find, describe and call operations through the runtime's executor."""

import json

import pytest

from generator.runtime.executor import ServerRuntime
from generator.runtime.meta import listed_tools, meta_tools
from generator.runtime.model import model_from_json
from generator.runtime.config.settings import Settings
from tests.support.upstream import Reply, Upstream


def op(name: str, method: str, path: str, description: str, tags: list[str]) -> dict:
    return {
        "name": name,
        "description": description,
        "input_schema": {
            "type": "object",
            "properties": {"owner": {"type": "string"}},
            "required": ["owner"],
        },
        "binding": {"kind": "http", "method": method, "path": path},
        "params": [{"arg": "owner", "location": "path", "wire": "owner", "required": True}],
        "response": {
            "collection_path": "",
            "field_tree": {"id": "integer", "name": "string", "secret": "string"},
            "default_fields": ["id", "name"],
        },
        "tags": tags,
    }


MODEL = model_from_json(
    {
        "server": {"name": "demo", "env_prefix": "DEMO", "mode": "meta", "title": "Demo"},
        "tools": [
            op(
                "repos_list_for_owner",
                "GET",
                "/owners/{owner}/repos",
                "List repositories.",
                ["repos"],
            ),
            op(
                "issues_list_for_owner", "GET", "/owners/{owner}/issues", "List issues.", ["issues"]
            ),
            op("repos_delete", "DELETE", "/owners/{owner}", "Delete everything.", ["repos"]),
        ],
    }
)


def test_meta_mode_lists_the_meta_tools_only() -> None:
    assert [t.name for t in listed_tools(MODEL)] == [
        "demo_find_operations",
        "demo_describe_operation",
        "demo_call_operation",
    ]
    assert all(t["input_schema"]["type"] == "object" for t in meta_tools(MODEL))


@pytest.fixture
def runtime():
    with Upstream() as up:
        up.route(
            "GET", "/owners/{owner}/repos", Reply.json([{"id": 1, "name": "a", "secret": "s"}])
        )
        rt = ServerRuntime(MODEL, Settings(base_url=up.url))
        yield rt, up


@pytest.mark.anyio
async def test_find_ranks_names_first_and_filters_by_tag(runtime) -> None:
    rt, _ = runtime
    found = await rt.call("demo_find_operations", {"query": "list repository"})
    assert found.parts[0].splitlines()[0] == (
        "repos_list_for_owner: List repositories (GET /owners/{owner}/repos)"
    )
    # a task sentence, most of whose words no operation holds, finds it as keywords would
    asked = await rt.call("demo_find_operations", {"query": "show me the issues of an owner"})
    assert asked.parts[0].splitlines()[0].startswith("issues_list_for_owner:")
    narrowed = await rt.call("demo_find_operations", {"query": "list", "tag": "issues"})
    assert [line.split(":")[0] for line in narrowed.parts[0].splitlines()] == [
        "issues_list_for_owner"
    ]
    tagged = await rt.call("demo_find_operations", {"query": "", "tag": "repos", "limit": 1})
    assert tagged.parts[0].splitlines()[0].startswith("repos_delete:")
    assert "1 more matches" in tagged.parts[0]
    none = await rt.call("demo_find_operations", {"query": "zebra"})
    assert not none.is_error and "No operation matches" in none.parts[0]


@pytest.mark.anyio
async def test_describe_and_call_use_the_operation_schema_and_shaping(runtime) -> None:
    rt, up = runtime
    info = json.loads(
        (await rt.call("demo_describe_operation", {"operation": "repos_list_for_owner"})).parts[0]
    )
    assert info["arguments"]["required"] == ["owner"] and info["default_fields"] == ["id", "name"]
    called = await rt.call(
        "demo_call_operation", {"operation": "repos_list_for_owner", "arguments": {"owner": "me"}}
    )
    assert json.loads(called.parts[0]) == [{"id": 1, "name": "a"}]
    chosen = await rt.call(
        "demo_call_operation",
        {"operation": "repos_list_for_owner", "arguments": {"owner": "me"}, "fields": ["secret"]},
    )
    assert json.loads(chosen.parts[0]) == [{"secret": "s"}]
    assert [r.path for r in up.requests] == ["/owners/me/repos", "/owners/me/repos"]
    missing = await rt.call("demo_call_operation", {"operation": "repos_list_for_owner"})
    assert missing.is_error and "owner" in missing.parts[0]
    unknown = await rt.call("repos_list_for_owner", {"owner": "me"})
    assert unknown.is_error and "demo_find_operations" in unknown.parts[0]
