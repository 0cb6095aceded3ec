"""Whether telemetry is on, and which exporters, read from the standard ``OTEL_*`` variables.

On when OpenTelemetry is configured (an exporter named in ``OTEL_TRACES_EXPORTER`` or
``OTEL_METRICS_EXPORTER``, or an OTLP endpoint set) and not disabled
(``OTEL_SDK_DISABLED=true``, or every exporter ``none``); otherwise nothing is imported and
every mark of ``recording.py`` is a no-op. A value the specification does not define (an
exporter or an OTLP protocol this server cannot build) stops the server at start, naming the
variable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..config.environment import otel_value
from ..errors import ConfigurationError

EXPORTERS = ("otlp", "console", "none")
PROTOCOLS = ("http/protobuf", "grpc")
ENDPOINTS = (
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
    "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
)


@dataclass(frozen=True)
class Plan:
    """The exporters to build: ``traces``/``metrics`` each a tuple of ``otlp``, ``console``;
    ``*_protocol`` the OTLP protocol of each signal."""

    traces: tuple[str, ...]
    metrics: tuple[str, ...]
    traces_protocol: str = "http/protobuf"
    metrics_protocol: str = "http/protobuf"


def _exporters(env: Mapping[str, str] | None, name: str, configured: bool) -> tuple[str, ...]:
    """The exporters a ``OTEL_*_EXPORTER`` names (default ``otlp`` once OpenTelemetry is
    configured at all, as the specification says), ``none`` left out."""
    raw = otel_value(env, name).strip().lower()
    names = [n.strip() for n in raw.split(",") if n.strip()] or (["otlp"] if configured else [])
    unknown = [n for n in names if n not in EXPORTERS]
    if unknown:
        raise ConfigurationError(
            f"{name}={raw!r}: this server can export to {', '.join(EXPORTERS)}"
            f" (not {', '.join(unknown)})."
        )
    return tuple(dict.fromkeys(n for n in names if n != "none"))


def _protocol(env: Mapping[str, str] | None, signal: str) -> str:
    specific = f"OTEL_EXPORTER_OTLP_{signal}_PROTOCOL"
    for name in (specific, "OTEL_EXPORTER_OTLP_PROTOCOL"):
        raw = otel_value(env, name).strip().lower()
        if raw:
            if raw not in PROTOCOLS:
                raise ConfigurationError(
                    f"{name}={raw!r}: use http/protobuf (the default) or grpc"
                    " (with opentelemetry-exporter-otlp-proto-grpc installed)."
                )
            return raw
    return "http/protobuf"


def plan_from_env(env: Mapping[str, str] | None = None) -> Plan | None:
    """What the ``OTEL_*`` variables ask for; None: telemetry off (not configured, disabled,
    or every exporter ``none``)."""
    if otel_value(env, "OTEL_SDK_DISABLED").strip().lower() == "true":
        return None
    configured = any(
        otel_value(env, name).strip()
        for name in ("OTEL_TRACES_EXPORTER", "OTEL_METRICS_EXPORTER", *ENDPOINTS)
    )
    if not configured:
        return None
    traces = _exporters(env, "OTEL_TRACES_EXPORTER", configured)
    metrics = _exporters(env, "OTEL_METRICS_EXPORTER", configured)
    if not traces and not metrics:
        return None
    return Plan(traces, metrics, _protocol(env, "TRACES"), _protocol(env, "METRICS"))
