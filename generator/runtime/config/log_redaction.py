"""Keep credentials out of logs: a filter that redacts every record before it is written.

httpx logs each request URL at INFO (with an API key in the query string, if that is where the
upstream wants it), and exception logs may quote upstream text. The generated server installs
this filter on the root logger's handlers at start, so whatever the log level, records are
passed through the same redactor as tool results.
"""

from __future__ import annotations

import logging
from typing import Callable


class RedactingFilter(logging.Filter):
    def __init__(self, redact: Callable[[str], str]):
        super().__init__()
        self.redact = redact

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        record.msg, record.args = self.redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


def install_log_redaction(
    redact: Callable[[str], str], logger: logging.Logger | None = None
) -> RedactingFilter:
    """Add the filter to every handler of ``logger`` (default: the root logger)."""
    target = logger or logging.getLogger()
    flt = RedactingFilter(redact)
    for handler in target.handlers:
        handler.addFilter(flt)
    return flt
