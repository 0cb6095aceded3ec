"""The starter overlay of `mcpforge init`: valid, commented, deterministic, and a no-op round trip."""

from __future__ import annotations

import dataclasses

import pytest
import yaml

from generator.decisions import decide_operations
from generator.ir.models import ServerSpec, ShapingLimits
from generator.overlays import apply_overlay, load_overlay, parse_overlay, starter_overlay
from generator.overlays.starter import scalar
from tests.overlays.overlay_ir import build_spec, op


def round_trip(spec: ServerSpec) -> tuple[ServerSpec, str]:
    text = starter_overlay(spec)
    overlay, diags = parse_overlay(text, "starter.yaml")
    assert diags == [], [d.render() for d in diags]
    new, diags = apply_overlay(spec, overlay, file="starter.yaml")
    assert diags == [], [d.render() for d in diags]
    return decide_operations(new), text  # as the pipeline does after the overlay


def test_starter_round_trip_gives_no_diagnostics_and_same_default_fields(spec):
    new, text = round_trip(spec)
    assert [o.response.default_fields for o in new.operations] == [
        o.response.default_fields for o in spec.operations
    ]
    assert [o.id for o in new.operations] == [o.id for o in spec.operations]
    assert [o.tool_name for o in new.operations] == [o.tool_name for o in spec.operations]
    for op_id in ("listPets", "issues/list-for-repo"):
        shape = next(o.response for o in spec.operations if o.id == op_id)
        assert shape.default_fields
        assert f"    include: [{', '.join(shape.default_fields)}]" in text
    assert "  listPets:" in text
    assert "\n    # tool_name: listPets\n" in text


def test_starter_shows_effective_defaults(spec):
    text = starter_overlay(dataclasses.replace(spec, limits=ShapingLimits(max_chars=123)))
    data = yaml.safe_load(text)
    assert data["defaults"] == {
        "max_chars": 123,
        "max_chars_detailed": 4000,
        "truncation_marker": "… [{cut} more chars]",
        "chunk_threshold_tokens": 20000,
        "chunk_tokens": 15000,
        "encoding": "o200k_base",
        "continuation_ttl": 300,
    }
    assert set(data) == {"defaults", "operations"}  # everything else is commented out


def test_starter_is_deterministic(spec):
    assert starter_overlay(spec) == starter_overlay(decide_operations(build_spec()))


def test_starter_survives_hostile_names():
    hostile = '"""; import os #'
    ops = (
        op(
            "GET /odd: #path",
            "GET",
            "/odd/{x}",
            tool_name="odd_1",
            title=hostile + "\nsecond line",
            tree={"a b": "string", "x:y": "integer", "true": "string", "id": "integer"},
            schema="We: ird",
        ),
        op(
            "yes",
            "GET",
            "/yes",
            tool_name="yes_",
            tags=("t: x",),
            tree={"null": "string"},
        ),
        op("2024", "POST", "/n", tool_name="n", title="\u2028 line sep"),
    )
    spec = dataclasses.replace(build_spec(), title=hostile, name="x", base_url="", operations=ops)
    spec = decide_operations(spec)
    assert spec.operations[0].response.default_fields  # hostile names among them
    new, text = round_trip(spec)
    assert [o.response.default_fields for o in new.operations] == [
        o.response.default_fields for o in spec.operations
    ]
    assert "import os" not in yaml.safe_dump(yaml.safe_load(text))  # only ever inside comments


def test_starter_for_a_spec_without_operations():
    spec = dataclasses.replace(build_spec(), operations=())
    text = starter_overlay(spec)
    overlay, diags = parse_overlay(text, "s.yaml")
    assert diags == [] and overlay.operations == ()


@pytest.mark.parametrize(
    "text", ["id", "owner.login", "1.0.0", "GET /x", "true", "1.5", "", "a\u2028b", "*"]
)
def test_scalar_reads_back_as_the_same_string(text):
    assert yaml.safe_load(f"k: [{scalar(text)}]")["k"] == [text]
    assert yaml.safe_load(f"{scalar(text)}: 1") == {text: 1}


def test_starter_written_to_a_file_loads(tmp_path, spec):
    path = tmp_path / "overlay.yaml"
    path.write_text(starter_overlay(spec), encoding="utf-8")
    overlay, diags = load_overlay(path)
    assert diags == [] and len(overlay.operations) == len(spec.operations)
