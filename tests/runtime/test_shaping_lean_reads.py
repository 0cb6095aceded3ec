"""A read's list answer without what says nothing an agent needs (issue 33, reads): the
wrapper's notes about the exchange, and a value every listed item holds, said once."""

import json

from generator.runtime.shaping.decision import DefaultsContext
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


def test_a_value_every_listed_item_holds_is_said_once_in_a_note():
    body = {"tickets": items(4, state="open", private=True)}
    out, notes = answer(body, ShapeConfig(collection_path="tickets"))
    tickets = out["tickets"]
    assert all("state" not in t and "private" not in t for t in tickets)
    assert '[every item: state="open", private=true]' in notes
    # what tells the items apart stays on each
    assert [t["id"] for t in tickets] == [100, 101, 102, 103]
    assert [t["title"] for t in tickets] == [f"Ticket {i}" for i in range(4)]


def test_what_an_item_is_known_by_is_never_said_once():
    same = {
        "name": "Same name",
        "project_id": 7,
        "slug": "same",
        "owner": "octocat",
        "description": "A text of several words alike on every item",
        "state": "open",
    }
    body = {"tickets": items(3, **same)}
    out, notes = answer(body, ShapeConfig(collection_path="tickets", default_fields=()))
    kept = set(out["tickets"][0])
    assert "state" not in kept and notes == ['[every item: state="open"]']
    for key in ("id", "title"):
        assert key in kept


def test_a_tag_naming_the_items_content_and_a_link_stay_on_every_item():
    body = {
        "blocks": [
            {
                "id": i,
                "type": "paragraph",
                "paragraph": {"text": f"Line {i}"},
                "url": "https://x.test/b",
            }
            for i in range(3)
        ]
    }
    out, _ = answer(body, ShapeConfig(collection_path="blocks", default_fields=()))
    assert all(b["type"] == "paragraph" for b in out["blocks"])


def test_a_member_a_path_parameter_names_stays_on_every_item():
    body = {"favourites": items(3, type="track", state="open")}
    config = ShapeConfig(collection_path="favourites", context=DefaultsContext(keys=("type",)))
    out, notes = answer(body, config)
    assert all(f["type"] == "track" for f in out["favourites"])
    assert notes == ['[every item: state="open"]']


def test_one_item_differing_values_and_writes_keep_their_members():
    one = {"tickets": items(1, state="open")}
    out, notes = answer(one, ShapeConfig(collection_path="tickets"))
    assert out["tickets"][0]["state"] == "open" and not notes
    two = {"tickets": items(2, state="open")}  # said once: shorter than twice
    out, notes = answer(two, ShapeConfig(collection_path="tickets"))
    assert all("state" not in t for t in out["tickets"]) and notes == ['[every item: state="open"]']
    mixed = {"tickets": items(3, state="open")}
    mixed["tickets"][1]["state"] = "closed"
    out, notes = answer(mixed, ShapeConfig(collection_path="tickets"))
    assert [t["state"] for t in out["tickets"]] == ["open", "closed", "open"] and not notes
    written = {"tickets": items(3, state="open")}
    out, notes = answer(written, ShapeConfig(collection_path="tickets", kind="create"))
    assert not any(n.startswith("[every item") for n in notes)


def test_asked_fields_and_the_detailed_answer_show_every_items_value():
    body = {"tickets": items(3, state="open")}
    config = ShapeConfig(collection_path="tickets")
    asked = shape(body, config, fields=["id", "state"])
    assert all(t["state"] == "open" for t in json.loads(asked.chunks[0])["tickets"])
    detailed = shape(body, config, detail_level="detailed")
    assert all(t["state"] == "open" for t in json.loads(detailed.chunks[0])["tickets"])
