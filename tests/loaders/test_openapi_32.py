"""OpenAPI 3.2 descriptions: read like 3.1, plus the QUERY method (a read that carries a body)
and ``in: querystring`` parameters sent as form pairs; what is not generated is said."""

from __future__ import annotations

from pathlib import Path

from generator.diagnostics import Severity
from tests.support.loading import http_binding, load_decided, pointer_of

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "query32.yaml"


def test_query_method_is_a_read_only_tool_with_its_body_as_arguments() -> None:
    spec, _ = load_decided(SPEC)
    op = next(o for o in spec.operations if o.id == "searchEntries")
    assert http_binding(op).method == "QUERY"
    assert op.annotations.read_only and op.annotations.idempotent
    assert not op.annotations.destructive
    assert {"account", "min_amount"} <= set(op.input_schema["properties"])
    assert op.kind in ("read", "search")


def test_a_form_querystring_becomes_one_query_argument_sent_exploded() -> None:
    spec, _ = load_decided(SPEC)
    op = next(o for o in spec.operations if o.id == "listItems")
    (param,) = [p for p in op.params if p.wire_name == "search"]
    assert (param.location, param.style, param.explode) == ("query", "form", True)
    assert set(param.schema["properties"]) == {"q", "page"}


def test_what_is_not_generated_is_said_where_it_is_written() -> None:
    spec, diagnostics = load_decided(SPEC)
    ids = {o.id for o in spec.operations}
    assert ids == {"searchEntries", "listItems", "getItem"}
    by_code = {d.code: d for d in diagnostics if d.severity is Severity.WARNING}
    skipped = by_code["QUERYSTRING_UNSUPPORTED"]
    assert pointer_of(skipped) == "/paths/~1exports/get/parameters/0"
    assert "'filter'" in skipped.message and "application/json" in skipped.message
    other = by_code["OPERATIONS_NOT_GENERATED"]
    assert pointer_of(other) == "/paths/~1items~1{id}/additionalOperations"
    assert "COPY" in other.message
