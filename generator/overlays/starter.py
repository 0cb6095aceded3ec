"""The starter overlay printed by ``mcpforge init SPEC``: YAML with comments, for the user to edit.

It shows the effective budgets under ``defaults`` and, per operation, the kind the loader read
(commented: ``kind`` is only needed to correct it) and its heuristic default fields as
``include:``. Loading it back and applying it to the same ServerSpec gives no
diagnostics and the same default fields. Output is deterministic (operations in spec order).
"""

from __future__ import annotations

import re

import yaml

from ..ir.models import HttpBinding, OperationSpec, ServerSpec
from .apply import merge_limits
from .model import BUILTIN_LIMITS, LIMIT_KEYS

_PLAIN = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.\-/]*$")
_COMMENT_COL = 34

_LIMIT_NOTES = {
    "max_chars": "longest string kept in concise output",
    "max_chars_detailed": "longest string with detail_level=detailed",
    "truncation_marker": "appended where a string is cut",
    "chunk_threshold_tokens": "responses above this are chunked",
    "chunk_tokens": "tokens per chunk (<= threshold)",
    "encoding": "o200k_base | cl100k_base",
    "continuation_ttl": "seconds a continuation stays valid",
}


# What the kind the generator read means for the default fields (runtime/shaping/kinds.py).
KIND_NOTES = {
    "read": "read from the description; shaped as a read",
    "search": "a search: its answer is a list of hits",
    "create": "answers with what it created: shaped as a read of it",
    "update": "answers with what it changed: shaped as a read of it",
    "delete": "answers with what it deleted: shaped as a read of it",
    "generate": "answers with content made for the caller: always kept",
    "acknowledge": "answers with a bare status: shown whole",
}


def scalar(text: str) -> str:
    """A YAML scalar for ``text``: plain when that reads back identically, else double-quoted."""
    if _PLAIN.match(text) and yaml.safe_load(text) == text:
        return text
    quoted = yaml.safe_dump(text, default_style='"', width=1 << 30, allow_unicode=True)
    return quoted.rstrip("\n")


def _comment(text: str, limit: int = 90) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def _line(code: str, note: str = "") -> str:
    if not note:
        return code
    return f"{code.ljust(_COMMENT_COL - 2)}  # {_comment(note)}"


def starter_overlay(spec: ServerSpec) -> str:
    """YAML text of a starter overlay for ``spec``."""
    title = _comment(spec.title or spec.name, 60)
    out = [
        f"# mcpforge overlay for {title} ({len(spec.operations)} operations), written by `mcpforge init`.",
        "# Every key is optional: edit what you need, delete the rest. Reference: mcpforge init --format",
        "",
        _line(f"# name: {scalar(spec.name)}", "package slug (--name wins)"),
        f"# version: {scalar(spec.version or '0.1.0')}",
    ]
    if spec.base_url:
        out.append(_line(f"# base_url: {scalar(spec.base_url)}", "default upstream URL"))
    out.append(
        _line("# repository: https://github.com/OWNER/REPO", "server.json; MCP registry name")
    )
    out += [
        "",
        _line("# auth:", "credentials, when the description declares none"),
        _line("#   - type: bearer", "bearer | api_key | basic"),
        "#     env: API_TOKEN",
        "",
        "defaults:",
    ]
    limits = merge_limits(BUILTIN_LIMITS, spec.limits)
    for key in LIMIT_KEYS:
        value = getattr(limits, key)
        text = scalar(value) if isinstance(value, str) else str(value)
        out.append(_line(f"  {key}: {text}", _LIMIT_NOTES[key]))
    out += ["", *_select_hint(spec), "", *_resources_hint(spec), ""]
    if not spec.operations:
        out.append("operations: {}")
        return "\n".join(out) + "\n"
    out.append(_line("operations:", "keyed by operationId; fields are dot paths"))
    for op in spec.operations:
        out += _operation(op)
    return "\n".join(out) + "\n"


def _select_hint(spec: ServerSpec) -> list[str]:
    tags = sorted({tag for op in spec.operations for tag in op.tags})
    lines = [_line("# select:", "which operations become tools (default: all)")]
    if tags:
        lines.append(f"#   include: [{scalar('tag:' + tags[0])}]")
        lines.append(f"#   # tags: {_comment(', '.join(tags), 80)}")
    else:
        lines.append('#   include: ["path:/some/prefix/*"]')
    lines.append('#   exclude: ["method:DELETE"]')
    return lines


def _resources_hint(spec: ServerSpec) -> list[str]:
    for op in spec.operations:
        shape = op.response
        if shape.schema_name and shape.default_fields:
            fields = ", ".join(scalar(f) for f in shape.default_fields[:3])
            return [
                _line("# resources:", "field config for every operation returning a schema"),
                f"#   {scalar(shape.schema_name)}: {{include: [{fields}]}}",
            ]
    return []


def _operation(op: OperationSpec) -> list[str]:
    where = ""
    if isinstance(op.binding, HttpBinding):
        where = f"{op.binding.method.upper()} {op.binding.path}"
    else:
        where = f"{op.binding.operation_type} {op.binding.field_path}"
    summary = f"{where}: {op.title}" if op.title and op.title != where else where
    lines = [_line(f"  {scalar(op.id)}:", summary), f"    # tool_name: {scalar(op.tool_name)}"]
    lines.append(_line(f"    # kind: {op.kind}", KIND_NOTES.get(op.kind, "what it does")))
    shape = op.response
    if shape.collection_path is not None:
        what = "the body is the list" if shape.collection_path == "" else "key of the item list"
        lines.append(_line(f"    # collection: {scalar(shape.collection_path)}", what))
    if shape.default_fields:
        fields = ", ".join(scalar(f) for f in shape.default_fields)
        lines.append(f"    include: [{fields}]")
    elif shape.field_tree is None:
        lines.append(_line("    # include: []", "the description does not describe the response"))
    else:
        lines.append(_line("    # include: []", "no default fields: all fields are returned"))
    return lines
