"""The server's tool surface as plain data: what ``tools/list`` shows, without MCP types.

Used by the MCP adapter (the continue tool's definition lives here), by the generator to write
the package's ``tests/tools_snapshot.json``, and by the package's tests to compare the live
``tools/list`` with that snapshot.
"""

from __future__ import annotations

import json
from typing import Any

from ..meta import listed_tools
from ..model import ServerModel

CONTINUE_TITLE = "Continue a paged result"
CONTINUE_DESCRIPTION = (
    "Return the next page of a result that was too large for one response. "
    "Pass the continuation_id from the previous page's footer."
)
CONTINUE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "continuation_id": {
            "type": "string",
            "description": "The id from the footer of the previous page.",
        }
    },
    "required": ["continuation_id"],
    "additionalProperties": False,
}
CONTINUE_ANNOTATIONS: dict[str, Any] = {"readOnlyHint": True, "openWorldHint": False}
SNAPSHOT_FORMAT = 1


def tool_entry(
    name: str,
    title: str | None,
    description: str | None,
    input_schema: dict[str, Any],
    annotations: dict[str, Any],
) -> dict[str, Any]:
    """One tool as the snapshot records it (annotations without unset hints)."""
    return {
        "name": name,
        "title": title or None,
        "description": description or "",
        "input_schema": input_schema,
        "annotations": {
            k: annotations[k] for k in sorted(annotations) if annotations[k] is not None
        },
    }


def tool_surface(model: ServerModel) -> list[dict[str, Any]]:
    """Every tool of ``tools/list``, in order, the continue tool last."""
    tools = [
        tool_entry(t.name, t.title, t.description, t.input_schema, t.annotations)
        for t in listed_tools(model)  # operations, or meta mode's tools
    ]
    tools.append(
        tool_entry(
            model.continue_tool_name,
            CONTINUE_TITLE,
            CONTINUE_DESCRIPTION,
            CONTINUE_SCHEMA,
            CONTINUE_ANNOTATIONS,
        )
    )
    return tools


def snapshot_bytes(tools: list[dict[str, Any]], note: str) -> bytes:
    data = {"_generated": note, "format": SNAPSHOT_FORMAT, "tools": tools}
    return (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode()


def surface_changes(
    expected: list[dict[str, Any]], actual: list[dict[str, Any]], limit: int = 20
) -> list[str]:
    """Readable differences between two tool surfaces (empty when they are equal)."""
    old = {t["name"]: t for t in expected}
    new = {t["name"]: t for t in actual}
    lines = [f"tool added: {n}" for n in new if n not in old]
    lines += [f"tool removed: {n}" for n in old if n not in new]
    for name in (n for n in new if n in old):
        for key in ("title", "description", "input_schema", "annotations"):
            if old[name].get(key) != new[name].get(key):
                before = len(json.dumps(old[name].get(key), ensure_ascii=False))
                after = len(json.dumps(new[name].get(key), ensure_ascii=False))
                lines.append(f"{name}: {key} changed ({before} -> {after} chars)")
    if not lines and [t["name"] for t in expected] != [t["name"] for t in actual]:
        lines.append("tool order changed")
    return lines[:limit] + ([f"… {len(lines) - limit} more"] if len(lines) > limit else [])
