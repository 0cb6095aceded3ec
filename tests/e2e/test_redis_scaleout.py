"""Scale-out: two generated server processes over streamable HTTP share continuations
through a real redis-server; page 1 from one replica, the rest from the other. With Redis
gone, calls fail fast with a clear error and the servers stay up."""

import re
import time
from pathlib import Path

import pytest
import redis

from tests.support.rely import MODULE, items, make_package
from tests.support.redis_server import redis_cluster, redis_server
from tests.support.results import found_in
from tests.support.servers import http_client, http_server
from tests.support.upstream import Reply, Upstream
from tests.support.results import joined_text

FOOTER = re.compile(r'continuation_id="([^"]+)"')


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_package(tmp_path_factory.mktemp("rely-redis"))


@pytest.mark.anyio
async def test_page_one_on_one_replica_the_rest_on_the_other(package) -> None:
    with redis_server() as cache_url, Upstream() as up:
        up.route("GET", "/items", Reply.json(items(40)))
        up.route("GET", "/things/{id}", Reply.json({"id": "x", "name": "fine"}))
        env = {"RELY_BASE_URL": up.url, "RELY_BEARER": "tok-123456", "RELY_CACHE_URL": cache_url}
        with http_server(package, MODULE, env) as url_a, http_server(package, MODULE, env) as url_b:
            async with http_client(url_a) as a, http_client(url_b) as b:
                first = await a.call_tool("list_items", {})
                assert not first.is_error
                cont_id = found_in(FOOTER, joined_text(first)).group(1)
                seen, replicas, n = [joined_text(first)], [b, a], 0
                while cont_id:
                    page = await replicas[n % 2].call_tool(
                        "rely_continue", {"continuation_id": cont_id}
                    )
                    assert not page.is_error, joined_text(page)
                    seen.append(joined_text(page))
                    match = FOOTER.search(joined_text(page))
                    cont_id = match.group(1) if match else None
                    n += 1
                assert n >= 2 and "last page" in seen[-1]
                body = "".join(seen)
                assert all(f'"n":{i},' in body for i in range(40))
                again = await a.call_tool("rely_continue", {"continuation_id": cont_id or "x"})
                assert again.is_error

                second = await a.call_tool("list_items", {})
                pending = found_in(FOOTER, joined_text(second)).group(1)
                redis.Redis.from_url(cache_url).shutdown(nosave=True)
                for client, args in [(b, {"continuation_id": pending}), (a, {})]:
                    tool = "rely_continue" if args else "list_items"
                    started = time.monotonic()
                    down = await client.call_tool(tool, args)
                    assert time.monotonic() - started < 6.0
                    assert down.is_error and "continuation store" in joined_text(down)
                    assert "unavailable" in joined_text(down) and "Traceback" not in joined_text(
                        down
                    )
                small = await b.call_tool("get_thing", {"id": "x"})  # no paging: still works
                assert not small.is_error and "fine" in joined_text(small)


@pytest.mark.anyio
async def test_replicas_share_continuations_through_a_redis_cluster(package) -> None:
    with redis_cluster() as cache_url, Upstream() as up:
        up.route("GET", "/items", Reply.json(items(40)))
        env = {"RELY_BASE_URL": up.url, "RELY_BEARER": "tok-123456", "RELY_CACHE_URL": cache_url}
        with http_server(package, MODULE, env) as url_a, http_server(package, MODULE, env) as url_b:
            async with http_client(url_a) as a, http_client(url_b) as b:
                first = await a.call_tool("list_items", {})
                assert not first.is_error, joined_text(first)
                cont_id = found_in(FOOTER, joined_text(first)).group(1)
                seen, replicas, n = [joined_text(first)], [b, a], 0
                while cont_id:
                    page = await replicas[n % 2].call_tool(
                        "rely_continue", {"continuation_id": cont_id}
                    )
                    assert not page.is_error, joined_text(page)
                    seen.append(joined_text(page))
                    match = FOOTER.search(joined_text(page))
                    cont_id = match.group(1) if match else None
                    n += 1
                assert n >= 2 and "last page" in seen[-1]
                body = "".join(seen)
                assert all(f'"n":{i},' in body for i in range(40))
