"""Continuation store behind ``<api>_continue``: the pages of a chunked response, by id.

The protocol is stateless, so the rest of a paged response lives here under an id the agent
passes back. Ids carry 96 random bits (``secrets.token_urlsafe(12)``: 16 characters, about 12 tokens in a footer). Entries expire after
``ttl_seconds`` without use (each served page renews the TTL); the store is bounded by entry
count and by total bytes, evicting the least recently used entry first.

After the last page an entry becomes a small tombstone, so a further call says "finished"
rather than "unknown"; expired and evicted entries leave tombstones too ("expired").
Tombstones are bounded in number and live ``tombstone_seconds``. A caller whose scope does not
match the entry's gets the same message as for an unknown id (kind ``scope``), so ids of
other scopes cannot be probed.

``MemoryContinuationStore`` never awaits inside its critical sections and guards them with a
lock, so it is safe for concurrent asyncio tasks (and threads).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Literal, Protocol

from ..errors import ToolCallError

ErrorKind = Literal["unknown", "expired", "finished", "scope"]
ENTRY_OVERHEAD_BYTES = 256


class EntryTooLarge(ToolCallError, ValueError):
    """The remaining pages of one response do not fit the store: the agent must narrow it."""

    kind = "continuation_too_large"


def check_entry_size(pages: list[str], max_bytes: int) -> int:
    """The stored size of ``pages``; refused (an agent-facing error) when over ``max_bytes``."""
    if not pages:
        raise ValueError("nothing to continue: pages is empty")
    size = ENTRY_OVERHEAD_BYTES + sum(len(p.encode("utf-8")) for p in pages)
    if size > max_bytes:
        raise EntryTooLarge(
            f"This response's remaining pages take {size} bytes, more than the continuation"
            f" store holds per entry ({max_bytes}); narrow the request (fields, filters, page"
            " size)."
        )
    return size


ID_BYTES = 12  # 96 bits: unguessable, and a handle is also bound to its caller's scope

_RERUN = "Re-run the original tool call to get the response again from page 1."


class ContinuationError(Exception):
    """A continuation id that cannot serve a page; the message tells the agent what to do."""

    def __init__(self, kind: ErrorKind, message: str):
        super().__init__(message)
        self.kind: ErrorKind = kind
        self.message = message


def _error(kind: ErrorKind) -> ContinuationError:
    if kind == "finished":
        text = (
            "This continuation_id is finished: every page was already returned. "
            "Re-run the original tool call if you need the response again."
        )
    elif kind == "expired":
        text = f"This continuation_id has expired (pages are kept for a limited time). {_RERUN}"
    else:
        text = f"Unknown continuation_id. {_RERUN}"
    return ContinuationError(kind, text)


@dataclass(frozen=True)
class ContinuationPage:
    text: str
    index: int  # 1-based page number in the whole response (page 1 was the original result)
    total: int
    remaining: int
    context: dict[str, Any] | None = None


class ContinuationStore(Protocol):
    async def create(
        self, scope: str, pages: list[str], context: dict[str, Any] | None = None
    ) -> str: ...

    async def next_page(self, cont_id: str, scope: str) -> ContinuationPage: ...

    async def claim_once(self, key: str, ttl_seconds: float) -> bool:
        """True the first time ``key`` is claimed within ``ttl_seconds``, False after (on
        every replica sharing the store): what makes a confirmation single-use."""
        ...


MAX_CLAIMS = 100_000  # single-use marks kept in memory (each lives a confirmation's lifetime)


@dataclass
class _Entry:
    scope: str
    pages: list[str]
    served: int  # pages of ``pages`` already served
    expires_at: float
    size: int
    context: dict[str, Any] | None = None


@dataclass
class _Tombstone:
    scope: str
    kind: ErrorKind
    expires_at: float


@dataclass
class _Stats:
    evicted: int = 0
    expired: int = 0
    finished: int = 0


class MemoryContinuationStore:
    """In-process store: TTL expiry, LRU eviction by count and bytes, tombstones."""

    def __init__(
        self,
        ttl_seconds: float = 300,
        max_entries: int = 1000,
        max_bytes: int = 64 * 1024 * 1024,
        clock: Callable[[], float] = time.monotonic,
        max_tombstones: int | None = None,
        tombstone_seconds: float | None = None,
    ):
        if ttl_seconds <= 0 or max_entries <= 0 or max_bytes <= 0:
            raise ValueError("ttl_seconds, max_entries and max_bytes must be positive")
        self.ttl = float(ttl_seconds)
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.max_tombstones = max_tombstones if max_tombstones is not None else 4 * max_entries
        self.tombstone_ttl = (
            float(tombstone_seconds) if tombstone_seconds is not None else max(self.ttl, 3600.0)
        )
        self._clock = clock
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._tombs: OrderedDict[str, _Tombstone] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.stats = _Stats()
        self._claims: OrderedDict[str, float] = OrderedDict()  # key -> when it may be forgotten

    # -- public API -------------------------------------------------------------------

    async def create(
        self, scope: str, pages: list[str], context: dict[str, Any] | None = None
    ) -> str:
        """Hold ``pages`` (pages 2..n; page 1 was already served) and return their id."""
        size = check_entry_size(pages, self.max_bytes)
        with self._lock:
            now = self._clock()
            self._sweep(now)
            cont_id = secrets.token_urlsafe(ID_BYTES)
            while cont_id in self._entries or cont_id in self._tombs:
                cont_id = secrets.token_urlsafe(ID_BYTES)
            self._entries[cont_id] = _Entry(scope, list(pages), 0, now + self.ttl, size, context)
            self._bytes += size
            self._evict(keep=cont_id)
            return cont_id

    async def claim_once(self, key: str, ttl_seconds: float) -> bool:
        """See ContinuationStore; kept in this process (a shared store: Redis)."""
        with self._lock:
            now = self._clock()
            while self._claims and next(iter(self._claims.values())) <= now:
                self._claims.popitem(last=False)  # in claim order; expiry is claim + ttl
            if key in self._claims:
                return False
            self._claims[key] = now + ttl_seconds
            while len(self._claims) > MAX_CLAIMS:
                self._claims.popitem(last=False)
            return True

    async def next_page(self, cont_id: str, scope: str) -> ContinuationPage:
        """Serve the next page of ``cont_id`` and advance; raise ContinuationError if none."""
        with self._lock:
            now = self._clock()
            self._sweep(now)
            entry = self._entries.get(cont_id)
            if entry is None:
                tomb = self._tombs.get(cont_id)
                if tomb is None:
                    raise _error("unknown")
                if tomb.scope != scope:
                    raise ContinuationError("scope", _error("unknown").message)
                raise _error(tomb.kind)
            if entry.scope != scope:
                raise ContinuationError("scope", _error("unknown").message)
            text = entry.pages[entry.served]
            entry.served += 1
            total = len(entry.pages) + 1
            index = entry.served + 1
            page = ContinuationPage(text, index, total, total - index, entry.context)
            if entry.served >= len(entry.pages):
                self._drop(cont_id, "finished", now)
                self.stats.finished += 1
            else:
                entry.expires_at = now + self.ttl
                self._entries.move_to_end(cont_id)
            return page

    # -- introspection (tests, metrics) -----------------------------------------------

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def total_bytes(self) -> int:
        return self._bytes

    def tombstone_count(self) -> int:
        return len(self._tombs)

    # -- internals (lock held) --------------------------------------------------------

    def _drop(self, cont_id: str, kind: ErrorKind, now: float) -> None:
        entry = self._entries.pop(cont_id)
        self._bytes -= entry.size
        self._tombs[cont_id] = _Tombstone(entry.scope, kind, now + self.tombstone_ttl)
        self._tombs.move_to_end(cont_id)
        while len(self._tombs) > self.max_tombstones:
            self._tombs.popitem(last=False)

    def _sweep(self, now: float) -> None:
        # Entries are kept in order of last use and each use renews the TTL, so the order of
        # ``_entries`` is also the order of expiry: stop at the first live one.
        while self._entries:
            cid, entry = next(iter(self._entries.items()))
            if entry.expires_at > now:
                break
            self._drop(cid, "expired", now)
            self.stats.expired += 1
        while self._tombs:
            cid, tomb = next(iter(self._tombs.items()))
            if tomb.expires_at > now:
                break
            del self._tombs[cid]

    def _evict(self, keep: str) -> None:
        now = self._clock()
        while len(self._entries) > self.max_entries or self._bytes > self.max_bytes:
            oldest = next(iter(self._entries))
            if oldest == keep:
                break
            self._drop(oldest, "expired", now)
            self.stats.evicted += 1
