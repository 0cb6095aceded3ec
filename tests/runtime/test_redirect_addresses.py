"""The address check of redirects (upstream/addresses.py): which resolved addresses are refused,
and that a followed hop is sent to the address that was checked. Nothing here connects to an
address outside 127.0.0.1: the refusals are decided before any connection."""

import ipaddress

import httpx2
import pytest

from generator.runtime.config.auth import RequestAuth
from generator.runtime.config.redirects import redirect_policy
from generator.runtime.errors import UpstreamError
from generator.runtime.upstream.addresses import non_public_kind
from generator.runtime.upstream.http_call import OutgoingRequest
from generator.runtime.upstream.redirects import pinned, send_following
from tests.support.upstream import Reply, Upstream


@pytest.mark.parametrize(
    ("address", "kind"),
    [
        ("127.0.0.1", "loopback"),
        ("127.9.9.9", "loopback"),
        ("::1", "loopback"),
        ("::ffff:127.0.0.1", "loopback"),  # IPv4-mapped
        ("::ffff:7f00:1", "loopback"),  # the same, written in hex
        ("2002:7f00:1::", "loopback"),  # 6to4 carrying 127.0.0.1
        ("169.254.169.254", "link-local"),  # cloud metadata
        ("::ffff:169.254.169.254", "link-local"),
        ("64:ff9b::a9fe:a9fe", "link-local"),  # NAT64 of 169.254.169.254
        ("fe80::1", "link-local"),
        ("10.0.0.5", "private"),
        ("172.16.3.4", "private"),
        ("192.168.1.1", "private"),
        ("fd00::1", "private"),
        ("0.0.0.0", "unspecified"),
        ("::", "unspecified"),
        ("224.0.0.1", "multicast"),
        ("100.64.0.1", "reserved"),  # shared address space (carrier-grade NAT)
        ("::7f00:1", "loopback"),  # IPv4-compatible
    ],
)
def test_non_public_addresses_are_named(address: str, kind: str) -> None:
    assert non_public_kind(ipaddress.ip_address(address)) == kind


@pytest.mark.parametrize("address", ["8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8", "1.1.1.1"])
def test_public_addresses_pass(address: str) -> None:
    assert non_public_kind(ipaddress.ip_address(address)) is None


PUBLIC_BASE = "https://93.184.215.14/v1/things"  # a literal: resolving it touches no network
POLICY = redirect_policy(
    [PUBLIC_BASE],
    "http://169.254.169.254,http://[::ffff:10.0.0.1],http://localhost:8080,https://8.8.8.8",
    "DEMO",
)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("location", "kind"),
    [
        ("http://169.254.169.254/latest/meta-data/iam", "link-local"),
        ("http://[::ffff:10.0.0.1]/admin", "private"),
        ("http://localhost:8080/", "loopback"),  # a name: judged on what it resolves to
    ],
)
async def test_an_allowed_origin_at_a_non_public_address_is_refused_for_a_public_api(
    location: str, kind: str
) -> None:
    hop = OutgoingRequest("GET", location)
    with pytest.raises(UpstreamError) as refused:
        await pinned(hop, 302, PUBLIC_BASE, POLICY)
    assert f"a {kind} address" in str(refused.value)
    assert "nothing was sent there" in str(refused.value)
    [public] = await pinned(OutgoingRequest("GET", "https://8.8.8.8/x"), 302, PUBLIC_BASE, POLICY)
    assert public.address == "8.8.8.8"


@pytest.mark.anyio
async def test_a_followed_hop_is_sent_to_the_address_that_was_checked() -> None:
    """A redirect to ``localhost:<port>`` (allowed: the API itself is on loopback) reaches the
    other server at the checked address with the name it was redirected to as its Host."""
    with Upstream() as api, Upstream() as other:
        port = other.url.rsplit(":", 1)[1]
        other.route("GET", "/landing", Reply.json({"id": "landed"}))
        api.route("GET", "/away", Reply(302, b"", {"Location": f"http://localhost:{port}/landing"}))
        policy = redirect_policy([api.url], f"http://localhost:{port}", "DEMO")
        async with httpx2.AsyncClient(follow_redirects=False) as client:
            start = OutgoingRequest("GET", api.url + "/away")
            response = await send_following(
                client, start, RequestAuth({}, {}, {}), max_bytes=10_000, policy=policy
            )
        assert response.status == 200 and response.body == b'{"id": "landed"}'
        assert other.requests[0].headers["host"] == f"localhost:{port}"
        hops = await pinned(
            OutgoingRequest("GET", f"http://localhost:{port}/landing"), 302, api.url, policy
        )
        assert "127.0.0.1" in {hop.address for hop in hops}
