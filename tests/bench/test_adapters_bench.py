"""The Notion adapter benchmark measures every recorded block response and prints a table."""

from __future__ import annotations

from generator.bench.adapters import DEFAULT_CORPUS, main, rows


def test_every_block_response_is_measured_and_markdown_is_smaller(capsys) -> None:
    table = rows(DEFAULT_CORPUS)
    names = [r.name for r in table]
    assert "blocks.children.list.all_block_types.json" in names and len(table) >= 6
    for row in table:
        assert 0 < row.markdown < row.compact < row.raw, row
    page = table[-1]
    assert page.blocks == 100 and page.reduction > 0.8
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "| 100-block page (cycled all_block_types) | 100 |" in out
