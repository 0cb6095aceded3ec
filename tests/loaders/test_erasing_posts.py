"""A POST whose own name or words say it deletes, erases, purges, cancels or revokes is
announced destructive (operation_kind.erases); a POST that creates is not, and past
participles that describe data ("deleted items") do not count."""

import pytest

from generator.loaders.operation_kind import erases


@pytest.mark.parametrize(
    "op_id, path, summary, text",
    [
        ("purgeItem", "/items/{id}", None, None),
        (None, "/items/{id}/purge", None, None),
        (None, "/runs/{id}:cancel", None, None),
        ("itemHistory", "/items/{id}/history", "Clean up", "Permanently erases the history."),
        ("tokens", "/tokens/{id}", "Revoke a token", None),
    ],
)
def test_an_operation_that_says_it_erases(op_id, path, summary, text) -> None:
    assert erases(op_id, path, summary, text)


@pytest.mark.parametrize(
    "op_id, path, summary, text",
    [
        ("createItem", "/items", "Create an item", "Returns the item; deleted items are kept."),
        ("restoreItem", "/items/{id}/restore", "Restore", "Brings back a cancelled order."),
    ],
)
def test_an_operation_that_does_not(op_id, path, summary, text) -> None:
    assert not erases(op_id, path, summary, text)
