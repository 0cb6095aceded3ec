"""Tool arguments: validate against the input schema, split control arguments from API ones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import jsonschema
from jsonschema import Draft202012Validator, validators
from jsonschema.protocols import Validator

from .choices import enum_message
from .coercion import coerce_arguments
from .errors import InvalidArguments
from .model import Tool
from .shaping.formats import FORMATS
from .violations import describe

DETAIL_LEVELS = ("concise", "detailed")
RESPONSE_FORMATS = FORMATS  # shaping/formats.py: the one definition


@dataclass(frozen=True)
class Controls:
    fields: list[str] | None = None
    detail_level: str = "concise"
    response_format: str = "json"


# The control arguments every tool takes, as listed (generator/render) and validated (here).
CONTROL_SCHEMAS: dict[str, dict[str, Any]] = {
    "fields": {
        "type": "array",
        "items": {"type": "string"},
        "description": 'Dot paths to return instead of the defaults; ["*"] = all.',
    },
    "detail_level": {
        "enum": list(DETAIL_LEVELS),
        "description": "detailed: more fields, longer texts",
    },
    "response_format": {
        "enum": list(RESPONSE_FORMATS),
        "description": "markdown: tables; toon: uniform lists as rows",
    },
}


def listed_control(name: str) -> dict[str, Any]:
    """A control argument in its minimal listed form (the lean surface, generator/render/
    compact.py): its JSON type only (an array's item type too), its meaning and its values
    being said once in the server instructions. Every client takes it (Gemini's function
    schemas need a ``type`` on every property and ``items`` on every array), one that
    validates or strips arguments by the listed schema lets a value through, and the server
    validates the value in full (``validation_schema``): a wrong one is refused with every
    value it takes."""
    schema = CONTROL_SCHEMAS[name]
    enum = schema.get("enum")
    if isinstance(enum, list):
        return {"type": "string"} if all(isinstance(v, str) for v in enum) else {}
    return {k: v for k, v in schema.items() if k != "description"}


def validation_schema(tool: Tool) -> dict[str, Any]:
    """The listed input schema (or, where the listing shows only examples of a long enum, the
    same schema with every value: ``Tool.validation_schema``) with the control arguments in
    full (a lean listing, generator/render/compact.py, shows them in their minimal form:
    ``listed_control``) and ``additionalProperties: false`` (which a lean listing leaves
    out)."""
    schema = dict(tool.validation_schema or tool.input_schema)
    listed = schema.get("properties") or {}
    # API arguments never take a control's name (generator/naming.py RESERVED_ARGS)
    schema["properties"] = {**listed, **CONTROL_SCHEMAS}
    schema.setdefault("additionalProperties", False)
    return schema


# ``oneOf`` as ``anyOf``: descriptions write ``oneOf`` for "one of these shapes" even where a
# value fits several (an object with no required members fits every branch), and strict
# ``oneOf`` would refuse valid arguments ("... is valid under each of ..."). A value valid
# under at least one branch is accepted; one valid under none is refused as before.
LenientValidator = validators.extend(
    Draft202012Validator, {"oneOf": Draft202012Validator.VALIDATORS["anyOf"]}
)


def _validator(tool: Tool) -> Validator:
    # Compiled lazily and kept on the tool: a server with hundreds of tools starts without
    # compiling a validator it may never use.
    validator: Validator | None = tool.__dict__.get("_validator")
    if validator is None:
        validator = LenientValidator(validation_schema(tool))
        object.__setattr__(tool, "_validator", validator)
    return validator


def _location(error: jsonschema.ValidationError) -> str:
    path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    return path.lstrip(".") or "(arguments)"


def _enum_values(error: jsonschema.ValidationError) -> list[Any] | None:
    """The allowed values when ``error`` is a value outside an enum, else None."""
    want = error.validator_value
    return want if error.validator == "enum" and isinstance(want, list) else None


def _enum_error(error: jsonschema.ValidationError) -> tuple[Any, list[Any], str] | None:
    """(value, allowed values, where) when ``error`` is a value outside an enum: the error
    itself; for a value no branch of an ``anyOf``/``oneOf`` accepts, the enum error of the
    branch that got deepest into the value (Stripe's ``anyOf: [{items: {enum: [...]}}, {enum:
    [""]}]``), or every branch's values when each branch is an enum of the value itself."""
    allowed = _enum_values(error)
    if allowed is not None:
        return error.instance, allowed, _location(error)
    if error.validator not in ("anyOf", "oneOf") or not error.context:
        return None
    depth = len(error.absolute_path)
    deeper = [
        (e, values)
        for e in _descendants(error)
        if (values := _enum_values(e)) is not None and len(e.absolute_path) > depth
    ]
    if deeper:
        e, values = max(deeper, key=lambda d: (len(d[0].absolute_path), len(d[1])))
        return e.instance, values, _location(e)
    branches = [_enum_values(e) for e in error.context]
    if all(values is not None for values in branches):
        allowed = [v for values in branches for v in values or ()]
        return error.instance, allowed, _location(error)
    return None  # a branch of another kind (a type, a pattern): the generic message says it


def _descendants(error: jsonschema.ValidationError) -> list[jsonschema.ValidationError]:
    out = []
    for sub in error.context or ():
        out.append(sub)
        out += _descendants(sub)
    return out


def _message(error: jsonschema.ValidationError) -> tuple[str, str]:
    """(where, what) for one violation; a value outside an enum gets the values to use."""
    enum = _enum_error(error)
    if enum is not None:
        value, allowed, where = enum
        return where, enum_message(value, allowed)
    message = describe(error)
    if len(message) > 300:
        message = message[:300] + "…"
    return _location(error), message


def validate_arguments(tool: Tool, arguments: dict[str, Any] | None) -> dict[str, Any]:
    """Return the arguments if they satisfy the tool's input schema, else raise InvalidArguments.

    Every violation is listed (up to a handful) with where it is, so the agent can fix all at once.
    Unambiguous scalar mismatches (``"1"`` for an integer, ``7`` for a string id) are converted
    first (runtime/coercion.py).
    """
    validator = _validator(tool)
    schema = cast(dict[str, Any], validator.schema)  # validation_schema(tool): always a dict
    args = coerce_arguments(schema, dict(arguments or {}))
    errors = sorted(validator.iter_errors(args), key=lambda e: list(e.absolute_path))
    if errors:
        lines = []
        for err in errors[:8]:
            where, message = _message(err)
            lines.append(f"- {where}: {message}")
        if len(errors) > 8:
            lines.append(f"- … and {len(errors) - 8} more")
        props = sorted(validation_schema(tool)["properties"])
        raise InvalidArguments(
            f"Invalid arguments for {tool.name}:\n"
            + "\n".join(lines)
            + f"\nAccepted arguments: {', '.join(props) or '(none)'}."
        )
    return args


def split_controls(args: dict[str, Any]) -> tuple[Controls, dict[str, Any]]:
    """Separate the shaping controls every tool takes from the API's own arguments."""
    api_args = {
        k: v for k, v in args.items() if k not in ("fields", "detail_level", "response_format")
    }
    fields = args.get("fields")
    controls = Controls(
        fields=list(fields) if fields is not None else None,
        detail_level=args.get("detail_level") or "concise",
        response_format=args.get("response_format") or "json",
    )
    return controls, api_args
