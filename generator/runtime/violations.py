"""What one argument violation tells the model, in JSON's words.

jsonschema words its messages with Python's reprs (``None is not of type 'integer'``,
``{'a': 1} is not of type 'string'``); a model sent JSON, so it is told in JSON: ``null``,
``true``, ``integer``, ``object``, values quoted as JSON. Each validator the input schemas use
has its own sentence; anything else falls back to jsonschema's text with Python's words
replaced. A value outside an enum is told by ``choices.enum_message`` (arguments.py also finds
the enum a value missed deep inside an ``anyOf``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import jsonschema

from .choices import enum_message
from .shaping.names import json_type

VALUE_CHARS = 60
_PY_WORDS = {"None": "null", "True": "true", "False": "false"}
_PY_WORD = re.compile(r"(?<![\w'\"])(None|True|False)(?![\w'\"])")
_PY_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")


def shown(value: Any) -> str:
    """``value`` as JSON text, cut to VALUE_CHARS."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = str(value)
    return text if len(text) <= VALUE_CHARS else text[: VALUE_CHARS - 1] + "…"


def _names(names: list[str]) -> str:
    return ", ".join(shown(n) for n in names)


def _got(value: Any) -> str:
    """``null``, ``string "ten"``, ``object``: the type, and the value when it is short."""
    kind = json_type(value)
    if value is None or kind in ("array", "object"):
        return kind
    return f"{kind} {shown(value)}"


def describe(error: jsonschema.ValidationError) -> str:
    """One sentence for one violation (where it is, arguments.py says)."""
    v, want, value = error.validator, error.validator_value, error.instance
    if v == "enum" and isinstance(want, list):
        return enum_message(value, want)
    if v == "type":
        kinds = want if isinstance(want, list) else [want]
        return f"expected {' or '.join(str(k) for k in kinds)}, got {_got(value)}"
    if v == "required" and isinstance(value, dict) and isinstance(want, list):
        missing = [name for name in want if name not in value]
        return f"missing required {'property' if len(missing) == 1 else 'properties'} " + (
            _names(missing)
        )
    if v == "additionalProperties" and isinstance(value, dict):
        schema = error.schema if isinstance(error.schema, Mapping) else {}
        known = set(schema.get("properties") or {})
        patterns = list(schema.get("patternProperties") or {})
        extra = [k for k in value if k not in known and not any(re.search(p, k) for p in patterns)]
        return f"unexpected {'property' if len(extra) == 1 else 'properties'} {_names(extra)}"
    bounds = {
        "minimum": "less than the minimum",
        "maximum": "more than the maximum",
        "exclusiveMinimum": "not greater than",
        "exclusiveMaximum": "not less than",
        "multipleOf": "not a multiple of",
    }
    if v in bounds:
        return f"{shown(value)} is {bounds[v]} {shown(want)}"
    sizes = {
        "minLength": ("shorter than", "characters"),
        "maxLength": ("longer than", "characters"),
        "minItems": ("fewer than", "items"),
        "maxItems": ("more than", "items"),
        "minProperties": ("fewer than", "properties"),
        "maxProperties": ("more than", "properties"),
    }
    if v in sizes:
        relation, unit = sizes[v]
        return f"{shown(value)} has {relation} {want} {unit}"
    if v == "pattern":
        return f"{shown(value)} does not match the pattern {shown(want)}"
    if v == "format":
        return f"{shown(value)} is not a valid {want}"
    if v == "const":
        return f"expected {shown(want)}, got {_got(value)}"
    if v == "uniqueItems":
        return f"{shown(value)} has repeated items"
    if v in ("anyOf", "oneOf") and error.context:
        branches = sorted({describe(e) for e in error.context if not e.relative_path})
        forms = f" ({'; or '.join(branches[:3])})" if branches else ""
        return f"{shown(value)} matches none of the accepted forms{forms}"
    if v == "not":
        return f"{shown(value)} is not allowed here"
    return json_words(error.message)


def json_words(message: str) -> str:
    """jsonschema's own text with Python's ``None``/``True``/``False`` and 'quotes' as JSON's."""
    text = _PY_WORD.sub(lambda m: _PY_WORDS[m.group(1)], message)
    return _PY_QUOTED.sub(lambda m: json.dumps(m.group(1)), text)
