"""Which tools a server exposes: overlay toolsets and the read-only switch, chosen at start.

``<PREFIX>_TOOLSETS=issues,repos`` (or ``--toolsets issues,repos``) keeps the tools of those
toolsets (``all`` = every tool, the default). ``<PREFIX>_READ_ONLY=1`` (or ``--read-only``)
drops every tool that is not an HTTP GET/HEAD or a GraphQL query. Both apply to per-operation
and meta mode alike (meta search only finds the remaining operations).
"""

from __future__ import annotations

import dataclasses
from typing import Mapping

from ..errors import ConfigurationError
from ..config.environment import full_name, value
from ..model import ServerModel, Tool

READ_METHODS = frozenset({"GET", "HEAD", "QUERY"})  # QUERY: OpenAPI 3.2, a read with a body
TRUE = ("1", "true", "yes", "on")


def is_read_only(tool: Tool) -> bool:
    if tool.binding.kind == "graphql":
        return tool.binding.operation_type == "query"
    return tool.binding.method.upper() in READ_METHODS


def parse_toolsets(model: ServerModel, raw: str, source: str) -> tuple[str, ...] | None:
    """The chosen toolset names, or None for all; unknown names are a configuration error."""
    names = tuple(sorted({n.strip() for n in raw.split(",") if n.strip()}))
    if not names or names == ("all",):
        return None
    unknown = [n for n in names if n not in model.toolsets]
    if unknown:
        known = ", ".join(model.toolsets) or "(none: the overlay defines no toolsets)"
        raise ConfigurationError(
            f"{source}: unknown toolset(s) {', '.join(unknown)}. Known toolsets: {known}, or all."
        )
    return names


def restrict(model: ServerModel, toolsets: tuple[str, ...] | None, read_only: bool) -> ServerModel:
    tools = model.tools
    if toolsets is not None:
        chosen = set(toolsets)
        tools = tuple(t for t in tools if chosen & set(t.toolsets))
    if read_only:
        tools = tuple(t for t in tools if is_read_only(t))
    if tools == model.tools:
        return model
    if not tools:
        raise ConfigurationError(
            "the chosen toolsets / read-only switch leave no tool: choose other toolsets."
        )
    return dataclasses.replace(model, tools=tools)


def restrict_from_env(
    model: ServerModel, env: Mapping[str, str], sources: Mapping[str, str] | None = None
) -> ServerModel:
    """``sources``: the flag that set a variable (``--toolsets``), named in errors instead."""
    key = full_name(model, "TOOLSETS")
    toolsets = parse_toolsets(model, value(env, model, "TOOLSETS"), (sources or {}).get(key, key))
    read_only = value(env, model, "READ_ONLY").strip().lower() in TRUE
    return restrict(model, toolsets, read_only)
