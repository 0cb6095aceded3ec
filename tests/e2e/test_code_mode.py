"""End to end, code mode: tools/list shows search and execute (and continue); a script found
with search chains two operations of the GitHub REST description through the real MCP client
(stdio) against a local upstream; all_pages walks the Link header's pages; an answer over the
token budget is continued with continue; the sandbox refuses files, modules, imports and
attribute walks, and endless loops, memory bombs and too many calls end with a clear error
while the server keeps serving; a destructive operation in a script runs only when the user
allows it."""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, MCPError
from mcp.types import ElicitRequestParams, ElicitResult, InputRequiredResult, InputResponses

from generator.pipeline import generate
from generator.runtime.shaping.tokens import count_tokens
from tests.support.notes_api import MODULE as NOTES_MODULE
from tests.support.notes_api import OVERLAY as NOTES_OVERLAY
from tests.support.notes_api import make_package
from tests.support.paths import RESPONSES, SPECS
from tests.support.results import text_of
from tests.support.servers import http_server, package_env, stdio_session
from tests.support.upstream import Recorded, Reply, Upstream
from tests.support.results import joined_text

OVERLAY = """
name: ghcode
mode: code
select:
  include: ["issues/*", "repos/get"]
defaults:
  chunk_threshold_tokens: 700
  chunk_tokens: 500
"""
FOOTER = re.compile(r'continuation_id="([^"]+)"')
TOTAL = 25  # issues upstream, served per_page at a time with Link headers
LIMITS = {"GHCODE_CODE_TIMEOUT": "3", "GHCODE_CODE_MAX_MEMORY": "20000000"}
# Scripts that finish: room for a loaded machine (a 3 s limit timed out a chain of three
# upstream calls while other jobs ran); the refusals keep the 3 s limit they test.
ROOMY = {**LIMITS, "GHCODE_CODE_TIMEOUT": "30"}


def issues() -> list[dict[str, Any]]:
    base = json.loads((RESPONSES / "github/issue-items.json").read_text())[0]
    out = []
    for i in range(TOTAL):
        item = copy.deepcopy(base)
        item["number"] = 500 + i
        item["title"] = f"Issue {i}"
        item["user"] = {**item["user"], "login": f"author{i}"}
        item["comments"] = i % 3
        out.append(item)
    return out


def paged(url: Any) -> Any:
    def reply(rec: Recorded) -> Reply:
        query = dict(rec.query)
        page, per_page = int(query.get("page", 1)), int(query.get("per_page", 30))
        items = issues()[(page - 1) * per_page : page * per_page]
        headers = {"Content-Type": "application/json"}
        if page * per_page < TOTAL:
            nxt = f"{url()}{rec.path}?per_page={per_page}&page={page + 1}"
            headers["Link"] = f'<{nxt}>; rel="next"'
        return Reply(200, json.dumps(items).encode(), headers)

    return reply


def comments(rec: Recorded) -> Reply:
    number = rec.path.split("/")[-2]
    return Reply.json([{"id": 1, "body": f"first on {number}", "user": {"login": "reviewer"}}])


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("code")
    overlay = root / "overlay.yaml"
    overlay.write_text(OVERLAY)
    target, result = generate(SPECS / "github/openapi.json", root / "out", overlay_path=overlay)
    assert len(result.spec.operations) >= 40
    return target


@pytest.fixture
def upstream():
    with Upstream() as up:
        up.route("GET", "/repos/{owner}/{repo}/issues", paged(lambda: up.url))
        up.route("GET", "/repos/{owner}/{repo}/issues/{number}/comments", comments)
        yield up


async def run(session: Any, code: str, **controls: Any) -> Any:
    return await session.call_tool("ghcode_execute", {"code": code, **controls})


CHAIN = """
found = issues_list_for_repo(owner="octo", repo="hello", labels="bug", per_page=5)
out = []
for issue in found[:2]:
    notes = issues_list_comments(owner="octo", repo="hello", issue_number=issue["number"])
    out.append({"title": issue["title"], "author": issue["user"]["login"],
                "first_comment": notes[0]["body"] if notes else None})
out
"""


@pytest.mark.anyio
async def test_search_then_a_script_chaining_two_operations(package: Path, upstream) -> None:
    env = {"GHCODE_BASE_URL": upstream.url, **ROOMY}
    async with stdio_session(package, "ghcode_mcp", env) as session:
        listed = (await session.list_tools()).tools
        assert [t.name for t in listed] == ["ghcode_search", "ghcode_execute", "ghcode_continue"]
        views = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in listed]
        seen = [{k: v[k] for k in ("name", "description", "inputSchema")} for v in views]
        assert count_tokens(json.dumps(seen, separators=(",", ":"))) <= 400

        found = await session.call_tool("ghcode_search", {"query": "list the issues of a repo"})
        assert not found.is_error
        signatures = joined_text(found)
        assert "issues_list_for_repo(owner: str, repo: str," in signatures
        assert "-> list[{" in signatures and "number: int" in signatures

        result = await run(session, CHAIN)
        assert not result.is_error, joined_text(result)
        assert json.loads(result.content[0].text) == [
            {"title": "Issue 0", "author": "author0", "first_comment": "first on 500"},
            {"title": "Issue 1", "author": "author1", "first_comment": "first on 501"},
        ]
        paths = [(r.path, dict(r.query)) for r in upstream.requests]
        assert paths == [
            ("/repos/octo/hello/issues", {"labels": "bug", "per_page": "5"}),
            ("/repos/octo/hello/issues/500/comments", {}),
            ("/repos/octo/hello/issues/501/comments", {}),
        ]

        # markdown, as any tool's answer
        table = await run(session, CHAIN, response_format="markdown")
        assert "| title | author | first_comment |" in joined_text(table)


@pytest.mark.anyio
async def test_all_pages_and_an_answer_over_budget_continued(package: Path, upstream) -> None:
    env = {"GHCODE_BASE_URL": upstream.url, **ROOMY}
    code = (
        'items = all_pages("issues_list_for_repo", owner="octo", repo="hello", per_page=10)\n'
        '[{"number": i["number"], "title": " ".join([i["title"]] * 20)} for i in items]'
    )
    async with stdio_session(package, "ghcode_mcp", env) as session:
        first = await run(session, code)
        assert not first.is_error, joined_text(first)
        assert [dict(r.query).get("page") for r in upstream.requests] == [None, "2", "3"]
        results = [first]
        while (match := FOOTER.search(results[-1].content[-1].text)) is not None:
            nxt = await session.call_tool("ghcode_continue", {"continuation_id": match[1]})
            assert not nxt.is_error, joined_text(nxt)
            results.append(nxt)
        assert len(results) > 1  # over the 700-token threshold: paged
        numbers = [item["number"] for r in results for item in json.loads(r.content[0].text)]
        assert numbers == [500 + i for i in range(TOTAL)]  # every item once, in order
        assert "has_more: false" in results[-1].content[-1].text


@pytest.mark.anyio
async def test_errors_name_the_function_the_argument_and_the_line(package: Path, upstream) -> None:
    env = {"GHCODE_BASE_URL": upstream.url, **ROOMY}
    async with stdio_session(package, "ghcode_mcp", env) as session:
        bad = await run(session, 'x = 1\nissues_list_for_repo(owner="o", repo="r", per_page="x")')
        assert bad.is_error
        message = joined_text(bad)
        assert "line 2" in message and "issues_list_for_repo" in message
        assert "per_page" in message and "expected integer" in message
        controls = await run(session, 'issues_list_for_repo(owner="o", repo="r", fields=["id"])')
        assert controls.is_error and "fields" in joined_text(controls)
        assert upstream.requests == []


REFUSED = [
    ("open('/etc/passwd').read()", "PermissionError"),
    ("import os\nos.getcwd()", "import of 'os' refused"),
    ("import socket", "import of 'socket' refused"),
    ("__import__('os')", "NameError"),
    ("().__class__.__bases__[0].__subclasses__()", "AttributeError"),
    ("(lambda: 0).__globals__['__builtins__']", "AttributeError"),
    ("type(1).__mro__", "AttributeError"),
    ("getattr(print, '__self__')", "AttributeError"),
    ("while True:\n    pass", "GHCODE_CODE_TIMEOUT"),
    ("x = 'a' * 10\nwhile True:\n    x = x + x", "GHCODE_CODE_MAX_MEMORY"),
    (
        'for i in range(5):\n    issues_list_for_repo(owner="o", repo="r")',
        "GHCODE_CODE_MAX_CALLS",
    ),
]


@pytest.mark.anyio
async def test_the_sandbox_refuses_and_the_server_keeps_serving(package: Path, upstream) -> None:
    env = {"GHCODE_BASE_URL": upstream.url, "GHCODE_CODE_MAX_CALLS": "2", **LIMITS}
    async with stdio_session(package, "ghcode_mcp", env) as session:
        for code, expected in REFUSED:
            result = await run(session, code)
            assert result.is_error, (code, joined_text(result))
            assert expected in joined_text(result), (code, joined_text(result))
            alive = await run(session, "import math\nmath.floor(2.5) + 1")
            assert not alive.is_error and alive.content[0].text == "3", code
        assert len(upstream.requests) == 2  # the third call was never sent


class User:
    def __init__(self, allow: bool):
        self.allow = allow
        self.asked: list[str] = []

    async def __call__(self, context: Any, params: ElicitRequestParams) -> ElicitResult:
        self.asked.append(params.message)
        if not self.allow:
            return ElicitResult(action="decline")
        return ElicitResult(action="accept", content={"confirm": True})


DELETE_SCRIPT = 'note = get_note(id="7")\ndelete_note(id=note["id"])\n"deleted " + note["id"]'


@pytest.mark.anyio
async def test_a_destructive_call_in_a_script_is_confirmed(tmp_path: Path) -> None:
    package = make_package(tmp_path, NOTES_OVERLAY + "mode: code\nconfirm: destructive\n")
    with Upstream() as up:
        up.route("DELETE", "/notes/{id}", Reply(204, b""))
        up.route("GET", "/notes/{id}", Reply.json({"id": "7", "text": "x"}))
        env = {"NOTES_BASE_URL": up.url}

        def deletes() -> list[str]:
            return [r.path for r in up.requests if r.method == "DELETE"]

        async with stdio_session(package, NOTES_MODULE, env) as session:  # cannot ask
            refused = await session.call_tool("notes_execute", {"code": DELETE_SCRIPT})
            assert refused.is_error and "cannot ask for it" in joined_text(refused)
            assert "line 2" in joined_text(refused) and "PermissionError" in joined_text(refused)
        no = User(False)
        async with stdio_session(package, NOTES_MODULE, env, elicitation_callback=no) as session:
            refused = await session.call_tool("notes_execute", {"code": DELETE_SCRIPT})
            assert refused.is_error and "declined delete_note" in joined_text(refused)
        assert deletes() == []
        yes = User(True)
        async with stdio_session(package, NOTES_MODULE, env, elicitation_callback=yes) as session:
            done = await session.call_tool("notes_execute", {"code": DELETE_SCRIPT})
            assert not done.is_error, joined_text(done)
            assert text_of(done) == '"deleted 7"'
        assert len(yes.asked) == 1 and "DELETE /notes/{id}" in yes.asked[0]
        assert deletes() == ["/notes/7"]
        gets = len([r for r in up.requests if r.method == "GET"])
        with http_server(package, NOTES_MODULE, env) as url:  # 2026-07-28: between two rounds
            no, yes = User(False), User(True)
            async with Client(url, elicitation_callback=no) as client:
                assert client.protocol_version == "2026-07-28"
                refused = await client.call_tool("notes_execute", {"code": DELETE_SCRIPT})
                assert refused.is_error and "declined delete_note" in joined_text(refused)
            assert deletes() == ["/notes/7"]
            async with Client(url, elicitation_callback=yes) as client:
                done = await client.call_tool("notes_execute", {"code": DELETE_SCRIPT})
                assert not done.is_error, joined_text(done)
                assert text_of(done) == '"deleted 7"'
            assert len(no.asked) == 1 and len(yes.asked) == 1
            # the script paused at the call and went on from there: its GET ran once per run
            assert len([r for r in up.requests if r.method == "GET"]) == gets + 2
        assert deletes() == ["/notes/7", "/notes/7"]


@pytest.mark.anyio
async def test_a_paused_script_resumes_once(tmp_path: Path) -> None:
    accept: InputResponses = {"confirm": ElicitResult(action="accept", content={"confirm": True})}
    package = make_package(tmp_path, NOTES_OVERLAY + "mode: code\nconfirm: destructive\n")
    with Upstream() as up:
        up.route("DELETE", "/notes/{id}", Reply(204, b""))
        up.route("GET", "/notes/{id}", Reply.json({"id": "7", "text": "x"}))
        with http_server(package, NOTES_MODULE, {"NOTES_BASE_URL": up.url}) as url:
            async with Client(url, elicitation_callback=User(True)) as client:
                session = client.session
                args = {"code": DELETE_SCRIPT}
                first = await session.call_tool("notes_execute", args, allow_input_required=True)
                assert isinstance(first, InputRequiredResult) and first.request_state
                assert [r.method for r in up.requests] == ["GET"]  # paused before the DELETE
                other = {"code": DELETE_SCRIPT + "\n1"}
                with pytest.raises(MCPError):  # the state is bound to this very script
                    await session.call_tool(
                        "notes_execute",
                        other,
                        input_responses=accept,
                        request_state=first.request_state,
                        allow_input_required=True,
                    )
                done = await session.call_tool(
                    "notes_execute",
                    args,
                    input_responses=accept,
                    request_state=first.request_state,
                    allow_input_required=True,
                )
                assert not isinstance(done, InputRequiredResult) and not done.is_error
                assert text_of(done) == '"deleted 7"'
                again = await session.call_tool(  # replayed: nothing left to resume
                    "notes_execute",
                    args,
                    input_responses=accept,
                    request_state=first.request_state,
                    allow_input_required=True,
                )
                assert not isinstance(again, InputRequiredResult)
                assert again.is_error and "no longer paused" in joined_text(again)
        assert [r.method for r in up.requests] == ["GET", "DELETE"]


def test_without_the_sandbox_a_code_mode_server_says_which_extra_to_install(
    tmp_path: Path,
) -> None:
    """pydantic-monty not importable (a stand-in package that fails to import, first on the
    path): the server stops at start with one line naming the extra."""
    package = make_package(tmp_path / "pkg", NOTES_OVERLAY + "mode: code\n")
    shadow = tmp_path / "shadow" / "pydantic_monty"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("raise ImportError('not installed')\n")
    env = package_env(package, {"NOTES_BASE_URL": "http://127.0.0.1:9"})
    env["PYTHONPATH"] = f"{tmp_path / 'shadow'}{os.pathsep}{env['PYTHONPATH']}"
    done = subprocess.run(
        [sys.executable, "-m", NOTES_MODULE], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "notes-mcp: error: code mode needs the sandbox: pip install 'notes-mcp[code]' "
        "(it brings pydantic-monty)"
    ]
