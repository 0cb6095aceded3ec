"""``mcpforge report SPEC [--overlay] [--mode]``: what a spec's tools/list costs an agent.

The tools are built exactly as the generated server lists them (spec.json -> runtime model ->
the MCP adapter's ``Tool`` objects), and counted in o200k tokens as compact JSON of what a model
sees of each tool: ``{name, description, inputSchema}`` (the benchmark's measure). The server
instructions (sent once at initialize) are counted on their own line and in the total.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic

if TYPE_CHECKING:
    from .ir.models import SurfaceMode

DEFAULT_THRESHOLD = 25_000  # tokens; Claude Code warns about tool output above ~10k-25k


@dataclass(frozen=True)
class ToolCost:
    name: str
    tokens: int


@dataclass(frozen=True)
class SurfaceReport:
    spec_name: str
    operations: int
    mode: str
    surface: str  # rich | lean | meta | code
    tools: tuple[ToolCost, ...]  # in tools/list order
    list_tokens: int  # the whole tools/list (model view)
    instructions_tokens: int
    diagnostics: list[Diagnostic]
    kinds: tuple[tuple[str, int], ...] = ()  # operations per kind (operation_kind.py)
    methods: tuple[tuple[str, int], ...] = ()  # operations per HTTP method / GraphQL type

    @property
    def total(self) -> int:
        return self.list_tokens + self.instructions_tokens

    def render(self, *, top: int = 10, threshold: int = DEFAULT_THRESHOLD) -> str:
        n = max(1, len(self.tools))
        lines = [
            f"{self.spec_name}: {self.operations} operations, mode {self.mode} "
            f"({self.surface} surface), {len(self.tools)} tools listed",
            f"tools/list tokens (o200k, name+description+inputSchema): {self.list_tokens:,}",
            f"instructions tokens: {self.instructions_tokens:,}",
            f"total: {self.total:,}  (mean {self.list_tokens / n:,.0f} per tool)",
            "operations by method: "
            + (", ".join(f"{method} {count}" for method, count in self.methods) or "none"),
            "operations by kind (what each does, read from the description; decides its default"
            " fields): " + (", ".join(f"{kind} {count}" for kind, count in self.kinds) or "none"),
            "largest tools:",
        ]
        for cost in sorted(self.tools, key=lambda c: (-c.tokens, c.name))[:top]:
            lines.append(f"  {cost.tokens:>7,}  {cost.name}")
        if self.total > threshold:
            lines.append(
                f"WARNING: the total ({self.total:,} tokens) is above {threshold:,}: "
                f"{_smaller(self.mode)}."
            )
        return "\n".join(lines)


def _smaller(mode: str) -> str:
    """How to list less than a surface above the threshold."""
    if mode in ("meta", "code"):
        return "narrow the overlay's select"
    return "select fewer operations (overlay select / toolsets) or use --mode meta"


def model_view(tool: Any) -> dict[str, Any]:
    wire = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
    return {key: wire[key] for key in ("name", "description", "inputSchema") if key in wire}


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def surface_report(
    spec_path: str | Path,
    *,
    overlay_path: str | Path | None = None,
    mode: SurfaceMode | None = None,
) -> SurfaceReport:
    from dataclasses import replace

    from .pipeline import load_with_overlay
    from .render.tooldata import server_data

    spec, diagnostics = load_with_overlay(spec_path, overlay_path=overlay_path)
    if mode is not None:
        spec = replace(spec, mode=mode)
    data = server_data(spec)
    listed = _listed(data)
    return SurfaceReport(
        spec_name=spec.name,
        operations=len(spec.operations),
        diagnostics=diagnostics,
        kinds=_kinds(spec.operations),
        methods=_methods(spec.operations),
        **listed,
    )


def _listed(data: dict[str, Any]) -> dict[str, Any]:
    """What the server built from ``data`` (spec.json) lists, as ``SurfaceReport`` fields."""
    from .runtime.mcp.mcp_adapter import to_mcp_tools
    from .runtime.model import model_from_json
    from .runtime.shaping.tokens import count_tokens

    model = model_from_json(data)
    views = [model_view(t) for t in to_mcp_tools(model)]
    surface = model.mode if model.mode in ("meta", "code") else data["server"].get("surface")
    return {
        "mode": model.mode,
        "surface": surface or "rich",
        "tools": tuple(ToolCost(v["name"], count_tokens(_compact(v))) for v in views),
        "list_tokens": count_tokens(_compact(views)),
        "instructions_tokens": count_tokens(model.instructions) if model.instructions else 0,
    }


def surface_notes(data: dict[str, Any], *, threshold: int = DEFAULT_THRESHOLD) -> list[Diagnostic]:
    """``generate``'s warning when the generated server's tools/list and instructions (from
    its spec.json ``data``) cost an agent more than ``threshold`` tokens before its first
    call, as ``mcpforge report`` counts them."""
    from .diagnostics import Severity
    from .render.compact import AUTO_META_BUDGET_TOKENS

    listed = _listed(data)
    total = listed["list_tokens"] + listed["instructions_tokens"]
    if total <= threshold:
        return []
    return [
        Diagnostic(
            Severity.WARNING,
            "SURFACE_LARGE",
            f"the server lists {len(listed['tools'])} tools in {listed['mode']} mode: its tools/list"
            f" and instructions are {total:,} tokens (o200k), above {threshold:,}, which an agent"
            " loads before its first call",
            hint=_smaller(listed["mode"]) + " (`--mode auto` picks meta above "
            f"{AUTO_META_BUDGET_TOKENS:,}); `mcpforge report` lists the largest tools",
        )
    ]


METHOD_ORDER = ("GET", "QUERY", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE")


def _methods(operations: Any) -> tuple[tuple[str, int], ...]:
    """Operations per HTTP method (GraphQL: per operation type), in the usual order."""
    counts: dict[str, int] = {}
    for op in operations:
        b = op.binding
        method = b.method.upper() if b.kind == "http" else str(b.operation_type)
        counts[method] = counts.get(method, 0) + 1
    order = {m: i for i, m in enumerate(METHOD_ORDER)}
    return tuple(sorted(counts.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))


def _kinds(operations: Any) -> tuple[tuple[str, int], ...]:
    from .runtime.shaping.kinds import OPERATION_KINDS

    counts = {kind: sum(op.kind == kind for op in operations) for kind in OPERATION_KINDS}
    return tuple((kind, n) for kind, n in counts.items() if n)
