"""GraphQL SDL or an introspection result -> ServerSpec (the IR) plus diagnostics.

Loading: SDL (``.graphql``/``.graphqls``/``.gql``) with graphql-core's ``build_schema``; when
that fails on a messy schema (the GitHub schema defines a field twice), again with
``assume_valid_sdl=True`` and a ``GRAPHQL_SCHEMA_TOLERATED`` warning naming what was
tolerated; schema validation problems are reported the same way. A JSON introspection result
(``{"__schema": ...}``, optionally under ``data``) goes through ``build_client_schema``.
Only a syntax error or an unusable file is fatal.

Operations: every field of the root ``Query`` and ``Mutation`` types, in schema order. The id
is ``query.<field>`` / ``mutation.<field>`` (what overlays key on and what select globs such
as ``query.*`` match), the tool name the snake_case field name (``allFilms`` ->
``all_films``; collisions get the usual hash suffix), tags ``("query",)``/``("mutation",)``.
A root field that only groups operations (a namespace: its object's every field takes a
required argument, so nothing of it can be selected without one; ``namespace_type``) is
replaced by one operation per field of it: id ``query.search.transactions``, tool
``search_transactions``, the field's own arguments, the call nested in the document.
Queries are read-only and idempotent; mutations are destructive. Subscriptions are skipped
(info). Arguments become ``graphql`` parameters (graphql_inputs.py); a root connection's
``first`` gets a bounded default. The endpoint is the overlay's ``base_url`` or
``<NAME>_GRAPHQL_URL`` at run time; credentials default to a bearer token from
``<NAME>_TOKEN`` (the overlay's ``auth`` replaces it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from graphql import (
    GraphQLError,
    GraphQLField,
    GraphQLObjectType,
    GraphQLSchema,
    build_ast_schema,
    build_client_schema,
    get_named_type,
    is_object_type,
    parse,
    print_schema,
    validate_schema,
)

from ..diagnostics import Diagnostic, GenerationError, Severity, pointer
from ..ir.models import Annotations, GraphQLBinding, OperationSpec, ParamSpec, SecurityScheme
from ..ir.models import ServerSpec
from ..naming import assign_arg_names, assign_tool_names, env_prefix, slugify, snake_case
from ..runtime.graphql.graphql_types import connection, is_list
from ..runtime.model import continue_tool_name
from .graphql_inputs import InputSchemas, is_required
from .graphql_sdl import strip_descriptions
from .graphql_tree import GraphQLTrees
from .operation_kind import OperationSignals, classify
from .text import TITLE_LIMIT, plain_first_sentence, shorten, tool_description

FIRST_DEFAULT = 20
FIRST_MAXIMUM = 100
SHOWN_PROBLEMS = 5
GENERIC_STEMS = ("schema", "graphql", "introspection", "api")


def _fail(
    code: str, message: str, file: str, line: int | None = None, hint: str | None = None
) -> GenerationError:
    return GenerationError(
        Diagnostic(Severity.ERROR, code, message, file=file, line=line, hint=hint)
    )


def read_schema(path: Path) -> tuple[GraphQLSchema, list[Diagnostic]]:
    """The schema of an SDL or introspection file, tolerating what can be tolerated."""
    file = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _fail("GRAPHQL_UNREADABLE", f"cannot read the schema: {exc}", file) from None
    diagnostics: list[Diagnostic] = []
    if text.lstrip().startswith("{"):
        return _introspection(text, file), diagnostics
    try:
        document = parse(text, no_location=True)  # parsed once: the slow part of big schemas
        schema = build_ast_schema(document)
    except GraphQLError as exc:  # syntax errors and unknown types: nothing to tolerate
        line = exc.locations[0].line if exc.locations else None
        raise _fail(
            "GRAPHQL_SDL_INVALID", exc.message, file, line, "fix the SDL at this line"
        ) from None
    except (TypeError, ValueError) as exc:
        try:
            schema = build_ast_schema(document, assume_valid_sdl=True)
        except (GraphQLError, TypeError, ValueError) as again:
            raise _fail("GRAPHQL_SDL_INVALID", str(again), file) from None
        diagnostics.append(_tolerated(file, str(exc).split("\n\n")))
    problems = validate_schema(schema)
    if problems:
        diagnostics.append(_tolerated(file, [p.message for p in problems]))
    return schema, diagnostics


def _tolerated(file: str, messages: list[str]) -> Diagnostic:
    shown = "; ".join(m.strip() for m in messages[:SHOWN_PROBLEMS])
    more = f" (and {len(messages) - SHOWN_PROBLEMS} more)" if len(messages) > SHOWN_PROBLEMS else ""
    return Diagnostic(
        Severity.WARNING,
        "GRAPHQL_SCHEMA_TOLERATED",
        f"the schema is not valid GraphQL and was loaded as is: {shown}{more}",
        file=file,
        hint="the server is generated; fix the schema upstream if tools misbehave",
    )


def _introspection(text: str, file: str) -> GraphQLSchema:
    try:
        data = json.loads(text)
        if isinstance(data, dict) and isinstance(data.get("data"), dict):
            data = data["data"]
        return build_client_schema(data)
    except (ValueError, TypeError, KeyError, GraphQLError) as exc:
        raise _fail(
            "GRAPHQL_INTROSPECTION_INVALID",
            f"not a usable introspection result: {exc}",
            file,
            hint='pass the JSON of an introspection query ({"__schema": ...} or {"data": ...})',
        ) from None


def load_graphql(
    path: str | Path, *, name: str | None = None
) -> tuple[ServerSpec, list[Diagnostic]]:
    path = Path(path)
    schema, diagnostics = read_schema(path)
    # "schema.graphql" says nothing: name it after its folder (specs/swapi/schema.graphql)
    stem = path.stem if path.stem.lower() not in GENERIC_STEMS else path.resolve().parent.name
    name = name or slugify(stem)
    roots: list[tuple[Literal["query", "mutation"], GraphQLObjectType | None]] = [
        ("query", schema.query_type),
        ("mutation", schema.mutation_type),
    ]
    if schema.subscription_type is not None:
        diagnostics.append(
            Diagnostic(
                Severity.INFO,
                "GRAPHQL_SUBSCRIPTIONS_SKIPPED",
                f"{len(schema.subscription_type.fields)} subscription field(s) are not tools",
                file=str(path),
                pointer=pointer(schema.subscription_type.name),
            )
        )
    trees = GraphQLTrees(schema)
    calls = [call for kind, root in roots if root is not None for call in _calls(kind, root)]
    keys = {call.id: call.name for call in calls}
    names = assign_tool_names(keys, reserved={continue_tool_name(name)})
    operations = [_operation(call, names[call.id], trees) for call in calls]
    scheme = SecurityScheme(
        name="bearer_token",
        kind="bearer",
        env_vars=(f"{env_prefix(name)}_TOKEN",),
        description="Bearer token sent as Authorization: Bearer <token>",
    )
    spec = ServerSpec(
        name=name,
        title=stem.replace("_", " ").replace("-", " ").title(),
        version="0.1.0",
        description=shorten(schema.description, 500),
        summary=plain_first_sentence(schema.description),
        source_kind="graphql",
        source_file=str(path),
        base_url="",
        operations=tuple(operations),
        security=(scheme,),
        graphql_sdl=_sdl(schema),
    )
    return spec, diagnostics


@dataclass(frozen=True)
class _Call:
    """One operation: a root field, or a field of a namespace (``search { transactions }``)."""

    kind: Literal["query", "mutation"]
    holder: GraphQLObjectType  # the root type, or the namespace's object type
    field_name: str
    namespace: str | None = None

    @property
    def field(self) -> GraphQLField:
        return self.holder.fields[self.field_name]

    @property
    def path(self) -> str:
        return f"{self.namespace}.{self.field_name}" if self.namespace else self.field_name

    @property
    def id(self) -> str:
        return f"{self.kind}.{self.path}"

    @property
    def name(self) -> str:
        """The tool's name before collisions are settled: ``search_transactions``."""
        parts = (self.namespace, self.field_name) if self.namespace else (self.field_name,)
        return "_".join(snake_case(p) or p for p in parts)


def _calls(kind: Literal["query", "mutation"], root: GraphQLObjectType) -> list[_Call]:
    """The root's fields in schema order, a namespace's replaced by its own fields."""
    out: list[_Call] = []
    for field_name, field in root.fields.items():
        holder = namespace_type(field)
        if holder is None:
            out.append(_Call(kind, root, field_name))
        else:
            out.extend(_Call(kind, holder, sub, field_name) for sub in holder.fields)
    return out


def namespace_type(field: GraphQLField) -> GraphQLObjectType | None:
    """The object type of a root field that only groups operations (Braintree's ``search:
    Search``, whose every field takes a required argument: ``transactions(input: ...!)``):
    called without arguments, no field of it can be selected, so each of its fields is an
    operation of its own. None for any other root field."""
    if field.args and any(is_required(a) for a in field.args.values()):
        return None
    if is_list(field.type) or connection(field.type) is not None:
        return None
    holder = get_named_type(field.type)
    if not is_object_type(holder) or not holder.fields:
        return None
    needs_arguments = (
        any(is_required(a) for a in sub.args.values()) for sub in holder.fields.values()
    )
    return holder if all(needs_arguments) else None


def _operation(call: _Call, tool: str, trees: GraphQLTrees) -> OperationSpec:
    kind, field_name, field = call.kind, call.field_name, call.field
    conn = connection(field.type)
    inputs = InputSchemas()
    arg_names = assign_arg_names([("graphql", a) for a in field.args])
    params: list[ParamSpec] = []
    props: dict[str, Any] = {}
    required: list[str] = []
    for arg_name, (wire, arg) in zip(arg_names, field.args.items()):
        schema = inputs.argument(arg)
        if conn is not None and wire == "first" and schema.get("type") == "integer":
            schema = {**schema, "minimum": 1, "maximum": FIRST_MAXIMUM}
            schema.setdefault("default", FIRST_DEFAULT)
        needed = is_required(arg)
        params.append(
            ParamSpec(arg_name, "graphql", wire, needed, schema, shorten(arg.description))
        )
        props[arg_name] = schema
        if needed:
            required.append(arg_name)
    input_schema: dict[str, Any] = {"type": "object", "properties": props}
    if required:
        input_schema["required"] = required
    input_schema["additionalProperties"] = False
    description = tool_description(None, field.description) or f"GraphQL {kind} {call.path}."
    if field.deprecation_reason is not None:
        description = shorten("Deprecated. " + description, 300)
    read = kind == "query"
    what = classify(
        OperationSignals(
            method=kind.upper(),
            operation_id=call.path,
            has_body=True,
            response_tree=trees.answer_tree(field),
        )
    )
    return OperationSpec(
        id=call.id,
        tool_name=tool,
        title=shorten(field.description, TITLE_LIMIT).split(". ")[0] or call.path,
        description=description,
        params=tuple(params),
        input_schema=input_schema,
        binding=GraphQLBinding(
            operation_type=kind, field_name=field_name, namespace=call.namespace
        ),
        response=trees.shape(field, mutation=kind == "mutation"),
        kind=what,
        annotations=Annotations(read_only=read, destructive=not read, idempotent=read),
        tags=(kind,),
        source_pointer=pointer(call.holder.name, field_name),
        security=("bearer_token",),
    )


def _sdl(schema: GraphQLSchema) -> str:
    """The schema for the package (descriptions are in the IR already; without them the SDL
    is smaller and parses much faster). Call last: it changes ``schema`` in place."""
    strip_descriptions(schema)
    return print_schema(schema)
