"""A part's label named for another thing is not the object's label (issue 33, practitioners'
yardstick, tuning half: a chat message's create answered ``role_subscription_data:
{tier_name}`` as what names it). Synthesized trees and bodies with the structure real
descriptions have (no vendor's text); each test failed on the rules before."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.decision import DefaultsContext, decide_fields
from generator.runtime.shaping.invariants import check_invariants
from generator.runtime.shaping.pipeline import ShapeConfig, shape

TEXT = (
    "A message the caller has just sent, several sentences long, which the answer only needs "
    "to recognise, not to repeat: the caller holds all of it already."
)
# A message as its description gives it: its own text, and an optional part about something
# else (a subscription's tier) holding a label-named member qualified by that thing.
TREE = {
    "id": "string",
    "content": "string",
    "channel_id": "string",
    "pinned": "boolean",
    "timestamp": "string",
    "author": {"id": "string", "username": "string"},
    "subscription_data": {
        "subscription_listing_id": "string",
        "tier_name": "string",
        "total_months_subscribed": "integer",
        "is_renewal": "boolean",
    },
}
CONTEXT = DefaultsContext(entity=("message",), keys=("message_id",))
BODY = {
    "id": "msg-81",
    "content": TEXT,
    "channel_id": "ch-4",
    "pinned": False,
    "timestamp": "2024-05-01T12:00:00Z",
    "author": {"id": "usr-2", "username": "ada"},
    "subscription_data": {
        "subscription_listing_id": "lst-9",
        "tier_name": "Gold supporters",
        "total_months_subscribed": 7,
        "is_renewal": True,
    },
}


def test_a_parts_label_named_for_another_thing_does_not_name_the_written_object() -> None:
    """A create or update of a message took ``subscription_data.tier_name`` as its label (a
    tier's name, not the message's) ahead of its own text. The answer is named by its identity
    and its own text (a preview), and the run-time invariants accept it as it is."""
    for kind in ("create", "update"):
        for item in (False, True):
            chosen = decide_fields(TREE, CONTEXT, kind=kind, item=item)
            assert "id" in chosen and "content" in chosen
            assert not any(p.startswith("subscription_data") for p in chosen), (kind, chosen)
        chosen = decide_fields(TREE, CONTEXT, kind=kind, item=False)
        config = ShapeConfig(default_fields=chosen, field_tree=TREE, kind=kind, context=CONTEXT)
        result = shape(BODY, config)
        assert not result.violations
        out = json.loads(result.chunks[0])
        assert out["id"] == "msg-81" and out["content"].startswith(TEXT[:30])
        assert "subscription_data" not in out


def test_the_invariants_do_not_demand_another_things_label() -> None:
    """The run-time label invariant read a part's ``tier_name`` as the object's label, so an
    answer without it was replaced by the generic projection; a part's plain or display name
    (``metadata.name``, ``properties.displayName``) is still the object's, and demanded."""
    kept = {"id": "msg-81", "content": "A message the caller…"}
    assert check_invariants(BODY, kept, None, "body") == []
    pod = {"kind": "Pod", "metadata": {"name": "web-frontend", "namespace": "prod"}}
    assert check_invariants(pod, {"kind": "Pod"}, None, "body")
    shown: dict[str, Any] = {"id": "d-2", "properties": {"displayName": "Web", "size": 3}}
    assert check_invariants(shown, {"id": "d-2"}, None, "body")


def test_a_parts_own_label_still_names_the_object() -> None:
    """A part holding the object's own name keeps naming it: a plain ``name`` (``metadata:
    {name}``), a display name, or one qualified by the object's own type (``cluster_name`` of a
    cluster)."""
    pod = {"metadata": {"uid": "string", "name": "string", "namespace": "string"}}
    assert "metadata.name" in decide_fields(pod, DefaultsContext(), kind="create", item=False)
    shown = {"id": "string", "properties": {"displayName": "string", "size": "integer"}}
    chosen = decide_fields(shown, DefaultsContext(), kind="create", item=False)
    assert "properties.displayName" in chosen
    cluster = {"id": "string", "spec": {"cluster_name": "string", "nodes": "integer"}}
    chosen = decide_fields(cluster, DefaultsContext(entity=("cluster",)), kind="create", item=False)
    assert "spec.cluster_name" in chosen
