"""What the ``OTEL_*`` variables switch on (telemetry/plan.py), the URL templates spans name
(telemetry/recording.py), and JSON log lines (telemetry/json_logs.py)."""

from __future__ import annotations

import io
import json
import logging

import pytest
from opentelemetry.sdk.trace import TracerProvider

from generator.runtime.config.log_redaction import install_log_redaction
from generator.runtime.errors import ConfigurationError
from generator.runtime.model import ServerModel
from generator.runtime.telemetry.json_logs import JsonFormatter, log_format
from generator.runtime.telemetry.plan import Plan, plan_from_env
from generator.runtime.telemetry.recording import Call


@pytest.mark.parametrize(
    ("env", "plan"),
    [
        ({}, None),
        ({"OTEL_SERVICE_NAME": "x", "OTEL_RESOURCE_ATTRIBUTES": "a=b"}, None),  # not exporters
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"}, Plan(("otlp",), ("otlp",))),
        ({"OTEL_TRACES_EXPORTER": "console"}, Plan(("console",), ("otlp",))),
        ({"OTEL_TRACES_EXPORTER": "otlp,console", "OTEL_METRICS_EXPORTER": "none"},
         Plan(("otlp", "console"), ())),
        ({"OTEL_TRACES_EXPORTER": "none", "OTEL_METRICS_EXPORTER": "none"}, None),
        ({"OTEL_TRACES_EXPORTER": "otlp", "OTEL_SDK_DISABLED": "TRUE"}, None),
        ({"OTEL_TRACES_EXPORTER": "otlp", "OTEL_SDK_DISABLED": "false"}, Plan(("otlp",), ("otlp",))),
        ({"OTEL_TRACES_EXPORTER": " OTLP ", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc",
          "OTEL_EXPORTER_OTLP_METRICS_PROTOCOL": "http/protobuf"},
         Plan(("otlp",), ("otlp",), "grpc", "http/protobuf")),
    ],  # fmt: skip
)
def test_the_otel_variables_switch_telemetry_as_the_specification_says(
    env: dict[str, str], plan: Plan | None
) -> None:
    assert plan_from_env(env) == plan


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"OTEL_METRICS_EXPORTER": "prometheus"},
         "OTEL_METRICS_EXPORTER='prometheus': this server can export to otlp, console, none"
         " (not prometheus)."),
        ({"OTEL_TRACES_EXPORTER": "otlp", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "http/json"},
         "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL='http/json': use http/protobuf (the default) or grpc"
         " (with opentelemetry-exporter-otlp-proto-grpc installed)."),
    ],  # fmt: skip
)
def test_a_value_it_cannot_build_is_refused_naming_the_variable(
    env: dict[str, str], message: str
) -> None:
    with pytest.raises(ConfigurationError) as refused:
        plan_from_env(env)
    assert refused.value.message == message


@pytest.mark.parametrize(
    ("base", "path", "url", "template"),
    [
        ("https://api.example.com/v1", "/pets/{petId}", "https://api.example.com/v1/pets/42", "/v1/pets/{petId}"),
        ("https://api.example.com/v1/", "/pets/{petId}", "https://api.example.com/v1/pets/a%2Fb?x=1", "/v1/pets/{petId}"),
        ("https://api.example.com", "/a/{x}/b/{y}", "https://api.example.com/a/1/b/2", "/a/{x}/b/{y}"),
        # a redirect elsewhere, or a value that spans segments: no template (never the path)
        ("https://api.example.com/v1", "/pets/{petId}", "https://api.example.com/v1/pets/1/2", None),
        ("https://api.example.com/v1", "/pets/{petId}", "https://evil.example/v1/pets/1", None),
        ("https://api.example.com/v1", "/pets/{petId}", "https://api.example.com/login", None),
        ("https://gql.example.com/graphql", "", "https://gql.example.com/graphql", "/graphql"),
        ("https://gql.example.com", "", "https://gql.example.com", "/"),
    ],  # fmt: skip
)
def test_a_request_is_named_by_its_route_template_only_when_it_is_one_of_the_operation(
    base: str, path: str, url: str, template: str | None
) -> None:
    # no backend: naming a request by its route never records anything
    call = Call(backend=None, tool="t")  # type: ignore[arg-type]
    call.expect(base, path)
    assert call.template_for(url) == template


def _model() -> ServerModel:
    return ServerModel(
        name="vault",
        title="Vault",
        version="1.0.0",
        description="",
        env_prefix="VAULT",
        base_url="",
        kind="openapi",
        tools=(),
    )


def test_the_log_format_is_text_or_json() -> None:
    model = _model()
    assert log_format(model, {}) == "text"
    assert log_format(model, {"VAULT_LOG_FORMAT": " JSON "}) == "json"
    with pytest.raises(ConfigurationError, match="VAULT_LOG_FORMAT='xml': use one of text, json"):
        log_format(model, {"VAULT_LOG_FORMAT": "xml"})


def test_a_json_log_line_is_redacted_and_carries_the_current_trace() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("test_telemetry_config.json")
    logger.addHandler(handler)
    logger.propagate = False
    install_log_redaction(lambda text: text.replace("hunter2", "[REDACTED]"), logger)
    tracer = TracerProvider().get_tracer("test")
    try:
        with tracer.start_as_current_span("work") as span:
            try:
                raise ValueError("token hunter2 refused")
            except ValueError:
                logger.exception("calling with %s failed", "hunter2")
        logger.warning("outside")
    finally:
        logger.removeHandler(handler)
    first, second = (json.loads(line) for line in stream.getvalue().splitlines())
    context = span.get_span_context()
    assert first["level"] == "error" and first["logger"] == "test_telemetry_config.json"
    assert first["message"] == "calling with [REDACTED] failed"
    assert "ValueError: token [REDACTED] refused" in first["exception"]
    assert first["trace_id"] == f"{context.trace_id:032x}"
    assert first["span_id"] == f"{context.span_id:016x}"
    assert first["time"].endswith("+00:00")
    assert "hunter2" not in stream.getvalue()
    assert second["message"] == "outside" and "trace_id" not in second
