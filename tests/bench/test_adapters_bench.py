"""The Notion adapter benchmark measures every recorded block response and prints a table."""

from __future__ import annotations

from generator.bench.adapters import main, rows
from tests.support.paths import RESPONSES


def test_every_block_response_is_measured_and_markdown_is_smaller(capsys, tmp_path) -> None:
    table = rows(RESPONSES)
    names = [r.name for r in table]
    assert "blocks.children.list.all_block_types.json" in names and len(table) >= 6
    for row in table:
        assert 0 < row.markdown < row.compact < row.raw, row
    page = table[-1]
    assert page.blocks == 100 and page.reduction > 0.8
    assert main(["--corpus", str(RESPONSES), "--results", str(tmp_path / "adapters.md")]) == 0
    out = capsys.readouterr().out
    written = (tmp_path / "adapters.md").read_text()
    assert written.startswith("<!-- written by `python -m generator.bench.adapters")
    assert "- machine: " in written and "- commit: " in written and "- date: " in written
    assert out in written  # the file holds exactly what was printed, under its header
    assert "| 100-block page (cycled all_block_types) | 100 |" in out
