"""Time: when the object changed or was made.

Hint ``time`` (``format: date-time``, an ISO value), or a last word ``at``/``on``/``time``/
``date``/``timestamp``, or a participle like ``created``/``updated``; not an amount, nor a
number counting things (``updatedReplicas``: how many were updated). Updated
before created before others (due, closed). A list item takes one: when it last changed, or,
for an item said by its text rather than a name (a comment, a message), when it was written.
One resource takes two, then one more of the others late in the order.
"""

from __future__ import annotations

from typing import Any

from ..names import base_type, hint
from .quantity import MONEY_WORDS
from .words import plural, w

TIME_LAST = frozenset({"at", "on", "time", "date", "timestamp", "ts", "datetime"})
TIME_WORDS = frozenset(
    {"created", "updated", "modified", "edited", "changed", "deleted", "closed", "published",
     "started", "finished", "completed", "expires", "expiry", "due", "merged", "ended"}
)  # fmt: skip
TIME_UNITS = frozenset({"seconds", "millis", "milliseconds", "micros", "nanos"})  # epoch values
RECENT_WORDS = frozenset({"updated", "modified", "edited", "changed"})


def is_time(key: str, leaf: Any) -> bool:
    ws = w(key)
    if hint(leaf) == "time":
        return True
    if base_type(leaf) not in ("string", "integer", "number", "any") or set(ws) & MONEY_WORDS:
        return False
    if base_type(leaf) in ("integer", "number") and len(ws) > 1 and plural(ws[-1]):
        if ws[-1] not in TIME_UNITS:
            return False  # ``updatedReplicas``, ``closedIssues``: a count of things
    return ws[-1] in TIME_LAST or ws[-1] in TIME_WORDS or ws[0] in TIME_WORDS and len(ws) <= 2


def time_rank(key: str) -> int:
    ws = set(w(key))
    return 0 if ws & RECENT_WORDS else 1 if ws & {"created", "creation"} else 2
