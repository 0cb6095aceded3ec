"""A read's answer never shows a credential it merely carries (``runtime/shaping/credentials.py``),
wherever the answer keeps it: a list's wrapper, the last-resort projection, an object kept
whole, the detailed answer; a create's minted secret, a token its path names, the fields an
agent asks for and a page's cursor stay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.pipeline import load_spec
from generator.preview.tools import tools_of
from generator.runtime.output import shape_config_for
from generator.runtime.shaping.decision import DefaultsContext
from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.trees import field_tree_from_value

SECRET = "s3cr3t-value-123456"
ANSWER: dict[str, Any] = {
    "client": {"id": "c1", "name": "CI", "client_secret": SECRET},
    "grants": [{"scope": "read", "granted": "2024-05-01", "access_token": "tok-abcdefgh"}],
    "nextPageToken": "CiAKGjBpNDd2",
}


def _text(config: ShapeConfig, **kwargs: Any) -> str:
    return "".join(shape(ANSWER, config, **kwargs).chunks)


def test_a_reads_wrapper_and_items_do_not_show_secrets_but_keep_the_cursor() -> None:
    for detail_level in ("concise", "detailed"):
        text = _text(ShapeConfig(kind="read"), detail_level=detail_level)
        assert SECRET not in text and "tok-abcdefgh" not in text, detail_level
        assert '"name":"CI"' in text and "CiAKGjBpNDd2" in text


def test_the_last_resort_projection_of_a_read_does_not_show_them_either() -> None:
    """Defaults the response does not have (described wrongly): the answer is read again."""
    config = ShapeConfig(
        default_fields=("missing.member",), field_tree={"missing": {"member": "string"}}
    )
    assert SECRET not in _text(config)


def test_a_create_an_addressed_token_and_asked_fields_show_them() -> None:
    minted = {"id": "c1", "name": "CI", "created": "2024-05-01", "client_secret": SECRET}
    assert SECRET in "".join(shape(minted, ShapeConfig(kind="create")).chunks)  # shown once
    assert SECRET not in "".join(shape(minted, ShapeConfig(kind="read")).chunks)
    # ``GET /tokens/{token}``: the caller sent it in the path, and it says which one this is
    token = {"token": "tok-abcdefgh", "name": "deploy", "scopes": ["repo"], "expires": "2025-01"}
    by_token = ShapeConfig(kind="read", context=DefaultsContext(keys=("token",), one=True))
    assert "tok-abcdefgh" in "".join(shape(token, by_token).chunks)
    assert "tok-abcdefgh" not in "".join(shape(token, ShapeConfig(kind="read")).chunks)
    asked = json.loads(_text(ShapeConfig(kind="read"), fields=["scope", "access_token"]))
    assert asked["grants"] == [{"scope": "read", "access_token": "tok-abcdefgh"}]
    chosen = ShapeConfig(
        kind="read",
        default_fields=("id", "client_secret"),
        operator_defaults=True,
        envelope_path="client",
    )
    assert SECRET in _text(chosen)  # an operator's overlay chose it


def test_what_is_said_about_a_credential_and_a_credential_the_read_answers_stay() -> None:
    """A token's id, name and type are not the token; an answer that is a credential (nothing
    else names it: no id, no label) is what the read exists for."""
    record = {
        "id": "k1",
        "name": "deploy",
        "token_id": "tid-778899",
        "token_type": "personal",
        "api_key": "ak-secret-123456",
    }
    out = json.loads(
        "".join(shape(record, ShapeConfig(kind="read"), detail_level="detailed").chunks)
    )
    assert out["token_id"] == "tid-778899" and out["token_type"] == "personal"
    assert "api_key" not in out
    issued = {"access_token": "eyJhbGciOi.abc", "expires_in": 3600, "token_type": "Bearer"}
    detailed = shape(issued, ShapeConfig(kind="read"), detail_level="detailed")
    answered = json.loads("".join(detailed.chunks))
    assert answered["access_token"] == "eyJhbGciOi.abc"


def test_a_read_whose_path_ends_with_the_credential_is_for_it() -> None:
    """``GET /pollers/{id}/token`` answers a token record (``{id, name, token, scopes}``): the
    read exists to hand the token over, so it is shown; the same record read at
    ``/pollers/{id}`` merely carries it."""
    record = {"id": "t1", "name": "Poller token", "token": "tok-abcdefgh", "scopes": ["read"]}
    for_it = ShapeConfig(kind="read", context=DefaultsContext(about=("token", "tokens"), one=True))
    assert "tok-abcdefgh" in "".join(shape(record, for_it).chunks)
    carried = ShapeConfig(kind="read", context=DefaultsContext(one=True))
    assert "tok-abcdefgh" not in "".join(shape(record, carried).chunks)
    # only the member at the top: a record the answer lists still hides its own
    listed = {"id": "t1", "token": "tok-abcdefgh", "owner": {"id": "u1", "token": "tok-owner99"}}
    text = "".join(shape(listed, for_it, detail_level="detailed").chunks)
    assert "tok-abcdefgh" in text and "tok-owner99" not in text


def test_an_answer_without_credentials_is_not_copied() -> None:
    """A detailed answer of 10 MB was copied whole to find nothing: its peak memory went from
    1.06x to 1.74x the payload (the shaping benchmark). Nothing to hide: the same object."""
    from generator.runtime.shaping.credentials import hide_credentials

    items = [
        {"id": i, "name": f"n{i}", "tags": ["a", "b"], "owner": {"login": "x"}} for i in range(50)
    ]
    answer = {"items": items, "next_cursor": "abc"}
    assert hide_credentials(answer, ()) is answer
    with_one = {"items": items, "client": {"id": "c", "client_secret": "s3cr3t-value"}}
    hidden = hide_credentials(with_one, ())
    assert hidden["client"] == {"id": "c"} and hidden["items"] is items


def test_a_created_tokens_value_is_shown_once() -> None:
    """Creating an enrollment token answered ``{name, value, qrCode, expirationTimestamp,
    ...}`` and kept its ``name`` alone (the generic projection that used to replace it hid
    that): the value of a credential the created object is, is what the create made."""
    from generator.runtime.shaping.defaults import choose_default_fields

    token = {"name": "string", "value": "string", "qrCode": "string", "duration": "string",
             "expirationTimestamp": "string", "oneTimeOnly": "boolean"}  # fmt: skip
    chosen = choose_default_fields(token, kind="create", entity=("enrollment", "token"))
    assert "value" in chosen, chosen
    # not on a read, nor the value of something that is no credential
    assert "value" not in choose_default_fields(token, kind="read", entity=("enrollment", "token"))
    report = {**token, "value": "string"}
    assert "value" not in choose_default_fields(report, kind="create", entity=("report",))


def test_a_created_keys_key_is_shown_once() -> None:
    """Creating an organisation's master API key (Flagsmith's description) answered ``{id,
    prefix, name, revoked, key, ...}`` without its ``key``: a bare ``key`` is no credential by
    its name, and the id and prefix took the identity's slot. The member named as what the
    created credential is, is what the create made; not the ``key`` of what is no credential
    (a translation's)."""
    created = {"id": "string", "prefix": "string", "created": "string:time", "name": "string",
               "revoked": "boolean", "expiry_date": "string:time", "key": "string",
               "is_admin": "boolean", "has_expired": "boolean", "created_by": "integer"}  # fmt: skip
    entity = ("master", "api", "key")
    assert "key" in choose_default_fields(created, kind="create", entity=entity, keys=("prefix",))
    other = choose_default_fields(created, kind="create", entity=("translation",), keys=("prefix",))
    assert "key" not in other


HOLDS = """
openapi: 3.1.0
info: {title: Holds, version: "1"}
paths:
  /v1/holds/{hold_token}:
    parameters: [{name: hold_token, in: path, required: true, schema: {type: string}}]
    get:
      operationId: getHold
      responses:
        "200":
          description: one hold with its events
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Hold"}
components:
  schemas:
    Hold:
      type: object
      properties:
        token: {type: string, format: uuid, description: Globally unique identifier.}
        status: {type: string, enum: [PENDING, SETTLED]}
        pending_amount: {type: integer}
        currency: {type: string}
        created: {type: string, format: date-time}
        events:
          type: array
          items:
            type: object
            properties:
              type: {type: string}
              amount: {type: integer}
              created: {type: string, format: date-time}
"""


def test_the_object_a_read_addresses_by_its_token_keeps_it_beside_its_list(tmp_path: Path) -> None:
    """A hold read at ``/v1/holds/{hold_token}`` (Lithic's layout): its ``events`` are taken as
    the list and the hold as their wrapper; the hold's ``token``, what the caller addressed it
    by, is its identifier, not a credential the read carries."""
    described = tmp_path / "holds.yaml"
    described.write_text(HOLDS, encoding="utf-8")
    spec, _ = load_spec(described, name=None)
    config = shape_config_for(tools_of(spec)[1][0][1])
    assert config.collection_path == "events"  # the hold is the events' wrapper
    events: list[dict[str, Any]] = [
        {"type": "HOLD_INITIATED", "amount": 1250, "created": "2024-05-01T12:34:56Z"}
    ]
    hold = {
        "token": "5928e979-f97d-9d14-81fd-7a858666a796",
        "status": "PENDING",
        "pending_amount": 1250,
        "currency": "USD",
        "created": "2024-05-01T12:34:56Z",
        "events": events,
    }
    text = "".join(shape(hold, config).chunks)
    assert "5928e979-f97d-9d14-81fd-7a858666a796" in text and "HOLD_INITIATED" in text
    # a token in the hold's events is no identifier the path names: hidden as before
    events[0]["access_token"] = "tok-abcdefgh"
    assert "tok-abcdefgh" not in "".join(shape(hold, config).chunks)


def test_a_writes_part_of_credentials_only_is_what_it_handed_over() -> None:
    """A write answering a part that holds credentials and nothing else (a payment that needs
    the payer's action, a login's session) handed them over to go on with: shown. A
    credential beside what it belongs to (a webhook's signing secret) stays hidden, and so
    does the part on a read."""
    answer = {
        "id": "pi_1",
        "status": "requires_action",
        "next_action": {"client_secret": SECRET},
        "webhook": {"id": "w1", "url": "https://example.com/h", "signing_secret": "whsec-abcdefgh"},
    }
    shown = "".join(shape(answer, ShapeConfig(kind="update")).chunks)
    assert SECRET in shown and "whsec-abcdefgh" not in shown and "requires_action" in shown
    read = "".join(shape(answer, ShapeConfig(kind="read")).chunks)
    assert SECRET not in read


def test_a_status_beside_what_a_create_handed_over_is_kept() -> None:
    """``{success: true, key: {secret}}``: the part is no resource, so the answer is a status
    with what the call handed over, shown whole (``success: true`` is left out only beside the
    resource a write answers)."""
    answer = {"success": True, "key": {"secret": SECRET}}
    tree = {"success": "boolean", "key": {"secret": "string"}}
    config = ShapeConfig(
        kind="create", field_tree=tree, default_fields=choose_default_fields(tree, kind="create")
    )
    assert json.loads("".join(shape(answer, config).chunks)) == answer
    written = {"success": True, "issue": {"id": "i1", "title": "Crash"}}
    assert json.loads("".join(shape(written, ShapeConfig(kind="update")).chunks)) == {
        "issue": {"id": "i1", "title": "Crash"}
    }


def test_a_session_a_verify_hands_over_is_kept_and_an_updated_records_secret_is_not() -> None:
    # ``POST /verify`` (an update by its method and path) answers a session nothing names:
    # its tokens are what the call made; a webhook updated by its id carries its secret along
    session = {
        "access_token": "acc-290da3c61a",
        "refresh_token": "ref-8261e5efae",
        "token_type": "bearer",
        "expires_in": 3600,
        "user": {"id": "u1", "email": "user1@example.com", "role": "authenticated"},
    }
    tree = field_tree_from_value(session)
    chosen = choose_default_fields(tree, kind="update")
    assert {"access_token", "refresh_token"} <= set(chosen), chosen
    hook = {"id": "wh1", "url": "https://example.com/hook", "secret": "whsec-123456789",
            "events": ["push"], "active": True}  # fmt: skip
    assert "secret" not in choose_default_fields(field_tree_from_value(hook), kind="update")


def test_a_short_form_of_a_password_is_a_secret_only_as_text_ending_a_name() -> None:
    """An SMTP server's settings (Audiobookshelf's ``pass``): the password is hidden on the
    read, shown on the create that made it; figures, verdicts and words that merely start
    with ``pass`` stay (``pass_rate``, ``passCount``, a boolean ``pass``, ``passenger``)."""
    mail = {
        "id": "email-settings", "host": "smtp.example.com", "port": 465, "user": "books",
        "pass": SECRET, "backup_pwd": "pwd-0987654321",
    }  # fmt: skip
    read = "".join(shape(mail, ShapeConfig(kind="read"), detail_level="detailed").chunks)
    assert SECRET not in read and "pwd-0987654321" not in read and "smtp.example.com" in read
    made = "".join(shape(mail, ShapeConfig(kind="create")).chunks)
    assert SECRET in made  # what the create set up, shown on its answer
    checks = {
        "id": "run-7", "name": "nightly", "pass": True, "pass_rate": 0.97, "passCount": 41,
        "passenger": "Ada", "passage": "Chapter one",
    }  # fmt: skip
    shown = json.loads(
        "".join(shape(checks, ShapeConfig(kind="read"), detail_level="detailed").chunks)
    )
    assert shown == checks
    chosen = choose_default_fields(field_tree_from_value(checks), kind="read")
    assert {"pass", "pass_rate", "passCount", "passenger", "passage"} <= set(chosen), chosen
    mail_tree = field_tree_from_value(mail)
    assert "pass" not in choose_default_fields(mail_tree, kind="read")
    assert "pass" in choose_default_fields(mail_tree, kind="create")
