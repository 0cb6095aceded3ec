"""Confirming the operations a code-mode script calls (codemode/calls.py), as they come.

A script may call a destructive operation halfway through, so it is judged at the call, with
that call's arguments, by the same rule as a per-operation tool (confirmation.py): on
2025-11-25 the server sends ``elicitation/create`` while the script waits, and the call runs
only if the user allows it. A 2026-07-28 client answers questions between two requests
(``input_required``), and a script cannot wait across requests yet: such a call is refused,
saying so. A client that
cannot be asked is refused as for any tool. A refusal raises ``PermissionError`` in the script
(which may catch it); nothing is sent for that call.
"""

from __future__ import annotations

from typing import Any

from mcp.server import ServerRequestContext
from mcp.types import CallToolRequestParams, InputRequiredResult

from ..codemode.calls import Confirm
from ..config.settings import Settings
from ..model import Tool
from .confirmation import confirm, needs_confirmation


def script_confirmer(
    ctx: ServerRequestContext[Any], params: CallToolRequestParams, settings: Settings
) -> Confirm:
    async def confirm_call(tool: Tool, arguments: dict[str, Any]) -> str | None:
        if not needs_confirmation(tool, settings.confirm_destructive):
            return None
        # a fresh round for each call: an answer given to the execute request is not taken
        fresh = params.model_copy(update={"input_responses": None, "request_state": None})
        answer = await confirm(ctx, fresh, tool, arguments)
        if isinstance(answer, InputRequiredResult):
            return (
                f"Not done: {tool.name} needs the user's confirmation, and on protocol "
                "2026-07-28 the question travels between two requests, which a running script "
                "cannot wait for yet. Nothing was sent for this call. A client on 2025-11-25 "
                "over stdio is asked while the script waits; or the operator can serve this "
                "API in per-op or meta mode, where the call is asked about on its own."
            )
        return answer

    return confirm_call
