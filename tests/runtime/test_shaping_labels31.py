"""An object keeps its own label (issue 33, session 31): the structures where the judge found
an outside description's label gone on every tool, re-made as a small synthesized fixture
(``tests/fixtures/specs/labels31.yaml``). Each fails on the rules before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "labels31.yaml"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


def _device(i: int) -> dict[str, Any]:
    return {
        "id": f"dev-{i}", "model": "Desk Phone 88", "modelType": "MPP", "mac": f"52EAD324FD2{i}",
        "ipAddress": f"10.0.0.{i}", "displayName": f"Front desk {i}", "primaryOwner": True,
        "owner": {"id": f"person-{i}", "type": "PEOPLE", "firstName": "Ada", "lastName": "Lovelace"},
    }  # fmt: skip


def test_an_undeclared_label_is_not_stood_for_by_a_related_things_name(tools) -> None:
    """Devices whose ``displayName`` the description does not declare, each beside an
    ``owner: {id, firstName, lastName}``: the run-time label check took the owner's
    ``firstName`` as the device's label kept, so the defaults were not read again from the
    response and each device was left without its name."""
    body = {"devices": [_device(i) for i in range(3)], "maxDeviceCount": 3}
    items = shaped_json(tools["list_person_devices"], body)["devices"]
    assert [i.get("displayName") for i in items] == [
        "Front desk 0",
        "Front desk 1",
        "Front desk 2",
    ], items
    assert [i["id"] for i in items] == ["dev-0", "dev-1", "dev-2"]


def test_a_flag_named_like_a_label_is_no_label(tools) -> None:
    """A shipping label ``{label_id, is_return_label: true, ship_to: {name, email, ...}}``:
    the flag ``is_return_label`` ends with the word label and was taken as the object's label,
    its addressee's ``email`` after it; the name it is addressed to was left out."""
    label = {
        "label_id": "se-1", "status": "completed", "shipment_id": "se-2",
        "created_at": "2024-05-01T12:00:00Z", "shipment_cost": {"currency": "USD", "amount": 9.5},
        "tracking_number": "7827584016", "is_return_label": False, "is_international": False,
        "voided": False,
        "ship_to": {"name": "Ada Lovelace", "phone": "+44 20 7946 0000", "email": "ada@example.com",
                    "company_name": "Engines Ltd", "address_line1": "1 Analytical Row",
                    "city_locality": "London", "postal_code": "N1 7AA", "country_code": "GB"},
    }  # fmt: skip
    items = shaped_json(tools["list_labels"], {"labels": [label], "total": 1, "page": 1})["labels"]
    assert items[0]["ship_to"]["name"] == "Ada Lovelace", items
    assert items[0]["label_id"] == "se-1"


def test_a_typed_resource_without_an_id_keeps_the_name_in_its_attributes(tools) -> None:
    """A create answering ``{data: {type, attributes: {name, ...}, relationships: {...}}}``
    before the resource has an id: the attributes (flat values beside a part holding lists)
    were read as metadata and the relationships as the resource, so the defaults chose the
    related ids, not the name of the role it made (with these lists the result then fell
    back to the whole body, every setting the caller sent; with others it kept only the
    ids). The role is read as the resource, its attributes as its own members: its name and
    state, not every setting it was sent."""
    related = {
        "data": [
            {"id": "0b0f6a62-1f7e-4a55-9b2a-5c1d0e6f7a81", "type": "users"},
            {"id": "5d2c7e10-3a4b-4c6d-8e9f-0a1b2c3d4e5f", "type": "users"},
        ]
    }
    body = {
        "data": {
            "type": "roles",
            "attributes": {"name": "Auditors", "manage_users": False, "manage_account": False,
                           "permission_state": "limited", "inserted_at": "2024-05-01T12:00:00Z",
                           "updated_at": "2024-05-01T12:00:00Z"},
            "relationships": {"users": related, "groups": related},
        }
    }  # fmt: skip
    shaped = shaped_json(tools["create_role"], body)
    assert shaped["data"]["attributes"]["name"] == "Auditors", shaped
    assert shaped["data"]["attributes"]["permission_state"] == "limited"
    assert "manage_account" not in shaped["data"]["attributes"], shaped
    assert "relationships" not in shaped["data"], shaped


def test_a_typed_resource_without_an_id_keeps_the_credential_it_minted(tools) -> None:
    """The same layout for a new API key: read as the resource, its attributes are its own
    members, so the key it minted (shown once) is kept as a create's minted credential is,
    beside its name; not its times nor its relationships."""
    body = {
        "data": {
            "type": "api-keys",
            "attributes": {"name": "ci", "prefix": "pk_live", "expires_at": "2025-05-01T12:00:00Z",
                           "revoked": False, "inserted_at": "2024-05-01T12:00:00Z",
                           "api_key": "pk_live_8f2d0c7e5b9a4136"},
            "relationships": {"entity": {"data": {"id": "0b0f6a62-1f7e-4a55-9b2a-5c1d0e6f7a81",
                                                  "type": "users"}}},
        }
    }  # fmt: skip
    shaped = shaped_json(tools["create_api_key"], body)
    attributes = shaped["data"]["attributes"]
    assert attributes["api_key"] == "pk_live_8f2d0c7e5b9a4136", shaped
    assert attributes["name"] == "ci"
    assert "inserted_at" not in attributes and "relationships" not in shaped["data"], shaped


def test_a_flag_named_like_a_primary_field_does_not_name_an_item() -> None:
    """An item with no label (``{id, require_primary_key: true, mode, summary, ...}``): its
    primary field was looked for by name alone, and the flag ``require_primary_key`` (a
    setting, ``key`` its last word) was taken as what names the item; its text names it."""
    from generator.runtime.shaping.defaults import choose_default_fields

    tree = {
        "id": "string",
        "require_primary_key": "boolean",
        "mode": "string",
        "summary": "string",
        "created_at": "string:date-time",
        "size": "integer",
    }
    chosen = choose_default_fields(tree, kind="read", item=True)
    assert "require_primary_key" not in chosen, chosen
    assert chosen[:2] == ("id", "summary"), chosen
