"""A list whose items are edges, ``{cursor, node: {...resource...}}`` (Relay-style, also sent
by REST APIs): each item is shaped as its resource (identity, label, state...), not reduced
to ``node.id`` (issue 33); the judge counts the resource's label and identity."""

import json

from generator.preview.judge import judge
from generator.runtime.shaping.decision import DefaultsContext, decide_fields
from generator.runtime.shaping.edges import edge_member
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.trees import field_tree_from_value

NODES = [
    {
        "id": f"prj_{i}",
        "title": f"Migration plan {i}",
        "status": "in_progress",
        "created": "2025-03-0{i}T10:00:00Z".format(i=i + 1),
        "lead": {"id": f"usr_{i}", "displayName": f"Ada {i}"},
        "etag": "W/abc",
    }
    for i in range(3)
]


def test_an_edges_resource_keeps_its_label_and_state_not_only_its_id():
    edges = [{"cursor": f"YXJyYXljb25uZWN0aW9uOj{i}", "node": n} for i, n in enumerate(NODES)]
    for body in (edges, {"edges": edges, "pageInfo": {"hasNextPage": False}}):
        shaped = json.loads(shape(body, ShapeConfig()).chunks[0])
        items = shaped if isinstance(shaped, list) else shaped["edges"]
        assert [e["node"]["title"] for e in items] == [n["title"] for n in NODES]
        assert all(e["node"]["status"] == "in_progress" for e in items)
        assert all("cursor" not in e for e in items)  # where it sits in the pages
        assert judge(body, shaped).clean


def test_an_edge_is_chosen_on_as_its_resource_is():
    edge = field_tree_from_value({"__typename": "ProjectEdge", "cursor": "c1", "node": NODES[0]})
    node = field_tree_from_value(NODES[0])
    for kind in ("read", "search", "update"):
        through = decide_fields(edge, DefaultsContext(), kind=kind, item=True)
        assert through == tuple(
            f"node.{p}" for p in decide_fields(node, DefaultsContext(), kind=kind, item=True)
        )


def test_an_item_with_one_part_and_facts_of_its_own_is_not_an_edge():
    """A membership (``{role, user: {...}}``) says something of its own beside its part; a
    wrapper with no paging member is not an edge either."""
    user = {"id": "u1", "name": "Ada"}
    assert (
        edge_member(field_tree_from_value({"role": "admin", "cursor": "c", "user": user})) is None
    )
    assert edge_member(field_tree_from_value({"user": user})) is None
    assert edge_member(field_tree_from_value({"cursor": "c", "a": user, "b": user})) is None
    assert (
        edge_member(field_tree_from_value({"__typename": "E", "cursor": "c", "node": user}))
        == "node"
    )


def test_the_judge_sees_an_edges_resource_lose_its_label():
    edges = [{"cursor": f"c{i}", "node": n} for i, n in enumerate(NODES)]
    only_ids = [{"node": {"id": n["id"]}} for n in NODES]
    verdict = judge(edges, only_ids)
    assert verdict.labelled == 3 and verdict.labels_kept == 0
    assert "label of item 0" in verdict.lost
