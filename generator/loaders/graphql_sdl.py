"""The SDL a GraphQL server package carries: the schema without its descriptions (the tools
carry their own; without them the SDL is smaller and parses much faster)."""

from __future__ import annotations

from graphql import (
    GraphQLSchema,
    is_enum_type,
    is_input_object_type,
    is_interface_type,
    is_object_type,
)


def strip_descriptions(schema: GraphQLSchema) -> None:
    """Drop every description of ``schema`` in place (types, fields, arguments, values)."""
    for named in schema.type_map.values():
        if named.name.startswith("__"):
            continue
        named.description = None
        if is_object_type(named) or is_interface_type(named) or is_input_object_type(named):
            for field in named.fields.values():
                field.description = None
                for arg in getattr(field, "args", {}).values():
                    arg.description = None
        elif is_enum_type(named):
            for value in named.values.values():
                value.description = None
