"""What a write's answer keeps when its resource sits beside other things (issue 33, writes):
synthesized bodies with the structure of descriptions from outside the corpus (GrowthBook's
constants and configs, Weaviate's GraphQL batch, Elasticsearch's open job; no vendor's text);
each test fails on the rules before its fix."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.collections import find_payload
from generator.runtime.shaping.decision import DefaultsContext, decide_fields
from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.trees import field_tree_from_value

TEXT = (
    "A setting shared by several flags, long enough to read as the description a person "
    "wrote for it when they made it."
)
SETTING = {
    "id": "set_1",
    "key": "checkout-colour",
    "name": "Checkout colour",
    "type": "string",
    "value": "blue",
    "description": TEXT,
    "archived": False,
    "dateCreated": "2024-05-01T12:34:56Z",
    "dateUpdated": "2024-05-01T12:34:56Z",
}
GATES = [{"type": "approval", "outcome": "bypassed", "via": "ignoreWarnings"}] * 3
ANSWER = {"setting": SETTING, "bypassedGates": GATES}


def test_the_resource_its_address_names_beside_a_list_of_unnamed_records_is_the_answer() -> None:
    """``POST /settings/{key}`` answers the setting beside the gates the change bypassed: the
    list was taken for the payload and the setting for its wrapper's metadata, kept by its id
    and name alone, so the ``key`` the next call takes was lost. The one resource holding the
    member a path parameter names, beside a list whose records nothing identifies, is what
    the body wraps; without that parameter, or beside records with ids, the list stays the
    payload."""
    tree = field_tree_from_value(ANSWER)
    assert find_payload(tree, keys=("key",)).envelope == ("setting",)
    assert find_payload(tree).collection == ("bypassedGates",)
    named = [dict(g, id=f"g{i}") for i, g in enumerate(GATES)]
    listed = field_tree_from_value({"setting": SETTING, "bypassedGates": named})
    assert find_payload(listed, keys=("key",)).collection == ("bypassedGates",)
    context = DefaultsContext(entity=("setting",), keys=("key",))
    result = shape(ANSWER, ShapeConfig(kind="update", context=context))
    answer = json.loads(result.chunks[0])
    assert answer["setting"]["key"] == "checkout-colour" and answer["setting"]["id"] == "set_1"


def test_the_machine_a_small_writes_answer_names_is_kept() -> None:
    """Opening a job answers ``{opened: true, node: "node-1"}``: where it now runs, the one
    thing the call tells. ``node`` was noise (meant for GraphQL's global ``node_id``), so
    only the flag was left; a global node id beside an identity stays out."""
    assert choose_default_fields({"opened": "boolean", "node": "string"}, kind="create") == (
        "opened",
        "node",
    )
    repo = {"id": "integer", "node_id": "string", "name": "string", "full_name": "string"}
    assert "node_id" not in choose_default_fields(repo, kind="read")


def _answer(i: int) -> dict[str, Any]:
    return {
        "data": {"Get": {"Article": [{"title": f"Article {i}"}]}},
        "errors": [
            {
                "locations": [{"column": 7, "line": 7}],
                "message": f"Cannot query field 'author{i}' on type 'Article'.",
                "path": ["Get", "Article"],
            }
        ],
    }


def test_a_writes_records_say_why_they_failed() -> None:
    """A batch of GraphQL queries answers one ``{data, errors}`` per query, ``data`` left open
    by the description (any object). Each record kept only its ``data`` (here, as often on a
    failed query, empty), so a failed query answered ``{}``. A write's record keeps its error
    report's reason beside its defaults, as a map's failed entry does."""
    item = {"data": "any", "errors": field_tree_from_value(_answer(1))["errors"]}
    context = DefaultsContext(entity=("graph", "ql", "response"))
    written = decide_fields(item, context, kind="create", item=True)
    assert written == ("data", "errors.message")
    failed = [dict(_answer(i), data={"first": {}, "second": {}}) for i in (1, 2)]
    config = ShapeConfig(kind="create", context=context, default_fields=written, collection_path="")
    records = json.loads(shape(failed, config).chunks[0])
    assert [r["errors"][0]["message"][:28] for r in records] == [
        "Cannot query field 'author1'",
        "Cannot query field 'author2'",
    ]


def test_a_writes_few_figures_and_list_of_values_are_all_kept() -> None:
    """A sync answers ``{scanned, matched, skipped, errors: [...]}`` (Unraid's
    ``syncDockerTemplatePaths``, synthesized): nothing names it, it is what the call did.
    The rule that keeps a few unnamed settings whole needed every member a scalar, so the
    list of values sent it to the usual rules, which kept ``scanned`` alone."""
    tree = {"scanned": "integer", "matched": "integer", "skipped": "integer", "errors": ["string"]}
    assert choose_default_fields(tree, kind="update") == ("scanned", "matched", "skipped", "errors")
    value = {"scanned": 7, "matched": 5, "skipped": 2, "errors": ["template a.xml unreadable"]}
    result = shape(value, ShapeConfig(kind="update", context=DefaultsContext()))
    assert json.loads(result.chunks[0]) == value
    # a read of such figures is chosen as before (no write's receipt)
    assert choose_default_fields(tree, kind="read") != ("scanned", "matched", "skipped", "errors")
