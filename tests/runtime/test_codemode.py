"""Code mode without MCP: signatures, search, the import check, the script's value as JSON,
the limits' variables, and scripts run through the runtime's executor against a local
upstream (the sandbox is the real pydantic-monty)."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest

from generator.runtime.codemode.sandbox import ScriptError, check_imports, to_json
from generator.runtime.codemode.search import rank
from generator.runtime.codemode.signatures import function_name, signature, type_of
from generator.runtime.codemode.tools import code_tools
from generator.runtime.config.code_limits import CodeLimits, code_limits_from_env
from generator.runtime.config.settings import Settings
from generator.runtime.errors import ConfigurationError
from generator.runtime.executor import ServerRuntime
from generator.runtime.meta import listed_tools
from generator.runtime.model import model_from_json
from tests.support.operations import op
from tests.support.upstream import Reply, Upstream

MODEL = model_from_json(
    {
        "server": {"name": "demo", "env_prefix": "DEMO", "mode": "code", "title": "Demo"},
        "tools": [
            op(
                "repos_list_for_owner",
                "GET",
                "/owners/{owner}/repos",
                "List an owner's repositories. More text.",
                props={
                    "sort": {"enum": ["created", "updated", "pushed", "full_name", "size"]},
                    "per_page": {"type": "integer", "default": 30},
                    "page": {"type": "integer"},
                },
                pagination={"style": "page", "page_arg": "page", "size_arg": "per_page"},
            ),
            op("repos_get", "GET", "/repos/{owner}/{repo}", "Get a repository"),
            op(
                "list",
                "GET",
                "/things",
                "List things",
                response={"collection_path": None, "default_fields": []},
            ),
            op(
                "repos_delete",
                "DELETE",
                "/repos/{owner}/{repo}",
                "Delete a repository",
                annotations={"destructiveHint": True},
            ),
        ],
    }
)


def test_the_listing_is_search_and_execute() -> None:
    assert [t.name for t in listed_tools(MODEL)] == ["demo_search", "demo_execute"]
    execute = code_tools(MODEL)[1]["input_schema"]
    assert set(execute["properties"]) == {"code", "fields", "detail_level", "response_format"}


def test_functions_are_named_after_their_tools_and_never_shadow_a_builtin() -> None:
    assert function_name("repos_get") == "repos_get"
    assert function_name("list") == "list_op"  # a builtin would hide it
    assert function_name("import") == "import_op"
    assert function_name("get-thing.v2") == "get_thing_v2"
    assert function_name("2fa_codes") == "op_2fa_codes"


def test_types_are_short_and_python_like() -> None:
    assert type_of({"type": "string"}) == "str"
    assert type_of({"type": "array", "items": {"type": "integer"}}) == "list[int]"
    assert type_of({"enum": ["a", "b"]}) == "'a'|'b'"
    assert type_of({"enum": list("abcdef")}) == "'a'|'b'|'c'|'d'|…"
    assert type_of({"anyOf": [{"type": "string"}, {"type": "null"}]}) == "str|None"
    assert type_of({"type": ["integer", "string"]}) == "int|str"
    assert type_of({}) == "any"


def test_a_signature_shows_arguments_returns_and_paging() -> None:
    tool = MODEL.tool("repos_list_for_owner")
    assert tool is not None
    head, rest = signature(MODEL, tool).split("\n")
    assert head == (
        "repos_list_for_owner(owner: str, page: int = None, per_page: int = 30, sort: 'created'|'updated'|"
        "'pushed'|'full_name'|… = None) -> list[{id: int, name: str, owner: {login: str, …}, …}]"
    )
    assert rest.strip().startswith("List an owner's repositories (GET /owners/{owner}/repos;")
    assert 'all_pages("repos_list_for_owner", ...)' in rest
    listing = MODEL.tool("list")
    assert listing is not None and signature(MODEL, listing).startswith("list_op() -> dict")


def test_search_ranks_by_meaning_of_the_words() -> None:
    assert rank(MODEL, "repositories of an owner")[0][1].name == "repos_list_for_owner"
    assert rank(MODEL, "delete a repository")[0][1].name == "repos_delete"
    assert rank(MODEL, "zebra") == []


WORDS = model_from_json(
    {
        "server": {"name": "words", "env_prefix": "WORDS", "mode": "code", "title": "Words"},
        "tools": [
            op("repos_get", "GET", "/repos/{repo}", "Get a repository"),
            op("activity_list_stargazers", "GET", "/repos/{repo}/stargazers", "List stargazers"),
            op("things_list", "GET", "/things", "List things"),
            op(
                "things_search",
                "GET",
                "/things/search",
                "Search things",
                props={"state": {"enum": ["active", "archived"]}},
            ),
            op("subscriptions_create", "POST", "/subscriptions", "Create a subscription"),
            op("prices_create", "POST", "/prices", "Create a price"),
            op("users_get_authenticated", "GET", "/user", "Get the authenticated user"),
            op("users_list", "GET", "/users", "List users"),
        ],
    }
)


@pytest.mark.parametrize(
    "query, first",
    [
        # a past form meets its noun (starred ~ star ~ stargazers); "people" asks for a list
        ("people who starred a repository", "activity_list_stargazers"),
        # an argument's enumerated value names the call that filters by it
        ("archived things", "things_search"),
        # what the task is about comes before where it is
        ("start a subscription to a price", "subscriptions_create"),
        # the signed-in user is the authenticated one
        ("the signed-in user's profile", "users_get_authenticated"),
    ],
)
def test_search_reads_a_task_sentence_in_general_english(query: str, first: str) -> None:
    assert rank(WORDS, query)[0][1].name == first


@pytest.mark.parametrize(
    "code, line, module",
    [
        ("import os", 1, "os"),
        ("x = 1\nimport json, subprocess", 2, "subprocess"),
        ("from pathlib import Path", 1, "pathlib"),
        ("from . import x", 1, "."),
        ("x = (\nimport sys", 2, "sys"),  # not Python the server parses: found by text
    ],
)
def test_imports_beyond_the_allow_list_are_refused_with_their_line(
    code: str, line: int, module: str
) -> None:
    with pytest.raises(ScriptError) as refused:
        check_imports(code)
    assert refused.value.message.startswith(f"line {line}: import of {module!r} refused")


def test_the_allowed_imports_pass() -> None:
    check_imports("import json, re\nimport datetime as dt\nfrom math import floor\n")


def test_the_value_of_a_script_becomes_json() -> None:
    value = {
        "when": datetime.date(2024, 1, 2),
        "pair": (1, 2),
        "set": {3},
        "nan": float("nan"),
        "bytes": b"hi",
        1: None,
    }
    assert to_json(value) == {
        "when": "2024-01-02",
        "pair": [1, 2],
        "set": [3],
        "nan": "nan",
        "bytes": "aGk=",
        "1": None,
    }


def test_limits_come_from_the_environment_and_bad_values_are_refused() -> None:
    env = {"DEMO_CODE_TIMEOUT": "5", "DEMO_CODE_MAX_CALLS": "3"}
    limits = code_limits_from_env(env, MODEL)
    assert limits == CodeLimits(timeout=5.0, max_calls=3)
    with pytest.raises(ConfigurationError, match="DEMO_CODE_MAX_MEMORY='lots' is not a number"):
        code_limits_from_env({"DEMO_CODE_MAX_MEMORY": "lots"}, MODEL)
    with pytest.raises(ConfigurationError, match="DEMO_CODE_TIMEOUT must be positive"):
        code_limits_from_env({"DEMO_CODE_TIMEOUT": "0"}, MODEL)


@pytest.mark.anyio
async def test_a_script_pages_through_all_pages_and_returns_the_shaped_value() -> None:
    def page(rec: Any) -> Reply:
        number = int(dict(rec.query).get("page", 1))
        items = [{"id": number * 10 + i, "name": f"r{number}{i}"} for i in range(2)]
        return Reply.json(items if number <= 3 else [])

    with Upstream() as up:
        up.route("GET", "/owners/{owner}/repos", page)
        settings = Settings(base_url=up.url, code=CodeLimits(timeout=20))
        runtime = ServerRuntime(MODEL, settings)
        try:
            code = 'rs = all_pages("repos_list_for_owner", owner="o", per_page=2)\n[r["id"] for r in rs]'
            result = await runtime.call("demo_execute", {"code": code})
            assert not result.is_error, result.parts
            assert json.loads(result.parts[0]) == [10, 11, 20, 21, 30, 31]
            pages = [dict(r.query).get("page") for r in up.requests]
            assert pages == [None, "2", "3", "4"]  # the empty fourth page ends the walk
            failed = await runtime.call("demo_execute", {"code": "x = 1\ny = 1 / 0"})
            assert failed.is_error
            assert failed.parts[0].startswith("The script failed at line 2 (y = 1 / 0)")
        finally:
            await runtime.aclose()
