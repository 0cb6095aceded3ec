"""Issue 33, the thirty-second round: what the outside set's new descriptions (vendors' own,
never tuned on) lost at first contact (synthesized bodies; no vendor data)."""

from __future__ import annotations

from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.roles.identity import identity_fields

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


VERSIONED = {
    "type": "string:const",
    "name": "string",
    "version": "integer",
    "config": "any",
    "labels": ["string"],
    "tags": ["string"],
    "commitMessage": "string",
    "prompt": [{"role": "string", "content": "string"}],
}


def test_an_object_known_by_its_name_alone_keeps_its_version() -> None:
    """An object with no id, known by its name (a template's, a package's ``{name, version}``),
    addressed by a parameter naming it (``/templates/{templateName}``) or not: the write that
    makes a new version answers the version the server assigned, which with the name says
    which one was made; the answer kept the name and the sent message and lost the version."""
    for keys in ((), ("templateName",)):
        for kind in ("create", "update", "read"):
            chosen = choose_default_fields(VERSIONED, kind=kind, entity=("template",), keys=keys)
            assert "name" in chosen and "version" in chosen, (kind, keys, chosen)


def test_an_object_with_an_id_of_its_own_is_not_known_by_its_version() -> None:
    """An object with an id of its own is known by it: a bare ``version`` beside it is no part
    of its identity (a file's revision counter stays out of a lean write's answer)."""
    tree = {**VERSIONED, "id": "string", "createdAt": "string:time"}
    chosen = choose_default_fields(tree, kind="update", entity=("template",))
    assert "id" in chosen and "version" not in chosen, chosen


def test_a_version_that_is_one_of_a_few_formats_names_nothing() -> None:
    """A ``version`` the schema says is one of a few values (``V1 | V2``: the format the
    object is written in) says which format, not which object: no part of its identity."""
    tree = {"name": "string", "version": "string:enum", "description": "string"}
    assert identity_fields(tree, ("metric",)) == ("name",)
    assert identity_fields({**tree, "version": "integer"}, ("metric",)) == ("name", "version")
