"""Redirects, followed by hand so neither credentials nor requests go where they should not.

httpx strips only ``Authorization`` on a cross-origin redirect; an API key in a custom
header, a cookie or the query string would follow. Here the request is rebuilt for each hop:
to the original origin (same scheme, host and port) it keeps its credentials; anywhere else
it carries none of them: only plain headers (Accept, Content-Type, User-Agent...), no cookies,
no auth query parameters.

Another origin is followed only when the redirect policy names it (config/redirects.py: the
servers the description declares, ``<PREFIX>_REDIRECT_ORIGINS``), never with a request body (a
307/308 of a POST would re-send it: refused), and only to a public address
(upstream/addresses.py) unless the API's own base URL is not public; the name is resolved
once, checked, and the request is sent to that very address. A refused redirect is an error
saying where the upstream redirected and that nothing was sent there.
"""

from __future__ import annotations

from dataclasses import replace

import httpx2

from ..config.auth import RequestAuth
from ..config.redaction import matcher
from ..config.redirects import Origin, RedirectPolicy, shown
from ..errors import UpstreamError
from .addresses import non_public_kind, resolve
from .http_call import OutgoingRequest, UpstreamResponse, send

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
MAX_REDIRECTS = 5
# Cross-origin hops keep only these headers (hooks may add signatures under any name).
SAFE_HEADERS = frozenset({"accept", "accept-language", "content-type", "user-agent"})


def origin(url: httpx2.URL) -> Origin:
    default = {"http": 80, "https": 443}.get(url.scheme, 0)
    return (url.scheme, url.host.lower(), url.port or default)


def _where(target: httpx2.URL) -> str:
    """The redirect target as errors show it: origin and path (a query may hold anything)."""
    return shown(origin(target)) + (target.path or "/")


def _refused(target: httpx2.URL, status: int, why: str) -> UpstreamError:
    return UpstreamError(
        f"The upstream redirected (HTTP {status}) to {_where(target)}, {why}; the redirect was"
        " not followed and nothing was sent there."
    )


def redirected(
    request: OutgoingRequest,
    response: UpstreamResponse,
    auth: RequestAuth,
    first_url: str,
    policy: RedirectPolicy,
) -> OutgoingRequest:
    """The request to send for a redirect ``response`` to ``request`` (its address not yet
    checked: ``pinned`` does that)."""
    location = response.headers.get("location", "")
    try:
        target = httpx2.URL(request.url).join(location)
    except Exception as exc:  # an unparsable Location is the upstream's fault, not a crash
        raise UpstreamError(f"The upstream sent an unusable redirect Location: {exc}") from None
    if target.scheme not in ("http", "https") or not target.host:
        raise UpstreamError("The upstream redirected to a non-HTTP location; not followed.")
    method, body = request.method, request.body
    headers = dict(request.headers)
    if response.status == 303 or (response.status in (301, 302) and method == "POST"):
        method = "GET" if method != "HEAD" else method
        body = None
        headers = {k: v for k, v in headers.items() if k.lower() != "content-type"}
    same = origin(target) == origin(httpx2.URL(first_url))
    query: list[tuple[str, str]] = []
    cookies = dict(request.cookies)
    if same:
        present = {k for k, _ in target.params.multi_items()}
        query = [(k, v) for k, v in sorted(auth.query.items()) if k not in present]
    else:
        if not policy.allows(origin(target)):
            raise _refused(
                target,
                response.status,
                "another origin that is not one of the API's servers (an operator can allow it"
                f" in {policy.env}_REDIRECT_ORIGINS)",
            )
        if body is not None:
            raise _refused(
                target,
                response.status,
                f"another origin, asking for the {method} request's body to be sent there again;"
                " a request body is only sent to the API's own origin",
            )
        headers = {k: v for k, v in headers.items() if k.lower() in SAFE_HEADERS}
        cookies = {}
        secrets = matcher(_secret_values(auth))  # every form: raw, percent-encoded, escaped...
        query = [
            (k, v)
            for k, v in target.params.multi_items()
            if k not in auth.query and not secrets.found_in(v)
        ]
        target = target.copy_with(query=None)
        if secrets.found_in(str(target)):
            raise UpstreamError(
                "The upstream redirected to another host with a credential in the URL; not"
                " followed."
            )
    return replace(
        request,
        method=method,
        url=str(target),
        query=query,
        headers=headers,
        cookies=cookies,
        body=body,
        address=None,
    )


def _secret_values(auth: RequestAuth) -> list[str]:
    """Credential values an upstream might echo into a Location (and their bare tokens)."""
    values = [*auth.headers.values(), *auth.query.values(), *auth.cookies.values()]
    return values + [v.split(" ", 1)[1] for v in values if " " in v]


async def pinned(
    hop: OutgoingRequest, status: int, first_url: str, policy: RedirectPolicy
) -> list[OutgoingRequest]:
    """``hop`` bound to each address of its host that may be reached, to try in turn: the first
    request's own origin as it is; another one resolved once and every address checked
    (``addresses.py``), the request then sent to a checked address so a second DNS answer
    cannot swap it."""
    target, first = httpx2.URL(hop.url), httpx2.URL(first_url)
    if origin(target) == origin(first):
        return [hop]
    port = origin(target)[2]
    try:
        addresses = await resolve(target.host, port)
    except OSError as exc:
        raise _refused(target, status, f"whose host cannot be resolved ({exc})") from None
    kinds = {str(a): non_public_kind(a) for a in addresses}
    bad = {a: k for a, k in kinds.items() if k is not None}
    if bad and not await _base_is_non_public(first):
        address, kind = next(iter(bad.items()))
        raise _refused(
            target,
            status,
            f"a {kind} address ({address}); only public addresses are followed when the API's"
            " own base URL is public",
        )
    return [replace(hop, address=str(a)) for a in addresses]


async def _base_is_non_public(first: httpx2.URL) -> bool:
    """The API's own host is loopback, private or link-local: so may its redirects be."""
    try:
        addresses = await resolve(first.host, origin(first)[2])
    except OSError:
        return False
    return any(non_public_kind(a) is not None for a in addresses)


async def send_following(
    client: httpx2.AsyncClient,
    request: OutgoingRequest,
    auth: RequestAuth,
    *,
    max_bytes: int,
    policy: RedirectPolicy,
    max_redirects: int = MAX_REDIRECTS,
) -> UpstreamResponse:
    """``send`` plus up to ``max_redirects`` redirects (the client must not follow them)."""
    current = [request]
    for _ in range(max_redirects + 1):
        response = await _send_to_one(client, current, max_bytes)
        if response.status not in REDIRECT_STATUSES or not response.headers.get("location"):
            return response
        hop = redirected(current[0], response, auth, request.url, policy)
        current = await pinned(hop, response.status, request.url, policy)
    raise UpstreamError(f"The upstream redirected more than {max_redirects} times; stopped.")


async def _send_to_one(
    client: httpx2.AsyncClient, candidates: list[OutgoingRequest], max_bytes: int
) -> UpstreamResponse:
    """The first of ``candidates`` (one request bound to each checked address) that connects."""
    for candidate in candidates[:-1]:
        try:
            return await send(client, candidate, max_bytes=max_bytes)
        except UpstreamError as exc:
            if not isinstance(exc.__cause__, httpx2.ConnectError):
                raise
    return await send(client, candidates[-1], max_bytes=max_bytes)
