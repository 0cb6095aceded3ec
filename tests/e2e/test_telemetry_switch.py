"""Telemetry is switched by the standard ``OTEL_*`` variables, in a process of its own.

Not configured, disabled, or configured without the ``[otel]`` extra installed (the SDK
hidden from the import system): a call works and neither the OpenTelemetry SDK, an exporter
nor the runtime's OpenTelemetry backend is imported. Configured with an OTLP endpoint: the
real server (``python -m vault_mcp`` over stdio) exports its spans and metrics to a collector
on 127.0.0.1, one trace from the MCP SDK's ``tools/call`` span down to each upstream request,
and logs JSON lines carrying the trace id; no argument value or credential in any of it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from opentelemetry.proto.collector.metrics.v1.metrics_service_pb2 import (
    ExportMetricsServiceRequest,
)
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from tests.support.upstream import Recorded, Reply, Upstream
from tests.support.vault_api import CREDENTIAL, SECRET_ID, SECRETS, make_package, vault_upstream

# Run inside the package's environment: build the server as its command does, call one tool
# through the real client (in memory), say what was imported.
SCRIPT = """
import asyncio, json, sys
{prelude}
from mcp import Client
from vault_mcp.server import create_server

async def main():
    async with Client(create_server()) as client:
        result = await client.call_tool("get_item", {{"itemId": "x"}})
    loaded = sorted(
        m for m in sys.modules
        if m.startswith(("opentelemetry.sdk", "opentelemetry.exporter"))
        or m.startswith("vault_mcp.runtime.telemetry.otel")
    )
    print(json.dumps({{"error": result.is_error, "loaded": loaded}}))

asyncio.run(main())
"""
# The [otel] extra not installed: the SDK and the exporters cannot be imported.
ABSENT = """
import importlib.abc
class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.startswith(("opentelemetry.sdk", "opentelemetry.exporter")):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, Absent())
"""


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_package(tmp_path_factory.mktemp("vault"))


@pytest.fixture
def upstream() -> Iterator[Upstream]:
    with vault_upstream() as up:
        yield up


def _env(package: Path, upstream: Upstream, extra: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OTEL_", "VAULT_"))}
    env.update(
        PYTHONPATH=str(package / "src"),
        VAULT_BASE_URL=upstream.url + "/v1",
        VAULT_KEY=CREDENTIAL,
        **extra,
    )
    return env


def _run(package: Path, upstream: Upstream, extra: dict[str, str], prelude: str = "") -> Any:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(prelude=prelude)],
        env=_env(package, upstream, extra),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stderr


@pytest.mark.parametrize(
    "extra",
    [
        {},
        {"OTEL_SDK_DISABLED": "true", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:9"},
    ],
    ids=["not-configured", "disabled"],
)
def test_off_nothing_of_opentelemetry_is_imported(
    package: Path, upstream: Upstream, extra: dict[str, str]
) -> None:
    result, stderr = _run(package, upstream, extra)
    assert result == {"error": False, "loaded": []}
    assert "OpenTelemetry" not in stderr


def test_configured_without_the_extra_says_what_to_install_and_runs_without(
    package: Path, upstream: Upstream
) -> None:
    result, stderr = _run(package, upstream, {"OTEL_TRACES_EXPORTER": "otlp"}, prelude=ABSENT)
    assert result == {"error": False, "loaded": []}
    assert (
        "OpenTelemetry is configured (OTEL_* variables) but opentelemetry.sdk is not installed:"
        " install 'vault-mcp[otel]' to export traces and metrics; running without them."
    ) in stderr


def test_a_value_it_cannot_build_stops_the_server_naming_the_variable(
    package: Path, upstream: Upstream
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "vault_mcp"],
        env=_env(package, upstream, {"OTEL_TRACES_EXPORTER": "zipkin"}),
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2
    assert done.stderr == (
        "vault-mcp: error: OTEL_TRACES_EXPORTER='zipkin': this server can export to otlp,"
        " console, none (not zipkin).\n"
    )


class Collector:
    """An OTLP/HTTP collector on 127.0.0.1: keeps every export request it is sent."""

    def __init__(self) -> None:
        self.upstream = Upstream()
        self.traces: list[ExportTraceServiceRequest] = []
        self.metrics: list[ExportMetricsServiceRequest] = []
        self.raw: list[bytes] = []
        self.upstream.route(
            "POST", "/v1/traces", self._keep(ExportTraceServiceRequest, self.traces)
        )
        self.upstream.route("POST", "/v1/metrics", self._keep(ExportMetricsServiceRequest, self.metrics))  # fmt: skip

    def _keep(self, kind: Any, into: list[Any]) -> Any:
        def keep(request: Recorded) -> Reply:
            self.raw.append(request.body)
            into.append(kind.FromString(request.body))
            return Reply(200, b"", {"Content-Type": "application/x-protobuf"})

        return keep

    def spans(self) -> list[Any]:
        return [
            span
            for export in self.traces
            for resource in export.resource_spans
            for scope in resource.scope_spans
            for span in scope.spans
        ]

    def metric_names(self) -> set[str]:
        return {
            metric.name
            for export in self.metrics
            for resource in export.resource_metrics
            for scope in resource.scope_metrics
            for metric in scope.metrics
        }


def _attributes(span: Any) -> dict[str, Any]:
    out = {}
    for kv in span.attributes:
        value = kv.value
        out[kv.key] = getattr(value, value.WhichOneof("value"))
    return out


@pytest.mark.anyio
async def test_an_otlp_endpoint_gets_one_trace_per_call_and_logs_carry_its_id(
    package: Path, upstream: Upstream, tmp_path: Path
) -> None:
    collector = Collector()
    with collector.upstream:
        env = _env(
            package,
            upstream,
            {
                "OTEL_EXPORTER_OTLP_ENDPOINT": collector.upstream.url,
                "OTEL_BSP_SCHEDULE_DELAY": "100",
                "OTEL_METRIC_EXPORT_INTERVAL": "300",
                "VAULT_LOG_FORMAT": "json",
                "VAULT_LOG_LEVEL": "info",
            },
        )
        params = StdioServerParameters(command=sys.executable, args=["-m", "vault_mcp"], env=env)
        with open(tmp_path / "stderr.log", "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    result = await session.call_tool("get_item", {"itemId": SECRET_ID})
                    assert not result.is_error
                    deadline = time.monotonic() + 20
                    while time.monotonic() < deadline and not (
                        any(s.name == "execute_tool get_item" for s in collector.spans())
                        and "http.client.request.duration" in collector.metric_names()
                    ):
                        await anyio.sleep(0.1)
        names = [s.name for s in collector.spans()]
        spans = {s.name: s for s in collector.spans()}
        assert {"tools/call get_item", "execute_tool get_item", "GET /v1/items/{itemId}"} <= set(
            names
        ), names
        server, tool = spans["tools/call get_item"], spans["execute_tool get_item"]
        assert tool.parent_span_id == server.span_id and tool.trace_id == server.trace_id
        requests = [s for s in collector.spans() if s.name == "GET /v1/items/{itemId}"]
        assert [s.parent_span_id for s in requests] == [tool.span_id] * 2
        assert _attributes(tool)["mcpforge.upstream.retries"] == 1
        resource = {
            kv.key: kv.value.string_value
            for kv in collector.traces[0].resource_spans[0].resource.attributes
        }
        assert resource["service.name"] == "vault-mcp"
        assert {
            "mcp.server.operation.duration",
            "mcpforge.tool.result.tokens",
            "http.client.request.duration",
        } <= collector.metric_names()
        for body in collector.raw:
            for secret in SECRETS:
                assert secret.encode() not in body
    lines = (tmp_path / "stderr.log").read_text().splitlines()
    logged = [json.loads(line) for line in lines if line.startswith("{")]
    requests_logged = [e for e in logged if e["message"].startswith("HTTP Request: GET")]
    assert requests_logged, lines[-20:]
    assert {e["trace_id"] for e in requests_logged} == {tool.trace_id.hex()}
    assert all(CREDENTIAL not in line for line in lines)
