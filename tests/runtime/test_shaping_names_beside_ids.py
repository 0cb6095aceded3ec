"""An object with no label of its own is named by a plain text named as a thing whose id is
beside it (``campaign`` beside ``campaign_id``: ``label_steps.names_beside_ids``), and a
thread by its snippet (a text word, ``roles/content.CONTENT_WORDS``). Shapes synthesized from
the tuning half of the directory corpus (an ad network's report rows, a sports feed's games,
a mail API's threads)."""

from generator.runtime.shaping.defaults import choose_default_fields

ROW = {
    "campaign": "string",
    "campaign_id": "string",
    "clicks": "integer",
    "cpc": "number",
    "ctr": "number",
    "earnings": "number",
    "impressions": "integer",
}
GAME = {
    "GameID": "integer",
    "Status": "string",
    "Updated": "string:time",
    "HomeTeam": "string",
    "HomeTeamID": "integer",
    "AwayTeam": "string",
    "AwayTeamID": "integer",
    "HomeTeamErrors": "integer",
    "AwayTeamErrors": "integer",
    "IsClosed": "boolean",
}
THREAD = {
    "id": "string",
    "snippet": "string",
    "historyId": "string",
    "messages": [{"id": "string", "threadId": "string", "labelIds": ["string"]}],
}


def test_a_report_row_is_named_by_its_campaign():
    chosen = choose_default_fields(ROW, item=True, kind="read")
    assert "campaign_id" in chosen and "campaign" in chosen, chosen


def test_a_game_says_who_played():
    chosen = choose_default_fields(GAME, item=True, kind="read")
    assert "HomeTeam" in chosen and "AwayTeam" in chosen, chosen


def test_a_thread_keeps_its_snippet():
    assert "snippet" in choose_default_fields(THREAD, item=True, kind="read")


def test_an_object_with_a_label_of_its_own_is_named_by_it():
    named = {**ROW, "name": "string"}
    chosen = choose_default_fields(named, item=True, kind="read")
    assert "name" in chosen and "campaign" not in chosen, chosen
