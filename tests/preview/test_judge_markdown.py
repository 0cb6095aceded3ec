"""The Markdown judge: what the JSON judge requires must be readable where a reader finds it.

The Markdown texts here are written by hand, as a user would receive them, so that the judge
is tested apart from the renderer (tests/runtime/test_shaping_markdown.py tests the renderer
against it).
"""

from __future__ import annotations

from generator.preview.judge import judge
from generator.preview.judge_markdown import answered_as_json, judge_markdown
from generator.preview.markdown_read import read_markdown

ISSUES = [
    {"id": 101, "title": "Crash on start", "state": "open", "user": {"login": "ada"}},
    {"id": 102, "title": "Wrong total", "state": "closed", "user": {"login": "grace"}},
]

TABLE = """| id | title | state | user.login |
|---|---|---|---|
| 101 | Crash on start | open | ada |
| 102 | Wrong total | closed | grace |"""


def test_a_table_that_shows_every_row_keeps_the_list_its_labels_ids_and_people() -> None:
    verdict = judge_markdown(ISSUES, TABLE)
    assert verdict.clean, verdict.lost
    assert (verdict.lists_kept, verdict.labels_kept, verdict.identities_kept) == (1, 2, 2)
    assert verdict.check("people").judged == 2
    assert verdict.check("people").kept == 2


def test_the_json_judge_cannot_read_the_same_table() -> None:
    # why the Markdown judge exists: the text is not JSON, the JSON judge finds no list in it
    assert not judge(ISSUES, TABLE).clean


def test_a_row_that_drops_its_identity_is_a_miss() -> None:
    text = TABLE.replace("| 102 |", "|  |")
    verdict = judge_markdown(ISSUES, text)
    assert verdict.identities_kept == 1
    assert "identity of item 1" in verdict.lost


def test_a_value_under_the_wrong_row_is_a_miss_though_it_is_in_the_text() -> None:
    swapped = """| id | title | state | user.login |
|---|---|---|---|
| 101 | Wrong total | open | grace |
| 102 | Crash on start | closed | ada |"""
    verdict = judge_markdown(ISSUES, swapped)
    assert "label of item 0" in verdict.lost and "label of item 1" in verdict.lost
    assert verdict.check("people").kept == 0


def test_a_value_outside_its_column_is_not_attributed_to_it() -> None:
    # the login is in the text, but as the row's title: the person keeps no handle
    text = TABLE.replace("| open | ada |", "| open |  |").replace("Crash on start", "ada")
    verdict = judge_markdown(ISSUES, text)
    assert verdict.check("people").kept == 1
    assert "label of item 0" in verdict.lost


def test_a_missing_row_loses_the_list() -> None:
    verdict = judge_markdown(ISSUES, "\n".join(TABLE.split("\n")[:3]))
    assert verdict.lists_kept == 0 and verdict.wrapper_only


def test_escapes_line_breaks_and_truncation_markers_are_read_as_the_renderer_writes_them() -> None:
    body = [
        {"id": 1, "name": "a|b \\ c", "note": "line one\nline two"},
        {"id": 2, "name": "A long name that the server cut short at its limit", "note": "x"},
    ]
    text = """| id | name | note |
|---|---|---|
| 1 | a\\|b \\\\ c | line one<br>line two |
| 2 | A long name that… | x |"""
    verdict = judge_markdown(body, text)
    assert verdict.clean, verdict.lost
    assert read_markdown(text)[0] == {"id": 1, "name": "a|b \\ c", "note": "line one\nline two"}


def test_a_resource_as_key_value_lines_keeps_its_identity_label_and_state() -> None:
    body = {"id": "in_1", "name": "Invoice 7", "status": "paid", "owner": {"login": "ada"}}
    text = """- **id**: in_1
- **name**: Invoice 7
- **status**: paid
- **owner**:
  - **login**: ada"""
    assert judge_markdown(body, text, kind="update").clean
    dropped = judge_markdown(body, text.replace("- **status**: paid\n", ""), kind="update")
    assert dropped.answer.resource_kept == 0


def test_sections_and_paged_parts_are_read_as_the_list_they_page() -> None:
    body = {"total": 2, "items": ISSUES}
    text = """- **total**: 2

**items** (2 items):

### 1. title: Crash on start

- **id**: 101
- **title**: Crash on start
- **state**: open
- **user**:
  - **login**: ada

### 2. title: Wrong total

- **id**: 102
- **title**: Wrong total
- **state**: closed
- **user**:
  - **login**: grace"""
    assert read_markdown(text) == body
    assert judge_markdown(body, text).clean


def test_values_joined_on_one_line_read_as_a_list_only_when_they_can_be_told_apart() -> None:
    body = {"id": 1, "name": "n", "tags": ["red", "blue"]}
    assert read_markdown("- **tags**: red, blue", lambda parts: True) == {"tags": ["red", "blue"]}
    assert read_markdown("- **tags**: red, blue") == {"tags": "red, blue"}
    text = "- **id**: 1\n- **name**: n\n- **tags**: red, blue"
    assert judge_markdown(body, text).clean
    # a value that holds ", " itself: joined, "p, q, r" reads as three values, not two
    series = {"points": ["p, q", "r"]}
    assert not judge_markdown(series, "- **points**: p, q, r").clean
    assert judge_markdown(series, '- **points**: ["p, q","r"]').clean


def test_an_answer_sent_as_compact_json_is_read_as_json() -> None:
    text = '[{"id":101,"title":"Crash on start"},{"id":102,"title":"Wrong total"}]'
    assert answered_as_json(text) and not answered_as_json(TABLE)
    assert judge_markdown(ISSUES, text).labels_kept == 2


def test_spaces_at_a_texts_ends_are_not_compared() -> None:
    body = [{"id": "b1", "title": "Books "}, {"id": "b2", "title": "Kids"}]
    text = "| id | title |\n|---|---|\n| b1 | Books |\n| b2 | Kids |"
    assert judge_markdown(body, text).clean
    assert not judge_markdown(body, text.replace("Books", "Boots")).clean
    as_json = '[{"id":"b1","title":"Books "},{"id":"b2","title":"Kids"}]'
    assert judge_markdown(body, as_json).clean


def test_flags_and_nulls_written_as_json_writes_them_read_as_those_values() -> None:
    assert judge_markdown([False, 950279, None], "false, 950279, null").clean
    assert judge_markdown(["x, y", "true"], "- x, y\n- true").clean  # "true" reads as true
    assert not judge_markdown([False, 950279, None], "false, 950279").clean


def test_a_number_is_read_as_written() -> None:
    assert read_markdown("- **a**: 1.5020\n- **b**: 2.5\n- **c**: 007") == {
        "a": "1.5020",
        "b": 2.5,
        "c": "007",
    }
    assert judge_markdown(
        [{"id": 1, "name": "1.5020"}], "| id | name |\n|---|---|\n| 1 | 1.5020 |"
    ).clean


def test_an_empty_text_is_an_empty_cell() -> None:
    body = [{"id": 1, "name": ""}, {"id": 2, "name": "x"}]
    assert judge_markdown(body, "| id | name |\n|---|---|\n| 1 |  |\n| 2 | x |").clean
    assert not judge_markdown(body, "| id | name |\n|---|---|\n| 1 |  |\n| 2 |  |").clean
