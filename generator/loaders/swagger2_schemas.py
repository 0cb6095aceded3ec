"""Swagger 2.0 schemas and simple parameters -> OpenAPI 3.0 schemas.

Schema Objects are nearly the same in both versions. What changes:
``#/definitions/X`` refs become ``#/components/schemas/X``; a ref to a definition that does
not exist becomes an empty schema (any value) with a warning instead of failing the whole
document; other local refs inside schemas (into ``#/parameters``...) are not schemas in 3.0
and become empty schemas with a warning; refs into other files are kept (the resolver reads
those files as they are). ``x-nullable: true`` becomes ``nullable: true``; ``type: file``
becomes ``type: string, format: binary``; a string ``discriminator`` becomes
``{propertyName: ...}``.

Non-body parameters carry their schema keywords inline (``type``, ``items``, ``enum``...)
and ``collectionFormat`` for arrays; :func:`collection_style` gives the 3.0 style/explode.
"""

from __future__ import annotations

from typing import Any

from ..diagnostics import pointer as make_pointer
from .document import Document, split_pointer
from .refs import is_ref
from .swagger2_document import Notes

# Keys whose values are maps of name -> schema, single schemas, or lists of schemas.
_SCHEMA_MAPS = ("properties", "patternProperties", "definitions")
_SCHEMA_ONE = ("items", "additionalProperties", "not")
_SCHEMA_LIST = ("allOf", "anyOf", "oneOf")
# Keywords a 2.0 non-body parameter (or its `items`) shares with a schema.
_PARAM_SCHEMA_KEYS = (
    "type",
    "format",
    "enum",
    "default",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "multipleOf",
)
# collectionFormat -> (style, explode) for query and form fields; tsv has no 3.0 style, the
# runtime knows "tabDelimited" for it. path/header arrays only have csv (style simple).
QUERY_FORMATS = {
    "csv": ("form", False),
    "ssv": ("spaceDelimited", False),
    "tsv": ("tabDelimited", False),
    "pipes": ("pipeDelimited", False),
    "multi": ("form", True),
}


def local_target(data: Any, fragment: str) -> tuple[bool, Any]:
    """(found, value) of a JSON pointer fragment (``/definitions/Pet``) in ``data``."""
    value = data
    for token in split_pointer(fragment):
        if isinstance(value, dict) and token in value:
            value = value[token]
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            return False, None
    return True, value


class SchemaConverter:
    """Converts schemas of one 2.0 document; problems go to ``notes`` (original pointers)."""

    def __init__(self, doc: Document, notes: Notes):
        self.doc = doc
        self.notes = notes

    def schema(self, node: Any, where: str) -> Any:
        """The 3.0 form of the schema ``node`` found at ``where`` in the original document."""
        if not isinstance(node, dict):
            return node
        if is_ref(node):
            return self._ref(node, where)
        out: dict[str, Any] = {}
        for key, value in node.items():
            here = f"{where}/{make_pointer(key)[1:]}"
            if key in _SCHEMA_MAPS and isinstance(value, dict):
                out[key] = {
                    name: self.schema(sub, f"{here}/{make_pointer(name)[1:]}")
                    for name, sub in value.items()
                }
            elif key in _SCHEMA_ONE and isinstance(value, dict):
                out[key] = self.schema(value, here)
            elif key == "items" and isinstance(value, list):  # tuple form: not in 3.0
                out[key] = self.schema(value[0], f"{here}/0") if value else {}
            elif key in _SCHEMA_LIST and isinstance(value, list):
                out[key] = [self.schema(sub, f"{here}/{i}") for i, sub in enumerate(value)]
            elif key == "x-nullable":
                if value is True:
                    out["nullable"] = True
            elif key == "discriminator" and isinstance(value, str):
                out[key] = {"propertyName": value}
            elif key == "type" and value == "file":
                out["type"], out["format"] = "string", "binary"
            else:
                out[key] = value
        return out

    def _ref(self, node: dict[str, Any], where: str) -> dict[str, Any]:
        ref: str = node["$ref"]
        siblings = {k: v for k, v in node.items() if k != "$ref"}
        extra = self.schema(siblings, where) if siblings else {}
        if not ref.startswith("#"):
            return {"$ref": ref, **extra}  # another file: read as it is by the resolver
        fragment = ref[1:]
        found, _ = local_target(self.doc.data, fragment)
        if fragment.startswith("/definitions/") and found:
            return {"$ref": "#/components/schemas/" + fragment[len("/definitions/") :], **extra}
        if fragment.startswith("/definitions/"):
            self.notes.warn(
                "SWAGGER2_REF_DANGLING",
                f"$ref {ref!r} points to no definition: treated as any value",
                where,
                "Add the missing definition or fix the reference.",
            )
        else:
            self.notes.warn(
                "SWAGGER2_REF_UNSUPPORTED",
                f"$ref {ref!r} in a schema must point into #/definitions: treated as any value",
                where,
                "Move the schema under `definitions` and reference it there.",
            )
        return extra


def param_schema(param: dict[str, Any], converter: SchemaConverter, where: str) -> dict[str, Any]:
    """The schema of a non-body 2.0 parameter (or of its ``items``), keywords kept as given."""
    out: dict[str, Any] = {k: param[k] for k in _PARAM_SCHEMA_KEYS if k in param}
    if out.get("type") == "file":
        out["type"], out["format"] = "string", "binary"
    if param.get("x-nullable") is True:
        out["nullable"] = True
    items = param.get("items")
    if isinstance(items, dict):
        if is_ref(items):
            out["items"] = converter.schema(items, f"{where}/items")
        else:
            out["items"] = param_schema(items, converter, f"{where}/items")
    elif out.get("type") == "array":
        out["items"] = {}
    return out


def collection_style(
    location: str, param: dict[str, Any], notes: Notes, where: str
) -> tuple[str | None, bool | None]:
    """(style, explode) for an array parameter's ``collectionFormat`` (csv when absent)."""
    if param.get("type") != "array":
        return None, None
    fmt = param.get("collectionFormat", "csv")
    fmt = fmt if isinstance(fmt, str) else repr(fmt)
    if location in ("query", "formData") and fmt in QUERY_FORMATS:
        return QUERY_FORMATS[fmt]
    if location in ("path", "header") and fmt == "csv":
        return "simple", False
    fallback = ("simple", False) if location in ("path", "header") else ("form", False)
    notes.warn(
        "SWAGGER2_COLLECTION_FORMAT_DEGRADED",
        f"{location} parameter {param.get('name')!r}: collectionFormat {fmt!r} is not "
        "supported here, sent comma-separated (csv)",
        f"{where}/collectionFormat",
        "Check the request against the API; override the argument in the overlay if needed.",
    )
    return fallback
