"""What a tool call returns, and the executor's public surface for the parts it calls.

``Outcome``: plain text parts plus an error flag (the MCP adapter turns it into a protocol
result). ``ToolRunner``: what the GraphQL binding, meta and code mode use of ``executor.ServerRuntime``
(they receive the runtime as an argument, so neither imports the executor: imports go down).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:  # types only: the generator imports meta.py (for tools/list) without httpx2
    from pathlib import Path
    from typing import Awaitable, Callable

    import httpx2

    from .config.auth import CredentialSet, RequestAuth
    from .continuations.continuation import ContinuationStore
    from .config.settings import Settings
    from .model import ServerModel, Tool
    from .upstream.hooks import Hooks
    from .upstream.http_call import UpstreamResponse


T = TypeVar("T")


@dataclass(frozen=True)
class Outcome:
    parts: list[str] = field(default_factory=list)
    is_error: bool = False


class ToolRunner(Protocol):
    """The executor's public surface (``executor.ServerRuntime`` implements it)."""

    model: ServerModel
    settings: Settings
    hooks: Hooks
    credentials: CredentialSet
    store: ContinuationStore
    graphql_schema_path: Path | None

    def client(self) -> httpx2.AsyncClient:
        """The shared upstream HTTP client."""
        ...

    def body_text(self, body: bytes, max_chars: int | None = None) -> str:
        """An upstream body, decoded and redacted."""
        ...

    def redact(self, text: str) -> str:
        """``text`` with the credentials redacted."""
        ...

    async def off_loop(self, work: Callable[[], T]) -> T:
        """``work()`` in a worker thread, within what is left of the call's deadline."""
        ...

    async def paged(
        self,
        chunks: list[str],
        notes: list[str],
        scope: str,
        next_call: dict[str, Any] | None = None,
        more: str | None = None,
        *,
        redacted: bool = False,
        labels: list[str] | None = None,
    ) -> Outcome:
        """Page 1 now, the rest in the continuation store (``labels``: what each page
        carries, said in its footer)."""
        ...

    async def send_authorized(
        self, tool: Tool, send: Callable[[RequestAuth], Awaitable[UpstreamResponse]]
    ) -> UpstreamResponse:
        """``send`` with the tool's credentials (OAuth tokens fresh; one retry after a 401)."""
        ...

    async def send_call(self, tool: Tool, api_args: dict[str, Any]) -> UpstreamResponse:
        """One REST request of ``tool`` (hooks, credentials, retries); raises on >= 400."""
        ...

    async def call_tool(
        self,
        tool: Tool,
        arguments: dict[str, Any] | None,
        scope: str,
        upstream_page: int = 1,
    ) -> Outcome:
        """Validate, send, shape and page one call of ``tool``."""
        ...
