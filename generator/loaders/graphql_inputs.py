"""GraphQL argument types -> JSON Schema for tool inputs.

- ``ID``/``String`` -> string, ``Int`` -> integer, ``Float`` -> number, ``Boolean`` -> boolean;
  enums -> string with ``enum``; lists -> arrays; non-null -> required (at the top level: the
  argument is required unless it has a default; inside input objects: ``required``).
- Custom scalars -> string with the scalar's description; JSON-like scalars (a name containing
  ``JSON``) accept any JSON value.
- Input objects -> objects with ``additionalProperties: false``. Recursion is bounded: an input
  type already being expanded, a nesting deeper than ``MAX_INPUT_DEPTH``, or a tool whose
  input would name more than ``MAX_INPUT_PROPERTIES`` properties gets a plain
  ``{"type": "object"}`` with the type's name in its description; the GraphQL validation
  of variable values (at run time, before sending) still checks those.
- GraphQL defaults become ``default`` where they are plain JSON values.
"""

from __future__ import annotations

import json
from typing import Any

from graphql import (
    GraphQLArgument,
    GraphQLInputField,
    Undefined,
    is_enum_type,
    is_input_object_type,
    is_list_type,
    is_non_null_type,
    is_scalar_type,
)

from .text import shorten

MAX_INPUT_DEPTH = 3
MAX_INPUT_PROPERTIES = 120
ARG_DESCRIPTION_LIMIT = 160
NESTED_DESCRIPTION_LIMIT = 80
BUILTIN = {"ID": "string", "String": "string", "Int": "integer", "Float": "number"}


class InputSchemas:
    """Converts the arguments of one tool, with a property budget shared by all of them."""

    def __init__(self) -> None:
        self.budget = MAX_INPUT_PROPERTIES

    def argument(self, arg: GraphQLArgument | GraphQLInputField) -> dict[str, Any]:
        schema = self._type(arg.type, (), 0)
        return _with_meta(schema, arg, ARG_DESCRIPTION_LIMIT)

    def _type(self, type_: Any, stack: tuple[str, ...], depth: int) -> dict[str, Any]:
        if is_non_null_type(type_):
            return self._type(type_.of_type, stack, depth)
        if is_list_type(type_):
            return {"type": "array", "items": self._type(type_.of_type, stack, depth)}
        if is_enum_type(type_):
            return {"type": "string", "enum": list(type_.values)}
        if is_scalar_type(type_):
            return _scalar(type_)
        if is_input_object_type(type_):
            return self._object(type_, stack, depth)
        return {}

    def _object(self, type_: Any, stack: tuple[str, ...], depth: int) -> dict[str, Any]:
        name = type_.name
        fields = type_.fields
        if name in stack or depth >= MAX_INPUT_DEPTH or len(fields) > self.budget:
            why = "recursive" if name in stack else "not expanded"
            return {"type": "object", "description": f"{name} input object ({why})"}
        self.budget -= len(fields)
        props: dict[str, Any] = {}
        required: list[str] = []
        for field_name, field in fields.items():
            sub = self._type(field.type, stack + (name,), depth + 1)
            props[field_name] = _with_meta(sub, field, NESTED_DESCRIPTION_LIMIT)
            if is_non_null_type(field.type) and field.default_value is Undefined:
                required.append(field_name)
        out: dict[str, Any] = {"type": "object", "properties": props}
        if required:
            out["required"] = required
        out["additionalProperties"] = False
        return out


def _scalar(type_: Any) -> dict[str, Any]:
    if type_.name == "Boolean":
        return {"type": "boolean"}
    if type_.name in BUILTIN:
        return {"type": BUILTIN[type_.name]}
    text = shorten(type_.description, NESTED_DESCRIPTION_LIMIT)
    label = f"{type_.name} scalar" + (f": {text}" if text else "")
    if "JSON" in type_.name.upper():
        return {"description": label}
    return {"type": "string", "description": label}


def _with_meta(
    schema: dict[str, Any], arg: GraphQLArgument | GraphQLInputField, limit: int
) -> dict[str, Any]:
    out = dict(schema)
    text = shorten(arg.description, limit)
    if arg.deprecation_reason is not None:
        text = ("Deprecated. " + text).strip()
    if text:
        scalar = out.get("description")
        out["description"] = f"{text} ({scalar})" if scalar else text
    default = arg.default_value
    if default is not Undefined and default is not None and _is_json(default):
        out["default"] = default
    return out


def _is_json(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def is_required(arg: GraphQLArgument) -> bool:
    return is_non_null_type(arg.type) and arg.default_value is Undefined
