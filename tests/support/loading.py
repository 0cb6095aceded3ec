"""A description's IR as ``mcpforge generate`` sees it without an overlay: loaded, then its
default fields decided once per operation (``generator/decisions.py``; the loaders choose
none)."""

from __future__ import annotations

from pathlib import Path

from generator.diagnostics import Diagnostic
from generator.ir import ServerSpec
from generator.pipeline import load_spec


def load_decided(
    path: str | Path, *, name: str | None = None
) -> tuple[ServerSpec, list[Diagnostic]]:
    return load_spec(Path(path), name=name)
