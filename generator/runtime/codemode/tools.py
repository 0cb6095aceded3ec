"""Code mode's tools: ``<api>_search`` and ``<api>_execute`` (and the usual ``<api>_continue``).

``execute`` runs the script (sandbox.py) with the API's functions (calls.py) and shapes the
value of its last expression like any tool's answer (shaping/pipeline.py): every field the
script returned (it chose them), strings cut at ``max_chars`` (``detail_level``), rendered in
``response_format``, paged past the token threshold with ``<api>_continue``; ``fields`` picks
dot paths out of that value. What the script printed follows as a note.
"""

from __future__ import annotations

import base64
from dataclasses import replace
from typing import Any

from ..arguments import CONTROL_SCHEMAS, DETAIL_LEVELS, RESPONSE_FORMATS
from ..errors import InvalidArguments, UnknownTool
from ..model import Limits, ServerModel
from ..outcome import Outcome, ToolRunner
from .search import SEARCH_LIMIT, SEARCH_MAX, search
from .signatures import ALLOWED_IMPORTS, PAGES_FUNCTION

PRINT_SHOWN = 2000  # characters of print() output a result shows


def names(model: ServerModel) -> dict[str, str]:
    prefix = model.name.replace("-", "_")
    return {"search": f"{prefix}_search", "execute": f"{prefix}_execute"}


def code_tools(model: ServerModel) -> list[dict[str, Any]]:
    """The two tools as plain data: name, title, description, input_schema, annotations."""
    n = names(model)
    return [
        {
            "name": n["search"],
            "title": "Search operations",
            "description": (
                f"Find {model.title} API operations ({len(model.tools)}) for a task; returns "
                f"Python signatures to call in {n['execute']}."
            ),
            "input_schema": {
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "The task, in words"},
                    "limit": {"type": "integer", "minimum": 1, "maximum": SEARCH_MAX},
                },
                "required": ["query"],
                "additionalProperties": False,
            },
            "annotations": {"readOnlyHint": True, "openWorldHint": False},
        },
        {
            "name": n["execute"],
            "title": "Run a Python script",
            "description": (
                "Run Python calling operations as functions with keyword arguments; each "
                f"returns parsed JSON. {PAGES_FUNCTION}(name, **args) gets every page's items. "
                f"Import only {', '.join(ALLOWED_IMPORTS)}. The last expression is the result."
            ),
            "input_schema": {
                "type": "object",
                "properties": {"code": {"type": "string"}, **CONTROL_SCHEMAS},
                "required": ["code"],
                "additionalProperties": False,
            },
            "annotations": {"openWorldHint": True},
        },
    ]


async def call_code(runtime: ToolRunner, name: str, args: dict[str, Any], scope: str) -> Outcome:
    model = runtime.model
    n = names(model)
    if name == n["search"]:
        query = args.get("query")
        if not isinstance(query, str) or not query.strip():
            raise InvalidArguments("Pass query: the task in words, e.g. 'list open issues'.")
        limit = args.get("limit", SEARCH_LIMIT)
        limit = max(1, min(SEARCH_MAX, limit if isinstance(limit, int) else SEARCH_LIMIT))
        return Outcome([search(model, query, limit)])
    if name == n["execute"]:
        return await execute(runtime, args, scope)
    known = ", ".join([*n.values(), model.continue_tool_name])
    raise UnknownTool(f"Unknown tool {name!r}. This server's tools: {known}.")


def _controls(args: dict[str, Any]) -> tuple[str, list[str] | None, str, str]:
    extra = sorted(set(args) - {"code", *CONTROL_SCHEMAS})
    if extra:
        raise InvalidArguments(
            f"Unexpected argument(s) {', '.join(extra)}: execute takes code, fields, "
            "detail_level and response_format."
        )
    code = args.get("code")
    if not isinstance(code, str) or not code.strip():
        raise InvalidArguments("Pass code: a Python script whose last expression is the result.")
    fields = args.get("fields")
    if fields is not None and (
        not isinstance(fields, list) or not all(isinstance(f, str) for f in fields)
    ):
        raise InvalidArguments("fields must be a list of dot paths (strings).")
    detail = args.get("detail_level") or "concise"
    if detail not in DETAIL_LEVELS:
        raise InvalidArguments(f"detail_level must be one of {', '.join(DETAIL_LEVELS)}.")
    fmt = args.get("response_format") or "json"
    if fmt not in RESPONSE_FORMATS:
        raise InvalidArguments(f"response_format must be one of {', '.join(RESPONSE_FORMATS)}.")
    return code, fields, detail, fmt


def shape_config(limits: Limits) -> Any:
    from ..shaping.pipeline import ShapeConfig

    return ShapeConfig(
        max_chars=limits.max_chars,
        max_chars_detailed=limits.max_chars_detailed,
        truncation_marker=limits.truncation_marker,
        chunk_threshold_tokens=limits.chunk_threshold_tokens,
        chunk_tokens=limits.chunk_tokens,
        encoding=limits.encoding,
    )


async def execute(runtime: ToolRunner, args: dict[str, Any], scope: str) -> Outcome:
    from ..continuations.continuation import ContinuationError
    from ..shaping.pipeline import FieldSelectionError, shape
    from .calls import PAUSED, Ask, ScriptCalls, ScriptQuestion, digest
    from .sandbox import Pause, ScriptError, run

    code, fields, detail, fmt = _controls(args)
    model = runtime.model
    calls = ScriptCalls(runtime, names(model)["search"])
    blob: bytes | None = None
    printed = ""
    if calls.confirm is not None and calls.confirm.resumed is not None:
        try:  # the paused script this request answers about (single use: the page is served)
            page = await runtime.store.next_page(calls.confirm.resumed, scope)
            paused = (page.context or {})["code_pause"]
        except (ContinuationError, KeyError):
            return Outcome(
                [
                    "The script this answer is for is no longer paused (answered already, or "
                    "expired). Nothing more was sent; run execute again for a new question."
                ],
                is_error=True,
            )
        if paused["code"] != digest({"code": code}):
            return Outcome(["This answer is for another script."], is_error=True)
        tool = model.tool(paused["tool"])
        answer = calls.confirm.decision(tool) if tool is not None else None
        if not isinstance(answer, Ask):  # no answer: the call asks again when resumed
            calls.decided = (paused["tool"], paused["arguments"], answer)
        calls.calls = int(paused["calls"])
        blob, printed = base64.b64decode(page.text), str(paused.get("printed", ""))
    try:
        finished = await run(code, calls, runtime.settings.code, model.env_prefix, blob)
    except ScriptError as exc:
        return Outcome([exc.message], is_error=True)
    except Pause as pause:  # the user is asked between two requests: keep the paused script
        context = {
            "code_pause": {
                "code": digest({"code": code}),
                "tool": pause.tool,
                "arguments": digest(pause.arguments),
                "calls": calls.calls,
                "printed": printed + pause.printed,
            }
        }
        stored = await runtime.store.create(
            scope, [base64.b64encode(pause.blob).decode("ascii")], context
        )
        raise ScriptQuestion(pause.question, PAUSED + stored) from None
    finished = replace(finished, printed=printed + finished.printed)
    try:
        shaped = shape(
            finished.value,
            shape_config(model.limits),
            fields=fields or ["*"],
            detail_level=detail,
            response_format=fmt,
        )
    except FieldSelectionError as exc:
        return Outcome([str(exc)], is_error=True)
    notes = list(calls.notes) + list(shaped.notes)
    if finished.printed:
        shown = finished.printed[:PRINT_SHOWN]
        more = len(finished.printed) - len(shown)
        notes.append("[printed]\n" + shown + (f"… [{more} more chars]" if more else ""))
    return await runtime.paged(shaped.chunks, notes, scope, labels=shaped.labels)
