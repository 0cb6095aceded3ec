"""Descriptions nobody tuned for (issue 33, session 32): an answer described only by its
message while the result comes in an envelope the description does not declare, re-made as a
small synthesized fixture (``tests/fixtures/specs/untuned_outside32.yaml``). Each fails on the
rules before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "untuned_outside32.yaml"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


def _enveloped(items: list[str], message: str) -> dict[str, Any]:
    return {
        "data": {
            "affected_items": items,
            "total_affected_items": len(items),
            "total_failed_items": 0,
            "failed_items": [],
        },
        "message": message,
        "error": 0,
    }


def test_an_undeclared_envelope_is_not_shaped_away(tools) -> None:
    """The description declares only ``message``; the answer (which platforms) comes in a
    ``data`` envelope it does not name. Before, the declared message alone was kept: the agent
    read "Showing the platforms of all machines" and not which."""
    body = _enveloped(["linux", "bsd"], "Showing the platforms of all machines")
    shaped = shaped_json(tools["summarize_machine_platforms"], body)
    assert shaped["data"]["affected_items"] == ["linux", "bsd"]
    assert shaped["message"] == "Showing the platforms of all machines"


def test_an_acknowledgement_keeps_whom_it_acted_on(tools) -> None:
    """An acknowledgement's answer names the machines it acted on in a list of scalars
    (nothing identifies the answer itself). Before, only its message was kept: "All reboot
    tasks were created", not for which machines."""
    body = _enveloped(["m-001", "m-002"], "All reboot tasks were created")
    shaped = shaped_json(tools["reboot_machines"], body)
    assert shaped["data"]["affected_items"] == ["m-001", "m-002"]
    assert shaped["message"] == "All reboot tasks were created"


def test_an_envelope_kept_in_part_is_left_as_chosen(tools) -> None:
    """Only an envelope dropped whole is read again: a message-only answer without one stays
    as it was."""
    shaped = shaped_json(tools["reboot_machines"], {"message": "Nothing to do"})
    assert shaped == {"message": "Nothing to do"}


def test_a_batch_error_keeps_the_error_it_is_named_for(tools) -> None:
    """A batch answers the records that went through and those that did not; each of the
    latter holds its message and its ``error`` (declared with no type, ``{nullable: true}``):
    what an ``errors`` item is. Before, only the message was kept (the first reason word), not
    the error itself."""
    long = "The record could not be stored because one of its fields was rejected upstream."
    body = {
        "successes": [{"id": "r-1", "status": 201}],
        "errors": [
            {"id": "r-2", "status": 400, "message": long, "error": "invalid timestamp"},
            {"id": "r-3", "status": 409, "message": long, "error": "duplicate record"},
        ],
    }
    shaped = shaped_json(tools["ingest_records_batch"], body)
    errors = shaped["errors"]
    assert [e["id"] for e in errors] == ["r-2", "r-3"]
    assert [e["error"] for e in errors] == ["invalid timestamp", "duplicate record"]


def test_a_flag_named_after_a_password_is_not_a_credential(tools) -> None:
    """A login configuration's ``passwordReset: false`` says whether a password can be reset;
    a boolean opens nothing. Before, its name made it a credential and it was left out. A
    flag about an avatar stays out, as the avatar does: only a credential's word is read
    differently on a flag."""
    body = {
        "localLogin": True,
        "passwordReset": False,
        "loginUrl": "/login",
        "isAvatarDefault": True,
    }
    shaped = shaped_json(tools["get_login_context"], body)
    assert shaped.get("passwordReset") is False
    assert shaped["loginUrl"] == "/login"
    assert "isAvatarDefault" not in shaped
