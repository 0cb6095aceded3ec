"""End to end: the tools that change things or produce content, through the real MCP client
(stdio and streamable HTTP) to a server generated from ``tests/fixtures/specs/kinds.yaml``,
calling a local upstream: a create sends its body and answers with what the server assigned, a
batch create answers with its records, a completion with its text, a delete with one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.pipeline import generate
from tests.support.paths import REPO
from tests.support.servers import http_client, http_server, stdio_session
from tests.support.upstream import Recorded, Reply, Upstream

SPEC = REPO / "tests" / "fixtures" / "specs" / "kinds.yaml"
TEXT = "The quarterly numbers are up. " * 30


def created_task(request: Recorded) -> Reply:
    sent = request.json()
    return Reply.json(
        {
            "id": "t-901",
            "number": 57,
            "title": sent["title"],
            "notes": sent.get("notes", ""),
            "state": "open",
            "assignee": None,
            "web_url": "https://tasks.example.test/p-1/t-901",
            "api_url": "https://api.tasks.example.test/tasks/t-901",
            "created_at": "2026-11-25T10:00:00Z",
            "updated_at": "2026-11-25T10:00:00Z",
        },
        status=201,
    )


def invoices(request: Recorded) -> Reply:
    sent = request.json()["Invoices"]
    records = [
        {
            "InvoiceID": f"0f8b6a3c-0000-4000-8000-00000000000{i}",
            "InvoiceNumber": f"INV-10{i}",
            "Reference": item.get("Reference", ""),
            "Type": "ACCREC",
            "Contact": {"ContactID": "5b1e0c1a-0000-4000-8000-000000000009", "Name": "City"},
            "Status": "DRAFT",
            "SubTotal": 10.0,
            "Total": 11.5,
            "CurrencyCode": "NZD",
        }
        for i, item in enumerate(sent, start=1)
    ]
    envelope = {"Id": "e4c1d5d2", "Status": "OK", "ProviderName": "Demo", "DateTimeUTC": "x"}
    return Reply.json({**envelope, "Invoices": records})


COMPLETION = {
    "id": "chatcmpl-9",
    "object": "chat.completion",
    "created": 1764064800,
    "model": "small-model",
    "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": TEXT}}
    ],
    "usage": {"prompt_tokens": 12, "completion_tokens": 240, "total_tokens": 252},
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target, result = generate(SPEC, tmp_path_factory.mktemp("kinds") / "out")
    spec = json.loads((target / "src" / "kinds_mcp" / "spec.json").read_text(encoding="utf-8"))
    kinds = {tool["name"]: tool["kind"] for tool in spec["tools"]}
    assert kinds["create_task"] == "create" and kinds["create_chat_completion"] == "generate"
    return target


@pytest.fixture
def upstream():
    with Upstream() as up:
        up.route("POST", "/projects/{project_id}/tasks", created_task)
        up.route("PUT", "/Invoices", invoices)
        up.route("POST", "/v1/chat/completions", Reply.json(COMPLETION))
        up.route("DELETE", "/projects/{project_id}/tasks/{task_id}", Reply(204, b"", {}))
        yield up


async def check_calls(call, upstream: Upstream) -> None:
    task = await call("create_task", {"project_id": "p-1", "title": "Write the report"})
    assert not task.is_error, task.content[0].text
    out = json.loads(task.content[0].text)
    # what the caller needs next: the server-assigned id and number, the state, the page
    assert out["id"] == "t-901" and out["number"] == 57 and out["state"] == "open"
    assert out["web_url"].endswith("/t-901") and out["title"] == "Write the report"
    assert "api_url" not in out
    sent = next(r for r in upstream.requests if r.method == "POST" and "/tasks" in r.path)
    assert sent.path == "/projects/p-1/tasks" and sent.json() == {"title": "Write the report"}

    batch = await call("create_invoices", {"Invoices": [{"Reference": "A"}, {"Reference": "B"}]})
    assert not batch.is_error, batch.content[0].text
    records = json.loads(batch.content[0].text)["Invoices"]
    assert [r["InvoiceNumber"] for r in records] == ["INV-101", "INV-102"]
    assert all(r["InvoiceID"] and r["Status"] == "DRAFT" for r in records)

    chat = await call(
        "create_chat_completion",
        {"model": "small-model", "messages": [{"role": "user", "content": "How did we do?"}]},
    )
    assert not chat.is_error, chat.content[0].text
    said = json.loads(chat.content[0].text)["choices"][0]["message"]["content"]
    assert said.startswith("The quarterly numbers are up.") and said.endswith("chars]")

    gone = await call("delete_task", {"project_id": "p-1", "task_id": "t-901"})
    assert not gone.is_error and len(gone.content[0].text.splitlines()) == 1


@pytest.mark.anyio
async def test_writes_and_a_generation_over_stdio(package, upstream) -> None:
    async with stdio_session(package, "kinds_mcp", {"KINDS_BASE_URL": upstream.url}) as session:
        await check_calls(session.call_tool, upstream)


@pytest.mark.anyio
async def test_writes_and_a_generation_over_http(package, upstream) -> None:
    with http_server(package, "kinds_mcp", {"KINDS_BASE_URL": upstream.url}) as url:
        async with http_client(url) as client:
            await check_calls(client.call_tool, upstream)
