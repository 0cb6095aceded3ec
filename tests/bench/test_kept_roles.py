"""Where the kept tokens go (kept_roles.py) and the directory report's table of them."""

from __future__ import annotations

from generator.bench.breadth_calls import Call
from generator.bench.directory_report import kept_rows
from generator.bench.kept_roles import (
    LISTED,
    SINGLE,
    WRAPPER,
    apportion,
    pieces,
    role_of,
)


def _roles(shaped, position):
    return {(r, t) for p, r, t in pieces(shaped) if p == position}


def test_a_listed_items_members_are_named_by_role_and_the_wrapper_is_metadata() -> None:
    shaped = {
        "items": [
            {
                "id": "a1",
                "name": "First",
                "status": "open",
                "created_at": "2024-05-01T10:00:00Z",
                "html_url": "https://example.com/a1",
                "count": 3,
                "private": False,
                "description": "short",
                "owner": {"login": "octocat"},
                "colour": "red",
            }
        ],
        "next_cursor": "abc",
        "total": 7,
    }
    listed = _roles(shaped, LISTED)
    assert ("identity", '"id":"a1",') in listed
    assert ("label", '"name":"First",') in listed
    assert ("state/enum", '"status":"open",') in listed
    assert ("time", '"created_at":"2024-05-01T10:00:00Z",') in listed
    assert ("URL/link", '"html_url":"https://example.com/a1",') in listed
    assert ("number/figure", '"count":3,') in listed
    assert ("boolean flag", '"private":false,') in listed
    assert ("text (long, descriptions, messages)", '"description":"short",') in listed
    assert ("person", '"login":"octocat",') in listed  # a member of a person
    assert ("structure (nested keys, brackets)", '"owner":,') in listed
    assert ("other", '"colour":"red",') in listed
    wrapper = _roles(shaped, WRAPPER)
    assert ("paging/wrapper metadata", '"next_cursor":"abc",') in wrapper
    assert ("paging/wrapper metadata", '"total":7,') in wrapper
    assert not _roles(shaped, SINGLE)


def test_a_single_resource_is_its_own_position_and_a_bare_list_is_listed() -> None:
    one = {"id": 1, "title": "A page", "body": "x" * 100}
    assert {p for p, _, _ in pieces(one)} == {SINGLE}
    assert {p for p, _, _ in pieces([{"id": 1}, {"id": 2}])} == {LISTED}
    assert role_of("summary", "y" * 90) == "text (long, descriptions, messages)"
    assert role_of("created_by", {"id": 1}, in_person=True) == "person"


def test_the_tokens_are_summed_by_position_and_role() -> None:
    tally = apportion([{"id": "a1", "name": "First"}, {"id": "a2", "name": "Second"}])
    assert tally[(LISTED, "identity")] > 0 and tally[(LISTED, "label")] > 0
    assert set(tally) <= {
        (LISTED, r) for r in ("identity", "label", "structure (nested keys, brackets)")
    }


def _call(kind: str, kept: dict) -> Call:
    call = Call("spec", "tool", "example", kind=kind, raw=500, shaped=50)
    call.kept = kept
    return call


def test_the_report_gives_each_halfs_shares_and_the_gap() -> None:
    tuning = [_call("read", {(LISTED, "identity"): 30, (LISTED, "time"): 70})]
    held = [
        _call("search", {(LISTED, "identity"): 50, (SINGLE, "time"): 50}),
        _call("create", {(LISTED, "label"): 1000}),  # not a read or a search: not counted
    ]
    lines = kept_rows({"tuning": tuning, "held-back": held})
    assert lines[0] == (
        "tuning: 1 calls, 100 tokens apportioned, held-back: 1 calls, 100 tokens apportioned"
    )
    rows = {line.split(" | ")[0].lstrip("| "): line.split(" | ") for line in lines[2:]}
    # role | tuning listed, single, wrapper, all | held-back listed, single, wrapper, all | gap
    assert rows["identity"][1:5] == ["30.0%", "0.0%", "0.0%", "30.0%"]
    assert rows["identity"][5:9] == ["50.0%", "0.0%", "0.0%", "50.0%"]
    assert rows["identity"][9] == "+20.0 |"
    assert rows["time"][5:9] == ["0.0%", "50.0%", "0.0%", "50.0%"]
    assert rows["time"][9] == "-20.0 |"
    assert rows["label"][4] == "0.0%"
    assert rows["**all roles**"][4] == "100.0%"


def test_the_sizes_of_the_bodies_are_counted_per_half_with_their_medians() -> None:
    from generator.bench.directory_report import kept_bands
    from generator.preview.judge import Verdict

    def call(kind: str, raw: int, shaped: int, position: str = SINGLE) -> Call:
        c = Call("spec", "tool", "example", kind=kind, raw=raw, shaped=shaped)
        c.verdict = Verdict()
        c.kept = {(position, "identity"): shaped}
        return c

    tuning = [call("read", 500, 100), call("read", 2000, 100, LISTED), call("read", 300, 10)]
    held = [call("search", 800, 200, LISTED), call("create", 900, 9)]
    lines = kept_bands({"tuning": tuning, "held-back": held})
    assert lines[2:5] == [
        "| tuning | list | 0, n/a | 1, 95.0% | 1, 95.0% |",
        "| tuning | single resource | 1, 80.0% | 0, n/a | 1, 80.0% |",
        "| tuning | all | 1, 80.0% | 1, 95.0% | 2, 87.5% |",
    ]
    assert lines[7] == "| held-back | all | 1, 75.0% | 0, n/a | 1, 75.0% |"
