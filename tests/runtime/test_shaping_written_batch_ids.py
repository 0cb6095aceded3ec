"""The records a batch write answers keep the id each was given (issue 33, writes24), on a
synthesized tree of a common shape (an invitation by e-mail answering ``{invited: [{email,
invite_id}], skipped: [{email, reason}]}``). No one list is the payload, so each list's records
got a lean reading: ``invited`` kept the e-mail and lost ``invite_id``, the id the next call
(resend, revoke) takes, because the id is named for what each record is (an invite), not for
the list (``invited``), and the records counted as having no identity of their own. A record
whose identity is an id keeps it, whatever the id is named after."""

from __future__ import annotations

import json

from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape

ANSWER = {
    "invited": [{"email": "string", "invite_id": "string"}],
    "skipped": [{"email": "string", "reason": "string"}],
}


def test_each_invited_record_keeps_its_id() -> None:
    chosen = choose_default_fields(ANSWER, kind="create")
    assert "invited.invite_id" in chosen and "invited.email" in chosen, chosen
    assert not any(p.startswith("skipped.") and p.endswith("_id") for p in chosen)


def test_the_shaped_answer_says_which_invite_is_whose() -> None:
    body = {
        "invited": [
            {"email": "ada@example.com", "invite_id": "inv_1"},
            {"email": "alan@example.com", "invite_id": "inv_2"},
        ],
        "skipped": [{"email": "grace@example.com", "reason": "already a member"}],
    }
    fields = choose_default_fields(ANSWER, kind="create")
    config = ShapeConfig(default_fields=fields, field_tree=ANSWER, kind="create")
    shaped = json.loads(shape(body, config).chunks[0])
    assert [r["invite_id"] for r in shaped["invited"]] == ["inv_1", "inv_2"]
    assert shaped["skipped"][0]["reason"] == "already a member"
