"""Reading one JSON or YAML file into plain Python data, fast, with lines found lazily.

The fast path is ``json.loads`` or PyYAML's libyaml-backed ``CSafeLoader``. Positions are
only computed when a diagnostic asks for a line (:meth:`Document.line_of`, see lines.py),
and cached per document.

YAML keys are kept as written (``200:`` is "200", ``no:`` is "no", not an int or a bool), and
timestamps stay strings (``version: 2023-09-12``), so every document is JSON-shaped.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml

from ..diagnostics import Diagnostic, GenerationError, Severity
from . import lines

SUPPORTED_VERSIONS = ("3.0", "3.1", "3.2")
# The operations a path item holds, by key; ``query`` is OpenAPI 3.2's QUERY method (a safe
# read that carries a body). ``additionalOperations`` (3.2's other methods) are not read.
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace", "query")


class _SpecLoader(yaml.CSafeLoader):
    """libyaml parser; mappings get string keys and timestamps stay strings."""


def _construct_map(loader: _SpecLoader, node: yaml.MappingNode) -> Any:
    """Mappings keyed by the text of their scalar keys: ``200:`` -> "200", ``no:`` -> "no"
    (not False), ``2023-09-12:`` -> "2023-09-12". Merge keys (``<<``) still work."""
    data: dict[str, Any] = {}
    yield data
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        if isinstance(key_node, yaml.ScalarNode):
            key = key_node.value
        else:
            key = str(loader.construct_object(key_node, deep=True))  # complex keys: rare
        data[key] = loader.construct_object(value_node)


def _construct_str(loader: _SpecLoader, node: yaml.ScalarNode) -> str:
    return str(loader.construct_scalar(node))


_SpecLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)
_SpecLoader.add_constructor("tag:yaml.org,2002:timestamp", _construct_str)
# YAML 1.1 resolves a plain ``=`` to its "value" key type, which no safe loader builds; YAML 1.2
# and JSON read it as the string "=" (an operator in an enum).
_SpecLoader.add_constructor("tag:yaml.org,2002:value", _construct_str)
# YAML 1.1 wants a dot in a float, so ``minimum: 1e-08`` is the string "1e-08" (an input schema
# no validator accepts); YAML 1.2 and JSON read an exponent without a dot as a number.
_SpecLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?[eE][-+]?[0-9]+$"),
    list("-+0123456789"),
)


def split_pointer(pointer: str) -> list[str]:
    """RFC 6901 tokens of ``/a/b~1c`` -> ``["a", "b/c"]``."""
    if not pointer:
        return []
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer.lstrip("/").split("/")]


@dataclass(eq=False)
class Document:
    """One parsed file. ``display`` is the name used in diagnostics."""

    path: Path
    display: str
    text: str
    kind: Literal["json", "yaml"]
    data: Any
    _yaml_root: Any = field(default=None, repr=False)
    _events: list[Any] | None = field(default=None, repr=False)
    _lines: dict[str, int | None] = field(default_factory=dict, repr=False)

    def diagnostic(
        self, severity: Severity, code: str, message: str, where: str, hint: str | None = None
    ) -> Diagnostic:
        """A diagnostic at the JSON pointer ``where`` of this document, with its line."""
        return Diagnostic(
            severity,
            code,
            message,
            file=self.display,
            pointer=where,
            line=self.line_of(where),
            hint=hint,
        )

    def line_of(self, pointer: str) -> int | None:
        """1-based line of the deepest existing node along ``pointer`` (cached)."""
        if pointer not in self._lines:
            tokens = split_pointer(pointer)
            try:
                self._lines[pointer] = self._line(tokens)
            except (yaml.YAMLError, ValueError, IndexError):
                self._lines[pointer] = None
        return self._lines[pointer]

    def _line(self, tokens: list[str]) -> int | None:
        if self.kind == "json":
            return lines.json_line(self.text, tokens)
        if self._events is None:
            self._events = lines.yaml_events(self.text)
        line = lines.yaml_line_fast(self._events, tokens)
        if line is None:
            if self._yaml_root is None:
                self._yaml_root = lines.compose(self.text)
            line = lines.yaml_line_composed(self._yaml_root, tokens)
        return line

    def __repr__(self) -> str:
        return f"Document({self.display!r})"


def _error(
    code: str,
    message: str,
    display: str,
    line: int | None = None,
    hint: str | None = None,
    pointer: str | None = None,
) -> GenerationError:
    diagnostic = Diagnostic(
        Severity.ERROR, code, message, file=display, pointer=pointer, line=line, hint=hint
    )
    return GenerationError(diagnostic)


def _kind_of(path: Path, text: str) -> Literal["json", "yaml"]:
    suffix = path.suffix.lower()
    if suffix == ".json":
        return "json"
    if suffix in (".yaml", ".yml"):
        return "yaml"
    return "json" if text.lstrip().startswith(("{", "[")) else "yaml"


def load_document(path: str | Path, display: str | None = None) -> Document:
    """Parse any JSON or YAML file; raise :class:`GenerationError` when it cannot be read."""
    path = Path(path)
    shown = display or str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise _error("DOCUMENT_NOT_FOUND", "file not found", shown) from None
    except OSError as exc:
        raise _error(
            "DOCUMENT_UNREADABLE", f"cannot read the file: {exc.strerror}", shown
        ) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _error(
            "DOCUMENT_ENCODING",
            f"not UTF-8 (byte {exc.start})",
            shown,
            hint="Save the file as UTF-8.",
        ) from None
    kind = _kind_of(path, text)
    if kind == "json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            if path.suffix.lower() == ".json":
                raise _error(
                    "DOCUMENT_INVALID_JSON",
                    f"invalid JSON: {exc.msg} (column {exc.colno})",
                    shown,
                    exc.lineno,
                ) from None
            kind = "yaml"  # sniffed as JSON but is not: YAML is a superset, let it try
    if kind == "yaml":
        try:
            data = yaml.load(text, Loader=_SpecLoader)  # noqa: S506 (a safe loader)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else None
            what = " ".join(str(p) for p in (exc.context, exc.problem) if p)
            raise _error("DOCUMENT_INVALID_YAML", f"invalid YAML: {what}", shown, line) from None
        except yaml.YAMLError as exc:
            raise _error("DOCUMENT_INVALID_YAML", f"invalid YAML: {exc}", shown) from None
    return Document(path=path, display=shown, text=text, kind=kind, data=data)


def is_swagger2(data: Any) -> bool:
    """A Swagger 2.0 root: ``swagger: "2.0"`` (YAML may write it as the number 2.0)."""
    return isinstance(data, dict) and "openapi" not in data and str(data.get("swagger")) == "2.0"


def load_openapi_document(path: str | Path, *, allow_swagger2: bool = False) -> Document:
    """Load the root document and check that it is OpenAPI 3.0, 3.1 or 3.2 (or, when
    ``allow_swagger2``, Swagger 2.0, returned as read: see swagger2.py)."""
    doc = load_document(path)
    if allow_swagger2 and is_swagger2(doc.data):
        return doc
    if not isinstance(doc.data, dict):
        got = type(doc.data).__name__ if doc.data is not None else "an empty document"
        raise _error(
            "DOCUMENT_NOT_MAPPING",
            f"the document must be a mapping (object), got {got}",
            doc.display,
            1,
            "An OpenAPI document starts with `openapi: 3.x.y`, `info` and `paths`.",
        )
    if "swagger" in doc.data and "openapi" not in doc.data:
        raise _error(
            "SWAGGER2_UNSUPPORTED",
            f"Swagger {doc.data.get('swagger')!r} is not supported here "
            "(mcpforge generate reads Swagger 2.0 and OpenAPI 3.0/3.1/3.2)",
            doc.display,
            doc.line_of("/swagger"),
            "Convert it to OpenAPI 3 first (e.g. `npx swagger2openapi in.yaml -o out.yaml`).",
            "/swagger",
        )
    if "openapi" not in doc.data:
        raise _error(
            "NOT_OPENAPI",
            "no `openapi` field: this is not an OpenAPI document",
            doc.display,
            1,
            "Add `openapi: 3.1.0` (or 3.0.3) at the top level.",
        )
    version = doc.data["openapi"]
    if not isinstance(version, str) or not re.fullmatch(
        r"\d+\.\d+(\.\d+)?(-[0-9A-Za-z.-]+)?", version
    ):
        raise _error(
            "OPENAPI_VERSION_INVALID",
            f'`openapi` must be a version string like "3.1.0", got {version!r}',
            doc.display,
            doc.line_of("/openapi"),
            'Quote the version: openapi: "3.1.0".',
            "/openapi",
        )
    if ".".join(version.split(".")[:2]) not in SUPPORTED_VERSIONS:
        raise _error(
            "OPENAPI_VERSION_UNSUPPORTED",
            f"OpenAPI {version} is not supported (supported: 3.0.x, 3.1.x and 3.2.x)",
            doc.display,
            doc.line_of("/openapi"),
            "Use an OpenAPI 3.0, 3.1 or 3.2 description of the API.",
            "/openapi",
        )
    return doc
