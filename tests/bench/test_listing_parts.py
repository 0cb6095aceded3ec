"""Where a per-operation listing's tokens go: each count is an exact listing with less in it."""

import json

from generator.pipeline import load_spec
from generator.render.tooldata import server_data
from generator.report import model_view
from generator.runtime.mcp.mcp_adapter import to_mcp_tools
from generator.runtime.model import model_from_json
from generator.bench.listing_parts import STEPS, listing_parts, parts_of, render_parts
from generator.runtime.arguments import CONTROL_SCHEMAS
from generator.runtime.shaping.tokens import count_tokens
from tests.support.paths import PETSTORE

CONTROLS = set(CONTROL_SCHEMAS)


def _tokens(listing: object) -> int:
    return count_tokens(json.dumps(listing, ensure_ascii=False, separators=(",", ":")))


def test_each_step_takes_one_part_away_and_counts_what_is_left() -> None:
    body = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
    view: dict = {
        "name": "pets_create",
        "description": "Create a pet in the store",
        "inputSchema": {
            "type": "object",
            "properties": {
                "store": {"type": "integer", "description": "Which store"},
                "body": {"$ref": "#/$defs/d0"},
                **CONTROL_SCHEMAS,
            },
            "required": ["store"],
            "$defs": {"d0": body},
        },
    }
    parts = parts_of([view], CONTROLS)
    bare = {k: v for k, v in view["inputSchema"]["properties"].items() if k not in CONTROLS}
    no_controls = {**view, "inputSchema": {**view["inputSchema"], "properties": bare}}
    plain_props = {"store": {"type": "integer"}, "body": {"$ref": "#/$defs/d0"}}
    plain: dict = {"name": "pets_create", "inputSchema": {**no_controls["inputSchema"]}}
    plain["inputSchema"]["properties"] = plain_props
    names = {
        "name": "pets_create",
        "inputSchema": {
            "type": "object",
            "properties": {"store": {}, "body": {}},
            "required": ["store"],
        },
    }
    assert parts.tokens == tuple(_tokens([x]) for x in (view, no_controls, plain, names))
    assert parts.tokens[0] > parts.tokens[1] > parts.tokens[2] > parts.tokens[3]
    assert parts.controls == _tokens([view]) - _tokens([no_controls])
    assert parts.floor_with_controls == parts.tokens[3] + parts.controls


def test_a_real_listing_and_its_lines() -> None:
    parts = listing_parts(PETSTORE)
    # the first count is the served tools/list (as the MCP client gets it), continue tool aside
    spec, _ = load_spec(PETSTORE, name=None)
    served = [model_view(t) for t in to_mcp_tools(model_from_json(server_data(spec)))]
    assert parts.tokens[0] == _tokens(served[:-1])
    assert len(parts.tokens) == len(STEPS)
    assert parts.controls > 0  # the rich listing declares the controls in every tool
    assert list(parts.tokens) == sorted(parts.tokens, reverse=True)
    lines = render_parts("petstore", parts, 1_000.0)
    assert lines[0].startswith("- petstore: where the listing's tokens go")
    assert f"as listed {parts.tokens[0]:,}" in lines[0]
    assert f"floor with the controls in every schema: {parts.floor_with_controls:,}" in lines[1]
    assert render_parts("petstore", parts, None) == lines[:1]
