"""A body for a GraphQL row when none is recorded: synthesized from the schema (flagged).

A recorded GraphQL response holds only what its query selected, so it cannot answer another
selection; the benchmark needs the whole object. This builds it from the schema: every field
of the root field's type with a value (``preview/synthesize.scalar`` for scalars, the first
value of an enum, ``__typename`` and the first possible type for interfaces and unions), and
objects nested ``LEVELS`` deep (the deepest level keeps its scalars only). A connection (a
type with ``nodes`` or ``edges`` and ``pageInfo``) does not use up a level, so
``labels.nodes.name`` is there wherever ``labels`` is; its ``edges`` are left out when it has
``nodes`` (the same items again). A mutation's payload (``issueCreate { issue }``) does not use
up a level either. Lists hold ``ITEMS`` items at the top, one below.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    get_named_type,
    is_abstract_type,
)

from ...preview.synthesize import scalar
from ...loaders.graphql import read_schema

LEVELS = 1
ITEMS = 2
_SCALARS = {"Int": "integer", "Float": "number", "Boolean": "boolean"}
_FORMATS = {"DateTime": "date-time", "Date": "date", "TimelessDate": "date", "ID": "uuid"}


@lru_cache(maxsize=4)
def _schema(schema_file: Path) -> GraphQLSchema:
    return read_schema(schema_file)[0]


def body_for(schema_file: Path, op: str) -> Any:
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
        return {nested: _value(schema, holder.fields[nested].type, nested, start, 0, top=True)}
    return _value(schema, root.fields[name].type, name, start, 0, top=True)


def _is_connection(t: GraphQLObjectType) -> bool:
    return "pageInfo" in t.fields and ("nodes" in t.fields or "edges" in t.fields)


def _value(
    schema: GraphQLSchema, t: Any, name: str, level: int, index: int, top: bool = False
) -> Any:
    if isinstance(t, GraphQLNonNull):
        t = t.of_type
    if isinstance(t, GraphQLList):
        count = ITEMS if top else 1
        items = [_value(schema, t.of_type, name, level, i, top=False) for i in range(count)]
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
    if level > LEVELS:
        return None
    out: dict[str, Any] = {"__typename": typename} if typename else {}
    for field_name, field in t.fields.items():
        if connection and field_name == "edges" and "nodes" in t.fields:
            continue
        inner = field.type
        while isinstance(inner, (GraphQLNonNull, GraphQLList)):
            inner = inner.of_type
        nested = isinstance(inner, GraphQLObjectType) or is_abstract_type(inner)
        if nested and not connection and level == LEVELS:
            continue
        below = level if connection else level + 1
        value = _value(
            schema,
            field.type,
            field_name,
            below if nested else level,
            index,
            top=top and connection,
        )
        if value is not None:
            out[field_name] = value
    return out
