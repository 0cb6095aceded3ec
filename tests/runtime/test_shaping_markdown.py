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
    names = [label["name"] for label in issue["labels"]]
    labels = ", ".join(names) if len(names) > 1 else json.dumps(names)  # one: reads as a list
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


# ---------------------------------------------------------------- what a reader reads back
# The judge's reader (generator/preview/markdown_read.py, written apart from the renderer)
# reads the text as a user does; these are the renderer's defects it found on the breadth
# corpus.


def _read_back(value):
    from generator.preview.judge_markdown import judge_markdown, listed_values
    from generator.preview.markdown_read import read_markdown

    text = to_markdown(value)
    listed = listed_values(value)
    return read_markdown(text, lambda parts: all(p in listed for p in parts)), judge_markdown(
        value, text
    )


def test_a_list_of_empty_objects_is_not_a_table_without_columns():
    # it was "|  |\n|\n|  |\n|  |": a table with no column, its items unreadable
    read, verdict = _read_back({"data": [{}, {}, {}], "success": True})
    assert read == {"data": [{}, {}, {}], "success": True}
    assert verdict.clean, verdict.lost
    assert "|" not in to_markdown([{}, {}])
    assert _read_back([{}, {}])[0] == [{}, {}]


def test_values_that_hold_the_joining_comma_are_written_so_they_read_apart():
    # joined, ["p, q", "r"] was "p, q, r": three values to a reader
    value = {"id": 7, "name": "n", "tags": ["p, q", "r"]}
    assert to_markdown(value).endswith('- **tags**: ["p, q","r"]')
    assert _read_back(value)[0] == value
    rows = [{"id": 1, "tags": ["p, q", "r"]}, {"id": 2, "tags": ["s", "t"]}]
    assert _read_back(rows)[0] == rows
    assert "| 2 | s, t |" in to_markdown(rows)  # values that read apart stay joined


def test_a_list_of_one_value_on_its_own_line_reads_as_a_list():
    # "- **contexts**: ci/build" read as the text, not the list the operation answers
    value = {"strict": True, "contexts": ["ci/build"]}
    assert to_markdown(value) == '- **strict**: true\n- **contexts**: ["ci/build"]'
    read, verdict = _read_back(value)
    assert read == value
    assert verdict.lists_kept == verdict.lists == 1


def test_an_answered_list_of_scalars_is_one_line_not_a_section_each():
    # it was "### 1.\n\nlanguage 1\n\n### 2. ...": twice the JSON's tokens
    from generator.runtime.shaping.chunking import markdown_layout
    from generator.runtime.shaping.pipeline import shape
    from generator.runtime.shaping.shape_config import ShapeConfig
    from generator.preview.markdown_read import read_markdown

    value = {"languages": [f"language {n}" for n in range(1, 30)]}
    text = markdown_layout(value, ("languages",), "o200k_base", "…").full_text()
    assert text.startswith("**languages** (29 items):\n\nlanguage 1, language 2, ")
    assert read_markdown(text, lambda parts: True) == value
    for level in ("concise", "detailed"):
        md = shape(value, ShapeConfig(), detail_level=level, response_format="markdown")
        assert "###" not in md.chunks[0]


def test_a_paged_list_of_scalars_reads_back_page_by_page():
    from generator.runtime.shaping.pipeline import shape
    from generator.runtime.shaping.shape_config import ShapeConfig
    from generator.preview.markdown_read import read_markdown

    value = {"total": 400, "names": [f"name number {n}" for n in range(400)]}
    config = ShapeConfig(chunk_threshold_tokens=300, chunk_tokens=250)
    md = shape(value, config, detail_level="detailed", response_format="markdown")
    assert len(md.chunks) > 2
    pages = [read_markdown(chunk, lambda parts: True) for chunk in md.chunks]
    assert pages[0]["total"] == 400
    assert [n for page in pages for n in page["names"]] == value["names"]


def test_an_answered_list_of_values_that_would_not_read_apart_is_bullets():
    from generator.runtime.shaping.pipeline import shape
    from generator.runtime.shaping.shape_config import ShapeConfig
    from generator.preview.markdown_read import read_markdown

    value = {"notes": ["first, then", "second", ""]}
    md = shape(value, ShapeConfig(), detail_level="detailed", response_format="markdown")
    if md.chunks[0].startswith("**"):  # sent as Markdown: one bullet each
        assert "###" not in md.chunks[0]
    assert read_markdown(md.chunks[0]) == value


def test_markdown_is_sent_only_when_the_text_sent_costs_no_more_than_json():
    # the format was chosen on to_markdown's "- **permissions**: a, b, c" while the answer
    # was written as its pages write it ("**permissions** (3 items):"), 2-3 tokens more
    from generator.runtime.shaping.pipeline import shape
    from generator.runtime.shaping.shape_config import ShapeConfig
    from generator.runtime.shaping.tokens import count_tokens

    answers = [
        {"permissions": ["permission 1", "permission 2", "permission 3"]},
        {"clearedRanges": ["Sheet1!A1:B2", "Sheet2!C3:D4"], "spreadsheetId": "abc123"},
        [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}],
        {"total": 2, "items": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]},
    ]
    for value in answers:
        md = shape(value, ShapeConfig(), detail_level="detailed", response_format="markdown")
        js = shape(value, ShapeConfig(), detail_level="detailed", response_format="json")
        if not any("answered in compact JSON" in note for note in md.notes):
            assert count_tokens(md.chunks[0]) <= count_tokens(js.chunks[0]), md.chunks[0]
        else:
            assert md.chunks[0] == js.chunks[0]


def test_an_empty_array_in_a_table_is_written_not_left_as_an_empty_cell():
    # it was an empty cell, which reads as a missing field
    rows = [{"id": 1, "tags": [], "meta": {}}, {"id": 2, "tags": ["a", "b"], "meta": {"k": 1}}]
    text = to_markdown(rows)
    assert "| 1 | [] | {} |  |" in text
    assert _read_back(rows)[0] == [
        {"id": 1, "tags": [], "meta": {}},
        {"id": 2, "tags": ["a", "b"], "meta": {"k": 1}},
    ]


def test_a_cells_own_html_line_break_is_not_read_as_a_line_break():
    # HTML in a value ("one<br>two") read as a line break: the value was not what was sent
    rows = [{"id": 1, "bio": "one<br>two"}, {"id": 2, "bio": "three\nfour"}]
    assert escape_cell("one<br>two\nthree") == "one\\<br>two<br>three"
    assert _read_back(rows)[0] == rows


def test_an_array_of_one_value_in_a_cell_reads_as_an_array_not_its_value():
    value = [
        {"id": 1, "tags": ["a"], "kind": "a", "labels": [{"name": "bug"}]},
        {"id": 2, "tags": ["a", "b"], "kind": "b", "labels": [{"name": "x"}, {"name": "y"}]},
    ]
    rows = to_markdown(value).split("\n")
    assert rows[0] == "| id | tags | kind | labels.name |"
    assert rows[2] == '| 1 | ["a"] | a | ["bug"] |'  # not the scalar ``a`` beside it
    assert rows[3] == "| 2 | a, b | b | x, y |"
    read, verdict = _read_back(value)
    assert read == value
    assert verdict.clean, verdict.lost


def test_text_that_imitates_markdown_on_its_own_line_is_fenced():
    """A scalar on a line of its own (a bullet, a list's item, the whole answer) that starts
    a Markdown block or a structure of the answer is fenced, so it reads as the text it is."""
    for text in ("- **id**: 7", "# Title", "| a | b |", "> quoted", "1. first", "```", "  x"):
        md = to_markdown(["plain", text])
        assert md.split("\n")[:2] == ["- plain", "-"], text
        assert f"\n  ```\n  {text}\n  ```" in md or f"\n  ````\n  {text}\n  ````" in md, text
        assert to_markdown(text).split("\n")[0].startswith("```"), text
        assert _read_back(["plain", text])[0] == ["plain", text], text
        assert _read_back({"items": [text, "x" * 200]})[0] == {"items": [text, "x" * 200]}
    # the whole answer, a text that looked like a member, read as one
    assert _read_back("- **id**: 7")[0] == "- **id**: 7"
    # what reads as itself stays on its line: numbers in text, tags, versions
    assert to_markdown(["#12", "1.2.0"]) == "- #12\n- 1.2.0"


def test_text_after_a_key_that_reads_as_another_value_is_fenced():
    md = to_markdown({"empty": "[]", "list": '["a"]', "object": "{}", "note": "- a | b"})
    assert md.split("\n") == [
        "- **empty**:",
        "  ```",
        "  []",
        "  ```",
        "- **list**:",
        "  ```",
        '  ["a"]',
        "  ```",
        "- **object**:",
        "  ```",
        "  {}",
        "  ```",
        "- **note**: - a | b",  # inline after its key: read as text
    ]
    assert _read_back({"empty": "[]", "list": '["a"]', "note": "- a | b"})[0] == {
        "empty": "[]",
        "list": '["a"]',
        "note": "- a | b",
    }


def test_a_text_in_a_cell_that_reads_as_another_value_is_quoted_as_json():
    """A cell cannot be fenced: a text written as the renderer writes a list (``["a"]``, now
    also a one-value list's cell), an empty list or object, or a quoted text, is quoted."""
    value = [
        {"id": 1, "t": '["a"]', "u": '"q"', "w": "[]"},
        {"id": 2, "t": ["a"], "u": "x", "w": []},
    ]
    rows = to_markdown(value).split("\n")
    assert rows[2] == '| 1 | "[\\\\"a\\\\"]" | "\\\\"q\\\\"" | "[]" |'
    assert rows[3] == '| 2 | ["a"] | x | [] |'
    assert _read_back(value)[0] == value
    joined = {"tags": ['"q"', "x"], "more": ["[1]", "y"]}
    assert to_markdown(joined) == '- **tags**: ["\\"q\\"","x"]\n- **more**: ["[1]","y"]'
    assert _read_back(joined)[0] == joined


def test_text_that_reads_as_a_number_a_flag_or_null_is_quoted_wherever_it_stands():
    """Issue 33: ``"3"`` was written as ``3``, ``"true"`` as ``true``: the reader could not tell
    a text from the number or the flag. Quoted as JSON in a cell, after a key and on a line of
    its own; a list holding one is its compact JSON; other text is not quoted."""
    rows = [
        {"id": 1, "code": "3", "state": "true", "note": "null", "n": 3, "ok": True, "v": "1.2.0"},
        {
            "id": 2,
            "code": "-1.5e3",
            "state": "open",
            "note": "#12",
            "n": 4,
            "ok": False,
            "v": "007",
        },
    ]
    lines = to_markdown(rows).split("\n")
    assert lines[2] == '| 1 | "3" | "true" | "null" | 3 | true | 1.2.0 |'
    assert lines[3] == '| 2 | "-1.5e3" | open | #12 | 4 | false | 007 |'
    one = {"code": "3", "n": 3, "flag": "false", "tags": ["1", "2"], "nums": [1, 2], "v": "v2"}
    assert to_markdown(one).split("\n") == [
        '- **code**: "3"',
        "- **n**: 3",
        '- **flag**: "false"',
        '- **tags**: ["1","2"]',
        "- **nums**: 1, 2",
        "- **v**: v2",
    ]
    assert to_markdown(["1", "x"]) == '- "1"\n- x'
    for value in (rows, one, ["1", "x"], "3", {"deep": {"zero": "0"}}):
        read, verdict = _read_back(value)
        assert read == value, value
        assert verdict.clean, verdict.lost
