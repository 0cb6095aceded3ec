"""Domain errors: each becomes an ``is_error`` tool result with a message an agent can act on."""

from __future__ import annotations


class ToolCallError(Exception):
    """A call that cannot produce a result. ``message`` is shown to the agent as is."""

    kind = "error"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class InvalidArguments(ToolCallError):
    kind = "invalid_arguments"


class UnknownTool(ToolCallError):
    kind = "unknown_tool"


class UpstreamError(ToolCallError):
    """The upstream answered with an error status, or could not be reached."""

    kind = "upstream"

    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        self.status = status


class ConfigurationError(ToolCallError):
    kind = "configuration"


class InsufficientScope(ToolCallError):
    """The caller's access token lacks a scope the call needs (resource-server mode)."""

    kind = "insufficient_scope"
