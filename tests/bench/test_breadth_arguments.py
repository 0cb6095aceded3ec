"""Arguments the breadth benchmark builds from a tool's listed input schema (bench/arguments.py)."""

from __future__ import annotations

import re

from jsonschema import Draft202012Validator

from generator.bench.arguments import arguments_for


def _valid(schema: dict, value: dict) -> bool:
    return not list(Draft202012Validator(schema).iter_errors(value))


def test_required_members_are_filled_at_every_depth_and_optional_ones_left_out() -> None:
    schema = {
        "type": "object",
        "properties": {
            "body": {
                "type": "object",
                "properties": {
                    "customer": {
                        "type": "object",
                        "properties": {"email": {"type": "string", "format": "email"},
                                       "note": {"type": "string"}},
                        "required": ["email"],
                    },
                    "count": {"type": "integer", "minimum": 5},
                    "tags": {"type": "array", "items": {"type": "string"}, "minItems": 2},
                },
                "required": ["customer", "count", "tags"],
            },
            "page": {"type": "integer"},
        },
        "required": ["body"],
    }  # fmt: skip
    value = arguments_for(schema)
    assert value == {
        "body": {
            "customer": {"email": "user1@example.com"},
            "count": 5,  # the minimum
            "tags": ["tag 1", "tag 2"],
        }
    }
    assert _valid(schema, value)


def test_given_values_come_first_when_they_have_the_schemas_type() -> None:
    schema = {
        "type": "object",
        "properties": {
            "mode": {"type": "string", "default": "fast", "enum": ["slow", "fast"]},
            "kind": {"type": "string", "enum": ["a", "b"]},
            "limit": {"type": "integer", "default": "10", "examples": [25]},
            "purposes": {"type": "array", "enum": ["FEATURES", "LANDMARKS"]},
        },
        "required": ["mode", "kind", "limit", "purposes"],
    }
    assert arguments_for(schema) == {
        "mode": "fast", "kind": "a", "limit": 25, "purposes": ["FEATURES"]
    }  # fmt: skip


def test_refs_into_the_listing_and_object_branches_are_followed() -> None:
    schema = {
        "type": "object",
        "$defs": {"d0": {"type": "object", "properties": {"url": {"type": "string"}},
                         "required": ["url"]}},
        "properties": {
            "targets": {"type": "array", "items": {"$ref": "#/$defs/d0"}},
            "check": {
                "type": "object",
                "properties": {"name": {"type": "string"}, "status": {"enum": ["queued", "done"]}},
                "required": ["name"],
                "oneOf": [{"properties": {"status": {"enum": ["done"]}}, "required": ["status"]}],
            },
        },
        "required": ["targets", "check"],
    }  # fmt: skip
    value = arguments_for(schema)
    assert value["targets"] == [{"url": "https://example.com/url/1"}]
    assert value["check"] == {"name": "Example 1", "status": "done"}
    assert _valid(schema, value)


def test_patterns_are_matched_and_the_full_schema_completes_the_listing() -> None:
    listed = {
        "type": "object",
        "properties": {"position": {"type": "string"}, "code": {"type": "string"}},
        "required": ["position", "code"],
    }
    full: dict = {
        "type": "object",
        "properties": {
            "position": {"type": "string", "pattern": "^(?:top|bottom|after:\\d+)$"},
            "code": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]{2}$", "maxLength": 6},
        },
    }
    value = arguments_for(listed, full)
    assert re.search(full["properties"]["position"]["pattern"], value["position"])
    assert re.search(full["properties"]["code"]["pattern"], value["code"])
    alone = arguments_for(listed)  # what the listing alone says: a string, no pattern
    assert isinstance(alone["code"], str) and not re.search("^[A-Z]{3}-[0-9]{2}$", alone["code"])
