"""A body for a GraphQL row when none is recorded: synthesized from the schema (flagged).

A recorded GraphQL response holds only what its query selected, so it cannot answer another
selection; the benchmark needs the whole object. This builds it from the schema: every field
of the root field's type with a value (``preview/synthesize.scalar`` for scalars, the first
value of an enum, ``__typename`` and the first possible type for interfaces and unions), and
objects nested ``LEVELS`` deep (the deepest level keeps its scalars only). A connection (a
type with ``nodes`` or ``edges`` and ``pageInfo``) and its edges (``node`` and ``cursor``) do
not use up a level, so
``labels.nodes.name`` is there wherever ``labels`` is; its ``edges`` are left out when it has
``nodes`` (the same items again). A mutation's payload (``issueCreate { issue }``) does not use
up a level either. Lists hold ``ITEMS`` items at the top, one below.

``selectable=True`` (the breadth benchmark) leaves out what no selection may name, as the
generated server sees it (``graphql_types.selectable_fields``: deprecated fields and fields
with a required argument): the judge then weighs the default selection against everything a
caller could have asked for. The practitioners' rows keep every field (a hand-written server
may select a deprecated one).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    get_named_type,
    is_abstract_type,
)

from ..preview.synthesize import scalar
from ..loaders.graphql import read_schema
from ..runtime.graphql.graphql_types import selectable_fields

LEVELS = 1
ITEMS = 2
_SCALARS = {"Int": "integer", "Float": "number", "Boolean": "boolean"}
_FORMATS = {"DateTime": "date-time", "Date": "date", "TimelessDate": "date", "ID": "uuid"}


@lru_cache(maxsize=4)
def _schema(schema_file: Path) -> GraphQLSchema:
    return read_schema(schema_file)[0]


def body_for(schema_file: Path, op: str, selectable: bool = False) -> Any:
    """The value of the root field named by ``op`` (``query issues``), synthesized; of a
    namespace's field (``query search.transactions``): the namespace's value holding it."""
    schema = _schema(schema_file)
    kind, path = op.split(" ", 1)
    name, _, nested = path.partition(".")
    root = schema.query_type if kind == "query" else schema.mutation_type
    assert root is not None and name in root.fields, op
    # a mutation's payload only wraps what it created or changed: it uses up no level
    start = -1 if kind == "mutation" else 0
    if nested:
        holder = get_named_type(root.fields[name].type)
        assert isinstance(holder, GraphQLObjectType) and nested in holder.fields, op
        field = holder.fields[nested]
        return {nested: _value(schema, field.type, nested, start, 0, selectable, top=True)}
    return _value(schema, root.fields[name].type, name, start, 0, selectable, top=True)


def _is_connection(t: GraphQLObjectType) -> bool:
    return "pageInfo" in t.fields and ("nodes" in t.fields or "edges" in t.fields)


def _value(
    schema: GraphQLSchema,
    t: Any,
    name: str,
    level: int,
    index: int,
    selectable: bool,
    top: bool = False,
) -> Any:
    if isinstance(t, GraphQLNonNull):
        t = t.of_type
    if isinstance(t, GraphQLList):
        count = ITEMS if top else 1
        items = [_value(schema, t.of_type, name, level, i, selectable) for i in range(count)]
        items = [i for i in items if i is not None]
        return items or None
    if isinstance(t, GraphQLEnumType):
        return next(iter(t.values))
    if isinstance(t, GraphQLScalarType):
        kind = _SCALARS.get(t.name, "string")
        return scalar(kind, _FORMATS.get(t.name), name, index)
    typename = None
    if is_abstract_type(t):
        typename = schema.get_possible_types(t)[0].name
        t = schema.get_possible_types(t)[0]
    if not isinstance(t, GraphQLObjectType):
        return None
    connection = _is_connection(t)
    edge = "node" in t.fields and "cursor" in t.fields  # a connection's edge: node and cursor
    if level > LEVELS:
        return None
    out: dict[str, Any] = {"__typename": typename} if typename else {}
    fields = selectable_fields(t) if selectable else t.fields
    for field_name, field in fields.items():
        if connection and field_name == "edges" and "nodes" in t.fields:
            continue
        inner = field.type
        while isinstance(inner, (GraphQLNonNull, GraphQLList)):
            inner = inner.of_type
        nested = isinstance(inner, GraphQLObjectType) or is_abstract_type(inner)
        if nested and not (connection or edge) and level == LEVELS:
            continue
        below = level if connection or edge else level + 1
        value = _value(
            schema,
            field.type,
            field_name,
            below if nested else level,
            index,
            selectable,
            top=top and (connection or edge),
        )
        if value is not None:
            out[field_name] = value
    return out


@lru_cache(maxsize=4)
def _answered_outside_mutations(schema: GraphQLSchema) -> frozenset[str]:
    """The names of the types a field answers with, of any object or interface type but the
    mutation root."""
    return frozenset(
        get_named_type(each.type).name
        for named in schema.type_map.values()
        if isinstance(named, (GraphQLObjectType, GraphQLInterfaceType))
        and named is not schema.mutation_type
        for each in named.fields.values()
    )


def without_unsent_echoes(
    schema_file: Path, op: str, value: Any, arguments: Mapping[str, Any]
) -> Any:
    """A mutation's payload (``op``: ``mutation createImage``) as a server answers a call
    that sent ``arguments``: in a payload type (only mutations answer with it), a scalar member named and typed as an argument, or as a field of an
    input object argument, answers back what the caller sent (Relay's ``clientMutationId``),
    so it is null, and left out, when the call did not send it. A type other fields answer
    with too is a resource (``editAccount`` answering an ``Account``): its members are its own."""
    kind, path = op.split(" ", 1)
    schema = _schema(schema_file)
    root = schema.mutation_type
    if kind != "mutation" or "." in path or root is None or not isinstance(value, dict):
        return value
    field = root.fields[path]
    payload = get_named_type(field.type)
    if payload.name in _answered_outside_mutations(schema):
        return value
    answered = getattr(payload, "fields", {})
    inputs: dict[str, str] = {}
    sent: set[str] = set(arguments)
    for name, arg in field.args.items():
        named = get_named_type(arg.type)
        inputs[name] = named.name
        if isinstance(named, GraphQLInputObjectType):
            inputs.update((k, get_named_type(f.type).name) for k, f in named.fields.items())
            given = arguments.get(name)
            sent |= set(given) if isinstance(given, Mapping) else set()
    return {
        k: v
        for k, v in value.items()
        if k in sent
        or k not in inputs
        or k not in answered
        or isinstance(v, (dict, list))
        or get_named_type(answered[k].type).name != inputs[k]
    }
