"""Every test under tests/e2e carries the ``e2e`` marker, so ``-m "not e2e"`` leaves them out.

A ``pytestmark`` in a conftest.py marks nothing (pytest reads it only in test modules); the
marker is added here, at collection, to the items whose file lies in this folder."""

from __future__ import annotations

from pathlib import Path

import pytest

E2E_DIR = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # A conftest's hook sees every collected item, not only its folder's: filter by path.
    for item in items:
        if Path(item.path).resolve().is_relative_to(E2E_DIR):
            item.add_marker(pytest.mark.e2e)
