"""The shares of a part's quantity are read with it (issue 33, practitioners' yardstick, tuning
half: a list of deployments kept ``status.replicas`` and dropped how many were ready, available
and up to date, which every hand-written server shows). Synthesized trees with the structure
real descriptions have (no vendor's text); each test failed on the rules before."""

from __future__ import annotations

from generator.runtime.shaping.decision import DefaultsContext, decide_fields

# A workload as a description gives it: its metadata, what it asks for (spec) and what is
# (status), whose quantity is counted again by share.
TREE = {
    "metadata": {"name": "string", "namespace": "string", "uid": "string"},
    "spec": {"replicas": "integer", "paused": "boolean"},
    "status": {
        "availableReplicas": "integer",
        "collisionCount": "integer",
        "observedGeneration": "integer",
        "readyReplicas": "integer",
        "replicas": "integer",
        "unavailableReplicas": "integer",
        "updatedReplicas": "integer",
    },
}
CONTEXT = DefaultsContext(entity=("workload",), keys=("name",))


def test_a_listed_parts_quantity_comes_with_its_shares() -> None:
    """Each listed item keeps ``status.replicas`` and, beside it, the counts that say in one
    word which share of it they count (ready, available, updated): 3 of 3 ready. Not the
    complement of another share (``unavailableReplicas``), nor other counts of the part."""
    chosen = decide_fields(TREE, CONTEXT, kind="read", item=True)
    assert "metadata.name" in chosen and "status.replicas" in chosen
    for share in ("readyReplicas", "availableReplicas", "updatedReplicas"):
        assert f"status.{share}" in chosen, (share, chosen)
    assert "status.unavailableReplicas" not in chosen
    assert "status.collisionCount" not in chosen and "status.observedGeneration" not in chosen


def test_shares_need_the_bare_quantity_in_the_same_part() -> None:
    """Counts qualified in one word are no shares without their bare quantity beside them in
    the same part (``status.readyNodes`` with no ``status.nodes``): nothing is added."""
    tree = {
        "metadata": {"name": "string", "uid": "string"},
        "status": {"readyNodes": "integer", "failedNodes": "integer", "phase": "string"},
    }
    before = decide_fields(tree, CONTEXT, kind="read", item=True)
    assert "status.failedNodes" not in before or "status.readyNodes" not in before
