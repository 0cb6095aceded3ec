"""Lenient, safe argument coercion, applied before validation (runtime/arguments.py).

Models often send ``"1"`` for an integer, ``"true"`` for a boolean or ``7`` for a string id
(MCP Inspector's ``--tool-arg petId=7`` sends a number). Where the schema says
integer/number/boolean and a string parses exactly, or says string and gets an integer, the
value is converted; nothing else is: a value the schema already accepts stays as it is, and no
other pair of types is ever converted (``"1.5"`` is no integer, ``1`` is no boolean, ``1.5`` is
no string). Conversions are logged at debug level only.
"""

from __future__ import annotations

import logging
import math
import re
from typing import Any

from .shaping.names import json_type

log = logging.getLogger(__name__)

_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_BOOLEANS = {"true": True, "false": False}
_MAX_DEPTH = 32
_SCALARS = frozenset({"boolean", "integer", "number", "string"})


def coerce_arguments(schema: dict[str, Any], args: dict[str, Any]) -> dict[str, Any]:
    """``args`` with the safe conversions of ``coerce_value`` applied under ``schema``."""
    out = coerce_value(schema, args, schema, "", 0)
    return out if isinstance(out, dict) else args


def resolve_local_ref(node: Any, root: dict[str, Any]) -> Any:
    """``node`` with its local ``$ref`` into ``root`` followed (compact.py's ``$defs``; JSON
    pointer escapes read), as often as they chain; anything else, or a ref to nothing, is left."""
    for _ in range(_MAX_DEPTH):
        if not isinstance(node, dict) or not isinstance(node.get("$ref"), str):
            return node
        ref = node["$ref"]
        if not ref.startswith("#/"):
            return node
        target: Any = root
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(target, dict) or part not in target:
                return node
            target = target[part]
        node = target
    return node


def local_ref_target(node: Any, root: dict[str, Any]) -> Any:
    """``resolve_local_ref``, but None where a local ``$ref`` leads nowhere (to nothing, or round
    a loop): for readers that treat such a schema as absent rather than as the ref itself."""
    found = resolve_local_ref(node, root)
    if isinstance(found, dict) and str(found.get("$ref", "")).startswith("#/"):
        return None
    return found


def _types(node: dict[str, Any]) -> set[str]:
    declared = node.get("type")
    if isinstance(declared, str):
        return {declared}
    if isinstance(declared, list):
        return {t for t in declared if isinstance(t, str)}
    enum = node.get("enum")
    if isinstance(enum, list) and enum:  # an enum without a type: the type of its values
        return {json_type(v) for v in enum}
    return set()


def _accepts(types: set[str], value: Any) -> bool:
    kind = json_type(value)
    if kind == "integer" and "number" in types:
        return True
    if kind == "number" and "integer" in types and float(value).is_integer():
        return True
    return kind in types or kind not in _SCALARS  # objects, arrays, null: never converted


def _scalar(types: set[str], value: Any) -> Any:
    if isinstance(value, str):
        text = value
        if "integer" in types and _INTEGER.fullmatch(text):
            return int(text)
        if "number" in types and _NUMBER.fullmatch(text):
            number = float(text)
            if math.isfinite(number):
                return int(text) if _INTEGER.fullmatch(text) else number
        if "boolean" in types and text in _BOOLEANS:
            return _BOOLEANS[text]
    elif isinstance(value, int) and not isinstance(value, bool) and "string" in types:
        return str(value)
    return value


def coerce_value(node: Any, value: Any, root: dict[str, Any], where: str, depth: int) -> Any:
    """``value`` converted where ``node`` (a JSON schema) makes the conversion unambiguous."""
    node = resolve_local_ref(node, root)
    if not isinstance(node, dict) or depth > _MAX_DEPTH:
        return value
    if isinstance(value, dict):
        props = node.get("properties")
        if not isinstance(props, dict):
            return value
        out = dict(value)
        for key, sub in value.items():
            if key in props:
                out[key] = coerce_value(props[key], sub, root, f"{where}.{key}", depth + 1)
        return out
    if isinstance(value, list):
        items = node.get("items")
        if not isinstance(items, dict):
            return value
        return [
            coerce_value(items, v, root, f"{where}[{i}]", depth + 1) for i, v in enumerate(value)
        ]
    types = _types(node)
    if not types or _accepts(types, value):
        return value
    converted = _scalar(types, value)
    if converted is not value:
        enum = node.get("enum")
        if isinstance(enum, list) and converted not in enum:
            return value  # the conversion would not make it valid: leave the error to validation
        log.debug(
            "coerced argument %s from %r to %r",
            where.lstrip(".") or "(arguments)",
            value,
            converted,
        )
    return converted
