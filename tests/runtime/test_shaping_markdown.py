"""JSON -> Markdown: tables, key/value lists, fenced long text, escaping."""

import json
from pathlib import Path

from generator.runtime.shaping.fields import project
from generator.runtime.shaping.markdown import (
    escape_cell, fence, flatten_row, table_parts, to_markdown,
)  # fmt: skip

RESPONSES = Path(__file__).resolve().parents[1] / "fixtures" / "responses"


def load(name: str):
    return json.loads((RESPONSES / name).read_text(encoding="utf-8"))


def test_a_list_of_flat_objects_is_a_table_with_dotted_identity_columns():
    issues = project(
        load("github/issue-items.json"), ["number", "title", "user.login", "labels.name"]
    )
    md = to_markdown(issues)
    lines = md.split("\n")
    assert lines[0] == "| number | title | user.login | labels.name |"
    assert lines[1] == "|---|---|---|---|"
    issue = issues[0]
    labels = ", ".join(label["name"] for label in issue["labels"])
    assert (
        lines[2]
        == f"| {issue['number']} | {issue['title']} | {issue['user']['login']} | {labels} |"
    )


def test_cells_escape_pipes_and_newlines():
    assert escape_cell("a|b\nc\r\nd") == "a\\|b<br>c<br>d"
    md = to_markdown([{"t": "x | y\nz"}, {"t": None}, {"other": True}])
    rows = md.split("\n")
    assert rows[0] == "| t | other |"
    assert rows[2] == "| x \\| y<br>z |  |"
    assert rows[3] == "| null |  |"
    assert rows[4] == "|  | true |"


def test_rows_that_are_not_flat_become_sections():
    blocks = load("notion/blocks.children.list.page_size_2.json")["results"]
    md = to_markdown(blocks)
    assert md.startswith("### 1. id: ")
    assert "\n\n### 2. id: " in md
    assert "- **type**: paragraph" in md


def test_an_object_is_a_key_value_list_and_nested_objects_nest():
    user = load("github/private-user.json")
    md = to_markdown(project(user, ["login", "id", "plan.name", "plan.space"]))
    assert md.split("\n") == [
        f"- **login**: {user['login']}",
        f"- **id**: {user['id']}",
        "- **plan**:",
        f"  - **name**: {user['plan']['name']}",
        f"  - **space**: {user['plan']['space']}",
    ]


def test_long_text_goes_into_a_fence_longer_than_any_backtick_run():
    body = "Run this:\n```\nmake test\n```\nthen ````quad```` too"
    md = to_markdown({"body": body})
    assert md.startswith("- **body**:\n  `````\n")
    assert md.endswith("\n  `````")
    assert fence("plain") == "```\nplain\n```"


def test_flatten_rules():
    assert flatten_row({"a": {"b": {"c": 1}}}) is None  # too deep for a table
    assert flatten_row({"tags": ["x", "y"], "e": {}}) == {"tags": "x, y", "e": "{}"}
    assert flatten_row({"labels": [{"name": "a"}, {"name": "b"}]}) == {"labels.name": "a, b"}
    assert flatten_row({"labels": [{"name": "a", "id": 1}]}) is None


def test_wide_or_long_rows_do_not_make_a_table():
    assert table_parts([{f"k{i}": i for i in range(30)}]) is None
    assert table_parts([{"body": "x" * 1000}]) is None


def test_scalars_and_empty_values():
    assert to_markdown([]) == "(no items)"
    assert to_markdown({}) == "(empty object)"
    assert to_markdown([1, "two", None]) == "- 1\n- two\n- null"
    assert to_markdown("short") == "short"
    assert to_markdown({"a": [], "b": {}, "c": [1, 2]}) == "- **a**: []\n- **b**: {}\n- **c**: 1, 2"


def test_the_whole_corpus_renders():
    for path in sorted(RESPONSES.glob("*/*.json")):
        if path.name != "fixtures3.json":
            assert to_markdown(json.loads(path.read_text(encoding="utf-8")))
