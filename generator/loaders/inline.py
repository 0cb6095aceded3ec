"""References anywhere: a view of the root document with every structural ``$ref`` replaced by
what it points at.

OpenAPI lists Reference Objects in some places only (a parameter, a response, a schema...), but
vendors write them wherever they stand and every bundler resolves them: DigitalOcean writes each
operation as ``get: {$ref: "resources/account/account_get.yml"}``, others a whole ``responses``
map, a ``content`` map or a tag's ``description``. Once :meth:`RefResolver.check_all` has shown
that every ref resolves, :func:`inline_structure` walks the OpenAPI structure (paths -> path
items -> operations -> parameters, request bodies, responses -> headers, content -> media types
-> examples, encodings; the components that hold those; the texts of ``info`` and ``tags``) and
replaces a ref at any of these places by its target, sibling keys laid over it:

* schemas stay references: cycles and component names are their consumers' business
  (schemas.py, response_shape.py); so do callbacks and links, which tools ignore;
* a part taken from another file is copied with the refs inside it rewritten relative to the
  root file (``../models/account.yml`` written in ``resources/account/responses/account.yml``
  becomes ``resources/account/models/account.yml``, ``#/x`` becomes ``<that file>#/x``), so
  every consumer resolves it against the root document as before;
* an example written as a ref (``example: {$ref: ...}``, an Example's ``value``) is read when the
  ref resolves and left as written when it does not: it is literal data.

A Swagger 2.0 description is inlined the same way before its conversion to 3.0 (its own
structure: parameters that hold bodies and form fields, responses that hold their schema, the
document's ``parameters`` and ``responses``), so a path item, an operation or a parameter in
another file reaches the converter whole.

The view (:class:`InlinedDocument`) remembers where each part taken from another file is written:
a diagnostic at a pointer inside it names that file, its pointer there and its line, like a
diagnostic about any other part. Parts of the root document itself keep their pointer of use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..diagnostics import Diagnostic, Severity, escape_pointer_token
from .document import METHODS, Document, split_pointer
from .refs import LITERAL_KEYS, RefError, RefResolver, is_ref, relocate

# What each kind of object holds, by key: another kind, "map:<kind>" (names -> kind),
# "list:<kind>", "schema" (kept as written), "literal" (data; a ref is read if it resolves) or
# "text" (a string; a ref to a string is read). Keys not listed are kept as written.
_PARAMETER = {
    "description": "text",
    "schema": "schema",
    "content": "map:media",
    "example": "literal",
    "examples": "map:example",
}
_FIELDS: dict[str, dict[str, str]] = {
    "root": {
        "info": "info",
        "tags": "list:tag",
        "paths": "map:path",
        "components": "components",
    },
    "info": {"title": "text", "summary": "text", "description": "text"},
    "tag": {"description": "text"},
    "components": {
        "parameters": "map:parameter",
        "requestBodies": "map:body",
        "responses": "map:response",
        "headers": "map:header",
        "examples": "map:example",
        "securitySchemes": "map:scheme",
        "pathItems": "map:path",
    },
    "path": {
        "summary": "text",
        "description": "text",
        "parameters": "list:parameter",
        **{method: "operation" for method in METHODS},
    },
    "operation": {
        "summary": "text",
        "description": "text",
        "parameters": "list:parameter",
        "requestBody": "body",
        "responses": "map:response",
    },
    "parameter": _PARAMETER,
    "header": _PARAMETER,
    "body": {"description": "text", "content": "map:media"},
    "response": {"description": "text", "headers": "map:header", "content": "map:media"},
    "media": {
        "schema": "schema",
        "example": "literal",
        "examples": "map:example",
        "encoding": "map:encoding",
    },
    "encoding": {"headers": "map:header"},
    "example": {"summary": "text", "description": "text", "value": "literal"},
    "scheme": {"description": "text"},
}
# Swagger 2.0: bodies and form fields are parameters, a response holds its schema itself, and
# the document's own ``parameters`` and ``responses`` are what local refs point at.
_PARAMETER2 = {"description": "text", "schema": "schema", "items": "schema"}
_FIELDS.update(
    {
        "root2": {
            "info": "info",
            "tags": "list:tag",
            "paths": "map:path2",
            "parameters": "map:parameter2",
            "responses": "map:response2",
        },
        "path2": {
            "parameters": "list:parameter2",
            **{method: "operation2" for method in METHODS if method not in ("trace", "query")},
        },
        "operation2": {
            "summary": "text",
            "description": "text",
            "parameters": "list:parameter2",
            "responses": "map:response2",
        },
        "parameter2": _PARAMETER2,
        "header2": {"description": "text", "items": "schema"},
        "response2": {"description": "text", "schema": "schema", "headers": "map:header2"},
    }
)
# Maps whose ``x-`` keys are extensions rather than names (a header may be called x-rate-limit).
_EXTENSIBLE_MAPS = frozenset({"path", "response", "path2", "response2"})
MAX_NESTING = 32  # structural refs inside structural refs: far more than any real layout


@dataclass(eq=False)
class InlinedDocument(Document):
    """The root document with its structural refs inlined (``data``); everything else (path,
    text, lines, Swagger 2.0 pointer mapping) is the ``base`` document's. ``origins`` maps the
    pointer where a part from another file was inlined to that file and the part's pointer."""

    base: Document | None = field(default=None, repr=False)
    origins: dict[str, tuple[Document, str]] = field(default_factory=dict, repr=False)

    def origin(self, pointer: str) -> tuple[Document, str]:
        """The document and pointer where what sits at ``pointer`` of the view is written."""
        assert self.base is not None
        if self.origins:
            tokens = pointer.split("/")
            for n in range(len(tokens), 0, -1):
                prefix = "/".join(tokens[:n])
                found = self.origins.get(prefix)
                if found is not None:
                    return found[0], found[1] + pointer[len(prefix) :]
        return self.base, pointer

    def diagnostic(
        self, severity: Severity, code: str, message: str, where: str, hint: str | None = None
    ) -> Diagnostic:
        doc, at = self.origin(where)
        return doc.diagnostic(severity, code, message, at, hint)

    def line_of(self, pointer: str) -> int | None:
        doc, at = self.origin(pointer)
        return doc.line_of(at)

    def __repr__(self) -> str:
        return f"InlinedDocument({self.display!r})"


def inline_structure(
    root: Document, resolver: RefResolver, *, swagger2: bool = False
) -> InlinedDocument:
    """The view of ``root`` with every structural ref inlined; ``resolver`` (whose root is
    ``root`` and whose ``check_all`` passed) then resolves against the view. ``swagger2``: the
    Swagger 2.0 structure, before its conversion (swagger2.py), where a ref that does not
    resolve stays for the converter to report, as 2.0 descriptions are read leniently."""
    splice_map_refs(resolver)
    walker = _Walker(root, resolver)
    data = walker.node(root.data, "root2" if swagger2 else "root", "", root, 0)
    view = InlinedDocument(
        path=root.path,
        display=root.display,
        text=root.text,
        kind=root.kind,
        data=data,
        base=root,
        origins=walker.origins,
    )
    resolver.rebase(view)
    return view


class _Walker:
    def __init__(self, root: Document, resolver: RefResolver):
        self.root = root
        self.resolver = resolver
        self.origins: dict[str, tuple[Document, str]] = {}

    def node(self, value: Any, kind: str, where: str, doc: Document, depth: int) -> Any:
        """``value`` (written in ``doc``) as a ``kind``, its refs inlined; ``where``: its
        pointer in the view."""
        if kind == "schema":
            return self.relocated(value, doc)
        if kind == "literal":
            return self._literal(value, doc)
        if is_ref(value):
            if depth >= MAX_NESTING:
                return self.relocated(value, doc)
            try:
                target = self.resolver.deref(value, doc, where)
            except RefError:  # check_all reported it already; a text or example may stay so
                return self.relocated(value, doc)
            if target.doc is not self.root or doc is not self.root:
                self.origins[where] = (target.doc, target.pointer)
            value, doc, depth = target.value, target.doc, depth + 1
        if kind == "text":
            return value if isinstance(value, str) else self.relocated(value, doc)
        if kind.startswith(("map:", "list:")):
            return self._container(value, kind, where, doc, depth)
        if not isinstance(value, dict):
            return self.relocated(value, doc)
        fields = _FIELDS[kind]
        out: dict[str, Any] = {}
        for key, child in value.items():
            sub = fields.get(key)
            if sub is None or key.startswith("x-"):
                out[key] = self.relocated(child, doc, key)
            else:
                out[key] = self.node(child, sub, f"{where}/{escape_pointer_token(key)}", doc, depth)
        return out

    def _container(self, value: Any, kind: str, where: str, doc: Document, depth: int) -> Any:
        shape, _, item = kind.partition(":")
        if shape == "list":
            if not isinstance(value, list):
                return self.relocated(value, doc)
            return [self.node(v, item, f"{where}/{i}", doc, depth) for i, v in enumerate(value)]
        if not isinstance(value, dict):
            return self.relocated(value, doc)
        out: dict[str, Any] = {}
        for key, child in value.items():
            if item in _EXTENSIBLE_MAPS and key.startswith("x-"):
                out[key] = self.relocated(child, doc, key)
            else:
                out[key] = self.node(
                    child, item, f"{where}/{escape_pointer_token(key)}", doc, depth
                )
        return out

    def _literal(self, value: Any, doc: Document) -> Any:
        """Example data: a bare ``{$ref}`` that resolves is read; anything else (and a ref that
        does not resolve) is data as written."""
        if not (is_ref(value) and len(value) == 1):
            return value
        try:
            target = self.resolver.deref(value, doc, "")
        except RefError:
            return value
        return target.value

    def relocated(self, value: Any, doc: Document, key: str = "") -> Any:
        """``value`` as written in ``doc``, its refs rewritten to resolve from the root
        document (the value itself when ``doc`` is the root or ``key`` holds data)."""
        if key in LITERAL_KEYS or key.startswith("x-"):
            return value
        return relocate(value, doc, self.root)


def splice_map_refs(resolver: RefResolver) -> None:
    """Replace each name map written as a ref (``properties: {$ref: attributes.yml#/ids}``,
    found by check_all) by the map it points at, in the document that holds it, so schema
    readers see an ordinary map. The one change made to loaded documents, before any is read."""
    for doc, where in resolver.map_refs:
        tokens = split_pointer(where)
        parent = doc.data
        for token in tokens[:-1]:
            parent = parent[int(token)] if isinstance(parent, list) else parent[token]
        key: Any = int(tokens[-1]) if isinstance(parent, list) else tokens[-1]
        target = resolver.deref(parent[key], doc, where)
        parent[key] = relocate(target.value, target.doc, doc)
    resolver.map_refs.clear()
