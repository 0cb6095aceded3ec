"""``$ref`` resolution: local pointers, other local files, chains, cycles, dangling refs.

A ref is resolved against the document that contains it: ``#/components/schemas/Pet`` in the
root, ``common.yaml#/Pet`` relative to the referring file's folder (which then has its own
local refs). Remote (``http(s)://``) refs are not fetched.

:meth:`RefResolver.check_all` walks every reachable document once, up front, and raises one
:class:`GenerationError` listing every dangling, remote or purely circular ref: a document
with a broken ref is broken, nothing is generated. The exceptions cost only the part the ref
stands for, so the rest of the description still gives a server: a ref to a member missing
from a loaded document (vendors publish such slips), to a file that is not there (reported as
pointing to nothing, naming the file) or to another server's document (never fetched:
generation stays offline and deterministic), written in

* a schema's place: read as any value, the ref removed from the document
  (``SCHEMA_REF_DANGLING``, ``SCHEMA_REF_REMOTE``);
* an example's (a member of an ``examples`` map): left out of its map
  (``EXAMPLE_REF_DANGLING``, ``EXAMPLE_REF_REMOTE``; an example only illustrates: Okta's
  management description names examples it never defines);
* a parameter's (a member of an operation's or a path item's ``parameters`` list): left out
  of the tool, as the Swagger 2.0 loader leaves such a parameter out (``PARAMETER_REF_DANGLING``,
  ``PARAMETER_REF_REMOTE``; a path parameter comes back as a required string);
* a response's (a member of an operation's ``responses`` or of ``components/responses``):
  read as a response that describes no content, as if its body were undeclared; an error
  response only ever explained a failure, and a success one is shaped as an undescribed
  answer is (``RESPONSE_REF_DANGLING``, ``RESPONSE_REF_REMOTE``; Miro's description refers
  to error responses it never defines);

each said once per target as a warning naming the ref, where it is written and how many other
places write it. A request body, a path item or a component written as such a ref stays an
error, and so does a ref to a file that cannot be parsed. After check_all passed, lookups
cannot fail.
Cycles through schemas are legal and handled by the consumers (schemas.py, response_shape.py)
with the ``name``/``key`` of each resolved target.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeGuard
from urllib.parse import quote, unquote, urlsplit

from ..diagnostics import Diagnostic, GenerationError, Severity, pointer as make_pointer
from .document import METHODS, Document, load_document, split_pointer

MAX_CHAIN = 64
# Keys whose values are literal data, not OpenAPI objects: refs are not looked for inside.
LITERAL_KEYS = frozenset({"example", "default", "enum", "const"})
# Maps whose keys are names chosen by the author (a property called "default", the "default"
# response): nothing is skipped directly inside them.
NAME_MAPS = frozenset(
    {
        "properties",
        "patternProperties",
        "$defs",
        "definitions",
        "paths",
        "webhooks",
        "responses",
        "schemas",
        "parameters",
        "requestBodies",
        "headers",
        "links",
        "callbacks",
        "pathItems",
        "securitySchemes",
        "content",
        "encoding",
        "variables",
    }
)


def is_ref(node: Any) -> TypeGuard[dict[str, Any]]:
    """A Reference Object: a mapping with a string ``$ref`` (a property named "$ref" is not)."""
    return isinstance(node, dict) and isinstance(node.get("$ref"), str)


class RefError(Exception):
    def __init__(self, code: str, message: str, hint: str | None = None):
        super().__init__(message)
        self.code, self.message, self.hint = code, message, hint


@dataclass(frozen=True)
class Resolved:
    """A value reached through zero or more refs: where it lives and what it is called."""

    value: Any
    doc: Document
    pointer: str
    name: str | None = None  # component name ("Pet") when reached through a ref
    key: str | None = (
        None  # unique id of the target ("<file>#<pointer>") when reached through a ref
    )


class RefResolver:
    def __init__(self, root: Document):
        self.root = root
        # Every document once, by resolved path, in the order it was first reached.
        self._docs: dict[Path, Document] = {root.path.resolve(): root}
        self._order: list[Document] = [root]
        # (folder of the referring file, file part of the ref) -> resolved path: each
        # distinct relative name is resolved once per folder, not once per ref.
        self._targets: dict[tuple[Path, str], Path] = {}
        self._lookups: dict[tuple[str, int], Resolved] = {}
        self._derefs: dict[tuple[int, int], tuple[Any, Resolved]] = {}
        # Name maps written as a ref (``properties: {$ref: ...}``), found by check_all:
        # (document, pointer of the map).
        self.map_refs: list[tuple[Document, str]] = []

    def rebase(self, root: Document) -> None:
        """Resolve against ``root`` from now on: a view of the same file (inline.py) whose
        refs were rewritten; the other documents stay loaded."""
        self._docs[root.path.resolve()] = root
        self._order[self._order.index(self.root)] = root
        self.root = root
        self._lookups.clear()
        self._derefs.clear()

    # -- documents -------------------------------------------------------------------------
    def _document(self, relative: str, base: Document) -> Document:
        if "\x00" in unquote(relative):
            raise RefError("REF_INVALID", f"$ref file name {relative!r} contains a NUL byte")
        folder = base.path.parent
        target = self._targets.get((folder, relative))
        if target is None:
            target = self._targets[(folder, relative)] = (folder / unquote(relative)).resolve()
        doc = self._docs.get(target)
        if doc is None:
            shown = str(Path(base.display).parent / unquote(relative))
            try:
                doc = load_document(target, display=shown)
            except GenerationError as exc:
                first = exc.diagnostics[0]
                where = f" (line {first.line})" if first.line else ""
                raise RefError(
                    (
                        "REF_FILE_INVALID"
                        if first.code != "DOCUMENT_NOT_FOUND"
                        else "REF_FILE_NOT_FOUND"
                    ),
                    f"referenced file {shown}: {first.message}{where}",
                    "Check the file name and that the file is valid JSON or YAML.",
                ) from None
            self._docs[target] = doc
            self._order.append(doc)
        return doc

    # -- one hop ---------------------------------------------------------------------------
    def lookup(self, ref: str, base: Document) -> Resolved:
        """Resolve one ``$ref`` string found in ``base`` (no chain following); cached."""
        cache_key = (ref, id(base))
        found = self._lookups.get(cache_key)
        if found is None:
            found = self._lookups[cache_key] = self._lookup(ref, base)
        return found

    def _lookup(self, ref: str, base: Document) -> Resolved:
        if not isinstance(ref, str):
            raise RefError("REF_INVALID", f"$ref must be a string, got {type(ref).__name__}")
        parts = urlsplit(ref)
        if parts.scheme or parts.netloc:
            raise RefError(
                "REF_REMOTE_UNSUPPORTED",
                f"remote $ref {ref!r} is not fetched",
                "Download the referenced file next to the spec and use a relative path.",
            )
        doc = self._document(parts.path, base) if parts.path else base
        fragment = unquote(parts.fragment)
        if fragment and not fragment.startswith("/"):
            raise RefError(
                "REF_INVALID", f"$ref {ref!r}: only JSON pointer fragments are supported"
            )
        value: Any = doc.data
        tokens = split_pointer(fragment)
        for depth, token in enumerate(tokens):
            if isinstance(value, dict) and token in value:
                value = value[token]
            elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
                value = value[int(token)]
            else:
                missing = make_pointer(*tokens[: depth + 1])
                raise RefError(
                    "REF_DANGLING",
                    f"$ref {ref!r} points to nothing: {doc.display} has no {missing}",
                    "Fix the reference or add the missing definition.",
                )
        name = tokens[-1] if tokens else doc.path.stem
        return Resolved(
            value, doc, make_pointer(*tokens), name, f"{doc.path}#{make_pointer(*tokens)}"
        )

    def deref(self, value: Any, doc: Document, pointer: str) -> Resolved:
        """Follow ``$ref`` chains to a concrete value. Sibling keys of a ref (``description``,
        3.1 schema keywords) are laid over the target. The first ref's name is kept.
        Cached per ref object (documents are not modified after loading)."""
        if not is_ref(value):
            return Resolved(value, doc, pointer)
        cache_key = (id(value), id(doc))
        cached = self._derefs.get(cache_key)
        if cached is not None and cached[0] is value:
            return cached[1]
        result = self._deref(value, doc, pointer)
        self._derefs[cache_key] = (value, result)
        return result

    def _deref(self, value: Any, doc: Document, pointer: str) -> Resolved:
        seen: list[str] = []
        shown: list[str] = []
        name = key = None
        siblings: dict[str, Any] = {}
        while is_ref(value):
            for k, v in value.items():
                if k != "$ref":
                    siblings.setdefault(k, v)
            target = self.lookup(value["$ref"], doc)
            shown.append(f"{target.doc.display}#{target.pointer}")
            if target.key in seen or len(seen) > MAX_CHAIN:
                raise RefError(
                    "REF_CYCLE",
                    f"$ref chain loops: {' -> '.join(shown)}",
                    "Make one of these refs point to a real schema.",
                )
            seen.append(str(target.key))
            if name is None:
                name, key = target.name, target.key
            value, doc, pointer = target.value, target.doc, target.pointer
        if siblings and isinstance(value, dict):
            value = {**value, **siblings}
        return Resolved(value, doc, pointer, name, key)

    # -- up-front check ----------------------------------------------------------------------
    def check_all(self) -> list[Diagnostic]:
        """Raise one GenerationError listing every ref that cannot be resolved, except those at
        a recoverable place (module doc) that point to nothing or to a URL: a schema's is read
        as any value (the ref is removed, its sibling keys such as ``description`` stay), an
        example is left out of its ``examples`` map, a parameter out of its list, a response
        keeps only its siblings (a response without content). Their warnings are returned, one
        per target."""
        dangling = self._walk_refs(errors_only=False)
        if not dangling:
            return []
        warnings: dict[tuple[str, str], Diagnostic] = {}  # by code and message: one per target
        places: dict[tuple[str, str], int] = {}
        dropped: list[tuple[list[Any], dict[str, Any]]] = []  # parameters left out
        for doc, where, exc in dangling:
            node = _node_at(doc.data, where)
            if node is None or "$ref" not in node:
                continue  # the same ref object reached twice
            tokens = split_pointer(where)
            place = _recoverable_place(tokens) or "SCHEMA"  # only such places are returned
            if place == "EXAMPLE":
                # an example to nothing shows nothing: it is left out of its map
                examples = _node_at(doc.data, make_pointer(*tokens[:-1]))
                if examples is not None:
                    examples.pop(tokens[-1], None)
                outcome = "that example is left out"
            elif place == "PARAMETER":
                # a parameter the tool cannot know: left out of its list (after this loop, so
                # the other pointers into the list stay right)
                siblings = _list_at(doc.data, make_pointer(*tokens[:-1]))
                if siblings is not None:
                    dropped.append((siblings, node))
                del node["$ref"]
                outcome = "that parameter is left out of the tool"
            elif place == "RESPONSE":
                # a response to nothing: one that describes no content (as if undeclared)
                del node["$ref"]
                node.setdefault("description", "")
                outcome = "that response is read as one without a described body"
            else:
                del node["$ref"]
                outcome = "that schema is read as any value"
            code = _RECOVERED[place, exc.code]
            key = (code, exc.message)
            places[key] = places.get(key, 0) + 1
            warnings.setdefault(
                key,
                doc.diagnostic(
                    Severity.WARNING, code, f"{exc.message}: {outcome}", where, exc.hint
                ),
            )
        for siblings, node in dropped:
            siblings[:] = [p for p in siblings if p is not node]
        self._lookups.clear()
        self._derefs.clear()
        self.map_refs.clear()
        self._walk_refs(errors_only=True)  # a chain through a removed ref resolves now
        return [
            (
                replace(w, message=f"{w.message} (here and at {places[k] - 1} other places)")
                if places[k] > 1
                else w
            )
            for k, w in warnings.items()
        ]

    def _walk_refs(self, *, errors_only: bool) -> list[tuple[Document, str, RefError]]:
        """Resolve every ref once; raise one GenerationError listing those that cannot be.
        Unless ``errors_only``, a schema's dangling ref is returned rather than raised."""
        problems: list[Diagnostic] = []
        dangling: list[tuple[Document, str, RefError]] = []
        # Documents are walked in the order they are first reached; a ref into a file not yet
        # loaded loads it (and appends it to ``_order``), so one pass over the growing list
        # walks each document exactly once: linear in the number of refs.
        walked = 0
        while walked < len(self._order):
            doc = self._order[walked]
            walked += 1
            for ref, where, whole_map in _collect_refs(doc.data):
                try:
                    self._deref({"$ref": ref}, doc, where)
                    if whole_map:
                        self.map_refs.append((doc, where))
                except RefError as exc:
                    tokens = split_pointer(where)
                    if not errors_only and _recoverable_place(tokens):
                        own = self._own_failure(ref, doc)
                        if own is not None:
                            dangling.append((doc, where, own))
                            continue
                    problems.append(
                        doc.diagnostic(Severity.ERROR, exc.code, exc.message, where, exc.hint)
                    )
        if problems and not dangling:
            raise GenerationError(problems)
        return dangling  # the other problems are raised by the second walk, if they remain

    def _own_failure(self, ref: str, doc: Document) -> RefError | None:
        """The REF_DANGLING, REF_FILE_NOT_FOUND or REF_REMOTE_UNSUPPORTED error of ``ref``
        itself (not of a ref further down its chain)."""
        try:
            self.lookup(ref, doc)
        except RefError as exc:
            return exc if exc.code in _RECOVERABLE else None
        return None


# Where a Schema Object stands: under these keys, as an element of these lists, as a member of
# these maps (JSON Schema's applicators and the OpenAPI objects that hold a schema).
SCHEMA_KEYS = frozenset(
    {
        "schema",
        "items",
        "additionalItems",
        "additionalProperties",
        "unevaluatedItems",
        "unevaluatedProperties",
        "not",
        "contains",
        "if",
        "then",
        "else",
        "propertyNames",
        "contentSchema",
    }
)
SCHEMA_LISTS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})
SCHEMA_MAPS = frozenset(
    {"schemas", "properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
)


def _schema_place(tokens: list[str]) -> bool:
    """Whether the object at ``tokens`` (a ref's place) is a Schema Object: a parameter,
    response or header written as a ref is not, whatever its name."""
    if len(tokens) < 2:
        return False
    parent, last = tokens[-2], tokens[-1]
    if parent in SCHEMA_MAPS:
        return True
    if parent in NAME_MAPS:
        return False  # a member of a map of parameters, responses, headers...
    return last in SCHEMA_KEYS or (parent in SCHEMA_LISTS and last.isdigit())


# What a ref at a recoverable place that cannot be resolved is reported as, by its place and
# the error it would otherwise be.
_RECOVERED = {
    ("SCHEMA", "REF_DANGLING"): "SCHEMA_REF_DANGLING",
    ("SCHEMA", "REF_REMOTE_UNSUPPORTED"): "SCHEMA_REF_REMOTE",
    ("EXAMPLE", "REF_DANGLING"): "EXAMPLE_REF_DANGLING",
    ("EXAMPLE", "REF_REMOTE_UNSUPPORTED"): "EXAMPLE_REF_REMOTE",
    ("PARAMETER", "REF_DANGLING"): "PARAMETER_REF_DANGLING",
    ("PARAMETER", "REF_REMOTE_UNSUPPORTED"): "PARAMETER_REF_REMOTE",
    ("RESPONSE", "REF_DANGLING"): "RESPONSE_REF_DANGLING",
    ("RESPONSE", "REF_REMOTE_UNSUPPORTED"): "RESPONSE_REF_REMOTE",
    # a file that is not there holds nothing: its ref points to nothing
    ("SCHEMA", "REF_FILE_NOT_FOUND"): "SCHEMA_REF_DANGLING",
    ("EXAMPLE", "REF_FILE_NOT_FOUND"): "EXAMPLE_REF_DANGLING",
    ("PARAMETER", "REF_FILE_NOT_FOUND"): "PARAMETER_REF_DANGLING",
    ("RESPONSE", "REF_FILE_NOT_FOUND"): "RESPONSE_REF_DANGLING",
}
_RECOVERABLE = frozenset(error for _, error in _RECOVERED)
# The keys an operation stands under in a path item (its responses map is one level down).
_OPERATION_KEYS = frozenset(METHODS)


def _recoverable_place(tokens: list[str]) -> str | None:
    """What the object at ``tokens`` (a ref's place) is, when a ref there that points to
    nothing or to another server's document costs only that part: "SCHEMA" (read as any
    value), "EXAMPLE" (left out) or "RESPONSE" (an operation's or a component response: read
    as a response describing no content) or "PARAMETER" (left out, as Swagger 2.0's loader
    leaves it out). A request body or a path item cannot be built without its target: None."""
    if _schema_place(tokens):
        return "SCHEMA"
    if _example_place(tokens):
        return "EXAMPLE"
    if _response_place(tokens):
        return "RESPONSE"
    if _parameter_place(tokens):
        return "PARAMETER"
    return None


def _parameter_place(tokens: list[str]) -> bool:
    """A member of an operation's or a path item's ``parameters`` list (a path parameter left
    out is added back as a required string: PATH_PARAM_UNDECLARED)."""
    if len(tokens) < 4 or tokens[-2] != "parameters" or not tokens[-1].isdigit():
        return False
    return tokens[-3] in _OPERATION_KEYS or tokens[-4] == "paths"


def _response_place(tokens: list[str]) -> bool:
    """A member of an operation's ``responses`` map, or of ``components/responses``."""
    if len(tokens) < 3 or tokens[-2] != "responses":
        return False
    return tokens[-3] in _OPERATION_KEYS or (len(tokens) == 3 and tokens[0] == "components")


def _example_place(tokens: list[str]) -> bool:
    """Whether the object at ``tokens`` is an Example Object: a member of an ``examples`` map
    (a media type's, a parameter's, ``components/examples``). It only illustrates, so a ref
    of one to nothing leaves that example out instead of stopping generation."""
    return len(tokens) >= 2 and tokens[-2] == "examples"


def _value_at(data: Any, where: str) -> Any:
    """What the JSON pointer ``where`` points to in ``data`` (None when nothing is there)."""
    node = data
    for token in split_pointer(where):
        if isinstance(node, dict):
            node = node.get(token)
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return None
    return node


def _list_at(data: Any, where: str) -> list[Any] | None:
    node = _value_at(data, where)
    return node if isinstance(node, list) else None


def _node_at(data: Any, where: str) -> dict[str, Any] | None:
    node = _value_at(data, where)
    return node if isinstance(node, dict) else None


def _collect_refs(data: Any) -> list[tuple[str, str, bool]]:
    """Every ``$ref`` (value, JSON pointer of the ref object, whether it stands for a whole
    name map) outside literal data and ``x-`` keys. A name map (``properties``...) holding a
    string ``$ref`` is a reference to the map: its values must be objects, so it cannot be a
    member called "$ref"."""
    found: list[tuple[str, str, bool]] = []
    path: list[str] = []

    def walk(node: Any, named_children: bool) -> None:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) or (ref is not None and not named_children):
                found.append((ref, make_pointer(*path), named_children))
            for key, value in node.items():
                if not isinstance(value, (dict, list)):
                    continue
                if not named_children:
                    if key in LITERAL_KEYS or key.startswith("x-"):
                        continue
                    if key == "examples":
                        _example_refs(value, path + [key], found)
                        continue
                path.append(key)
                walk(value, key in NAME_MAPS and not named_children)
                path.pop()
        elif isinstance(node, list):
            for index, value in enumerate(node):
                if isinstance(value, (dict, list)):
                    path.append(str(index))
                    walk(value, False)
                    path.pop()

    walk(data, False)
    return found


def _example_refs(examples: Any, path: list[str], found: list[tuple[str, str, bool]]) -> None:
    """``examples`` maps hold Example Objects (maybe refs) whose ``value`` is literal data."""
    if isinstance(examples, dict):
        for name, example in examples.items():
            if isinstance(example, dict) and isinstance(example.get("$ref"), str):
                found.append((example["$ref"], make_pointer(*path, name), False))


# -- moving parts between files ---------------------------------------------------------------
def rebased(ref: str, source: Document, target: Document) -> str:
    """``ref`` written in ``source``, as the same reference written in ``target``."""
    return _rebased(ref, source.path, target.path)


@functools.lru_cache(maxsize=1 << 16)
def _rebased(ref: str, source: Path, target: Path) -> str:
    parts = urlsplit(ref)
    if parts.scheme or parts.netloc:
        return ref  # remote: refused by check_all
    file = (source.parent / unquote(parts.path)).resolve() if parts.path else source.resolve()
    fragment = "#" + parts.fragment if parts.fragment or ref.endswith("#") else ""
    if file == target.resolve():
        return fragment or "#"
    relative = Path(os.path.relpath(file, target.resolve().parent)).as_posix()
    return quote(relative) + fragment


def relocate(node: Any, source: Document, target: Document) -> Any:
    """A copy of ``node`` (written in ``source``) whose refs resolve the same from ``target``;
    ``node`` itself when both are one document. Refs inside literal data and ``x-`` keys are
    data (as in check_all) and stay as written."""
    if source is target:
        return node
    return _relocated(node, source, target, False)


def _relocated(node: Any, source: Document, target: Document, named_children: bool) -> Any:
    if isinstance(node, list):
        return [_relocated(v, source, target, False) for v in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "$ref" and isinstance(value, str):
            out[key] = rebased(value, source, target)
        elif not named_children and (key in LITERAL_KEYS or key.startswith("x-")):
            out[key] = value
        elif not named_children and key == "examples" and isinstance(value, dict):
            out[key] = {
                name: (
                    {**example, "$ref": rebased(example["$ref"], source, target)}
                    if is_ref(example)
                    else example
                )
                for name, example in value.items()
            }
        else:
            out[key] = _relocated(value, source, target, key in NAME_MAPS and not named_children)
    return out
