"""A continuation store in Redis, so replicas behind a load balancer share continuations.

Selected with ``<PREFIX>_CACHE_URL=redis://host:port/db`` (needs the package's ``[redis]``
extra); the in-memory store stays the default. Every operation is one Lua script, so it is
atomic across replicas. Layout under ``mcpforge:<server>:``:

- ``e:<id>`` hash (scope, served, total, context) and ``p:<id>`` list of pages, both with a
  Redis TTL (``PEXPIRE``) renewed on each served page: Redis itself drops expired entries;
- ``t:<id>`` tombstone ``kind|scope`` living longer than the entry, so an expired id reads as
  "expired" and a used-up one as "finished";
- ``idx`` sorted set id -> expiry (ms), ``lru`` id -> use order, ``sz`` hash id -> bytes,
  ``bytes`` counter: the total bound. Creating an entry sweeps expired ids from the accounting
  and evicts the least recently used entries while there are more than ``max_entries`` or more
  than ``max_bytes``.

An entry larger than ``max_bytes`` is refused. For a hard memory ceiling also set Redis'
``maxmemory`` with ``maxmemory-policy volatile-ttl`` (every key here has a TTL). When Redis
cannot be reached the call fails within ``op_timeout`` seconds with a clear error.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Any

from .continuation import ID_BYTES, ContinuationError, ContinuationPage, check_entry_size
from .continuation import _error as continuation_error
from .errors import ConfigurationError, ToolCallError

_SWEEP_AND_ACCOUNT = """
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
-- idx: id -> expiry ms (for the sweep); lru: id -> use sequence number (for eviction)
local function touch(prefix, id, expiry, flag)
  local seq = redis.call('INCR', prefix .. 'seq')
  if flag then
    redis.call('ZADD', prefix .. 'idx', flag, expiry, id)
    redis.call('ZADD', prefix .. 'lru', flag, seq, id)
  else
    redis.call('ZADD', prefix .. 'idx', expiry, id)
    redis.call('ZADD', prefix .. 'lru', seq, id)
  end
end
local function forget(prefix, cid)
  local sz = redis.call('HGET', prefix .. 'sz', cid)
  if sz then redis.call('DECRBY', prefix .. 'bytes', sz) end
  redis.call('HDEL', prefix .. 'sz', cid)
  redis.call('ZREM', prefix .. 'idx', cid)
  redis.call('ZREM', prefix .. 'lru', cid)
end
"""

CREATE = _SWEEP_AND_ACCOUNT + """
local prefix, id, scope = ARGV[1], ARGV[2], ARGV[3]
local ttl, tomb_ttl, size = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local max_entries, max_bytes, context = tonumber(ARGV[7]), tonumber(ARGV[8]), ARGV[9]
local now = now_ms()
for _, cid in ipairs(redis.call('ZRANGEBYSCORE', prefix .. 'idx', '-inf', now)) do
  forget(prefix, cid)
end
local ekey, pkey = prefix .. 'e:' .. id, prefix .. 'p:' .. id
local n = #ARGV - 9
for i = 10, #ARGV, 1000 do
  redis.call('RPUSH', pkey, unpack(ARGV, i, math.min(i + 999, #ARGV)))
end
redis.call('HSET', ekey, 'scope', scope, 'served', 0, 'total', n + 1, 'context', context)
redis.call('PEXPIRE', ekey, ttl)
redis.call('PEXPIRE', pkey, ttl)
redis.call('SET', prefix .. 't:' .. id, 'expired|' .. scope, 'PX', tomb_ttl)
touch(prefix, id, now + ttl, nil)
redis.call('HSET', prefix .. 'sz', id, size)
redis.call('INCRBY', prefix .. 'bytes', size)
while true do
  local count = redis.call('ZCARD', prefix .. 'idx')
  local total = tonumber(redis.call('GET', prefix .. 'bytes') or '0')
  if count <= max_entries and total <= max_bytes then break end
  local oldest = redis.call('ZRANGE', prefix .. 'lru', 0, 0)[1]
  if oldest == nil or oldest == id then break end
  redis.call('DEL', prefix .. 'e:' .. oldest, prefix .. 'p:' .. oldest)
  forget(prefix, oldest)
end
return id
"""

NEXT_PAGE = _SWEEP_AND_ACCOUNT + """
local prefix, id, scope = ARGV[1], ARGV[2], ARGV[3]
local ttl, tomb_ttl = tonumber(ARGV[4]), tonumber(ARGV[5])
local ekey, pkey, tkey = prefix .. 'e:' .. id, prefix .. 'p:' .. id, prefix .. 't:' .. id
if redis.call('EXISTS', ekey) == 0 then
  local tomb = redis.call('GET', tkey)
  if not tomb then return {'err', 'unknown'} end
  local sep = string.find(tomb, '|', 1, true)
  if string.sub(tomb, sep + 1) ~= scope then return {'err', 'scope'} end
  return {'err', string.sub(tomb, 1, sep - 1)}
end
if redis.call('HGET', ekey, 'scope') ~= scope then return {'err', 'scope'} end
local served = tonumber(redis.call('HGET', ekey, 'served'))
local total = tonumber(redis.call('HGET', ekey, 'total'))
local context = redis.call('HGET', ekey, 'context')
local text = redis.call('LINDEX', pkey, served)
if not text then return {'err', 'expired'} end
served = served + 1
if served >= total - 1 then
  redis.call('DEL', ekey, pkey)
  redis.call('SET', tkey, 'finished|' .. scope, 'PX', tomb_ttl)
  forget(prefix, id)
else
  redis.call('HSET', ekey, 'served', served)
  redis.call('PEXPIRE', ekey, ttl)
  redis.call('PEXPIRE', pkey, ttl)
  redis.call('PEXPIRE', tkey, tomb_ttl)
  touch(prefix, id, now_ms() + ttl, 'XX')
end
return {'ok', text, served, total, context}
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
            import redis.asyncio as aioredis

            self._client = aioredis.Redis.from_url(
                self.url,
                socket_connect_timeout=min(2.0, self.op_timeout),
                socket_timeout=self.op_timeout,
                decode_responses=True,
            )
        return self._client

    def where(self) -> str:
        """The server's address without credentials, for messages."""
        rest = self.url.split("://", 1)[-1]
        return self.url.split("://", 1)[0] + "://" + rest.rsplit("@", 1)[-1].split("/", 1)[0]

    async def _run(self, script: str, args: list[Any]) -> Any:
        try:
            async with asyncio.timeout(self.op_timeout):
                return await self._redis().eval(script, 0, *args)
        except (TimeoutError, OSError) as exc:
            raise self._unavailable(exc) from None
        except Exception as exc:  # redis.exceptions.RedisError and subclasses
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
        args = [self.prefix, cont_id, scope, self.ttl_ms, self.tomb_ms, size]
        args += [self.max_entries, self.max_bytes, ctx, *pages]
        return str(await self._run(CREATE, args))

    async def next_page(self, cont_id: str, scope: str) -> ContinuationPage:
        args = [self.prefix, cont_id, scope, self.ttl_ms, self.tomb_ms]
        reply = await self._run(NEXT_PAGE, args)
        if reply[0] == "err":
            kind = reply[1]
            if kind == "scope":
                raise ContinuationError("scope", continuation_error("unknown").message)
            raise continuation_error(kind)
        _, text, served, total, ctx = reply
        index = int(served) + 1
        context = json.loads(ctx) if ctx else None
        return ContinuationPage(text, index, int(total), int(total) - index, context)

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None


def store_from_settings(model: Any, settings: Any) -> RedisContinuationStore | None:
    """The store ``<PREFIX>_CACHE_URL`` selects, or None for the in-memory default."""
    url = settings.cache_url
    if not url:
        return None
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ConfigurationError(
            f"{model.env_prefix}_CACHE_URL must be a redis:// or rediss:// URL, got another"
            " scheme; unset it to keep continuations in memory."
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
