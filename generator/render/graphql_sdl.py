"""The ``schema.graphql`` a GraphQL server package ships: what its tools reach, nothing more.

The server validates every document it builds against this schema before sending it, so it
must hold every type the selected root fields reach (output types, arguments, input objects,
interfaces, union members). Root types keep only the fields that are tools; descriptions are
left out (the tools carry their own). Printed by graphql-core, so the output is deterministic.
"""

from __future__ import annotations

from graphql import (
    GraphQLInterfaceType,
    GraphQLNamedType,
    GraphQLObjectType,
    GraphQLSchema,
    build_schema,
    get_named_type,
    print_schema,
)

from ..ir import ServerSpec
from ..loaders.graphql_sdl import strip_descriptions

SCHEMA_FILE = "schema.graphql"


def shipped_sdl(spec: ServerSpec) -> str:
    full = build_schema(
        spec.graphql_sdl, assume_valid=True, assume_valid_sdl=True, no_location=True
    )
    wanted: dict[str, set[str]] = {"query": set(), "mutation": set()}
    for op in spec.operations:
        binding = op.binding
        if binding.kind == "graphql":
            wanted[binding.operation_type].add(binding.namespace or binding.field_name)
    roots: dict[str, GraphQLObjectType | None] = {}
    for kind, root in (("query", full.query_type), ("mutation", full.mutation_type)):
        if root is None:
            roots[kind] = None
            continue
        fields = {n: f for n, f in root.fields.items() if n in wanted[kind]}
        # In place (this schema object is ours alone): other types may refer to the root
        # type (GitHub's ``relay: Query!``), and a second type of the same name is invalid.
        root.__dict__["fields"] = fields
        roots[kind] = root if fields or kind == "query" else None
    query = roots["query"] or GraphQLObjectType("Query", {})
    # An interface a field answers with brings its implementations: a document selects their
    # own fields through inline fragments (``... on App { id }``), which the schema must know.
    types: list[GraphQLNamedType] = []
    while True:
        pruned = GraphQLSchema(
            query=query, mutation=roots["mutation"], types=types, assume_valid=True
        )
        answered = {
            get_named_type(f.type).name
            for t in pruned.type_map.values()
            if isinstance(t, (GraphQLObjectType, GraphQLInterfaceType))
            for f in t.fields.values()
        }
        extra = [
            impl
            for name in sorted(answered)
            if isinstance(pruned.type_map.get(name), GraphQLInterfaceType)
            for impl in full.get_possible_types(full.type_map[name])  # type: ignore[arg-type]
            if impl.name not in pruned.type_map
        ]
        if not extra:
            break
        types += extra
    strip_descriptions(pruned)
    return print_schema(pruned) + "\n"
