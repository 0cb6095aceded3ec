"""Writes whose answer lost what says what they acted on (issue 33, session 26): a client
secret disabled (a GraphQL payment API's mutation, outside material) answered only that it is
disabled, and a queue's shuffle (the directory's tuning half) answered its posts without when
each is now due. Reproduced on a synthesized description of the same structure
(``tests/fixtures/specs/writes26.yaml``, no vendor's text). Each test fails on the rules before
its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "writes26.yaml"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


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
    keeps when it is due (``due_at``, ``scheduled_at``: ``planned_times``) beside its id; not
    when a listed call or run started (a read's item would: a write's record keeps only a time
    named as due or scheduled)."""
    out = shaped_json(tools["shuffle_posts"], POSTS)
    assert [p["id"] for p in out["posts"]] == ["post-0", "post-1", "post-2"]
    assert [p["due_at"] for p in out["posts"]] == [
        "2024-05-02T12:00:00Z",
        "2024-05-03T12:00:00Z",
        "2024-05-04T12:00:00Z",
    ]
    assert all("created_at" not in p for p in out["posts"])
    calls = {
        "calls": [
            {
                "id": f"call-{n}",
                "state": "ringing",
                "created_at": "2024-05-01T11:59:00Z",
                "start_time": f"2024-05-0{n + 1}T12:00:00Z",
            }
            for n in range(3)
        ]
    }
    assert all("start_time" not in c for c in shaped_json(tools["create_calls"], calls)["calls"])
