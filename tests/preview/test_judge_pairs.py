"""The judge's ``pairs`` check (``preview/judge_pairs.py``): a member kept that is one side of a
pair keeps the other side. Synthesized bodies of the shapes a reading of the tuning half found
(an esports box score's team A and team B, a team's wins and losses, a player's height in feet
and inches, a security entry's allowed and denied rights, a skill queue's start and finish);
each passes a result that keeps both sides and fails one that keeps one."""

from __future__ import annotations

from typing import Any

from generator.preview.judge import judge
from generator.preview.judge_checks import CHECKS

GAMES = [
    {
        "GameId": 1000 + n,
        "Status": "Final",
        "TeamAName": f"Team {n}",
        "TeamBName": f"Rival {n}",
        "TeamAScore": n,
        "TeamBScore": n + 2,
        "Updated": f"2024-05-0{n}T12:00:00Z",
    }
    for n in range(1, 4)
]
PLAYER = {"PlayerID": 17, "Name": "Sam Doe", "HeightFeet": 6, "HeightInches": 2, "Status": "Active"}
ENTRY = {
    "Name": "domain\\ops",
    "AllowRights": ["Read", "ReadData"],
    "DenyRights": ["Write", "Admin"],
}
QUEUE = [
    {"skill_id": 3, "start_date": "2024-05-01T10:00:00Z", "finish_date": "2024-05-03T10:00:00Z"},
    {"skill_id": 4, "start_date": "2024-05-03T10:00:00Z", "finish_date": "2024-05-09T10:00:00Z"},
]


def _only(items: list[dict[str, Any]], keys: tuple[str, ...]) -> list[dict[str, Any]]:
    return [{k: v for k, v in item.items() if k in keys} for item in items]


def test_pairs_is_a_named_failing_check() -> None:
    assert any(spec.name == "pairs" and spec.fails for spec in CHECKS)


def test_both_teams_of_a_box_score_pass_one_team_fails() -> None:
    both = _only(GAMES, ("GameId", "TeamAName", "TeamBName", "TeamAScore", "TeamBScore"))
    kept = judge(GAMES, both).check("pairs")
    assert kept.judged == 12 and kept.kept == 12, kept
    one = _only(GAMES, ("GameId", "TeamAName", "TeamAScore", "Status"))
    verdict = judge(GAMES, one)
    assert verdict.check("pairs").kept == 0, verdict.check("pairs")
    assert any("TeamBName" in str(f) for f in verdict.findings), verdict.findings
    assert any("TeamBName" in lost for lost in verdict.lost), verdict.lost


def test_a_height_in_inches_alone_fails() -> None:
    verdict = judge(PLAYER, {"PlayerID": 17, "Name": "Sam Doe", "HeightInches": 2})
    assert verdict.check("pairs").judged == 1 and verdict.check("pairs").kept == 0
    assert judge(PLAYER, PLAYER).check("pairs").kept == 2


def test_rights_allowed_without_those_denied_fail() -> None:
    verdict = judge(ENTRY, {"Name": "domain\\ops", "AllowRights": ["Read", "ReadData"]})
    assert [f.fields for f in verdict.findings if f.check == "pairs"] == [("DenyRights",)]


def test_a_start_without_its_finish_fails_an_end_alone_is_no_half() -> None:
    started = judge(QUEUE, _only(QUEUE, ("skill_id", "start_date"))).check("pairs")
    assert started.judged == 2 and started.kept == 0, started
    ended = judge(QUEUE, _only(QUEUE, ("skill_id", "finish_date"))).check("pairs")
    assert ended.judged == 0, ended


def test_a_start_kept_beside_its_length_is_no_half() -> None:
    call = {"id": 9, "startTime": "2024-05-01T10:00:00Z", "endTime": "2024-05-01T10:30:00Z",
            "duration": 1800}  # fmt: skip
    shaped = {"id": 9, "startTime": "2024-05-01T10:00:00Z", "duration": 1800}
    assert judge(call, shaped).check("pairs").judged == 0


def test_a_side_whose_other_is_empty_is_not_judged() -> None:
    body = {"id": 2, "min_price": 10, "max_price": None, "lat": 51.5, "lng": ""}
    assert judge(body, {"id": 2, "min_price": 10, "lat": 51.5}).check("pairs").judged == 0
