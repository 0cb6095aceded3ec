"""What an update's answer keeps of what the call sent (``ShapeConfig.sent_paths``).

An update is made to set values, and its answer is where the agent reads them back: the
write profile keeps what names the record and where it stands, so a settings object answered
whole (forty flags, each with its metadata) kept one flag, likely not the one just set. The
members the call sent (the request body's leaf paths, ``output.sent_paths``) are kept where
the answer holds them as values: at the same path from the answer's payload, else at the
path without its leading members (a body sent as ``{data: {attributes: {name}}}`` answered
as the record ``data`` holds: ``attributes.name``). Not a record's list of records (what
the defaults decide), nor what kind of thing the body is about (JSON:API's ``type``, which a
body must say: not a value the call set), nor a name the selection syntax cannot say (a
dotted key). Derived
from the call, never from names."""

from __future__ import annotations

from typing import Any

from .roles.kinds import is_kind

MAX_SENT = 60  # members of one body kept back at most (a whole object sent: its first ones)


def sent_fields(target: Any, paths: tuple[tuple[str, ...], ...]) -> list[str]:
    """The dotted paths of ``target`` (the answer's payload, one object) holding a value the
    call sent at one of ``paths`` (module doc), in the order sent."""
    if not isinstance(target, dict):
        return []
    found: list[str] = []
    for path in paths[:MAX_SENT]:
        for start in range(len(path)):
            tail = path[start:]
            value = _at(target, tail)
            if value is _MISSING:
                continue
            if _said(value) and not any("." in k for k in tail) and not is_kind(tail[-1]):
                found.append(".".join(tail))
            break
    return list(dict.fromkeys(found))


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
