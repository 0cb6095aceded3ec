"""Example bodies: the spec's own examples first, else realistic deterministic synthesis."""

from __future__ import annotations

from pathlib import Path

from generator.pipeline import load_with_overlay
from generator.preview.synthesize import (
    FROM_TREE,
    LIST_ITEMS,
    SYNTHESIZED,
    Example,
    ExampleFinder,
    NoBody,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "breadth"
EXAMPLES = FIXTURES / "examples.yaml"


def _examples(path: Path) -> dict[str, Example]:
    """The example of each operation that has one."""
    spec, _ = load_with_overlay(path)
    finder = ExampleFinder(path)
    found = {op.id: finder.example(op) for op in spec.operations}
    return {op_id: example for op_id, example in found.items() if example is not None}


def test_the_media_example_and_the_first_named_example_come_first() -> None:
    found = _examples(EXAMPLES)
    media = found["mediaExample"]
    assert media.value == {"id": "ev-1", "title": "From the media example"}
    assert media.source == (
        "spec example at /paths/~1media-example/get/responses/200/content/application~1json/example"
    )
    named = found["namedExamples"]
    assert named.value == {"id": "ev-2", "title": "From a named example"}  # 201, not default
    assert named.source.endswith("/responses/201/content/application~1json/examples/first")


def test_a_synthesized_body_is_realistic_by_type_format_enum_and_name() -> None:
    example = _examples(EXAMPLES)["listEvents"]
    assert example.source == SYNTHESIZED
    events = example.value["events"]
    assert len(events) == LIST_ITEMS and example.value["next_cursor"]
    first = events[0]
    assert first["kind"] == "created"  # enum
    assert first["starts_at"] == "2024-05-01T12:34:56Z"  # date-time
    assert first["homepage"].startswith("https://") and first["contact"].endswith("@example.com")
    assert isinstance(first["attendee_count"], int) and first["venue"] == "Main hall"
    assert first["title"] == "Event 1"  # a label named after its component
    assert first["payload"] == {"size": 2, "digest": "digest 1"}  # oneOf past null, allOf merged
    assert "parent" in first and "parent" not in first["parent"]  # recursion stops
    assert len({e["id"] for e in events}) == LIST_ITEMS  # items are distinct


def test_synthesis_is_deterministic() -> None:
    assert _examples(EXAMPLES) == _examples(EXAMPLES)


def test_swagger2_response_examples_are_used(tmp_path) -> None:
    spec = tmp_path / "s2.yaml"
    spec.write_text(
        "swagger: '2.0'\ninfo: {title: S2, version: '1'}\nhost: s2.example.com\n"
        "paths:\n  /a:\n    get:\n      operationId: getA\n      produces: [application/json]\n"
        "      responses:\n        200:\n          description: ok\n"
        "          schema: {type: object, properties: {id: {type: integer}}}\n"
        "          examples: {application/json: {id: 42}}\n",
        encoding="utf-8",
    )
    example = _examples(spec)["getA"]
    assert example.value == {"id": 42} and example.source.startswith("spec example at ")


def test_an_example_written_as_a_json_string_is_parsed(tmp_path) -> None:
    spec = tmp_path / "s2.yaml"
    spec.write_text(
        "swagger: '2.0'\ninfo: {title: S2, version: '1'}\nhost: s2.example.com\n"
        "paths:\n  /a:\n    get:\n      operationId: getA\n      produces: [application/json]\n"
        "      responses:\n        200:\n          description: ok\n"
        "          schema: {type: object, properties: {id: {type: integer}}}\n"
        '          examples: {application/json: \'{"id": 42, "tags": ["a"]}\'}\n'
        "  /b:\n    get:\n      operationId: getB\n      produces: [application/json]\n"
        "      responses:\n        200:\n          description: ok\n"
        "          schema: {type: string}\n"
        "          examples: {application/json: 'plain words'}\n",
        encoding="utf-8",
    )
    found = _examples(spec)
    assert found["getA"].value == {"id": 42, "tags": ["a"]}
    assert found["getA"].source.endswith("(JSON text, parsed)")
    assert found["getB"].value == "plain words"  # a string that is not JSON stays a string


def test_graphql_operations_fall_back_to_the_field_tree() -> None:
    spec = Path(__file__).resolve().parents[2] / "specs" / "swapi" / "schema.graphql"
    found = list(_examples(spec).values())
    assert found and all(e.source == FROM_TREE for e in found)


WRITES = FIXTURES / "openapi" / "writes.yaml"


def test_a_write_is_answered_with_the_status_its_body_is_described_under() -> None:
    found = _examples(WRITES)
    assert found["createIssue"].status == 201  # the 200 describes no body: the 201 does
    assert found["createOrder"].status == 201 and found["startExport"].status == 202
    assert found["createChatCompletion"].status == 200
    assert "deleteThing" not in found  # no body described: no example


def test_a_write_answer_is_synthesized_from_the_response_schema_not_the_request() -> None:
    changed = _examples(WRITES)["updateThing"]
    assert changed.source == SYNTHESIZED
    assert "ThingID" in changed.value and "Status" in changed.value  # the response's Thing
    assert "password" not in changed.value  # writeOnly: never in an answer


def test_without_a_json_body_the_empty_success_status_or_the_reason_is_given() -> None:
    spec, _ = load_with_overlay(WRITES)
    finder = ExampleFinder(WRITES)
    ops = {op.id: op for op in spec.operations}
    assert finder.without_body(ops["deleteThing"]) == NoBody(204, "")
    report = finder.without_body(ops["thingReport"])
    assert report.status is None and report.reason == "success body is not JSON (text/csv)"


NO_CONTENT_WITH_SCHEMA = """\
openapi: 3.0.3
info: {title: No content, version: "1"}
paths:
  /streams/{id}/values:
    post:
      operationId: updateValues
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses:
        "204":
          description: Updated
          content:
            application/json:
              schema:
                type: object
                properties:
                  items: {type: array, items: {type: object, properties: {id: {type: string}}}}
"""


def test_a_204_described_with_a_schema_is_served_without_a_body(tmp_path: Path) -> None:
    # HTTP gives a 204 no body and a client never reads one: the benchmarks' upstream
    # answers 204 empty (an acknowledgement), not the described body the tool cannot see
    path = tmp_path / "openapi.yaml"
    path.write_text(NO_CONTENT_WITH_SCHEMA, encoding="utf-8")
    spec, _ = load_with_overlay(path)
    finder = ExampleFinder(path)
    (op,) = spec.operations
    assert finder.example(op) is None
    assert finder.without_body(op) == NoBody(204, "")
