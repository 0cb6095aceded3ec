"""What a write's answer keeps, or leaves out, of what the call sent (``ShapeConfig.sent_values``).

An update is made to set values; the caller holds what it sent, so an answer that holds the
same values says nothing new, but one that holds another value (the flag stayed off, the name
was normalised, the limit was capped) tells the agent its change did not take hold as sent,
and the write profile, which keeps what names the record and where it stands, would leave it
out (a settings object answered whole kept one flag of forty, likely not the one just set).
So a member the call sent (the request body's leaf paths and values, ``output.sent_values``)
is kept where the answer holds another value for it: at the same path from the answer's
payload, else at the path without its leading members (a body sent as ``{data: {attributes:
{name}}}`` answered as the record ``data`` holds: ``attributes.name``). Values compare as
text without case (``"true"`` and ``true``, ``"5"`` and ``5`` are the same; a list's order
does not count). Not a record's list of records (what the defaults decide), nor what kind of
thing the body is about (JSON:API's ``type``, which a body must say: not a value the call
set), nor a name the selection syntax cannot say (a dotted key). Derived from the call, never
from names.

The other way round, a create's or an update's one record leaves out a text the call sent and
the answer holds as sent (a list's ``description``, a post's ``note``: at least ``TEXT_CHARS``
characters, the same text with whitespace and case aside): the caller wrote it, and the cut
preview of it the answer would show tells the agent nothing it did not say; a text the service
changed (cut, normalised, rendered) stays, and so does a label (``name``, ``title``: what names
the record), whatever its length; never the whole selection (``said_back``)."""

from __future__ import annotations

from typing import Any

from .pairs import with_counterparts
from .roles.label import is_label
from .roles.kinds import is_kind
from .trees import field_tree_from_value

MAX_SENT = 60  # members of one body kept back at most (a whole object sent: its first ones)
TEXT_CHARS = 80  # a string sent at least this long is a text the caller wrote, not a value


def said_back(
    target: Any, chosen: list[str], sent: tuple[tuple[tuple[str, ...], Any], ...]
) -> set[str]:
    """The members of ``chosen`` (dotted paths of ``target``, a write's one record) holding a
    text the call sent as it is (module doc)."""
    if not isinstance(target, dict):
        return set()
    found: set[str] = set()
    for path, wanted in sent[:MAX_SENT]:
        if not isinstance(wanted, str) or len(wanted) < TEXT_CHARS:
            continue
        for start in range(len(path)):
            tail = path[start:]
            value = _at(target, tail)
            if value is _MISSING:
                continue
            dotted = ".".join(tail)
            if (
                dotted in chosen
                and isinstance(value, str)
                and _plain(value) == _plain(wanted)
                and not is_label(tail[-1])
            ):
                found.add(dotted)
            break
    return found


def _plain(text: str) -> str:
    return " ".join(text.split()).lower()


def sent_fields(target: Any, sent: tuple[tuple[tuple[str, ...], Any], ...]) -> list[str]:
    """The dotted paths of ``target`` (the answer's payload, one object) holding another value
    than the call sent at one of the paths of ``sent`` (module doc), in the order sent."""
    if not isinstance(target, dict):
        return []
    found: list[str] = []
    for path, wanted in sent[:MAX_SENT]:
        for start in range(len(path)):
            tail = path[start:]
            value = _at(target, tail)
            if value is _MISSING:
                continue
            plain = not any("." in k for k in tail) and not is_kind(tail[-1])
            if _said(value) and plain and _text(value) != _text(wanted):
                found.append(".".join(tail))
            break
    # a value that did not take is one end of a pair: with the other (the span it starts)
    return list(with_counterparts(tuple(dict.fromkeys(found)), field_tree_from_value(target)))


def _text(value: Any) -> Any:
    """A value as compared with what was sent: scalars as lower-case text, a list as the
    sorted texts of its values."""
    if isinstance(value, list):
        return sorted(str(_text(v)) for v in value)
    return str(value).lower() if value is not None else None


_MISSING = object()


def _at(node: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return _MISSING
        node = node[key]
    return node


def _said(value: Any) -> bool:
    """A value read back as it was set: a scalar or a list of them, not records."""
    if isinstance(value, list):
        return not any(isinstance(v, (dict, list)) for v in value)
    return not isinstance(value, dict)
