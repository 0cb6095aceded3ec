"""The runtime's own tool objects for a loaded ServerSpec, built as a generated server builds them.

``spec.json`` data (``render/tooldata.server_data``) -> ``runtime.model`` -> one ``Tool`` per
operation, in per-op mode (preview and the breadth benchmark look at every operation, whatever
surface the package would list).
"""

from __future__ import annotations

from dataclasses import replace

from ..ir.models import OperationSpec, ServerSpec
from ..runtime.model import ServerModel, Tool, model_from_json
from ..runtime.output import shape_config_for
from .judge_paths import sibling_paths


def runtime_model(spec: ServerSpec) -> ServerModel:
    from ..render.tooldata import server_data

    return model_from_json(server_data(replace(spec, mode="per-op")))


def tools_of(spec: ServerSpec) -> tuple[ServerModel, list[tuple[OperationSpec, Tool]]]:
    """The runtime model and each operation with its tool, in the spec's order."""
    model = runtime_model(spec)
    pairs = []
    for op in spec.operations:
        tool = model.tool(op.tool_name)
        if tool is not None:
            pairs.append((op, tool))
    return model, pairs


def operator_chosen(tool: Tool) -> tuple[str, ...]:
    """The fields an operator's overlay chose for ``tool`` (none where the defaults did): the
    judge shows what they name as the operator decided."""
    return shape_config_for(tool).operator_fields


def path_templates(spec: ServerSpec) -> dict[str, tuple[str | None, tuple[str, ...]]]:
    """Per operation id: its HTTP path template (None for GraphQL) and the templates of its
    siblings on the same collection (``judge_paths.py``: what names the objects it answers)."""
    templates = [op.binding.path for op in spec.operations if op.binding.kind == "http"]
    out: dict[str, tuple[str | None, tuple[str, ...]]] = {}
    for op in spec.operations:
        path = op.binding.path if op.binding.kind == "http" else None
        out[op.id] = (path, sibling_paths(path, templates) if path else ())
    return out
