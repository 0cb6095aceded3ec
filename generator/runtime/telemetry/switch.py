"""Turn telemetry on at start when the ``OTEL_*`` variables ask for it (``plan.py``).

Only then is the OpenTelemetry SDK imported (``otel_setup.py``). Configured without the
``[otel]`` extra installed: a warning saying what to install, and the server runs without
telemetry.
"""

from __future__ import annotations

import logging
from typing import Mapping

from ..model import ServerModel
from .plan import plan_from_env
from .recording import Backend

log = logging.getLogger(__name__)


def telemetry_from_env(model: ServerModel, env: Mapping[str, str] | None = None) -> Backend | None:
    """The telemetry backend the environment asks for, or None (see the module docstring)."""
    plan = plan_from_env(env)
    if plan is None:
        return None
    try:
        from .otel_setup import backend_for

        return backend_for(model, plan)
    except ImportError as exc:  # the SDK or the OTLP exporter is missing
        log.warning(
            "OpenTelemetry is configured (OTEL_* variables) but %s is not installed: install"
            " '%s-mcp[otel]' to export traces and metrics; running without them.",
            exc.name or exc,
            model.name,
        )
        return None
