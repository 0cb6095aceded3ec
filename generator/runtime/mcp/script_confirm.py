"""Confirming the operations a code-mode script calls (codemode/calls.py), as they come.

A script may call a destructive operation halfway through, so each call is judged when it
comes, with its arguments, by the same rule as a per-operation tool (confirmation.py):

* **2025-11-25**: the server sends ``elicitation/create`` while the script waits, and the call
  runs only if the user allows it;
* **2026-07-28**: the question travels between two requests (``input_required``). The script
  pauses at the call: the sandbox's interpreter is dumped (``snapshot.dump()``, codemode/
  sandbox.py) into the continuation store, and the question goes back with a ``requestState``
  naming it, sealed by the SDK and bound to this execute's arguments and caller. The client
  calls execute again with the same code, the answer and that state; the script is restored
  and goes on from that very call (nothing before it runs again). The paused script is served
  once: a replayed answer finds nothing to resume.

A refusal (declined, dismissed, a client that cannot be asked) raises ``PermissionError`` in
the script, which may catch it; nothing is sent for that call.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable

from mcp.server import ServerRequestContext
from mcp.types import CallToolRequestParams, InputRequiredResult

from ..codemode.calls import PAUSED, Ask
from ..config.settings import Settings
from ..model import Tool
from .confirmation import KEY, _decision, confirm, needs_confirmation


class ScriptConfirmer:
    """The ``codemode.calls.Confirm`` of one execute request."""

    def __init__(
        self,
        ctx: ServerRequestContext[Any],
        params: CallToolRequestParams,
        settings: Settings,
        claim: Callable[[str, float], Awaitable[bool]],
    ):
        self.ctx = ctx
        self.params = params
        self.settings = settings
        self.claim = claim  # the store's claim_once: an answer is used once (confirmation.py)
        state = params.request_state or ""
        self.resumed: str | None = state[len(PAUSED) :] if state.startswith(PAUSED) else None

    async def ask(self, tool: Tool, arguments: dict[str, Any]) -> str | None | Ask:
        if not needs_confirmation(tool, self.settings.confirm_destructive):
            return None
        # each call is its own question: an answer this request carries is for the paused one
        fresh = self.params.model_copy(update={"input_responses": None, "request_state": None})
        answer = await confirm(self.ctx, fresh, tool, arguments, self.claim)
        if isinstance(answer, InputRequiredResult):
            return Ask(answer)
        return answer

    def decision(self, tool: Tool) -> str | None | Ask:
        answer = (self.params.input_responses or {}).get(KEY)
        if answer is None:
            return Ask(None)  # no answer: asked again
        return _decision(answer, tool)


def script_confirmer(
    ctx: ServerRequestContext[Any],
    params: CallToolRequestParams,
    settings: Settings,
    claim: Callable[[str, float], Awaitable[bool]],
) -> ScriptConfirmer:
    return ScriptConfirmer(ctx, params, settings, claim)


def paused_question(question: Any, state: str) -> InputRequiredResult:
    """The question of a paused script, carrying the state that resumes it."""
    assert isinstance(question, InputRequiredResult)
    return question.model_copy(update={"request_state": state})
