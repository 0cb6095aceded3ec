"""What a write's answer keeps of the records it lists (issue 33, writes): synthesized bodies
with the structure real descriptions have (no vendor's text); each test fails on the rules
before its fix."""

from __future__ import annotations

import json

from generator.runtime.shaping.decision import DefaultsContext
from generator.runtime.shaping.pipeline import ShapeConfig, shape


def _favourite(i: int) -> dict[str, object]:
    return {
        "id": f"fav-{i}",
        "type": "track",
        "domain": f"domain {i}",
        "added_at": f"2024-05-0{i}T12:00:00Z",
    }


BATCH = {"total": 3, "results": [_favourite(1), _favourite(2), _favourite(3)]}


def test_a_discriminator_the_address_names_stays_on_a_writes_records() -> None:
    """A batch create answers the favourites it added, each addressed as
    ``/favourites/{type}/{id}``: its ``type`` is the same on every record of this answer, so it
    was dropped as a constant discriminator, and the next call (``{type}``) had nothing to
    name. A member a path parameter of the tool's context names is part of each record's
    address and stays; without such a parameter the constant tag is still left out."""
    addressed = DefaultsContext(entity=("favourite",), keys=("type",))
    result = shape(BATCH, ShapeConfig(kind="create", context=addressed))
    items = json.loads(result.chunks[0])["results"]
    assert [i["id"] for i in items] == ["fav-1", "fav-2", "fav-3"]
    assert all(i["type"] == "track" for i in items)
    assert not result.violations

    unnamed = DefaultsContext(entity=("favourite",))
    plain = json.loads(shape(BATCH, ShapeConfig(kind="create", context=unnamed)).chunks[0])
    assert [i["id"] for i in plain["results"]] == ["fav-1", "fav-2", "fav-3"]
    assert all("type" not in i for i in plain["results"])


def _widget(i: int, status: str) -> dict[str, object]:
    return {
        "widgetId": f"w-{i}",
        "name": f"Widget {i}",
        "status": status,
        "size": i,
        "createdAt": "2024-05-01T12:00:00Z",
    }


def test_a_writes_several_lists_of_records_keep_each_records_identity() -> None:
    """A bulk delete answers what went and what did not, two lists of records side by side and
    nothing naming the answer: no one list is its payload, so the body was shaped as one object
    whose lists each gave their label and state, and the ids of the widgets deleted (and of
    those that failed) were gone. Each record keeps the member that identifies it; a read of
    the same body is unchanged."""
    body = {
        "deleted": [_widget(1, "deleted"), _widget(2, "deleted")],
        "failed": [_widget(3, "locked")],
    }
    for kind in ("delete", "update", "create"):
        result = shape(body, ShapeConfig(kind=kind))
        out = json.loads(result.chunks[0])
        assert [r["widgetId"] for r in out["deleted"]] == ["w-1", "w-2"], kind
        assert [r["widgetId"] for r in out["failed"]] == ["w-3"], kind
        assert out["failed"][0]["status"] == "locked" and out["deleted"][0]["name"] == "Widget 1"
        assert "createdAt" not in out["deleted"][0], kind  # still lean
        assert not result.violations
