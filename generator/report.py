"""``mcpforge report SPEC [--overlay] [--mode]``: what a spec's tools/list costs an agent.

The tools are built exactly as the generated server lists them and counted as
``render/surface_self.py`` counts them (``generate`` warns from the same count): o200k tokens of
compact JSON of what a model sees of each tool, ``{name, description, inputSchema}`` (the
benchmark's measure). The server instructions (sent once at initialize) are counted on their
own line and in the total.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic
from .render.surface_cost import DEFAULT_THRESHOLD, Listed, listed, smaller

if TYPE_CHECKING:
    from .ir.models import SurfaceMode


@dataclass(frozen=True)
class SurfaceReport(Listed):
    """What the server lists and its cost (``Listed``), with the spec's name and counts."""

    spec_name: str
    operations: int
    diagnostics: list[Diagnostic]
    kinds: tuple[tuple[str, int], ...] = ()  # operations per kind (operation_kind.py)
    methods: tuple[tuple[str, int], ...] = ()  # operations per HTTP method / GraphQL type

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
        for tool in sorted(self.tools, key=lambda c: (-c.tokens, c.name))[:top]:
            lines.append(f"  {tool.tokens:>7,}  {tool.name}")
        if self.total > threshold:
            lines.append(
                f"WARNING: the total ({self.total:,} tokens) is above {threshold:,}: "
                f"{smaller(self.mode)}."
            )
        return "\n".join(lines)


def model_view(tool: Any) -> dict[str, Any]:
    """What a model sees of an MCP ``Tool`` (the benchmarks' measure, as ``surface_cost``'s)."""
    wire = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
    return {key: wire[key] for key in ("name", "description", "inputSchema") if key in wire}


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
    return SurfaceReport(
        **vars(listed(server_data(spec))),
        spec_name=spec.name,
        operations=len(spec.operations),
        diagnostics=diagnostics,
        kinds=_kinds(spec.operations),
        methods=_methods(spec.operations),
    )


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
