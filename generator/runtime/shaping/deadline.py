"""The deadline of the work one call does with its answer (parsing, shaping, chunking).

That work runs in a worker thread (executor.py), where the event loop cannot cancel it; the
loops that grow with the answer (token counting, projection of each item, string cuts) call
``check()``, which raises ``PastDeadline`` once the call's deadline has passed, so an abandoned
worker stops soon after instead of shaping an answer nobody waits for. Outside such work (no
deadline set) ``check()`` costs one context-variable read.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

_DEADLINE: ContextVar[float | None] = ContextVar("mcpforge_work_deadline", default=None)


class PastDeadline(Exception):
    """The call's deadline passed while its answer was being worked on."""


def check() -> None:
    deadline = _DEADLINE.get()
    if deadline is not None and time.monotonic() >= deadline:
        raise PastDeadline()


@contextmanager
def working_until(deadline: float | None) -> Iterator[None]:
    """Run the body under ``deadline`` (a ``time.monotonic()`` value; None: no deadline)."""
    token = _DEADLINE.set(deadline)
    try:
        yield
    finally:
        _DEADLINE.reset(token)
