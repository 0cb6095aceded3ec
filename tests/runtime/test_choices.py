"""A value outside an enum: the model is told which values would do."""

import pytest

from generator.runtime.arguments import validate_arguments
from generator.runtime.choices import closest, enum_message
from generator.runtime.errors import InvalidArguments
from generator.runtime.model import Binding, Limits, ResponseConfig, Tool

EVENTS = [
    f"{kind}.{what}"
    for kind in ("invoice", "charge", "customer")
    for what in ("created", "updated", "deleted", "paid", "payment_failed", "finalized", "voided")
]


def test_a_short_enum_is_listed_whole() -> None:
    assert enum_message("verbose", ["concise", "detailed"]) == (
        '"verbose" is not one of: "concise", "detailed"'
    )


def test_a_long_enum_names_the_closest_values_and_how_many_there_are() -> None:
    message = enum_message("invoice.payed", EVENTS)
    assert message.startswith('"invoice.payed" is not one of the 21 allowed values. Closest: ')
    assert '"invoice.paid"' in message and "Send part of a value" in message


def test_a_word_of_a_value_finds_every_value_containing_it() -> None:
    found = closest("voided", EVENTS)
    assert found[:3] == ["charge.voided", "invoice.voided", "customer.voided"]  # then alike ones
    assert closest("CHARGE", EVENTS, limit=3) == ["charge.paid", "charge.voided", "charge.created"]
    assert closest("Invoice Paid", EVENTS)[0] == "invoice.paid"  # case and separators ignored


def test_nothing_close_still_shows_some_values_and_the_way_to_find_others() -> None:
    message = enum_message("zzz", EVENTS)
    assert 'none is close; some are: "invoice.created"' in message
    assert "Send part of a value" in message


def test_the_message_stays_bounded() -> None:
    values = [f"value_{i:04d}_" + "x" * 200 for i in range(500)]
    assert len(enum_message("y" * 100_000, values)) < 1200


def test_a_value_no_union_branch_accepts_is_explained_by_its_enum() -> None:
    """Stripe's ``anyOf: [{array of enum}, {enum: [""]}]``: the array item is what is wrong."""
    schema = {
        "type": "object",
        "properties": {
            "events": {"anyOf": [{"type": "array", "items": {"enum": EVENTS}}, {"enum": [""]}]}
        },
    }
    tool = Tool("t", "t", "", schema, {}, Binding("http"), (), ResponseConfig(), Limits())
    with pytest.raises(InvalidArguments) as info:
        validate_arguments(tool, {"events": ["invoice.paid", "charge.refunded"]})
    assert '- events[1]: "charge.refunded" is not one of the 21 allowed values' in (
        info.value.message
    )


def _refused(schema: dict, args: dict) -> str:
    tool = Tool("t", "t", "", schema, {}, Binding("http"), (), ResponseConfig(), Limits())
    with pytest.raises(InvalidArguments) as info:
        validate_arguments(tool, args)
    return info.value.message


def test_enum_branches_of_one_value_are_explained_together() -> None:
    """``anyOf: [{enum: [long]}, {enum: [""]}]``: every branch's values count; a branch of
    another kind (an integer) leaves the generic message, which does not hide it."""
    union = {"anyOf": [{"enum": EVENTS}, {"enum": [""]}]}
    message = _refused({"type": "object", "properties": {"e": union}}, {"e": "invoice.payed"})
    assert '- e: "invoice.payed" is not one of the 22 allowed values. Closest: "invoice.paid"' in (
        message
    )
    mixed = {"anyOf": [{"type": "integer"}, {"enum": ["auto"]}]}
    message = _refused({"type": "object", "properties": {"n": mixed}}, {"n": "x"})
    assert (
        '- n: "x" matches none of the accepted forms ("x" is not one of: "auto"; or expected '
        'integer, got string "x")'
    ) in message
