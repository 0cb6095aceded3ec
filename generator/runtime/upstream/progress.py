"""Progress of a tool call, for a client that asked for it (an MCP ``progressToken``).

The MCP adapter sets ``REPORTER`` for the call being served when the request carries a progress
token (mcp/mcp_adapter.py); the runtime reports, without knowing about MCP:

* ``report(message)`` at each step of a walk through pages: serving a page of a stored result
  (``page 2 of 5``) and fetching the next upstream page (``upstream page 3``);
* ``while_waiting(what)`` around an upstream request: when it has taken longer than a second,
  one notification per second says how long it has been waiting.

Each notification's ``progress`` is one more than the last (the protocol wants it to increase);
the message says what is happening. Without a reporter (stdio or HTTP without a token) every
call here does nothing. A notification that cannot be delivered never fails the call.
"""

from __future__ import annotations

import asyncio
import logging
import time
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import AsyncIterator, Awaitable, Callable

log = logging.getLogger(__name__)

Reporter = Callable[[float, str], Awaitable[None]]  # (progress, message)
REPORTER: ContextVar["Steps | None"] = ContextVar("mcpforge_progress", default=None)
SLOW_AFTER_S = 1.0
EVERY_S = 1.0


class Steps:
    """Numbers the notifications of one call (1, 2, 3...) and sends them."""

    def __init__(self, send: Reporter):
        self._send = send
        self._count = 0

    async def __call__(self, message: str) -> None:
        self._count += 1
        try:
            await self._send(float(self._count), message)
        except Exception as exc:  # a closed stream, a client gone: the call goes on
            log.debug("progress notification not sent: %s", type(exc).__name__)


async def report(message: str) -> None:
    steps = REPORTER.get()
    if steps is not None:
        await steps(message)


@asynccontextmanager
async def while_waiting(what: str) -> AsyncIterator[None]:
    """Report every second once ``what`` has taken longer than SLOW_AFTER_S."""
    steps = REPORTER.get()
    if steps is None:
        yield
        return
    started = time.monotonic()

    async def tick() -> None:
        await asyncio.sleep(SLOW_AFTER_S)
        while True:
            await steps(f"{what} ({time.monotonic() - started:.0f} s so far)")
            await asyncio.sleep(EVERY_S)

    ticker = asyncio.create_task(tick())
    try:
        yield
    finally:
        ticker.cancel()  # not awaited: it holds nothing, and the call must not wait for it
