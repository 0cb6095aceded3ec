"""The OpenTelemetry backend: spans and metrics of tool calls and upstream requests.

Imported only when telemetry is on (``switch.py``), so a server without the ``[otel]`` extra,
or not configured, never loads the SDK. Names follow the semantic conventions:

* a tool call is an ``INTERNAL`` span ``execute_tool <tool>`` (GenAI conventions:
  ``gen_ai.operation.name``, ``gen_ai.tool.name``), a child of the MCP SDK's ``tools/call``
  server span, with the operation it ran (``mcpforge.operation``, ``.method``, ``.route``: the
  path template or the GraphQL field), the result's size (``mcpforge.result.bytes``,
  ``.tokens``, ``.chunks``, ``.has_more``), continuation pages, upstream requests and retries,
  and ``error.type`` (the error's class, ``tool_error`` for an error result);
* each upstream HTTP request is a ``CLIENT`` span ``<METHOD> <url.template>`` (HTTP
  conventions: ``http.request.method``, ``url.template``, ``server.address``, ``server.port``,
  ``url.scheme``, ``http.response.status_code``, ``http.request.resend_count``, body sizes,
  ``error.type``). ``url.full`` and ``url.path`` are left out on purpose: they hold the
  filled path and the query, that is argument values and sometimes credentials;
* metrics: ``mcp.server.operation.duration`` (s) per tool and error type,
  ``mcpforge.tool.result.tokens`` per tool, ``http.client.request.duration`` (s) per method,
  route template, host and status, ``http.client.response.body.size`` (bytes).

Span status descriptions and events carry no message (messages quote arguments and upstream
text); an error is its class or status code.
"""

from __future__ import annotations

import time
from contextvars import Token
from typing import Any, Awaitable, Callable
from urllib.parse import urlsplit

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.context.context import Context
from opentelemetry.metrics import MeterProvider
from opentelemetry.trace import SpanKind, Status, StatusCode, TracerProvider

from ..shaping.tokens import count_tokens_many
from .recording import Answered, Call, Response, Sent

SCOPE = "mcpforge"
# Advised buckets: the MCP conventions' for operations, the HTTP conventions' for requests.
CALL_BUCKETS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300)
REQUEST_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10)
TOKEN_BUCKETS = (50, 100, 250, 500, 1000, 2500, 5000, 10000, 15000, 20000, 50000)
BYTE_BUCKETS = (1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216)


class OtelBackend:
    """Spans from ``tracer_provider``, instruments from ``meter_provider``."""

    def __init__(
        self, tracer_provider: TracerProvider, meter_provider: MeterProvider, version: str
    ):
        self.tracer = tracer_provider.get_tracer(SCOPE, version)
        meter = meter_provider.get_meter(SCOPE, version)
        self.call_duration = meter.create_histogram(
            "mcp.server.operation.duration",
            unit="s",
            description="Duration of tools/call requests, per tool",
            explicit_bucket_boundaries_advisory=CALL_BUCKETS,
        )
        self.result_tokens = meter.create_histogram(
            "mcpforge.tool.result.tokens",
            unit="{token}",
            description="Tokens of the text a tool call returned (its first page)",
            explicit_bucket_boundaries_advisory=TOKEN_BUCKETS,
        )
        self.request_duration = meter.create_histogram(
            "http.client.request.duration",
            unit="s",
            description="Duration of upstream HTTP requests",
            explicit_bucket_boundaries_advisory=REQUEST_BUCKETS,
        )
        self.response_size = meter.create_histogram(
            "http.client.response.body.size",
            unit="By",
            description="Size of upstream HTTP response bodies as read",
            explicit_bucket_boundaries_advisory=BYTE_BUCKETS,
        )

    # -- tool calls ------------------------------------------------------------------------
    def start_call(self, call: Call) -> tuple[trace.Span, Token[Context]]:
        span = self.tracer.start_span(
            f"execute_tool {call.tool}",
            kind=SpanKind.INTERNAL,
            attributes={"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": call.tool},
        )
        return span, otel_context.attach(trace.set_span_in_context(span))

    def end_call(self, handle: tuple[trace.Span, Token[Context]], call: Call) -> None:
        span, token = handle
        otel_context.detach(token)
        elapsed = time.perf_counter() - call.started
        text = [p for p in call.parts if p]
        tokens = sum(count_tokens_many(text, call.encoding)) if text else 0
        attributes: dict[str, Any] = {
            "mcpforge.result.bytes": sum(len(p.encode("utf-8", "replace")) for p in text),
            "mcpforge.result.tokens": tokens,
            "mcpforge.upstream.requests": call.requests,
            "mcpforge.upstream.retries": call.retries,
            **{f"mcpforge.{key}": value for key, value in call.attributes.items()},
        }
        if call.operation is not None:
            attributes["mcpforge.operation"] = call.operation
            attributes["mcpforge.operation.method"] = call.method or ""
            attributes["mcpforge.operation.route"] = call.route or ""
        if call.error_type is not None:
            attributes["error.type"] = call.error_type
            span.set_status(Status(StatusCode.ERROR))
        span.set_attributes(attributes)
        span.end()
        measured: dict[str, Any] = {
            "mcp.method.name": "tools/call",
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": call.tool,
        }
        if call.operation is not None and call.operation != call.tool:
            measured["mcpforge.operation"] = call.operation
        if call.error_type is not None:
            measured["error.type"] = call.error_type
        self.call_duration.record(elapsed, measured)
        self.result_tokens.record(tokens, {k: v for k, v in measured.items() if k != "error.type"})

    # -- upstream requests -----------------------------------------------------------------
    async def request(
        self, call: Call, request: Sent, send: Callable[[], Awaitable[Response]]
    ) -> Response:
        method = request.method.upper()
        url = urlsplit(request.url)
        template = call.template_for(request.url)
        attributes: dict[str, Any] = {
            "http.request.method": method,
            "server.address": url.hostname or "",
            "url.scheme": url.scheme,
        }
        port = url.port or {"http": 80, "https": 443}.get(url.scheme)
        if port is not None:
            attributes["server.port"] = port
        if template is not None:
            attributes["url.template"] = template
        span_attributes = dict(attributes, **{"mcpforge.tool": call.tool})
        if call.attempt:
            span_attributes["http.request.resend_count"] = call.attempt
        if request.body:
            span_attributes["http.request.body.size"] = len(request.body)
        name = f"{method} {template}" if template is not None else method
        started = time.perf_counter()
        with self.tracer.start_as_current_span(
            name,
            kind=SpanKind.CLIENT,
            attributes=span_attributes,
            record_exception=False,  # an exception's message may quote the URL
            set_status_on_exception=False,
        ) as span:
            try:
                response = await send()
            except BaseException as exc:
                attributes["error.type"] = _error_type(exc)
                span.set_attribute("error.type", attributes["error.type"])
                span.set_status(Status(StatusCode.ERROR))
                self.request_duration.record(time.perf_counter() - started, attributes)
                raise
            self._answered(span, attributes, response)
        self.request_duration.record(time.perf_counter() - started, attributes)
        return response

    def _answered(self, span: trace.Span, attributes: dict[str, Any], response: Answered) -> None:
        attributes["http.response.status_code"] = response.status
        if response.status >= 400:
            attributes["error.type"] = str(response.status)
            span.set_status(Status(StatusCode.ERROR))
        span.set_attributes(attributes)
        span.set_attribute("http.response.body.size", len(response.body))
        self.response_size.record(len(response.body), attributes)


def _error_type(exc: BaseException) -> str:
    """The class of what failed: the transport's (``ConnectError``, ``ReadTimeout``) when the
    runtime wrapped it, else the error's own."""
    cause = exc.__cause__
    return type(cause if cause is not None else exc).__qualname__
