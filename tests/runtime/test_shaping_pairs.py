"""Two ends of one thing kept together (``shaping/pairs.py``): a member the defaults keep
whose name, one word swapped for its counterpart, names a plain sibling of the same type
brings it (a range's top its bottom, a window's opening its close, one side of a match the
other, a message's sender its recipient); a span's start its end unless a length is kept;
never a secret, never a page's bare cursor. Shapes synthesized from the tuning half of the
directory corpus (a ride-cost estimate, a service account's keys, a sports feed's quarters,
an SMS API's message log and send)."""

import json
from typing import Any

from generator.preview.judge import judge
from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pairs import with_counterparts
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.trees import field_tree_from_value

ESTIMATE = {
    "ride_type": "string",
    "display_name": "string",
    "estimated_cost_cents_max": "integer",
    "estimated_cost_cents_min": "integer",
    "estimated_distance_miles": "number",
    "estimated_duration_seconds": "integer",
    "is_valid_estimate": "boolean",
    "cost_token": "string",
}
KEY = {
    "name": "string",
    "keyAlgorithm": "string",
    "keyType": "string",
    "privateKeyData": "string",
    "publicKeyData": "string",
    "validAfterTime": "string:time",
    "validBeforeTime": "string:time",
}
QUARTER = {
    "AwayTeamScore": "integer",
    "Created": "string:time",
    "Description": "string",
    "HomeTeamScore": "integer",
    "Name": "string",
    "Number": "integer",
    "QuarterID": "integer",
    "ScoreID": "integer",
    "Updated": "string:time",
}
GAME = {"GameID": "integer", "Status": "string", "DateTime": "string:time"}
MESSAGE = {
    "messageId": "string",
    "message": "string",
    "messageType": "string",
    "fromNumber": "string",
    "toNumber": "string",
    "dateTimeReceived": "string:time",
    "creditCost": "number",
    "read": "boolean",
}


def _both(chosen: tuple[str, ...], a: str, b: str) -> bool:
    return (a in chosen) == (b in chosen)


def test_a_listed_range_keeps_both_ends():
    chosen = choose_default_fields(ESTIMATE, item=True, kind="read")
    assert "estimated_cost_cents_max" in chosen or "estimated_cost_cents_min" in chosen, chosen
    assert _both(chosen, "estimated_cost_cents_max", "estimated_cost_cents_min"), chosen


def test_a_validity_window_keeps_its_close():
    chosen = choose_default_fields(KEY, item=True, kind="read")
    assert "validAfterTime" in chosen and "validBeforeTime" in chosen, chosen
    assert "privateKeyData" not in chosen


def test_one_side_of_a_match_brings_the_other():
    chosen = choose_default_fields({"Game": GAME, "Quarters": [QUARTER]}, kind="read")
    assert "Quarters.AwayTeamScore" in chosen and "Quarters.HomeTeamScore" in chosen, chosen


def test_a_message_keeps_sender_and_recipient_on_a_list_and_a_write():
    listed = choose_default_fields(MESSAGE, item=True, kind="read")
    assert "fromNumber" in listed and "toNumber" in listed, listed
    sent = choose_default_fields(MESSAGE, kind="create")
    assert _both(sent, "fromNumber", "toNumber"), sent
    share = {"id": "string", "name": "string", "sender": "string", "receiver": "string"}
    assert with_counterparts(("id", "sender"), share) == ("id", "sender", "receiver")


def test_no_secret_no_cursor_no_other_type():
    tree = {"source_id": "string", "source_token": "string", "target_token": "string"}
    assert with_counterparts(("source_id", "source_token"), tree) == ("source_id", "source_token")
    cursors = {"data": [{"id": "string"}], "before": "string", "after": "string"}
    assert with_counterparts(("after",), cursors) == ("after",)
    # inside a longer name the same words are a window's ends
    window = {"valid_after": "string:time", "valid_before": "string:time"}
    assert with_counterparts(("valid_after",), window) == ("valid_after", "valid_before")
    versions = {"min_version": "string", "max_version": "integer"}  # not one thing's ends
    assert with_counterparts(("min_version",), versions) == ("min_version",)


def test_a_span_end_comes_with_its_start():
    span = {"id": "string", "title": "string", "startTime": "string:time", "endTime": "string:time"}
    assert with_counterparts(("id", "startTime"), span) == ("id", "startTime", "endTime")
    # an end kept alone does not bring its start; a length beside the start stands for its end
    assert with_counterparts(("endTime",), span) == ("endTime",)
    timed = {**span, "duration": "integer"}
    assert with_counterparts(("startTime", "duration"), timed) == ("startTime", "duration")


# Sides of one measure a reading of the tuning half found kept alone (a box score's team A
# without team B, a height's inches without its feet, rights allowed without those denied, a
# record's losses without its wins, a skill queue's start without its finish).
BOX = {
    "GameId": "integer", "Status": "string", "Updated": "string:time", "DateTime": "string:time",
    "Day": "string", "Week": "integer", "Season": "integer", "BestOf": "string", "Group": "string",
    "RoundId": "integer", "VenueId": "integer", "PointSpread": "number", "Winner": "string",
    "TeamAId": "integer", "TeamAName": "string", "TeamAScore": "integer", "TeamAKey": "string",
    "TeamBId": "integer", "TeamBName": "string", "TeamBScore": "integer", "TeamBKey": "string",
}  # fmt: skip
ENTRY = {
    "Name": "string",
    "SecurityIdentityName": "string",
    "AllowRights": ["string"],
    "DenyRights": ["string"],
    "Links": {"Self": "string"},
}


def test_one_team_of_a_match_brings_the_other():
    chosen = choose_default_fields(BOX, item=True, kind="read")
    assert "TeamAName" in chosen and "TeamBName" in chosen, chosen
    scores = with_counterparts(("GameId", "TeamAScore"), BOX)
    assert scores == ("GameId", "TeamAScore", "TeamBScore")


def test_rights_allowed_bring_those_denied_a_list_of_scalars_its_counterpart():
    chosen = choose_default_fields(ENTRY, kind="read")
    assert "AllowRights" in chosen and "DenyRights" in chosen, chosen
    # a list's counterpart is a list: a scalar of the swapped name is something else
    assert with_counterparts(("AllowRights",), {**ENTRY, "DenyRights": "string"}) == (
        "AllowRights",
    )


def test_sides_of_one_measure_come_together():
    def other(kept: str, tree: dict[str, Any]) -> tuple[str, ...]:
        return with_counterparts((kept,), tree)[1:]

    assert other("HeightInches", {"HeightFeet": "integer", "HeightInches": "integer"}) == (
        "HeightFeet",
    )
    assert other("Losses", {"Wins": "integer", "Losses": "integer"}) == ("Wins",)
    assert other("Latitude", {"Latitude": "number", "Longitude": "number"}) == ("Longitude",)
    assert other("lat", {"lat": "number", "lng": "number"}) == ("lng",)
    votes = {"upvotes": "integer", "downvotes": "integer"}
    assert other("downvotes", votes) == ("upvotes",)
    counts = {"negative_count": "integer", "positive_count": "integer"}
    assert other("negative_count", counts) == ("positive_count",)
    assert other("excluded", {"included": ["string"], "excluded": ["string"]}) == ("included",)


def test_a_start_brings_its_finish_not_the_other_way():
    queue = {"skill_id": "integer", "start_date": "string:time", "finish_date": "string:time"}
    assert with_counterparts(("skill_id", "start_date"), queue)[2:] == ("finish_date",)
    assert with_counterparts(("finish_date",), queue) == ("finish_date",)


def test_a_shaped_box_score_list_passes_the_judges_pairs_check():
    games = [{k: (f"{k} {n}" if v == "string" else n) for k, v in BOX.items()} for n in range(1, 4)]
    tree = field_tree_from_value(games)
    config = ShapeConfig(
        default_fields=choose_default_fields(tree[0], item=True, kind="read"),
        collection_path="",
        field_tree=tree,
        kind="read",
    )
    shaped = json.loads(shape(games, config).chunks[0])
    found = judge(games, shaped).check("pairs")
    assert found.judged and found.kept == found.judged, (found, shaped)
