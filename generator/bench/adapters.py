"""Benchmark of the Notion adapter: ``python -m generator.bench.adapters``.

For every recorded Notion block response (``blocks.*.json``) and for a 100-block page built by
cycling the real blocks of ``blocks.children.list.all_block_types.json`` (Notion's maximum
``page_size``), prints o200k tokens of: the raw pretty JSON (indent=2, what typical servers
return), the compact JSON, the default concise shaped JSON (heuristic fields per block, as
shaping gives without an adapter) and the Markdown of the ``notion_markdown`` adapter, with
the reduction of the Markdown against the raw JSON. Every text of every block survives in the
Markdown; the concise JSON keeps ids and types but no text.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import cycle, islice
from pathlib import Path
from typing import Any

from ..runtime.adapters.notion import notion_markdown
from ..runtime.shaping.pipeline import ShapeConfig, shape
from ..runtime.shaping.tokens import count_tokens
from . import results
from .inputs import responses_folder, shown

PAGE_SIZE = 100


@dataclass(frozen=True)
class Row:
    name: str
    blocks: int
    raw: int
    compact: int
    concise: int
    markdown: int

    @property
    def reduction(self) -> float:
        return 1 - self.markdown / self.raw if self.raw else 0.0


def measure(name: str, value: Any) -> Row:
    blocks = value.get("results", [value]) if isinstance(value, dict) else value
    concise = shape(value, ShapeConfig(collection_path="results")).chunks
    return Row(
        name=name,
        blocks=len(blocks),
        raw=count_tokens(json.dumps(value, indent=2, ensure_ascii=False)),
        compact=count_tokens(json.dumps(value, separators=(",", ":"), ensure_ascii=False)),
        concise=sum(count_tokens(c) for c in concise),
        markdown=count_tokens(notion_markdown(value)),
    )


def full_page(value: dict[str, Any]) -> dict[str, Any]:
    """A page of PAGE_SIZE real blocks (cycled), as one block-children response."""
    blocks = list(islice(cycle(value["results"]), PAGE_SIZE))
    return {**value, "results": blocks}


def rows(corpus: Path) -> list[Row]:
    notion = corpus / "notion"
    out = []
    for path in sorted(notion.glob("blocks.*.json")):
        out.append(measure(path.name, json.loads(path.read_text(encoding="utf-8"))))
    all_types = json.loads((notion / "blocks.children.list.all_block_types.json").read_text())
    out.append(measure(f"{PAGE_SIZE}-block page (cycled all_block_types)", full_page(all_types)))
    return out


def render_table(table: list[Row]) -> str:
    head = "| response | blocks | raw JSON | compact JSON | concise JSON | Markdown | Markdown vs raw |"
    lines = [head, "|---|---:|---:|---:|---:|---:|---:|"]
    for r in table:
        lines.append(
            f"| {r.name} | {r.blocks} | {r.raw} | {r.compact} | {r.concise} | {r.markdown} "
            f"| -{r.reduction:.0%} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = results.command_line("generator.bench.adapters", __doc__)
    parser.add_argument(
        "--corpus",
        type=Path,
        help="responses folder (default ../shared/corpus/responses if "
        "it exists, else tests/fixtures/responses)",
    )
    results.add_argument(parser, "adapters")
    args = parser.parse_args(argv)
    corpus = responses_folder(args.corpus)
    with results.recorded(args.results, "generator.bench.adapters", argv):
        print(
            f"o200k tokens of the Notion block responses in {shown(corpus)}/notion: "
            "raw JSON vs the notion_markdown adapter\n"
        )
        print(render_table(rows(corpus)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
