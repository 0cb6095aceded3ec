"""Toolsets and the read-only switch, chosen at server start."""

import pytest

from generator.runtime.errors import ConfigurationError
from generator.runtime.model import model_from_json
from generator.runtime.mcp.toolsets import restrict_from_env


def entry(name: str, method: str, toolsets: list[str], kind: str = "http") -> dict:
    binding = (
        {"kind": "http", "method": method, "path": f"/{name}"}
        if kind == "http"
        else {"kind": "graphql", "operation_type": method, "field_name": name}
    )
    return {
        "name": name,
        "input_schema": {"type": "object"},
        "binding": binding,
        "toolsets": toolsets,
    }


MODEL = model_from_json(
    {
        "server": {"name": "demo", "env_prefix": "DEMO", "toolsets": ["issues", "repos"]},
        "tools": [
            entry("list_issues", "GET", ["issues"]),
            entry("create_issue", "POST", ["issues"]),
            entry("get_repo", "GET", ["repos"]),
            entry("delete_repo", "DELETE", ["repos"]),
            entry("viewer", "query", [], "graphql"),
            entry("update_user", "mutation", [], "graphql"),
        ],
    }
)


def names(env: dict) -> list[str]:
    return [t.name for t in restrict_from_env(MODEL, env).tools]


def test_by_default_every_tool_is_listed() -> None:
    assert restrict_from_env(MODEL, {}) is MODEL
    assert restrict_from_env(MODEL, {"DEMO_TOOLSETS": "all"}) is MODEL


def test_toolsets_keep_their_tools_and_read_only_drops_writes() -> None:
    assert names({"DEMO_TOOLSETS": "issues"}) == ["list_issues", "create_issue"]
    assert names({"DEMO_TOOLSETS": "repos, issues"}) == [
        "list_issues",
        "create_issue",
        "get_repo",
        "delete_repo",
    ]
    assert names({"DEMO_READ_ONLY": "1"}) == ["list_issues", "get_repo", "viewer"]
    assert names({"DEMO_READ_ONLY": "true", "DEMO_TOOLSETS": "repos"}) == ["get_repo"]
    assert names({"DEMO_READ_ONLY": "0"}) == [t.name for t in MODEL.tools]


def test_unknown_toolsets_and_empty_choices_fail_at_start() -> None:
    with pytest.raises(
        ConfigurationError, match="unknown toolset.*pulls.*Known toolsets: issues, repos"
    ):
        restrict_from_env(MODEL, {"DEMO_TOOLSETS": "pulls"})
    only = model_from_json(
        {
            "server": {"name": "x", "env_prefix": "X", "toolsets": ["w"]},
            "tools": [entry("w", "POST", ["w"])],
        }
    )
    with pytest.raises(ConfigurationError, match="leave no tool"):
        restrict_from_env(only, {"X_READ_ONLY": "yes"})
