"""Compact JSON schemas for the tool surface (tool arguments), refs inlined with bounds.

What a model needs to call a tool is kept: ``type`` (3.0 ``nullable`` becomes a 3.1 type list),
``format``, ``enum``/``const``, ``default``, numeric and length bounds, ``pattern`` (only when
Python's ``re`` compiles it, since the runtime validates with jsonschema), ``items``,
``properties``/``required``, ``additionalProperties`` and the combinators, and descriptions
cut to ~160 characters. Dropped: ``example(s)``, ``xml``, ``externalDocs``, ``title``,
``deprecated``, ``discriminator``, ``x-*`` and every other keyword; ``readOnly`` properties
(these are inputs). ``allOf`` of plain objects is merged into one object.

A ``type`` that is not a JSON Schema type is read as meant where that is plain (``int``,
``String``, ``float``, ``file``: ``TYPE_SLIPS``) and dropped otherwise, with an INFO.
Self-contradictory ``type`` + ``enum`` pairs (``type: integer`` with ``enum: ['0', '1']``: no
value validates, every call fails) are repaired: the enum values are converted to the declared
type when every one of them parses as it, otherwise the type is dropped and the enum kept; an
INFO diagnostic names the schema's pointer (:mod:`.enums`).

Refs are inlined; a ref already being expanded higher up becomes the stub
``{"type": "object", "description": "(recursive: Name)"}``, and below ``max_depth`` nested
levels objects/arrays are cut to ``{"type": "object"}``/``{"type": "array"}`` so that a big API
cannot blow up its tool list.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..diagnostics import Diagnostic, Severity, pointer as make_pointer
from .document import Document
from .enums import repair_default, repair_enum
from .refs import RefResolver, is_ref
from .text import shorten

MAX_DEPTH = 6
_COPY = (
    "format",
    "const",
    "minimum",
    "maximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
)
_JSON_SCALARS = (str, int, float, bool, type(None))
JSON_TYPES = frozenset({"string", "number", "integer", "boolean", "array", "object", "null"})
# Type names that are not JSON Schema's but say what their authors meant: (type, format).
TYPE_SLIPS: dict[str, tuple[str | None, str | None]] = {
    **{t: (t, None) for t in JSON_TYPES},  # String, INTEGER, " number"
    **{t: ("integer", None) for t in ("int", "int32", "int64", "long", "short", "uint")},
    **{t: ("number", None) for t in ("float", "double", "decimal", "num", "numeric", "real")},
    "bool": ("boolean", None),
    **{t: ("string", None) for t in ("str", "text", "char", "varchar")},
    **{t: ("string", t) for t in ("date", "date-time", "time", "uuid", "email", "uri", "byte")},
    "datetime": ("string", "date-time"),
    "url": ("string", "uri"),
    "file": ("string", "binary"),
    "binary": ("string", "binary"),
    **{t: ("object", None) for t in ("dict", "map", "hash", "hashmap", "dictionary")},
    **{t: ("array", None) for t in ("list", "set")},
}
_MERGEABLE = frozenset({"type", "properties", "required", "description", "additionalProperties"})


def recursive_stub(name: str | None) -> dict[str, Any]:
    return {"type": "object", "description": f"(recursive: {name or 'schema'})"}


def _is_json(value: Any) -> bool:
    if isinstance(value, _JSON_SCALARS):
        return not isinstance(value, float) or value == value
    if isinstance(value, list):
        return all(_is_json(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_json(v) for k, v in value.items())
    return False


def _pattern_ok(pattern: Any) -> bool:
    if not isinstance(pattern, str):
        return False
    try:
        re.compile(pattern)
    except re.error:
        return False
    return True


def is_object_schema(schema: dict[str, Any]) -> bool:
    """A compacted schema that describes one JSON object with named properties."""
    types = schema.get("type")
    if any(k in schema for k in ("anyOf", "oneOf", "allOf")):
        return False
    if types is None:
        return "properties" in schema
    return types == "object"


class SchemaCompactor:
    """Turns raw (ref-laden) schemas into compact self-contained input schemas."""

    def __init__(self, resolver: RefResolver, *, max_depth: int = MAX_DEPTH):
        self.resolver = resolver
        self.max_depth = max_depth
        self.diagnostics: list[Diagnostic] = []  # repairs, once per schema location
        self._repaired: set[tuple[str, str]] = set()

    def compact(self, node: Any, doc: Document, where: str = "") -> dict[str, Any]:
        """``where``: the pointer of ``node`` in ``doc`` (for diagnostics)."""
        return self._compact(node, doc, 0, (), where)

    def resolve(self, node: Any, doc: Document) -> tuple[Any, Document, str | None]:
        """The schema behind ``node`` (following refs), its document and component name."""
        if is_ref(node):
            target = self.resolver.deref(node, doc, "")
            return target.value, target.doc, target.name
        return node, doc, None

    def _compact(
        self, node: Any, doc: Document, depth: int, stack: tuple[str, ...], where: str
    ) -> dict[str, Any]:
        if is_ref(node):
            target = self.resolver.deref(node, doc, "")
            if target.key in stack:
                return recursive_stub(target.name)
            return self._compact(
                target.value, target.doc, depth, stack + (str(target.key),), target.pointer
            )
        if node is True or not isinstance(node, dict):
            return {} if node is not False else {"not": {}}
        out: dict[str, Any] = {}
        nullable = node.get("nullable") is True
        types = self._types(node.get("type"), nullable, doc, where, out)
        if types:
            out["type"] = types[0] if len(types) == 1 else types
        description = shorten(node.get("description"))
        if description:
            out["description"] = description
        for key in _COPY:
            value = node.get(key)
            if value is not None and isinstance(value, _JSON_SCALARS):
                out[key] = value
        self._bounds(node, out)
        if _pattern_ok(node.get("pattern")):
            out["pattern"] = node["pattern"]
        enum = node.get("enum")
        if isinstance(enum, list) and _is_json(enum):
            out["enum"] = enum + [None] if nullable and None not in enum else list(enum)
        if "default" in node and _is_json(node["default"]):
            out["default"] = node["default"]
        composite = any(
            k in node
            for k in ("properties", "items", "additionalProperties", "allOf", "anyOf", "oneOf")
        )
        if composite and depth >= self.max_depth:
            out.setdefault("type", "array" if "items" in node else "object")
            if "enum" in out:
                self._repair(out, doc, where)
            return out
        self._children(node, doc, depth, stack, out, where)
        if "enum" in out and "type" in out:
            self._repair(out, doc, where)
        if (
            nullable
            and not types
            and any(k in out for k in ("allOf", "anyOf", "oneOf", "properties"))
        ):
            return {"anyOf": [out, {"type": "null"}]}
        return out

    def _types(
        self, raw: Any, nullable: bool, doc: Document, where: str, out: dict[str, Any]
    ) -> list[str]:
        """The JSON Schema types of ``raw``; a name that is none is read as meant (``int``,
        ``String``, ``file``: see TYPE_SLIPS) or dropped (any value), with an INFO."""
        if isinstance(raw, str):
            written = [raw]
        elif isinstance(raw, list):
            written = [t for t in raw if isinstance(t, str)]
        else:
            written = []
        types: list[str] = []
        for name in written:
            read, fmt = (
                (name, None)
                if name in JSON_TYPES
                else TYPE_SLIPS.get(name.strip().lower(), (None, None))
            )
            if read != name:
                self._report_type(name, read, doc, where)
            if fmt and "format" not in out:
                out["format"] = fmt
            if read and read not in types:
                types.append(read)
        if types and nullable and "null" not in types:
            types.append("null")
        return types

    def _report_type(self, name: str, read: str | None, doc: Document, where: str) -> None:
        if (doc.display, where) in self._repaired:
            return
        self._repaired.add((doc.display, where))
        what = f"read as {read!r}" if read else "left out (any value is accepted)"
        self.diagnostics.append(
            doc.diagnostic(
                Severity.INFO,
                "SCHEMA_TYPE_READ",
                f"type {name!r} is not a JSON Schema type: {what}",
                f"{where}/type",
                "Use one of string, number, integer, boolean, array, object, null.",
            )
        )

    @staticmethod
    def _bounds(node: dict[str, Any], out: dict[str, Any]) -> None:
        """3.0 boolean ``exclusiveMinimum``/``exclusiveMaximum`` become 3.1 numbers."""
        for flag, bound in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
            value = node.get(flag)
            if value is True and isinstance(out.get(bound), (int, float)):
                out[flag] = out.pop(bound)
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                out[flag] = value

    def _children(
        self,
        node: dict[str, Any],
        doc: Document,
        depth: int,
        stack: tuple[str, ...],
        out: dict[str, Any],
        where: str,
    ) -> None:
        props = node.get("properties")
        if isinstance(props, dict):
            kept: dict[str, Any] = {}
            for name, prop in props.items():
                raw, _, _ = self.resolve(prop, doc)
                if isinstance(raw, dict) and raw.get("readOnly") is True:
                    continue
                at = where + make_pointer("properties", name)
                kept[name] = self._compact(prop, doc, depth + 1, stack, at)
            out["properties"] = kept
            required = node.get("required")
            if isinstance(required, list):
                names = [r for r in required if isinstance(r, str) and r in kept]
                if names:
                    out["required"] = names
        if "items" in node:
            out["items"] = self._compact(node["items"], doc, depth + 1, stack, f"{where}/items")
        extra = node.get("additionalProperties")
        if isinstance(extra, bool):
            out["additionalProperties"] = extra
        elif isinstance(extra, dict):
            at = f"{where}/additionalProperties"
            out["additionalProperties"] = self._compact(extra, doc, depth + 1, stack, at)
        for key in ("anyOf", "oneOf"):
            parts = node.get(key)
            if isinstance(parts, list) and parts:
                compacted = _distinct(
                    [
                        self._compact(p, doc, depth + 1, stack, f"{where}/{key}/{i}")
                        for i, p in enumerate(parts)
                    ]
                )  # the same branch twice (two $refs to one definition) is one branch
                if len(compacted) == 1:
                    _lay_under(out, compacted[0])
                else:
                    out[key] = compacted
        parts = node.get("allOf")
        if isinstance(parts, list) and parts:
            compacted = [
                self._compact(p, doc, depth + 1, stack, f"{where}/allOf/{i}")
                for i, p in enumerate(parts)
            ]
            merged = merge_all_of(compacted)
            if merged is None:
                out["allOf"] = compacted
            else:
                _lay_under(out, merged)

    def _repair(self, out: dict[str, Any], doc: Document, where: str) -> None:
        """Make ``type`` and ``enum`` agree, and ``default`` one of the enum's values (see the
        module docstring), each reported once."""
        what = repair_enum(out)
        default = repair_default(out)
        if default is not None and (doc.display, f"{where} default") not in self._repaired:
            self._repaired.add((doc.display, f"{where} default"))
            self.diagnostics.append(
                doc.diagnostic(
                    Severity.INFO,
                    "ENUM_DEFAULT_REPAIRED",
                    default,
                    where,
                    "Make the default one of the enum values.",
                )
            )
        if what is None or (doc.display, where) in self._repaired:
            return
        self._repaired.add((doc.display, where))
        self.diagnostics.append(
            doc.diagnostic(
                Severity.INFO,
                "ENUM_TYPE_REPAIRED",
                what,
                where,
                (
                    "Put the enum under `items`."
                    if what.startswith("`type: array`")
                    else "Make the enum values match the declared type (quote or unquote them)."
                ),
            )
        )


def _distinct(branches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The branches, each once (in the order given): a ``oneOf`` listing one schema twice
    accepts nothing under strict validation (a value matches two branches)."""
    seen: set[str] = set()
    kept = []
    for branch in branches:
        key = json.dumps(branch, sort_keys=True, default=str)
        if key not in seen:
            seen.add(key)
            kept.append(branch)
    return kept


def _lay_under(out: dict[str, Any], base: dict[str, Any]) -> None:
    """Copy ``base``'s keys into ``out`` where ``out`` has none (the outer node wins)."""
    for key, value in base.items():
        if key == "properties" and isinstance(out.get("properties"), dict):
            out["properties"] = {**value, **out["properties"]}
        elif key == "required" and isinstance(out.get("required"), list):
            out["required"] = out["required"] + [r for r in value if r not in out["required"]]
        else:
            out.setdefault(key, value)


def merge_all_of(parts: list[dict[str, Any]]) -> dict[str, Any] | None:
    """One object schema from ``allOf`` parts that are plain objects; None if they are not."""
    if len(parts) == 1:
        return dict(parts[0])
    merged: dict[str, Any] = {"type": "object", "properties": {}}
    required: list[str] = []
    extras = set()
    for part in parts:
        if set(part) - _MERGEABLE or part.get("type", "object") != "object":
            return None
        merged["properties"].update(part.get("properties", {}))
        required += [r for r in part.get("required", []) if r not in required]
        extras.add(repr(part.get("additionalProperties")))
        if "description" in part:
            merged.setdefault("description", part["description"])
    if required:
        merged["required"] = required
    if len(extras) == 1 and "additionalProperties" in parts[0]:
        merged["additionalProperties"] = parts[0]["additionalProperties"]
    return merged
