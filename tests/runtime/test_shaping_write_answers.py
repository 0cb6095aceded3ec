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
