"""A description's IR as ``mcpforge generate`` sees it without an overlay: loaded, then its
default fields decided once per operation (``generator/decisions.py``; the loaders choose
none)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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


def tools_by_name(path: str | Path) -> dict[str, Any]:
    """A description's runtime tools (as its generated server builds them), by tool name."""
    from generator.preview.tools import tools_of

    spec, _ = load_decided(path)
    _, pairs = tools_of(spec)
    return {tool.name: tool for _, tool in pairs}


def shaped_json(tool: Any, body: Any) -> Any:
    """What the tool's default shaping makes of ``body``: its first page, parsed."""
    from generator.runtime.output import shape_config_for, shape_output

    return json.loads(shape_output(body, tool, shape_config_for(tool)).chunks[0])
