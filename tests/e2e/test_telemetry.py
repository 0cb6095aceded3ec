"""OpenTelemetry traces and metrics of a generated server, seen through the real MCP client.

The generated package is imported in this process (its own copy of the runtime), built with
``make_server`` and an ``OtelBackend`` over the SDK's in-memory span exporter and metric
reader, and called with ``mcp.Client``; its upstream is a real HTTP server on 127.0.0.1.
Every span, attribute and data point is then searched for the argument values and the
credential: none may appear.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator

import pytest
from mcp import Client
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from generator.pipeline import generate
from tests.support.graphql_upstream import swapi_upstream
from tests.support.paths import SPECS
from tests.support.upstream import Upstream
from tests.support.vault_api import (
    CREDENTIAL,
    SECRET_BODY,
    SECRET_ID,
    SECRET_QUERY,
    SECRETS,
    make_package,
    vault_upstream,
)
from tests.support.results import joined_text


def _import(package: Path, module: str) -> ModuleType:
    sys.path.insert(0, str(package / "src"))
    try:
        return importlib.import_module(f"{module}.server")
    finally:
        sys.path.remove(str(package / "src"))


@pytest.fixture(scope="module")
def vault(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return _import(make_package(tmp_path_factory.mktemp("vault")), "vault_mcp")


class Recorder:
    """The SDK's in-memory span exporter and metric reader behind a generated server's
    ``OtelBackend`` (the package's own copy of telemetry/otel.py)."""

    def __init__(self, server_module: ModuleType) -> None:
        assert server_module.__package__ is not None
        otel = importlib.import_module(server_module.__package__ + ".runtime.telemetry.otel")
        self.spans = InMemorySpanExporter()
        tracer_provider = TracerProvider()
        tracer_provider.add_span_processor(SimpleSpanProcessor(self.spans))
        self.reader = InMemoryMetricReader()
        self.backend = otel.OtelBackend(
            tracer_provider, MeterProvider(metric_readers=[self.reader]), "1.0.0"
        )

    def finished(self) -> list[ReadableSpan]:
        return list(self.spans.get_finished_spans())

    def tool_span(self, tool: str) -> ReadableSpan:
        found = [s for s in self.finished() if s.name == f"execute_tool {tool}"]
        assert len(found) == 1, [s.name for s in self.finished()]
        return found[0]

    def children(self, parent: ReadableSpan) -> list[ReadableSpan]:
        return [
            s
            for s in self.finished()
            if s.parent is not None and s.parent.span_id == parent.context.span_id
        ]

    def points(self, metric: str) -> list[Any]:
        data = self.reader.get_metrics_data()
        assert data is not None
        return [
            point
            for resource in data.resource_metrics
            for scope in resource.scope_metrics
            for m in scope.metrics
            if m.name == metric
            for point in m.data.data_points
        ]

    def everything(self) -> str:
        """Every span (names, attributes, events, status, resource) and every metric."""
        spans = "\n".join(s.to_json() for s in self.finished())
        data = self.reader.get_metrics_data()
        return spans + "\n" + (data.to_json() if data is not None else "")


def _server(module: ModuleType, rec: Recorder) -> Any:
    """The package's server as its command builds it, with ``rec``'s telemetry."""
    assert module.__package__ is not None
    app = importlib.import_module(module.__package__ + ".runtime.mcp.app")
    return app.make_server(module.load(), telemetry=rec.backend)


@pytest.fixture
def upstream() -> Iterator[Upstream]:
    with vault_upstream() as up:
        yield up


def _env(monkeypatch: pytest.MonkeyPatch, upstream: Upstream) -> None:
    monkeypatch.setenv("VAULT_BASE_URL", upstream.url + "/v1")
    monkeypatch.setenv("VAULT_KEY", CREDENTIAL)
    monkeypatch.setenv("VAULT_RETRIES", "2")


@pytest.mark.anyio
async def test_a_call_is_a_span_with_one_client_span_per_upstream_request_and_no_values(
    vault: ModuleType, upstream: Upstream, monkeypatch: pytest.MonkeyPatch
) -> None:
    _env(monkeypatch, upstream)
    rec = Recorder(vault)
    server = _server(vault, rec)
    async with Client(server) as client:
        result = await client.call_tool("get_item", {"itemId": SECRET_ID})
        assert not result.is_error, joined_text(result)
        created = await client.call_tool("create_item", {"id": "1", "name": SECRET_BODY})
        assert not created.is_error, joined_text(created)
    assert [r.headers.get("x-api-key") for r in upstream.requests] == [CREDENTIAL] * 3

    call = rec.tool_span("get_item")
    assert call.kind == SpanKind.INTERNAL
    attributes = dict(call.attributes or {})
    text = joined_text(result)
    tokens = attributes.pop("mcpforge.result.tokens")
    assert attributes == {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_item",
        "mcpforge.operation": "get_item",
        "mcpforge.operation.method": "GET",
        "mcpforge.operation.route": "/items/{itemId}",
        "mcpforge.upstream.page": 1,
        "mcpforge.upstream.requests": 2,
        "mcpforge.upstream.retries": 1,
        "mcpforge.result.chunks": 1,
        "mcpforge.result.has_more": False,
        "mcpforge.result.bytes": len(text.encode()),
    }
    assert isinstance(tokens, int) and 0 < tokens < len(text)
    assert call.status.status_code == StatusCode.UNSET

    requests = sorted(rec.children(call), key=lambda s: s.start_time or 0)
    assert [s.name for s in requests] == ["GET /v1/items/{itemId}"] * 2
    assert all(s.kind == SpanKind.CLIENT for s in requests)
    first, second = (dict(s.attributes or {}) for s in requests)
    port = int(upstream.url.rsplit(":", 1)[1])
    assert first == {
        "http.request.method": "GET",
        "url.template": "/v1/items/{itemId}",
        "url.scheme": "http",
        "server.address": "127.0.0.1",
        "server.port": port,
        "mcpforge.tool": "get_item",
        "http.response.status_code": 503,
        "http.response.body.size": len(b'{"message": "try again"}'),
        "error.type": "503",
    }
    assert requests[0].status.status_code == StatusCode.ERROR
    assert second["http.request.resend_count"] == 1
    assert second["http.response.status_code"] == 200 and "error.type" not in second

    post = rec.children(rec.tool_span("create_item"))
    assert [s.name for s in post] == ["POST /v1/items"]
    sent = dict(post[0].attributes or {})
    assert sent["http.request.body.size"] == len(upstream.requests[-1].body)

    found = rec.everything()
    for secret in SECRETS:  # no argument value, no credential, anywhere
        assert secret not in found
    assert "/v1/items/item-id" not in found  # never the filled path

    durations = rec.points("http.client.request.duration")
    by_status = {
        (p.attributes["url.template"], p.attributes["http.response.status_code"]): p.count
        for p in durations
    }
    assert by_status == {("/v1/items/{itemId}", 503): 1, ("/v1/items/{itemId}", 200): 1,
                         ("/v1/items", 200): 1}  # fmt: skip
    calls = {
        p.attributes["gen_ai.tool.name"]: p for p in rec.points("mcp.server.operation.duration")
    }
    assert calls["get_item"].count == 1 and calls["get_item"].sum > 0
    assert "error.type" not in calls["get_item"].attributes
    assert {
        p.attributes["gen_ai.tool.name"]: p.sum for p in rec.points("mcpforge.tool.result.tokens")
    }["get_item"] == tokens


@pytest.mark.anyio
async def test_chunks_continuations_and_errors_are_attributes_and_metrics(
    vault: ModuleType, upstream: Upstream, monkeypatch: pytest.MonkeyPatch
) -> None:
    _env(monkeypatch, upstream)
    rec = Recorder(vault)
    server = _server(vault, rec)
    async with Client(server) as client:
        listed = await client.call_tool("list_items", {"q": SECRET_QUERY})
        assert not listed.is_error, joined_text(listed)
        cont_id = joined_text(listed).split('continuation_id="')[1].split('"')[0]
        page = await client.call_tool("vault_continue", {"continuation_id": cont_id})
        assert not page.is_error, joined_text(page)
        missing = await client.call_tool("get_item", {"itemId": "missing"})
        assert missing.is_error
        invalid = await client.call_tool("get_item", {"itemId": {"not": "a string"}})
        assert invalid.is_error

    listing = dict(rec.tool_span("list_items").attributes or {})
    chunks = listing["mcpforge.result.chunks"]
    assert isinstance(chunks, int) and chunks > 1 and listing["mcpforge.result.has_more"] is True
    served = dict(rec.tool_span("vault_continue").attributes or {})
    assert served["mcpforge.continuation.page"] == 2
    assert served["mcpforge.continuation.pages"] == listing["mcpforge.result.chunks"]
    assert served["mcpforge.upstream.requests"] == 0 and "mcpforge.operation" not in served
    assert cont_id not in rec.everything() and SECRET_QUERY not in rec.everything()

    errors = [s for s in rec.finished() if s.name == "execute_tool get_item"]
    assert [(s.attributes or {}).get("error.type") for s in errors] == [
        "UpstreamError",
        "InvalidArguments",
    ]
    assert all(s.status.status_code == StatusCode.ERROR for s in errors)
    assert [(s.attributes or {})["error.type"] for s in rec.children(errors[0])] == ["404"]
    assert rec.children(errors[1]) == []  # refused before anything was sent

    calls = rec.points("mcp.server.operation.duration")
    counted = {
        (p.attributes["gen_ai.tool.name"], p.attributes.get("error.type")): p.count for p in calls
    }
    assert counted == {
        ("list_items", None): 1,
        ("vault_continue", None): 1,
        ("get_item", "UpstreamError"): 1,
        ("get_item", "InvalidArguments"): 1,
    }


@pytest.fixture(scope="module")
def swapi(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("swapi-otel")
    target, _ = generate(
        SPECS / "swapi/schema.graphql", root, overlay_path=SPECS / "swapi/overlay.yaml"
    )
    return _import(target, "swapi_mcp")


@pytest.mark.anyio
async def test_a_graphql_call_names_its_operation_and_its_endpoint_never_the_variables(
    swapi: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    with swapi_upstream() as up:
        monkeypatch.setenv("SWAPI_GRAPHQL_URL", up.url + "/graphql")
        rec = Recorder(swapi)
        server = _server(swapi, rec)
        async with Client(server) as client:
            result = await client.call_tool("person", {"personID": "1"})
            assert not result.is_error, joined_text(result)
        assert up.requests[-1].json()["variables"] == {"personID": "1"}
    call = rec.tool_span("person")
    called = dict(call.attributes or {})
    assert called["mcpforge.operation.method"] == "query"
    assert called["mcpforge.operation.route"] == "person"
    (request,) = rec.children(call)
    assert request.name == "POST /graphql"
    sent = dict(request.attributes or {})
    assert sent["url.template"] == "/graphql"
    assert sent["http.response.status_code"] == 200
    assert "Luke" not in rec.everything() and "personID" not in rec.everything()
