"""The GraphQL binding: selections checked against the schema, one query per call."""
