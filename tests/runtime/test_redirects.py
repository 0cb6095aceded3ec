"""How one redirect hop is rebuilt: method changes, origins, credentials."""

import pytest

from generator.runtime.config.auth import RequestAuth
from generator.runtime.config.redirects import RedirectPolicy, redirect_policy
from generator.runtime.errors import ConfigurationError, UpstreamError
from generator.runtime.upstream.http_call import OutgoingRequest, UpstreamResponse
from generator.runtime.upstream.redirects import redirected

AUTH = RequestAuth({"X-Api-Key": "k-SECRET-1"}, {"key": "q-SECRET-2"}, {"sid": "c-SECRET-3"})
FIRST = "https://api.example.com/v1/things"
NONE = RedirectPolicy()
# The origins the tests below redirect to, as an operator would allow them.
OTHERS = redirect_policy(
    [FIRST],
    "https://evil.example.com,http://api.example.com,https://api.example.com:8443",
    "DEMO",
)


def request(method: str = "POST") -> OutgoingRequest:
    return OutgoingRequest(
        method,
        FIRST,
        [("key", "q-SECRET-2"), ("page", "2")],
        {
            "X-Api-Key": "k-SECRET-1",
            "Content-Type": "application/json",
            "Accept": "x/y",
            "X-Signature": "sig",
        },
        {"sid": "c-SECRET-3"},
        None if method == "GET" else b"{}",
    )


def reply(status: int, location: str) -> UpstreamResponse:
    return UpstreamResponse(status, {"location": location}, b"", "")


def test_303_becomes_a_get_without_body_and_307_keeps_method_and_body() -> None:
    hop = redirected(request(), reply(303, "/v1/done"), AUTH, FIRST, NONE)
    assert (hop.method, hop.body, hop.url) == ("GET", None, "https://api.example.com/v1/done")
    assert "Content-Type" not in hop.headers and hop.headers["X-Api-Key"] == "k-SECRET-1"
    assert hop.query == [("key", "q-SECRET-2")] and hop.cookies == {"sid": "c-SECRET-3"}
    keep = redirected(request(), reply(307, "https://api.example.com/v2/things"), AUTH, FIRST, NONE)
    assert (keep.method, keep.body) == ("POST", b"{}")


@pytest.mark.parametrize(
    "location",
    [
        "https://evil.example.com/x?a=1",
        "http://api.example.com/v1/x?a=1",  # scheme downgrade: another origin
        "https://api.example.com:8443/x?a=1",  # another port
        "//evil.example.com/x?a=1&key=q-SECRET-2&echo=k-SECRET-1",
    ],
)
def test_another_origin_gets_no_credentials_of_any_kind(location: str) -> None:
    hop = redirected(request("GET"), reply(302, location), AUTH, FIRST, OTHERS)
    flat = repr((hop.url, hop.query, hop.headers, hop.cookies))
    assert "SECRET" not in flat and "X-Signature" not in flat
    assert ("a", "1") in hop.query and hop.headers["Accept"] == "x/y"


def test_credential_in_a_foreign_path_or_a_non_http_target_is_refused() -> None:
    with pytest.raises(UpstreamError, match="not followed"):
        redirected(
            request("GET"), reply(302, "https://evil.example.com/k-SECRET-1"), AUTH, FIRST, OTHERS
        )
    with pytest.raises(UpstreamError, match="non-HTTP"):
        redirected(request("GET"), reply(302, "file:///etc/passwd"), AUTH, FIRST, OTHERS)


@pytest.mark.anyio
async def test_a_redirect_loop_stops_with_a_clear_error() -> None:
    import httpx2

    from generator.runtime.upstream.redirects import MAX_REDIRECTS, send_following
    from tests.support.upstream import Reply, Upstream

    with Upstream() as up:
        up.route("GET", "/loop", Reply(302, b"", {"Location": "/loop"}))
        async with httpx2.AsyncClient(follow_redirects=False) as client:
            start = OutgoingRequest("GET", up.url + "/loop")
            with pytest.raises(UpstreamError, match="redirected more than 5 times"):
                await send_following(
                    client, start, RequestAuth({}, {}, {}), max_bytes=1000, policy=NONE
                )
        assert len(up.requests) == MAX_REDIRECTS + 1


ODD = RequestAuth({"X-Api-Key": "k+SECRET/1=="}, {"key": "q+SECRET/2=="}, {})


@pytest.mark.parametrize(
    "location",
    [
        "https://evil.example.com/k%2BSECRET%2F1%3D%3D",  # percent-encoded in the path
        "https://evil.example.com/k%2bSECRET%2f1%3d%3d",  # lower-case escapes
        "https://evil.example.com/x#q%2BSECRET%2F2%3D%3D",  # in the fragment
        "https://evil.example.com/x?next=k%252BSECRET%252F1%253D%253D",  # encoded twice
    ],
)
def test_an_encoded_credential_in_a_foreign_url_is_never_carried(location: str) -> None:
    try:
        hop = redirected(request("GET"), reply(302, location), ODD, FIRST, OTHERS)
    except UpstreamError as exc:
        assert "not followed" in str(exc)
        return
    # followed only without the credential: the query pair holding it is dropped
    assert "SECRET" not in repr((hop.url, hop.query)), hop


def test_another_origin_is_refused_unless_declared_or_allowed() -> None:
    with pytest.raises(UpstreamError) as refused:
        redirected(request("GET"), reply(302, "https://other.example.com/x?k=v"), AUTH, FIRST, NONE)
    message = str(refused.value)
    assert "https://other.example.com/x" in message and "nothing was sent there" in message
    assert "DEMO_REDIRECT_ORIGINS" not in message and "<PREFIX>_REDIRECT_ORIGINS" in message
    declared = redirect_policy([FIRST, "https://other.example.com/v2"], "", "DEMO")
    hop = redirected(
        request("GET"), reply(302, "https://other.example.com/x"), AUTH, FIRST, declared
    )
    assert hop.url == "https://other.example.com/x"


@pytest.mark.parametrize("status", [307, 308])
def test_a_body_never_follows_a_redirect_to_another_origin(status: int) -> None:
    with pytest.raises(UpstreamError, match="body is only sent to the API's own origin"):
        redirected(request(), reply(status, "https://evil.example.com/x"), AUTH, FIRST, OTHERS)
    # a 302/303 of a POST becomes a GET without the body: followed where allowed
    hop = redirected(request(), reply(303, "https://evil.example.com/x"), AUTH, FIRST, OTHERS)
    assert (hop.method, hop.body) == ("GET", None)


@pytest.mark.parametrize(
    "entry",
    ["evil.example.com", "https://evil.example.com/path", "ftp://x.test", "https://a.test?x"],
)
def test_an_allow_list_entry_that_is_not_an_origin_stops_the_server(entry: str) -> None:
    with pytest.raises(ConfigurationError, match="DEMO_REDIRECT_ORIGINS"):
        redirect_policy([FIRST], f"https://ok.example.com,{entry}", "DEMO")
