"""Where a write left the resource it answers (issue 33, writes21), on synthesized trees of
the structure found on a vendor's own description (Okta's management API: granting, extending
and revoking a support access answer ``{expiration, support: ENABLED|DISABLED, _links}``):
the write profile has room for one state and took none, since no member is named as a state
(``status``, ``state``...), so the answer said when the access expires and not whether it is
now on or off, what the call was made to change. Its own enum stands for its state when no
member named as one was taken; a named state still comes first, and alone."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.roles.identity import identity_fields

LINKS = {
    "self": {
        "hints": {"allow": ["string:enum"]},
        "href": "string",
        "name": "string",
        "type": "string",
        "templated": "boolean",
    }
}
SETTINGS = {"expiration": "string:time", "support": "string:enum", "_links": LINKS}


def test_a_write_answer_keeps_its_enum_when_nothing_is_named_a_state() -> None:
    for kind in ("create", "update", "delete"):
        chosen = choose_default_fields(SETTINGS, kind=kind, keys=())
        assert "support" in chosen, (kind, chosen)
        assert "expiration" in chosen


def test_the_read_kept_it_already_and_still_does() -> None:
    assert "support" in choose_default_fields(SETTINGS, kind="read")


def test_a_named_state_comes_first_and_the_other_enums_stay_out() -> None:
    record = {
        "id": "string",
        "name": "string",
        "status": "string:enum",
        "visibility": "string:enum",
        "created_at": "string:time",
    }
    chosen = choose_default_fields(record, kind="update")
    assert "status" in chosen
    assert "visibility" not in chosen
    # a write's item (a batch's record) is chosen as before
    items = choose_default_fields(record, kind="update", item=True)
    assert "status" in items


def test_the_revoked_access_says_it_is_off() -> None:
    body = {
        "expiration": "2024-05-01T12:34:56Z",
        "support": "DISABLED",
        "_links": {
            "self": {
                "hints": {"allow": ["DELETE"]},
                "href": "https://example.org/api/v1/org/privacy/support",
                "name": "Support settings",
                "type": "item",
                "templated": False,
            }
        },
    }
    tree: dict[str, Any] = SETTINGS
    fields = choose_default_fields(tree, kind="delete")
    result = shape(body, ShapeConfig(kind="delete", default_fields=fields))
    answer = json.loads(result.chunks[0])
    assert answer.get("support") == "DISABLED"


# ------------------------------------------------- a key known by its initial: ``kid``

JWK = {
    "alg": "string",
    "created": "string:time",
    "e": "string",
    "expiresAt": "string:time",
    "key_ops": ["string"],
    "kid": "string",
    "kty": "string",
    "lastUpdated": "string:time",
    "n": "string",
    "status": "string:enum",
    "use": "string",
    "x5c": ["string"],
    "_links": LINKS,
}


def test_a_json_web_key_is_known_by_its_kid() -> None:
    """A signing key (a JSON Web Key) is named by ``kid``, the key's id, which the API
    addresses it by (``/credentials/keys/{keyId}``, ``/keys/{idpKeyId}``); generating,
    cloning or rotating keys answered each key's algorithm instead, and the caller could not
    name the key in the next call. A member named by an initial and ``id`` is an id: the one
    a parameter ``{<x>Id}`` names by its initial, else when nothing else is one."""
    for keys in ((), ("keyId",), ("idpKeyId",)):
        for kind, item in (("create", False), ("read", False), ("create", True)):
            chosen = choose_default_fields(JWK, kind=kind, item=item, keys=keys)
            assert "kid" in chosen, (keys, kind, item, chosen)
    # Twilio's resources are named by ``sid`` beside their account's ``account_sid`` (issue
    # 33: the sid was lost, the account's kept): the resource's own sid comes first
    call = {"account_sid": "string", "api_version": "string", "date_created": "string:time",
            "sid": "string", "status": "string:enum", "uri": "string"}  # fmt: skip
    assert identity_fields(call, keys=("AccountSid",)) == ("sid", "account_sid")
    # a plain id still comes first, and a three-letter word that is a number is no id
    assert choose_default_fields({**JWK, "id": "string"}, kind="create")[0] == "id"
    bid = {"bid": "number", "name": "string", "status": "string:enum"}
    assert identity_fields(bid) == ("name",)


# ------------------------------------------------- a pair named by ``name``: its value


def test_an_annotation_updated_keeps_the_value_it_was_set_to() -> None:
    """A job's annotation is a pair, ``{name, value, created_at, updated_at}`` (Phrase's
    description); updating it answered ``{name}`` alone, not what it now holds. A record
    named by a bare ``name`` or ``key`` with one ``value`` member, answered by a write, keeps
    that value, as a typed record (a DNS record's ``data`` beside its ``type``) did."""
    pair = {"name": "string", "value": "string", "created_at": "string:time",
            "updated_at": "string:time"}  # fmt: skip
    for kind, item in (("update", False), ("create", False)):
        chosen = choose_default_fields(pair, kind=kind, item=item, keys=("id",))
        assert "value" in chosen and "name" in chosen, (kind, item, chosen)
    keyed = {"key": "string", "value": "integer", "scope": "string", "updated_at": "string:time"}
    assert "value" in choose_default_fields(keyed, kind="update")
    # a pair with more than ids and times beside it is not (a token's value is shown only
    # when a create minted it: ``test_shaping_credentials``)
    token = {"name": "string", "value": "string", "qrCode": "string", "duration": "string"}
    assert "value" not in choose_default_fields(token, kind="create", entity=("report",))
    # a record with two values, or named otherwise, is not a pair
    two = {"id": "string", "title": "string", "value": "string", "data": "string",
           "notes": "string", "updated_at": "string:time"}  # fmt: skip
    assert "data" not in choose_default_fields(two, kind="update")
