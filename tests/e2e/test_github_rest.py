"""End to end: the committed GitHub example, run as a real process, driven by the real MCP
client over stdio and streamable HTTP, calling a real HTTP server on 127.0.0.1 that serves
GitHub's recorded responses. Asserts on the exact outbound request and on the tool result."""

import json

import pytest

from tests.support.paths import GENERATED, RESPONSES
from tests.support.results import text_of
from tests.support.servers import http_client, http_server, stdio_session
from tests.support.upstream import Recorded, Reply, Upstream

PACKAGE = GENERATED / "github-mcp"
SECRET = "ghp_TESTSECRET0123456789abcdef"
ISSUES = json.loads((RESPONSES / "github/issue-items.json").read_text())
LIST_FIELDS = ["number", "title", "state", "user", "labels", "comments", "updated_at", "html_url"]


def expected_issue(item: dict) -> dict:
    out = {k: item[k] for k in LIST_FIELDS if k in item}
    out["user"] = {"login": item["user"]["login"]}
    out["labels"] = [{"name": label["name"]} for label in item["labels"]]
    return out


def echo_auth(request: Recorded) -> Reply:
    # A misbehaving upstream that echoes the credentials back in an error body.
    return Reply.json({"message": f"bad token {request.headers.get('authorization')}"}, 401)


@pytest.fixture
def upstream():
    with Upstream() as up:
        up.route(
            "GET", "/repos/{owner}/{repo}/issues", Reply.file(RESPONSES / "github/issue-items.json")
        )
        up.route(
            "GET", "/repos/{owner}/{repo}", Reply.file(RESPONSES / "github/full-repository.json")
        )
        up.route("GET", "/users/{username}", echo_auth)
        yield up


def env(up: Upstream) -> dict[str, str]:
    return {"GITHUB_BASE_URL": up.url, "GITHUB_TOKEN": SECRET}


def check_issue_list_request(up: Upstream) -> None:
    (sent,) = up.requests
    assert sent.method == "GET"
    assert sent.path == "/repos/octo-org/hello%20world/issues"
    assert sent.query == [("state", "open"), ("labels", "bug,ui"), ("per_page", "2")]
    assert sent.headers["authorization"] == f"Bearer {SECRET}"
    assert sent.headers["accept"] == "application/json"
    assert sent.body == b""


ARGS = {
    "owner": "octo-org",
    "repo": "hello world",
    "state": "open",
    "labels": "bug,ui",
    "per_page": 2,
}


@pytest.mark.anyio
async def test_stdio_list_issues_sends_the_exact_request_and_returns_the_projection(upstream):
    async with stdio_session(PACKAGE, "github_mcp", env(upstream)) as session:
        tools = {t.name: t for t in (await session.list_tools()).tools}
        assert "issues_list_for_repo" in tools and "github_continue" in tools
        annotations = tools["issues_list_for_repo"].annotations
        assert annotations is not None and annotations.read_only_hint is True
        result = await session.call_tool("issues_list_for_repo", ARGS)
    assert not result.is_error, text_of(result)
    check_issue_list_request(upstream)
    assert json.loads(text_of(result)) == [expected_issue(i) for i in ISSUES]
    assert result.structured_content is None  # the payload travels once, as text


@pytest.mark.anyio
async def test_streamable_http_same_call_and_concise_defaults(upstream):
    with http_server(PACKAGE, "github_mcp", env(upstream)) as url:
        async with http_client(url) as client:
            result = await client.call_tool("issues_list_for_repo", ARGS)
            assert not result.is_error, text_of(result)
            check_issue_list_request(upstream)
            repo = await client.call_tool("repos_get", {"owner": "octocat", "repo": "Hello-World"})
            assert not repo.is_error
            shaped = json.loads(text_of(repo))
            raw = json.loads((RESPONSES / "github/full-repository.json").read_text())
            assert shaped["full_name"] == raw["full_name"]
            assert len(text_of(repo)) < len(json.dumps(raw)) / 5
            everything = await client.call_tool(
                "repos_get", {"owner": "octocat", "repo": "Hello-World", "fields": ["*"]}
            )
            assert json.loads(text_of(everything))["owner"]["login"] == "octocat"


@pytest.mark.anyio
async def test_upstream_errors_are_tool_errors_and_never_leak_the_token(upstream):
    async with stdio_session(PACKAGE, "github_mcp", env(upstream)) as session:
        result = await session.call_tool("users_get_by_username", {"username": "nobody"})
        assert result.is_error
        text = text_of(result)
        assert "HTTP 401" in text and SECRET not in text and "[REDACTED]" in text
        missing = await session.call_tool(
            "issues_get", {"owner": "o", "repo": "r", "issue_number": 1}
        )
        assert missing.is_error and "HTTP 404" in text_of(missing)
        bad = await session.call_tool("issues_list_for_repo", {"owner": "o"})
        assert bad.is_error and "repo" in text_of(bad)
        unknown_field = await session.call_tool(
            "issues_list_for_repo", {"owner": "o", "repo": "r", "fields": ["titel"]}
        )
        assert unknown_field.is_error and "title" in text_of(unknown_field)
    assert [r.path for r in upstream.requests] == ["/users/nobody", "/repos/o/r/issues/1"]
