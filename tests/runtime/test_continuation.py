"""The continuation store: paging, tombstones, TTL, LRU by count and bytes, ids, scope."""

import asyncio
import base64

import pytest

from generator.runtime.continuations.continuation import (
    ContinuationError, ContinuationPage, MemoryContinuationStore,
)  # fmt: skip


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def run(coro):
    return asyncio.run(coro)


def error_of(store, cont_id, scope="s") -> ContinuationError:
    with pytest.raises(ContinuationError) as err:
        run(store.next_page(cont_id, scope))
    return err.value


def test_pages_are_served_in_order_with_overall_numbers_then_finished():
    store = MemoryContinuationStore()
    cid = run(store.create("s", ["p2", "p3"], {"tool": "t"}))
    assert run(store.next_page(cid, "s")) == ContinuationPage("p2", 2, 3, 1, {"tool": "t"})
    assert run(store.next_page(cid, "s")) == ContinuationPage("p3", 3, 3, 0, {"tool": "t"})
    err = error_of(store, cid)
    assert err.kind == "finished" and "every page was already returned" in str(err)
    assert len(store) == 0 and store.total_bytes == 0 and store.tombstone_count() == 1


def test_unknown_ids_tell_the_agent_to_rerun():
    err = error_of(MemoryContinuationStore(), "x" * 32)
    assert err.kind == "unknown" and "Re-run the original tool call" in err.message


def test_ids_are_unguessable():
    store = MemoryContinuationStore(max_entries=5000)
    ids = {run(store.create("s", ["p"])) for _ in range(2000)}
    assert len(ids) == 2000
    for cid in list(ids)[:50]:
        raw = base64.urlsafe_b64decode(cid + "=" * (-len(cid) % 4))
        assert len(raw) * 8 >= 96  # and a handle is bound to its caller's scope
    # neighbouring or mangled ids are unknown
    some = next(iter(ids))
    assert error_of(store, some[:-1] + ("A" if some[-1] != "A" else "B")).kind == "unknown"


def test_entries_expire_after_the_ttl_and_say_so():
    clock = FakeClock()
    store = MemoryContinuationStore(ttl_seconds=300, clock=clock)
    cid = run(store.create("s", ["p2", "p3"]))
    clock.now += 299
    assert run(store.next_page(cid, "s")).index == 2  # serving a page renews the TTL
    clock.now += 299
    assert run(store.next_page(cid, "s")).index == 3
    cid2 = run(store.create("s", ["p2"]))
    clock.now += 300
    err = error_of(store, cid2)
    assert err.kind == "expired" and "expired" in err.message and "Re-run" in err.message
    assert len(store) == 0


def test_tombstones_are_forgotten_eventually_and_then_the_id_is_unknown():
    clock = FakeClock()
    store = MemoryContinuationStore(ttl_seconds=10, clock=clock, tombstone_seconds=100)
    cid = run(store.create("s", ["p2"]))
    clock.now += 11
    assert error_of(store, cid).kind == "expired"
    clock.now += 101
    assert error_of(store, cid).kind == "unknown"


def test_tombstones_are_bounded_in_number():
    store = MemoryContinuationStore(max_tombstones=3)
    ids = [run(store.create("s", ["p"])) for _ in range(5)]
    for cid in ids:
        run(store.next_page(cid, "s"))
    assert store.tombstone_count() == 3
    assert error_of(store, ids[0]).kind == "unknown"
    assert error_of(store, ids[-1]).kind == "finished"


def test_lru_eviction_by_count_drops_the_least_recently_used():
    store = MemoryContinuationStore(max_entries=2)
    a = run(store.create("s", ["a2", "a3"]))
    b = run(store.create("s", ["b2", "b3"]))
    run(store.next_page(a, "s"))  # a is now more recent than b
    c = run(store.create("s", ["c2"]))
    assert len(store) == 2
    assert error_of(store, b).kind == "expired"  # evicted: tell the agent to re-run
    assert run(store.next_page(a, "s")).text == "a3"
    assert run(store.next_page(c, "s")).text == "c2"
    assert store.stats.evicted == 1


def test_lru_eviction_by_bytes():
    page = "x" * 10_000
    store = MemoryContinuationStore(max_bytes=25_000)
    a = run(store.create("s", [page]))
    b = run(store.create("s", [page]))
    assert store.total_bytes <= 25_000
    c = run(store.create("s", [page, "é" * 10]))
    assert store.total_bytes <= 25_000
    assert error_of(store, a).kind == "expired"
    assert run(store.next_page(b, "s")).text == page
    assert run(store.next_page(c, "s")).text == page


def test_an_entry_bigger_than_the_store_is_refused():
    store = MemoryContinuationStore(max_bytes=1000)
    with pytest.raises(ValueError, match="more than the continuation store holds"):
        run(store.create("s", ["x" * 2000]))
    with pytest.raises(ValueError):
        run(store.create("s", []))


def test_another_scope_cannot_read_or_probe_an_entry():
    store = MemoryContinuationStore()
    cid = run(store.create("alice", ["p2", "p3"]))
    err = error_of(store, cid, scope="mallory")
    assert err.kind == "scope"
    assert err.message == error_of(store, "no-such-id").message  # same words as unknown
    assert run(store.next_page(cid, "alice")).text == "p2"  # not consumed by the probe
    run(store.next_page(cid, "alice"))
    assert error_of(store, cid, scope="mallory").kind == "scope"  # tombstones too


def test_concurrent_tasks_each_get_a_distinct_page():
    async def main() -> list[int]:
        store = MemoryContinuationStore()
        cid = await store.create("s", [f"p{i}" for i in range(2, 52)])

        async def take() -> int:
            await asyncio.sleep(0)
            return (await store.next_page(cid, "s")).index

        return await asyncio.gather(*(take() for _ in range(50)))

    assert sorted(run(main())) == list(range(2, 52))


def test_bad_limits_are_refused():
    with pytest.raises(ValueError):
        MemoryContinuationStore(ttl_seconds=0)
