"""The MCP boundary: protocol types in, protocol types out. Nothing else imports ``mcp``.

Each result carries its payload once, as text content (compact JSON or Markdown), and no
``structured_content``/``output_schema``: a shaped, truncated or chunked response no longer
matches the upstream schema, and sending both a structured copy and a text copy would double
the tokens an agent pays for.
"""

from __future__ import annotations

import hashlib
import json
import logging
import warnings
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

from mcp import MCPDeprecationWarning
from mcp.server import Server, ServerRequestContext
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.provider import AccessToken, principal_components
from mcp.shared.jsonrpc_dispatcher import progress_token_from_params
from mcp.server.request_state import RequestStateBoundary, RequestStateSecurity
from mcp.types import (
    CallToolRequestParams,
    CallToolResult,
    InputRequiredResult,
    EmptyResult,
    ListToolsResult,
    PaginatedRequestParams,
    SetLevelRequestParams,
    TextContent,
    Tool,
    ToolAnnotations,
)

from ..codemode.calls import CONFIRM, ScriptQuestion
from ..config.scopes import GRANTED_SCOPES
from ..executor import ServerRuntime
from ..meta import listed_tools, target_operation
from ..model import ServerModel
from ..outcome import Outcome
from ..upstream.progress import REPORTER, Steps
from .confirmation import confirm, needs_confirmation
from .script_confirm import paused_question, script_confirmer
from .surface import CONTINUE_DESCRIPTION, CONTINUE_SCHEMA, CONTINUE_TITLE

log = logging.getLogger(__name__)


def to_mcp_tools(model: ServerModel) -> list[Tool]:
    tools = []
    for t in listed_tools(model):  # the operations, or meta mode's tools (meta.py)
        ann = t.annotations
        tools.append(
            Tool(
                name=t.name,
                title=t.title or None,
                description=t.description or None,  # lean surface: "" says nothing
                input_schema=t.input_schema,
                annotations=ToolAnnotations(
                    title=None,
                    read_only_hint=ann.get("readOnlyHint"),
                    destructive_hint=ann.get("destructiveHint"),
                    idempotent_hint=ann.get("idempotentHint"),
                    open_world_hint=ann.get("openWorldHint"),
                ),
            )
        )
    tools.append(
        Tool(
            name=model.continue_tool_name,
            title=CONTINUE_TITLE,
            description=CONTINUE_DESCRIPTION,
            input_schema=CONTINUE_SCHEMA,
            annotations=ToolAnnotations(read_only_hint=True, open_world_hint=False),
        )
    )
    return tools


def to_mcp_result(outcome: Outcome) -> CallToolResult:
    return CallToolResult(
        content=[TextContent(type="text", text=part) for part in outcome.parts if part != ""]
        or [TextContent(type="text", text="")],
        is_error=outcome.is_error,
    )


def principal_scope(token: AccessToken | None) -> str:
    """The continuation scope of a caller: a SHA-256 of the token's (client, issuer, subject),
    never the token. The same person keeps their continuations across token refreshes;
    another person's continuation ids read as unknown."""
    if token is None:
        return ""
    who = json.dumps(principal_components(token), separators=(",", ":"))
    return "auth:" + hashlib.sha256(who.encode("utf-8", "surrogatepass")).hexdigest()


def build_server(
    model: ServerModel,
    make_runtime: Any,
    *,
    tool_scopes: bool = False,
    request_state_keys: tuple[str, ...] = (),
) -> Server[Any]:
    """A low-level MCP server whose tools are the model's; ``make_runtime()`` -> ServerRuntime.
    ``tool_scopes``: refuse calls the caller's access token has no scopes for (HTTP with
    authorization; config/scopes.py). ``request_state_keys``: seal the state of confirmation
    questions (confirmation.py) with these, the same on every replica; () = a per-process key."""
    tools = to_mcp_tools(model)
    schemas = {t.name: t.input_schema for t in tools}
    listing = ListToolsResult(tools=tools)

    @asynccontextmanager
    async def lifespan(_: Server[Any]) -> AsyncIterator[dict[str, Any]]:
        runtime: ServerRuntime = make_runtime()
        try:
            yield {"runtime": runtime}
        finally:
            await runtime.aclose()

    async def list_tools(
        ctx: ServerRequestContext[Any], params: PaginatedRequestParams | None
    ) -> ListToolsResult:
        return listing

    async def call_tool(
        ctx: ServerRequestContext[Any], params: CallToolRequestParams
    ) -> CallToolResult | InputRequiredResult:
        runtime: ServerRuntime = ctx.lifespan_context["runtime"]
        tool = target_operation(model, params.name, params.arguments)
        if tool is not None and needs_confirmation(tool, runtime.settings.confirm_destructive):
            arguments = params.arguments or {}
            if model.mode == "meta":  # the operation's own arguments
                arguments = arguments.get("arguments") or {}
            answer = await confirm(ctx, params, tool, arguments, runtime.store.claim_once)
            if isinstance(answer, InputRequiredResult):
                return answer  # the client asks the user, then calls again
            if answer is not None:
                return to_mcp_result(Outcome([answer], True))
        token = get_access_token()  # set by the SDK's bearer middleware (http_auth.py)
        granted = frozenset(token.scopes) if token is not None and tool_scopes else None
        reset = GRANTED_SCOPES.set(granted)
        steps = None  # progress notifications, when the client sent a progress token
        if progress_token_from_params(ctx.params) is not None:
            steps = Steps(lambda n, message: ctx.session.report_progress(n, None, message))
        reset_progress = REPORTER.set(steps)
        # code mode: the operations a script calls are confirmed as they come (script_confirm.py)
        reset_confirm = CONFIRM.set(
            script_confirmer(ctx, params, runtime.settings, runtime.store.claim_once)
        )
        try:
            outcome = await runtime.call(
                params.name, dict(params.arguments or {}), scope=principal_scope(token)
            )
        except ScriptQuestion as paused:  # code mode: the script waits for the user's answer
            return paused_question(paused.question, paused.state)
        except Exception as exc:  # the server never crashes on a call; the agent gets a message
            log.exception("tool %s failed", params.name)
            text = runtime.credentials.secrets.redact(f"{type(exc).__name__}: {exc}")
            outcome = Outcome(
                [f"Internal error in the MCP server while calling {params.name}: {text}"], True
            )
        finally:
            GRANTED_SCOPES.reset(reset)
            REPORTER.reset(reset_progress)
            CONFIRM.reset(reset_confirm)
        return to_mcp_result(outcome)

    with warnings.catch_warnings():  # logging is deprecated at 2026-07-28, current at 2025-11-25
        warnings.simplefilter("ignore", MCPDeprecationWarning)
        server = Server(
            model.name,
            version=model.version,
            title=model.title,
            description=model.description or None,
            instructions=model.instructions or None,  # what lean schemas leave out (compact.py)
            lifespan=lifespan,
            get_tool_input_schema=schemas.get,
            on_list_tools=list_tools,
            on_call_tool=call_tool,
            on_set_logging_level=set_logging_level,
        )
    # requestState of input_required results sealed and checked (confirmation.py)
    security = (
        RequestStateSecurity(keys=list(request_state_keys))
        if request_state_keys
        else RequestStateSecurity.ephemeral()
    )
    server.middleware.append(RequestStateBoundary(security, default_audience=model.name))
    return server


# MCP (RFC 5424) levels -> Python logging levels
_LOG_LEVELS = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "notice": logging.INFO,
    "warning": logging.WARNING,
    "error": logging.ERROR,
    "critical": logging.CRITICAL,
    "alert": logging.CRITICAL,
    "emergency": logging.CRITICAL,
}


async def set_logging_level(
    ctx: ServerRequestContext[Any], params: SetLevelRequestParams
) -> EmptyResult:
    """``logging/setLevel`` (protocol 2025-11-25; deprecated at 2026-07-28): the level of the
    server's own log (stderr), never below what the operator chose (``--log-level``, the root
    logger's level): a client may ask for less, not for the debug lines of every call. The
    server sends no log notifications, so none are filtered."""
    level = max(_LOG_LEVELS.get(str(params.level), logging.WARNING), logging.getLogger().level)
    # The runtime's loggers: this module is ``<package>.runtime.mcp.mcp_adapter``.
    logging.getLogger(__name__.rsplit(".", 2)[0]).setLevel(level)
    return EmptyResult()
