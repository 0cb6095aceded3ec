"""Losses the issue-33 judge still found on the tuning half (session 21), each reproduced on a
synthesized body of the same structure (no vendor's text): a resource answered beside the
records it refers to (``{data: {...}, includes: {...}, errors: [...]}``) reduced to its
handle; a geocoder's results, records nothing names, reduced to a figure; a list's entry whose
only text is held in a one-member object (``summary: {long}``). Each test fails on the rules
before its fix and checks what the caller needs stays."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.steps import held_text


def _answer(body: Any, kind: str = "read", **config: Any) -> Any:
    result = shape(body, ShapeConfig(kind=kind, **config))
    assert not result.violations
    return json.loads(result.chunks[0])


# ------------------------------------------------ a resource beside the records it refers to

USER = {
    "id": "2244994945",
    "username": "devrel",
    "name": "Developer Relations",
    "created_at": "2013-12-14T04:35:55Z",
    "protected": False,
    "description": "The voice of the developer platform.",
    "public_metrics": {"followers_count": 570, "following_count": 21},
}


def test_a_resource_beside_its_includes_is_the_payload() -> None:
    """``includes`` (the records the resource refers to, expanded) is metadata as JSON:API's
    ``included`` is: the body is an envelope around ``data``, read as one user's page. Before,
    ``data`` and ``includes`` were two parts of one body, and the user kept only its handle
    (its id, what the next call takes, was lost)."""
    body = {
        "data": USER,
        "includes": {
            "tweets": [{"id": "1", "text": "A pinned post."}],
            "users": [{"id": "7", "username": "other"}],
        },
        "errors": [{"title": "Not Found Error", "detail": "Could not find 9", "type": "x"}],
    }
    out = _answer(body)
    user = out["data"]
    assert user["id"] == "2244994945" and user["username"] == "devrel"
    assert user["name"] == "Developer Relations"
    assert out["includes"]["tweets"][0]["id"] == "1"  # what it refers to, by its identity


def test_a_list_beside_its_includes_stays_the_payload() -> None:
    """Guard: a page of records with ``includes`` beside it keeps the page as its list."""
    body = {"data": [USER, dict(USER, id="9", username="x")], "includes": {"users": [USER]}}
    out = _answer(body)
    assert [u["id"] for u in out["data"]] == ["2244994945", "9"]


# ------------------------------------------------------------ records nothing names


def _place(n: int) -> dict[str, Any]:
    return {
        "annotations": {},
        "components": {},
        "confidence": 7 + n,
        "formatted": f"{n} Example Street, 10117 Example City",
        "geometry": {"lat": 52.5 + n, "lng": 13.3 + n},
        "bounds": {
            "northeast": {"lat": 52.6 + n, "lng": 13.4 + n},
            "southwest": {"lat": 52.4 + n, "lng": 13.2 + n},
        },
    }


def test_records_nothing_names_keep_their_data() -> None:
    """A geocoder's results: no id, key, label, state or time, an open ``annotations`` object
    first. The identity's last resort took that open object (empty here), then a figure, and
    each result kept ``{confidence}`` alone: the address and its coordinates were lost. Now
    the last resort skips open objects, and a list's record that only it named is chosen as
    one record: its text and coordinates stay."""
    body = {"results": [_place(n) for n in range(3)], "total_results": 3, "rate": {"limit": 9}}
    out = _answer(body)
    for n, place in enumerate(out["results"]):
        assert place["formatted"] == f"{n} Example Street, 10117 Example City"
        assert place["geometry"] == {"lat": 52.5 + n, "lng": 13.3 + n}


def test_the_description_chooses_the_same() -> None:
    """The same decision from the description's tree (the generator's)."""
    tree = {
        "annotations": "any",
        "bounds": {"northeast": {"lat": "number", "lng": "number"}},
        "components": "any",
        "confidence": "integer",
        "formatted": "string",
        "geometry": {"lat": "number", "lng": "number"},
    }
    chosen = choose_default_fields(tree, item=True, kind="read")
    assert "formatted" in chosen and "geometry" in chosen
    assert "annotations" not in chosen and "components" not in chosen


def test_a_named_record_stays_lean() -> None:
    """Guard: a list's record with an id and a name keeps its lean defaults, not its page."""
    tree = {
        "id": "string",
        "name": "string",
        "confidence": "integer",
        "geometry": {"lat": "number", "lng": "number"},
        "bounds": {"northeast": {"lat": "number", "lng": "number"}},
    }
    chosen = choose_default_fields(tree, item=True, kind="read")
    assert chosen[:2] == ("id", "name") and "bounds" not in chosen


# ------------------------------------------------------------ a text held by one member


def test_an_entry_keeps_its_text_held_in_a_one_member_object() -> None:
    """A feature's entries ``{available, summary: {long}, asset: {id, title}}``: the entry is
    named by its asset, and its own text (why it is featured) is held in ``summary.long``.
    ``summary`` has no text member by name (``text``, ``value``...), so the text was dropped
    and the entries kept bare ids; a text-named object whose members are all strings holds
    one text (its renderings or languages): its first member is the text."""
    tree = {
        "available": "string:time",
        "summary": {"long": "string"},
        "asset": {"id": "string", "type": "string", "title": "string"},
    }
    assert "summary.long" in choose_default_fields(tree, item=True, kind="read")
    several = dict(tree, summary={"short": "string", "medium": "string", "long": "string"})
    chosen = choose_default_fields(several, item=True, kind="read")
    assert "summary.short" in chosen and "summary.long" not in chosen  # one rendering


def test_a_text_named_object_of_figures_is_no_text() -> None:
    """Guard: a content-named object of numbers (``summary: {count, total}``) or of strings
    beside objects holds no one text; one with a text member by name keeps that member."""
    assert held_text({"count": "integer", "total": "integer"}) is None
    assert held_text({"en": "string", "meta": {"lang": "string"}}) is None
    assert held_text({"html": "string", "text": "string"}) == "text"
    assert held_text({"long": "string"}) == "long"


# ------------------------------------------------------------ lists of people of one schema


def test_a_listed_records_people_lists_of_one_schema_keep_the_same_members() -> None:
    """An order found by a search, with its sender's and its recipient's contacts (two lists
    of one schema, ``[{email, name}]``): the item's one people slot took the sender's, and the
    recipient's were left out, while a write's answer kept both. Now a read's or a search's
    item keeps both alike (the structure of an ad exchange's proposals, names changed)."""
    contact = [{"email": "string", "name": "string"}]
    party = {"accountId": "string"}
    tree = {
        "billedSender": party,
        "sender": party,
        "senderContacts": contact,
        "senderPrivateData": {"referenceId": "string", "referencePayload": "string"},
        "campaignIds": ["string"],
        "hasSenderSignedOff": "boolean",
        "hasRecipientSignedOff": "boolean",
        "inventorySource": "string",
        "isRenegotiating": "boolean",
        "isSetupComplete": "boolean",
        "kind": "string",
        "labels": [{"accountId": "string", "createTimeMs": "string", "label": "string"}],
        "lastUpdaterRole": "string",
        "name": "string",
        "negotiationId": "string",
        "originatorRole": "string",
        "privateAuctionId": "string",
        "orderId": "string",
        "orderState": "string",
        "revisionNumber": "string",
        "revisionTimeMs": "string",
        "recipient": {"accountId": "string", "subAccountId": "string"},
        "recipientContacts": contact,
    }
    for kind in ("read", "search"):
        chosen = choose_default_fields(tree, item=True, kind=kind, entity=("order",))
        assert {"senderContacts.email", "senderContacts.name"} <= set(chosen)
        assert {"recipientContacts.email", "recipientContacts.name"} <= set(chosen)
        assert "senderPrivateData.referencePayload" not in chosen  # the item stays lean
