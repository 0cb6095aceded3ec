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
