"""A read's list answer without what says nothing an agent needs (issue 33, reads): what the
list's wrapper says about the exchange rather than the data."""

import json

from generator.runtime.shaping.pipeline import ShapeConfig, shape


def items(n: int, **same):
    return [
        {"id": 100 + i, "title": f"Ticket {i}", "priority": i, "created_at": f"2024-05-0{i + 1}"}
        | same
        for i in range(n)
    ]


def answer(value, config):
    result = shape(value, config)
    assert len(result.chunks) == 1
    return json.loads(result.chunks[0]), result.notes


def test_a_lists_wrapper_leaves_out_what_it_says_about_the_exchange():
    body = {
        "debug": {"version": 3.1, "host": "web-7"},
        "api_timestamp": "1458150045",
        "repliedAt": "2024-05-01T12:34:56Z",
        "took": 12,
        "meta": {"count": 3, "req_id": "req_313bda546b", "time": 1714560000},
        "correlationId": "c-77",
        "api_version": "2.1",
        "total": 3,
        "next_cursor": "abc",
        "results": items(3),
    }
    out, _ = answer(body, ShapeConfig(collection_path="results"))
    assert set(out) == {"meta", "total", "next_cursor", "results"}
    assert out["meta"] == {"count": 3}  # the count stays, the request id and timing go
    assert len(out["results"]) == 3


def test_wrapper_notes_are_named_for_the_exchange_not_the_data():
    from generator.runtime.shaping.payload import wrapper_note

    for key, value in [
        ("debug", {"v": 1}),
        ("trace_id", "t"),
        ("requestId", "r"),
        ("took", 4),
        ("elapsed_ms", 4),
        ("time", 120),
        ("server_time", "2024-05-01T00:00:00Z"),
        ("replied_at", "2024-05-01T00:00:00Z"),
        ("schemaVersion", "3"),
    ]:
        assert wrapper_note(key, value), key
    for key, value in [
        ("total", 3),
        ("next_cursor", "abc"),
        ("time", "evening"),  # not a number: the data's
        ("updated_at", "2024-05-01T00:00:00Z"),  # when the list changed
        ("last_modified", "2024-05-01T00:00:00Z"),
        ("version", "1.2.0"),  # the subject's version, perhaps
        ("latest_version", "1.2.0"),
        ("query_id", "245"),  # what a next call may take
        ("status", "OK"),
    ]:
        assert not wrapper_note(key, value), key


def test_around_one_resource_a_version_may_be_the_answer():
    """A server's ``{serverVersion, capabilities: {...}}`` (Temporal's system info) is read as
    an envelope around its capabilities; the wrapper rule for lists left out the version the
    call asks for. What is said about the exchange is left out of a list's wrapper only."""
    body = {"serverVersion": "1.24.2", "capabilities": {"nexus": True, "upsertMemo": True}}
    config = ShapeConfig(envelope_path="capabilities", field_tree=None)
    out = json.loads(shape(body, config).chunks[0])
    assert out.get("serverVersion") == "1.24.2", out


def test_a_list_of_records_left_empty_is_left_out_beside_what_the_object_says():
    # what the defaults keep of each record (its ``value``) is null on every one, or the
    # upstream sent the records empty (``guardrails: [{}, {}]``): the list says only a count
    body = {
        "id": "set_1",
        "name": "Rollout",
        "rolloutItems": [{"value": None, "percentage": 30}, {"value": None, "percentage": 70}],
        "guardrails": [{}, {}, {}],
        "rules": [{"value": "beta"}, {"value": None}],
    }
    config = ShapeConfig(
        default_fields=("id", "name", "rolloutItems.value", "guardrails", "rules.value")
    )
    out, _ = answer(body, config)
    assert out == {"id": "set_1", "name": "Rollout", "rules": [{"value": "beta"}, {}]}


def test_a_list_of_empty_records_that_is_all_the_object_says_stays():
    # nothing else is kept beside it: its count is all there is to show
    body = {"note": None, "checks": [{"ok": None}, {"ok": None}]}
    out, _ = answer(body, ShapeConfig(default_fields=("note", "checks.ok")))
    assert out == {"checks": [{}, {}]}


def test_a_lists_wrapper_leaves_out_legal_boilerplate():
    # the New York Times APIs' wrapper (``{status: "OK", copyright, num_results, results}``),
    # an open-banking page's ``meta.Agreement``, a data ``disclaimer``
    body = {
        "status": "OK",
        "copyright": "Copyright (c) 2016 The New York Times Company.  All Rights Reserved.",
        "disclaimer": "Data is provided as is.",
        "num_results": 3,
        "meta": {"Agreement": "Use of the APIs is subject to the terms of the Open Licence",
                 "TotalResults": 3},
        "results": items(3),
    }  # fmt: skip
    out, _ = answer(body, ShapeConfig(collection_path="results"))
    assert set(out) == {"status", "num_results", "meta", "results"}  # a status is said
    assert out["meta"] == {"TotalResults": 3}
