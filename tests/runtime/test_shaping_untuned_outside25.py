"""Descriptions nobody tuned for (issue 33, session 25): losses and noise seen on vendors' own
descriptions of a LoRaWAN network server (a device read whose device sits in a part beside
the server's times for it, addressed by a member named for what it is, not ``id``) and of
an alerting service (every answer in an envelope that says how long the call took) and of a
taxonomy service (a subtree answered as a map of nodes by id, whose schema also declares one
entry under a property of its own), each
reproduced on a synthesized description of the same structure
(``tests/fixtures/specs/untuned_outside25.yaml``, no vendor's text). Each fails on the rules
before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "untuned_outside25.yaml"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


def shaped(tools: dict[str, Any], name: str, body: Any) -> Any:
    return shaped_json(tools[name], body)


SENSOR = {
    "sensor": {
        "sensorEui": "70b3d57ed0001234",
        "name": "cold room 2",
        "description": "Temperature probe by the door of the second cold room.",
        "siteId": "site-7",
        "profileId": "prof-3",
        "isDisabled": False,
        "tags": {"floor": "1"},
    },
    "createdAt": "2024-05-01T12:34:56Z",
    "updatedAt": "2024-05-02T12:34:56Z",
    "lastSeenAt": "2024-05-03T12:34:56Z",
    "powerMode": "BATTERY",
    "health": {"batteryLevel": 71.5, "margin": 7},
}


def test_a_part_keeps_the_member_the_path_parameter_names(tools) -> None:
    """``GET /sensors/{sensorEui}`` answers the sensor in a part beside the server's times:
    the body has no identity of its own, and the part's was taken as its first ``*Id``
    (``siteId``: the site it belongs to) instead of the member the path names."""
    answer = shaped(tools, "get_sensor", SENSOR)
    assert answer["sensor"]["sensorEui"] == "70b3d57ed0001234"
    assert answer["sensor"]["name"] == "cold room 2"


def test_an_envelope_timing_is_left_out_beside_one_resource(tools) -> None:
    """``{requestId, took, data: {...}}``: how long the call took says nothing of the rota,
    beside one resource as beside a list (where it was already left out)."""
    body = {
        "requestId": "r-1",
        "took": 0.021,
        "data": {"id": "rota-1", "name": "weekend", "timezone": "Europe/Oslo", "enabled": True},
    }
    answer = shaped(tools, "get_rota", body)
    assert "took" not in answer
    assert answer["data"]["id"] == "rota-1" and answer["data"]["name"] == "weekend"
    written = shaped(
        tools,
        "update_rota",
        {
            "requestId": "r-2",
            "took": 0.3,
            "result": "Updated",
            "data": {"id": "rota-1", "name": "x"},
        },
    )
    assert "took" not in written
    assert written["data"]["id"] == "rota-1" and written["result"] == "Updated"


def _node(name: str, children: list[int]) -> dict[str, Any]:
    return {
        "visible_children": children,
        "children_status": "HAS_MORE_CHILDREN",
        "rank": "GENUS",
        "scientific_name": name,
        "common_name": name.lower(),
        "etag": 'W/"a1b2c3"',
    }


def test_a_map_whose_schema_names_one_entry_is_a_map_of_records(tools) -> None:
    """``edges: {properties: {default: Edge}, additionalProperties: Edge}`` is a map of nodes
    by id (the generator wrote one entry down): it was read as one object with a member
    ``default``, absent from real answers, and the nodes went; then, read as a map, the list
    of root ids beside it was taken for the page and the rest kept whole around it."""
    body = {
        "root_nodes": [9604],
        "edges": {"9604": _node("Hominidae", [9605]), "9605": _node("Homo", [9606])},
        "warnings": [{"reason": "MERGED", "message": "taxon 63221 was merged"}],
    }
    answer = shaped(tools, "get_subtree", body)
    names = {k: {x for x in v.values() if isinstance(x, str)} for k, v in answer["edges"].items()}
    assert {"Hominidae", "hominidae"} & names["9604"] and {"Homo", "homo"} & names["9605"]
    assert answer["root_nodes"] == [9604]
    assert "etag" not in answer["edges"]["9604"]


def test_a_list_of_ids_beside_a_map_of_statuses_stays_what_the_call_did(tools) -> None:
    """Beside a map of statuses (no name of their own), the list of values is what the call
    did and each failure keeps why (a first reading of the rule above took the map for the
    answer and kept each failure's code alone)."""
    body = {
        "successAlertIds": ["a1", "a2"],
        "failedAlertStatus": {"a3": {"code": 5, "message": "alert a3 not found"}},
    }
    answer = shaped(tools, "batch_delete_alerts", body)
    assert answer["successAlertIds"] == ["a1", "a2"]
    assert answer["failedAlertStatus"]["a3"]["message"] == "alert a3 not found"
