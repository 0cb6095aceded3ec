"""Issue 33, the thirty-second round: what the outside set's new descriptions (vendors' own,
never tuned on) lost at first contact (synthesized bodies; no vendor data)."""

from __future__ import annotations

from generator.runtime.shaping.defaults import choose_default_fields

PERSON = {
    "avatarUrl": "string",
    "fullTitle": "string",
    "id": "string",
    "name": "string",
    "preferredName": "string",
    "userId": "string",
}


def test_a_person_answered_by_a_write_keeps_its_name_not_only_its_full_title() -> None:
    """A write that answers a person (a mutation assigning a reviewer, adding an author):
    the person's ``fullTitle`` (their name with their job: ``"Ada, Coach at X"``) is no
    qualified unique name such as a repository's ``full_name``; the person keeps the name
    that says who it is. The answer kept ``{id, fullTitle}`` and lost the name."""
    for kind in ("create", "update"):
        chosen = choose_default_fields(PERSON, kind=kind, entity=("reviewer",))
        assert "id" in chosen
        assert "name" in chosen, (kind, chosen)


def test_a_full_name_still_names_what_is_no_person() -> None:
    """A thing's qualified full name (a repository's ``full_name``, a page's ``fullTitle``
    with its namespace) is still its natural key beside its id."""
    repo = {"id": "integer", "name": "string", "full_name": "string", "private": "boolean"}
    assert "full_name" in choose_default_fields(repo, kind="update", entity=("repository",))
    page = {"id": "integer", "title": "string", "fullTitle": "string", "ns": "integer"}
    assert "fullTitle" in choose_default_fields(page, kind="update", entity=("page",))


def test_a_write_answering_its_record_beside_the_list_it_was_sent_is_that_record() -> None:
    """A write that sends a list (``replace: [{from, to}]``, what to change) and answers the
    record it made (a change request: its ``requestId``, which the item's address
    ``/changes/{changeRequestId}`` names, its reason, totals and date) with that list echoed
    in it: the answer is the record, the list one of its parts; taking the list as the
    answer's records left out the ``requestId`` the next call takes."""
    from generator.runtime.shaping.collections import find_payload

    answer = {
        "requestId": "string",
        "workflowId": "string",
        "reason": "string",
        "totalChangeValue": "integer",
        "date": "string",
        "replace": [{"from": {"items": [{"id": "string"}]}, "to": {"items": [{"id": "string"}]}}],
    }
    found = find_payload(answer, about=("changes", "replace"), keys=("changeRequestId",))
    assert found.collection is None, found
    # a page named like what the operation is about, with no member the address names, is a list
    page = {"total": "integer", "replace": [{"id": "string", "name": "string"}]}
    assert find_payload(page, about=("replace",), keys=("changeRequestId",)).collection == (
        "replace",
    )


def test_a_write_s_record_of_two_sides_is_not_said_by_one_element_s_date() -> None:
    """A write's records each made of two sides, each a list of lines (a change request's
    ``replace: [{from: {items: [...]}, to: {items: [...]}}]``): a date of one line of one side
    (``to.items[].preSaleDate``, one of many) says nothing of when the record was; each side's
    lines keep what names them. The records were said by that date and the person beside it
    alone, both empty in the answer: ``replace: [{}]``."""
    line = {
        "id": "string",
        "name": "string",
        "price": "integer",
        "quantity": "integer",
        "preSaleDate": "string",
        "manualPriceAppliedBy": "string",
    }
    answer = {
        "requestId": "string",
        "reason": "string",
        "totalChangeValue": "integer",
        "replace": [{"from": {"items": [line]}, "to": {"items": [line]}}],
    }
    chosen = choose_default_fields(answer, kind="create", keys=("changeRequestId",))
    assert "replace.to.items.preSaleDate" not in chosen, chosen
    assert any(p.startswith("replace.to.items.") for p in chosen), chosen
    assert any(p.startswith("replace.from.items.") for p in chosen), chosen
