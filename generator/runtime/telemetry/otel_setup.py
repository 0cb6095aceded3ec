"""Build the OpenTelemetry SDK's providers and exporters for a ``switch.Plan``.

The providers become the process's global ones, so the MCP SDK's own ``tools/call`` server
spans (and any other instrumentation) export with the server's: one trace from the caller's
``traceparent`` down to each upstream request. When a global provider is already set (the
server runs under ``opentelemetry-instrument``, or an embedding application set one), that one
is used as it is. Everything else is the SDK's, read from the environment as the specification
says: the endpoint and headers of each exporter, the sampler (``OTEL_TRACES_SAMPLER``), the
batch and export intervals, the resource (``OTEL_SERVICE_NAME``, default ``<name>-mcp``, and
``OTEL_RESOURCE_ATTRIBUTES``). Console exporters write to stderr: over stdio, stdout is the MCP
channel.
"""

from __future__ import annotations

import sys
from typing import Any

from opentelemetry import metrics, trace
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import ConsoleMetricExporter, PeriodicExportingMetricReader
from opentelemetry.sdk.resources import OTELResourceDetector, Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter

from ..errors import ConfigurationError
from ..model import ServerModel
from .otel import OtelBackend
from .plan import Plan


def backend_for(model: ServerModel, plan: Plan) -> OtelBackend:
    resource = Resource.create(
        {"service.name": f"{model.name}-mcp", "service.version": model.version}
    ).merge(
        OTELResourceDetector().detect()
    )  # OTEL_SERVICE_NAME / _RESOURCE_ATTRIBUTES win
    tracer_provider: Any = trace.get_tracer_provider()
    if isinstance(tracer_provider, trace.ProxyTracerProvider):  # none set yet
        tracer_provider = TracerProvider(resource=resource)
        for exporter in plan.traces:
            tracer_provider.add_span_processor(
                BatchSpanProcessor(_span_exporter(exporter, plan.traces_protocol))
            )
        trace.set_tracer_provider(tracer_provider)
    meter_provider: Any = metrics.get_meter_provider()
    if type(meter_provider).__name__ == "_ProxyMeterProvider":  # none set yet
        readers = [
            PeriodicExportingMetricReader(_metric_exporter(name, plan.metrics_protocol))
            for name in plan.metrics
        ]
        meter_provider = MeterProvider(resource=resource, metric_readers=readers)
        metrics.set_meter_provider(meter_provider)
    return OtelBackend(tracer_provider, meter_provider, model.version)


def _span_exporter(name: str, protocol: str) -> Any:
    if name == "console":
        return ConsoleSpanExporter(out=sys.stderr)
    if protocol == "grpc":
        module = _grpc("trace_exporter", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
        return module.OTLPSpanExporter()
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

    return OTLPSpanExporter()


def _metric_exporter(name: str, protocol: str) -> Any:
    if name == "console":
        return ConsoleMetricExporter(out=sys.stderr)
    if protocol == "grpc":
        module = _grpc("metric_exporter", "OTEL_EXPORTER_OTLP_METRICS_PROTOCOL")
        return module.OTLPMetricExporter()
    from opentelemetry.exporter.otlp.proto.http.metric_exporter import OTLPMetricExporter

    return OTLPMetricExporter()


def _grpc(module: str, variable: str) -> Any:
    import importlib

    try:
        return importlib.import_module(f"opentelemetry.exporter.otlp.proto.grpc.{module}")
    except ImportError:
        raise ConfigurationError(
            f"{variable} (or OTEL_EXPORTER_OTLP_PROTOCOL) is grpc, but the gRPC exporter is not"
            " installed: pip install opentelemetry-exporter-otlp-proto-grpc, or use"
            " http/protobuf (the [otel] extra's)."
        ) from None
