"""What a write's answer keeps when nothing of its own identifies it, and what a write's
records keep beside their names (issue 33, writes on descriptions nobody tuned for: a delete
by query's tallies, an invalidation's ids beside its error details, a relation tuple, a
ledger posting's asset, a user's factors). Synthesized bodies with the structure those
descriptions have; each test fails on the rules before its fix."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.trees import field_tree_from_value


def _both_ways(body: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """The answer shaped by defaults decided from the description (a field tree read from the
    body, as the loader gives one) and from the response itself (no description)."""
    described = ShapeConfig(kind=kind, field_tree=field_tree_from_value(body))
    return [
        json.loads(shape(body, config).chunks[0]) for config in (described, ShapeConfig(kind=kind))
    ]


PURGE = {
    "took": 147,
    "timed_out": False,
    "total": 119,
    "deleted": 119,
    "batches": 1,
    "version_conflicts": 0,
    "noops": 0,
    "retries": {"bulk": 0, "search": 0},
    "throttled_millis": 0,
    "requests_per_second": -1.0,
    "failures": [],
}


def test_a_delete_by_filter_keeps_how_many_it_deleted_of_how_many() -> None:
    """A delete by a filter answers tallies (``{total, deleted, batches, version_conflicts,
    ...}``): ``deleted`` was read as a time (a participle alone names one), so the answer
    kept how long the call took and its retries, not how many documents went. A number named
    by an event participle alone beside a bare tally counts what the call did: kept, with the
    tally."""
    for out in _both_ways(PURGE, "delete"):
        assert out.get("deleted") == 119 and out.get("total") == 119, out
        assert "took" not in out


def test_a_resources_creation_time_beside_no_tally_stays_a_time() -> None:
    """The tallies are counts only beside a tally of what was done: a resource's ``created``
    epoch beside its amount is still when it was made (a write's answer leaves it out)."""
    tree = {"id": "string", "created": "integer", "amount": "integer", "status": "string"}
    assert "created" not in choose_default_fields(tree, kind="create")
    small = {"created": "integer", "updated": "integer", "total": "integer"}
    assert set(choose_default_fields(small, kind="update")) == {"created", "updated", "total"}


INVALIDATED = {
    "invalidated_keys": ["key-1"],
    "previously_invalidated_keys": ["key-2", "key-3"],
    "error_count": 2,
    "error_details": [
        {"type": "exception", "reason": "could not invalidate", "caused_by": {"type": "arg"}},
        {"type": "exception", "reason": "could not invalidate", "caused_by": {"type": "arg"}},
    ],
}


def test_the_ids_a_write_invalidated_stay_beside_its_error_details() -> None:
    """A bulk invalidation answers the ids it invalidated (lists of strings) beside the
    details of its errors (a list of records named for errors): that list was read as the
    payload, and the ids the call produced were dropped. A list named for errors beside lists
    of values is not the payload: the body is one answer, its lists of ids kept."""
    for out in _both_ways(INVALIDATED, "delete"):
        assert out["invalidated_keys"] == ["key-1"], out
        assert out["previously_invalidated_keys"] == ["key-2", "key-3"], out
        assert out["error_count"] == 2


TUPLE = {
    "namespace": "documents",
    "object": "readme",
    "relation": "viewer",
    "subject_id": "user-1",
    "subject_set": {"namespace": "groups", "object": "staff", "relation": "member"},
}


def test_a_relation_tuple_a_create_answers_keeps_all_its_members() -> None:
    """A relation tuple has no id: what identifies it is its members together (namespace,
    object, relation and subject). A create kept the subject's id and the namespace, and the
    caller could not tell which tuple it made. A record with no id of its own, a few plain
    strings and the id it relates, keeps them all; a read's item is unchanged."""
    for out in _both_ways(TUPLE, "create"):
        assert out == TUPLE, out
    tree = field_tree_from_value(TUPLE)
    assert "relation" not in choose_default_fields(tree, item=True, kind="read")


TRANSACTION = {
    "id": 1001,
    "reference": "ref-1",
    "reverted": False,
    "timestamp": "2024-05-01T12:00:00Z",
    "postings": [
        {"amount": 100, "asset": "USD/2", "source": "world", "destination": "orders:1"},
        {"amount": 40, "asset": "EUR/2", "source": "orders:1", "destination": "fees"},
    ],
}


def test_a_postings_amount_keeps_the_asset_it_is_counted_in() -> None:
    """A ledger transaction's postings are said by their amount (nothing else names them), and
    the asset it is counted in was left out: 100 of what? An amount's ``asset`` is its
    currency, kept beside it as a currency is, also when the amount names the record."""
    for out in _both_ways(TRANSACTION, "create"):
        assert [p.get("asset") for p in out["postings"]] == ["USD/2", "EUR/2"], out
        assert [p["amount"] for p in out["postings"]] == [100, 40]


USER = {
    "id": "u-1",
    "email": "ada@example.com",
    "role": "authenticated",
    "factors": [
        {
            "id": f"f-{i}",
            "status": "verified",
            "friendly_name": f"Phone {i}",
            "factor_type": "totp",
            "created_at": "2024-05-01T12:00:00Z",
            "updated_at": "2024-05-01T12:00:00Z",
        }
        for i in (1, 2)
    ],
    "created_at": "2024-05-01T12:00:00Z",
    "updated_at": "2024-05-01T12:00:00Z",
}


def test_a_written_users_records_with_a_state_keep_their_id() -> None:
    """An updated user answers its factors, each with a state of its own (not names the caller
    sent): they kept their name and state, not the id a call about one of them takes. A
    write's record keeps its plain id when no id is named for its list."""
    for out in _both_ways(USER, "update"):
        assert [f.get("id") for f in out["factors"]] == ["f-1", "f-2"], out
        assert [f["friendly_name"] for f in out["factors"]] == ["Phone 1", "Phone 2"]


def test_a_flag_a_write_set_keeps_the_time_it_took_hold() -> None:
    """A write that sets a flag answers it with the time it was set (``{protected: true,
    updated_at}``): the time, saying only when the call happened, was left out, and the flag
    alone said nothing the judge could find of the body. A small answer left with flags only
    keeps its times; beside a name or a value, the time still goes."""
    body = {"protected": True, "updated_at": "2024-05-01T12:34:56Z"}
    for out in _both_ways(body, "update"):
        assert out == body, out
    named = {"protected": True, "name": "t1", "updated_at": "2024-05-01T12:34:56Z"}
    for out in _both_ways(named, "update"):
        assert out == {"protected": True, "name": "t1"}, out


LINK = {
    "createdAt": "2024-05-01T12:00:00Z",
    "updatedAt": "2024-05-01T12:00:00Z",
    "workspaceId": "ws-1",
    "teamId": "team-7",
    "permission": "read",
}


def test_a_link_a_write_answers_keeps_the_ids_of_both_things_it_links() -> None:
    """A record that links two things, with no id of its own (a team's access to a
    workspace: ``{workspaceId, teamId, permission, createdAt}``), answered a create with one
    of its ids and a delete with one too, and a list of links (a write's or a read's) the
    same id on each: which link was made, went or is listed could not be told.
    Its ids of the things it links are its identity together: a write keeps them all; not
    ids of what it merely points elsewhere by (``externalId``, ``parentId``), nor beside an
    id of its own."""
    for kind in ("create", "update", "delete"):
        for out in _both_ways(LINK, kind):
            assert out.get("workspaceId") == "ws-1" and out.get("teamId") == "team-7", (kind, out)
    links = {"data": [{**LINK, "teamId": f"team-{i}"} for i in (1, 2, 3)]}
    for kind in ("create", "delete", "read"):
        for out in _both_ways(links, kind):
            assert [i.get("teamId") for i in out["data"]] == ["team-1", "team-2", "team-3"], out
    pointed = {**LINK, "externalId": "ext-3"}
    for out in _both_ways(pointed, "delete"):
        assert "externalId" not in out and out.get("teamId") == "team-7", out
    own = {**LINK, "id": "acc-9"}
    for out in _both_ways(own, "delete"):
        assert out["id"] == "acc-9" and "teamId" not in out, out


UPLOAD = {
    "data": {
        "signedUrl": "https://storage.example.com/bucket",
        "presignedFields": {"key": "uploads/env/file.jpg", "policy": "cG9saWN5"},
        "updatedFileName": "file--fid--b153.jpg",
        "fileUrl": "https://app.example.com/storage/env/file--fid--b153.jpg",
    }
}


def test_a_create_keeps_the_address_it_made_for_the_callers_upload() -> None:
    """A create that answers where to send a file (``{data: {signedUrl, presignedFields,
    updatedFileName, fileUrl}}``, a storage upload's) kept the file's name alone: the signed
    address the next call sends the bytes to was left out as a link the caller set. A URL a
    create's answer names as signed or for an upload (``signedUrl``, ``uploadUrl``) is what
    the server made for the caller: kept; not on an update (an ``upload_url`` of a resource
    the caller changed). (Read from the response
    alone, this answer's ``presignedFields`` is taken for the resource: not covered here.)"""
    described = ShapeConfig(kind="create", field_tree=field_tree_from_value(UPLOAD))
    out = json.loads(shape(UPLOAD, described).chunks[0])
    assert out["data"]["signedUrl"] == "https://storage.example.com/bucket", out
    updated = ShapeConfig(kind="update", field_tree=field_tree_from_value(UPLOAD))
    assert "signedUrl" not in json.loads(shape(UPLOAD, updated).chunks[0])["data"]
