"""What a write's answer keeps of the record it answers (issue 33: writes on APIs nobody tuned
for): the values it set, its people records' ids and states, the records it failed on.
Synthesized bodies with the structure real descriptions have; each test fails on the rules
before its fix."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.decision import DefaultsContext, decide_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.trees import field_tree_from_value


def _answer(body: dict[str, Any], kind: str, described: bool = False) -> dict[str, Any]:
    """The shaped answer, read from the body itself, or (``described``) as a server generated
    from a description of it shapes it: one object, its defaults decided in advance."""
    config = ShapeConfig(kind=kind)
    if described:
        tree = field_tree_from_value(body)
        fields = decide_fields(tree, DefaultsContext(), kind=kind, item=False)
        config = ShapeConfig(kind=kind, field_tree=tree, default_fields=fields)
    result = shape(body, config)
    assert not result.violations
    assert not (described and result.repaired)  # the defaults held: not read again
    out = json.loads(result.chunks[0])
    assert isinstance(out, dict)
    return out


def test_a_small_written_record_keeps_the_values_it_set() -> None:
    """A sync limit updated (Argo Workflows' ``{cmName, key, limit, namespace, type}``) lost
    its ``limit``, the one value the update set: a write's profile takes no counts. A webhook
    subscription updated (Lithic's ``{description, disabled, token, url}``) lost ``disabled:
    false``, a flag only news when true on a read: an update's answer says what it was set
    to (live). A small flat record keeps its numbers, an update's its flags, false too; not
    the time the call happened."""
    limit = {"cmName": "workflow-limits", "key": "parallel-jobs", "limit": 7,
             "namespace": "ci", "type": "CONFIGMAP",
             "updatedAt": "2024-05-01T12:00:00Z"}  # fmt: skip
    for kind in ("create", "update"):
        out = _answer(limit, kind)
        assert out["limit"] == 7 and out["key"] == "parallel-jobs"
        assert "updatedAt" not in out
    subscription = {"token": "ep_1srOrx2ZWZBpBUvZwXKQmo", "url": "https://example.com/hook",
                    "description": "All events", "disabled": False}  # fmt: skip
    out = _answer(subscription, "update")
    assert out["disabled"] is False and out["url"] == subscription["url"]
    assert "disabled" not in _answer(subscription, "create")  # just made: news when true
    assert _answer({**subscription, "disabled": True}, "create")["disabled"] is True
    # a read's item: still news only when true
    listed = shape({"data": [subscription, subscription]}, ShapeConfig(kind="read"))
    assert '"disabled"' not in listed.chunks[0]


def _player(n: int) -> dict[str, Any]:
    return {"displayName": f"Player {n}", "avatarImageUrl": f"https://img.example.com/{n}.png"}


def _room() -> dict[str, Any]:
    """A room as a games description answers it (its participants each a record of it)."""
    change = {"kind": "games#roomModification", "participantId": "p-0",
              "modifiedTimestampMillis": "1714564800000"}  # fmt: skip
    room = {
        "kind": "games#room", "roomId": "room-4f2a", "applicationId": "app-12",
        "inviterId": "p-0", "status": "active", "roomStatusVersion": 7, "variant": 2,
        "description": "A room for four",
        "autoMatchingCriteria": {"kind": "games#roomAutoMatchingCriteria",
                                 "minAutoMatchingPlayers": 1, "maxAutoMatchingPlayers": 3},
        "creationDetails": change, "lastUpdateDetails": change,
        "participants": [
            {"kind": "games#roomParticipant", "id": f"p-{n}",
             "status": "joined" if n else "left", "connected": True, "autoMatched": True,
             "autoMatchedPlayer": _player(n), "leaveReason": "none",
             "capabilities": ["voice", "video"],
             "clientAddress": {"kind": "games#roomClientAddress", "xmppAddress": f"{n}@x.example"}}
            for n in range(3)
        ],
    }  # fmt: skip
    return room


def test_a_writes_people_records_keep_their_ids_and_states() -> None:
    """A room left (a games description's ``rooms_leave``, a create) kept its participants by
    their player's name only: each is a record of the room with its own id and status (who
    is still in), which the next call takes. A list of people with no state of its own
    (assignees) stays by who they are."""
    room = _room()
    out = _answer(room, "create", described=True)
    assert [p["id"] for p in out["participants"]] == ["p-0", "p-1", "p-2"]
    assert [p["status"] for p in out["participants"]] == ["left", "joined", "joined"]
    issue = {"id": "iss-1", "title": "Broken link", "state": "open",
             "assignees": [{"id": f"u-{n}", "login": f"dev{n}"} for n in range(2)]}  # fmt: skip
    out = _answer(issue, "update", described=True)
    assert out["assignees"] == [{"login": "dev0"}, {"login": "dev1"}]


def test_a_delete_by_a_filter_keeps_the_records_it_failed_on() -> None:
    """A delete by a query (Elasticsearch's ``delete_by_query``) answers its tallies and the
    documents it could not delete, ``failures: [{id, index, status, cause: {type,
    reason}}]``: the tallies were kept, the failures left out, so the agent was told 118 of
    119 went and never which one did not, nor why."""
    body = {"took": 147, "timed_out": False, "total": 119, "deleted": 118, "batches": 1,
            "version_conflicts": 1, "noops": 0, "retries": {"bulk": 0, "search": 0},
            "throttled_millis": 0,
            "failures": [{"id": "doc-9", "index": "logs", "status": 409,
                          "cause": {"type": "version_conflict_engine_exception",
                                    "reason": "[doc-9]: version conflict",
                                    "stack_trace": "at org.example.Engine.delete(...)"}}]}  # fmt: skip
    out = _answer(body, "delete", described=True)
    assert out["deleted"] == 118 and out["total"] == 119
    assert out["failures"] == [{"id": "doc-9", "cause": {"reason": "[doc-9]: version conflict"}}]
    clean = _answer({**body, "failures": []}, "delete", described=True)
    assert "failures" not in clean  # none: nothing said, nothing paid


def test_a_tuple_of_two_references_is_kept_whole() -> None:
    """A change a watch answers (Permify's ``data_changes: [{operation, tuple: {entity:
    {type, id}, relation, subject: {type, id, relation}}}]``) kept only its operation: the
    tuple has no id of its own, its ``subject`` read as a label (an email's subject), and the
    agent could not tell which relation changed. Two references of one kind and the relation
    between them identify it together: all of them, in a write's answer and in its records."""
    tuple_ = {"entity": {"type": "document", "id": "doc-1"}, "relation": "viewer",
              "subject": {"type": "user", "id": "usr-2", "relation": ""}}  # fmt: skip
    body = {"snap_token": "snp-7", "data_changes": [
        {"operation": "OPERATION_CREATE", "tuple": tuple_},
        {"operation": "OPERATION_DELETE",
         "tuple": {**tuple_, "subject": {"type": "team", "id": "t-3", "relation": "member"}}},
    ]}  # fmt: skip
    out = _answer(body, "create", described=True)
    assert [c["tuple"]["entity"]["id"] for c in out["data_changes"]] == ["doc-1", "doc-1"]
    assert out["data_changes"][1]["tuple"]["subject"] == {
        "type": "team",
        "id": "t-3",
        "relation": "member",
    }
    assert out["data_changes"][0]["tuple"]["relation"] == "viewer"
    assert _answer(tuple_, "create", described=True)["subject"]["id"] == "usr-2"
