"""IR output filters and adapters -> their ``spec.json`` form (read by runtime/model.py)."""

from __future__ import annotations

from typing import Any

from ..ir.models import FilterBranchSpec, OperationSpec


def branch_data(branch: FilterBranchSpec) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if branch.when:
        data["when"] = [dict(test) for test in branch.when]
    if branch.retain is not None:
        data["retain"] = list(branch.retain)
    if branch.patches:
        data["patches"] = [dict(op) for op in branch.patches]
    return data


def output_data(op: OperationSpec) -> dict[str, Any]:
    """``{"filters": {set: [branch...]}, "adapters": [{"name", "options"}]}``, keys only if set."""
    data: dict[str, Any] = {}
    if op.filters:
        data["filters"] = {
            name: [branch_data(b) for b in branches] for name, branches in sorted(op.filters)
        }
    if op.adapters:
        data["adapters"] = [
            {"name": a.name, **({"options": a.options} if a.options else {})} for a in op.adapters
        ]
    return data
