"""Retries and the total deadline of one upstream call.

Idempotent methods (GET, HEAD, PUT, DELETE, OPTIONS) are retried on connection failures and
on 408/429/500/502/503/504, waiting ``Retry-After`` when the upstream sends one and otherwise
an exponential backoff with jitter. Other methods are never retried: a POST that may have
reached the upstream is reported, not repeated. Everything (all attempts, the waits between
them and reading each body, however slowly it drips) runs under one total deadline, so a call
ends in bounded time whatever the upstream does.
"""

from __future__ import annotations

import asyncio
import email.utils
import random
import time
from dataclasses import dataclass
from typing import Awaitable, Callable

import httpx2

from ..config.auth import RequestAuth
from ..config.settings import Settings
from ..errors import UpstreamError
from ..telemetry.recording import note_attempt
from .http_call import OutgoingRequest, UpstreamResponse

IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "PUT", "DELETE", "OPTIONS", "QUERY"})
RETRY_STATUSES = frozenset({408, 429, 500, 502, 503, 504})


@dataclass(frozen=True)
class RetryPolicy:
    retries: int = 2  # extra attempts after the first
    base_delay: float = 0.25
    max_delay: float = 8.0  # cap of the backoff (not of Retry-After, which the deadline caps)
    total_timeout: float = 60.0


def retry_after_seconds(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` value (delta-seconds or an HTTP date)."""
    if value is None:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None or when.tzinfo is None:
        return None
    current = time.time() if now is None else now
    return max(0.0, when.timestamp() - current)


def backoff_delay(attempt: int, policy: RetryPolicy, rng: random.Random | None = None) -> float:
    """Exponential backoff with "equal jitter": between half and all of base * 2**attempt."""
    ceiling = min(policy.max_delay, policy.base_delay * (2.0**attempt))
    return ceiling / 2 + (rng or random).uniform(0, ceiling / 2)


def _retryable_error(exc: UpstreamError) -> bool:
    # Transport failures (refused, reset, timeouts) carry the httpx2 exception as cause; a body
    # over the size cap does not, and is never retried.
    return isinstance(exc.__cause__, httpx2.TransportError)


async def call_with_retries(
    attempt: Callable[[], Awaitable[UpstreamResponse]],
    method: str,
    policy: RetryPolicy,
    *,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    rng: random.Random | None = None,
) -> UpstreamResponse:
    """Run ``attempt`` (one request, body read) with retries, all within the total deadline."""
    try:
        async with asyncio.timeout(policy.total_timeout):
            return await _attempts(attempt, method.upper(), policy, sleep, rng)
    except TimeoutError:
        raise UpstreamError(
            f"The upstream API did not complete the call within the total deadline of "
            f"{policy.total_timeout:g} s (slow or stalled response); try again later or narrow"
            " the request."
        ) from None


async def _attempts(
    attempt: Callable[[], Awaitable[UpstreamResponse]],
    method: str,
    policy: RetryPolicy,
    sleep: Callable[[float], Awaitable[None]],
    rng: random.Random | None,
) -> UpstreamResponse:
    deadline = time.monotonic() + policy.total_timeout
    may_retry = method in IDEMPOTENT_METHODS
    n = 0
    while True:
        note_attempt(n)  # telemetry, when on
        response: UpstreamResponse | None = None
        try:
            response = await attempt()
        except UpstreamError as exc:
            if not (may_retry and n < policy.retries and _retryable_error(exc)):
                raise
            delay = backoff_delay(n, policy, rng)
            if delay >= deadline - time.monotonic():
                raise
        else:
            if not (may_retry and n < policy.retries and response.status in RETRY_STATUSES):
                return response
            wait = retry_after_seconds(response.headers.get("retry-after"))
            delay = wait if wait is not None else backoff_delay(n, policy, rng)
            if delay >= deadline - time.monotonic():
                return response  # waiting would overrun the deadline: report this answer now
        await sleep(delay)
        n += 1


async def send_reliably(
    client: httpx2.AsyncClient, request: OutgoingRequest, auth: RequestAuth, settings: Settings
) -> UpstreamResponse:
    """One upstream call as every binding should make it: redirects followed without leaking
    credentials, retries for idempotent methods, all under ``settings.total_timeout``."""
    from .redirects import send_following

    policy = RetryPolicy(retries=settings.retries, total_timeout=settings.total_timeout)
    return await call_with_retries(
        lambda: send_following(
            client,
            request,
            auth,
            max_bytes=settings.max_response_bytes,
            policy=settings.redirects,
        ),
        request.method,
        policy,
    )
