"""Ask the user before a call that the operator wants confirmed (a destructive one, typically).

Which calls: a tool the overlay marks ``confirm: true`` (or all destructive ones with the
overlay's top-level ``confirm: destructive``), and with ``<PREFIX>_CONFIRM_DESTRUCTIVE=1`` every
tool whose ``destructiveHint`` is true unless the overlay says ``confirm: false`` for it. In meta
mode the operation the call tool names is the one judged.

How: the way the client's protocol revision defines, built on the SDK:

* **2026-07-28** (multi round-trip requests): the first ``tools/call`` is answered with an
  ``input_required`` result holding one form elicitation (``confirm``, a boolean) and a
  ``requestState``. The client asks the user and calls again with ``inputResponses`` and the
  same ``requestState``. The server keeps nothing between the rounds: the SDK's
  ``RequestStateBoundary`` (installed by mcp_adapter.py) seals the state with AES-GCM and binds
  it to the tool, a digest of its arguments, the caller (with authorization) and a 10-minute
  expiry, so an answer is only taken for the very call it was asked about. An answer without
  that state is ignored and the question asked again (the specification's rule for missing
  input). Replicas share ``<PREFIX>_REQUEST_STATE_KEYS``; without it each process seals with
  its own random key. Each question's state carries a random nonce, and an accepted answer is
  taken once: the nonce is claimed in the continuation store (``claim_once``: in memory, or
  Redis shared by every replica), so the same state and answer sent again, here or to another
  replica, are refused (the DELETE runs once).
* **2025-11-25**: the server sends ``elicitation/create`` during the call and waits for the
  answer (stdio; over stateless HTTP nothing can travel back to such a client, and the call is
  refused saying so).

Only an accepted form with ``confirm: true`` lets the call through, and only that call: a
``continue`` whose next upstream page would call the tool again stops and says so
(executor.py), since the user confirmed the request they saw, not the one an upstream's
``Link`` header names. A declined or dismissed
question, or a client that cannot ask (no ``elicitation`` capability, or a transport with no
way back to it), ends the call with an ``is_error`` result that says so; nothing is sent
upstream.
"""

from __future__ import annotations

import json
import secrets
from typing import Any, Awaitable, Callable

from mcp.server import ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp.types import (
    CallToolRequestParams,
    ElicitRequest,
    ElicitRequestFormParams,
    ElicitResult,
    InputRequiredResult,
)

from ..errors import ToolCallError
from ..model import Tool

KEY = "confirm"  # the inputRequests key, and the form's one field
STATE = "mcpforge/confirm/v1"  # sealed by the SDK; names what was asked
INPUT_REQUIRED_VERSION = "2026-07-28"
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        KEY: {
            "type": "boolean",
            "title": "Allow this call",
            "description": "Run it now. Nothing is sent until you allow it.",
            "default": False,
        }
    },
    "required": [KEY],
}
ARGUMENTS_SHOWN = 600  # characters of the arguments the question quotes
# How long a used confirmation is remembered: the sealed state's lifetime (the SDK's default
# RequestStateSecurity ttl, 600 s) plus its clock skew allowance.
CLAIM_SECONDS = 600.0 + 60.0


def needs_confirmation(tool: Tool, confirm_destructive: bool) -> bool:
    return tool.asks_first(confirm_destructive)


def question(tool: Tool, arguments: Any) -> str:
    """What the user is asked: the tool, what it does upstream, and its arguments."""
    binding = tool.binding
    where = (
        f"{binding.method} {binding.path}"
        if binding.kind == "http"
        else f"GraphQL {binding.operation_type} {binding.field_path}"
    )
    shown = json.dumps(arguments or {}, ensure_ascii=False, sort_keys=True)
    if len(shown) > ARGUMENTS_SHOWN:
        shown = shown[: ARGUMENTS_SHOWN - 1] + "…"
    kind = "changes or deletes data" if tool.annotations.get("destructiveHint") else "acts upstream"
    title = f"{tool.title} ({tool.name})" if tool.title and tool.title != tool.name else tool.name
    return f"An agent wants to run {title}, which {kind}: {where} with {shown}. Allow it?"


async def confirm(
    ctx: ServerRequestContext[Any],
    params: CallToolRequestParams,
    tool: Tool,
    arguments: Any,
    claim: Callable[[str, float], Awaitable[bool]],
) -> InputRequiredResult | str | None:
    """None: go ahead. A string: the refusal to return (nothing was sent). An
    InputRequiredResult: return it; the client asks the user and calls again. ``claim(key,
    ttl)``: True the first time (the continuation store's ``claim_once``, shared by replicas)."""
    if (ctx.protocol_version or "") >= INPUT_REQUIRED_VERSION:  # revisions are dates
        answer = (params.input_responses or {}).get(KEY)
        state = params.request_state or ""
        if state.startswith(STATE + ":") and answer is not None:
            decision = _decision(answer, tool)
            if decision is None:
                try:
                    first = await claim(state, CLAIM_SECONDS)
                except ToolCallError as exc:  # the shared store is down: no way to know
                    return f"Not done: {tool.name} was not run. {exc.message}"
                if not first:
                    return _used(tool)
            return decision
        if (why := _why_not(ctx)) is not None:
            return _cannot_ask(tool, why)
        request = ElicitRequest(
            params=ElicitRequestFormParams(
                message=question(tool, arguments), requested_schema=SCHEMA
            )
        )
        nonce = secrets.token_urlsafe(16)  # names this question: its answer counts once
        return InputRequiredResult(input_requests={KEY: request}, request_state=f"{STATE}:{nonce}")
    if (why := _why_not(ctx)) is not None:
        return _cannot_ask(tool, why)
    try:
        result = await ctx.session.elicit_form(
            question(tool, arguments), SCHEMA, related_request_id=ctx.request_id
        )
    except MCPError as exc:  # NoBackChannelError among them: no way to reach the client
        return _cannot_ask(tool, f"the question could not reach it ({exc.message})")
    return _decision(result, tool)


def _why_not(ctx: ServerRequestContext[Any]) -> str | None:
    """Why this client cannot be asked, or None. Form elicitation must be declared (a bare
    ``elicitation: {}`` counts, as in the SDK); over stateless HTTP a 2025-11-25 client's
    capabilities are not known to the request, and no question could travel back anyway."""
    capabilities = ctx.session.client_capabilities
    if capabilities is None:
        return (
            "on protocol 2025-11-25 over stateless HTTP no question can travel back to the"
            " client (a client speaking 2026-07-28, or one that starts the server over stdio,"
            " can be asked)"
        )
    elicitation = capabilities.elicitation
    if elicitation is not None and (elicitation.form is not None or elicitation.url is None):
        return None
    return "it did not declare the elicitation capability"


def _decision(answer: Any, tool: Tool) -> str | None:
    if isinstance(answer, ElicitResult) and answer.action == "accept":
        if (answer.content or {}).get(KEY) is True:
            return None
        return (
            f"Not done: the user did not allow {tool.name}. Nothing was sent to the upstream API."
        )
    if isinstance(answer, ElicitResult) and answer.action == "cancel":
        return (
            f"Not done: the user dismissed the question about {tool.name} without answering."
            " Nothing was sent to the upstream API."
        )
    return f"Not done: the user declined {tool.name}. Nothing was sent to the upstream API."


def _used(tool: Tool) -> str:
    return (
        f"Not done: this confirmation of {tool.name} was already used; each one allows a single"
        " call. Nothing was sent to the upstream API. Call the tool again to ask the user anew."
    )


def _cannot_ask(tool: Tool, why: str) -> str:
    return (
        f"Not done: {tool.name} needs the user's confirmation before it runs, and this client"
        f" cannot ask for it: {why}. Nothing was sent to the upstream API. Run it from a client"
        " that supports elicitation, or ask the server's operator."
    )
