"""A batch write's lists of scalars beside the records it wrote (issue 33, session 27): adding
assets to a board (a stock-media API of the directory corpus's tuning half) answered
``{assets_added: [{asset_id}], assets_not_added: [...]}`` and kept only what was added, so the
agent was never told which assets were not. Reproduced on a synthesized description of the
same structure (``tests/fixtures/specs/writes27.yaml``, no vendor's text); fails on the rules
before its fix (``failures.with_failed_records``). A batch delete's result per input kept the record it deleted and
dropped its ``index``, so a failed one said nothing of which input failed
(``written.written_part``). A create's answer repeated, as a cut preview, the text the caller
had just sent (``sent.said_back``). A batch delete's failed records kept which ones failed and
not their ``error`` (``failures.why_failed``, ``written.written_records``)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "writes27.yaml"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


def test_a_batch_write_keeps_the_ids_it_did_not_add(tools: dict[str, Any]) -> None:
    body = {
        "assets_added": [{"asset_id": "a-1"}, {"asset_id": "a-2"}],
        "assets_not_added": ["a-3", "a-4"],
    }
    out = shaped_json(tools["add_board_assets"], body)
    assert out["assets_added"] == [{"asset_id": "a-1"}, {"asset_id": "a-2"}]
    assert out["assets_not_added"] == ["a-3", "a-4"]


def test_a_batch_update_keeps_the_ids_it_did_not_find_not_its_links(
    tools: dict[str, Any],
) -> None:
    """The ids not found are kept whole; a list of links beside them is not what the call
    did (the wrapper's links stay out, as on any answer)."""
    body = {
        "updated": [{"id": "t-1", "title": "Ship it", "status": "done", "due_on": "2024-05-01"}],
        "not_found": ["t-9"],
        "links": ["https://boards.example/tasks/t-1"],
    }
    out = shaped_json(tools["update_tasks"], body)
    assert out["not_found"] == ["t-9"]
    assert [task["id"] for task in out["updated"]] == ["t-1"]
    assert "links" not in out


def test_an_empty_list_beside_the_records_costs_nothing(tools: dict[str, Any]) -> None:
    body = {"assets_added": [{"asset_id": "a-1"}], "assets_not_added": []}
    out = shaped_json(tools["add_board_assets"], body)
    assert "assets_not_added" not in out


def test_a_read_still_leaves_its_wrappers_lists_out(tools: dict[str, Any]) -> None:
    """A page's wrapper says how it is sorted, not what the call did: not a write's rule."""
    body = {
        "tasks": [{"id": "t-1", "title": "Ship it", "status": "done", "due_on": "2024-05-01"}],
        "sort_keys": ["due_on"],
    }
    out = shaped_json(tools["list_tasks"], body)
    assert "sort_keys" not in out


POST = {
    "id": "p-1",
    "text": "Hello",
    "status": "queued",
    "due_at": "2024-06-01T09:00:00Z",
    "created_at": "2024-05-01T08:00:00Z",
}


def test_a_batch_result_keeps_the_position_of_the_input_it_answers(
    tools: dict[str, Any],
) -> None:
    """One result per id sent, by its ``index``: a result that went holds the record deleted,
    one that failed only its error, and without its index nothing said which id failed."""
    body = {
        "results": [
            {"index": 0, "status": "success", "data": {"id": "u-1", "deleted_at": "2024-01-15"}},
            {"index": 1, "status": "error", "error": {"code": "NOT_FOUND", "message": "no user"}},
        ]
    }
    out = shaped_json(tools["delete_users"], body)
    first, failed = out["results"]
    assert first["index"] == 0 and first["data"]["id"] == "u-1"
    assert failed["index"] == 1 and failed["error"]["message"] == "no user"


NOTE = (
    "Remember to bring the signed forms to the front desk before the meeting starts, "
    "and ask for the visitor badge at reception."
)


def _written(tool: Any, body: Any, sent: dict[str, Any]) -> Any:
    """``body`` shaped as the answer to a call that sent the request body ``sent``."""
    from generator.runtime.output import sent_values, shape_config_for, shape_output

    config = replace(
        shape_config_for(tool),
        sent=frozenset(k.replace("_", "") for k in sent),
        sent_values=sent_values(tool, sent),
    )
    return json.loads(shape_output(body, tool, config).chunks[0])


def test_a_create_does_not_say_back_the_text_the_caller_sent(tools: dict[str, Any]) -> None:
    """The caller wrote the post's text: its cut preview in the answer told nothing new."""
    body = {**POST, "text": NOTE}
    out = _written(tools["queue_post"], body, {"text": NOTE})
    assert "text" not in out
    assert out["id"] == "p-1" and out["status"] == "queued"


def test_a_text_the_service_changed_is_still_said(tools: dict[str, Any]) -> None:
    body = {**POST, "text": NOTE.upper() + " (edited)"}
    out = _written(tools["queue_post"], body, {"text": NOTE})
    assert out["text"].startswith("REMEMBER")


def test_a_list_of_the_ids_the_answer_says_already_is_not_repeated(
    tools: dict[str, Any],
) -> None:
    """The ids of records the answer keeps (``UnavailableProductIds`` beside the products)
    say nothing more."""
    body = {
        "assets_added": [{"asset_id": "a-1"}, {"asset_id": "a-2"}],
        "assets_not_added": ["a-2"],
    }
    out = shaped_json(tools["add_board_assets"], body)
    assert "assets_not_added" not in out


def test_a_record_a_batch_failed_on_keeps_its_error(tools: dict[str, Any]) -> None:
    """A failed record's reason named ``error`` (not a message or a reason) was left out, and
    the answer said which records failed but never why."""
    body = {
        "deleted": [{"id": "l-1", "name": "Urgent"}],
        "errors": [{"id": "l-2", "error": "the label is used by 3 open issues"}],
    }
    out = shaped_json(tools["delete_labels"], body)
    assert out["errors"] == [{"id": "l-2", "error": "the label is used by 3 open issues"}]


def test_a_failed_record_held_in_a_part_keeps_why(tools: dict[str, Any]) -> None:
    """``failureRecords: [{error, record: {Id, Name}}]``: the record said which one, and its
    error beside it why."""
    body = {
        "successRecords": [{"Id": "r-1", "Name": "Alpha"}],
        "failureRecords": [{"error": "locked", "record": {"Id": "r-2", "Name": "Beta"}}],
    }
    out = shaped_json(tools["delete_records"], body)
    (failed,) = out["failureRecords"]
    assert failed["error"] == "locked" and failed["record"]["Id"] == "r-2"
