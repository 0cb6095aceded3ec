"""Where a per-operation listing's tokens go (part of ``generator.bench.surface``).

The listed tools (compact JSON of ``[{name, description, inputSchema}]``, as the surface
benchmark counts them, the continue tool left out) counted whole and then with one part taken
away after another, each count exact (not a sum of separately counted pieces):

1. as listed;
2. without the control arguments (``fields``, ``detail_level``, ``response_format``);
3. also without any description (the tools' and their arguments');
4. also with every argument's schema empty and no ``$defs``: what is left is the tools' names,
   their arguments' names, which are required, and the JSON an MCP tool needs around them.

The differences say what the controls, the descriptions and the argument schemas (types,
enums, nested request bodies) cost; the last count is a floor no listing that names every
operation and every argument goes below, and the last count plus the controls' cost is the
floor of a listing that also declares the controls in every schema.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

STEPS = (
    "as listed",
    "without the control arguments",
    "and without descriptions",
    "and every argument's schema empty (names, required, structure)",
)


@dataclass(frozen=True)
class ListingParts:
    tokens: tuple[int, ...]  # one count per STEPS entry, each a listing with less in it

    @property
    def controls(self) -> int:
        return self.tokens[0] - self.tokens[1]

    @property
    def floor_with_controls(self) -> int:
        """The smallest listing that names every operation and argument and declares the
        controls: the last count plus what the controls cost."""
        return self.tokens[3] + self.controls


def _without_controls(view: dict[str, Any], controls: set[str]) -> dict[str, Any]:
    schema = dict(view["inputSchema"])
    props = {k: v for k, v in (schema.get("properties") or {}).items() if k not in controls}
    schema.pop("properties", None)
    if props:
        schema["properties"] = props
    return {**view, "inputSchema": schema}


def _without_descriptions(view: dict[str, Any]) -> dict[str, Any]:
    schema = dict(view["inputSchema"])
    props = schema.get("properties")
    if isinstance(props, dict):
        schema["properties"] = {
            k: {kk: vv for kk, vv in v.items() if kk != "description"} if isinstance(v, dict) else v
            for k, v in props.items()
        }
    return {k: v for k, v in view.items() if k != "description"} | {"inputSchema": schema}


def _names_only(view: dict[str, Any]) -> dict[str, Any]:
    schema = {k: v for k, v in view["inputSchema"].items() if k != "$defs"}
    if isinstance(schema.get("properties"), dict):
        schema["properties"] = {k: {} for k in schema["properties"]}
    return {**view, "inputSchema": schema}


def parts_of(views: list[dict[str, Any]], controls: set[str]) -> ListingParts:
    from ..runtime.shaping.tokens import count_tokens

    def tokens(listing: list[dict[str, Any]]) -> int:
        return count_tokens(json.dumps(listing, ensure_ascii=False, separators=(",", ":")))

    bare = [_without_controls(v, controls) for v in views]
    plain = [_without_descriptions(v) for v in bare]
    names = [_names_only(v) for v in plain]
    return ListingParts(tuple(tokens(x) for x in (views, bare, plain, names)))


def listing_parts(spec: Path) -> ListingParts:
    """The parts of ``spec``'s per-operation listing (its surface: rich or lean)."""
    from ..pipeline import load_spec
    from ..render.compact import build_surface
    from ..runtime.arguments import CONTROL_SCHEMAS

    ir, _ = load_spec(spec, name=None)
    surface = build_surface(ir)
    views = []
    for op in ir.operations:
        description, schema = surface.tools[op.id]
        # in the order of the MCP adapter's JSON, which lists no description for "" (lean)
        view: dict[str, Any] = {"name": op.tool_name}
        if description:
            view["description"] = description
        views.append({**view, "inputSchema": schema})
    return parts_of(views, set(CONTROL_SCHEMAS))


def render_parts(subject: str, parts: ListingParts, target: float | None) -> list[str]:
    """Lines for the results file: each count, and the floor against ``target`` (tokens)."""
    shown = "; ".join(f"{step} {n:,}" for step, n in zip(STEPS, parts.tokens))
    lines = [f"- {subject}: where the listing's tokens go (continue tool left out): {shown}"]
    if target is not None:
        lines.append(
            f"  (floor with the controls in every schema: {parts.floor_with_controls:,}; "
            f"without them: {parts.tokens[3]:,}; the target: {target:,.0f})"
        )
    return lines
