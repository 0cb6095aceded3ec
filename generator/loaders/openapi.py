"""OpenAPI 3.0/3.1/3.2 document -> ServerSpec (the IR) plus the diagnostics of the conversion.

Pipeline: load (document.py) -> validate (validation.py) and check every ``$ref`` (refs.py)
-> servers, security schemes -> one OperationSpec per operation (request.py for inputs,
response_shape.py for the success response) -> stable tool names (naming.py).

Fatal (GenerationError, nothing generated): unreadable/invalid JSON or YAML, not OpenAPI,
unsupported versions (Swagger 2.0 is converted to 3.0 first: swagger2.py), dangling/remote/
looping refs, and validation errors outside operations and components (``info``,
``servers``, ``security``, the ``paths`` map).
Validation errors inside an operation skip that operation (inside a path item's shared
parameters: all its operations); inside components they are warnings. Everything skipped or
degraded is reported with the file, the JSON pointer, what was done and what to do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic, GenerationError, Severity, pointer as make_pointer
from ..ir.models import Annotations, HttpBinding, OperationSpec, ResponseShape, ServerSpec
from ..naming import (
    alternative_names,
    assign_tool_names,
    renamed_because,
    slugify,
    tool_name,
)
from ..runtime.model import continue_tool_name
from ..runtime.shaping.names import norm
from ..runtime.shaping.pages import PAGE_KINDS
from .document import METHODS, Document, is_swagger2, load_openapi_document, split_pointer
from .addresses import acted_key, address_keys, addresses_one, own_parameter
from .credentials import ImplicitSchemes
from .echoes import asked_names, echoed_members
from .inline import inline_structure
from .refs import RefError, RefResolver
from .request import RequestContext, RequestParts, SkipOperation, build_request
from .operation_kind import (
    OperationSignals,
    classify,
    erases,
    method_collection,
    path_about,
    path_addressed,
)
from .response_shape import FieldTreeBuilder, body_tree, build_response_shape, success_body
from .schemas import SchemaCompactor
from .security import operation_scopes, operation_security, requirement_groups, security_schemes
from .pagination import detect_pagination, has_link_header
from .project_urls import project_urls
from .servers import OperationServers, base_url, other_urls
from .swagger2 import convert_swagger2
from .validation import Invalid, validate_openapi
from .text import (
    TITLE_LIMIT,
    TOOL_DESCRIPTION_LIMIT,
    clean,
    describe_route,
    drop_questions,
    plain_first_sentence,
    shorten,
    tool_description,
)

_NON_FATAL = ("components", "webhooks", "tags", "externalDocs")


@dataclass(frozen=True)
class OperationDraft:
    """One operation read from the description, before its tool name is known (names are
    assigned over all operations at once, then ``_operation`` builds the ``OperationSpec``)."""

    key: str  # "METHOD /path", unique
    op_id: str | None  # operationId, when it is a string
    method: str  # lower case, as in the description
    path: str  # the path template, as in the description
    operation: dict[str, Any]  # the operation object itself
    request: RequestParts
    response: ResponseShape
    kind: str  # what the operation does (operation_kind.classify)
    pointer: str  # JSON pointer of the operation in the description
    server: str | None  # key of the operation's own server, None: the base URL


def _annotations(method: str, erasing: bool = False) -> Annotations:
    """MCP hints by HTTP method. Destructive means the call may delete or overwrite what
    exists: DELETE, PUT (replaces) and PATCH (overwrites fields); a POST creates (additive),
    and saying nothing would let clients assume the MCP default, destructive, unless its
    name or description says it deletes, erases, purges, cancels or revokes (``erasing``,
    operation_kind.erases: ``POST /items/{id}/purge``)."""
    if method in ("get", "head", "options", "query"):
        return Annotations(read_only=True, destructive=False, idempotent=True)
    if method in ("delete", "put"):
        return Annotations(read_only=False, destructive=True, idempotent=True)
    if method == "patch":
        return Annotations(read_only=False, destructive=True, idempotent=False)
    return Annotations(read_only=False, destructive=erasing, idempotent=False)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _action(request: RequestParts) -> str | None:
    """The ``Action=`` constant of an AWS-style query API (``/#Action=DescribeThings``)."""
    for param in request.params:
        if param.const is not None and param.wire_name.lower() == "action":
            return param.const
    return None


def _batch_lists(request: RequestParts) -> tuple[str, ...]:
    """The normalised name of the list a batch request sends: a JSON body that wraps one
    array (``{Things: [...]}``, with at most two other members such as paging or options). Its
    answer holds the records under the same name. A resource with a list among its fields
    (``{name, size, parts: [...]}``) is not a batch."""
    body = [p for p in request.params if p.location == "body"]
    arrays = [p for p in body if p.schema.get("type") == "array"]
    if len(arrays) != 1 or len(body) > 3:
        return ()
    return (norm(arrays[0].wire_name),)


def _package_version(version: str) -> str:
    """A PEP 440 release from ``info.version`` ("2023-08-16" -> "2023.8.16", "v1" -> "1")."""
    if re.fullmatch(r"\d+(\.\d+)*((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?", version):
        return version
    numbers = [str(int(n)) for n in re.findall(r"\d+", version)[:4]]
    return ".".join(numbers) if numbers else "0.0.0"


def _triage(
    problems: list[Invalid], data: Any = None
) -> tuple[list[Diagnostic], list[Diagnostic], set[str]]:
    """Split validation errors into fatal ones, warnings, and pointers of operations to skip
    (``data``: the document, to say how a slip in a schema was read)."""
    fatal: list[Diagnostic] = []
    warnings: list[Diagnostic] = []
    skip: set[str] = set()
    for where, problem in problems:
        tokens = split_pointer(where)
        in_path_item = len(tokens) >= 3 and tokens[0] == "paths"
        if in_path_item and "schema" in tokens:  # a slip inside a schema: read, not skipped
            warnings.append(_schema_slip(problem, _value_at(data, tokens)))
            continue
        if in_path_item and tokens[2] in METHODS + ("parameters",):
            methods = METHODS if tokens[2] == "parameters" else (tokens[2],)
            skip.update(make_pointer("paths", tokens[1], m) for m in methods)
        elif not in_path_item and not (tokens and tokens[0] in _NON_FATAL):
            fatal.append(problem)
            continue
        warnings.append(replace(problem, severity=Severity.WARNING))
    return fatal, warnings, skip


def _value_at(data: Any, tokens: list[str]) -> Any:
    for token in tokens:
        if isinstance(data, dict):
            data = data.get(token)
        elif isinstance(data, list) and token.isdigit() and int(token) < len(data):
            data = data[int(token)]
        else:
            return None
    return data


def _schema_slip(problem: Diagnostic, value: Any) -> Diagnostic:
    """A schema that breaks the OpenAPI rules is still a JSON Schema the loaders read (the
    compactor and the field trees keep what they understand): the operation is kept, with a
    warning saying how the slip was read. ``type: 'null'`` (invalid in Swagger 2.0 and
    OpenAPI 3.0, common in generated descriptions) is the null type; a list of types is read as
    in OpenAPI 3.1."""
    if value == "null":
        read = "`type: 'null'` is read as the null type of JSON Schema"
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        read = f"the list of types {value} is read as OpenAPI 3.1 reads it"
    else:
        read = "read as JSON Schema reads it, what it cannot mean left out"
    return replace(
        problem,
        severity=Severity.WARNING,
        code="SCHEMA_SLIP_READ",
        message=f"{problem.message}: {read}; the operation is kept",
        hint="Fix the schema to match the specification.",
    )


def load_openapi(
    path: str | Path, *, name: str | None = None
) -> tuple[ServerSpec, list[Diagnostic]]:
    """Load an OpenAPI 3.0/3.1/3.2 (or Swagger 2.0) file into the IR. Raises GenerationError for
    broken input."""
    doc = load_openapi_document(path, allow_swagger2=True)
    if is_swagger2(doc.data):
        return load_swagger2(doc, name=name)
    return load_openapi_from(doc, name=name)


def load_swagger2(doc: Document, *, name: str | None = None) -> tuple[ServerSpec, list[Diagnostic]]:
    """The IR of a Swagger 2.0 document: converted (swagger2.py), then loaded like OpenAPI 3.0."""
    doc = inline_structure(doc, RefResolver(doc), swagger2=True)  # refs anywhere, as in 3.x
    converted, notes = convert_swagger2(doc)
    spec, diagnostics = load_openapi_from(converted, name=name)  # named in the 2.0 file
    return spec, list(dict.fromkeys(notes + diagnostics))


def load_openapi_from(
    doc: Document, *, name: str | None = None
) -> tuple[ServerSpec, list[Diagnostic]]:
    """The IR of an already loaded OpenAPI 3.0/3.1/3.2 document (swagger2.py passes a converted one)."""
    info = doc.data.get("info")
    if isinstance(info, dict) and isinstance(info.get("version"), (int, float)):
        info["version"] = str(info["version"])  # YAML `version: 1.0`
    missing_version = isinstance(info, dict) and info.get("version") is None
    if missing_version:  # a slip some vendors publish: read, with a warning (below)
        info["version"] = ""
    missing_title = isinstance(info, dict) and info.get("title") is None
    if missing_title:  # as generated by some tools (swaggo's ``info: {contact: {}}``): read
        info["title"] = doc.path.stem  # under the file's name, with a warning (below)
    resolver = RefResolver(doc)
    try:
        ref_warnings = resolver.check_all()
    except GenerationError as exc:
        fatal = _triage(validate_openapi(doc))[0]
        raise GenerationError(fatal + exc.diagnostics) from None
    doc = inline_structure(doc, resolver)  # refs anywhere (an operation, a responses map...)
    fatal, diagnostics, invalid_ops = _triage(validate_openapi(doc), doc.data)
    if fatal:
        raise GenerationError(fatal)
    diagnostics[:0] = ref_warnings
    if missing_version:
        diagnostics.append(
            doc.diagnostic(
                Severity.WARNING,
                "INFO_VERSION_MISSING",
                "info.version is missing (OpenAPI requires it): read as 0.0.0, the version"
                " of the API and, unless you set one, of the package",
                "/info",
                "Set the package's version with `version:` in the overlay or --version.",
            )
        )
    if missing_title:
        diagnostics.append(
            doc.diagnostic(
                Severity.WARNING,
                "INFO_TITLE_MISSING",
                f"info.title is missing (OpenAPI requires it): read as {info['title']!r}, the"
                " file's name, which names the package unless you name it",
                "/info",
                "Name the package with `name:` in the overlay or --name.",
            )
        )
    info = doc.data["info"]
    title = clean(info.get("title")) or "API"
    if name is None:
        name = slugify(title)
    url, server_diags = base_url(doc, name)
    diagnostics.extend(server_diags)
    schemes, scheme_diags = security_schemes(doc, resolver, name)
    diagnostics.extend(scheme_diags)
    implicit = ImplicitSchemes(schemes, name)
    servers = OperationServers(doc, url, name)
    operations, op_diags = _operations(doc, resolver, invalid_ops, schemes, servers, implicit)
    diagnostics.extend(op_diags)
    diagnostics.extend(servers.report())
    if isinstance(doc.data.get("webhooks"), dict) and doc.data["webhooks"]:
        diagnostics.append(
            doc.diagnostic(
                Severity.INFO,
                "WEBHOOKS_IGNORED",
                "webhooks describe calls the API makes, not tools: ignored",
                "/webhooks",
                "Nothing to do: an MCP server only exposes the API's own operations.",
            )
        )
    license_info = info.get("license")
    version = clean(info.get("version")) or "0.0.0"
    spec = ServerSpec(
        name=name,
        title=title,
        version=_package_version(version),
        description=shorten(info.get("description"), 500),
        summary=plain_first_sentence(info.get("description")),
        source_kind="openapi",
        source_file=doc.display,
        base_url=url,
        operations=tuple(operations),
        security=tuple(schemes.values()) + tuple(implicit.made.values()),
        api_version=version,
        license=clean(license_info.get("name")) if isinstance(license_info, dict) else "",
        urls=project_urls(doc.data),
        servers=servers.servers(),
        other_urls=other_urls(doc),
    )
    return spec, list(dict.fromkeys(diagnostics))


def _operations(
    doc: Document,
    resolver: RefResolver,
    invalid_ops: set[str],
    schemes: dict[str, Any],
    servers: OperationServers,
    implicit: ImplicitSchemes,
) -> tuple[list[OperationSpec], list[Diagnostic]]:
    name = servers.name
    ctx = RequestContext(
        resolver, SchemaCompactor(resolver), doc, schemes=schemes, implicit=implicit
    )
    builder = FieldTreeBuilder(resolver)
    paths = doc.data.get("paths") or {}
    implicit.count(_declared_params(doc, resolver, paths))
    drafts: list[OperationDraft] = []
    id_owners: dict[str, list[str]] = {}
    item_keys = address_keys(paths, doc, resolver)
    ordered = sorted(p for p in paths if p.startswith("/"))
    for path in ordered:
        item = resolver.deref(paths[path], doc, make_pointer("paths", path))
        if not isinstance(item.value, dict):
            continue
        _report_other_methods(ctx, item.value, make_pointer("paths", path))
        for method in METHODS:
            operation = item.value.get(method)
            op_pointer = make_pointer("paths", path, method)
            if not isinstance(operation, dict):
                continue
            if op_pointer in invalid_ops:
                ctx.warn(
                    "OPERATION_SKIPPED",
                    "operation skipped: it is not valid OpenAPI (see the errors above)",
                    op_pointer,
                    "Fix the reported fields.",
                )
                continue
            try:
                request = build_request(ctx, path, item.value, operation, op_pointer, item.doc)
            except SkipOperation as skip:
                ctx.diagnostics.append(skip.diagnostic)
                continue
            except RefError as exc:  # cannot happen after check_all; kept as a clear failure
                raise GenerationError(
                    doc.diagnostic(Severity.ERROR, exc.code, exc.message, op_pointer)
                ) from None
            op_id = (
                operation.get("operationId")
                if isinstance(operation.get("operationId"), str)
                else None
            )
            body = success_body(operation.get("responses"), item.doc, resolver)
            tree = body_tree(body, resolver, builder)
            kind = classify(
                OperationSignals(
                    method=method.upper(),
                    path=path,
                    operation_id=op_id,
                    summary=(
                        operation.get("summary")
                        if isinstance(operation.get("summary"), str)
                        else None
                    ),
                    action=_action(request),
                    has_body=body.described,
                    media_type=body.media_type,
                    response_tree=tree,
                )
            )
            named = path_about(path)  # what the operation is about, by its path
            response = build_response_shape(
                body,
                resolver,
                builder,
                keys=item_keys.get(path, ()),
                own_key=own_parameter(path),
                one=addresses_one(path),
                written=method.lower() in ("post", "put", "patch", "delete"),
                about=named + _batch_lists(request),
                method_of=method_collection(path),
                path_names=named,
                addressed=path_addressed(path),
                tree=tree,
                operation_id=op_id,
            )
            written = method.lower() in ("post", "put", "patch", "delete")
            acted = (
                acted_key(path, response.field_tree, ordered, response.context.entity)
                if written
                else None
            )
            if acted and not response.collection_path and acted not in response.context.keys:
                # the item the write acted on below its address: its member says which one
                keys = (*response.context.keys, acted)
                response = replace(response, context=replace(response.context, keys=keys))
            if kind == "generate" and not (response.collection_path or response.envelope_path):
                echoed = echoed_members(request, tree)  # the settings it answers back
                if echoed:
                    response = replace(response, context=replace(response.context, sent=echoed))
            listing = response.collection_path is not None or response.field_tree is None
            if kind in PAGE_KINDS and listing:
                if asked := asked_names(request):  # what a list's wrapper may answer back
                    response = replace(response, context=replace(response.context, asked=asked))
            key = f"{method.upper()} {path}"
            if op_id:
                id_owners.setdefault(op_id, []).append(key)
            _report_ignored_parts(ctx, operation, op_pointer)
            drafts.append(
                OperationDraft(
                    key=key,
                    op_id=op_id,
                    method=method,
                    path=path,
                    operation=operation,
                    request=request,
                    response=response,
                    kind=kind,
                    pointer=op_pointer,
                    server=servers.key_for(item.value, operation, path, method),
                )
            )
    duplicates = {op_id for op_id, keys in id_owners.items() if len(keys) > 1}
    for op_id in sorted(duplicates):
        first = next(d for d in drafts if d.op_id == op_id)
        ctx.warn(
            "OPERATION_ID_DUPLICATE",
            f"operationId {op_id!r} is used by {', '.join(id_owners[op_id])}: "
            'their ids become "METHOD /path" and their tool names are made unique (from the '
            "summary or the path, a hash as the last resort)",
            first.pointer,
            "Make every operationId unique.",
        )
    bases = {d.key: tool_name(d.op_id, d.method, d.path) for d in drafts}
    reserved = {continue_tool_name(name)}
    names = assign_tool_names(
        bases,
        reserved=reserved,
        alternatives={
            d.key: alternative_names(bases[d.key], d.operation.get("summary"), d.method, d.path)
            for d in drafts
        },
    )
    operations = []
    for draft in drafts:
        renamed = names[draft.key] != bases[draft.key]
        why = renamed_because(draft.key, bases, reserved) if renamed else ""
        operations.append(_operation(draft, names[draft.key], why, duplicates, doc, schemes, ctx))
    if ctx.ignored_headers:
        pointer = ctx.ignored_headers[0]
        ctx.diagnostics.append(
            doc.diagnostic(
                Severity.INFO,
                "HEADER_PARAMS_IGNORED",
                f"{len(ctx.ignored_headers)} header parameter(s) named Accept, Content-Type or "
                "Authorization ignored, as OpenAPI requires (first one here)",
                pointer,
                "Describe credentials with securitySchemes instead.",
            )
        )
    _report_bulk(ctx)
    return operations, ctx.diagnostics


def _declared_params(
    doc: Document, resolver: RefResolver, paths: dict[str, Any]
) -> list[list[dict[str, Any]]]:
    """Each operation's parameter objects (path item's and its own), refs resolved."""
    found: list[list[dict[str, Any]]] = []
    for path in sorted(p for p in paths if p.startswith("/")):
        item = _deref_quietly_at(resolver, paths[path], doc)
        if not isinstance(item, dict):
            continue
        listed = item.get("parameters")
        shared = listed if isinstance(listed, list) else []
        for method in METHODS:
            operation = item.get(method)
            if not isinstance(operation, dict):
                continue
            own = operation.get("parameters")
            raw = shared + (own if isinstance(own, list) else [])
            found.append([_deref_quietly_at(resolver, p, doc) for p in raw])
    return found


def _deref_quietly_at(resolver: RefResolver, node: Any, doc: Document) -> Any:
    try:
        return resolver.deref(node, doc, "").value
    except RefError:
        return None


def _report_bulk(ctx: RequestContext) -> None:
    """One INFO each for query parts moved out of paths and for credential parameters; the
    schema repairs of the compactor."""
    ctx.diagnostics.extend(ctx.compactor.diagnostics)
    if ctx.path_queries:
        where, what = ctx.path_queries[0]
        ctx.diagnostics.append(
            ctx.doc.diagnostic(
                Severity.INFO,
                "PATH_QUERY_MOVED",
                f"{len(ctx.path_queries)} operation path(s) carry a query part after '?' or '#' "
                f"(first here: {what}): the path is sent without it, its name=value pairs as "
                "constant parameters (a {template} value: as a query argument)",
                where,
                "Nothing to do; or put these pairs in `parameters` with `enum: [value]`.",
            )
        )
    if ctx.credential_params:
        where, what = ctx.credential_params[0]
        names = sorted({w.split(" (")[0] for _, w in ctx.credential_params})
        ctx.diagnostics.append(
            ctx.doc.diagnostic(
                Severity.INFO,
                "CREDENTIAL_PARAMS_FROM_ENV",
                f"{len(ctx.credential_params)} parameter(s) carry credentials "
                f"({', '.join(names)}; first here: {what}): filled from the environment, "
                "not asked of the model",
                where,
                "Set the environment variables named; describe them with securitySchemes.",
            )
        )


def _report_other_methods(ctx: RequestContext, item: dict[str, Any], where: str) -> None:
    """Say that OpenAPI 3.2's ``additionalOperations`` (methods such as COPY or LINK) give no
    tools, naming them."""
    other = item.get("additionalOperations")
    if isinstance(other, dict) and other:
        ctx.warn(
            "OPERATIONS_NOT_GENERATED",
            f"additionalOperations ({', '.join(sorted(map(str, other)))}) are not generated: "
            "mcpforge makes tools of get, put, post, delete, options, head, patch, trace and query",
            f"{where}/additionalOperations",
            "Describe the operation under one of those methods if the API accepts it.",
        )


def _report_ignored_parts(ctx: RequestContext, operation: dict[str, Any], op_pointer: str) -> None:
    """Say that callbacks are not tools."""
    if isinstance(operation.get("callbacks"), dict) and operation["callbacks"]:
        ctx.diagnostics.append(
            ctx.doc.diagnostic(
                Severity.INFO,
                "CALLBACKS_IGNORED",
                "callbacks describe requests the API sends, not tools: ignored",
                f"{op_pointer}/callbacks",
            )
        )


def _operation(
    draft: OperationDraft,
    tool: str,
    why: str,
    duplicates: set[str],
    doc: Document,
    schemes: dict[str, Any],
    ctx: RequestContext,
) -> OperationSpec:
    operation, op_id, key = draft.operation, draft.op_id, draft.key
    base = tool_name(op_id, draft.method, draft.path)
    if tool != base and op_id not in duplicates:
        ctx.diagnostics.append(
            doc.diagnostic(
                Severity.INFO,
                "TOOL_NAME_CHANGED",
                f"tool name {base!r} is {why}: named {tool!r}",
                draft.pointer,
                "Rename the tool in the overlay if you prefer another name.",
            )
        )
    summary = operation.get("summary")
    description = tool_description(
        summary,
        operation.get("description"),
        operation_id=op_id,
        route=(draft.method, draft.path),
    )
    if operation.get("deprecated") is True:
        description = shorten("Deprecated. " + description, TOOL_DESCRIPTION_LIMIT)
    tags = operation.get("tags")
    security, sec_diags = operation_security(doc, operation, draft.pointer, schemes)
    ctx.diagnostics.extend(sec_diags)
    request = draft.request
    security += tuple(s for s in request.credentials if s not in security)
    # Credential parameters are needed whichever alternative serves: part of every group.
    groups = tuple(
        g + tuple(c for c in request.credentials if c not in g)
        for g in requirement_groups(doc, operation, schemes)
    ) or ((request.credentials,) if request.credentials else ())
    spec = OperationSpec(
        id=key if (op_id is None or op_id in duplicates) else op_id,
        tool_name=tool,
        title=shorten(drop_questions(clean(summary)), TITLE_LIMIT) or op_id or key,
        description=description or describe_route(draft.method, draft.path),
        params=request.params,
        input_schema=request.input_schema,
        binding=HttpBinding(
            method=draft.method.upper(),
            path=request.path or draft.path,
            content_type=request.content_type,
            xml=request.xml,
            server=draft.server,
        ),
        response=draft.response,
        kind=draft.kind,
        annotations=_annotations(
            draft.method,
            erases(op_id, draft.path, *map(_text, (summary, operation.get("description")))),
        ),
        tags=tuple(t for t in tags if isinstance(t, str)) if isinstance(tags, list) else (),
        source_pointer=draft.pointer,
        security=security,
        security_groups=groups if any(len(g) > 1 for g in groups) else (),
        scopes=operation_scopes(doc, operation),
    )
    link = has_link_header(operation.get("responses"), lambda node: _deref_quietly(ctx, node, doc))
    return replace(spec, pagination=detect_pagination(spec, link))


def _deref_quietly(ctx: RequestContext, node: Any, doc: Document) -> Any:
    try:
        return ctx.resolver.deref(node, doc, "").value
    except RefError:
        return None
