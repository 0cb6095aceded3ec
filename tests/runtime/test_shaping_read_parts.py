"""A read's records held beside its payload, and references named by their text (issue 33).

Defects found on vendors' own descriptions, each reproduced on a synthesized body of the same
structure (no vendor's text): a schedule's read wraps the schedule and answers its running
runs in a part beside it (``info: {runningRuns: [...]}``); a commit's metadata answers its
checks in a part beside its list of references; an incident's related objects are references
``{id, type, summary, self}`` that a page reduced to their id, without the text that names
them."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.pipeline import ShapeConfig, shape

TEXT = (
    "A long note about why this schedule exists, several sentences long, which the page "
    "shows whole because it is what the schedule says about itself to whoever reads it."
)


def _answer(body: Any, kind: str = "read", **config: Any) -> Any:
    result = shape(body, ShapeConfig(kind=kind, **config))
    assert not result.violations
    return json.loads(result.chunks[0])


def _schedule() -> dict[str, Any]:
    return {
        "schedule": {
            "spec": {"timezone": "UTC", "startTime": "2024-05-01T00:00:00Z"},
            "policies": {"overlap": "skip", "keepOriginalId": True},
            "state": {"notes": TEXT, "paused": False},
        },
        "info": {
            "actionCount": 12,
            "runningRuns": [
                {"runId": "run_1a2b3c", "workflowId": "wf_9f8e7d"},
                {"runId": "run_4d5e6f", "workflowId": "wf_6c5b4a"},
            ],
            "recentActions": [
                {
                    "scheduledAt": "2024-05-01T10:00:00Z",
                    "result": {"runId": "run_1a2b3c", "workflowId": "wf_9f8e7d"},
                    "status": "RUNNING",
                }
            ],
            "createTime": "2024-04-01T00:00:00Z",
            "updateTime": "2024-04-02T00:00:00Z",
        },
        "memo": {"fields": {"owner": "ops"}},
        "conflictToken": "ctk_1",
    }


def test_a_reads_part_holding_records_beside_its_resource_is_shaped_not_dropped() -> None:
    """The body wraps the schedule (an envelope); its ``info`` was wrapper metadata, and the
    wrapper keeps only small flat objects: the runs it holds were lost. On a read the part is
    shaped by its own defaults: each run by its ids, the recent actions with their state."""
    shaped = _answer(_schedule(), envelope_path="schedule")  # as the description says
    runs = shaped["info"]["runningRuns"]
    assert [r["runId"] for r in runs] == ["run_1a2b3c", "run_4d5e6f"]
    assert shaped["info"]["recentActions"][0]["status"] == "RUNNING"
    assert shaped["info"]["createTime"] == "2024-04-01T00:00:00Z"
    assert shaped["schedule"]["state"]["notes"].startswith("A long note")


def test_a_writes_answer_keeps_its_wrapper_lean() -> None:
    """A write's receipt is what the caller needs next: its wrapper's parts stay out."""
    shaped = _answer(_schedule(), kind="update", envelope_path="schedule")
    assert "info" not in shaped


def _metadata() -> dict[str, Any]:
    return {
        "author": "Ada",
        "date": "2024-05-01T12:00:00Z",
        "message": "Fix the build",
        "references": [
            {"commit": {"sha": "a1b2c3d", "subject": "Bump", "author": "Bob"}},
            {"commit": {"sha": "d4e5f6a", "subject": "Pin", "author": "Cy"}},
        ],
        "integrityResult": {
            "checks": [
                {"name": "signature", "problems": ["key expired"]},
                {"name": "tag", "problems": ["not signed"]},
            ]
        },
    }


def test_a_part_holding_records_beside_a_list_is_kept() -> None:
    """The body's one list of objects is its payload; the checks beside it, in a part of the
    wrapper, went with the wrapper's other objects."""
    shaped = _answer(_metadata())
    checks = shaped["integrityResult"]["checks"]
    assert [c["name"] for c in checks] == ["signature", "tag"]
    assert checks[0]["problems"] == ["key expired"]
    assert [r["commit"]["sha"] for r in shaped["references"]] == ["a1b2c3d", "d4e5f6a"]


def test_a_lists_metadata_part_and_error_report_stay_out() -> None:
    """Beside a list, a part with a metadata name is about the page (a search's ``facets``),
    and an error report is no record the read answers."""
    body = {
        "items": [{"id": f"it_{i}", "name": f"Item {i}"} for i in range(3)],
        "facets": {"buckets": [{"key": "red", "count": 2}, {"key": "blue", "count": 1}]},
        "problems": {"errors": [{"code": "E1", "message": "slow shard"}]},
        "total": 3,
    }
    shaped = _answer(body)
    assert "facets" not in shaped
    assert [i["id"] for i in shaped["items"]] == ["it_0", "it_1", "it_2"]


def test_a_reference_on_a_page_is_named_by_its_text_beside_its_id() -> None:
    """A related object sent as a reference, ``{id, type, summary, self, html_url}``, has no
    label, key nor primary field: the page kept its id alone, and the text that names it
    (what the API's lists of such references show) was lost."""
    body = {
        "id": "INC7",
        "title": "Disk full",
        "status": "triggered",
        "created_at": "2024-05-01T10:00:00Z",
        "service": {
            "id": "SV1",
            "type": "service_reference",
            "summary": "Storage backend",
            "self": "https://api.example.org/services/SV1",
            "html_url": "https://example.org/services/SV1",
        },
    }
    shaped = _answer(body, context=_one())
    assert shaped["service"]["id"] == "SV1"
    assert shaped["service"]["summary"] == "Storage backend"


def test_a_reference_sent_for_an_object_described_in_full_keeps_its_text() -> None:
    """The description says the related object in full (a priority named by its ``name``,
    beside the reference members every object shares), and the upstream sends a reference of
    it (``{id, type, summary, self, html_url}``). The defaults chose the full object's name,
    which the reference lacks: the page showed ``{id, type}``, while the sibling reference
    (described as one) kept its ``summary``. It keeps its text as its siblings do."""
    from generator.runtime.shaping.decision import decide_fields

    reference = {"id": "string", "type": "string", "summary": "string", "self": "string",
                 "html_url": "string"}  # fmt: skip
    tree = {
        "id": "string", "title": "string", "status": "string", "created_at": "string:time",
        "service": reference,
        "priority": {**reference, "name": "string", "description": "string",
                     "color": "string", "order": "integer"},
    }  # fmt: skip
    fields = decide_fields(tree, _one(), kind="read", item=False)
    assert "priority.name" in fields and "priority.summary" not in fields
    body = {
        "id": "INC7",
        "title": "Disk full",
        "status": "triggered",
        "created_at": "2024-05-01T10:00:00Z",
        "service": {"id": "SV1", "type": "service_reference", "summary": "Storage backend",
                    "self": "https://api.example.org/services/SV1"},
        "priority": {"id": "PR2", "type": "priority_reference", "summary": "P2",
                     "self": "https://api.example.org/priorities/PR2",
                     "html_url": "https://example.org/priorities/PR2"},
    }  # fmt: skip
    config = {"field_tree": tree, "default_fields": fields, "context": _one()}
    shaped = _answer(body, **config)
    assert shaped["service"] == {"id": "SV1", "summary": "Storage backend"}
    assert shaped["priority"] == {"id": "PR2", "summary": "P2"}
    # a priority sent in full keeps its name, as the defaults chose
    body["priority"] = {"id": "PR2", "name": "P2", "summary": "P2", "color": "red"}
    assert _answer(body, **config)["priority"] == {"id": "PR2", "name": "P2"}
    # a write's receipt is left as its lean defaults say
    receipt = shape(body, ShapeConfig(kind="update", **config))
    assert "summary" not in json.loads(receipt.chunks[0]).get("priority", {})


def test_a_related_objects_description_beside_a_label_does_not_name_it() -> None:
    """A related object with a label is named by it; its description says what it is."""
    body = {
        "id": "INC7",
        "title": "Disk full",
        "status": "triggered",
        "service": {"id": "SV1", "name": "Storage", "description": "Holds the disks"},
    }
    shaped = _answer(body, context=_one())
    assert shaped["service"] == {"id": "SV1", "name": "Storage"}


def _one() -> Any:
    from generator.runtime.shaping.decision import DefaultsContext

    return DefaultsContext(entity=("incident",), keys=("id",), one=True)
