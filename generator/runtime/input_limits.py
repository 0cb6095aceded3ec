"""Bounds on tool arguments, checked before schema validation and before anything is sent.

Schemas rarely set ``maxLength``; without a bound, one call could push megabytes into an
upstream URL or body. Arguments are refused when their JSON form exceeds ``max_bytes`` or
nests deeper than ``MAX_DEPTH`` (deep nesting would exhaust the validator's recursion).
"""

from __future__ import annotations

import json
from typing import Any

from .errors import InvalidArguments

MAX_DEPTH = 64


def _depth(value: Any, limit: int) -> int:
    """Nesting depth of ``value``, computed without recursion and stopping past ``limit``."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if level > deepest:
            deepest = level
            if deepest > limit:
                return deepest
        if isinstance(item, dict):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend((v, level + 1) for v in item)
    return deepest


def check_arguments(tool_name: str, arguments: Any, max_bytes: int) -> None:
    if arguments is None:
        return
    if not isinstance(arguments, dict):
        raise InvalidArguments(
            f"The arguments of {tool_name} must be a JSON object (name -> value), got"
            f" {type(arguments).__name__}."
        )
    if _depth(arguments, MAX_DEPTH) > MAX_DEPTH:
        raise InvalidArguments(
            f"The arguments of {tool_name} are nested more than {MAX_DEPTH} levels deep;"
            " no tool takes such input."
        )
    size = len(json.dumps(arguments, ensure_ascii=False, default=str).encode("utf-8"))
    if size > max_bytes:
        raise InvalidArguments(
            f"The arguments of {tool_name} take {size} bytes, more than this server accepts"
            f" ({max_bytes}); send shorter values."
        )
