"""The full GitHub and Linear GraphQL schemas generate whole servers, in under 20 s each."""

import json
import time

import pytest
from graphql import build_schema

from generator.runtime.arguments import Controls
from generator.runtime.errors import InvalidArguments
from generator.runtime.graphql.graphql_call import build_request, load_schema
from generator.runtime.model import model_from_json

from generator.pipeline import build
from tests.support.paths import GRAPHQL, LINEAR

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(
    ("name", "tools", "tolerated"), [("github", 278, True), ("linear", 535, False)]
)
def test_a_big_real_schema_generates_a_complete_package_quickly(
    name: str, tools: int, tolerated: bool, tmp_path
) -> None:
    start = time.process_time()  # CPU seconds: a busy machine slows the wall clock, not this
    result = build(LINEAR if name == "linear" else GRAPHQL / f"{name}.graphql")
    seconds = time.process_time() - start
    assert seconds < 20, f"{name} took {seconds:.1f} s of CPU"
    assert len(result.spec.operations) == tools
    codes = {d.code for d in result.diagnostics}
    assert ("GRAPHQL_SCHEMA_TOLERATED" in codes) is tolerated
    names = [op.tool_name for op in result.spec.operations]
    assert len(set(names)) == len(names) and all(len(n) <= 64 for n in names)
    pkg = f"src/{name}_mcp"
    # the shipped schema is valid GraphQL on its own and holds every tool's root field
    shipped = build_schema(result.files[f"{pkg}/schema.graphql"].decode())
    data = json.loads(result.files[f"{pkg}/spec.json"])
    for tool in data["tools"]:
        binding = tool["binding"]
        root = shipped.query_type if binding["operation_type"] == "query" else shipped.mutation_type
        assert root is not None and binding["field_name"] in root.fields

    # every 8th tool: its default and its detailed documents compile and validate
    schema_file = tmp_path / "schema.graphql"
    schema_file.write_bytes(result.files[f"{pkg}/schema.graphql"])
    schema = load_schema(str(schema_file))
    model = model_from_json(data)
    checked = 0
    for tool in model.tools[::8]:
        args = {arg: _sample(tool.input_schema["properties"][arg]) for arg in
                tool.input_schema.get("required", [])}  # fmt: skip
        for controls in (Controls(), Controls(detail_level="detailed")):
            try:
                request = build_request(schema, tool, args, controls)
            except InvalidArguments as exc:  # a sample value GraphQL refuses, not a bad document
                assert exc.message.startswith(f"Invalid arguments for {tool.name}")
                continue
            operation = tool.binding.operation_type
            assert operation is not None and request.document.startswith(operation)
            checked += 1
    assert checked >= 10


def _sample(schema: dict) -> object:
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type", "")
    if kind == "object":
        props = schema.get("properties", {})
        return {k: _sample(props.get(k, {})) for k in schema.get("required", [])}
    return {"integer": 1, "number": 1.0, "boolean": True, "array": []}.get(kind, "x")
