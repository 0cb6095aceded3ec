"""Operations as Python functions: their names and the signatures ``search`` shows.

A function is named after its per-operation tool (``issues_list_for_repo``); a tool name that
is not a Python identifier, or that a builtin or keyword would shadow, is adapted
(``list`` -> ``list_op``). A signature shows every argument with its type, the required ones
first, then what the call returns: the tool's default fields and their types (the function
returns the whole parsed answer; these are the fields worth reading).
"""

from __future__ import annotations

import builtins
import keyword
import re
from dataclasses import dataclass, field
from typing import Any

from ..model import ServerModel, Tool

CONTROLS = ("fields", "detail_level", "response_format")  # execute's, not the functions'
PAGES_FUNCTION = "all_pages"
ALLOWED_IMPORTS = ("json", "re", "datetime", "math")
RESERVED = frozenset(set(keyword.kwlist) | set(dir(builtins)) | {PAGES_FUNCTION, *ALLOWED_IMPORTS})
ENUM_SHOWN = 4
DESCRIPTION_CHARS = 100
RETURN_FIELDS = 10
_SCALARS = {
    "string": "str",
    "integer": "int",
    "number": "float",
    "boolean": "bool",
    "null": "None",
    "object": "dict",
    "array": "list",
}


def function_name(tool_name: str) -> str:
    name = re.sub(r"\W", "_", tool_name)
    if not name or name[0].isdigit():
        name = "op_" + name
    return name + "_op" if name in RESERVED else name


def functions(model: ServerModel) -> dict[str, Tool]:
    """Function name -> operation, for every tool of the server (kept on the model)."""
    found = model.__dict__.get("_code_functions")
    if found is None:
        found = {}
        for tool in model.tools:
            name = function_name(tool.name)
            while name in found:  # two tool names that adapt alike: the later one gets a suffix
                name += "_"
            found[name] = tool
        object.__setattr__(model, "_code_functions", found)
    return found


def name_of(model: ServerModel, tool: Tool) -> str:
    for name, candidate in functions(model).items():
        if candidate is tool:
            return name
    return function_name(tool.name)


def arguments(tool: Tool) -> list[tuple[str, dict[str, Any], bool]]:
    """(name, schema, required) of the function's keyword arguments, the required ones first."""
    schema = tool.validation_schema or tool.input_schema
    props = {k: v for k, v in (schema.get("properties") or {}).items() if k not in CONTROLS}
    required = [k for k in schema.get("required") or () if k in props]
    optional = sorted(k for k in props if k not in required)
    return [(k, props[k], True) for k in required] + [(k, props[k], False) for k in optional]


def type_of(schema: Any, depth: int = 0) -> str:
    """A short Python-like type of a JSON schema: ``str``, ``'open'|'closed'``, ``list[int]``."""
    if not isinstance(schema, dict):
        return "any"
    if "const" in schema:
        return repr(schema["const"])
    enum = schema.get("enum")
    if isinstance(enum, list) and enum:
        shown = "|".join(repr(v) for v in enum[:ENUM_SHOWN])
        return shown + ("|…" if len(enum) > ENUM_SHOWN else "")
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if isinstance(branches, list) and branches and depth < 3:
            kinds = list(dict.fromkeys(type_of(b, depth + 1) for b in branches))
            return "|".join(kinds[:3]) + ("|…" if len(kinds) > 3 else "")
    kind = schema.get("type")
    if isinstance(kind, list):
        return "|".join(_SCALARS.get(k, "any") for k in kind if isinstance(k, str)) or "any"
    if kind == "array" and depth < 3:
        return f"list[{type_of(schema.get('items'), depth + 1)}]"
    return _SCALARS.get(kind, "any") if isinstance(kind, str) else "any"


def _leaf_type(leaf: Any) -> str:
    """A field tree leaf (``"integer"``, ``"string:uri"``, ``["any"]``) as a Python type."""
    if isinstance(leaf, list):
        return f"list[{_leaf_type(leaf[0]) if leaf else 'any'}]"
    if isinstance(leaf, dict):
        return "dict"
    base = str(leaf).split(":", 1)[0]
    return _SCALARS.get(base, "any")


@dataclass
class _Group:
    """An object (or an array of objects) on the way to a default field."""

    array: bool
    members: dict[str, Any] = field(default_factory=dict)


def _field_shape(tree: Any, paths: tuple[str, ...]) -> str:
    """``{number: int, user: {login: str}, labels: [{name: str}], …}`` for default paths."""
    root: dict[str, Any] = {}
    for path in paths[:RETURN_FIELDS]:
        node, where = tree, root
        parts = path.split(".")
        for i, part in enumerate(parts):
            node = node.get(part) if isinstance(node, dict) else None
            if i == len(parts) - 1:
                where.setdefault(part, node)
                break
            group = where.get(part)
            if not isinstance(group, _Group):
                group = where[part] = _Group(isinstance(node, list))
            where = group.members
            while isinstance(node, list):  # through arrays (labels.name)
                node = node[0] if node else None

    def render(members: dict[str, Any]) -> str:
        items = []
        for key, value in members.items():
            if isinstance(value, _Group):
                inner = render(value.members)
                items.append(f"{key}: [{inner}]" if value.array else f"{key}: {inner}")
            else:
                items.append(f"{key}: {_leaf_type(value)}")
        return "{" + ", ".join(items) + ", …}"

    return render(root)


def pageable(tool: Tool) -> bool:
    """Paged upstream: a REST operation with a pagination style, or a GraphQL connection
    (its items under ``nodes``) taking an ``after`` cursor."""
    if tool.binding.kind == "graphql":
        return tool.response.collection_path == "nodes" and any(
            p.location == "graphql" and p.wire == "after" for p in tool.params
        )
    return bool(tool.pagination)


def returns(tool: Tool) -> str:
    resp = tool.response
    item = _field_shape(resp.field_tree, resp.default_fields) if resp.default_fields else "dict"
    if resp.collection_path == "":
        return f"list[{item}]"
    if resp.collection_path:
        return f"{{{resp.collection_path}: list[{item}], …}}"
    if resp.envelope_path:
        return f"{{{resp.envelope_path}: {item}, …}}"
    return item


def summary(tool: Tool) -> str:
    text = re.split(r"(?<=[a-z0-9)])[.!?](?:\s|$)|\n", tool.description.strip(), maxsplit=1)[0]
    if len(text) > DESCRIPTION_CHARS:
        text = text[: DESCRIPTION_CHARS - 1].rsplit(" ", 1)[0] + "…"
    return text


def signature(model: ServerModel, tool: Tool) -> str:
    """Two lines: the call with its arguments and what it returns; what it does and how."""
    args = []
    for name, schema, required in arguments(tool):
        text = f"{name}: {type_of(schema)}"
        if not required:
            default = schema.get("default") if isinstance(schema, dict) else None
            text += f" = {default!r}" if default is not None else " = None"
        args.append(text)
    fn = name_of(model, tool)
    head = f"{fn}({', '.join(args)}) -> {returns(tool)}"
    binding = tool.binding
    where = (
        f"{binding.method} {binding.path}"
        if binding.kind == "http"
        else f"{binding.operation_type} {binding.field_path}"
    )
    notes = [where]
    if pageable(tool):
        notes.append(f'paged: {PAGES_FUNCTION}("{fn}", ...) walks every page')
    if tool.annotations.get("destructiveHint"):
        notes.append("destructive")
    return f"{head}\n    {summary(tool)} ({'; '.join(notes)})"
