"""What a generated server's tools/list costs an agent, read from its spec.json.

The tools are the ones the server lists (spec.json -> runtime model -> ``tool_surface``, the
MCP-free view the adapter serves, the continue tool last), each counted as compact JSON of
what a model sees of it, ``{name, description, inputSchema}``, in o200k tokens; the server's
instructions (sent once at initialize) apart. ``mcpforge report`` prints it; ``generate``
warns when it is above ``DEFAULT_THRESHOLD`` (``surface_notes``). Needs no MCP SDK: the
generator runs without it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..diagnostics import Diagnostic, Severity

DEFAULT_THRESHOLD = 25_000  # tokens; Claude Code warns about tool output above ~10k-25k


@dataclass(frozen=True)
class ToolCost:
    name: str
    tokens: int


@dataclass(frozen=True)
class Listed:
    mode: str
    surface: str  # rich | lean | meta | code
    tools: tuple[ToolCost, ...]  # in tools/list order
    list_tokens: int  # the whole tools/list (model view)
    instructions_tokens: int

    @property
    def total(self) -> int:
        return self.list_tokens + self.instructions_tokens


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def listed(data: dict[str, Any]) -> Listed:
    """What the server built from ``data`` (its spec.json) lists, and its cost."""
    from ..runtime.mcp.surface import tool_surface
    from ..runtime.model import model_from_json
    from ..runtime.shaping.tokens import count_tokens

    model = model_from_json(data)
    views = [
        {"name": t["name"]}
        | ({"description": t["description"]} if t["description"] else {})
        | {"inputSchema": t["input_schema"]}
        for t in tool_surface(model)
    ]
    surface = model.mode if model.mode in ("meta", "code") else data["server"].get("surface")
    return Listed(
        mode=model.mode,
        surface=surface or "rich",
        tools=tuple(ToolCost(v["name"], count_tokens(compact(v))) for v in views),
        list_tokens=count_tokens(compact(views)),
        instructions_tokens=count_tokens(model.instructions) if model.instructions else 0,
    )


def smaller(mode: str) -> str:
    """How to list less than a surface above the threshold."""
    if mode in ("meta", "code"):
        return "narrow the overlay's select"
    return "select fewer operations (overlay select / toolsets) or use --mode meta"


def surface_notes(data: dict[str, Any], *, threshold: int = DEFAULT_THRESHOLD) -> list[Diagnostic]:
    """``generate``'s warning when the server written from ``data`` (its spec.json) costs an
    agent more than ``threshold`` tokens of tools/list and instructions before its first call."""
    from .compact import AUTO_META_BUDGET_TOKENS

    cost = listed(data)
    if cost.total <= threshold:
        return []
    return [
        Diagnostic(
            Severity.WARNING,
            "SURFACE_LARGE",
            f"the server lists {len(cost.tools)} tools in {cost.mode} mode: its tools/list and"
            f" instructions are {cost.total:,} tokens (o200k), above {threshold:,}, which an"
            " agent loads before its first call",
            hint=smaller(cost.mode) + " (`--mode auto` picks meta above "
            f"{AUTO_META_BUDGET_TOKENS:,}); `mcpforge report` lists the largest tools",
        )
    ]
