"""Run an agent's script in the pydantic-monty sandbox, one worker per execute.

The script runs in a ``monty`` worker subprocess (Monty: a Python interpreter written for
untrusted code; no ``open``, no ``__import__``, no dunder attributes, no ``eval`` of host
objects). This module drives it step by step (``feed_start``/``resume``), so every way out of
the interpreter comes back here and is answered on purpose:

* a call of an unknown name -> ``host(name, args, kwargs, line)`` (the API's functions,
  calls.py); a name the host does not know raises ``NameError`` in the script;
* an OS call (files, environment, clock sleeps routed to the host, imports of modules Monty
  does not bundle) -> ``PermissionError`` / ``ModuleNotFoundError``: no filesystem, no network;
* imports of bundled modules are checked before the script runs: only json, re, datetime
  and math.

Limits: wall time (``anyio.fail_after`` over the whole run, upstream calls included, and the
interpreter's own execution-time limit), memory (the worker's heap limit), and the size of the
value the script returns. A breach ends the script with a ``ScriptError`` naming the limit and
the variable that raises it; the worker is discarded, the server keeps serving.
"""

from __future__ import annotations

import ast
import base64
import datetime
import json
import math
import re
from dataclasses import dataclass
from typing import Any, Awaitable, Callable

import anyio

from ..config.code_limits import CodeLimits
from .signatures import ALLOWED_IMPORTS

SCRIPT_NAME = "script.py"
PRINT_BYTES = 64 * 1024  # print() output kept (a note of the result); more is a MemoryError
EXTRA = "code"  # the generated package's extra that brings pydantic-monty


class ScriptError(Exception):
    """The script cannot run or did not finish: the message is the tool's error text."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Raise(Exception):
    """Raised by a host function: raise ``kind(message)`` inside the script (it may catch it)."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.message = message


class Stop(Exception):
    """Raised by a host function: end the script now with this error (a limit was hit)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Pause(Exception):
    """Raised by a host function: the user must be asked between two requests (2026-07-28).
    ``run`` fills in ``blob`` (the paused interpreter, ``snapshot.dump()``) and ``printed``;
    ``run(..., resume=blob)`` continues it at the same call, in a new worker."""

    def __init__(self, question: Any, tool: str, arguments: dict[str, Any]):
        super().__init__(tool)
        self.question = question
        self.tool = tool
        self.arguments = arguments
        self.blob = b""
        self.printed = ""


Host = Callable[[str, tuple[Any, ...], dict[str, Any], int], Awaitable[Any]]


@dataclass(frozen=True)
class Finished:
    value: Any  # JSON-ready
    printed: str


def missing_sandbox(dist_name: str) -> str | None:
    """None when the sandbox is installed; else the one line that says what to install."""
    try:
        import pydantic_monty  # noqa: F401
    except ImportError:
        return (
            f"code mode needs the sandbox: pip install '{dist_name}[{EXTRA}]' "
            "(it brings pydantic-monty)"
        )
    return None


def check_imports(code: str) -> None:
    """Refuse imports beyond the allow-list before anything runs (with the line)."""
    try:
        tree = ast.parse(code)
    except SyntaxError as exc:  # the sandbox's own parser has the last word; imports by text
        for number, line in enumerate(code.splitlines(), 1):
            found = re.match(r"\s*(?:from\s+([\w.]+)\s+import|import\s+([\w., ]+))", line)
            if found:
                names = (found[1] or found[2]).replace(" ", "").split(",")
                _allowed(names, number)
        del exc
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            _allowed([a.name for a in node.names], node.lineno)
        elif isinstance(node, ast.ImportFrom):
            _allowed([node.module or "."] if not node.level else ["."], node.lineno)


def _allowed(modules: list[str], line: int) -> None:
    for module in modules:
        if module.split(".")[0] not in ALLOWED_IMPORTS:
            raise ScriptError(
                f"line {line}: import of {module!r} refused: scripts may import only "
                f"{', '.join(ALLOWED_IMPORTS)} (no files, network or system access)."
            )


def line_of(code: str, offset: int) -> int:
    return code.encode("utf-8")[:offset].count(b"\n") + 1


def to_json(value: Any, depth: int = 0) -> Any:
    """The script's value as JSON: tuples and sets as lists, dates as ISO 8601 text."""
    if depth > 200:
        raise ScriptError("the script's result is nested more than 200 levels deep.")
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, dict):
        return {str(k): to_json(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v, depth + 1) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((to_json(v, depth + 1) for v in value), key=repr)
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return value.total_seconds()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    return repr(value)


def _limit_message(text: str, limits: CodeLimits, prefix: str) -> str | None:
    if "memory limit" in text:
        return (
            f"the script used more than {limits.max_memory:,} bytes of memory "
            f"({prefix}_CODE_MAX_MEMORY); work on fewer items at a time."
        )
    if "time limit exceeded" in text:
        return (
            f"the script ran longer than {limits.timeout:g} s ({prefix}_CODE_TIMEOUT); "
            "look for an endless loop, or make fewer calls."
        )
    return None


def _failure(exc: Any, code: str, limits: CodeLimits, prefix: str) -> ScriptError:
    """A MontyError as the tool's error: the exception, where it happened in the script."""
    try:
        text = exc.display("type-msg")
    except Exception:  # a crash or disconnect has no display
        text = str(exc)
    limit = _limit_message(text, limits, prefix)
    if limit is not None:
        return ScriptError(f"Stopped: {limit}")
    frames = []
    try:
        frames = list(exc.traceback())  # the script's own frames (a feed is "<python-input-N>")
    except Exception:  # a crash has none
        pass
    where = f" at line {frames[-1].line}" if frames else ""
    source = (frames[-1].source_line or "").strip() if frames else ""
    shown = f" ({source})" if source else ""
    return ScriptError(f"The script failed{where}{shown}: {text}")


async def run(
    code: str, host: Host, limits: CodeLimits, prefix: str, resume: bytes | None = None
) -> Finished:
    """Run ``code``; its last expression's value (JSON-ready) and what it printed.
    ``resume``: a paused run's ``Pause.blob``, continued at the call it paused at (the host is
    asked about that call again). Raises ``Pause`` when the host does."""
    check_imports(code)
    try:
        from pydantic_monty import (
            AsyncFunctionSnapshot,
            AsyncFutureSnapshot,
            AsyncMonty,
            AsyncNameLookupSnapshot,
            CollectString,
            MontyComplete,
            MontyError,
        )
    except ImportError:
        raise ScriptError(
            f"The sandbox is not installed: install the package's [{EXTRA}] extra "
            "(pydantic-monty)."
        ) from None

    printed = CollectString(max_bytes=PRINT_BYTES)
    sandbox_limits: Any = {
        "max_feed_duration_secs": limits.timeout,
        "max_memory": limits.max_memory,
        "max_suspensions": 100_000,
    }
    try:
        with anyio.fail_after(limits.timeout):
            async with AsyncMonty(
                min_processes=1, max_processes=1, request_timeout=limits.timeout + 5
            ) as pool:
                async with pool.checkout(script_name=SCRIPT_NAME, limits=sandbox_limits) as s:
                    if resume is not None:
                        snap: Any = await s.load_snapshot(resume, print_callback=printed)
                    else:
                        snap = await s.feed_start(code, print_callback=printed)
                    while not isinstance(snap, MontyComplete):
                        if isinstance(snap, AsyncFunctionSnapshot):
                            snap = await _answer(snap, code, host)
                        elif isinstance(snap, AsyncNameLookupSnapshot):
                            snap = await snap.resume()  # unknown name: NameError
                        elif isinstance(snap, AsyncFutureSnapshot):
                            raise ScriptError(
                                "The script awaits a future: the API's functions are plain "
                                "calls (no await, no asyncio)."
                            )
                        else:
                            raise ScriptError(f"The sandbox paused unexpectedly ({snap!r}).")
                    output = snap.output
    except TimeoutError:
        raise ScriptError(
            f"Stopped: the script ran longer than {limits.timeout:g} s, upstream calls "
            f"included ({prefix}_CODE_TIMEOUT); make fewer calls or ask for less."
        ) from None
    except MontyError as exc:
        raise _failure(exc, code, limits, prefix) from None
    except Stop as exc:
        raise ScriptError(f"Stopped: {exc.message}") from None
    except Pause as exc:
        exc.printed = printed.output
        raise
    value = to_json(output)
    size = len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())
    if size > limits.max_result_bytes:
        raise ScriptError(
            f"Stopped: the script's result is {size:,} bytes of JSON, more than "
            f"{limits.max_result_bytes:,} ({prefix}_CODE_MAX_RESULT_BYTES); return only the "
            "fields and items you need."
        )
    return Finished(value, printed.output)


async def _answer(snap: Any, code: str, host: Host) -> Any:
    """Answer one call out of the interpreter."""
    line = line_of(code, snap.position.start)
    if snap.is_os_function:
        name = str(snap.function_name)
        if name == "import":
            module = str(snap.args[0]) if snap.args else "?"
            return await snap.resume(
                {
                    "exc_type": "ModuleNotFoundError",
                    "message": f"line {line}: no module {module!r} here: scripts may import "
                    f"only {', '.join(ALLOWED_IMPORTS)}",
                }
            )
        return await snap.resume(
            {
                "exc_type": "PermissionError",
                "message": f"line {line}: {name} refused: scripts have no files, network, "
                "environment or system access; call the API's functions",
            }
        )
    try:
        value = await host(str(snap.function_name), tuple(snap.args), dict(snap.kwargs), line)
    except Raise as exc:
        return await snap.resume({"exc_type": exc.kind, "message": exc.message})
    except Pause as exc:
        exc.blob = snap.dump()  # the interpreter, paused at this very call
        raise
    return await snap.resume({"return_value": value})
