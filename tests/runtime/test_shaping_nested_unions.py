"""Unions and expandables one level below a list's item (issue 33, runtime): the defaults
name every variant of a member that is a union of objects, and read an expandable member's
member (``price.product``) or a list of expandables as the ids the API sends, as they already
did at the item's top level. Shaped as a generated server shapes it (tools built from the
description, defaults decided once, the runtime's pipeline)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.pipeline import load_spec
from generator.preview.judge import judge
from generator.preview.tools import tools_of
from generator.runtime.output import shape_config_for, shape_output
from generator.runtime.shaping.decision import DefaultsContext

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
NESTED = FIXTURES / "decision" / "nested_unions.yaml"
STRIPE = FIXTURES / "openapi" / "stripe.spec3.yaml"


def _tools(path: Path) -> dict[str, Any]:
    spec, _ = load_spec(path, name=None)
    _, pairs = tools_of(spec)
    return {op.id: tool for op, tool in pairs}


@pytest.fixture(scope="module")
def nested() -> dict[str, Any]:
    return _tools(NESTED)


def _shaped(tool: Any, body: Any) -> tuple[Any, list[str]]:
    out = shape_output(body, tool, shape_config_for(tool))
    return json.loads(out.chunks[0]), judge(body, json.loads(out.chunks[0])).lost


def _notification(n: int, subject: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": str(n),
        "reason": "subscribed",
        "unread": True,
        "updated_at": "2024-06-0%dT10:00:00Z" % n,
        "subject": subject,
    }


NOTIFICATIONS = [
    _notification(1, {"id": 11, "number": 7, "title": "Crash on start", "state": "open"}),
    _notification(2, {"id": 12, "number": 8, "title": "Fix the crash", "merged": False}),
    _notification(
        3,
        {
            "id": 13,
            "tag_name": "v1.0.0",
            "name": "First release",
            "draft": False,
            "body": "What changed.",
        },
    ),
]


def test_a_members_union_below_the_item_is_named_in_every_variant(
    nested: dict[str, Any],
) -> None:
    """``subject`` is an issue, a pull request or a release: the defaults named it by the
    issue's ``title`` alone, and a release's subject (which has a ``name``) shaped down to
    nothing."""
    tool = nested["listNotifications"]
    fields = tool.response.default_fields
    assert {"subject.title", "subject.name"} <= set(fields), fields
    assert shape_config_for(tool).context.variants == (("subject", ("title", "name")),)
    shaped, lost = _shaped(tool, NOTIFICATIONS)
    assert [item.get("subject") for item in shaped] == [
        {"title": "Crash on start"},
        {"title": "Fix the crash"},
        {"name": "First release"},
    ]
    assert not lost, lost


def test_an_expandable_one_level_down_is_read_as_the_id_the_api_sends(
    nested: dict[str, Any],
) -> None:
    """A line's ``price.product`` is the product's id unless expanded, and ``coupons`` a list
    of such ids: the defaults had spent a slot on ``price.product.created``, a member of an
    object the answer does not hold."""
    tool = nested["listLines"]
    context = shape_config_for(tool).context
    assert {"price.product", "coupons"} <= set(context.expandable)
    fields = tool.response.default_fields
    assert not [f for f in fields if f.startswith("price.product.") and f != "price.product.id"]
    assert not [f for f in fields if f.startswith("coupons.") and f != "coupons.id"]
    line = {
        "id": "li_1",
        "object": "item",
        "amount_total": 1200,
        "currency": "eur",
        "quantity": 2,
        "price": {"id": "price_1", "created": 1700000000, "product": "prod_1", "unit_amount": 600},
        "coupons": ["co_1"],
    }
    shaped, lost = _shaped(tool, {"data": [line], "has_more": False})
    assert shaped["data"][0]["id"] == "li_1"
    assert not lost, lost


def test_a_vendors_expandables_below_the_item_are_not_read_by_their_times() -> None:
    """The same on a published description: a line item's ``price.product``, a payment
    link's ``transfer_data.destination`` and a credit note's ``discount_amounts.discount``
    were each chosen by the expanded object's ``created`` or ``end``."""
    tools = _tools(STRIPE)
    for operation, path in (
        ("GetInvoiceitemsInvoiceitem", "price.product"),
        ("GetPaymentLinksPaymentLink", "transfer_data.destination"),
        ("GetCreditNotes", "discount_amounts.discount"),
    ):
        tool = tools[operation]
        assert path in shape_config_for(tool).context.expandable, operation
        inside = [f for f in tool.response.default_fields if f.startswith(path + ".")]
        assert not [f for f in inside if f.rsplit(".", 1)[1] in ("created", "end")], inside


def test_the_variants_travel_in_spec_json() -> None:
    context = DefaultsContext(variants=(("subject", ("title", "name")),), expandable=("a.b",))
    data = json.loads(json.dumps(context.to_json()))
    assert data["variants"] == {"subject": ["title", "name"]}
    assert DefaultsContext.from_json(data) == context
