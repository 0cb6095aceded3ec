"""Media types by the kind of body they ask for: JSON, a form, multipart, XML, text or bytes.

One rule for the generator (which body an operation sends, and which response it reads) and the
server (how a body is encoded, how a response is read). ``*/*`` and ``application/*`` count as
JSON: an API that accepts anything accepts JSON.
"""

from __future__ import annotations

JSON = "json"
FORM = "form"
MULTIPART = "multipart"
XML = "xml"
TEXT = "text"
BINARY = "binary"

FORM_TYPE = "application/x-www-form-urlencoded"
MULTIPART_TYPE = "multipart/form-data"
# Which kind is sent when a request body offers several (the first offered of the best kind).
PREFERENCE = (JSON, FORM, MULTIPART, XML, TEXT, BINARY)


def base(media_type: str | None) -> str:
    """``application/json; charset=utf-8`` -> ``application/json``."""
    return (media_type or "").split(";")[0].strip().lower()


def media_kind(media_type: str | None) -> str:
    """The kind of body ``media_type`` names (no media type: JSON)."""
    name = base(media_type)
    if not name or name in ("application/json", "text/json", "*/*", "application/*"):
        return JSON
    if name.endswith("+json"):
        return JSON
    if name == FORM_TYPE:
        return FORM
    if name.startswith("multipart/"):
        return MULTIPART
    if name in ("application/xml", "text/xml") or name.endswith("+xml"):
        return XML
    if name.startswith("text/"):
        return TEXT
    return BINARY


def is_concrete(media_type: str | None) -> bool:
    """A media type a body can be sent as (``image/png``), not a range (``image/*``)."""
    name = base(media_type)
    return bool(name) and "*" not in name
