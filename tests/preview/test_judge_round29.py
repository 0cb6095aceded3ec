"""The judge, twenty-ninth round: what the every-tool run of the directory's tuning half showed
it misread (synthesized bodies)."""

from __future__ import annotations

from generator.preview.judge import judge


def test_a_number_beside_ids_of_its_kind_is_no_identity_demanded_alone() -> None:
    """A stat line whose one bare identity word is a ``Number`` (a player's shirt number,
    what it holds within its team) beside ids of its own (``PlayerGameID``, ``PlayerID``):
    keeping one of those ids keeps its identity; the judge demanded the number alone."""
    body = [
        {"PlayerGameID": 1000 + i, "PlayerID": 500 + i, "TeamID": 7, "Number": 20 + i,
         "Name": f"Player {i}", "FantasyPoints": 7.5 + i}
        for i in range(3)
    ]  # fmt: skip
    shaped = [{"PlayerGameID": r["PlayerGameID"], "Name": r["Name"]} for r in body]
    verdict = judge(body, shaped)
    assert not [x for x in verdict.lost if x.startswith("identity")], verdict.lost
    dropped = [{"Name": r["Name"]} for r in body]  # no id, no number: still lost
    assert [x for x in judge(body, dropped).lost if x.startswith("identity")]


def test_a_heading_is_a_label() -> None:
    """A listing's ``heading`` (its headline) names it as a ``title`` does: an item that
    keeps it keeps its label, also when a seller's name beside it is left out."""
    body = [
        {"id": f"l{i}", "heading": f"2015 Compact LX {i}", "seller_name": f"Dealer {i}",
         "price": 1250 + i, "miles": 7 + i}
        for i in range(3)
    ]  # fmt: skip
    shaped = [{"id": r["id"], "heading": r["heading"], "price": r["price"]} for r in body]
    assert not [x for x in judge(body, shaped).lost if x.startswith("label")]
    dropped = [{"id": r["id"], "price": r["price"]} for r in body]
    assert [x for x in judge(body, dropped).lost if x.startswith("label")]
