"""Writes of records known by a key that is not an id (issue 33, session 26): the directory's
held-back update and delete findings were all records whose ``<word>_id`` was lost while the
answer kept another key of theirs (a code, a token, a reference). Reproduced on a synthesized
description of that structure (``tests/fixtures/specs/writes26.yaml``, no vendor's text): an
account addressed by its ``{account_code}`` whose only ids are another party's names for it
(the caller's ``external_id``, its ``parent_id``). Each test fails on the rules before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "writes26.yaml"

ACCOUNT = {
    "code": "ACC-7731",
    "external_id": "crm-55102",
    "parent_id": "grp-12",
    "name": "Operating account",
    "balance": 125000,
    "currency": "EUR",
    "created_at": "2024-05-01T12:00:00Z",
}


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


@pytest.mark.parametrize("name", ["create_account", "update_account", "delete_account"])
def test_a_written_record_known_by_a_code_keeps_its_external_id(
    tools: dict[str, Any], name: str
) -> None:
    """The write's answer kept the code the API addresses the account by and dropped every id
    it has: ``external_id`` (the caller's own key for it) reads as no identity of its own, so
    the record was known only by its code. It keeps that id beside the code (the identity
    slot holds two); not its parent's as well (one such id is enough)."""
    out = shaped_json(tools[name], ACCOUNT)
    assert out["code"] == "ACC-7731"
    assert out["external_id"] == "crm-55102"
    assert "parent_id" not in out


def test_a_written_record_with_an_id_of_its_own_takes_no_other_id(tools: dict[str, Any]) -> None:
    """A record with a plain ``id`` is known by it: nothing more is kept for this rule."""
    body = {"id": "led-1", "code": "L-1", "external_id": "crm-1", "name": "Main ledger"}
    out = shaped_json(tools["delete_ledger"], body)
    assert out["id"] == "led-1"
    assert "external_id" not in out


def test_a_write_keeps_the_masked_form_of_the_credential_it_acted_on(
    tools: dict[str, Any],
) -> None:
    """Disabling a client's secret answered ``{clientSecret: {maskedSecret, disabled}}`` and
    kept only ``disabled: true``: the masked form read as the secret itself and was left out,
    so nothing said which secret was disabled. A masked credential opens nothing: a write keeps
    it; a read still leaves a secret out, and its masked form too (the reads that merely carry
    one show none)."""
    body = {"clientSecret": {"maskedSecret": "****************4f2a", "disabled": True}}
    out = shaped_json(tools["disable_client_secret"], body)
    assert out == {"clientSecret": {"maskedSecret": "****************4f2a", "disabled": True}}
    read = {
        "id": "cli-1",
        "name": "Checkout",
        "maskedSecret": "****************4f2a",
        "secret": "s3cr3t-value-0123456789",
    }
    shown = shaped_json(tools["get_client_secret"], read)
    assert shown["id"] == "cli-1"
    assert "secret" not in shown and "maskedSecret" not in shown


POSTS = {
    "success": True,
    "posts": [
        {
            "id": f"post-{n}",
            "text": f"Post number {n} of the queue, as it will be published.",
            "status": "buffer",
            "created_at": "2024-05-01T09:00:00Z",
            "due_at": f"2024-05-0{n + 2}T12:00:00Z",
            "profile_id": "prof-1",
        }
        for n in range(3)
    ],
}


def test_a_write_answering_records_keeps_when_each_is_due(tools: dict[str, Any]) -> None:
    """A shuffle of a queue answers its posts, each with the time it is now due: what the call
    set (the caller sent only how many to shuffle). A write's listed records took no time at
    all (the lean write profile), so the answer said the posts and not their new order. Each
    keeps its planned time (``dueDate``, ``scheduled_at``: ``planned_times``) beside its id."""
    out = shaped_json(tools["shuffle_posts"], POSTS)
    assert [p["id"] for p in out["posts"]] == ["post-0", "post-1", "post-2"]
    assert [p["due_at"] for p in out["posts"]] == [
        "2024-05-02T12:00:00Z",
        "2024-05-03T12:00:00Z",
        "2024-05-04T12:00:00Z",
    ]
    assert all("created_at" not in p for p in out["posts"])
