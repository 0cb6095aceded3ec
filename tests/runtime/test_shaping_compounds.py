"""Compound values (``runtime/shaping/compounds.py``): a small object whose two or three scalar
members make one value together is kept whole by the defaults, never cut to one member.
Field trees in the layouts vendors publish: a protobuf duration or timestamp
(``{seconds, nanos}``), labels as ``{key, value}`` pairs, a price (``{amount, currency}``)."""

from __future__ import annotations

from typing import Any

from generator.runtime.shaping.compounds import is_compound, whole_compounds
from generator.runtime.shaping.decision import DefaultsContext, decide_fields

STEP: dict[str, Any] = {
    "stepId": "string",
    "name": "string",
    "state": "string:enum",
    "description": "string",
    "completionTime": {"seconds": "string", "nanos": "integer"},
    "runDuration": {"seconds": "string", "nanos": "integer"},
    "labels": [{"key": "string", "value": "string"}],
    "outcome": {"summary": "string:enum", "successDetail": {"otherNativeCrash": "boolean"}},
}


def test_a_time_sent_as_seconds_and_nanos_is_kept_whole() -> None:
    """The step's completion time came back as ``{nanos: 7}``: its seconds, the time itself,
    were cut."""
    for item in (False, True):
        chosen = decide_fields(STEP, DefaultsContext(), item=item, kind="read")
        assert not any(p.startswith("completionTime.") for p in chosen), chosen
        assert not any(p.startswith("labels.") for p in chosen), chosen
    single = decide_fields(STEP, DefaultsContext(), item=False, kind="read")
    assert "completionTime" in single and "labels" in single


def test_what_is_a_compound_value() -> None:
    assert is_compound({"seconds": "string", "nanos": "integer"})
    assert is_compound([{"key": "string", "value": "string"}])
    assert is_compound({"amount": "integer", "currency": "string"})
    assert not is_compound({"id": "string", "name": "string"})  # a related thing: its id
    assert not is_compound({"href": "string", "title": "string"})  # a link
    assert not is_compound({"a": "string", "b": "string", "c": "string", "d": "string"})
    assert not is_compound({"summary": "string", "detail": {"x": "boolean"}})  # not flat
    assert not is_compound({"value": "string"})  # one member is not a compound
    assert not is_compound({"phase": "string", "podIP": "string"})  # a resource's part
    assert not is_compound({"content": "string", "beginOffset": "integer"})


def test_whole_compounds_replaces_members_by_the_compound_once() -> None:
    chosen = ("name", "completionTime.nanos", "completionTime.seconds", "labels.value")
    assert whole_compounds(STEP, chosen) == ("name", "completionTime", "labels")
    assert whole_compounds(STEP, ("outcome.summary",)) == ("outcome.summary",)


def test_a_name_written_in_parts_is_kept_whole() -> None:
    contact = {
        "id": "string",
        "given_name": "string",
        "family_name": "string",
        "nickname": "string",
        "email_address": "string:email",
        "created_at": "string:time",
        "version": "integer",
        "phone_number": "string",
    }
    listed = decide_fields(contact, DefaultsContext(), kind="read", item=True)
    assert "given_name" in listed and "family_name" in listed
    assert listed.index("family_name") == listed.index("given_name") + 1
    # camelCase, and a person that is a part of what the operation answers
    card = {
        "id": "string",
        "amount": "integer",
        "owner": {"id": "string", "firstName": "string", "lastName": "string"},
    }
    chosen = decide_fields(card, DefaultsContext(), kind="read", item=True)
    assert "owner.firstName" in chosen and "owner.lastName" in chosen
    # a first name with no last name beside it stays alone; other parts are not names
    assert whole_compounds({"first_name": "string", "age": "integer"}, ("first_name",)) == (
        "first_name",
    )
    assert whole_compounds({"first_step": "string", "last_step": "string"}, ("first_step",)) == (
        "first_step",
    )
