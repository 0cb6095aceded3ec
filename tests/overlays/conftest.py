"""Fixtures for overlay tests: the hand-built IR of overlay_ir.py and an overlay file writer."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from generator.decisions import decide_operations
from generator.ir.models import ServerSpec
from tests.overlays.overlay_ir import build_spec


@pytest.fixture
def spec() -> ServerSpec:
    """The IR as generation has it without an overlay: its defaults decided."""
    return decide_operations(build_spec())


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str], Path]:
    def _write(text: str) -> Path:
        path = tmp_path / "overlay.yaml"
        path.write_text(text, encoding="utf-8")
        return path

    return _write
