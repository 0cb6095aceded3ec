"""Telemetry: OpenTelemetry traces and metrics of tool calls and upstream requests, and JSON logs.

``recording.py`` is what the runtime calls (free of OpenTelemetry: every mark is a no-op unless
telemetry is on); ``switch.py`` reads the standard ``OTEL_*`` variables at start and only then
imports ``otel.py``, the backend built on the OpenTelemetry SDK (the package's ``[otel]``
extra); ``json_logs.py`` formats log records as JSON lines.
"""
