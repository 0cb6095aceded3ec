"""Words of a field name and the leaf types of a field tree.

``words("customerId") == ("customer", "id")``: camelCase, PascalCase, snake_case, kebab-case,
dots, ``@`` and digits all split the same way, so one rule covers ``created_at``, ``createdAt``
and ``CreatedAt``. Acronym runs stay together (``HTMLUrl`` -> ``html``, ``url``).

A field tree leaf is a JSON type (``string``, ``integer``, ``number``, ``boolean``, ``null``,
``any``) optionally followed by a hint after a colon, taken from the schema (``format``,
``enum``, ``const``) or, for a tree read from a response, from the values:
``string:time`` (date-time, date), ``string:uri``, ``any:strings`` (a map of strings,
``additionalProperties: {type: string}``: ``STRINGS_MAP``), ``string:email``, ``string:enum`` (an enum
of two or more values), ``<type>:const`` (one possible value: a constant discriminator; also a
``default`` its description says the member always holds: ``This is always "tasks#task"``,
``Value: the fixed string "dns#change"``) and,
read from a response only, ``string:tag`` (a discriminator whose value names the member that
holds the object's content: a tagged union).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

_SPLIT = re.compile(r"[A-Z]+(?=[A-Z][a-z]|\d|\b|_|$)|[A-Z]?[a-z]+|[A-Z]+|\d+")


def json_type(value: Any) -> str:
    """The JSON Schema type name of a decoded JSON value (``None`` -> ``null``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


@lru_cache(maxsize=4096)
def words(name: str) -> tuple[str, ...]:
    """The lower-case words of a field name (see module doc)."""
    return tuple(w.lower() for w in _SPLIT.findall(name))


def norm(name: str) -> str:
    """Lower case without separators: ``created_at`` and ``createdAt`` compare equal."""
    return "".join(words(name)) or name.lower()


def is_leaf(node: Any) -> bool:
    """A scalar position of a field tree (a type string, or None for "not described")."""
    return node is None or (isinstance(node, str) and node != "object")


# A number written as a string (``{type: string, example: "0.00100000"}``, ``format: decimal``:
# a price, a quantity): a figure, as a number is, whose values are strings.
DECIMAL = "number:decimal"
# the formats that say a string holds a decimal number
_DECIMAL_FORMATS = frozenset({"decimal", "double", "float", "number", "bigdecimal", "big-decimal"})
_DECIMAL_VALUE = re.compile(r"[-+]?\d+\.\d+")


def decimal_string(schema: dict[str, Any]) -> bool:
    """A string schema that holds a decimal number (``DECIMAL``): its format says so, or its
    example is one, written with a decimal point (``"9638.99000000"``; not ``"42"``, which may
    be a code or an id)."""
    fmt = schema.get("format")
    if isinstance(fmt, str) and fmt.lower() in _DECIMAL_FORMATS:
        return True
    example = schema.get("example")
    return isinstance(example, str) and _DECIMAL_VALUE.fullmatch(example.strip()) is not None


# the formats that say a string holds an integer (protobuf's JSON mapping writes a 64-bit
# integer as a string: ``{type: string, format: int64}``, ``"1250"``)
_INTEGER_FORMATS = frozenset(
    {"int64", "uint64", "sint64", "fixed64", "sfixed64", "int32", "uint32"}
)


def integer_string(schema: dict[str, Any]) -> bool:
    """A string schema whose format says it holds an integer (``_INTEGER_FORMATS``): a figure
    (a score, a rank, a size in bytes) where its name is not an identity's or a person's
    (``response_shape``: an ``owner_id`` or a ``created_by`` written so stays a reference)."""
    fmt = schema.get("format")
    return isinstance(fmt, str) and fmt.lower() in _INTEGER_FORMATS


# A map of strings (``additionalProperties: {type: string}``: an alert's ``labels``, a
# resource's ``tags``): an open object, as "any" is, whose values the description says are strings.
STRINGS_MAP = "any:strings"


def is_strings_map(node: Any) -> bool:
    """A map of strings (``STRINGS_MAP``): the record's own tags or descriptions by name."""
    return isinstance(node, str) and node == STRINGS_MAP


def base_type(node: Any) -> str:
    """``string`` of ``string:time``; "any" for None."""
    if not isinstance(node, str):
        return "any"
    return node.split(":", 1)[0]


def hint(node: Any) -> str | None:
    """``time`` of ``string:time``; None without a hint."""
    if not isinstance(node, str) or ":" not in node:
        return None
    return node.split(":", 1)[1]


def with_hint(json_type: str, schema_hint: str | None) -> str:
    return f"{json_type}:{schema_hint}" if schema_hint else json_type


def schema_hint(schema: dict[str, Any]) -> str | None:
    """The hint a JSON schema gives a scalar: format, enum or const (module doc)."""
    if "const" in schema:
        return "const"
    enum = schema.get("enum")
    if isinstance(enum, list) and enum:
        values = [v for v in enum if v is not None]
        if len(values) == 1:
            return "const"
        if len(values) > 1:
            return "enum"
    if _always_default(schema):
        return "const"
    fmt = schema.get("format")
    if isinstance(fmt, str):
        fmt = fmt.lower()
        if fmt in ("date-time", "date", "datetime", "timestamp", "unix-time", "unixtime"):
            return "time"
        if fmt in ("uri", "url", "uri-reference", "iri"):
            return "uri"
        if fmt == "email":
            return "email"
    return None


# a description naming the one value the member holds: "always X", "the fixed string X"
_ALWAYS = r"\b(?:always|fixed string)\s+(?:be\s+)?[\"'`]?"


def _always_default(schema: dict[str, Any]) -> bool:
    """A string ``default`` the description names as the value the member always holds (a
    resource-type tag: ``kind: {default: "tasks#task", description: 'This is always
    "tasks#task".'}``): a constant, whatever the schema's enum says."""
    default, text = schema.get("default"), schema.get("description")
    if not isinstance(default, str) or not default or not isinstance(text, str):
        return False
    return re.search(_ALWAYS + re.escape(default), text, re.IGNORECASE) is not None


_TIME_VALUE = re.compile(r"\d{4}-\d\d-\d\d([T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?)?$")
_URI_VALUE = re.compile(r"(https?|ftp)://\S+$", re.IGNORECASE)
_EMAIL_VALUE = re.compile(r"[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$")


def value_hint(value: str) -> str | None:
    """The hint a string value gives: an ISO date(-time), a URL or an e-mail address."""
    if len(value) > 2048:
        return None
    if _TIME_VALUE.match(value):
        return "time"
    if _URI_VALUE.match(value):
        return "uri"
    if _EMAIL_VALUE.match(value):
        return "email"
    return None
