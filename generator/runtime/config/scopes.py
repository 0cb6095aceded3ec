"""Which OAuth scopes a tool call needs in resource-server mode, and whether a token has them.

A tool's ``scopes`` are alternatives, each a set of scopes that together allow the call: the
description's ``security`` requirements (``[{oauth: [pets:write]}]`` -> ``(("pets:write",),)``;
a requirement without scopes means the tool needs none), or the overlay's ``scopes``. Over HTTP
with authorization, the transport answers a direct call the token cannot make with ``403
insufficient_scope`` (http_auth.py); ``check_call`` is the same rule inside the runtime, for
calls only known once the handler runs (a ``continue`` that fetches the next page of a tool).
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Iterable

from ..errors import InsufficientScope
from ..model import Tool

# The scopes of the access token of the call being served; None: scopes are not checked
# (stdio, no authorization configured, or <PREFIX>_AUTH_TOOL_SCOPES=off).
GRANTED_SCOPES: ContextVar[frozenset[str] | None] = ContextVar(
    "mcpforge_granted_scopes", default=None
)

Alternatives = tuple[tuple[str, ...], ...]


def lacking(needed: Alternatives, granted: Iterable[str]) -> tuple[str, ...] | None:
    """None when ``granted`` satisfies one alternative of ``needed`` (or nothing is needed);
    otherwise the alternative that lacks the fewest scopes (all of its scopes: what a token
    for this call must carry)."""
    have = set(granted)
    best: tuple[str, ...] | None = None
    best_missing = 0
    for alternative in needed:
        missing = sum(scope not in have for scope in alternative)
        if missing == 0:
            return None
        if best is None or missing < best_missing:
            best, best_missing = alternative, missing
    return best


def check_call(tool: Tool) -> None:
    """Raise InsufficientScope when the current caller's token may not call ``tool``."""
    granted = GRANTED_SCOPES.get()
    if granted is None:
        return
    needed = lacking(tool.scopes, granted)
    if needed is not None:
        raise InsufficientScope(
            f"Not allowed: {tool.name} needs the OAuth scope(s) {' '.join(needed)}, which the"
            " access token of this request was not granted. Nothing was sent to the upstream"
            " API. Ask the user to authorize this client for those scopes."
        )
