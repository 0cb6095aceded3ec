"""Each kind of operation, shaped by default as a generated server shapes it: the answer the
agent called for survives (a completion's text, a batch's records, what a HAL create embedded,
a search's hits, the resource a create made, an acknowledgement)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.pipeline import load_spec
from generator.preview.judge import judge
from generator.preview.tools import tools_of
from generator.runtime.output import shape_config_for, shape_output

KINDS = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "kinds.yaml"
ANSWER = "Paris is the capital of France. " * 40  # a long generated text: cut, never dropped


@pytest.fixture(scope="module")
def tools():
    spec, _ = load_spec(KINDS, name=None)
    model, pairs = tools_of(spec)
    return {tool.name: tool for _, tool in pairs}


def shaped(tools, name: str, body, **controls):
    tool = tools[name]
    out = shape_output(body, tool, shape_config_for(tool), **controls)
    return json.loads(out.chunks[0]), out


def test_a_chat_completion_keeps_what_the_model_said(tools) -> None:
    body = {
        "id": "chatcmpl-123",
        "object": "chat.completion",
        "created": 1700000000,
        "model": "gpt-4o-mini",
        "system_fingerprint": "fp_44709d6fcb",
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": ANSWER, "refusal": None},
            }
        ],
        "usage": {"prompt_tokens": 9, "completion_tokens": 12, "total_tokens": 21},
    }
    out, result = shaped(tools, "create_chat_completion", body)
    content = out["choices"][0]["message"]["content"]
    assert content.startswith("Paris is the capital of France.") and content.endswith("chars]")
    assert out["choices"][0]["finish_reason"] == "stop" and out["id"] == "chatcmpl-123"
    assert "long text value(s) cut to" in result.notes[0]
    detailed, _ = shaped(tools, "create_chat_completion", body, detail_level="detailed")
    assert detailed["choices"][0]["message"]["content"] == ANSWER  # all of it, when asked


def test_a_text_completion_keeps_each_alternative(tools) -> None:
    body = {
        "id": "cmpl-1",
        "object": "text_completion",
        "created": 1700000000,
        "model": "m",
        "choices": [
            {"text": "first answer", "index": 0, "finish_reason": "stop"},
            {"text": "second answer", "index": 1, "finish_reason": "length"},
        ],
    }
    out, _ = shaped(tools, "create_completion", body)
    assert [c["text"] for c in out["choices"]] == ["first answer", "second answer"]


def test_a_transcription_keeps_its_text(tools) -> None:
    out, _ = shaped(tools, "create_transcription", {"text": "hello there", "language": "en"})
    assert out["text"] == "hello there"


def invoice(i: int) -> dict:
    return {
        "InvoiceID": f"0f8b6a3c-0000-4000-8000-00000000000{i}",
        "InvoiceNumber": f"INV-00{i}",
        "Reference": f"Ref {i}",
        "Type": "ACCREC",
        "Contact": {"ContactID": "5b1e0c1a-0000-4000-8000-000000000009", "Name": "City Agency"},
        "Date": "2026-11-20",
        "DueDate": "2026-12-20",
        "Status": "DRAFT",
        "SubTotal": 100.0 * i,
        "Total": 115.0 * i,
        "CurrencyCode": "NZD",
        "UpdatedDateUTC": "/Date(1763600000000+0000)/",
    }


def test_a_batch_create_keeps_the_records_it_created_not_only_the_envelope(tools) -> None:
    body = {
        "Id": "e4c1d5d2-3f5a-4b8b-9a7c-1c2d3e4f5a6b",
        "Status": "OK",
        "ProviderName": "Demo Partner",
        "DateTimeUTC": "/Date(1763600000000)/",
        "Invoices": [invoice(1), invoice(2)],
    }
    out, result = shaped(tools, "create_invoices", body)
    assert [i["InvoiceID"] for i in out["Invoices"]] == [
        invoice(1)["InvoiceID"],
        invoice(2)["InvoiceID"],
    ]
    assert [i["InvoiceNumber"] for i in out["Invoices"]] == ["INV-001", "INV-002"]
    assert all(i["Status"] == "DRAFT" and "Total" in i for i in out["Invoices"])
    assert judge(body, out).lost == []


def test_a_hal_create_keeps_what_it_embedded(tools) -> None:
    body = {
        "id": "ord-7",
        "status": "placed",
        "total": 42.5,
        "currency": "EUR",
        "createdAt": "2026-11-25T10:00:00Z",
        "_links": {"self": {"href": "/orders/ord-7"}, "payment": {"href": "/orders/ord-7/pay"}},
        "_embedded": {
            "items": [
                {"id": "li-1", "sku": "BK-1", "name": "Book", "quantity": 2, "price": 15.0},
                {"id": "li-2", "sku": "PN-9", "name": "Pen", "quantity": 1, "price": 12.5},
            ]
        },
    }
    out, _ = shaped(tools, "place_order", body)
    assert out["id"] == "ord-7" and out["status"] == "placed" and out["total"] == 42.5
    assert [i["name"] for i in out["_embedded"]["items"]] == ["Book", "Pen"]
    assert "_links" not in out


def task(i: int) -> dict:
    return {
        "id": f"t-{i}",
        "number": 40 + i,
        "title": f"Write the report {i}",
        "notes": "Numbers for the board. " * 10,
        "state": "open",
        "assignee": {"id": "u-1", "login": "ada", "avatar_url": "https://x.test/a.png"},
        "web_url": f"https://tasks.example.test/t-{i}",
        "api_url": f"https://api.tasks.example.test/tasks/t-{i}",
        "created_at": "2026-11-24T09:00:00Z",
        "updated_at": "2026-11-25T09:00:00Z",
    }


def test_a_create_answers_with_what_the_server_assigned(tools) -> None:
    out, _ = shaped(tools, "create_task", task(1))
    # the generated id and number, the title that recognises it, its state, the page to open
    assert {"id", "number", "title", "state", "web_url"} <= set(out)
    assert out["assignee"] == {"login": "ada"}
    # not the notes the caller just sent (issue 33: a write answers what the caller needs
    # next), nor the API's link
    assert "notes" not in out
    assert "api_url" not in out and "avatar_url" not in json.dumps(out)


def test_an_update_is_shaped_as_a_create_of_the_resource(tools) -> None:
    created, _ = shaped(tools, "create_task", task(2))
    updated, _ = shaped(tools, "update_task", task(2))
    assert updated == created


def test_a_search_through_post_is_a_list_of_hits(tools) -> None:
    body = {"total": 3, "results": [task(1), task(2), task(3)]}
    out, _ = shaped(tools, "search_tasks", body)
    assert out["total"] == 3
    assert [t["title"] for t in out["results"]] == [task(i)["title"] for i in (1, 2, 3)]
    assert all(t["state"] == "open" and t["id"] for t in out["results"])
    got, _ = shaped(tools, "batch_get_tasks", [task(1), task(2)])
    assert [t["id"] for t in got] == ["t-1", "t-2"]


def test_an_aws_query_action_read_through_post_is_a_list(tools) -> None:
    body = {
        "Queues": [
            {
                "QueueUrl": f"https://sqs.example.test/1234/q{i}",
                "QueueName": f"q{i}",
                "ApproximateNumberOfMessages": i,
                "CreatedTimestamp": "1763600000",
            }
            for i in (1, 2)
        ],
        "NextToken": "abc",
    }
    out, _ = shaped(tools, "describe_queues", body)
    assert [q["QueueName"] for q in out["Queues"]] == ["q1", "q2"]
    assert out["NextToken"] == "abc"


def test_an_acknowledgement_is_one_line(tools) -> None:
    out, result = shaped(tools, "archive_task", {"ok": True})
    assert out == {"ok": True} and len(result.chunks[0].splitlines()) == 1


def test_a_page_of_a_list_inside_one_resource_is_kept() -> None:
    """A playlist with a page of its tracks (``{items, total, next}``), an issue with a GraphQL
    connection of labels (``{nodes, totalCount}``): the list belongs to the object."""
    from generator.runtime.shaping.defaults import choose_default_fields

    page = {"href": "string:uri", "total": "integer", "next": "string:uri", "limit": "integer",
            "items": [{"id": "string", "name": "string", "duration_ms": "integer"}]}  # fmt: skip
    playlist = {"id": "string", "name": "string", "description": "string", "tracks": page,
                "owner": {"id": "string", "display_name": "string"}}  # fmt: skip
    assert "tracks.items.name" in choose_default_fields(playlist)
    issue = {"id": "string", "title": "string", "state": "string",
             "labels": {"totalCount": "integer", "nodes": [{"id": "string", "name": "string"}]}}  # fmt: skip
    assert "labels.nodes.name" in choose_default_fields(issue, item=True)


def test_an_object_described_that_sends_a_list_is_shown_by_item_not_lost() -> None:
    """The description says ``{ok}``; the upstream sends its matches one level down: the
    second reading finds the list and shapes each match, so nothing of it is lost."""
    from generator.runtime.shaping.pipeline import ShapeConfig, shape

    matches = [{"ts": f"15082841{i}.0001", "text": f"match {i}", "user": f"U{i}",
                "channel": {"id": "C1", "name": "general"}} for i in range(3)]  # fmt: skip
    body = {"ok": True, "query": "meaning", "messages": {"matches": matches, "total": 3}}
    config = ShapeConfig(default_fields=("ok",), field_tree={"ok": "boolean"}, kind="search")
    out = json.loads(shape(body, config).chunks[0])
    assert [m["text"] for m in out["messages"]["matches"]] == ["match 0", "match 1", "match 2"]


def test_the_generic_projection_keeps_a_nested_list() -> None:
    from generator.runtime.shaping.invariants import generic_projection

    value = {"id": 1, "page": {"total": 2, "items": [{"id": "a", "tags": ["x"]}, {"id": "b"}]}}
    assert generic_projection(value)["page"]["items"] == [{"id": "a", "tags": ["x"]}, {"id": "b"}]
