"""HTTP binding: turn validated arguments into one upstream request, send it, read it bounded.

Every path parameter is serialised per ``style: simple`` (arrays ``1,2,3``, objects ``k,v`` or
``k=v`` exploded) with each part percent-encoded, so ``/``, ``?`` and ``#`` cannot escape its
segment; a value that would make a segment empty, ``.`` or ``..`` (which servers that decode
before normalising treat as a traversal) is refused. Header values with CR/LF are refused,
cookie values outside RFC 6265's cookie-octets (``;``, ``,``, spaces, quotes...) are refused so
an argument cannot add a cookie of its own, and the body is read with a byte cap so a huge
response cannot exhaust memory.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable
from urllib.parse import quote, unquote, urlencode

import httpx2

from ..config.auth import RequestAuth
from ..config.uploads import UploadPolicy
from ..errors import InvalidArguments, UpstreamError
from ..model import Tool
from ..telemetry.recording import traced
from .bodies import encode_body, is_encoded_here
from .media import JSON, XML, is_concrete, media_kind


@dataclass(frozen=True)
class OutgoingRequest:
    method: str
    url: str
    query: list[tuple[str, str]] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)
    cookies: dict[str, str] = field(default_factory=dict)
    body: bytes | None = None
    # The address to connect to instead of resolving the URL's host again (a redirect's target,
    # checked by upstream/addresses.py); TLS still verifies the certificate for the host.
    address: str | None = None


@dataclass(frozen=True)
class UpstreamResponse:
    status: int
    headers: dict[str, str]
    body: bytes
    content_type: str

    def is_json(self) -> bool:
        ct = self.content_type.split(";")[0].strip().lower()
        return ct == "application/json" or ct.endswith("+json")

    def is_xml(self) -> bool:
        return media_kind(self.content_type) == XML


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return str(value)


def _simple(value: Any, explode: bool | None, encode: Callable[[str], str]) -> str:
    """``style: simple`` (RFC 6570 ``{var}``/``{var*}``): ``a,b,c``; objects ``k,v,k2,v2``, or
    ``k=v,k2=v2`` exploded. ``encode`` is applied to each part, never to the separators."""
    if isinstance(value, list):
        return ",".join(encode(_scalar(v)) for v in value)
    if isinstance(value, dict):
        sep = "=" if explode else ","
        return ",".join(f"{encode(str(k))}{sep}{encode(_scalar(v))}" for k, v in value.items())
    return encode(_scalar(value))


def _percent(text: str) -> str:
    return quote(text, safe="")


def encode_path_segment(value: Any, explode: bool | None = None) -> str:
    """A path parameter's value, serialised per ``style: simple`` and percent-encoded."""
    return _simple(value, explode, _percent)


def _fill_path(template: str, values: dict[str, tuple[str, str]]) -> str:
    """``template`` with each ``{wire}`` replaced by its encoded value (``values``: wire ->
    (encoded, argument name)); a filled segment that is empty, ``.`` or ``..`` once decoded is
    refused: it would change which resource the path names."""
    segments = []
    for segment in template.split("/"):
        used = []
        for wire, (encoded, arg) in values.items():
            token = "{" + wire + "}"
            if token in segment:
                segment = segment.replace(token, encoded)
                used.append(arg)
        if used and unquote(segment) in ("", ".", ".."):
            names = ", ".join(repr(a) for a in used)
            shown = repr(unquote(segment))
            raise InvalidArguments(
                f"Path argument {names} would make the path segment {shown}: an empty, '.' or"
                " '..' segment changes which resource is addressed. Pass the identifier itself."
            )
        segments.append(segment)
    return "/".join(segments)


def _query_pairs(
    name: str, value: Any, style: str | None, explode: bool | None
) -> list[tuple[str, str]]:
    style = style or "form"
    explode = True if explode is None else explode
    if isinstance(value, list):
        if explode and style == "form":
            return [(name, _scalar(v)) for v in value]
        sep = {"spaceDelimited": " ", "pipeDelimited": "|", "tabDelimited": "\t"}.get(style, ",")
        return [(name, sep.join(_scalar(v) for v in value))]
    if isinstance(value, dict):
        if style == "deepObject":
            return [(f"{name}[{k}]", _scalar(v)) for k, v in value.items()]
        if explode:
            return [(str(k), _scalar(v)) for k, v in value.items()]
        return [(name, ",".join(f"{k},{_scalar(v)}" for k, v in value.items()))]
    return [(name, _scalar(value))]


def _deep_object_pairs(name: str, value: Any) -> list[tuple[str, str]]:
    """Bracket notation for nested form values (``metadata[key]=v``, ``expand[0]=v``), as
    Stripe-style form APIs declare with ``style: deepObject``."""
    if isinstance(value, dict):
        pairs: list[tuple[str, str]] = []
        for k, v in value.items():
            pairs.extend(_deep_object_pairs(f"{name}[{k}]", v))
        return pairs
    if isinstance(value, list):
        pairs = []
        for i, v in enumerate(value):
            pairs.extend(_deep_object_pairs(f"{name}[{i}]", v))
        return pairs
    return [(name, _scalar(value))]


def _header_value(name: str, value: Any, explode: bool | None = None) -> str:
    text = _simple(value, explode, str)
    if "\r" in text or "\n" in text or "\x00" in text:
        raise InvalidArguments(f"Header argument {name!r} must not contain line breaks.")
    return text


def _is_cookie_octet(char: str) -> bool:
    """RFC 6265: ``%x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E``: printable ASCII except
    space, ``"``, ``,``, ``;`` and ``\\``."""
    return "\x21" <= char <= "\x7e" and char not in '",;\\'


def _cookie_value(name: str, value: Any) -> str:
    """A cookie argument's value; refused unless it is all cookie-octets, so ``"x; session=y"``
    cannot add or override a cookie (the operator's among them)."""
    text = _header_value(name, value)
    bad = sorted({c for c in text if not _is_cookie_octet(c)})
    if bad:
        shown = ", ".join(repr(c) for c in bad[:5])
        raise InvalidArguments(
            f"Cookie argument {name!r} contains {shown}: a cookie value may only hold printable"
            " ASCII without spaces, quotes, ',', ';' or '\\' (RFC 6265). Nothing was sent."
        )
    return text


def accept(tool: Tool) -> str:
    """The Accept header: the response's media type where it is not JSON (an XML or text
    API), else JSON."""
    declared = tool.response.media_type
    if declared and media_kind(declared) != JSON and is_concrete(declared):
        return declared
    return "application/json"


def build_request(
    tool: Tool,
    base_url: str,
    args: dict[str, Any],
    auth: RequestAuth,
    uploads: UploadPolicy = UploadPolicy(),
) -> OutgoingRequest:
    binding = tool.binding
    path = binding.path
    query: list[tuple[str, str]] = []
    headers: dict[str, str] = {}
    cookies: dict[str, str] = {}
    body_fields: dict[str, Any] = {}
    whole_body: Any = None
    has_whole = False
    path_values: dict[str, tuple[str, str]] = {}
    for param in tool.params:
        if param.const is not None:
            value = param.const
        elif param.arg in args:
            value = args[param.arg]
        elif param.default is not None and param.location == "header":
            value = param.default
        elif param.location == "path":
            raise InvalidArguments(f"Path argument {param.arg!r} is required.")
        else:
            continue
        if param.location == "path":
            if value is None or _scalar(value).strip() == "":
                # An empty segment would call another resource (/company/x/ for /company/x/{id}).
                raise InvalidArguments(f"Path argument {param.arg!r} must not be empty.")
            path_values[param.wire] = (encode_path_segment(value, param.explode), param.arg)
        elif param.location == "query":
            query.extend(_query_pairs(param.wire, value, param.style, param.explode))
        elif param.location == "header":
            headers[param.wire] = _header_value(param.arg, value, param.explode)
        elif param.location == "cookie":
            cookies[param.wire] = _cookie_value(param.arg, value)
        elif param.location == "body":
            body_fields[param.wire] = value
        elif param.location == "body_whole":
            whole_body, has_whole = value, True
    path = _fill_path(path, path_values)
    # Credentials win over any argument of the same name: nothing is sent twice.
    for name, value in auth.headers.items():
        for other in [h for h in headers if h.lower() == name.lower()]:
            del headers[other]
        headers[name] = value
    query = [pair for pair in query if pair[0] not in auth.query]
    query.extend(auth.query.items())
    cookies.update(auth.cookies)
    body: bytes | None = None
    if (
        has_whole
        or body_fields
        or (binding.content_type and binding.method in ("POST", "PUT", "PATCH", "QUERY"))
    ):
        payload = whole_body if has_whole else body_fields
        content_type = binding.content_type or "application/json"
        if is_encoded_here(tool):  # multipart, XML, text, an upload (bodies.py)
            if has_whole or body_fields or not any(p.location == "body_whole" for p in tool.params):
                body, sent = encode_body(tool, payload, content_type, uploads)
                if sent is not None:
                    headers["Content-Type"] = sent
        elif content_type == "application/x-www-form-urlencoded":
            styles = {p.wire: p.style for p in tool.params if p.location == "body"}
            explodes = {p.wire: p.explode for p in tool.params if p.location == "body"}
            pairs = []
            for k, v in (payload or {}).items():
                if styles.get(k) == "deepObject":
                    pairs.extend(_deep_object_pairs(k, v))
                else:
                    pairs.extend(_query_pairs(k, v, styles.get(k) or "form", explodes.get(k)))
            body = urlencode(pairs).encode()
            headers["Content-Type"] = content_type
        else:
            body = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()
            headers["Content-Type"] = content_type
    headers.setdefault("Accept", accept(tool))
    url = base_url.rstrip("/") + path
    return OutgoingRequest(binding.method, url, query, headers, cookies, body)


@traced  # a span per request, when telemetry is on (telemetry/recording.py)
async def send(
    client: httpx2.AsyncClient, request: OutgoingRequest, *, max_bytes: int
) -> UpstreamResponse:
    """Send the request; the body is read in pieces and refused past ``max_bytes``."""
    url, headers = httpx2.URL(request.url), dict(request.headers)
    extensions: dict[str, Any] = {}
    if request.address is not None:
        headers = {k: v for k, v in headers.items() if k.lower() != "host"}
        headers["Host"] = url.netloc.decode("ascii")
        # Not kept for reuse: the pool knows it by address, and another name may share that.
        headers["Connection"] = "close"
        extensions["sni_hostname"] = url.raw_host.decode("ascii")
        url = url.copy_with(host=request.address)
    http_request = client.build_request(
        request.method,
        url,
        params=tuple(request.query) or None,  # a tuple: httpx2 types a list invariantly
        headers=headers,
        cookies=request.cookies or None,
        content=request.body,
        extensions=extensions or None,
    )
    try:
        response = await client.send(http_request, stream=True)
    except httpx2.TimeoutException as exc:
        raise UpstreamError(
            f"The upstream API did not answer in time ({type(exc).__name__})."
        ) from exc
    except httpx2.TransportError as exc:
        raise UpstreamError(
            f"Could not reach the upstream API at {_origin(request.url)}: {type(exc).__name__}: {exc}"
        ) from exc
    try:
        chunks: list[bytes] = []
        size = 0
        try:
            async for chunk in response.aiter_bytes():
                size += len(chunk)
                if size > max_bytes:
                    raise UpstreamError(
                        f"The upstream response is larger than {max_bytes} bytes and was not read;"
                        " narrow the request (filters, a smaller page size)."
                    )
                chunks.append(chunk)
        except httpx2.TimeoutException as exc:
            raise UpstreamError(
                "The upstream API stopped sending before the response ended (timeout)."
            ) from exc
        except httpx2.TransportError as exc:
            raise UpstreamError(
                f"The upstream connection failed while reading: {type(exc).__name__}"
            ) from exc
    finally:
        await response.aclose()
    headers = {k.lower(): v for k, v in response.headers.items()}
    return UpstreamResponse(
        status=response.status_code,
        headers=headers,
        body=b"".join(chunks),
        content_type=headers.get("content-type", ""),
    )


def _origin(url: str) -> str:
    parsed = httpx2.URL(url)
    return f"{parsed.scheme}://{parsed.host}" + (f":{parsed.port}" if parsed.port else "")
