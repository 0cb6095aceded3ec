"""Meta mode: a handful of tools in front of hundreds of operations.

When spec.json says ``"mode": "meta"`` the server lists four tools instead of one per
operation, whatever the API's size:

* ``<api>_find_operations``: search by what the agent wants to do (a sentence or keywords;
  ranked as code mode's search ranks, over names, tags, paths, descriptions and arguments),
  narrowed by a tag or toolset; one compact line per hit;
* ``<api>_describe_operation``: one operation's argument schema, default fields, pagination;
* ``<api>_call_operation``: run an operation with its ``arguments`` plus ``fields``,
  ``detail_level`` and ``response_format`` (validated, sent, shaped and paged exactly like a
  per-operation tool: it is the same executor);
* ``<api>_continue``: the usual continuation tool (chunks, then next upstream pages).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Sequence

from .arguments import CONTROL_SCHEMAS
from .codemode.search import SEARCH_LIMIT, STOPWORDS, first_sentence, rank, words
from .errors import InvalidArguments, UnknownTool
from .model import ServerModel, Tool
from .outcome import Outcome, ToolRunner

FIND_LIMIT = SEARCH_LIMIT  # lines shown unless asked for more: ranked, the first five hold it
FIND_MAX = 30
SUMMARY_CHARS = 90
CONTROLS: dict[str, Any] = CONTROL_SCHEMAS


def names(model: ServerModel) -> dict[str, str]:
    prefix = model.name.replace("-", "_")
    return {
        "find": f"{prefix}_find_operations",
        "describe": f"{prefix}_describe_operation",
        "call": f"{prefix}_call_operation",
    }


def meta_tools(model: ServerModel) -> list[dict[str, Any]]:
    """The meta tools as plain data: name, title, description, input_schema, annotations."""
    n = names(model)
    op_arg = {"operation": {"type": "string", "description": "Operation name from find"}}
    read = {"readOnlyHint": True, "openWorldHint": False}
    return [
        {
            "name": n["find"],
            "title": "Find operations",
            "description": (
                f"Search the {len(model.tools)} operations of the {model.title} API by what you "
                "want done (and optionally a tag). One line per match, best first: name, "
                "summary, method path."
            ),
            "input_schema": {
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "e.g. 'list open issues'"},
                    "tag": {"type": "string"},
                    "limit": {"type": "integer", "minimum": 1, "maximum": FIND_MAX},
                },
                "required": ["query"],
                "additionalProperties": False,
            },
            "annotations": read,
        },
        {
            "name": n["describe"],
            "title": "Describe an operation",
            "description": "Show one operation's arguments (JSON schema), default fields and paging.",
            "input_schema": {
                "type": "object",
                "properties": op_arg,
                "required": ["operation"],
                "additionalProperties": False,
            },
            "annotations": read,
        },
        {
            "name": n["call"],
            "title": "Call an operation",
            "description": (
                "Call an operation with its arguments (as described). Large results are "
                f"paged: continue with {model.continue_tool_name}."
            ),
            "input_schema": {
                "type": "object",
                "properties": {
                    **op_arg,
                    "arguments": {"type": "object"},
                    **CONTROLS,
                },
                "required": ["operation"],
                "additionalProperties": False,
            },
            "annotations": {"openWorldHint": True},
        },
    ]


def find(model: ServerModel, query: str, tag: str | None, limit: int) -> str:
    """The operations ``query`` asks for, best first, ranked as code mode's search ranks them
    (``codemode/search.py``: a task sentence such as "close an issue in my repository" finds
    what keywords would); ``tag`` keeps those with that tag or toolset. A query of no
    searchable word lists every operation (of the tag) by name."""
    tag_l = tag.lower() if tag else None

    def tagged(tool: Tool) -> bool:
        return tag_l is None or tag_l in {t.lower() for t in tool.tags + tool.toolsets}

    if any(w not in STOPWORDS for w in words(query)):
        hits = [tool for _, tool in rank(model, query) if tagged(tool)]
    else:
        hits = sorted((t for t in model.tools if tagged(t)), key=lambda t: t.name)
    if not hits:
        return f"No operation matches {query!r}" + (f" with tag {tag!r}" if tag else "") + "."
    lines = [_line(tool) for tool in hits[:limit]]
    if len(hits) > limit:
        lines.append(f"… {len(hits) - limit} more matches: add words or raise limit.")
    return "\n".join(lines)


def _line(tool: Tool) -> str:
    summary = first_sentence(tool.description)
    if len(summary) > SUMMARY_CHARS:
        summary = summary[: SUMMARY_CHARS - 1].rsplit(" ", 1)[0] + "…"
    where = (
        f"{tool.binding.method} {tool.binding.path}"
        if tool.binding.kind == "http"
        else f"{tool.binding.operation_type} {tool.binding.field_path}"
    )
    return f"{tool.name}: {summary} ({where})"


def describe(model: ServerModel, tool: Tool) -> str:
    resp = tool.response
    data: dict[str, Any] = {
        "operation": tool.name,
        "description": tool.description,
        "arguments": tool.input_schema,
    }
    if resp.default_fields:
        data["default_fields"] = list(resp.default_fields)
    if resp.collection_path is not None:
        data["returns_list"] = resp.collection_path or "(the body)"
    if tool.pagination:
        data["paging"] = (
            f"upstream pages ({tool.pagination.get('style')}); {model.continue_tool_name} "
            "fetches the next page"
        )
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _operation(model: ServerModel, args: dict[str, Any]) -> Tool:
    name = args.get("operation")
    if not isinstance(name, str) or not name:
        raise InvalidArguments("Pass operation: an operation name from find_operations.")
    tool = model.tool(name)
    if tool is None:
        raise UnknownTool(
            f"Unknown operation {name!r}. Use {names(model)['find']} to find operation names."
        )
    return tool


def target_operation(model: ServerModel, name: str, arguments: Any) -> Tool | None:
    """The operation a ``tools/call`` of ``name`` runs: the tool itself in per-operation mode,
    the ``operation`` argument of the call tool in meta mode; None for anything else (the
    continue tool, find, describe, an unknown name)."""
    if model.mode == "code":  # a script may call many operations: calls.py judges each
        return None
    if model.mode != "meta":
        return model.tool(name)
    if name != names(model)["call"] or not isinstance(arguments, dict):
        return None
    operation = arguments.get("operation")
    return model.tool(operation) if isinstance(operation, str) else None


async def call_meta(
    runtime: ToolRunner,
    name: str,
    args: dict[str, Any],
    scope: str,
) -> Outcome:
    model = runtime.model
    n = names(model)
    if name == n["find"]:
        query = args.get("query")
        if not isinstance(query, str):
            raise InvalidArguments("Pass query: keywords such as 'list issues'.")
        limit = args.get("limit", FIND_LIMIT)
        limit = max(1, min(FIND_MAX, limit if isinstance(limit, int) else FIND_LIMIT))
        tag = args.get("tag") if isinstance(args.get("tag"), str) else None
        return Outcome([find(model, query, tag, limit)])
    if name == n["describe"]:
        return Outcome([describe(model, _operation(model, args))])
    if name == n["call"]:
        tool = _operation(model, args)
        inner = args.get("arguments") or {}
        if not isinstance(inner, dict):
            raise InvalidArguments("arguments must be an object of the operation's arguments.")
        merged = {**inner, **{k: args[k] for k in CONTROLS if k in args}}
        return await runtime.call_tool(tool, merged, scope)
    known = ", ".join([*n.values(), model.continue_tool_name])
    raise UnknownTool(f"Unknown tool {name!r}. This server's tools: {known}.")


@dataclass(frozen=True)
class Listed:
    """What tools/list shows of a tool (the attributes the MCP adapter reads)."""

    name: str
    title: str
    description: str
    input_schema: dict[str, Any]
    annotations: dict[str, Any]


def listed_tools(model: ServerModel) -> Sequence[Listed | Tool]:
    """The tools ``tools/list`` shows before the continue tool: the operations in per-op mode,
    the meta tools in meta mode, search and execute in code mode (codemode/tools.py)."""
    if model.mode == "code":
        from .codemode.tools import code_tools

        return [Listed(**entry) for entry in code_tools(model)]
    if model.mode != "meta":
        return model.tools
    return [Listed(**entry) for entry in meta_tools(model)]
