"""What the caller sent with a call, as the judge reads it (``judge_content.py``).

Text the caller wrote and a write answers back (a comment's body, a message, a record's
description in its receipt) is the caller's own, not content the operation generated.
Read from the tool's listed input schema and the call's arguments, never from one API's
names:

- **members**: the names of the members the request body takes at its top level: the
  arguments of a flattened body, the properties of a body sent whole (through
  ``allOf``/``oneOf``/``anyOf`` branches and ``$ref`` into the listed schema);
- **texts**: the strings the caller sent, in any argument at any depth;
- **body**: whether the request has a body at all (a write with none, ``POST
  /pages/{id}/publish``, names a resource and an action: the texts its answer holds are
  what the resource held, not written by this call).

Written apart from the shaping rules (nothing here imports ``runtime/shaping``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..runtime.coercion import resolve_local_ref
from .judge_roles import words

MAX_DEPTH = 6  # schema branches and argument values nested deeper are not read


@dataclass(frozen=True)
class Request:
    """What the caller sent: the body's members (by their words) and the strings."""

    members: frozenset[tuple[str, ...]] = frozenset()
    texts: tuple[str, ...] = ()
    body: bool = True

    def takes(self, key: str) -> bool:
        """The request body takes a member named ``key`` (compared by words)."""
        return bool(words(key)) and tuple(words(key)) in self.members

    def sent(self, text: str) -> bool:
        """``text`` is a string the caller sent (whitespace normalised)."""
        return _normal(text) in {_normal(t) for t in self.texts}


def request_of(tool: Any, arguments: Mapping[str, Any] | None = None) -> Request:
    """The request of ``tool`` (a runtime ``Tool``: its ``params`` and listed
    ``input_schema``) called with ``arguments``."""
    schema = tool.input_schema if isinstance(tool.input_schema, dict) else {}
    properties = schema.get("properties") or {}
    members: set[tuple[str, ...]] = set()
    body = any(p.location in ("body", "body_whole") for p in tool.params)
    for param in tool.params:
        arg_schema = properties.get(param.arg)
        if param.location not in ("body", "body_whole") or not isinstance(arg_schema, dict):
            continue  # not in the body, or not listed (a constant)
        if param.location == "body":
            members.add(tuple(words(param.wire)))
        elif param.location == "body_whole":
            members |= {tuple(words(name)) for name, _ in _properties(arg_schema, schema, 0)}
    members.discard(())
    return Request(frozenset(members), tuple(_strings(arguments or {}, 0)), body)


def _properties(node: Any, root: dict[str, Any], depth: int) -> list[tuple[str, Any]]:
    """The properties of an object schema and of its ``allOf``/``oneOf``/``anyOf`` branches."""
    node = resolve_local_ref(node, root)
    if not isinstance(node, dict) or depth > MAX_DEPTH:
        return []
    found = [(k, v) for k, v in (node.get("properties") or {}).items() if isinstance(v, dict)]
    for keyword in ("allOf", "oneOf", "anyOf"):
        for branch in node.get(keyword) or []:
            found += _properties(branch, root, depth + 1)
    return found


def _strings(value: Any, depth: int) -> list[str]:
    if isinstance(value, str):
        return [value]
    if depth > MAX_DEPTH:
        return []
    if isinstance(value, Mapping):
        return [s for v in value.values() for s in _strings(v, depth + 1)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v, depth + 1)]
    return []


def _normal(text: str) -> str:
    return " ".join(text.split())
