"""A continuation store in Redis or Redis Cluster, so replicas share continuations.

Selected with ``<PREFIX>_CACHE_URL`` (needs the package's ``[redis]`` extra); the in-memory
store stays the default. ``redis://host:port/db`` (``rediss://`` for TLS, ``unix://``) is one
Redis; ``redis-cluster://host:port`` (``rediss-cluster://`` for TLS) is a Redis Cluster or a
managed service in cluster mode, reached through any of its nodes (the client discovers the
others and follows ``MOVED``/``ASK``).

Every script names its keys in ``KEYS`` and touches keys of one hash slot only, as Cluster
requires. Layout under ``mcpforge:<server>:``:

- per entry, one hash tag ``{cont:<id>}`` so its keys live together: ``{cont:<id>}:e`` hash
  (scope, served, total, context) and ``{cont:<id>}:p`` list of pages, both with a Redis TTL
  (``PEXPIRE``) renewed on each served page, so Redis itself drops expired entries;
  ``{cont:<id>}:t`` a tombstone ``kind|scope`` living longer than the entry, so an expired
  id reads as "expired" and a used-up one as "finished";
- the accounting, in one hash slot (tag ``{mcpforge:<server>:acct}``, so on one node):
  ``idx`` sorted set id -> expiry (ms), ``lru`` id -> use order, ``sz`` hash id -> bytes,
  ``bytes`` counter, ``seq``.

**Bounds are global** (not per node or shard): ``max_entries`` and ``max_bytes`` hold for the
whole store, because all the accounting is in that one slot. Creating an entry is two atomic
scripts: the entry is written in its slot, then the accounting script records it, sweeps
expired ids and picks the least recently used entries to evict while there are more than
``max_entries`` or ``max_bytes``; their keys are deleted right after (a page being read at
that moment still reads whole). Between the two steps a store may briefly hold one entry
per concurrent create over the bound. Serving a page is likewise the entry's script, then
its accounting (renewed expiry and use order, or forgotten when finished).

An entry larger than ``max_bytes`` is refused. For a hard memory ceiling also set Redis'
``maxmemory`` with ``maxmemory-policy volatile-ttl`` (every entry key has a TTL). When Redis
cannot be reached the call fails within ``op_timeout`` seconds with a clear error.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import secrets
from typing import Any

from ..errors import ConfigurationError, ToolCallError
from .continuation import ID_BYTES, ContinuationError, ContinuationPage, check_entry_size
from .continuation import _error as continuation_error

CLUSTER_SCHEMES = {"redis-cluster": "redis", "rediss-cluster": "rediss"}
_ID = re.compile(r"[A-Za-z0-9_-]{1,128}")

# KEYS: entry hash, pages list, tombstone. ARGV: scope, ttl ms, tombstone ttl ms, context,
# pages...
CREATE_ENTRY = """
local scope, ttl, tomb_ttl, context = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
local n = #ARGV - 4
for i = 5, #ARGV, 1000 do
  redis.call('RPUSH', KEYS[2], unpack(ARGV, i, math.min(i + 999, #ARGV)))
end
redis.call('HSET', KEYS[1], 'scope', scope, 'served', 0, 'total', n + 1, 'context', context)
redis.call('PEXPIRE', KEYS[1], ttl)
if n > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
redis.call('SET', KEYS[3], 'expired|' .. scope, 'PX', tomb_ttl)
return 1
"""

# KEYS: entry hash, pages list, tombstone. ARGV: scope, ttl ms, tombstone ttl ms.
NEXT_PAGE = """
local scope, ttl, tomb_ttl = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
if redis.call('EXISTS', KEYS[1]) == 0 then
  local tomb = redis.call('GET', KEYS[3])
  if not tomb then return {'err', 'unknown'} end
  local sep = string.find(tomb, '|', 1, true)
  if string.sub(tomb, sep + 1) ~= scope then return {'err', 'scope'} end
  return {'err', string.sub(tomb, 1, sep - 1)}
end
if redis.call('HGET', KEYS[1], 'scope') ~= scope then return {'err', 'scope'} end
local served = tonumber(redis.call('HGET', KEYS[1], 'served'))
local total = tonumber(redis.call('HGET', KEYS[1], 'total'))
local context = redis.call('HGET', KEYS[1], 'context')
local text = redis.call('LINDEX', KEYS[2], served)
if not text then return {'err', 'expired'} end
served = served + 1
local finished = 0
if served >= total - 1 then
  redis.call('DEL', KEYS[1], KEYS[2])
  redis.call('SET', KEYS[3], 'finished|' .. scope, 'PX', tomb_ttl)
  finished = 1
else
  redis.call('HSET', KEYS[1], 'served', served)
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('PEXPIRE', KEYS[2], ttl)
  redis.call('PEXPIRE', KEYS[3], tomb_ttl)
end
return {'ok', text, served, total, context, finished}
"""

_ACCOUNTING = """
local idx, lru, sz, bytes, seq = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function forget(cid)
  local size = redis.call('HGET', sz, cid)
  if size then redis.call('DECRBY', bytes, size) end
  redis.call('HDEL', sz, cid)
  redis.call('ZREM', idx, cid)
  redis.call('ZREM', lru, cid)
end
"""

# KEYS: the accounting. ARGV: id, ttl ms, size, max entries, max bytes. Returns evicted ids.
ACCOUNT_CREATE = _ACCOUNTING + """
local id, ttl, size = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local max_entries, max_bytes = tonumber(ARGV[4]), tonumber(ARGV[5])
local now = now_ms()
for _, cid in ipairs(redis.call('ZRANGEBYSCORE', idx, '-inf', now)) do forget(cid) end
redis.call('ZADD', idx, now + ttl, id)
redis.call('ZADD', lru, redis.call('INCR', seq), id)
redis.call('HSET', sz, id, size)
redis.call('INCRBY', bytes, size)
local evicted = {}
while true do
  local count = redis.call('ZCARD', idx)
  local total = tonumber(redis.call('GET', bytes) or '0')
  if count <= max_entries and total <= max_bytes then break end
  local oldest = redis.call('ZRANGE', lru, 0, 0)[1]
  if oldest == nil or oldest == id then break end
  forget(oldest)
  table.insert(evicted, oldest)
end
return evicted
"""

# KEYS: the accounting. ARGV: id, ttl ms, finished (1: forget it).
ACCOUNT_SERVED = _ACCOUNTING + """
if ARGV[3] == '1' then
  forget(ARGV[1])
else
  redis.call('ZADD', idx, 'XX', now_ms() + tonumber(ARGV[2]), ARGV[1])
  redis.call('ZADD', lru, 'XX', redis.call('INCR', seq), ARGV[1])
end
return 1
"""


class StoreUnavailable(ToolCallError):
    kind = "store_unavailable"


class RedisContinuationStore:
    """Continuations in Redis: TTL by ``PEXPIRE``, bounded per entry and in total."""

    def __init__(
        self,
        url: str,
        *,
        prefix: str,
        ttl_seconds: float = 300,
        max_entries: int = 1000,
        max_bytes: int = 64 * 1024 * 1024,
        tombstone_seconds: float | None = None,
        op_timeout: float = 5.0,
    ):
        if ttl_seconds <= 0 or max_entries <= 0 or max_bytes <= 0:
            raise ValueError("ttl_seconds, max_entries and max_bytes must be positive")
        self.url = url
        self.prefix = prefix
        self.ttl_ms = int(ttl_seconds * 1000)
        self.tomb_ms = int((tombstone_seconds or max(ttl_seconds, 3600.0)) * 1000)
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.op_timeout = op_timeout
        self._client: Any = None

    def _redis(self) -> Any:
        if self._client is None:
            options: dict[str, Any] = {
                "socket_connect_timeout": min(2.0, self.op_timeout),
                "socket_timeout": self.op_timeout,
                "decode_responses": True,
            }
            scheme, _, rest = self.url.partition("://")
            if scheme in CLUSTER_SCHEMES:
                from redis.asyncio.cluster import RedisCluster

                url = f"{CLUSTER_SCHEMES[scheme]}://{rest}"
                self._client = RedisCluster.from_url(url, **options)
            else:
                import redis.asyncio as aioredis

                self._client = aioredis.Redis.from_url(self.url, **options)
        return self._client

    def entry_keys(self, cont_id: str) -> list[str]:
        """The keys of one entry (one hash tag, so one slot): hash, pages, tombstone."""
        tag = f"{self.prefix}{{cont:{cont_id}}}:"
        return [tag + "e", tag + "p", tag + "t"]

    def accounting_keys(self) -> list[str]:
        """The keys of the global accounting (one hash tag, so one slot)."""
        tag = "{" + self.prefix + "acct}:"
        return [tag + name for name in ("idx", "lru", "sz", "bytes", "seq")]

    def where(self) -> str:
        """The server's address without credentials, for messages."""
        rest = self.url.split("://", 1)[-1]
        return self.url.split("://", 1)[0] + "://" + rest.rsplit("@", 1)[-1].split("/", 1)[0]

    async def _run(self, script: str, keys: list[str], args: list[Any]) -> Any:
        try:
            async with asyncio.timeout(self.op_timeout):
                return await self._redis().eval(script, len(keys), *keys, *args)
        except (TimeoutError, OSError) as exc:
            raise self._unavailable(exc) from None
        except Exception as exc:  # redis.exceptions.RedisError and subclasses
            if type(exc).__module__.startswith("redis"):
                raise self._unavailable(exc) from None
            raise

    async def _delete_entries(self, ids: list[str]) -> None:
        """Delete evicted entries' keys: one command per entry (its keys share a slot)."""
        try:
            async with asyncio.timeout(self.op_timeout):
                for cid in ids:
                    await self._redis().delete(*self.entry_keys(cid)[:2])  # tombstone stays
        except (TimeoutError, OSError) as exc:
            raise self._unavailable(exc) from None
        except Exception as exc:
            if type(exc).__module__.startswith("redis"):
                raise self._unavailable(exc) from None
            raise

    def _unavailable(self, exc: BaseException) -> StoreUnavailable:
        return StoreUnavailable(
            f"The continuation store ({self.where()}) is unavailable ({type(exc).__name__}), so"
            " paged results cannot be stored or continued right now. Try again shortly; if it"
            " persists, the server's operator must check Redis."
        )

    async def create(
        self, scope: str, pages: list[str], context: dict[str, Any] | None = None
    ) -> str:
        size = check_entry_size(pages, self.max_bytes)
        cont_id = secrets.token_urlsafe(ID_BYTES)
        ctx = json.dumps(context, sort_keys=True) if context is not None else ""
        args = [scope, self.ttl_ms, self.tomb_ms, ctx, *pages]
        await self._run(CREATE_ENTRY, self.entry_keys(cont_id), args)
        limits = [cont_id, self.ttl_ms, size, self.max_entries, self.max_bytes]
        evicted = await self._run(ACCOUNT_CREATE, self.accounting_keys(), limits)
        await self._delete_entries(list(evicted or ()))
        return cont_id

    async def next_page(self, cont_id: str, scope: str) -> ContinuationPage:
        if not _ID.fullmatch(cont_id):  # not an id this store made (and never a key name)
            raise continuation_error("unknown")
        args = [scope, self.ttl_ms, self.tomb_ms]
        reply = await self._run(NEXT_PAGE, self.entry_keys(cont_id), args)
        if reply[0] == "err":
            kind = reply[1]
            if kind == "scope":
                raise ContinuationError("scope", continuation_error("unknown").message)
            raise continuation_error(kind)
        _, text, served, total, ctx, finished = reply
        await self._run(
            ACCOUNT_SERVED, self.accounting_keys(), [cont_id, self.ttl_ms, int(finished)]
        )
        index = int(served) + 1
        context = json.loads(ctx) if ctx else None
        return ContinuationPage(text, index, int(total), int(total) - index, context)

    async def claim_once(self, key: str, ttl_seconds: float) -> bool:
        """``SET key 1 NX PX ttl``: one replica wins, whichever asks first."""
        name = f"{self.prefix}claim:{hashlib.sha256(key.encode()).hexdigest()}"
        try:
            async with asyncio.timeout(self.op_timeout):
                won = await self._redis().set(name, "1", nx=True, px=int(ttl_seconds * 1000))
        except (TimeoutError, OSError) as exc:
            raise self._unavailable(exc) from None
        except Exception as exc:
            if type(exc).__module__.startswith("redis"):
                raise self._unavailable(exc) from None
            raise
        return bool(won)

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None


def store_from_settings(model: Any, settings: Any) -> RedisContinuationStore | None:
    """The store ``<PREFIX>_CACHE_URL`` selects, or None for the in-memory default."""
    url = settings.cache_url
    if not url:
        return None
    schemes = ("redis://", "rediss://", "unix://", "redis-cluster://", "rediss-cluster://")
    if not url.startswith(schemes):
        raise ConfigurationError(
            f"{model.env_prefix}_CACHE_URL must be a redis://, rediss:// or (Redis Cluster)"
            " redis-cluster:// or rediss-cluster:// URL, got another scheme; unset it to keep"
            " continuations in memory."
        )
    try:
        import redis.asyncio  # noqa: F401
    except ImportError:
        raise ConfigurationError(
            f"{model.env_prefix}_CACHE_URL needs the Redis client: install this package with"
            " its [redis] extra (pip install '<package>[redis]')."
        ) from None
    return RedisContinuationStore(
        url,
        prefix=f"mcpforge:{model.name}:",
        ttl_seconds=model.limits.continuation_ttl,
        max_entries=settings.continuation_max_entries,
        max_bytes=settings.continuation_max_bytes,
    )
