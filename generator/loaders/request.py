"""One operation's inputs -> ParamSpecs and ONE flat input schema.

Path-item and operation parameters are merged (the operation wins by name+in). A JSON body
whose schema is an object contributes one argument per top-level property (location
``body``); any other JSON body is one ``body`` argument (``body_whole``). A form
(``application/x-www-form-urlencoded``) body is flattened the same way, with each property's
``encoding`` style kept, and so is a ``multipart/form-data`` body, whose binary properties
(``format: binary``, 3.1 ``contentMediaType``, Swagger 2.0 ``type: file``) become file
arguments: a path or base64 content (``runtime/upstream/files.py``), a list of them for an
array. An XML body is flattened like JSON and sent as XML built from the schema's ``xml``
objects (``xml_layout.py``). A ``text/*`` body is one string argument; any other media type
(``application/octet-stream``, ``image/png``...) or a binary text body is one file argument,
sent as the body itself.
Argument names follow the collision rule in :mod:`generator.naming`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from ..diagnostics import Diagnostic, Severity, pointer as make_pointer
from ..ir.models import ParamSpec, SecurityScheme
from ..naming import assign_arg_names, sanitize_arg
from .constants import split_path_query
from .credentials import ImplicitSchemes, looks_like_credential, scheme_for
from .document import Document
from .refs import RefResolver
from ..runtime.upstream.files import FILE_ARGUMENT
from ..runtime.upstream.media import (
    BINARY,
    FORM,
    FORM_TYPE,
    JSON,
    MULTIPART,
    MULTIPART_TYPE,
    PREFERENCE,
    TEXT,
    XML,
    media_kind,
)
from .response_shape import media_rank
from .schemas import SchemaCompactor, is_object_schema
from .text import shorten
from .xml_layout import xml_layout

IGNORED_HEADERS = frozenset({"accept", "content-type", "authorization"})
DEFAULT_STYLE = {"path": "simple", "header": "simple", "query": "form", "cookie": "form"}
SUPPORTED_STYLES = {
    "path": {"simple"},
    "header": {"simple"},
    "cookie": {"form"},
    # tabDelimited: not an OpenAPI 3 style; Swagger 2.0 `collectionFormat: tsv` (swagger2.py)
    "query": {"form", "deepObject", "spaceDelimited", "pipeDelimited", "tabDelimited"},
}
_TEMPLATE = re.compile(r"{([^{}]+)}")


# A declared parameter: its object, the document holding it, its pointer in the root document
# (where the operation lists it) and its own pointer in that document.
Declared = tuple[dict[str, Any], Document, str, str]


class SkipOperation(Exception):
    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


@dataclass
class RequestContext:
    resolver: RefResolver
    compactor: SchemaCompactor
    doc: Document
    diagnostics: list[Diagnostic] = field(default_factory=list)
    ignored_headers: list[str] = field(default_factory=list)  # pointers, reported once in bulk
    schemes: dict[str, SecurityScheme] = field(default_factory=dict)
    implicit: ImplicitSchemes | None = None  # credential parameters no scheme describes
    # Reported once in bulk: (pointer, what) of paths with query parts, credential parameters.
    path_queries: list[tuple[str, str]] = field(default_factory=list)
    credential_params: list[tuple[str, str]] = field(default_factory=list)

    def warn(self, code: str, message: str, where: str, hint: str | None = None) -> Diagnostic:
        """A warning at ``where``, a pointer into the root document."""
        d = self.doc.diagnostic(Severity.WARNING, code, message, where, hint)
        self.diagnostics.append(d)
        return d


@dataclass(frozen=True)
class RequestParts:
    params: tuple[ParamSpec, ...]
    input_schema: dict[str, Any]
    content_type: str | None
    path: str = ""  # the path sent: query parts of the spec's path key moved to constants
    credentials: tuple[str, ...] = ()  # security schemes that fill credential parameters
    xml: dict[str, Any] | None = None  # an XML body's layout (xml_layout.py)


@dataclass
class _Arg:
    location: str
    wire: str
    required: bool
    schema: dict[str, Any]
    description: str
    style: str | None = None
    explode: bool | None = None
    const: str | None = None  # a constant: sent on every call, not an argument
    file: Literal["bytes", "base64"] | None = None  # a file to upload (FILE_ARGUMENT)
    content_type: str | None = None  # a multipart part's media type (encoding.contentType)


def build_request(
    ctx: RequestContext,
    path: str,
    path_item: dict[str, Any],
    operation: dict[str, Any],
    op_pointer: str,
    doc: Document,
) -> RequestParts:
    """``doc`` holds the path item (the root, or another file for a path item ``$ref``);
    diagnostics point into the root document at the operation."""
    path_pointer = make_pointer("paths", path)
    merged: dict[tuple[str, str], Declared] = {}
    for owner, where in ((path_item, path_pointer), (operation, op_pointer)):
        raw_params = owner.get("parameters") or []
        if not isinstance(raw_params, list):
            raise SkipOperation(_invalid(ctx, f"{where}/parameters", "`parameters` is not a list"))
        for index, raw in enumerate(raw_params):
            item_pointer = f"{where}/parameters/{index}"
            target = ctx.resolver.deref(raw, doc, item_pointer)
            param = target.value
            if isinstance(param, dict) and param.get("in") == "querystring":
                param = _querystring(ctx, param, target.doc, item_pointer, target.pointer)
            if not (
                isinstance(param, dict)
                and isinstance(param.get("name"), str)
                and param.get("in") in DEFAULT_STYLE
            ):
                raise SkipOperation(
                    _invalid(
                        ctx,
                        item_pointer,
                        "a parameter needs a string `name` and "
                        "`in` one of path, query, header, cookie",
                    )
                )
            merged[(param["name"], param["in"])] = (param, target.doc, item_pointer, target.pointer)
    sent_path, path_pairs = split_path_query(path)
    if sent_path != path:
        shown = "&".join(f"{k}={v}" for k, v in path_pairs) or "(a fragment)"
        ctx.path_queries.append((op_pointer, shown))
        path_pairs = _templated_pairs(path_pairs, merged, doc, op_pointer)
    template = _TEMPLATE.findall(sent_path)
    _refuse_url_path(ctx, sent_path, merged, op_pointer)
    args = _path_args(ctx, template, merged, op_pointer)
    for (name, location), declared in merged.items():
        if location == "path":
            continue
        if location == "header" and name.lower() in IGNORED_HEADERS:
            ctx.ignored_headers.append(declared[2])
            continue
        args.append(_param_arg(ctx, *declared))
    args, credentials = _credentials(ctx, args, merged)
    content_type = xml = None
    body = operation.get("requestBody")
    if body is not None:
        content_type, body_args, xml = _body_args(ctx, body, doc, f"{op_pointer}/requestBody")
        args.extend(body_args)
    args = _constants(args, path_pairs)
    variable = [a for a in args if a.const is None]
    names = iter(assign_arg_names([(a.location, a.wire) for a in variable]))
    params = tuple(
        ParamSpec(
            arg=sanitize_arg(a.wire) if a.const is not None else next(names),
            location=a.location,  # type: ignore[arg-type]  # a ParamLocation, held as str
            wire_name=a.wire,
            required=a.required,
            schema=a.schema,
            description=a.description,
            style=a.style,
            explode=a.explode,
            const=a.const,
            file=a.file,
            content_type=a.content_type,
        )
        for a in args
    )
    properties = {p.arg: p.schema for p in params if p.const is None}
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    required = [p.arg for p in params if p.required and p.const is None]
    if required:
        schema["required"] = required
    schema["additionalProperties"] = False
    return RequestParts(params, schema, content_type, sent_path, credentials, xml)


_FORM = "application/x-www-form-urlencoded"


def _querystring(
    ctx: RequestContext, param: dict[str, Any], doc: Document, where: str, at: str
) -> dict[str, Any]:
    """An OpenAPI 3.2 ``in: querystring`` parameter (the whole query string, described as
    ``application/x-www-form-urlencoded`` content of an object) read as the query parameter
    it amounts to: an object whose members are sent as ``name=value`` pairs (form, exploded).
    Another media type (a JSON query string) is refused: the operation is skipped."""
    content = param.get("content")
    media = content.get(_FORM) if isinstance(content, dict) else None
    schema = media.get("schema") if isinstance(media, dict) else None
    if schema is None or not is_object_schema(
        ctx.resolver.deref(schema, doc, f"{at}/content/{_FORM.replace('/', '~1')}/schema").value
    ):
        types = ", ".join(sorted(content)) if isinstance(content, dict) and content else "none"
        raise SkipOperation(
            ctx.doc.diagnostic(
                Severity.WARNING,
                "QUERYSTRING_UNSUPPORTED",
                f"querystring parameter {param.get('name')!r} is not an object described as "
                f"{_FORM} content (media types: {types}): operation skipped",
                where,
                "Describe the query string as form content of an object, or its members as "
                "query parameters.",
            )
        )
    kept = {k: v for k, v in param.items() if k not in ("content", "style", "explode")}
    return {**kept, "in": "query", "schema": schema, "style": "form", "explode": True}


def _templated_pairs(
    pairs: list[tuple[str, str]],
    merged: dict[tuple[str, str], Declared],
    doc: Document,
    op_pointer: str,
) -> list[tuple[str, str]]:
    """A pair whose value is a template (``?key={APIKEY}``) is a query argument, not a
    constant: the parameter declared for ``{APIKEY}`` (often ``in: path``) moves to the query
    as ``key``. Returns the constant pairs."""
    constants = []
    for name, value in pairs:
        variable = _TEMPLATE.fullmatch(value)
        if variable is None:
            constants.append((name, value))
            continue
        found = merged.pop((variable.group(1), "path"), None)
        param, pdoc, where, at = found or ({"schema": {"type": "string"}}, doc, op_pointer, "")
        moved = {k: v for k, v in param.items() if k not in ("style", "explode")}
        merged[(name, "query")] = (
            {**moved, "name": name, "in": "query", "required": True},
            pdoc,
            where,
            at,
        )
    return constants


def _constants(args: list[_Arg], path_pairs: list[tuple[str, str]]) -> list[_Arg]:
    """Query parts of the path become constants, sent in the location of the declared
    parameter of that name (``X-Amz-Target`` is a header), else in the query."""
    for name, value in path_pairs:
        declared = [a for a in args if a.wire == name and a.location in ("query", "header")]
        if declared:
            for arg in declared:
                arg.const = value
        else:
            args.append(_Arg("query", name, True, {}, "", const=value))
    return args


def _credentials(
    ctx: RequestContext,
    args: list[_Arg],
    merged: dict[tuple[str, str], Declared],
) -> tuple[list[_Arg], tuple[str, ...]]:
    """Drop parameters that carry credentials; return the schemes that fill them instead."""
    kept: list[_Arg] = []
    schemes: list[str] = []
    for arg in args:
        if arg.location not in ("query", "header", "cookie"):
            kept.append(arg)
            continue
        param, _, where, _ = merged[(arg.wire, arg.location)]
        scheme = scheme_for(arg.location, arg.wire, ctx.schemes)
        if (
            scheme is None
            and ctx.implicit is not None
            and ctx.implicit.applies(arg.location, arg.wire)
            and looks_like_credential(arg.wire, param, arg.schema)
        ):
            scheme = ctx.implicit.scheme(arg.location, arg.wire, arg.description)
        if scheme is None:
            kept.append(arg)
            continue
        ctx.credential_params.append((where, f"{arg.wire} ({', '.join(scheme.env_vars)})"))
        if scheme.name not in schemes:
            schemes.append(scheme.name)
    return kept, tuple(schemes)


def _invalid(ctx: RequestContext, where: str, message: str) -> Diagnostic:
    return ctx.doc.diagnostic(
        Severity.WARNING,
        "OPERATION_INVALID",
        f"operation skipped: {message}",
        where,
        "Fix the operation so that it is valid OpenAPI.",
    )


_PLACEHOLDER_PATH = re.compile(r"/?(?:\{([^{}/]+)\}|<([^<>/]+)>)/?")
_URL_WORDS = re.compile(r"(?:^|[^a-z])(?:url|uri|href|link)(?:$|[^a-z])", re.I)


def _refuse_url_path(
    ctx: RequestContext, path: str, merged: dict[tuple[str, str], Declared], where: str
) -> None:
    """A path that is one variable standing for a whole URL (``PUT /{upload_url}``: a
    pre-signed upload URL written as a path) cannot be served: the call would go to the API's
    host with the URL as its path. The operation is left out, with a warning saying why."""
    whole = _PLACEHOLDER_PATH.fullmatch(path)
    if whole is None:
        return
    name = whole.group(1) or whole.group(2)  # {upload_url}, or <upload_url> (not templating)
    declared = merged.get((name, "path"))
    param = declared[0] if declared is not None else {}
    given = param.get("schema")
    schema = given if isinstance(given, dict) else param
    said = " ".join(
        str(x) for x in (name, schema.get("format"), param.get("description")) if x is not None
    )
    if schema.get("format") in ("uri", "url") or _URL_WORDS.search(said.replace("_", " ")):
        raise SkipOperation(
            ctx.doc.diagnostic(
                Severity.WARNING,
                "OPERATION_URL_PATH",
                f"operation skipped: its path {path} is a placeholder for a whole URL ({name},"
                " such as a pre-signed upload URL), which a call to the API's host cannot reach",
                where,
                "Send to that URL with an HTTP client (the operation that hands it out is kept);"
                " the generated server only calls the API's own servers.",
            )
        )


def _path_args(
    ctx: RequestContext,
    template: list[str],
    merged: dict[tuple[str, str], Declared],
    op_pointer: str,
) -> list[_Arg]:
    args = []
    for name in dict.fromkeys(template):
        found = merged.get((name, "path"))
        if found is None:
            ctx.warn(
                "PATH_PARAM_UNDECLARED",
                f"path template variable {{{name}}} has no parameter: "
                "added as a required string argument",
                op_pointer,
                f"Declare `- name: {name}` with `in: path` in the operation's parameters.",
            )
            args.append(_Arg("path", name, True, {"type": "string"}, ""))
            continue
        arg = _param_arg(ctx, *found)
        arg.required = True
        if isinstance(arg.schema.get("enum"), list) and "" in arg.schema["enum"]:
            # an empty path segment is refused at run time (http_call.py): not a choice to list
            values = [v for v in arg.schema["enum"] if v != ""]
            arg.schema = {k: v for k, v in arg.schema.items() if k != "enum"}
            if values:
                arg.schema["enum"] = values
            ctx.diagnostics.append(
                ctx.doc.diagnostic(
                    Severity.INFO,
                    "PATH_ENUM_EMPTY",
                    f"path parameter {name!r} lists the empty string among its values: left"
                    " out (a path segment cannot be empty)",
                    found[2],
                )
            )
        args.append(arg)
    for (name, location), (_, _, where, _) in merged.items():
        if location == "path" and name not in template:
            ctx.warn(
                "PATH_PARAM_UNUSED",
                f"path parameter {name!r} does not appear in the path: ignored",
                where,
                "Remove the parameter or add {" + name + "} to the path.",
            )
    return args


def _param_arg(
    ctx: RequestContext, param: dict[str, Any], doc: Document, where: str, at: str
) -> _Arg:
    """``where``: the parameter's pointer in the root document (for warnings); ``at``: its
    pointer in ``doc``, the document it lives in (a ref may lead to another file)."""
    location = param["in"]
    raw_schema = param.get("schema")
    content = param.get("content")
    if raw_schema is None and isinstance(content, dict) and content:
        media_type = next(iter(content))
        media = content[media_type]
        raw_schema = media.get("schema") if isinstance(media, dict) else None
        ctx.warn(
            "PARAM_CONTENT_DEGRADED",
            f"{location} parameter {param['name']!r} is described as {media_type} content: "
            "its value is sent like a plain parameter, not serialised as that media type",
            where,
            "Check the request against the API; describe the parameter with `schema` if you can.",
        )
    schema = (
        ctx.compactor.compact(raw_schema, doc, f"{at}/schema") if raw_schema is not None else {}
    )
    description = shorten(param.get("description"))
    if description:
        schema = {**schema, "description": description}
    if param.get("deprecated") is True:
        schema["description"] = ("Deprecated. " + schema.get("description", "")).strip()
    default_style = DEFAULT_STYLE[location]
    style = param.get("style") if isinstance(param.get("style"), str) else default_style
    explode = param.get("explode") if isinstance(param.get("explode"), bool) else style == "form"
    if style not in SUPPORTED_STYLES[location]:
        ctx.warn(
            "PARAM_STYLE_DEGRADED",
            f"{location} parameter {param['name']!r}: style {style!r} is not supported, "
            f"serialised as style {default_style!r}",
            where,
            "Check the request against the API; override the argument in the overlay if needed.",
        )
        style, explode = default_style, default_style == "form"
    return _Arg(
        location, param["name"], param.get("required") is True, schema, description, style, explode
    )


def _body_args(
    ctx: RequestContext, raw_body: Any, item_doc: Document, where: str
) -> tuple[str | None, list[_Arg], dict[str, Any] | None]:
    """(content type, arguments, XML layout) of a request body. The media type sent is the
    first offered of the best kind (media.PREFERENCE: JSON, a form, multipart, XML, text,
    bytes)."""
    target = ctx.resolver.deref(raw_body, item_doc, where)
    body, doc = target.value, target.doc
    content = body.get("content") if isinstance(body, dict) else None
    if not isinstance(content, dict) or not content:
        return None, [], None
    required = body.get("required") is True
    offered = [m for m in content if isinstance(m, str)]
    media_type = min(offered, key=lambda m: (PREFERENCE.index(media_kind(m)), media_rank(m)))
    kind = media_kind(media_type)
    content_type = {
        JSON: "application/json" if media_type.startswith(("*/*", "application/*")) else media_type,
        FORM: FORM_TYPE,
        MULTIPART: MULTIPART_TYPE,
    }.get(kind, media_type)
    media = content[media_type] if isinstance(content[media_type], dict) else {}
    raw_schema = media.get("schema")
    at = target.pointer + make_pointer("content", media_type, "schema")
    schema = ctx.compactor.compact(raw_schema, doc, at) if raw_schema is not None else {}
    description = shorten(body.get("description"))
    whole = description or schema.get("description", "")
    if kind == BINARY or (kind == TEXT and _is_binary(raw_schema, doc, ctx)):
        upload = {**FILE_ARGUMENT, "description": _file_description(whole)}
        sent: Literal["bytes", "base64"] = "base64" if _is_base64(raw_schema, doc, ctx) else "bytes"
        return content_type, [_Arg("body_whole", "body", required, upload, whole, file=sent)], None
    if kind == TEXT:
        text = {"type": "string", **({"description": whole} if whole else {})}
        return content_type, [_Arg("body_whole", "body", required, text, whole)], None
    xml = xml_layout(raw_schema, doc, ctx.resolver) if kind == XML else None
    if is_object_schema(schema) and "properties" in schema:
        encoding = media.get("encoding") if kind in (FORM, MULTIPART) else None
        names = schema.get("required", [])
        raw_properties = _raw_properties(raw_schema, doc, ctx) if kind == MULTIPART else {}
        args = []
        for name, sub in schema["properties"].items():
            style = explode = part_type = None
            enc = encoding.get(name) if isinstance(encoding, dict) else None
            if isinstance(enc, dict):
                style = enc.get("style") if isinstance(enc.get("style"), str) else None
                explode = enc.get("explode") if isinstance(enc.get("explode"), bool) else None
                part_type = (
                    enc.get("contentType") if isinstance(enc.get("contentType"), str) else None
                )
            arg = _Arg(
                "body",
                name,
                required and name in names,
                sub,
                sub.get("description", ""),
                style,
                explode,
                content_type=part_type,
            )
            files = _file_schema(raw_properties.get(name), sub, ctx) if kind == MULTIPART else None
            if files is not None:
                arg.schema, arg.file = files, "bytes"
            args.append(arg)
        return content_type, args, xml
    if description and "description" not in schema:
        schema = {**schema, "description": description}
    return (
        content_type,
        [_Arg("body_whole", "body", required, schema, schema.get("description", ""))],
        xml,
    )


def _file_description(description: str) -> str:
    return shorten(f"{description} {FILE_ARGUMENT['description']}".strip())


def _raw_properties(raw_schema: Any, doc: Document, ctx: RequestContext) -> dict[str, Any]:
    """The properties of a multipart body's schema as written (refs followed, ``allOf``
    merged), with their documents: where the binary parts are told apart."""
    found: dict[str, Any] = {}
    node, node_doc, _ = ctx.compactor.resolve(raw_schema, doc)
    if not isinstance(node, dict):
        return found
    for part in node.get("allOf") or [] if isinstance(node.get("allOf"), list) else []:
        found.update(_raw_properties(part, node_doc, ctx))
    properties = node.get("properties")
    if isinstance(properties, dict):
        for name, sub in properties.items():
            found[name] = (sub, node_doc)
    return found


def _is_binary(raw: Any, doc: Document, ctx: RequestContext) -> bool:
    """A schema for bytes: ``format: binary`` (or ``base64`` in a multipart part, the 3.0
    way), ``contentMediaType`` without ``contentEncoding`` (3.1), Swagger 2.0's ``type: file``."""
    node, _, _ = ctx.compactor.resolve(raw, doc)
    if not isinstance(node, dict):
        return False
    given = node.get("type")
    kinds = given if isinstance(given, list) else [given]
    if "file" in kinds:
        return True
    if "string" not in kinds and node.get("type") is not None:
        return False
    if node.get("format") == "binary":
        return True
    return isinstance(node.get("contentMediaType"), str) and "contentEncoding" not in node


def _is_base64(raw: Any, doc: Document, ctx: RequestContext) -> bool:
    """A body of base64 text (``format: byte``/``base64``, 3.1 ``contentEncoding: base64``),
    as Spotify's image/jpeg cover upload is."""
    node, _, _ = ctx.compactor.resolve(raw, doc)
    if not isinstance(node, dict):
        return False
    return node.get("format") in ("byte", "base64") or node.get("contentEncoding") == "base64"


def _file_schema(found: Any, compact: dict[str, Any], ctx: RequestContext) -> dict[str, Any] | None:
    """The schema of a multipart property that is a file (or a list of files), else None."""
    if found is None:
        return None
    raw, doc = found
    description = _file_description(compact.get("description", ""))
    if _is_binary(raw, doc, ctx):
        return {**FILE_ARGUMENT, "description": description}
    node, node_doc, _ = ctx.compactor.resolve(raw, doc)
    if (
        isinstance(node, dict)
        and node.get("type") == "array"
        and _is_binary(node.get("items"), node_doc, ctx)
    ):
        return {"type": "array", "items": dict(FILE_ARGUMENT), "description": description}
    return None
