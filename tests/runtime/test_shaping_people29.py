"""Issue 33, the twenty-ninth round: people, identities and labels the every-tool run of the
directory's tuning half found lost (synthesized bodies; no vendor data)."""

from __future__ import annotations

from generator.runtime.shaping.defaults import choose_default_fields


def test_a_time_taken_two_parts_down_comes_with_who() -> None:
    """A list's item whose time is its part's part's (``thread.first_message.timestamp``)
    keeps who that part is by beside it, as a part's time one level down does: the item kept
    when the first message was sent and not by whom."""
    person = {
        "id": "integer",
        "profile": {"first_name": "string", "last_name": "string"},
        "usage": {"joined_timestamp": "string:time"},
    }
    match = {
        "extra": {"score_count": "integer"},
        "thread": {
            "id": "integer",
            "first_message": {"author": person, "timestamp": "string:time"},
        },
    }
    chosen = choose_default_fields(match, item=True)
    assert "thread.first_message.timestamp" in chosen
    assert "thread.first_message.author.profile.first_name" in chosen  # when, and by whom
    assert "thread.first_message.author.profile.last_name" in chosen
