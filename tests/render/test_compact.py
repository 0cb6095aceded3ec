"""The tool surface: rich for small APIs, lean for big ones, within the token targets."""

import json
from dataclasses import replace

import pytest
from jsonschema import Draft202012Validator

from generator.ir.models import ParamSpec
from generator.render.compact import (
    LEAN,
    RICH,
    build_surface,
    compact_schema,
    fragment,
    says_nothing_more,
    share_repeats,
)
from generator.pipeline import load_with_overlay
from generator.render.tooldata import server_data
from generator.report import surface_report
from generator.runtime.arguments import CONTROL_SCHEMAS, validate_arguments
from generator.runtime.errors import InvalidArguments
from generator.runtime.meta import describe
from generator.runtime.model import model_from_json
from tests.overlays.overlay_ir import build_spec, op
from tests.support.paths import GITHUB_REST, PETSTORE

NESTED = {
    "type": "object",
    "description": "A label.",
    "properties": {"name": {"type": "string", "description": "Its name. Long."}},
}


def test_noise_is_dropped_and_descriptions_become_fragments() -> None:
    schema = {
        "type": "object",
        "properties": {
            "per_page": {
                "type": "integer",
                "default": 30,
                "minimum": 1,
                "maximum": 100,
                "format": "int32",
                "description": "The number of results per page. More prose here.",
            },
            "since": {"type": "string", "format": "date-time"},
            "state": {"type": "string", "enum": ["open", "closed"]},
            "meta": {"type": "object", "properties": {}, "additionalProperties": False},
        },
        "required": ["per_page"],
        "additionalProperties": False,
    }
    out = compact_schema(schema, LEAN)
    assert out == {
        "type": "object",
        "properties": {
            "per_page": {
                "type": "integer",
                "minimum": 1,  # a lower bound is kept: a plausible first guess (0) breaks it
                "maximum": 100,
                "description": "Number of results per page",
            },
            "since": {"type": "string", "format": "date-time"},
            # the type stays beside an enum: clients that convert schemas to Gemini's refuse
            # an enum without one (and the tool with it)
            "state": {"type": "string", "enum": ["open", "closed"]},
            "meta": {"type": "object"},
            # the controls in their minimal form, their types: meaning and values in the
            # instructions, not per tool
            "fields": {"type": "array", "items": {"type": "string"}},
            "detail_level": {"type": "string"},
            "response_format": {"type": "string"},
        },
        "required": ["per_page"],
    }


def test_rich_lists_the_controls_and_keeps_descriptions_whole() -> None:
    schema = {"type": "object", "properties": {"q": {"type": "string", "description": "A. B."}}}
    out = compact_schema(schema, RICH)
    assert out["properties"]["q"]["description"] == "A. B."
    assert {"fields", "detail_level", "response_format"} <= set(out["properties"])
    assert out["properties"]["detail_level"]["enum"] == ["concise", "detailed"]
    # lean declares them too (a client that strips undeclared arguments keeps them), typed
    # (every client takes a property with a type) and bare: values in the instructions
    lean = compact_schema(schema, LEAN)["properties"]
    assert {k: lean[k] for k in CONTROL_SCHEMAS} == {
        "fields": {"type": "array", "items": {"type": "string"}},
        "detail_level": {"type": "string"},
        "response_format": {"type": "string"},
    }


def test_repeated_sub_schemas_are_defined_once_and_the_schema_stays_valid() -> None:
    schema = {
        "type": "object",
        "properties": {"a": NESTED, "b": {"type": "array", "items": NESTED}},
    }
    out = share_repeats(schema)
    assert out["properties"]["a"] == {"$ref": "#/$defs/d0"}
    assert out["properties"]["b"]["items"] == {"$ref": "#/$defs/d0"}
    assert out["$defs"]["d0"]["properties"]["name"]["type"] == "string"
    Draft202012Validator.check_schema(out)
    Draft202012Validator(out).validate({"a": {"name": "x"}, "b": [{"name": "y"}]})


def test_long_enums_become_examples_in_lean() -> None:
    zones = [f"Zone/{i}" for i in range(40)]
    out = compact_schema(
        {"type": "object", "properties": {"tz": {"type": "string", "enum": zones}}}, LEAN
    )
    assert out["properties"]["tz"] == {
        "type": "string",
        "description": "One of 40 values, e.g. Zone/0, Zone/1, Zone/2; "
        "a wrong value's error lists the closest",
    }


def test_the_server_validates_against_every_value_of_a_long_enum() -> None:
    """What the lean note promises is true: the tool keeps every value for validation (and
    only the tools with a long enum carry that second schema), the error lists the closest."""
    zones = [f"Zone/{name}" for name in ("Abidjan", "Accra", "New_York", "Tokyo")] * 10
    zones = [f"{z}{i}" for i, z in enumerate(zones)]
    body = {"type": "object", "properties": {"tz": {"type": "string", "enum": zones}}}
    nested = {"type": "object", "properties": {"report": body}, "required": ["report"]}
    ops = (
        replace(op("report", "POST", "/reports"), input_schema=nested),
        op("plain", "GET", "/plain"),
    )
    spec = replace(build_spec(), operations=ops)
    data = server_data(replace(spec, mode="per-op"))
    assert data["server"]["surface"] == "rich"  # small: rich lists all 40 values
    assert all("validation_schema" not in t for t in data["tools"])
    lean = build_surface(spec, LEAN)
    assert set(lean.checked) == {"report"}
    listed, checked = lean.tools["report"][1], lean.checked["report"]
    assert "enum" not in listed["properties"]["report"]["properties"]["tz"]
    assert checked["properties"]["report"]["properties"]["tz"]["enum"] == zones
    tool = model_from_json(
        {
            "server": {"name": "demo", "env_prefix": "DEMO"},
            "tools": [
                {
                    "name": "report",
                    "input_schema": listed,
                    "validation_schema": checked,
                    "binding": {"kind": "http", "method": "POST", "path": "/reports"},
                }
            ],
        }
    ).tools[0]
    assert validate_arguments(tool, {"report": {"tz": "Zone/Tokyo3"}})
    with pytest.raises(InvalidArguments) as info:
        validate_arguments(tool, {"report": {"tz": "tokyo 7"}})
    assert 'report.tz: "tokyo 7" is not one of the 40 allowed values' in info.value.message
    assert 'Closest: "Zone/Tokyo7"' in info.value.message
    # meta mode lists no operation schema: its describe tool shows every value
    meta = model_from_json(server_data(replace(spec, mode="meta")))
    report = meta.tool("report")
    assert report is not None
    described = json.loads(describe(meta, report))
    assert described["arguments"]["properties"]["report"]["properties"]["tz"]["enum"] == zones


def test_fragments_and_redundant_text() -> None:
    assert fragment("The `owner` of the repo. Not case sensitive.", 60) == "Owner of the repo"
    assert fragment("x " * 80, 20).endswith("…") and len(fragment("x " * 80, 20)) <= 20
    assert says_nothing_more("Get a repository", "repos_get_repository")
    assert says_nothing_more("Unique identifier of the hook", "hook_id")
    assert not says_nothing_more("Create a scoped access token", "apps_scope_token")


def _sharing(descriptions: dict[str, str], tools: int = 6) -> tuple:
    """``tools`` operations that each take the arguments ``descriptions`` describe."""
    spec = build_spec()
    props = {n: {"type": "string", "description": d} for n, d in descriptions.items()}
    params = tuple(
        ParamSpec(n, "path", n, True, {"type": "string"}, d) for n, d in descriptions.items()
    )
    ops = tuple(
        replace(
            op(f"op{i}", "GET", f"/x{i}"),
            params=params,
            input_schema={"type": "object", "properties": props, "required": sorted(props)},
        )
        for i in range(tools)
    )
    return spec, ops


def test_a_shared_argument_description_moves_to_the_instructions() -> None:
    spec, ops = _sharing({"owner": "Account owner of the repository."})
    lean = build_surface(replace(spec, operations=ops), LEAN)
    assert "owner: Account owner of the repository" in lean.instructions
    assert "fields (dot paths" in lean.instructions
    assert all("description" not in s["properties"]["owner"] for _, s in lean.tools.values())
    assert build_surface(replace(spec, operations=ops)).profile == "rich"  # small: rich fits


def test_a_shared_description_that_only_repeats_the_name_is_said_nowhere() -> None:
    spec, ops = _sharing(
        {"hook_id": "The unique identifier of the hook.", "owner": "Account owner of the repo."}
    )
    lean = build_surface(replace(spec, operations=ops), LEAN)
    assert "hook_id" not in lean.instructions  # "Unique identifier of the hook" says nothing
    assert "owner: Account owner of the repo" in lean.instructions
    for _, schema in lean.tools.values():
        assert schema["properties"]["hook_id"] == {"type": "string"}
        assert schema["required"] == ["hook_id", "owner"]


def test_an_argument_description_that_repeats_the_tool_name_is_left_out_of_lean() -> None:
    schema = {
        "type": "object",
        "properties": {
            "title": {"type": "string", "description": "Title of the issue."},
            "labels": {"type": "string", "description": "Comma-separated label names."},
        },
    }
    lean = compact_schema(schema, LEAN, tool_name="issues_create")["properties"]
    assert lean["title"] == {"type": "string"}  # the tool's name says whose title it is
    assert lean["labels"]["description"] == "Comma-separated label names"
    # another tool: the description says something its name does not
    assert (
        "description"
        in compact_schema(schema, LEAN, tool_name="gists_create")["properties"]["title"]
    )
    # the rich surface keeps every description
    rich = compact_schema(schema, RICH, tool_name="issues_create")["properties"]
    assert rich["title"]["description"] == "Title of the issue."


@pytest.fixture(scope="module")
def github_reports():
    path = GITHUB_REST
    return surface_report(path), surface_report(path, mode="meta")


def test_github_per_op_is_under_0_46_of_fastmcp_and_meta_under_2000(github_reports) -> None:
    per_op, meta = github_reports
    assert per_op.operations > 800 and per_op.surface == "lean"
    # FastMCP 4.1.2 shows the model 197,744 o200k tokens for this spec (bench.generation).
    # Every tool declares the three control arguments by their types (29 tokens each, about
    # 25,000 in all) and every string enum keeps its type (clients that convert schemas to
    # Gemini's refuse an enum without one: about 1,400 tokens); with the instructions, the
    # listing stays under 0.46 of FastMCP's (0.49 when the controls also listed their values).
    assert per_op.total <= 197_744 * 46 // 100
    assert meta.mode == "meta" and len(meta.tools) == 4 and meta.total < 2000
    text = per_op.render(top=3, threshold=25_000)
    assert "WARNING" in text and "largest tools:" in text
    assert len([line for line in text.splitlines() if line.startswith("   ")]) == 3


def test_auto_picks_meta_for_a_big_api_and_per_op_for_a_small_one() -> None:
    assert surface_report(GITHUB_REST, mode="auto").mode == "meta"
    small = surface_report(PETSTORE, mode="auto")
    assert small.mode == "per-op" and small.surface == "rich"
    assert all(cost.tokens > 0 for cost in small.tools)


def test_what_a_valid_value_needs_survives_below_the_lean_depth() -> None:
    # a GraphQL-style input list whose items are objects with required fields, nested twice
    item = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "prose"},
            "kind": {"type": "string", "enum": ["a", "b"]},
            "note": {"type": "string"},
            "tags": {"type": "array", "items": {"type": "integer"}},
        },
        "required": ["name", "kind", "tags"],
        "additionalProperties": False,
    }
    schema = {
        "type": "object",
        "properties": {
            "input": {
                "type": "object",
                "properties": {"items": {"type": "array", "items": item}},
                "required": ["items"],
            },
            "labels": {
                "oneOf": [
                    {"type": "object", "properties": {"labels": {"type": "array"}}},
                    {"type": "array", "items": {"type": "string"}},
                ]
            },
            "meta": {"type": "object", "anyOf": [{}, {}]},
        },
    }
    out = compact_schema(schema, LEAN)
    listed = out["properties"]["input"]["properties"]["items"]["items"]
    assert listed == {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "kind": {"type": "string", "enum": ["a", "b"]},
            "tags": {"type": "array", "items": {"type": "integer"}},
        },
        "required": ["name", "kind", "tags"],
    }
    # a union branch keeps its properties (they tell the branches apart); a vacuous anyOf goes
    branch = out["properties"]["labels"]["oneOf"][0]
    assert branch["properties"] == {"labels": {"type": "array"}}
    assert out["properties"]["meta"] == {"type": "object"}
    Draft202012Validator.check_schema(out)


def test_every_corpus_tool_is_callable_from_its_listing() -> None:
    """generator/bench/callability.py on the committed examples (whole specs, lean or rich
    as generated): arguments built from the listed schema satisfy the full one."""
    from generator.bench.callability import full_schema, first_error
    from generator.pipeline import load_with_overlay
    from generator.render.compact import build_surface
    from tests.support.paths import GITHUB_REST

    spec, _ = load_with_overlay(GITHUB_REST)
    surface = build_surface(spec)
    assert surface.profile == "lean"
    failing = [
        (op.tool_name, error)
        for op in spec.operations
        if (
            error := first_error(
                full_schema(op.input_schema), surface.tools[op.id][1], surface.instructions
            )
        )
    ]
    assert failing == []
    # the lean listing gives the controls' types only: their values come from the instructions
    first = spec.operations[0]
    alone = first_error(full_schema(first.input_schema), surface.tools[first.id][1])
    assert alone is not None and "detail_level" in alone


def test_lean_lists_the_controls_types_and_the_instructions_their_values() -> None:
    spec, _ = load_with_overlay(GITHUB_REST)
    surface = build_surface(spec)
    assert surface.profile == "lean"
    for _, schema in surface.tools.values():
        props = schema["properties"]
        assert props["fields"] == {"type": "array", "items": {"type": "string"}}
        assert props["detail_level"] == props["response_format"] == {"type": "string"}
    for name, control in CONTROL_SCHEMAS.items():
        assert f"{name} (" in surface.instructions
        for value in control.get("enum", []):
            assert f'"{value}"' in surface.instructions, value
    # what the server validates: every value, and a wrong one is refused with all of them
    model = model_from_json(server_data(spec))
    tool = model.tool("issues_list_for_repo")
    assert tool is not None
    args = {"owner": "o", "repo": "r"}
    validate_arguments(tool, {**args, "detail_level": "detailed", "response_format": "toon"})
    with pytest.raises(InvalidArguments) as refused:
        validate_arguments(tool, {**args, "detail_level": "full"})
    assert "concise" in str(refused.value) and "detailed" in str(refused.value)
