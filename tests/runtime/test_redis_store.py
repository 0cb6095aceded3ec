"""The Redis continuation store against a real redis-server and a real 3-node Redis Cluster
(started by the tests): paging, scope, TTL, bounds, atomicity across two store instances
(two replicas), and a down Redis."""

import asyncio
import time

import pytest
import redis
import redis.cluster

from generator.runtime.continuations.continuation import ContinuationError
from generator.runtime.continuations.continuation import EntryTooLarge
from generator.runtime.continuations.redis_store import RedisContinuationStore, StoreUnavailable
from tests.support.faulty import closed_port
from tests.support.redis_server import redis_cluster, redis_server


@pytest.fixture(scope="module", params=["redis", "cluster"])
def redis_url(request):
    with redis_server() if request.param == "redis" else redis_cluster() as url:
        yield url


def direct(url: str):
    """A plain client of the same deployment, to look at the keys."""
    if url.startswith("redis-cluster://"):
        return redis.cluster.RedisCluster.from_url("redis://" + url.split("://", 1)[1])
    return redis.Redis.from_url(url)


def store(url: str, prefix: str, **kw) -> RedisContinuationStore:
    return RedisContinuationStore(url, prefix=f"test:{prefix}:", **kw)


async def kind_of(s: RedisContinuationStore, cont_id: str, scope: str = "") -> str:
    with pytest.raises(ContinuationError) as err:
        await s.next_page(cont_id, scope)
    return err.value.kind


@pytest.mark.anyio
async def test_pages_in_order_then_finished_scope_and_unknown(redis_url) -> None:
    s = store(redis_url, "walk")
    cont_id = await s.create("alice", ["p2", "p3", "p4"], {"next_call": {"tool": "t"}})
    assert len(cont_id) >= 16  # 96 random bits, url-safe
    pages = [await s.next_page(cont_id, "alice") for _ in range(3)]
    assert [p.text for p in pages] == ["p2", "p3", "p4"]
    assert [(p.index, p.total, p.remaining) for p in pages] == [(2, 4, 2), (3, 4, 1), (4, 4, 0)]
    assert pages[0].context == {"next_call": {"tool": "t"}}
    assert await kind_of(s, cont_id, "alice") == "finished"
    other = await s.create("alice", ["x", "y"])
    assert await kind_of(s, other, "bob") == "scope"
    assert (await s.next_page(other, "alice")).text == "x"  # bob's try did not consume it
    assert await kind_of(s, "no-such-id") == "unknown"
    await s.aclose()


@pytest.mark.anyio
async def test_ttl_is_enforced_by_redis_and_accounting_follows(redis_url) -> None:
    # The direct client first (a cluster client discovers the slots, which takes a while on
    # a busy machine), and a TTL long enough that the key is still there when it looks.
    client = direct(redis_url)
    s = store(redis_url, "ttl", ttl_seconds=1.0)
    cont_id = await s.create("", ["a", "b"])
    entry, pages, _ = s.entry_keys(cont_id)
    assert 0 < client.pttl(entry) <= 1000
    await asyncio.sleep(1.3)
    assert not client.exists(entry) and not client.exists(pages)
    assert await kind_of(s, cont_id) == "expired"
    await s.create("", ["c", "d"])  # sweeps the expired id from the index and byte count
    idx, _, sz, total, _ = s.accounting_keys()
    assert client.zcard(idx) == 1
    assert int(client.get(total)) == int(client.hvals(sz)[0])
    client.close()
    await s.aclose()


@pytest.mark.anyio
async def test_bounded_by_entries_and_bytes_and_per_entry(redis_url) -> None:
    s = store(redis_url, "count", max_entries=3)
    ids = [await s.create("", [f"page {i}", "more"]) for i in range(5)]
    assert [await kind_of(s, i) for i in ids[:2]] == ["expired", "expired"]
    assert (await s.next_page(ids[4], "")).text == "page 4"
    big = store(redis_url, "bytes", max_bytes=2000)
    first = await big.create("", ["x" * 600, "y"])
    second = await big.create("", ["x" * 600, "y"])
    await big.create("", ["x" * 600, "y"])  # 3 x ~857 bytes > 2000: the oldest goes
    assert await kind_of(big, first) == "expired"
    assert (await big.next_page(second, "")).text.startswith("x")
    with pytest.raises(EntryTooLarge, match="more than the continuation store holds"):
        await big.create("", ["z" * 5000])
    await s.aclose()
    await big.aclose()


@pytest.mark.anyio
async def test_two_replicas_serve_each_page_exactly_once(redis_url) -> None:
    a, b = store(redis_url, "race"), store(redis_url, "race")
    pages = [f"page {i}" for i in range(2, 42)]
    cont_id = await a.create("s", pages)

    async def take(s: RedisContinuationStore) -> list[str]:
        got = []
        while True:
            try:
                got.append((await s.next_page(cont_id, "s")).text)
            except ContinuationError:
                return got

    got_a, got_b = await asyncio.gather(take(a), take(b))
    assert sorted(got_a + got_b) == sorted(pages) and got_a and got_b
    await a.aclose()
    await b.aclose()


@pytest.mark.anyio
async def test_a_down_redis_is_a_quick_clear_error() -> None:
    s = RedisContinuationStore(f"redis://user:pw@127.0.0.1:{closed_port()}/0", prefix="x:")
    started = time.monotonic()
    with pytest.raises(StoreUnavailable) as err:
        await s.create("", ["a", "b"])
    assert time.monotonic() - started < 3.0
    assert "unavailable" in err.value.message and "pw" not in err.value.message
    with pytest.raises(StoreUnavailable):
        await s.next_page("abc", "")
    await s.aclose()


@pytest.mark.anyio
async def test_in_a_cluster_entries_spread_over_the_nodes_and_bounds_stay_global() -> None:
    with redis_cluster() as url:
        s = store(url, "spread", max_entries=20)
        ids = [await s.create("", [f"page {i}", "more"]) for i in range(30)]
        client = direct(url)
        nodes = {client.get_node_from_key(s.entry_keys(i)[0]).name for i in ids}
        assert len(nodes) == 3  # one hash tag per entry: entries land on every node
        for cont_id in ids:  # an entry's keys share one slot
            slots = {client.keyslot(k) for k in s.entry_keys(cont_id)}
            assert len(slots) == 1
        # the bound is global (one accounting slot), not per node: the 10 oldest went
        kinds = [await kind_of(s, i) for i in ids[:10]]
        assert kinds == ["expired"] * 10
        assert [(await s.next_page(i, "")).text for i in ids[10:]] == [
            f"page {n}" for n in range(10, 30)
        ]
        assert client.zcard(s.accounting_keys()[0]) == 20
        for cont_id in ids[:10]:  # evicted: pages deleted on their own nodes, tombstone kept
            entry, pages, tomb = s.entry_keys(cont_id)
            assert not client.exists(entry) and not client.exists(pages)
            assert client.get(tomb) == b"expired|"
        client.close()
        await s.aclose()


@pytest.mark.anyio
async def test_an_id_that_is_not_ours_is_unknown_without_touching_redis() -> None:
    s = RedisContinuationStore(f"redis://127.0.0.1:{closed_port()}/0", prefix="x:")
    for bad in ["a}b", "{cont:x}", "x" * 500, "a b", ""]:
        assert await kind_of(s, bad) == "unknown"
    await s.aclose()
