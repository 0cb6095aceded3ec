"""The API's functions inside a script: each call goes the way a tool call goes.

``issues_list_for_repo(owner="o", repo="r", state="open")`` in a script is answered here:
the arguments are validated against the operation's listed schema (an error names the
function, the argument and the script's line), the caller's scopes are checked, an operation
the operator wants confirmed is asked about (``CONFIRM``, set by the MCP adapter: elicitation,
refused when the client cannot ask), and the request goes through the executor's
``send_call`` (hooks, credentials, retries, timeouts). The answer comes back parsed (JSON, or
XML as JSON would give it), redacted, and filtered by the server's filter set, never raw: the
filter is the operator's policy, so a script cannot get around it either.

A GraphQL operation (a query or mutation the per-operation tools expose) is a function the
same way: its arguments validated against the listed schema, confirmed when destructive, then
compiled into a document selecting the tool's default fields (graphql/graphql_call.py's
``build_request``, validated against the shipped schema with the variables) and POSTed by
``send_graphql``; the function returns the field's value (a Relay connection flattened to
``{..., pageInfo, nodes: [...]}``). Errors without data raise ``RuntimeError`` in the script;
partial data comes back with a note on the result.

``all_pages("issues_list_for_repo", owner=..., max_pages=10)`` walks the upstream pages
(``upstream/pagination.py``; a GraphQL connection by its ``after`` cursor) and returns every
item. Each request, page or not, counts toward ``<PREFIX>_CODE_MAX_CALLS``.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ..arguments import Controls, validate_arguments
from ..config.redaction import redact_json
from ..config.scopes import check_call
from ..errors import InvalidArguments, ToolCallError, UpstreamError
from ..filters import apply_filter
from ..model import Tool
from ..outcome import ToolRunner
from ..output import plan_for, shape_config_for
from ..shaping.payload import project_payload
from ..shaping.truncate import loads as parse_json
from ..upstream.http_call import UpstreamResponse
from ..upstream.media import XML, media_kind
from ..upstream.pagination import next_arguments
from ..upstream.xml_body import XmlBodyError, parse_xml
from .sandbox import Pause, Raise, Stop
from .signatures import CONTROLS, PAGES_FUNCTION, arguments, functions, pageable

DEFAULT_PAGES = 10
PAUSED = "mcpforge/code-confirm/v1:"  # the requestState of a script paused for a question


@dataclass(frozen=True)
class Ask:
    """The user must be asked between two requests (2026-07-28 ``input_required``):
    ``question`` is what the MCP adapter returns (the script pauses until the answer)."""

    question: Any


class Confirm(Protocol):
    """Asks the user about a call the operator wants confirmed (mcp/script_confirm.py)."""

    resumed: str | None  # a paused script's store id, when this request answers its question

    async def ask(self, tool: Tool, arguments: dict[str, Any]) -> str | None | Ask:
        """None: go ahead; a text: the refusal (nothing is sent); Ask: pause and ask."""
        ...

    def decision(self, tool: Tool) -> str | None | Ask:
        """The answer this request brings: None (allowed), a refusal, Ask (none: ask again)."""
        ...


# Set per execute by the MCP adapter (mcp/mcp_adapter.py); unset, nothing is asked (as
# ServerRuntime.call does for a per-operation tool).
CONFIRM: ContextVar[Confirm | None] = ContextVar("mcpforge_code_confirm", default=None)


class ScriptQuestion(Exception):
    """A script paused for the user's answer: the adapter returns ``question`` with
    ``request_state`` = ``state`` (sealed by the SDK); the client calls execute again with the
    same code, the answer and that state, and the script goes on where it stopped."""

    def __init__(self, question: Any, state: str):
        super().__init__(state)
        self.question = question
        self.state = state


def digest(arguments: dict[str, Any]) -> str:
    text = json.dumps(arguments, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class ScriptCalls:
    """The host side of one execute: the functions a script calls, and their count."""

    def __init__(self, runtime: ToolRunner, search_tool: str):
        self.runtime = runtime
        self.search_tool = search_tool
        self.calls = 0
        self.functions = functions(runtime.model)
        self.confirm = CONFIRM.get()
        self.notes: list[str] = []  # what the result should say (GraphQL partial data)
        # a paused script's answered call: (tool, digest of its arguments, the answer)
        self.decided: tuple[str, str, str | None] | None = None

    async def __call__(
        self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any], line: int
    ) -> Any:
        if name == PAGES_FUNCTION:
            if not args or not isinstance(args[0], str) or len(args) > 1:
                raise Raise(
                    "TypeError",
                    f"line {line}: {PAGES_FUNCTION}() takes the function's name and its "
                    f'arguments: {PAGES_FUNCTION}("list_things", owner="...", max_pages=5)',
                )
            pages = kwargs.pop("max_pages", DEFAULT_PAGES)
            if not isinstance(pages, int) or isinstance(pages, bool) or pages < 1:
                raise Raise("ValueError", f"line {line}: max_pages must be a positive integer")
            return await self._all_pages(args[0], kwargs, pages, line)
        tool = self._tool(name, line)
        if args:
            raise Raise(
                "TypeError",
                f"line {line}: {name}() takes keyword arguments only, e.g. {name}("
                + ", ".join(f"{a}=..." for a, _, req in arguments(tool) if req)
                + ")",
            )
        api_args = await self._checked(name, tool, kwargs, line)
        if tool.binding.kind == "graphql":
            value, _ = await self._graphql(name, tool, api_args, line)
            return value
        response = await self._send(name, tool, api_args, line)
        return self._parsed(name, tool, response, line)

    def _tool(self, name: str, line: int) -> Tool:
        tool = self.functions.get(name)
        if tool is None:
            close = difflib.get_close_matches(name, list(self.functions), n=3, cutoff=0.6)
            hint = f" Did you mean: {', '.join(close)}?" if close else ""
            raise Raise(
                "NameError",
                f"line {line}: name {name!r} is not defined.{hint} Find the API's functions "
                f"with {self.search_tool}.",
            )
        return tool

    async def _checked(
        self, name: str, tool: Tool, kwargs: dict[str, Any], line: int
    ) -> dict[str, Any]:
        controls = sorted(set(kwargs) & set(CONTROLS))
        if controls:
            raise Raise(
                "TypeError",
                f"line {line}: {name}() got {', '.join(controls)}: functions return the whole "
                "parsed answer; pick fields in the script, or pass fields, detail_level and "
                "response_format to execute itself.",
            )
        try:
            args = validate_arguments(tool, kwargs)
        except InvalidArguments as exc:
            lines = [
                ln for ln in exc.message.splitlines()[1:] if not ln.startswith("Accepted arguments")
            ]
            accepted = ", ".join(a for a, _, _ in arguments(tool)) or "(none)"
            raise Raise(
                "TypeError",
                f"line {line}: Invalid arguments for {name}():\n"
                + "\n".join(lines)
                + f"\n{name} takes: {accepted}.",
            ) from None
        try:
            check_call(tool)  # the caller's token may call it (resource-server mode)
        except ToolCallError as exc:
            raise Raise("PermissionError", f"line {line}: {name}: {exc.message}") from None
        if self.confirm is not None:
            answer = await self.confirm.ask(tool, args)
            if isinstance(answer, Ask):
                decided, self.decided = self.decided, None  # an answer counts once
                if decided is None or decided[:2] != (tool.name, digest(args)):
                    raise Pause(answer.question, tool.name, args)
                answer = decided[2]
            if answer is not None:
                raise Raise("PermissionError", f"line {line}: {answer}")
        return args

    async def _send(
        self, name: str, tool: Tool, api_args: dict[str, Any], line: int
    ) -> UpstreamResponse:
        self._count(line)
        try:
            return await self.runtime.send_call(tool, api_args)
        except UpstreamError as exc:
            raise Raise("RuntimeError", f"line {line}: {name}: {exc.message}") from None
        except ToolCallError as exc:
            raise Raise("RuntimeError", f"line {line}: {name}: {exc.message}") from None

    def _count(self, line: int) -> None:
        limit = self.runtime.settings.code.max_calls
        if self.calls >= limit:
            prefix = self.runtime.model.env_prefix
            raise Stop(
                f"line {line}: the script made {limit} upstream calls, the most one execute "
                f"may make ({prefix}_CODE_MAX_CALLS); ask for more per call (a page size) or "
                "split the work."
            )
        self.calls += 1

    async def _graphql(
        self, name: str, tool: Tool, api_args: dict[str, Any], line: int
    ) -> tuple[Any, dict[str, Any] | None]:
        """One GraphQL call: the field's value (filtered like a REST answer) and the arguments
        of the next upstream page, when the field is a connection with one."""
        from ..graphql.graphql_call import (
            build_request,
            interpret,
            runtime_schema,
            send_graphql,
        )
        from ..upstream.answer_limits import check_json

        branches = plan_for(tool, self.runtime.settings.filter_set).branches
        try:
            request = build_request(
                runtime_schema(self.runtime), tool, api_args, Controls(), branches
            )
        except InvalidArguments as exc:
            raise Raise("TypeError", f"line {line}: {name}(): {exc.message}") from None
        self._count(line)
        try:
            response = await send_graphql(self.runtime, tool, request)
            text = self.runtime.body_text(response.body)
            if text.lstrip()[:1] in ("{", "["):
                check_json(text, self.runtime.settings.answer_limits, self.runtime.model.env_prefix)
            result = interpret(request, response.status, text)
        except (UpstreamError, ToolCallError) as exc:
            raise Raise("RuntimeError", f"line {line}: {name}: {exc.message}") from None
        self.notes.extend(f"{name} (line {line}): {note}" for note in result.notes)
        following = None
        if result.end_cursor is not None and request.cursor_arg is not None:
            following = {**api_args, request.cursor_arg: result.end_cursor}
        if result.value is None or not branches:
            return result.value, following  # the selection was the default fields
        return self._filtered(tool, result.value), following

    def _parsed(self, name: str, tool: Tool, response: UpstreamResponse, line: int) -> Any:
        body = response.body
        if not body.strip():
            return None  # 202/204, an empty write: nothing to return
        text = self.runtime.body_text(body)
        value: Any = text
        if response.is_json() or text.lstrip()[:1] in ("{", "["):
            try:
                value = parse_json(text)
            except (ValueError, RecursionError):
                try:  # JSON only before redaction: parse the original, redact the result
                    raw = parse_json(body.decode("utf-8", "replace"))
                    value = redact_json(raw, self.runtime.credentials.secrets.redact)
                except (ValueError, RecursionError):
                    if response.is_json():
                        raise Raise(
                            "ValueError",
                            f"line {line}: {name}: the upstream said the body is JSON but it "
                            "is not valid JSON",
                        ) from None
        elif response.is_xml() or (
            media_kind(tool.response.media_type) == XML and text.lstrip().startswith("<")
        ):
            try:
                value = parse_xml(text, tool.response.xml)
            except XmlBodyError as exc:
                raise Raise("ValueError", f"line {line}: {name}: {exc}") from None
        if isinstance(value, str):
            return value
        return self._filtered(tool, value)

    def _filtered(self, tool: Tool, value: Any) -> Any:
        """The server's filter set applied, as for a tool's answer; when it does not apply,
        the tool's default fields (never the raw payload)."""
        branches = plan_for(tool, self.runtime.settings.filter_set).branches
        if not branches:
            return value
        outcome = apply_filter(value, branches)
        if outcome.applied:
            return outcome.value
        config = replace(shape_config_for(tool), exclude=tool.response.exclude)
        return project_payload(value, config, list(tool.response.default_fields))

    async def _all_pages(
        self, name: str, kwargs: dict[str, Any], max_pages: int, line: int
    ) -> list[Any]:
        tool = self._tool(name, line)
        if not pageable(tool):
            raise Raise(
                "TypeError",
                f"line {line}: {name} is not paged upstream: call {name}(...) itself.",
            )
        args = await self._checked(name, tool, kwargs, line)
        if tool.binding.kind == "graphql":
            return await self._graphql_pages(name, tool, args, max_pages, line)
        items: list[Any] = []
        for _ in range(max_pages):
            response = await self._send(name, tool, args, line)
            value = self._parsed(name, tool, response, line)
            found = _items(tool, value)
            if found is None:
                raise Raise(
                    "ValueError",
                    f"line {line}: {name}: an upstream page held no list of items",
                )
            items.extend(found)
            following = next_arguments(tool, args, response.headers, value)
            if following is None or not found:
                break
            args = following
        return items

    async def _graphql_pages(
        self, name: str, tool: Tool, args: dict[str, Any], max_pages: int, line: int
    ) -> list[Any]:
        items: list[Any] = []
        for _ in range(max_pages):
            value, following = await self._graphql(name, tool, args, line)
            found = _items(tool, value)
            if found is None:
                raise Raise(
                    "ValueError",
                    f"line {line}: {name}: an upstream page held no list of items",
                )
            items.extend(found)
            if following is None or not found:
                break
            args = following
        return items


def _items(tool: Tool, body: Any) -> list[Any] | None:
    path = tool.response.collection_path
    found = body
    if path:
        for part in path.split("."):
            found = found.get(part) if isinstance(found, dict) else None
    return found if isinstance(found, list) else None
