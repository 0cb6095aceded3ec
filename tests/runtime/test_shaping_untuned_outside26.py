"""Descriptions nobody tuned for (issue 33, session 26): what names an item, seen on a bank's
own description (Up's transactions: no name or title, a ``description`` that is the
merchant's name, a customer's ``note: {text}`` and an unprocessed ``rawText`` beside it;
``tests/fixtures/specs/untuned_outside26.yaml``, trimmed from Up's MIT-licensed description).
Each fails on the rules before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "untuned_outside26.yaml"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


def _transaction(i: int, description: str, raw: str | None, note: str | None) -> dict[str, Any]:
    return {
        "type": "transactions",
        "id": f"tx-{i}",
        "attributes": {
            "status": "SETTLED",
            "rawText": raw,
            "description": description,
            "message": None,
            "isCategorizable": True,
            "amount": {"currencyCode": "AUD", "value": "-59.98", "valueInBaseUnits": -5998},
            "settledAt": "2024-05-02T09:00:00+10:00",
            "createdAt": "2024-05-01T12:34:56+10:00",
            "note": {"text": note} if note else None,
            "performingCustomer": {"displayName": "Bobby"},
        },
        "links": {"self": f"https://api.example.com/api/v1/transactions/tx-{i}"},
    }


def test_a_list_item_is_named_by_its_text_not_by_a_remark_added_to_it(tools) -> None:
    """An item with no label-named member is named by its text: its own ``description`` (the
    merchant), not the customer's ``note: {text}`` (a remark added to it, often null: the
    rich text was taken first, and the merchant was left out of every item) nor its
    unprocessed ``rawText`` (an unprocessed copy, listed before it)."""
    body = {
        "data": [
            _transaction(1, "Coles Supermarket", "COLES 0123 SYDNEY AU", "weekly shop"),
            _transaction(2, "Spotify", "SPOTIFY P0A1B2", None),
        ],
        "links": {"prev": None, "next": None},
    }
    answer = shaped_json(tools["list_transactions_by_account"], body)
    items = answer["data"]
    assert [i["attributes"]["description"] for i in items] == ["Coles Supermarket", "Spotify"]
    assert all("note" not in i["attributes"] for i in items)
    assert all("rawText" not in i["attributes"] for i in items)
    assert [i["id"] for i in items] == ["tx-1", "tx-2"]


def test_a_batch_delete_keeps_the_list_of_what_it_deleted(tools) -> None:
    """A batch delete answers ``{success, deleted_events: [ids], not_found_events: [ids]}``
    (Frigate's events): which went is what the call did. ``deleted_events`` was read as the
    time the call happened (a first word ``deleted``) and left out beside the ids it did not
    find."""
    body = {
        "success": True,
        "deleted_events": ["1714560000.1-abc", "1714560100.2-def"],
        "not_found_events": ["1714560200.3-ghi"],
    }
    answer = shaped_json(tools["delete_events_events_delete"], body)
    assert answer["deleted_events"] == ["1714560000.1-abc", "1714560100.2-def"]
    assert answer["not_found_events"] == ["1714560200.3-ghi"]


def test_a_create_answering_a_list_of_tokens_keeps_each_token(tools) -> None:
    """A create that answers the records it made as a list (Conjur's new host tokens:
    ``[{expiration, cidr, token}]``) keeps each one's minted credential, shown once and
    the identity the revoke takes (``/host_factory_tokens/{token}``): the secrets rule hid
    it, and the answer said only when tokens expire."""
    body = [
        {"expiration": "2017-08-04T22:27:20+00:00", "cidr": ["127.0.0.1/32"], "token": "281s2a"},
        {"expiration": "2017-08-04T22:27:20+00:00", "cidr": ["127.0.0.2/32"], "token": "2c0vfj"},
    ]
    answer = shaped_json(tools["create_token"], body)
    assert [t["token"] for t in answer] == ["281s2a", "2c0vfj"]
    assert [t["expiration"] for t in answer] == [body[0]["expiration"]] * 2
