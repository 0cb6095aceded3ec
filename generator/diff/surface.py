"""What a diff compares: each tool's arguments and known response fields, from ``spec.json``.

Both sides are reduced to the generated ``spec.json`` data (what the server actually serves): a
generated package directory (its ``src/<pkg>/spec.json``), a ``spec.json`` file, or an API
description, which is run through the generator's pipeline first (with an optional overlay).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic

CONTROL_ARGS = ("fields", "detail_level", "response_format")


@dataclass(frozen=True)
class ToolInfo:
    name: str
    params: dict[str, dict[str, Any]]  # argument -> its JSON schema (control arguments left out)
    required: frozenset[str]
    field_tree: dict[str, Any] | None
    collection_path: str | None
    operation_id: str = ""  # the description's id of the operation (operationId, query.<field>)
    endpoint: str = ""  # "GET /pets/{petId}" (HTTP) or "query allFilms" (GraphQL)

    @property
    def route(self) -> str:
        """The endpoint with its path parameters unnamed: ``GET /pets/{}``."""
        return re.sub(r"\{[^}]*\}", "{}", self.endpoint)


@dataclass(frozen=True)
class Surface:
    name: str
    version: str
    tools: dict[str, ToolInfo]
    source: str
    # overlay entries naming an operation this side does not have: (key, warning)
    unknown_overlay_keys: tuple[tuple[str, Diagnostic], ...] = ()

    def knows(self, key: str) -> bool:
        """Is ``key`` one of this side's tool names or operation ids (what overlays key on)?"""
        return key in self.tools or any(t.operation_id == key for t in self.tools.values())


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
            operation_id=str(tool.get("source") or ""),
            endpoint=_endpoint(tool.get("binding") or {}),
        )
    server = data.get("server") or {}
    return Surface(str(server.get("name", "")), str(server.get("version", "")), tools, source)


def _endpoint(binding: dict[str, Any]) -> str:
    if binding.get("kind") == "http":
        return f"{str(binding.get('method', '')).upper()} {binding.get('path', '')}"
    if binding.get("kind") == "graphql":
        field = str(binding.get("field_name", ""))
        if binding.get("namespace"):
            field = f"{binding['namespace']}.{field}"
        return f"{binding.get('operation_type', '')} {field}"
    return ""


def package_spec_json(root: Path) -> Path | None:
    """The ``spec.json`` of a generated package directory, if it has exactly one."""
    found = sorted(root.glob("src/*/spec.json")) or sorted(root.glob("spec.json"))
    return found[0] if len(found) == 1 else None
