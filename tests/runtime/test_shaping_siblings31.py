"""Objects of one schema side by side that kept different members, and values matched to an
operation's name by their plural (issue 33, the thirty-first round). Synthesized trees; each
test failed on the rules before its fix."""

from __future__ import annotations

from typing import Any

from generator.runtime.shaping.called import called_members, called_words
from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.cleanup import drop_constant_kinds
from generator.runtime.shaping.fields import project
from generator.runtime.shaping.payload import Target, apply_select, filter_meta

PARTY: dict[str, Any] = {
    "id": "string",
    "key": "string",
    "name": "string",
    "taxId": {"code": "string"},
    "addresses": [{"city": "string", "country": "string", "line1": "string"}],
}


def _under(chosen: tuple[str, ...], part: str) -> set[str]:
    return {p.split(".", 1)[1] for p in chosen if p.startswith(f"{part}.")}


def test_a_person_beside_parts_of_its_schema_keeps_what_they_keep() -> None:
    """An invoice's ``supplier`` and ``customer`` of one party schema: the supplier kept its
    ``key`` beside its name, the customer (a person by its role) only its name and id, by
    the people rule alone."""
    invoice = {
        "id": "string",
        "number": "string",
        "description": "string",
        "status": "string",
        "createdAt": {"type": "string", "format": "date-time"},
        "supplier": dict(PARTY),
        "customer": dict(PARTY),
        "currency": "string",
    }
    chosen = choose_default_fields(invoice, kind="read", entity=("invoice",))
    supplier, customer = _under(chosen, "supplier"), _under(chosen, "customer")
    assert "key" in supplier, chosen
    assert supplier == customer, chosen


ACCOUNT: dict[str, Any] = {
    "id": "string",
    "slug": "string",
    "name": "string",
    "currency": "string",
    "isArchived": "boolean",
    "createdAt": {"type": "string", "format": "date-time"},
}


def test_a_flag_named_with_a_naming_word_does_not_name_a_related_object() -> None:
    """A related ``host`` (an account of the host type, with ``isTrustedHost``) beside the
    ``account`` it belongs to: the flag, whose last word is a naming word (host), was kept
    beside the host's name as what it is known by; the account, of the interface without it,
    kept no such flag, and the two read differently."""
    card = {
        "id": "string",
        "name": "string",
        "status": "string",
        "account": dict(ACCOUNT),
        "host": {**ACCOUNT, "isTrustedHost": "boolean"},
    }
    chosen = choose_default_fields(card, kind="read", entity=("virtual", "card"))
    assert "host.isTrustedHost" not in chosen, chosen
    assert "host.name" in chosen and "account.name" in chosen, chosen


def test_a_count_of_what_the_operation_names_is_not_what_it_was_called_for() -> None:
    """``TeamGameScoresByDate``: an item's ``Games`` (how many were played) was kept as the
    game the operation is named for, on every such list; its ``GameScore`` still is."""
    words = called_words({"GameScore": "integer", "Games": "integer"}, "TeamGameScoresByDate")
    item = {"Name": "string", "Games": "integer", "GameScore": "integer", "Assists": "integer"}
    assert called_members(item, words) == ("GameScore",), words
    salaries = called_words({"FanDuelSalary": "integer"}, "PlayerStatsWithSalaries")
    assert called_members({"FanDuelSalary": "integer"}, salaries) == ("FanDuelSalary",)


def test_sibling_lists_each_keep_what_their_items_are_named_for() -> None:
    """A listed source's ``Evaluations`` and ``Violations`` lists of one schema (36 months'
    and 12 quarters' statuses, an agency, a type) beside its ``Status`` of those months: the
    evaluations kept each one's ``Evaluation`` (named for its list) and the violations,
    given the evaluations' members, not their ``Violation``."""
    periods = sorted(
        [f"Mnth{n}Status" for n in range(1, 37)] + [f"Qtr{n}Status" for n in range(1, 13)]
    )
    months = {k: "string" for k in periods}

    def record(kind: str) -> dict[str, Any]:
        return dict(
            sorted({"Agency": "string", kind: "string", f"{kind}Type": "string",
                    "SourceID": "string", **months}.items())
        )  # fmt: skip

    source = {
        "Evaluations": [record("Evaluation")],
        "Status": {**months, "SourceID": "string"},
        "Violations": [record("Violation")],
    }
    chosen = choose_default_fields(
        source, item=True, kind="read", entity=("compliance",), listed=("sources",)
    )
    assert "Evaluations.Evaluation" in chosen, chosen
    assert "Violations.Violation" in chosen, chosen


def test_a_resource_beside_the_list_keeps_what_the_path_names_it_by() -> None:
    """``GET /tracking/{carrier_name}/{tracking_number}`` answering ``{messages: [...],
    tracking: {...}}``: the tracking beside the messages listed was reduced to its id, label
    and state, without the ``tracking_number`` the caller addressed it by."""
    tracking = {"id": "trk_1", "carrier_name": "aramex", "tracking_number": "TN-42",
                "status": "pending", "events": [{"code": "x"}]}  # fmt: skip
    body = {"messages": [{"message": "m", "carrier_name": "aramex"}], "tracking": tracking}
    shaped = filter_meta(body, ("messages",), subjects=True, listed=True, own="tracking_number")
    assert shaped["tracking"]["tracking_number"] == "TN-42", shaped
    assert shaped["tracking"]["id"] == "trk_1", shaped


def test_a_resource_beside_the_list_keeps_the_key_a_sibling_path_names() -> None:
    """``PUT /repos/{repo_ref}/labels`` answering ``{label: {...}, values: [...]}``, with
    ``/repos/{repo_ref}/labels/{key}`` beside it: the label kept its numeric ``id`` alone, not
    the ``key`` every other label operation is called with."""
    label = {"id": 1001, "key": "severity", "color": "blue", "type": "dynamic", "scope": 7}
    body = {"label": label, "values": [{"id": 1, "value": "high"}]}
    shaped = filter_meta(body, ("values",), subjects=True, listed=True, keys=("key",))
    assert shaped["label"] == {"id": 1001, "key": "severity"}, shaped


def _resource(kind: str, n: int, attributes: dict[str, Any]) -> dict[str, Any]:
    return {"id": str(n), "type": kind, "attributes": attributes,
            "relationships": {"rates": {"data": [{"id": "10", "type": "shipping_rate"}]}}}  # fmt: skip


def test_records_beside_the_list_of_its_schema_are_shaped_as_its_items() -> None:
    """A JSON:API document answering shipments with the shipping rates it includes: the
    ``included`` records, of the ``data`` items' schema, went with the wrapper, and the rates
    the call was made for with them."""
    data = [_resource("shipment", n, {"number": f"H{n}", "state": "pending"}) for n in (1, 2)]
    included = [_resource("shipping_rate", n, {"final_price": f"{n}.0"}) for n in (10, 11)]
    body = {"data": data, "included": included, "meta": {"count": 2}}
    select = lambda item: project(item, ["id", "type", "attributes.final_price",  # noqa: E731
                                         "attributes.number", "attributes.state"])  # fmt: skip
    shaped = apply_select(body, data, Target(("data",), "list"), select, keep_wrapper=False)
    assert [r["attributes"] for r in shaped["included"]] == [
        {"final_price": "10.0"},
        {"final_price": "11.0"},
    ], shaped


def test_a_kind_that_tells_the_items_from_the_records_beside_them_stays() -> None:
    """The same document shaped: each item's ``type`` (one value on all of them) was dropped
    as a kind that says nothing, though it tells the shipments from the included rates."""
    shaped = {
        "data": [{"id": "1", "type": "shipment"}, {"id": "2", "type": "shipment"}],
        "included": [{"id": "10", "type": "shipping_rate"}, {"id": "11", "type": "rate"}],
    }
    kept = drop_constant_kinds(shaped, ("data",), shaped["data"])
    assert [r["type"] for r in kept["data"]] == ["shipment", "shipment"], kept
    alone = drop_constant_kinds({"data": shaped["data"]}, ("data",), shaped["data"])
    assert alone["data"] == [{"id": "1"}, {"id": "2"}], alone
