"""Descriptions nobody tuned for (issue 33, session 30): how a call went, said by an outcome's
code and message or by an error flag's reports, re-made as a small synthesized fixture
(``tests/fixtures/specs/untuned_outside30.yaml``). Each fails on the rules before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "untuned_outside30.yaml"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


def test_a_write_keeps_its_outcome_code_and_message(tools) -> None:
    """A settlement answers the reference it made beside an outcome code and message of one
    stem (``return_code``, ``return_msg``). Before, the write kept the reference alone, and the
    agent could not tell an accepted settlement from a declined one."""
    body = {
        "settlement_id": "d24ac6189b0b11e6",
        "merchant_fields": '[{"product": "mower"}]',
        "return_code": "105",
        "return_msg": "Settlement declined: card expired",
    }
    shaped = shaped_json(tools["settle_transaction"], body)
    assert shaped["settlement_id"] == "d24ac6189b0b11e6"
    assert (shaped["return_code"], shaped["return_msg"]) == (
        "105",
        "Settlement declined: card expired",
    )


def test_a_kept_status_code_comes_with_its_messages(tools) -> None:
    """An error part of a status read keeps its status code; its messages (a list of strings
    beside the code) say what the code means. Before, the answer said 500 and nothing else."""
    body = {
        "workers": 0,
        "checkedAt": "2024-07-22T14:00:00Z",
        "phase": "Running",
        "uptimeHours": 538.7,
        "lastFault": {"messages": ["The cache store is unreachable."], "statusCode": 500},
    }
    shaped = shaped_json(tools["server_health"], body)
    assert shaped["lastFault"] == {
        "statusCode": 500,
        "messages": ["The cache store is unreachable."],
    }


def test_an_error_flag_keeps_the_reports_beside_it(tools) -> None:
    """A read whose answer says ``is_error: true`` beside its error reports keeps what each
    report says (its text, its code, its name) and the error part's code and message. Before,
    the flag was kept and the reports dropped or cut to their names: the agent was told that
    something went wrong and not what."""
    body = {
        "is_error": True,
        "errors": [
            {
                "text": "Section 3 has no prices for today.",
                "kind_name": "MissingPrices",
                "severity": "warning",
                "fault_code": "E104",
            }
        ],
        "error_detail": {
            "code": 7,
            "category": "catalogue",
            "message": "The catalogue is incomplete.",
            "help_url": "https://help.example.test/7",
        },
        "sections": [
            {"section_id": 1, "open": True, "closes_at": "2024-05-01T12:34:56Z", "fulfilment": "x"}
        ],
    }
    shaped = shaped_json(tools["store_catalogue"], body)
    assert shaped["is_error"] is True
    (report,) = shaped["errors"]
    assert report["text"] == "Section 3 has no prices for today."
    assert report["fault_code"] == "E104"
    assert report["kind_name"] == "MissingPrices"
    assert shaped["error_detail"]["code"] == 7
    assert shaped["error_detail"]["message"] == "The catalogue is incomplete."
    assert [s["section_id"] for s in shaped["sections"]] == [1]


def test_an_error_flags_reports_beside_a_list_are_previews(tools) -> None:
    """The reports kept beside a read's list are cut to previews, as a failed record's reason
    is: whole, three long messages made the answer three times its size."""
    long = "The section could not be priced because its supplier sent no rates today. " * 4
    body = {
        "is_error": True,
        "errors": [{"text": long, "kind_name": "MissingPrices", "fault_code": "E104"}],
        "sections": [{"section_id": 1, "open": True}],
    }
    (report,) = shaped_json(tools["store_catalogue"], body)["errors"]
    assert report["text"].startswith("The section could not be priced")
    assert len(report["text"]) < len(long) / 2


def test_an_error_flag_alone_is_not_added() -> None:
    """A flag named as errors with no report beside it (``{status, error: false, meta}`` of a
    create) says no more than the status: it is not added to the defaults."""
    import json

    from generator.runtime.shaping.pipeline import shape
    from generator.runtime.shaping.shape_config import ShapeConfig
    from generator.runtime.shaping.trees import field_tree_from_value

    body = {"status": 200, "error": False, "id": "v-1", "name": "Primary colour", "mode": "m"}
    config = ShapeConfig(kind="create", field_tree=field_tree_from_value(body))
    out = json.loads(shape(body, config).chunks[0])
    assert out["id"] == "v-1"
    assert "error" not in out
