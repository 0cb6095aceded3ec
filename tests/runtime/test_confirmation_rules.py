"""Which calls are confirmed, and what the user is asked (the exchange itself:
tests/e2e/test_confirmation.py)."""

from __future__ import annotations

from pathlib import Path

from generator.runtime.mcp.confirmation import needs_confirmation, question
from generator.runtime.model import load_model
from tests.support.notes_api import MODULE, OVERLAY, make_package


def test_the_overlay_decides_else_the_operator_for_destructive_tools(tmp_path: Path) -> None:
    plain = load_model(make_package(tmp_path / "a") / "src" / MODULE / "spec.json")
    delete, get = plain.tool("delete_note"), plain.tool("get_note")
    assert delete is not None and get is not None and delete.confirm is None
    assert needs_confirmation(delete, confirm_destructive=True)  # <PREFIX>_CONFIRM_DESTRUCTIVE=1
    assert not needs_confirmation(delete, confirm_destructive=False)
    assert not needs_confirmation(get, confirm_destructive=True)
    overlay = OVERLAY + "  deleteNote: {confirm: false}\n  getNote: {confirm: true}\n"
    marked = load_model(make_package(tmp_path / "b", overlay) / "src" / MODULE / "spec.json")
    unconfirmed, confirmed = marked.tool("delete_note"), marked.tool("get_note")
    assert unconfirmed is not None and confirmed is not None
    assert not needs_confirmation(unconfirmed, confirm_destructive=True)
    assert needs_confirmation(confirmed, confirm_destructive=False)
    asked = question(delete, {"id": "7"})
    assert "delete_note" in asked and "DELETE /notes/{id}" in asked and '{"id": "7"}' in asked
    assert "changes or deletes data" in asked
    assert len(question(delete, {"id": "x" * 5000})) < 800  # long arguments are cut
