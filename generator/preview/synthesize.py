"""An example response body for one operation: the spec's own example first, else one made up.

Order: the success response's media ``example``, its ``examples`` (the first, ``$ref``
followed), Swagger 2.0 response ``examples``, the schema's ``example``; else a body
synthesized from the response schema. An example written as a string that holds a JSON
object or array is parsed (the upstream sends the JSON, not a string). The success response
is chosen as the loaders choose it (``loaders/response_shape.py``): the first ``2xx`` with
JSON content, ``default`` only when there is no ``2xx``.

Synthesis is deterministic and realistic enough to show what shaping does: a property's own
``example`` wins; otherwise ``enum``/``const``, then the type and ``format`` (ISO timestamps
for ``date-time``, URLs for ``uri``, e-mail addresses, UUIDs), then the property name
(ids, names and titles, descriptions with some length, states, small counts). Arrays get
``LIST_ITEMS`` items at the top (fewer nested) with distinct values, so list shapes are
visible. ``allOf`` is merged, ``oneOf``/``anyOf`` take the first branch that is not null,
a schema nests in itself once and is then left out (recursion), and a value budget keeps huge
schemas bounded (optional properties are dropped first).

Operations without a document schema (GraphQL, or a schema that cannot be read) fall back to
the IR's field tree (``ResponseShape.field_tree``), which has names and types only.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..diagnostics import GenerationError
from ..ir.models import OperationSpec
from ..loaders.inline import inline_structure
from ..loaders.document import Document, is_swagger2, load_openapi_document, split_pointer
from ..loaders.refs import RefError, RefResolver, is_ref
from ..loaders.response_shape import is_json_media_type, media_rank

LIST_ITEMS = 3  # items in an array at the top of the body (nested arrays: NESTED_ITEMS)
NESTED_ITEMS = 2
MAX_DEPTH = 8  # nested objects/arrays below this are left out
VALUE_BUDGET = 1500  # values in one body; past it objects keep required properties only
_SUCCESS = re.compile(r"2(\d\d|XX)")
_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")

SPEC_EXAMPLE = "spec example"
SYNTHESIZED = "synthesized from the response schema"
FROM_TREE = "synthesized from the field tree (no schema in the document)"


@dataclass(frozen=True)
class Example:
    value: Any
    source: str  # "SPEC_EXAMPLE at <JSON pointer>" | SYNTHESIZED | FROM_TREE
    status: int = 200  # the success status the body is described under (201 for a create...)


@dataclass(frozen=True)
class NoBody:
    """An operation whose success answer has no JSON body: ``status`` when it declares an
    empty one (204 No Content, or a 2xx that describes no content), else None and why."""

    status: int | None
    reason: str


def words(name: str) -> list[str]:
    """``customerId`` / ``customer_id`` / ``CustomerID`` -> ["customer", "id"]."""
    return [w.lower() for w in _WORDS.findall(name)]


NO_BODY_CODES = frozenset({"204", "205"})  # success statuses HTTP gives no body


def success_codes(responses: dict[str, Any]) -> list[str]:
    """2xx codes in order (``2XX`` last); ``default`` only without any 2xx (as the loaders)."""
    codes = sorted(str(c) for c in responses if _SUCCESS.fullmatch(str(c)))
    if codes:
        return codes
    return ["default"] if "default" in responses else []


class ExampleFinder:
    """Examples for the operations of one description file (loaded once)."""

    def __init__(self, spec_path: str | Path | None):
        self.doc: Document | None = None
        self.original: Document | None = None  # Swagger 2.0: the file as written
        self.resolver: RefResolver | None = None
        if spec_path is None:
            return
        try:
            doc = load_openapi_document(spec_path, allow_swagger2=True)
        except Exception:  # GraphQL or unreadable: the field tree fallback serves
            return
        if is_swagger2(doc.data):
            from ..loaders.swagger2 import convert_swagger2

            self.original = doc = inline_structure(doc, RefResolver(doc), swagger2=True)
            doc, _ = convert_swagger2(doc)
        self.resolver = RefResolver(doc)
        try:  # refs anywhere (an operation in a file of its own), as the loader reads them
            self.resolver.check_all()
            doc = inline_structure(doc, self.resolver)
        except GenerationError:
            pass  # a broken ref: generation refuses the description anyway
        self.doc = doc

    def example(self, op: OperationSpec) -> Example | None:
        """The example response body of ``op`` (None: nothing describes a JSON body, or its
        first success status carries none: a 204 described with a schema answers no body, as
        HTTP says, and a client never reads one)."""
        if self._first_code(op) in NO_BODY_CODES:
            return None
        found = self._from_document(op)
        if found is not None and isinstance(found.value, str):
            # a JSON body written down as a string (common in Swagger 2.0 examples): the
            # upstream sends the JSON, not a string holding it
            try:
                parsed = json.loads(found.value)
            except ValueError:
                parsed = None
            if isinstance(parsed, (dict, list)):
                return Example(parsed, f"{found.source} (JSON text, parsed)", found.status)
        if found is not None:
            return found
        tree = op.response.field_tree
        if tree:
            return Example(_from_tree(tree, op.response.collection_path), FROM_TREE)
        return None

    def without_body(self, op: OperationSpec) -> NoBody:
        """For an operation without an example body: the status of its empty success answer
        (its first success response, in the loaders' order, describes no content at all, or is
        204 or 205, which carry none whatever they describe), else why nothing can be served."""
        responses = self._responses(op)
        if responses is None or self.doc is None:
            return NoBody(None, "no response description in the document")
        codes = success_codes(responses)
        if not codes:
            return NoBody(None, "no success response described")
        response, _ = self._deref(responses[codes[0]], self.doc)
        content = response.get("content") if isinstance(response, dict) else None
        if not content or codes[0] in NO_BODY_CODES:
            return NoBody(_status(codes[0]), "")
        media = sorted(str(m) for m in content) if isinstance(content, dict) else []
        if any(is_json_media_type(m) for m in media):
            return NoBody(None, "JSON success body without a schema or example")
        return NoBody(None, f"success body is not JSON ({', '.join(media) or 'unreadable'})")

    # -- the document ---------------------------------------------------------------------
    def _deref(self, node: Any, doc: Document) -> tuple[Any, Document]:
        assert self.resolver is not None
        try:
            found = self.resolver.deref(node, doc, "")
        except RefError:
            return None, doc
        return found.value, found.doc

    def _responses(self, op: OperationSpec) -> dict[str, Any] | None:
        """The ``responses`` of ``op`` in the document (``{}`` when it has none; None: no
        document, or ``op`` is not one of its paths' operations)."""
        if self.doc is None or not op.source_pointer.startswith("/paths/"):
            return None
        operation = _at(self.doc.data, op.source_pointer)
        found = operation.get("responses") if isinstance(operation, dict) else None
        return found if isinstance(found, dict) else {}

    def _first_code(self, op: OperationSpec) -> str | None:
        """The first success code the document gives ``op`` (None: no document or none)."""
        codes = success_codes(self._responses(op) or {})
        return codes[0] if codes else None

    def _from_document(self, op: OperationSpec) -> Example | None:
        responses = self._responses(op)
        if responses is None or self.doc is None:
            return None
        for code in success_codes(responses):
            response, doc = self._deref(responses[code], self.doc)
            if not isinstance(response, dict):
                continue
            where = f"{op.source_pointer}/responses/{_token(code)}"
            written = self._swagger2_example(op.source_pointer, code)
            content = response.get("content")
            if not isinstance(content, dict):
                if written is not None:
                    return Example(written, f"{SPEC_EXAMPLE} at {where}/examples", _status(code))
                continue
            json_types = sorted((m for m in content if is_json_media_type(m)), key=media_rank)
            if not json_types:
                continue
            media = content[json_types[0]]
            if not isinstance(media, dict):
                return None
            here = f"{where}/content/{_token(json_types[0])}"
            status = _status(code)
            if "example" in media:
                source = f"{SPEC_EXAMPLE} at {here}/example"
                return Example(copy.deepcopy(media["example"]), source, status)
            first = self._first_example(media.get("examples"), doc)
            if first is not None:
                source = f"{SPEC_EXAMPLE} at {here}/examples/{_token(first[0])}"
                return Example(first[1], source, status)
            if written is not None:
                return Example(written, f"{SPEC_EXAMPLE} at {where}/examples", status)
            schema, schema_doc = self._deref(media.get("schema"), doc)
            if not isinstance(schema, dict):
                return None
            if "example" in schema:
                source = f"{SPEC_EXAMPLE} at {here}/schema/example"
                return Example(copy.deepcopy(schema["example"]), source, status)
            value = Synthesizer(self).value(media.get("schema"), doc)
            return Example(value, SYNTHESIZED, status) if value is not None else None
        return None

    def _first_example(self, examples: Any, doc: Document) -> tuple[str, Any] | None:
        """(name, value) of the first named example that has a value."""
        if not isinstance(examples, dict):
            return None
        for name, entry in examples.items():
            value, _ = self._deref(entry, doc)
            if isinstance(value, dict) and "value" in value:
                return str(name), copy.deepcopy(value["value"])
        return None

    def _swagger2_example(self, pointer: str, code: str) -> Any:
        """Swagger 2.0 ``responses.<code>.examples.<mime>`` (the conversion leaves it out)."""
        if self.original is None:
            return None
        operation = _at(self.original.data, pointer)
        responses = operation.get("responses") if isinstance(operation, dict) else None
        response = None
        if isinstance(responses, dict):
            response = responses.get(code, responses.get(int(code)) if code.isdigit() else None)
        if is_ref(response) and response["$ref"].startswith("#/"):
            response = _at(self.original.data, response["$ref"][1:])
        examples = response.get("examples") if isinstance(response, dict) else None
        if not isinstance(examples, dict):
            return None
        for media in sorted((m for m in examples if is_json_media_type(m)), key=media_rank):
            return copy.deepcopy(examples[media])
        return None


def _status(code: str) -> int:
    """The status an upstream answers for a declared code (``2XX`` and ``default``: 200)."""
    return int(code) if code.isdigit() else 200


def _token(text: str) -> str:
    """One JSON pointer token (``application/json`` -> ``application~1json``)."""
    return str(text).replace("~", "~0").replace("/", "~1")


def _at(data: Any, pointer: str) -> Any:
    for token in split_pointer(pointer):
        if isinstance(data, dict) and token in data:
            data = data[token]
        elif isinstance(data, list) and token.isdigit() and int(token) < len(data):
            data = data[int(token)]
        else:
            return None
    return data


# ------------------------------------------------------------------------------ synthesis


class Synthesizer:
    """One body from one schema (a fresh instance per body: it counts the values made)."""

    def __init__(self, finder: ExampleFinder):
        self.finder = finder
        self.made = 0
        self.subject = ""

    def value(self, schema: Any, doc: Document) -> Any:
        self.subject = ""  # the component being built ("Pet"): names its unnamed labels
        return self._value(schema, doc, "", 0, 0, ())

    def _value(
        self, schema: Any, doc: Document, name: str, index: int, depth: int, stack: tuple[str, ...]
    ) -> Any:
        if is_ref(schema):
            assert self.finder.resolver is not None
            try:
                found = self.finder.resolver.deref(schema, doc, "")
            except RefError:
                return None
            if stack.count(str(found.key)) >= 2:
                return None  # recursion: a schema nests in itself once, then it is left out
            stack = stack + (str(found.key),)
            schema, doc = found.value, found.doc
            outer, self.subject = self.subject, found.name or self.subject
            try:
                return self._value(schema, doc, name, index, depth, stack)
            finally:
                self.subject = outer
        if not isinstance(schema, dict) or depth > MAX_DEPTH:
            return None
        self.made += 1
        if "example" in schema and not _is_container(schema):
            return copy.deepcopy(schema["example"])
        examples = schema.get("examples")  # 3.1: a list of examples
        if isinstance(examples, list) and examples and not _is_container(schema):
            return copy.deepcopy(examples[index % len(examples)])
        if "const" in schema:
            return copy.deepcopy(schema["const"])
        enum = [v for v in schema.get("enum") or [] if v is not None]
        if enum:
            return copy.deepcopy(enum[0])
        if isinstance(schema.get("allOf"), list):
            return self._all_of(schema, doc, name, index, depth, stack)
        for key in ("oneOf", "anyOf"):
            branches = schema.get(key)
            if isinstance(branches, list) and branches:
                for branch in branches:
                    resolved = self._resolved(branch, doc)
                    if isinstance(resolved, dict) and _types(resolved) == ["null"]:
                        continue
                    value = self._value(branch, doc, name, index, depth, stack)
                    if value is not None:
                        return value
        types = [t for t in _types(schema) if t != "null"]
        kind = types[0] if types else None
        if kind == "object" or (
            kind is None and ("properties" in schema or "additionalProperties" in schema)
        ):
            return self._object(schema, doc, index, depth, stack)
        if kind == "array" or (kind is None and "items" in schema):
            return self._array(schema, doc, name, depth, stack)
        if kind is None and "example" in schema:
            return copy.deepcopy(schema["example"])
        return scalar(kind or "string", schema.get("format"), name, index, schema, self.subject)

    def _resolved(self, node: Any, doc: Document) -> Any:
        if not is_ref(node):
            return node
        value, _ = self.finder._deref(node, doc)
        return value

    def _all_of(
        self,
        schema: dict[str, Any],
        doc: Document,
        name: str,
        index: int,
        depth: int,
        stack: tuple[str, ...],
    ) -> Any:
        merged: Any = None
        own = {k: v for k, v in schema.items() if k != "allOf"}
        parts = list(schema["allOf"]) + ([own] if own.get("properties") else [])
        for part in parts:
            value = self._value(part, doc, name, index, depth, stack)
            if isinstance(value, dict) and isinstance(merged, dict):
                merged = {**merged, **value}
            elif merged is None:
                merged = value
        return merged

    def _object(
        self, schema: dict[str, Any], doc: Document, index: int, depth: int, stack: tuple[str, ...]
    ) -> Any:
        if "example" in schema and isinstance(schema["example"], dict):
            return copy.deepcopy(schema["example"])
        props = schema.get("properties")
        out: dict[str, Any] = {}
        if isinstance(props, dict):
            required = (
                set(schema.get("required") or [])
                if isinstance(schema.get("required"), list)
                else set()
            )
            for prop, sub in props.items():
                if self.made > VALUE_BUDGET and prop not in required:
                    continue
                if self.made > 3 * VALUE_BUDGET:
                    break
                resolved = self._resolved(sub, doc)
                if isinstance(resolved, dict) and resolved.get("writeOnly") is True:
                    continue
                value = self._value(sub, doc, str(prop), index, depth + 1, stack)
                if value is not None:
                    out[str(prop)] = value
        extra = schema.get("additionalProperties")
        if not out and isinstance(extra, dict) and self.made <= VALUE_BUDGET:
            for n in range(2):
                value = self._value(extra, doc, "value", index + n, depth + 1, stack)
                if value is not None:
                    out[f"key{n + 1}"] = value
        return out

    def _array(
        self, schema: dict[str, Any], doc: Document, name: str, depth: int, stack: tuple[str, ...]
    ) -> Any:
        if "example" in schema and isinstance(schema["example"], list):
            return copy.deepcopy(schema["example"])
        items = schema.get("items")
        if items is None:
            return []
        count = LIST_ITEMS if depth <= 1 else NESTED_ITEMS
        if self.made > VALUE_BUDGET:
            count = 1
        minimum = schema.get("minItems")
        if isinstance(minimum, int) and minimum > count:
            count = min(minimum, LIST_ITEMS + 2)
        maximum = schema.get("maxItems")
        if isinstance(maximum, int) and 0 <= maximum < count:
            count = maximum
        out = []
        for i in range(count):
            value = self._value(items, doc, singular(name), i, depth + 1, stack)
            if value is None:
                break
            out.append(value)
        return out


def _is_container(schema: dict[str, Any]) -> bool:
    """Objects and arrays are built from their parts (their own ``example`` is used whole
    only when it has the right type, in ``_object``/``_array``)."""
    return bool({"object", "array"} & set(_types(schema))) or "properties" in schema


def _types(schema: dict[str, Any]) -> list[str]:
    raw = schema.get("type")
    if isinstance(raw, str):
        return [raw]
    if isinstance(raw, list):
        return [t for t in raw if isinstance(t, str)]
    return []


def singular(name: str) -> str:
    if name.endswith("ies") and len(name) > 4:
        return name[:-3] + "y"
    if name.endswith("s") and not name.endswith("ss") and len(name) > 3:
        return name[:-1]
    return name


_SENTENCE = (
    "This is an example text of realistic length, written to show how long strings are "
    "shaped. It goes on for a few sentences so that truncation and token counts behave as "
    "they would on real data returned by the API."
)
_LABEL_WORDS = {"name", "title", "label", "subject", "headline", "caption", "summary"}
_TEXT_WORDS = {
    "description",
    "body",
    "text",
    "content",
    "message",
    "comment",
    "note",
    "notes",
    "details",
    "bio",
}
_TIME_WORDS = {
    "at",
    "time",
    "timestamp",
    "date",
    "created",
    "updated",
    "modified",
    "deleted",
    "expires",
    "since",
    "until",
}


def scalar(
    kind: str,
    fmt: Any,
    name: str,
    index: int,
    schema: dict[str, Any] | None = None,
    subject: str = "",
) -> Any:
    """A deterministic, realistic value of one JSON type for a field called ``name`` (of an
    object called ``subject``, when known)."""
    schema = schema or {}
    w = words(name)
    last = w[-1] if w else ""
    n = index + 1
    if kind == "boolean":
        return index % 2 == 0
    if kind in ("integer", "number"):
        low = schema.get("minimum")
        high = schema.get("maximum")
        if last in ("id", "key") or name.lower() == "id":
            value: float = 1000 + n
        elif (
            last in ("count", "total", "size", "length", "quantity", "number", "num")
            or "count" in w
        ):
            value = 2 + index
        elif last == "year":
            value = 2024
        elif last in _TIME_WORDS or fmt in ("int64",) and last in ("at", "time", "timestamp"):
            value = 1714560000 + 3600 * index
        elif last in ("amount", "price", "cost", "balance", "total"):
            value = 1250 + 100 * index
        else:
            value = 7 + index
        if isinstance(low, (int, float)) and value < low:
            value = low
        if isinstance(high, (int, float)) and value > high:
            value = high
        if kind == "number" and last not in ("id", "count"):
            return float(value) + 0.5 if not isinstance(high, (int, float)) else float(value)
        return int(value)
    if kind != "string":
        return f"{name or 'value'} {n}"
    fmt = fmt if isinstance(fmt, str) else ""
    if fmt == "date-time" or (
        not fmt
        and (
            last in ("at", "timestamp") or name.lower().endswith(("time", "date_time", "datetime"))
        )
    ):
        return f"2024-05-{n:02d}T12:34:56Z"
    if fmt == "date" or (not fmt and last == "date"):
        return f"2024-05-{n:02d}"
    if fmt in ("uri", "url", "uri-reference", "iri") or last in ("url", "uri", "href", "link"):
        return f"https://example.com/{'/'.join(w) or 'item'}/{n}"
    if fmt == "email" or last in ("email", "mail"):
        return f"user{n}@example.com"
    if fmt == "uuid" or last in ("uuid", "guid"):
        digest = hashlib.sha1(f"{name}:{index}".encode()).digest()[:16]
        return str(uuid.UUID(bytes=digest))
    if fmt in ("ipv4",):
        return f"192.0.2.{n}"
    if fmt in ("ipv6",):
        return f"2001:db8::{n}"
    if fmt == "hostname":
        return f"host{n}.example.com"
    if fmt == "byte":
        return "ZXhhbXBsZQ=="
    if fmt == "password":
        return "********"
    if last in ("id", "key", "code", "ref", "sha", "token", "cursor") or name.lower() == "id":
        prefix = "".join(x[:3] for x in w[:-1]) or "id"
        return f"{prefix}_{hashlib.sha1(f'{name}:{index}'.encode()).hexdigest()[:10]}"
    if last in _TEXT_WORDS:
        return _SENTENCE
    if last in _LABEL_WORDS or last in ("login", "username", "handle", "slug"):
        if len(w) > 1:
            return f"{' '.join(x.capitalize() for x in w[:-1])} {last} {n}"
        return f"{' '.join(x.capitalize() for x in words(subject)) or 'Example'} {n}"
    if last in ("status", "state", "phase", "stage"):
        return "active"
    if last in ("type", "kind", "object", "category"):
        return " ".join(w[:-1]) or "item"
    if last in ("currency",):
        return "USD"
    if last in ("country",):
        return "US"
    if last in ("language", "lang", "locale"):
        return "en"
    if last in ("phone", "mobile", "fax"):
        return f"+1-555-010{index % 10}"
    if last == "version":
        return f"1.{index}.0"
    if last in _TIME_WORDS:
        return f"2024-05-{n:02d}T12:34:56Z"
    max_length = schema.get("maxLength")
    text = f"{name or 'value'} {n}" if name else f"value {n}"
    if isinstance(max_length, int) and len(text) > max_length:
        text = text[: max(max_length, 1)]
    return text


def _from_tree(tree: Any, collection: str | None) -> Any:
    """A body from a field tree (names and types only), shaped as the collection says."""

    def build(node: Any, name: str, index: int, depth: int) -> Any:
        if isinstance(node, dict):
            return (
                {k: build(v, k, index, depth + 1) for k, v in node.items()}
                if depth < MAX_DEPTH
                else {}
            )
        if isinstance(node, list):
            count = LIST_ITEMS if depth <= 1 else NESTED_ITEMS
            return [build(node[0], singular(name), i, depth + 1) for i in range(count)]
        kind = node if node in ("string", "integer", "number", "boolean") else "string"
        return scalar(kind, None, name, index)

    if collection is None:
        return build(tree, "", 0, 0)
    items = [build(tree, "", i, 1) for i in range(LIST_ITEMS)]
    if collection == "":
        return items
    body: Any = items
    for key in reversed(collection.split(".")):
        body = {key: body}
    return body
