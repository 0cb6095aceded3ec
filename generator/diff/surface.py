"""What a diff compares: each tool's arguments and known response fields, from ``spec.json``.

Both sides are reduced to the generated ``spec.json`` data (what the server actually serves): a
generated package directory (its ``src/<pkg>/spec.json``), a ``spec.json`` file, or an API
description, which is run through the generator's pipeline first (with an optional overlay).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic, GenerationError, Severity

CONTROL_ARGS = ("fields", "detail_level", "response_format")


@dataclass(frozen=True)
class ToolInfo:
    name: str
    params: dict[str, dict[str, Any]]  # argument -> its JSON schema (control arguments left out)
    required: frozenset[str]
    field_tree: dict[str, Any] | None
    collection_path: str | None


@dataclass(frozen=True)
class Surface:
    name: str
    version: str
    tools: dict[str, ToolInfo]
    source: str


def surface_from_data(data: dict[str, Any], source: str = "<spec.json>") -> Surface:
    tools: dict[str, ToolInfo] = {}
    for tool in data.get("tools", []):
        schema = tool.get("input_schema") or {}
        # API parameters never take a control argument's name (they get a suffix instead).
        props = {k: v for k, v in (schema.get("properties") or {}).items() if k not in CONTROL_ARGS}
        response = tool.get("response") or {}
        tools[tool["name"]] = ToolInfo(
            name=tool["name"],
            params=props,
            required=frozenset(schema.get("required") or ()),
            field_tree=response.get("field_tree"),
            collection_path=response.get("collection_path"),
        )
    server = data.get("server") or {}
    return Surface(str(server.get("name", "")), str(server.get("version", "")), tools, source)


def _is_spec_json(path: Path) -> dict[str, Any] | None:
    if path.suffix.lower() != ".json":
        return None
    with open(path, "rb") as fh:
        head = fh.read(4096)
    if b'"_generated"' not in head or b'"format"' not in head:
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) and "tools" in data and "server" in data else None


def package_spec_json(root: Path) -> Path | None:
    """The ``spec.json`` of a generated package directory, if it has exactly one."""
    found = sorted(root.glob("src/*/spec.json")) or sorted(root.glob("spec.json"))
    return found[0] if len(found) == 1 else None


def load_surface(path: str | Path, overlay: str | Path | None = None) -> Surface:
    path = Path(path)
    if path.is_dir():
        spec_json = package_spec_json(path)
        if spec_json is None:
            raise GenerationError(
                Diagnostic(
                    Severity.ERROR,
                    "diff-not-a-package",
                    "directory is not a generated package (no src/<package>/spec.json)",
                    file=str(path),
                    hint="pass a generated package directory, its spec.json, or an API spec",
                )
            )
        return surface_from_data(json.loads(spec_json.read_text(encoding="utf-8")), str(path))
    if path.is_file():
        data = _is_spec_json(path)
        if data is not None:
            return surface_from_data(data, str(path))
    from ..pipeline import build
    from ..render.tooldata import server_data

    result = build(path, overlay_path=overlay)
    return surface_from_data(server_data(result.spec), str(path))
