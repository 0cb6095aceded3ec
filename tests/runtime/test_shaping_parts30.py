"""Objects whose parts belong together, cut apart by the default shaping (issue 33, the
thirtieth round): an address reduced to its region, a position kept on one part of a ride and
not on the next. Synthesized bodies; each test failed on the rules before its fix."""

from __future__ import annotations

from typing import Any

from generator.runtime.shaping.defaults import choose_default_fields

ADDRESS: dict[str, Any] = {
    "line1": "string",
    "line2": "string",
    "city": "string",
    "state": "string",
    "postal_code": "string",
    "country": "string",
}


def _under(chosen: tuple[str, ...], part: str) -> set[str]:
    return {p.split(".", 1)[1] for p in chosen if p.startswith(f"{part}.")}


def test_a_page_reads_an_address_by_its_lines_not_one_of_them() -> None:
    """A page that keeps something of an address (its region as a state, its postal code as
    what names it, the addressee's name) keeps the lines it is read by: before, a company's
    headquarters of seven members said ``{state}``, an item's location ``{postalCode}``, an
    account's billing address (with the addressee's name) ``{state}``."""
    company = {
        "id": "integer",
        "name": "string",
        "hq_address": {
            "street1": "string",
            "street2": "string",
            "city": "string",
            "state": "string",
            "postal_code": "string",
            "country": "string",
            "phone": "string",
        },
    }
    chosen = choose_default_fields(company, kind="read")
    assert _under(chosen, "hq_address") == {
        "street1", "street2", "city", "state", "postal_code", "country"
    }, chosen  # fmt: skip
    account = {
        "id": "integer",
        "name": "string",
        "billing": {"name": "string", "street": "string", "city": "string", "state": "string",
                    "zip": "string", "country": "string"},
    }  # fmt: skip
    assert {"street", "city", "zip", "country"} <= _under(
        choose_default_fields(account, kind="read"), "billing"
    )
    listing = {
        "itemId": "string",
        "title": "string",
        "itemLocation": {
            "addressLine1": "string",
            "addressLine2": "string",
            "city": "string",
            "country": "string",
            "county": "string",
            "postalCode": "string",
            "stateOrProvince": "string",
        },
    }
    located = _under(choose_default_fields(listing, kind="read"), "itemLocation")
    assert {"addressLine1", "city", "stateOrProvince", "postalCode", "country"} <= located
    assert "county" not in located
    # with a one-line form, that line is what it is read by
    order = {
        "id": "string",
        "status": "string",
        "billingAddress": {
            "recipientName": "string",
            "streetAddress": ["string"],
            "locality": "string",
            "region": "string",
            "postalCode": "string",
            "country": "string",
            "fullAddress": ["string"],
        },
    }
    billed = _under(choose_default_fields(order, kind="read"), "billingAddress")
    assert "fullAddress" in billed and "locality" not in billed, billed
    # a list's item stays lean: no address lines added, no region as its state
    item = choose_default_fields(company, kind="read", item=True)
    assert not _under(item, "hq_address"), item


def test_a_part_with_a_latitude_and_a_longitude_keeps_them_wherever_it_sits() -> None:
    """A ride listed with its ``pickup`` and ``dropoff`` (each an address, a position and a
    time) kept each by its time alone, while its ``location`` kept its position: a part of
    which something is kept that holds a position keeps it, whatever the part is named."""
    stop = {"address": "string", "lat": "number", "lng": "number", "time": "string:time"}
    ride = {
        "ride_id": "integer",
        "status": "string",
        "distance_miles": "number",
        "pickup": stop,
        "dropoff": stop,
        "location": {"address": "string", "lat": "number", "lng": "number"},
        "driver": {"first_name": "string", "phone_number": "string"},
        "requested_at": "string:time",
    }
    chosen = choose_default_fields(ride, kind="read", item=True)
    for part in ("pickup", "dropoff"):
        if _under(chosen, part):
            assert {"lat", "lng"} <= _under(chosen, part), chosen
    assert _under(chosen, "pickup"), chosen
    # a part nothing was kept of gains nothing
    pin = {"address": "string", "lat": "number", "lng": "number"}
    plain = {"id": "string", "name": "string", "updated_at": "string:time", "pin": pin}
    assert not _under(choose_default_fields(plain, kind="read", item=True), "pin")


def test_a_numbered_series_of_members_is_kept_together() -> None:
    """A release report's rows, ``{ChemicalName, Year1Pounds ... Year9Pounds}``, kept the name
    alone, and its header row ``{Year1 ... Year9}`` kept ``Year1``: members named alike but for
    a number are one series; one kept keeps the rest, and a row that is mostly one series
    keeps it."""
    row = {"ChemicalName": "string", **{f"Year{i}Pounds": "string" for i in range(1, 10)}}
    chosen = choose_default_fields(row, kind="read", item=True)
    assert {f"Year{i}Pounds" for i in range(1, 10)} <= set(chosen), chosen
    header = {f"Year{i}": "string" for i in range(1, 10)}
    kept = set(choose_default_fields(header, kind="read", item=True))
    assert set(header) <= kept, kept
    # the lines of an address are no series of values
    place = {"id": "string", "name": "string", "updated_at": "string:time",
             **{f"address{i}": "string" for i in range(1, 5)}, "city": "string",
             "postcode": "string", "country": "string"}  # fmt: skip
    assert "address3" not in choose_default_fields(place, kind="read", item=True)
