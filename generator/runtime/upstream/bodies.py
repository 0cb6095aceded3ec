"""Request bodies other than JSON and urlencoded forms (http_call.py): multipart, XML, text,
bytes.

``multipart/form-data`` is encoded by httpx's own multipart writer: each argument is a part in
the order given; a file argument (upstream/files.py) a file part with its name and media type,
a list of files one part each; a list of scalars one part per value (one joined part where
the description gives an unexploded array format, as Swagger 2.0's ``collectionFormat`` does);
an object or a list of objects a JSON part (or the part's described ``contentType``); anything
else a text part. XML is
built from the schema's layout (upstream/xml_body.py). A text body is sent as UTF-8; a binary
body is the file's bytes, with the described media type, or, for a range such as ``image/*``,
the file's own.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import httpx2

from ..config.uploads import UploadPolicy
from ..errors import InvalidArguments
from ..model import Param, Tool
from .files import read_upload
from .media import BINARY, MULTIPART, TEXT, XML, is_concrete, media_kind
from .xml_body import XmlNameError, build_xml

_DELIMITERS = {"form": ",", "spaceDelimited": " ", "pipeDelimited": "|", "tabDelimited": "\t"}


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def is_encoded_here(tool: Tool) -> bool:
    """A body this module encodes (else http_call.py sends JSON or a urlencoded form)."""
    kind = media_kind(tool.binding.content_type)
    return kind in (MULTIPART, XML, TEXT, BINARY) or any(p.file for p in tool.params)


def encode_body(
    tool: Tool, payload: Any, content_type: str, uploads: UploadPolicy
) -> tuple[bytes | None, str | None]:
    """(body bytes, Content-Type) of ``payload`` (the whole body argument, or the body fields
    by wire name); (None, None) for a multipart body without parts."""
    kind = media_kind(content_type)
    whole = next((p for p in tool.params if p.location == "body_whole"), None)
    if whole is not None and whole.file:
        upload = read_upload(whole.arg, payload, uploads, content_type)
        sent = content_type if is_concrete(content_type) else upload.content_type
        if whole.file == "base64":  # the description says the body is the base64 text
            return base64.b64encode(upload.content), sent
        return upload.content, sent
    if kind == MULTIPART:
        if payload is not None and not isinstance(payload, dict):
            # a whole body whose schema is no object (``type: string, format: binary``): the
            # description names no part to send it as, and a guessed name is not the API's
            raise InvalidArguments(
                f"Argument {whole.arg if whole is not None else 'body'!r}: the description sends"
                " this body as multipart/form-data but names no parts for it (its schema is not"
                " an object), so it cannot be encoded; nothing was sent (the description would need"
                " an object schema naming the parts)."
            )
        return _multipart(tool, payload or {}, uploads)
    if isinstance(payload, str):  # a text body, or an XML document given as text
        return payload.encode("utf-8"), content_type
    if kind == XML:
        return _xml(tool, payload, whole), content_type
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode(), content_type


def _xml(tool: Tool, payload: Any, whole: Param | None) -> bytes:
    """The XML body; a name or value the caller gave that XML cannot carry is refused, naming
    the argument and the member (nothing is sent)."""
    try:
        return build_xml(payload, tool.binding.xml)
    except XmlNameError as exc:
        if whole is not None:
            arg, members = whole.arg, exc.path
        else:  # body fields: the first member is the argument's wire name
            wires = {p.wire: p.arg for p in tool.params if p.location == "body"}
            arg, members = wires.get(exc.path[0], exc.path[0]), exc.path[1:]
        where = "".join(f"[{m!r}]" for m in members)
        raise InvalidArguments(
            f"Argument {arg!r}{' at ' + where if where else ''}: {exc.reason}. The body is XML,"
            " where member names become element names; nothing was sent."
        ) from None


def _multipart(
    tool: Tool, payload: dict[str, Any], uploads: UploadPolicy
) -> tuple[bytes | None, str | None]:
    params = {p.wire: p for p in tool.params if p.location == "body"}
    parts: list[tuple[str, tuple[str | None, bytes, str | None]]] = []
    for key, value in payload.items():
        param = params.get(key) or Param(arg=key, location="body", wire=key)
        parts.extend(_parts(param, value, uploads))
    if not parts:
        return None, None
    request = httpx2.Request("POST", "http://multipart.invalid/", files=parts)
    return request.read(), request.headers["Content-Type"]


def _parts(
    param: Param, value: Any, uploads: UploadPolicy
) -> list[tuple[str, tuple[str | None, bytes, str | None]]]:
    if param.file:
        files = value if isinstance(value, list) else [value]
        found = [read_upload(param.arg, f, uploads, param.content_type) for f in files]
        return [(param.wire, (u.filename, u.content, u.content_type)) for u in found]
    if isinstance(value, dict) or (
        isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value)
    ):
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()
        return [(param.wire, (None, text, param.content_type or "application/json"))]
    values = value if isinstance(value, list) else [value]
    if isinstance(value, list) and param.explode is False:  # a declared array format (csv...)
        joined = _DELIMITERS.get(param.style or "form", ",").join(_text(v) for v in value)
        return [(param.wire, (None, joined.encode(), param.content_type))]
    return [(param.wire, (None, _text(v).encode(), param.content_type)) for v in values]
