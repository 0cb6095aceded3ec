"""Each row of the yardstick called through a generated server's real runtime.

Per API: the description is loaded as ``generate`` loads it (``pipeline.load_with_overlay``,
no overlay) and the runtime's tools are built (``preview/tools.py``). Per row: the tool of the
row's operation is called through ``ServerRuntime.call`` with the values of its required
arguments (``breadth.arguments_for``: a write gets a request body built from its input
schema) against a local upstream on 127.0.0.1 serving the row's body (a GraphQL document is
answered with the body projected onto its selection: ``graphql_answer.py``); the result the
agent receives is parsed and scored (``scoring.py``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...diagnostics import GenerationError
from ...preview.synthesize import SPEC_EXAMPLE, ExampleFinder
from ..breadth import FALLBACK_NOTE, REPAIRED_LOG, _Warnings, arguments_for
from ..upstream import LocalUpstream
from .data import Api, Row, Yardstick, recorded_body, spec_path
from ..graphql_answer import answer
from ..graphql_body import body_for
from .scoring import Score, score


@dataclass
class Result:
    row: Row
    half: str
    body_source: str = ""  # recorded | spec example | synthesized
    score: Score | None = None
    error: str | None = None  # why the row has no score
    fallback: bool = False  # the run-time invariants replaced the defaults (generic projection)
    repaired: bool = False  # the server read the defaults again from the response (it warned)


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]


def find_tool(spec: Any, model: Any, row: Row) -> Any:
    """The runtime tool of the row's operation (None when the description has none)."""
    verb, target = row.op.split(" ", 1)
    for op in spec.operations:
        b = op.binding
        if b.kind == "http" and (b.method.upper(), b.path) == (verb, target):
            return model.tool(op.tool_name), op
        if b.kind == "graphql" and (b.operation_type, b.field_path) == (verb, target):
            return model.tool(op.tool_name), op
    return None, None


def run(yardstick: Yardstick, rows: list[Row], external: Path | None) -> list[Result]:
    from ...pipeline import load_with_overlay
    from ...preview.tools import tools_of

    results: list[Result] = []
    by_api: dict[str, list[Row]] = {}
    for row in rows:
        by_api.setdefault(row.api, []).append(row)
    with LocalUpstream() as upstream:
        for name, api_rows in by_api.items():
            api = yardstick.apis[name]
            path = spec_path(api, external)
            if path is None:
                why = (
                    f"description not in the repository: pass --external DIR holding {api.external}"
                )
                results += [Result(r, api.half, error=why) for r in api_rows]
                continue
            try:
                spec, _ = load_with_overlay(path, overlay_path=None)
                model, _pairs = tools_of(spec)
            except GenerationError as exc:
                why = f"description did not load: {_first_line(exc)}"
                results += [Result(r, api.half, error=why) for r in api_rows]
                continue
            finder = ExampleFinder(path)
            work = [_prepare(row, api, spec, model, finder, path) for row in api_rows]
            with tempfile.TemporaryDirectory() as tmp:
                schema = None
                if api.protocol == "GraphQL":  # the SDL a generated package ships
                    from ...render.graphql_sdl import SCHEMA_FILE, shipped_sdl

                    schema = Path(tmp) / SCHEMA_FILE
                    schema.write_text(shipped_sdl(spec), encoding="utf-8")
                results += asyncio.run(_call_all(model, work, upstream, api, schema))
    order = {row.id: i for i, row in enumerate(rows)}
    return sorted(results, key=lambda r: order[r.row.id])


def _prepare(
    row: Row, api: Api, spec: Any, model: Any, finder: ExampleFinder, spec_file: Path
) -> tuple:
    result = Result(row, api.half)
    tool, op = find_tool(spec, model, row)
    if tool is None:
        result.error = f"no tool for {row.op} in the description"
        return result, None, None
    body, result.body_source = body_of(row, op, finder, api, spec_file)
    if body is None:
        result.error = "no body: the description has no example or schema for it"
    return result, tool, body


def body_of(row: Row, op: Any, finder: ExampleFinder, api: Api, spec_file: Path) -> tuple[Any, str]:
    """The row's upstream body and where it came from."""
    if row.body != "spec":
        return recorded_body(row), "recorded"
    if api.protocol == "GraphQL":  # a GraphQL schema has no examples
        return body_for(spec_file, row.op), "synthesized"
    example = finder.example(op) if op is not None else None
    if example is None:
        return None, ""
    kind = "spec example" if example.source.startswith(SPEC_EXAMPLE) else "synthesized"
    return example.value, kind


async def _call_all(
    model: Any, work: list[tuple], upstream: LocalUpstream, api: Api, schema: Path | None
) -> list[Result]:
    from ...runtime.config.settings import Settings
    from ...runtime.executor import ServerRuntime

    runtime = ServerRuntime(model, Settings(base_url=upstream.url, retries=0, read_timeout=10.0))
    if schema is not None:  # a GraphQL API's schema (the runtime is not inside a package)
        runtime.graphql_schema_path = schema
    out = []
    warnings = _Warnings(logging.getLogger(ServerRuntime.__module__))  # counted, not printed
    try:
        for result, tool, body in work:
            out.append(result)
            if result.error is not None:
                continue
            warnings.messages.clear()
            if api.protocol == "GraphQL":
                upstream.responder = lambda _m, _p, sent, value=body: answer(sent, value)
            else:
                upstream.responder = None
                upstream.serve(body)
            try:
                outcome = await runtime.call(tool.name, arguments_for(tool.input_schema))
            except Exception as exc:  # a crash of the runtime is a finding, not a stop
                result.error = f"crash: {type(exc).__name__}: {_first_line(exc)}"
                continue
            if outcome.is_error:
                text = outcome.parts[0] if outcome.parts else "error"
                result.error = " ".join(text.strip().splitlines()[:2])[:200]
                continue
            result.fallback = any(FALLBACK_NOTE in p for p in outcome.parts)
            result.repaired = any(REPAIRED_LOG in m for m in warnings.messages)
            try:
                shaped = json.loads(outcome.parts[0]) if outcome.parts else None
            except ValueError:
                shaped = outcome.parts[0]
            result.score = score(result.row, body, shaped, outcome.parts)
    finally:
        warnings.close()
        upstream.responder = None
        await runtime.aclose()
    return out
