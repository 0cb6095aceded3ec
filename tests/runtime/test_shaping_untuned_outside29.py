"""Descriptions nobody tuned for (issue 33, session 29): structures seen on descriptions
published in vendors' own repositories (generator/bench/data/outside-sources.md,
outside29), re-made as a small synthesized fixture
(``tests/fixtures/specs/untuned_outside29.yaml``). Each fails on the rules before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "untuned_outside29.yaml"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


def _appointment(i: int) -> dict[str, Any]:
    return {
        "id": i,
        "book": f"2024-04-2{i} 09:00:00",
        "start": f"2024-05-0{i} 17:00:00",
        "end": f"2024-05-0{i} 18:00:00",
        "hash": f"apTWVbSv{i}",
        "location": "Test Street 1A",
        "meetingLink": f"https://meet.example.org/room-{i}",
        "color": "#123456",
        "status": "Booked",
        "notes": "A first consultation.",
        "customerId": 5,
        "providerId": 2,
        "serviceId": 6,
    }


def test_a_listed_booking_keeps_when_it_starts_and_ends(tools) -> None:
    """A member named by a span's end alone (``start``, ``end``), a string with no format, is
    a time: when the booking takes place. Before, a listed appointment was its id, status and
    notes, and an agent asked for tomorrow's appointments could not tell which they were."""
    items = shaped_json(tools["list_appointments"], [_appointment(1), _appointment(2)])
    assert [(i["start"], i["end"]) for i in items] == [
        ("2024-05-01 17:00:00", "2024-05-01 18:00:00"),
        ("2024-05-02 17:00:00", "2024-05-02 18:00:00"),
    ]
    assert [i["id"] for i in items] == [1, 2]


def _batch(i: int) -> dict[str, Any]:
    return {
        "integration": 7,
        "domain": "live",
        "batch_code": f"BCH_a{i}",
        "status": "active",
        "reference": f"ref-{i}",
        "id": 100 + i,
        "createdAt": f"2024-05-0{i}T12:00:00Z",
        "updatedAt": f"2024-05-0{i}T12:30:00Z",
    }


def test_a_listed_record_keeps_the_one_code_its_address_takes(tools) -> None:
    """A list's records keep, beside their id, their one member that is the sibling's path
    parameter qualified by one word (``batch_code`` for ``/bulkcharge/{code}``), the only
    member so named: reading one takes it. Before, only the object's own type could qualify it
    (``customer_code`` of a customer) and each listed batch was its id, domain, status and
    date: not what fetching, pausing or resuming it takes."""
    body = {"status": True, "message": "Bulk charges retrieved", "data": [_batch(1), _batch(2)]}
    items = shaped_json(tools["list_bulk_charges"], body)["data"]
    assert [i["batch_code"] for i in items] == ["BCH_a1", "BCH_a2"]
    assert [i["id"] for i in items] == [101, 102]


def test_a_code_beside_another_code_is_no_address() -> None:
    """Not when two members are so named (``order_code`` beside ``currency_code`` for
    ``/orders/{code}``): which one the address takes is not said by the names, and only the
    one qualified by the object's own type is its identity."""
    tree = {"id": "integer", "order_code": "string", "currency_code": "string"}
    from generator.runtime.shaping.roles.identity import identity_fields

    assert identity_fields(tree, ("order",), ("code",)) == ("id", "order_code")
    assert "currency_code" not in identity_fields(tree, ("orders",), ("code",))
    # nor in an object with a natural key: a user's ``login`` is what ``/users/{username}``
    # takes, not its ``twitter_username``
    user = {"id": "integer", "login": "string", "twitter_username": "string", "name": "string"}
    assert "twitter_username" not in identity_fields(user, ("user",), ("username",))


def _place() -> dict[str, Any]:
    return {
        "place_id": "pl_7f3a",
        "name": "Harbour Works",
        "formatted_address": "48 Quay Road, Pyrmont NSW 2009, Australia",
        "formatted_phone_number": "(02) 9374 0000",
        "business_status": "OPERATIONAL",
        "rating": 4.2,
        "user_ratings_total": 912,
        "price_level": 2,
        "website": "https://harbour.example.com/",
        "url": "https://maps.example.com/?cid=10281119596374313554",
        "icon": "https://maps.example.com/icons/generic_business-71.png",
        "types": ["point_of_interest", "establishment"],
        "geometry": {"location": {"lat": -33.866, "lng": 151.195}},
        "editorial_summary": {"overview": "Offices by the water.", "language": "en"},
        "reviews": [{"author_name": "Ana", "rating": 5, "text": "Lovely.", "time": 1652286798}],
    }


def test_one_object_beside_the_notes_of_the_exchange_is_what_a_read_answers(tools) -> None:
    """Lists of strings named as the exchange's notes (``html_attributions``,
    ``info_messages``: messages or attributions) beside one object with an identity of its
    own and a status do not make the body the resource: the object is wrapped, and its page is
    kept (where the place is, how to call it, its rating). Before, the wrapper was read as the
    resource and a place's details were its id, name and summary."""
    body = {"html_attributions": [], "result": _place(), "status": "OK", "info_messages": []}
    place = shaped_json(tools["place_details"], body)["result"]
    assert place["formatted_address"] == _place()["formatted_address"]
    assert place["name"] == "Harbour Works" and place["place_id"] == "pl_7f3a"
    assert place["rating"] == 4.2
