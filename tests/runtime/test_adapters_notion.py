"""The Notion blocks -> Markdown adapter on the recorded Notion responses, block type by block type."""

import copy
import json

import pytest

from generator.runtime.adapters import AdapterContext
from generator.runtime.adapters.notion import notion_markdown, render_block, rich_text
from tests.support.paths import RESPONSES

NOTION = RESPONSES / "notion"
ALL_TYPES = json.loads((NOTION / "blocks.children.list.all_block_types.json").read_text())
BLOCKS = ALL_TYPES["results"]


def first(kind: str, **where: object) -> dict:
    for block in BLOCKS:
        if block["type"] == kind and all(block[kind].get(k) == v for k, v in where.items()):
            return copy.deepcopy(block)
    raise LookupError(kind)


def rendered(block: dict, detailed: bool = False) -> str:
    text = render_block(block, detailed)
    assert text is not None, f"a {block['type']} block renders as nothing"
    return text


# Every block type of the recorded list, with what its Markdown must contain.
EXPECTED = {
    "paragraph": "Text",
    "child_page": "[child page] Child page (id: 0f3e5073-22d8-48eb-926b-e808df84c169)",
    "child_database": "[child database] Child database (id: ea525a78-",
    "to_do": "- [ ] ",
    "heading_1": "# Heading 1",
    "heading_2": "## Heading 2",
    "heading_3": "### Heading 3",
    "table": "[table: 2 columns; children not loaded: block_id=ba612e8b-",
    "bulleted_list_item": "- Bulleted list",
    "numbered_list_item": "1. Numbered list",
    "toggle": "▸ Toggle\n  [children not loaded: block_id=005923da-",
    "quote": "> Quote",
    "divider": "---",
    "link_to_page": "[link to page](https://www.notion.so/c01166c613ae45cbb96818b4ef2f5a77)",
    "callout": "> ✅ Callout",
    "image": "![image](https://",
    "bookmark": "[bookmark](https://hkob.notion.site/)",
    "video": "[video: video](https://youtu.be/gp2yhkVw0z4)",
    "code": "```shell\n% ls -l\n```",
    "table_of_contents": "[table of contents]",
    "equation": "$$\nx = \\frac{-b\\pm\\sqrt{b^2-4ac}}{2a}\n$$",
    "template": "[template button: Add a new to-do]",
    "breadcrumb": "[breadcrumb]",
    "synced_block": "[synced block; children not loaded: block_id=4815032e-",
    "file": "[file: file](https://s3.us-west-2.amazonaws.com/secure.notion-static.com/",
    "unsupported": "[unsupported block: id ",
    "embed": "[embed](https://twitter.com/hkob/status/1517825460025331712)",
    "link_preview": "[link preview](https://www.dropbox.com/s/8d6kjlpdlfqiec5/complex.pdf?dl=0)",
    "column_list": "[column list; children not loaded: block_id=93195eab-",
}


def test_the_expectations_cover_every_block_type_of_the_corpus() -> None:
    types = set()
    for path in sorted(NOTION.glob("blocks.*.json")):
        data = json.loads(path.read_text())
        for block in data.get("results", [data]):
            if block.get("object") == "block":
                types.add(block["type"])
    assert types == set(EXPECTED)


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_each_block_type_renders(kind: str) -> None:
    assert EXPECTED[kind] in rendered(first(kind))


def test_the_whole_recorded_list_renders_in_order_without_json() -> None:
    text = notion_markdown(ALL_TYPES)
    order = [text.index(EXPECTED[k]) for k in ("paragraph", "heading_1", "quote", "column_list")]
    assert order == sorted(order)
    assert '"object"' not in text and "created_by" not in text
    assert "- Bulleted list\n1. Numbered list" in text  # list items stay together


def test_toggle_headings_and_a_synced_copy() -> None:
    assert rendered(first("heading_1", is_toggleable=True)).startswith("# ▸ Toggle Heading 1")
    synced = [b for b in BLOCKS if b["type"] == "synced_block"][1]
    assert rendered(synced).startswith("[synced from block 4815032e-6f24-43e4-bc8c-9bdc6299b090]")


def test_mentions_links_dates_and_inline_equations() -> None:
    mentions = BLOCKS[15]["paragraph"]["rich_text"]
    assert rich_text(mentions) == (
        "Inline contents: @Hiroyuki KOBAYASHI, "
        "[notion_ruby_mapping_test_data](https://www.notion.so/c01166c613ae45cbb96818b4ef2f5a77), "
        "2022-04-24, 🧱, $y = f(x)$ "
        "[https://github.com/hkob/notion_ruby_mapping](https://github.com/hkob/notion_ruby_mapping)"
    )
    one = json.loads((NOTION / "blocks.retrieve.mention.json").read_text())
    assert notion_markdown(one) == "2022-12-16\n"


def test_annotations_and_text_links() -> None:
    block = first("paragraph")
    span = block["paragraph"]["rich_text"][0]
    span["text"]["content"] = "Text "
    for key in ("bold", "italic", "strikethrough", "code"):
        span["annotations"][key] = True
    assert rich_text([span]) == "***~~`Text`~~*** "  # whitespace stays outside the marks
    span["annotations"].update(italic=False, strikethrough=False, code=False)
    span["text"]["link"] = {"url": "https://example.com/x"}
    assert rich_text([span]) == "[**Text**](https://example.com/x) "


def test_signed_file_urls_are_shortened_unless_detailed() -> None:
    image = first("image", type="file")
    short = rendered(image)
    assert "X-Amz-Signature" not in short and "detail_level=detailed" in short
    assert "X-Amz-Signature" in rendered(image, detailed=True)
    ctx = AdapterContext(detail_level="detailed")
    assert "X-Amz-Signature" in notion_markdown(ALL_TYPES, ctx)


def test_nested_children_render_indented_and_tables_as_markdown_tables() -> None:
    toggle = first("toggle")
    child = first("paragraph")
    nested = first("bulleted_list_item")
    nested["children"] = [first("to_do")]
    toggle["toggle"]["children"] = [child, nested]
    assert render_block(toggle) == "▸ Toggle\n  Text\n\n  - Bulleted list\n    - [ ] "
    table = first("table")
    cell = first("paragraph")["paragraph"]["rich_text"]
    rows = [
        {"object": "block", "type": "table_row", "table_row": {"cells": [cell, cell]}},
        {"object": "block", "type": "table_row", "table_row": {"cells": [[], cell]}},
    ]
    table["children"] = rows
    assert render_block(table) == "| Text | Text |\n| --- | --- |\n|  | Text |"


def test_unknown_types_degrade_to_one_line_and_more_pages_give_the_cursor() -> None:
    odd = first("divider")
    odd["type"] = "ai_block"
    odd["ai_block"] = {"whatever": [1, 2]}
    assert render_block(odd) == f"[ai_block block: not rendered, id {odd['id']}]"
    page = json.loads((NOTION / "blocks.children.list.page_size_2.json").read_text())
    text = notion_markdown(page)
    assert text.startswith("paragraph 0\n\nparagraph 1")
    assert 'start_cursor="393abc1e-edcd-8166-ac96-e7304d406e8d"' in text
    empty = json.loads((NOTION / "blocks.children.list.empty.json").read_text())
    assert notion_markdown(empty) == "(no blocks)\n"


def test_other_payloads_are_refused() -> None:
    users = json.loads((NOTION / "users.list.json").read_text())
    with pytest.raises(ValueError, match="not Notion blocks"):
        notion_markdown(users)
    with pytest.raises(ValueError):
        notion_markdown("text")
