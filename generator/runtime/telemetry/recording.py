"""What the runtime tells telemetry about a call, free of OpenTelemetry.

The runtime marks a few points: a tool call (``executor.ServerRuntime.call``: ``recorded``,
``finished``, ``note_error``), the operation it runs (``call_tool``: ``note_operation``),
each upstream HTTP request (``http_call.send``, decorated with ``traced``), each retry
(``retry.py``: ``note_attempt``) and the pages of a result (``paged``: ``note_pages``;
``continue``: ``note_continuation``). Every mark is a no-op unless the server started with
telemetry on (``switch.py``): only then is there a backend (``otel.py``) and a ``Call`` being
recorded in ``CURRENT``; off, a mark costs one context-variable lookup.

What is recorded is names, counts, sizes, statuses and templates: the tool, the operation's
method and route template, the upstream's host and port. Never an argument value, a header, a
filled path or a query string, a body, a continuation id or a credential: a ``Call`` has no
field that could hold one.
"""

from __future__ import annotations

import logging
import re
import time
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from functools import wraps
from typing import Any, Awaitable, Callable, ContextManager, Iterator, Protocol, TypeVar
from urllib.parse import urlsplit

from ..model import Tool

log = logging.getLogger(__name__)


class Sent(Protocol):
    """What a traced request shows: ``upstream/http_call.OutgoingRequest``."""

    method: str
    url: str
    body: bytes | None


class Answered(Protocol):
    """What a traced response shows: ``upstream/http_call.UpstreamResponse``."""

    status: int
    body: bytes


Response = TypeVar("Response", bound=Answered)


class Backend(Protocol):
    """Where calls and requests go (``otel.OtelBackend``)."""

    def start_call(self, call: Call) -> Any:
        """Open the call's span (made current); returns what ``end_call`` needs."""
        ...

    def end_call(self, handle: Any, call: Call) -> None:
        """Close the span and record the call's metrics."""
        ...

    async def request(
        self, call: Call, request: Sent, send: Callable[[], Awaitable[Response]]
    ) -> Response:
        """Run ``send`` (one upstream HTTP request) inside its span and record its metrics."""
        ...


class Call:
    """One tool call being recorded: the attributes the runtime noted along the way."""

    def __init__(self, backend: Backend, tool: str) -> None:
        self.backend = backend
        self.tool = tool
        self.started = time.perf_counter()
        self.operation: str | None = None  # the operation run (meta mode, continue)
        self.method: str | None = None  # GET..., or query/mutation for GraphQL
        self.route: str | None = None  # the path template, or the GraphQL field
        self.encoding = "o200k_base"  # the tokenizer of the operation's limits
        self.attributes: dict[str, int | bool] = {}  # pages and chunks: counts and flags only
        self.requests = 0  # upstream HTTP requests sent (retries and redirects included)
        self.retries = 0
        self.attempt = 0  # of the current upstream request (0: the first)
        self.error_type: str | None = None
        self.parts: list[str] = []  # the result's text parts (already redacted)
        self.is_error = False
        self._template: tuple[re.Pattern[str], str] | None = None

    def expect(self, base_url: str, path: str) -> None:
        """The URL template the operation's requests go to: ``base_url`` + ``path``
        (``/pets/{petId}``); ``path`` "" for an endpoint without parameters (GraphQL)."""
        full = base_url.rstrip("/") + path if path else base_url
        pattern = re.sub(r"\\\{[^}]*\\\}", "[^/?#]+", re.escape(full))
        template = urlsplit(full).path or "/"
        self._template = (re.compile(pattern), template)

    def template_for(self, url: str) -> str | None:
        """The route template of ``url`` when it is a URL of the operation's template; None
        for anything else (a redirect elsewhere): never the filled path."""
        if self._template is None:
            return None
        pattern, template = self._template
        return template if pattern.fullmatch(url.split("?", 1)[0].split("#", 1)[0]) else None


CURRENT: ContextVar[Call | None] = ContextVar("mcpforge_telemetry_call", default=None)


def recorded(backend: Backend | None, tool: str) -> ContextManager[Call | None]:
    """Record the tool call ``tool`` (a span, its metrics) while the block runs; with no
    backend (telemetry off), nothing."""
    if backend is None:
        return nullcontext(None)
    return _recording(backend, tool)


@contextmanager
def _recording(backend: Backend, tool: str) -> Iterator[Call]:
    call = Call(backend, tool)
    handle = backend.start_call(call)
    token = CURRENT.set(call)
    try:
        yield call
    except BaseException as exc:  # an internal error, a cancellation: its class, no message
        call.error_type = call.error_type or type(exc).__qualname__
        call.is_error = True
        raise
    finally:
        CURRENT.reset(token)
        try:
            backend.end_call(handle, call)
        except Exception:  # telemetry never turns a call into a failure
            log.exception("telemetry: recording the call of %s failed", tool)


class _Result(Protocol):  # read-only members: a frozen dataclass (Outcome) fits
    @property
    def parts(self) -> list[str]: ...

    @property
    def is_error(self) -> bool: ...


Result = TypeVar("Result", bound=_Result)


def finished(outcome: Result) -> Result:
    """Record what the call returns (its size and tokens are measured, never kept)."""
    call = CURRENT.get()
    if call is not None:
        call.parts, call.is_error = list(outcome.parts), outcome.is_error
        if outcome.is_error and call.error_type is None:
            call.error_type = "tool_error"
    return outcome


def note_error(exc: BaseException) -> None:
    """The class of the error a call ended in (``InvalidArguments``, ``UpstreamError``...)."""
    call = CURRENT.get()
    if call is not None:
        call.error_type = type(exc).__qualname__


def note_operation(tool: Tool, base_url: str, upstream_page: int = 1) -> None:
    """The operation a call runs (its method and route template: ``GET /pets/{petId}``, or
    ``query repository`` for GraphQL), the URL template its upstream requests go to, and
    which upstream page it fetches."""
    call = CURRENT.get()
    if call is None:
        return
    binding = tool.binding
    call.operation, call.encoding = tool.name, tool.limits.encoding
    if binding.kind == "graphql":
        call.method, call.route = binding.operation_type or "query", binding.field_path
        call.expect(base_url, "")
    else:
        call.method, call.route = binding.method, binding.path
        call.expect(base_url, binding.path)
    call.attributes["upstream.page"] = upstream_page


def note_pages(chunks: int, *, more: bool) -> None:
    """The result was cut into ``chunks`` chunks; ``more``: a continuation id was returned."""
    call = CURRENT.get()
    if call is not None:
        call.attributes.update({"result.chunks": chunks, "result.has_more": more})


def note_continuation(page: int, pages: int) -> None:
    """A ``continue`` served stored page ``page`` of ``pages``."""
    call = CURRENT.get()
    if call is not None:
        call.attributes.update({"continuation.page": page, "continuation.pages": pages})


def note_attempt(n: int) -> None:
    """The upstream request is sent for the ``n``-th time (0: the first; more: a retry)."""
    call = CURRENT.get()
    if call is not None:
        call.attempt = n
        call.retries += n > 0


Send = TypeVar("Send", bound=Callable[..., Awaitable[Any]])


def traced(send: Send) -> Send:
    """Decorate ``send(client, request, *, max_bytes)``: each upstream HTTP request becomes a
    span (and a measurement) of the call being recorded; untouched when none is."""

    @wraps(send)
    async def traced_send(client: Any, request: Sent, **options: Any) -> Any:
        call = CURRENT.get()
        if call is None:
            return await send(client, request, **options)
        call.requests += 1
        return await call.backend.request(call, request, lambda: send(client, request, **options))

    return traced_send  # type: ignore[return-value]  # wraps(send): called as send is
