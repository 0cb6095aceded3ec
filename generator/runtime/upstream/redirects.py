"""Redirects, followed by hand so credentials never travel to another origin.

httpx strips only ``Authorization`` on a cross-origin redirect; an API key in a custom
header, a cookie or the query string would follow. Here the request is rebuilt for each hop:
to the original origin (same scheme, host and port) it keeps its credentials; anywhere else
it carries none of them: only plain headers (Accept, Content-Type, User-Agent...), no cookies,
no auth query parameters.
"""

from __future__ import annotations

from dataclasses import replace

import httpx2

from ..config.auth import RequestAuth
from ..config.redaction import matcher
from ..errors import UpstreamError
from .http_call import OutgoingRequest, UpstreamResponse, send

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
MAX_REDIRECTS = 5
# Cross-origin hops keep only these headers (hooks may add signatures under any name).
SAFE_HEADERS = frozenset({"accept", "accept-language", "content-type", "user-agent"})


def origin(url: httpx2.URL) -> tuple[str, str, int | None]:
    default = {"http": 80, "https": 443}.get(url.scheme)
    return (url.scheme, url.host.lower(), url.port or default)


def redirected(
    request: OutgoingRequest, response: UpstreamResponse, auth: RequestAuth, first_url: str
) -> OutgoingRequest:
    """The request to send for a redirect ``response`` to ``request``."""
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
    )


def _secret_values(auth: RequestAuth) -> list[str]:
    """Credential values an upstream might echo into a Location (and their bare tokens)."""
    values = [*auth.headers.values(), *auth.query.values(), *auth.cookies.values()]
    return values + [v.split(" ", 1)[1] for v in values if " " in v]


async def send_following(
    client: httpx2.AsyncClient,
    request: OutgoingRequest,
    auth: RequestAuth,
    *,
    max_bytes: int,
    max_redirects: int = MAX_REDIRECTS,
) -> UpstreamResponse:
    """``send`` plus up to ``max_redirects`` redirects (the client must not follow them)."""
    current = request
    for _ in range(max_redirects + 1):
        response = await send(client, current, max_bytes=max_bytes)
        if response.status not in REDIRECT_STATUSES or not response.headers.get("location"):
            return response
        current = redirected(current, response, auth, request.url)
    raise UpstreamError(f"The upstream redirected more than {max_redirects} times; stopped.")
