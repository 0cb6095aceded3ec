"""A listed item keeps its own moment to come (issue 33, practitioners' yardstick: the
hand-written servers of a tracker list each issue, project, milestone and cycle with its due or
target date, which the defaults dropped for the one creation time a list's item takes)."""

from generator.runtime.shaping.defaults import choose_default_fields

# a tracker's issue as its list answers it (synthesized: the shape of an issue in any tracker)
ISSUE = {
    "id": "string", "identifier": "string", "title": "string",
    "state": {"id": "string", "name": "string"},
    "createdAt": "string:time", "updatedAt": "string:time", "dueDate": "string:date",
}  # fmt: skip
# a project: it is aimed at a date and set to start on another
PROJECT = {
    "id": "string", "name": "string", "createdAt": "string:time",
    "startDate": "string:date", "targetDate": "string:date", "updatedAt": "string:time",
}  # fmt: skip
# a calendar entry: when it starts is what it is picked by
EVENT = {"id": "string", "summary": "string", "created": "string:time",
         "start_time": "string:time", "end_time": "string:time"}  # fmt: skip


def test_a_listed_item_keeps_its_due_date_beside_when_it_was_made():
    chosen = choose_default_fields(ISSUE, item=True, kind="read", listed=True)
    assert "createdAt" in chosen and "dueDate" in chosen
    assert "updatedAt" not in chosen  # still one time of its past


def test_a_listed_item_keeps_one_planned_time_the_most_telling():
    chosen = choose_default_fields(PROJECT, item=True, kind="read", listed=True)
    assert "targetDate" in chosen and "startDate" not in chosen
    chosen = choose_default_fields(EVENT, item=True, kind="read", listed=True)
    # one planned time, and a span's end with its start (``pairs.with_counterparts``)
    assert "start_time" in chosen and "end_time" in chosen


def test_a_time_a_state_lapses_at_or_a_part_s_plan_is_no_plan_of_the_item():
    member = {"user": {"id": "string", "username": "string"}, "nick": "string",
              "joined_at": "string:time", "communication_disabled_until": "string:time",
              "premium_since": "string:time"}  # fmt: skip
    chosen = choose_default_fields(member, item=True, kind="read", listed=True)
    assert "joined_at" in chosen and "communication_disabled_until" not in chosen
    task = {"id": "string", "title": "string", "created_at": "string:time",
            "milestone": {"id": "string", "title": "string", "due_on": "string:time"}}  # fmt: skip
    chosen = choose_default_fields(task, item=True, kind="read", listed=True)
    assert "milestone.due_on" not in chosen
