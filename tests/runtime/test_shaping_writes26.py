"""Writes whose answer lost what says what they acted on (issue 33, session 26): a client
secret disabled (a GraphQL payment API's mutation, outside material) answered only that it is
disabled. Reproduced on a synthesized description of the same structure
(``tests/fixtures/specs/writes26.yaml``, no vendor's text); fails on the rules before its fix."""

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
