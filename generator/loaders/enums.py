"""Repair a schema whose ``type`` and ``enum`` contradict each other.

Real specs write ``type: integer`` with ``enum: ['0', '1', '2']`` (quoted), or ``type: string``
with ``enum: [1, 2]`` (unquoted YAML): no value validates, so every call of the tool fails.
When every enum value parses exactly as the declared type, the values are converted to it
(``'0'`` -> ``0``, ``1`` -> ``'1'``, ``'true'`` -> ``true``); otherwise the ``type`` is dropped
and the enum kept, since the enum is the more specific statement of what the API accepts.
An array whose enum lists single values (Swagger 2.0 parameters written ``type: array`` with
the enum beside ``items`` instead of in it) means the enum of its items: it is moved there.

A ``default`` that is none of the enum's values (``default: Human`` beside ``enum: [human,
json]``) is advertised to the agent, which sends it and is refused: it becomes the one value
it names in other case or spelling (``human``), else it is dropped (``repair_default``).
"""

from __future__ import annotations

import math
import re
from typing import Any

_INTEGER = re.compile(r"[+-]?\d+")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


class _NoParse(Exception):
    pass


def _fits(value: Any, kind: str) -> bool:
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "string":
        return isinstance(value, str)
    return True  # object/array enums: left alone


def _scalar_type(values: list[Any]) -> str | None:
    """The one JSON type of scalar ``values`` (``integer`` within ``number``), else None."""
    for kind in ("boolean", "integer", "number", "string"):
        if all(_fits(v, kind) for v in values):
            return kind
    return None


def _convert(value: Any, kind: str) -> Any:
    if kind == "integer":
        if isinstance(value, str) and _INTEGER.fullmatch(value.strip()):
            return int(value)
        if isinstance(value, float) and value.is_integer():
            return int(value)
    elif kind == "number":
        if isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
            number = float(value)
            if math.isfinite(number):
                return int(number) if _INTEGER.fullmatch(value.strip()) else number
    elif kind == "boolean":
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            return value.strip().lower() == "true"
    elif kind == "string":
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
    raise _NoParse


def _shown(values: list[Any]) -> str:
    """The first enum values, for a diagnostic."""
    return ", ".join(repr(v) for v in values[:4]) + (", …" if len(values) > 4 else "")


def _enum_of_items(schema: dict[str, Any], values: list[Any]) -> str | None:
    """An array's enum of single values is its items' enum (moved there unless they have one)."""
    items = schema.get("items")
    if not values or any(isinstance(v, list) for v in values) or not isinstance(items, dict):
        return None
    del schema["enum"]
    if "enum" not in items:
        items["enum"] = values
    shown = _shown(values)
    return f"`type: array` has an enum of single values ({shown}): it is read as its items' enum"


def _spelled(value: str) -> str:
    return re.sub(r"[^0-9a-z]", "", value.lower())


def _among(value: Any, values: list[Any]) -> bool:
    """``value`` is one of ``values`` as JSON Schema compares them (``1.0`` is ``1``; ``True``
    is not)."""
    return any(_kind(v) == _kind(value) and v == value for v in values)


def _kind(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return type(value).__name__
    return "number"


def repair_default(schema: dict[str, Any]) -> str | None:
    """Make ``schema``'s ``default`` one of its ``enum``'s values (in place; module doc).
    Returns what was done, for a diagnostic, or None when it already is one."""
    enum = schema.get("enum")
    if "default" not in schema or not isinstance(enum, list) or not enum:
        return None
    default = schema["default"]
    if _among(default, enum) or (isinstance(default, list) and schema.get("type") == "array"):
        return None
    same = [
        v for v in enum
        if isinstance(v, str) and isinstance(default, str) and _spelled(v) == _spelled(default)
    ]  # fmt: skip
    if len(same) == 1:
        schema["default"] = same[0]
        return f"its default {default!r} is none of its enum values: read as {same[0]!r}"
    del schema["default"]
    return f"its default {default!r} is none of its enum values ({_shown(enum)}): it is dropped"


def repair_enum(schema: dict[str, Any]) -> str | None:
    """Make ``schema``'s ``enum`` agree with its single declared ``type`` (in place).
    Returns what was done, for a diagnostic, or None when nothing contradicted."""
    types = schema.get("type")
    declared = [t for t in (types if isinstance(types, list) else [types]) if t != "null"]
    enum = schema.get("enum")
    if len(declared) != 1 or not isinstance(enum, list) or not isinstance(declared[0], str):
        return None  # no single type (an absent one included): nothing to contradict
    kind = declared[0]
    values = [v for v in enum if v is not None]
    if kind == "array":
        return _enum_of_items(schema, values)
    if kind == "object" and values and not any(isinstance(v, (dict, list)) for v in values):
        scalar = _scalar_type(values)
        if scalar is not None:  # ``type: object`` over an enum of strings (a ref's type
            # laid under another's: ``{type: object, allOf: [{$ref: Comparator}]}``): no
            # value is both, so no call could send one; the values say what it is
            schema["type"] = (
                [scalar if t == "object" else t for t in types]
                if isinstance(types, list)
                else scalar
            )
            return (
                f"`type: object` contradicts its enum ({_shown(values)}): the type is the "
                f"values' ({scalar})"
            )
    if all(_fits(v, kind) for v in values):
        return None
    shown = _shown(values)
    try:
        schema["enum"] = [v if v is None or _fits(v, kind) else _convert(v, kind) for v in enum]
    except _NoParse:
        del schema["type"]
        if None in enum or (isinstance(types, list) and "null" in types):
            schema["enum"] = [*[v for v in enum if v is not None], None]
        return f"`type: {kind}` contradicts its enum ({shown}): the type is dropped, the enum kept"
    default = schema.get("default")
    if default is not None and not _fits(default, kind):
        try:
            schema["default"] = _convert(default, kind)
        except _NoParse:
            del schema["default"]
    return f"`type: {kind}` contradicts its enum ({shown}): the enum values are converted to {kind}"
