"""Descriptions nobody tuned for (issue 33, session 31): an answer whose payload is a list the
description does not declare, beside the declared list that came back empty; a figure written
as a string because its format is a 64-bit integer's; re-made as a small synthesized fixture (``tests/fixtures/specs/untuned_outside31.yaml``). Each fails on
the rules before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "untuned_outside31.yaml"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


def test_an_undeclared_list_beside_an_empty_declared_one_is_the_answer(tools) -> None:
    """The description declares, inside ``result``, only the list of failures (and counts);
    the entries come in a list it does not name. Before, the declared list, empty, was taken
    for the payload and the wrapper's filter dropped the entries: the agent read "2 done, 0
    failed" and not which."""
    body = {
        "result": {
            "entries": [
                {"code": "ENT-1", "title": "Cold storage", "shelf": 4},
                {"code": "ENT-2", "title": "Loading bay", "shelf": 9},
            ],
            "done_count": 2,
            "failure_count": 0,
            "failures": [],
        },
        "note": "Entries of the catalogue were returned",
    }
    shaped = shaped_json(tools["list_catalogue_entries"], body)
    entries = shaped["result"]["entries"]
    assert [e["code"] for e in entries] == ["ENT-1", "ENT-2"]
    assert [e["title"] for e in entries] == ["Cold storage", "Loading bay"]
    assert shaped["result"]["done_count"] == 2


def test_warnings_beside_an_empty_answer_do_not_become_it(tools) -> None:
    """An empty declared list beside a list of warnings stays the answer (no entries, and
    why): the warnings are not taken for entries."""
    body = {"entries": [], "warnings": ["The index is being rebuilt."]}
    shaped = shaped_json(tools["search_catalogue"], body)
    assert shaped.get("entries", []) == []
    assert "warnings" not in shaped or shaped["warnings"] == ["The index is being rebuilt."]


def test_an_integer_written_as_a_string_is_a_figure(tools) -> None:
    """A standing's points are a 64-bit integer, which protobuf's JSON mapping writes as a
    string (``{type: string, format: int64}``). Before, they were read as text and the
    defaults kept the number of entries instead: a ladder without its points."""
    row = {
        "ladderId": "spring",
        "holderId": "88120",
        "nickname": "kestrel",
        "points": "1250",
        "tiebreak": "3",
        "entries": 7,
        "extra": "{}",
        "createTime": "2024-05-01T12:34:56Z",
        "updateTime": "2024-05-02T12:34:56Z",
        "created_by": "4410",
    }
    body = {"standings": [row, {**row, "nickname": "osprey", "points": "1190"}]}
    shaped = shaped_json(tools["list_ladder_standings"], body)
    assert [s["points"] for s in shaped["standings"]] == ["1250", "1190"]
    assert [s["nickname"] for s in shaped["standings"]] == ["kestrel", "osprey"]
