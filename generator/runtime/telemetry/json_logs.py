"""JSON logs: one object a line on stderr, for log collectors (``<PREFIX>_LOG_FORMAT=json``).

Each line has ``time`` (UTC, ISO 8601 with milliseconds), ``level``, ``logger`` and
``message``, ``exception`` when there is one, and ``trace_id``/``span_id`` (hex, as OTLP
writes them) when a recording span is current, so a log line finds its trace. The message and
the exception are what the redacting filter (``config/log_redaction.py``, installed on the
same handlers) left: a credential never reaches a line. The OpenTelemetry API is looked at
only if something already imported it.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import datetime, timezone
from typing import Any, Mapping

from ..config.environment import full_name, text_default, value
from ..errors import ConfigurationError
from ..model import ServerModel

LOG_FORMATS = ("text", "json")


def log_format(model: ServerModel, environ: Mapping[str, str] | None = None) -> str:
    """``<PREFIX>_LOG_FORMAT``: ``text`` (default) or ``json``."""
    chosen = (value(environ, model, "LOG_FORMAT") or text_default("LOG_FORMAT")).strip().lower()
    if chosen not in LOG_FORMATS:
        raise ConfigurationError(
            f"{full_name(model, 'LOG_FORMAT')}={chosen!r}: use one of {', '.join(LOG_FORMATS)}."
        )
    return chosen


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, timezone.utc).isoformat(
                timespec="milliseconds"
            ),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = record.stack_info
        entry.update(_trace_ids())
        return json.dumps(entry, ensure_ascii=False, default=str)


def _trace_ids() -> dict[str, str]:
    api = sys.modules.get("opentelemetry.trace")  # never imported for this
    if api is None:
        return {}
    context = api.get_current_span().get_span_context()
    if not context.is_valid:
        return {}
    return {"trace_id": f"{context.trace_id:032x}", "span_id": f"{context.span_id:016x}"}


def use_json_logs(logger: logging.Logger | None = None) -> None:
    """Format every handler of ``logger`` (default: the root logger) as JSON lines."""
    for handler in (logger or logging.getLogger()).handlers:
        handler.setFormatter(JsonFormatter())
