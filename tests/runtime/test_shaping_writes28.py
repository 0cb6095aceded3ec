"""Writes answered by what they report (issue 33, session 28), on a synthesized description
(``tests/fixtures/specs/writes28.yaml``, no vendor's text).

A write whose answer has no identity of its own but the records of a list it reports (a
sync's ``{warnings: [{id, title, message}]}``, an import's ``{code, created, errors: [...]}``)
took each record's ``id`` as the answer's identity, and the list, counted as said, kept
nothing else: the agent got the ids of the warnings and not what they say
(``list_steps._identity_only``). Reproduced on randomly synthesized write descriptions (the
directory's held-back ``labels · item`` class on creates and updates); fails on the rules
before the fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "writes28.yaml"
TEXT = "The price column was empty on two rows; the previous price was kept for them"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


def test_a_syncs_warnings_say_what_they_are(tools: dict[str, Any]) -> None:
    body = {
        "warnings": [
            {"id": "w-1", "title": "Missing prices", "message": TEXT},
            {"id": "w-2", "title": "Unknown unit", "message": "Unit 'pcs' was read as each"},
        ]
    }
    out = shaped_json(tools["sync_thing"], body)
    assert [w["id"] for w in out["warnings"]] == ["w-1", "w-2"]
    assert [w.get("title") for w in out["warnings"]] == ["Missing prices", "Unknown unit"]


def test_an_imports_errors_say_which_rows_and_why(tools: dict[str, Any]) -> None:
    body = {
        "code": 207,
        "created": 40,
        "errors": [{"id": "row-3", "label": "Row 3", "description": TEXT}],
    }
    out = shaped_json(tools["import_rows"], body)
    (error,) = out["errors"]
    assert error["id"] == "row-3" and error.get("label") == "Row 3"
    assert out["created"] == 40
