"""Maps of records (``additionalProperties`` whose entries are objects with members of their
own), as a bulk read by keys answers them (Square's ``BulkRetrieveCustomers``: ``{responses:
{<id>: {customer: {...}} | {errors: [...]}}}``) or a directory lists its entries by name: each
entry is shaped as a list's item is, and an entry that failed says why instead of vanishing.
A map of strings stays a value kept as sent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.pipeline import load_with_overlay
from generator.preview.tools import runtime_model
from generator.runtime.config.settings import settings_from_env
from generator.runtime.executor import ServerRuntime
from generator.runtime.shaping.decision import decide
from generator.runtime.shaping.fields import check_paths
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from tests.support.upstream import Reply, Upstream

CUSTOMER = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "display_name": {"type": "string"},
        "email_address": {"type": "string"},
        "created_at": {"type": "string", "format": "date-time"},
        "preferences": {
            "type": "object",
            "properties": {"email_unsubscribed": {"type": "boolean"}},
        },
        "version": {"type": "integer"},
    },
}
ERROR = {
    "type": "object",
    "properties": {
        "category": {"type": "string"},
        "code": {"type": "string"},
        "detail": {"type": "string"},
    },
}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.0",
    "info": {"title": "Shop", "version": "1"},
    "servers": [{"url": "https://shop.example.org"}],
    "paths": {
        "/customers/bulk-retrieve": {
            "post": {
                "operationId": "bulkRetrieveCustomers",
                "requestBody": {
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "properties": {
                                    "customer_ids": {"type": "array", "items": {"type": "string"}}
                                },
                            }
                        }
                    }
                },
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "properties": {
                                        "responses": {
                                            "type": "object",
                                            "additionalProperties": {
                                                "type": "object",
                                                "properties": {
                                                    "customer": CUSTOMER,
                                                    "errors": {"type": "array", "items": ERROR},
                                                },
                                            },
                                        },
                                        "labels": {
                                            "type": "object",
                                            "additionalProperties": {"type": "string"},
                                        },
                                    },
                                }
                            }
                        },
                    }
                },
            }
        }
    },
}
ANSWER = {
    "responses": {
        "2GYD7WNX": {
            "errors": [
                {
                    "category": "INVALID_REQUEST_ERROR",
                    "code": "NOT_FOUND",
                    "detail": "No such customer.",
                }
            ]
        },
        "8DDA5NZV": {
            "customer": {
                "id": "8DDA5NZV",
                "display_name": "Amelia Earhart",
                "email_address": "amelia@example.com",
                "created_at": "2024-01-19T00:27:54Z",
                "preferences": {"email_unsubscribed": False},
                "version": 3,
            }
        },
    },
    "labels": {"tier": "gold"},
}


def _spec(tmp_path: Path) -> Any:
    path = tmp_path / "shop.json"
    path.write_text(json.dumps(DOCUMENT))
    spec, _ = load_with_overlay(path, name="shop")
    return spec


def test_a_map_of_records_is_described_by_its_entries_and_a_map_of_strings_is_a_value(
    tmp_path: Path,
) -> None:
    (op,) = _spec(tmp_path).operations
    tree = op.response.field_tree
    assert set(tree["responses"]) == {"*"}
    assert set(tree["responses"]["*"]) == {"customer", "errors"}
    assert tree["labels"] == "any:strings"  # a map of strings: open, and said so
    assert "responses.*.customer.id" in op.response.default_fields
    assert "responses.*.errors.detail" in op.response.default_fields
    # an entry is named by its own key in ``fields`` too; a member it lacks is refused
    check = check_paths(["responses.8DDA5NZV.customer.id", "responses.*.customer.bogus"], tree)
    assert check.unknown == ["responses.*.customer.bogus"]


def test_a_body_that_is_a_map_keeps_each_entry_as_a_list_keeps_its_items(
    tmp_path: Path,
) -> None:
    entry = {
        "type": "object",
        "properties": {
            "title": {"type": "string"},
            "added": {"type": "string", "format": "date-time"},
            "logo": {"type": "string", "format": "uri"},
            "x_origin": {
                "type": "array",
                "items": {"type": "object", "properties": {"url": {"type": "string"}}},
            },
        },
    }
    document = json.loads(json.dumps(DOCUMENT))
    ok = document["paths"]["/customers/bulk-retrieve"]["post"]["responses"]["200"]
    ok["content"]["application/json"]["schema"] = {"type": "object", "additionalProperties": entry}
    path = tmp_path / "directory.json"
    path.write_text(json.dumps(document))
    (op,) = load_with_overlay(path, name="directory")[0].operations
    assert op.response.collection_path is None and op.response.envelope_path is None
    assert "*.title" in op.response.default_fields
    assert all(p.startswith("*.") for p in op.response.default_fields)
    assert not any(p.startswith(("*.logo", "*.x_origin")) for p in op.response.default_fields)
    decision = decide(op.response.decision_tree, op.response.context, kind="read", item=False)
    assert decision.default_fields == op.response.default_fields


@pytest.mark.anyio
async def test_each_entry_is_shaped_and_a_failed_entry_says_why(tmp_path: Path) -> None:
    model = runtime_model(_spec(tmp_path))
    with Upstream() as api:
        api.route("POST", "/customers/bulk-retrieve", Reply.json(ANSWER))
        runtime = ServerRuntime(model, settings_from_env(model, {"SHOP_BASE_URL": api.url}))
        try:
            args = {"customer_ids": ["2GYD7WNX", "8DDA5NZV"]}
            out = await runtime.call("bulk_retrieve_customers", args)
        finally:
            await runtime.aclose()
    assert not out.is_error, out.parts
    shaped = json.loads(out.parts[0])
    assert shaped["responses"]["2GYD7WNX"] == {"errors": [{"detail": "No such customer."}]}
    customer = shaped["responses"]["8DDA5NZV"]["customer"]
    assert customer["id"] == "8DDA5NZV" and customer["display_name"] == "Amelia Earhart"
    assert "preferences" not in customer and "version" not in customer


def test_an_entry_that_kept_nothing_still_says_its_key() -> None:
    # a bulk delete answers each key it was given: {} for those it deleted, errors for the rest
    answer = {
        "responses": {
            "2GYD7WNX": {"errors": [{"code": "NOT_FOUND", "detail": "No such customer."}]},
            "8DDA5NZV": {},
            "N18CPRVX": {},
            "Z9": {"deleted_at": "2024-01-19T00:27:54Z"},  # the defaults keep nothing of it
        }
    }
    tree: dict[str, Any] = {
        "responses": {"*": {"errors": [{"code": "string", "detail": "string"}]}}
    }
    config = ShapeConfig(default_fields=("responses.*.errors.detail",), field_tree=tree)
    shaped = json.loads(shape(answer, config).chunks[0])
    assert shaped == {
        "responses": {
            "2GYD7WNX": {"errors": [{"detail": "No such customer."}]},
            "8DDA5NZV": {},
            "N18CPRVX": {},
        }
    }
    # a map the defaults do not read is not brought back
    other = ShapeConfig(default_fields=("count",), field_tree={"count": "integer", **tree})
    assert json.loads(shape({"count": 3, **answer}, other).chunks[0]) == {"count": 3}
