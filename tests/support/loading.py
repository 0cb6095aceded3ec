"""A description's IR as ``mcpforge generate`` sees it without an overlay: loaded, then its
default fields decided once per operation (``generator/decisions.py``; the loaders choose
none)."""

from __future__ import annotations

from pathlib import Path

from generator.diagnostics import Diagnostic
from generator.ir import ServerSpec
from generator.ir.models import HttpBinding, OperationSpec
from generator.pipeline import load_spec


def load_decided(
    path: str | Path, *, name: str | None = None
) -> tuple[ServerSpec, list[Diagnostic]]:
    return load_spec(Path(path), name=name)


def http_binding(op: OperationSpec) -> HttpBinding:
    """An operation's binding, which must be an HTTP one (a REST description's)."""
    assert isinstance(op.binding, HttpBinding), f"{op.id} is bound to {op.binding.kind}"
    return op.binding


def file_of(diagnostic: Diagnostic) -> Path:
    """The file a diagnostic names (it must name one), resolved."""
    assert diagnostic.file is not None, diagnostic.render()
    return Path(diagnostic.file).resolve()


def pointer_of(diagnostic: Diagnostic) -> str:
    """The JSON pointer a diagnostic names (it must name one)."""
    assert diagnostic.pointer is not None, diagnostic.render()
    return diagnostic.pointer
