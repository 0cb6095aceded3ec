"""Benchmark of response shaping on the recorded corpus: ``python -m generator.bench.shaping``.

Prints (1) for every recorded response: o200k tokens of the raw pretty JSON (indent=2, what
typical servers return), of the default concise shaped JSON and of concise Markdown, and the
reductions; (2) the same for 30-item lists built from each list response's real items;
(3) whether every shaped item kept an identity field; (4) throughput and peak memory on
~10 MB responses built by cycling real items, against ``json.loads`` + ``json.dumps``.

The collection of each response is found with ``guess_collection_path`` (a generated server
gets it from the spec instead); no overlay, no field tree: the defaults come from the data.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import time
import tracemalloc
from dataclasses import dataclass, replace
from itertools import cycle, islice
from pathlib import Path
from typing import Any

from ..runtime.shaping.chunking import get_at, set_at
from ..runtime.shaping.collections import guess_collection_path
from ..runtime.shaping.defaults import field_tree_from_value, identity_fields
from ..runtime.shaping.fields import parse_path, project
from ..runtime.shaping.pipeline import ShapeConfig, shape
from ..runtime.shaping.tokens import count_tokens, get_encoding
from .corpus_ops import spec_configs
from . import results
from .essentials import ESSENTIALS
from .inputs import responses_folder, shown

SKIP = {"stripe/fixtures3.json"}  # the aggregate of all Stripe fixtures, not one response
# Recordings their maintainers trimmed to the fields a query asked for (SOURCES.md): GitHub
# CLI test fixtures. Shaping cannot take away what was never sent.
TRIMMED = ("github-graphql/", "github/cli.")
LIST_SIZE = 30
BIG_BYTES = 10_000_000


@dataclass(frozen=True)
class Row:
    name: str
    collection: str | None
    items: int
    raw: int
    concise: int  # defaults guessed from the data
    spec: int | None  # defaults a generated server takes from the operation's response schema
    markdown: int
    floor: int  # the first identity field of each item and nothing else
    picked: int | None  # the hand-picked essential projection (essentials.py)
    identity: str

    @property
    def reduction(self) -> float:
        return 1 - self.concise / self.raw

    @property
    def spec_reduction(self) -> float | None:
        return None if self.spec is None else 1 - self.spec / self.raw

    @property
    def md_reduction(self) -> float:
        return 1 - self.markdown / self.raw

    @property
    def floor_reduction(self) -> float:
        return 1 - self.floor / self.raw

    @property
    def picked_reduction(self) -> float | None:
        return None if self.picked is None else 1 - self.picked / self.raw


def _tokens_of(result: Any) -> int:
    return sum(result.token_counts)


def _identity_check(value: Any, shaped_text: str, path: tuple[str, ...] | None) -> tuple[int, int]:
    """(items with an identity field in the response, of those: items that kept one)."""
    shaped = json.loads(shaped_text)
    if path is None:
        originals, results = [value], [shaped]
    else:
        originals, results = get_at(value, path), get_at(shaped, path)
    ident = identity_fields(field_tree_from_value(originals if path is not None else value))
    checked = kept = 0
    for original, result in zip(originals, results, strict=True):
        present = [k for k in ident if isinstance(original, dict) and k in original]
        if present:
            checked += 1
            kept += any(k in result for k in present)
    return checked, kept


def _check_picks(name: str, items: list[Any], picks: tuple[str, ...]) -> None:
    """Every hand-picked path must select something in some item (no silent shrinking)."""
    for pick in picks:
        if not any(project(item, [pick]) not in ({}, None, []) for item in items):
            raise ValueError(f"essentials.py: {pick!r} selects nothing in {name}")


def measure(name: str, value: Any, spec_config: ShapeConfig | None = None) -> Row:
    collection = guess_collection_path(value)
    path = parse_path(collection) if collection is not None else None
    config = ShapeConfig(collection_path=collection, chunk_threshold_tokens=10**9)
    concise = shape(value, config)
    markdown = shape(value, config, response_format="markdown")
    spec = _tokens_of(shape(value, spec_config)) if spec_config is not None else None
    items = get_at(value, path) if path is not None else value
    ident = identity_fields(field_tree_from_value(items))[:1]
    floor = (
        _tokens_of(shape(value, replace(config, default_fields=ident, operator_defaults=True)))
        if ident
        else 0
    )
    picks = ESSENTIALS.get(name)
    picked = None
    if picks is not None:
        _check_picks(name, items if path is not None else [value], picks)
        picked = _tokens_of(
            shape(value, replace(config, default_fields=picks, operator_defaults=True))
        )
    raw = count_tokens(json.dumps(value, indent=2, ensure_ascii=False))
    checked, kept = _identity_check(value, concise.chunks[0], path)
    count = len(items) if path is not None else 1
    identity = "n/a" if checked == 0 else ("ok" if kept == checked else f"{kept}/{checked}")
    return Row(
        name,
        collection,
        count,
        raw,
        _tokens_of(concise),
        spec,
        _tokens_of(markdown),
        floor or _tokens_of(concise),
        picked,
        identity,
    )


def as_list_of(value: Any, collection: str, n: int) -> Any:
    path = parse_path(collection)
    items = get_at(value, path)
    return set_at(value, path, list(islice(cycle(items), n)))


def load_corpus(root: Path) -> list[tuple[str, Any]]:
    out = []
    for path in sorted(root.glob("*/*.json")):
        name = path.relative_to(root).as_posix()
        if name not in SKIP:
            out.append((name, json.loads(path.read_text(encoding="utf-8"))))
    return out


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def print_table(rows: list[Row], title: str) -> None:
    print(f"\n## {title}\n")
    print(
        "| response | collection | items | raw pretty | concise json | json -% "
        "| spec defaults -% | markdown -% | hand-picked -% | identity only -% | identity |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        coll = "(object)" if r.collection is None else (r.collection or "(body)")
        print(
            f"| {r.name} | {coll} | {r.items} | {r.raw} | {r.concise} | {r.reduction:.1%} "
            f"| {_pct(r.spec_reduction)} | {r.md_reduction:.1%} | {_pct(r.picked_reduction)} "
            f"| {r.floor_reduction:.1%} "
            f"| {r.identity} |"
        )


def summary(rows: list[Row], what: str) -> None:
    spec = [r.spec_reduction for r in rows if r.spec_reduction is not None]
    print(
        f"\nmedian reduction over {len(rows)} {what}: concise json {median([r.reduction for r in rows])}"
        f", markdown {median([r.md_reduction for r in rows])}"
        f", spec defaults {median(spec)} (over the {len(spec)} with an operation)"
        f"; hand-picked essentials {median([r.picked_reduction for r in rows if r.picked_reduction is not None])}"
        f"; identity only (the floor) {median([r.floor_reduction for r in rows])}"
    )
    same = [r for r in rows if r.spec_reduction is not None]
    if same:  # every column over the one set the spec-defaults column has
        picked_same = [r.picked_reduction for r in same if r.picked_reduction is not None]
        print(
            f"  over the same {len(same)} {what} that have an operation: concise json "
            f"{median([r.reduction for r in same])}, spec defaults {median(spec)}, hand-picked "
            f"{median(picked_same)} (over {len(picked_same)}), identity only "
            f"{median([r.floor_reduction for r in same])}"
        )
    for source in sorted({r.name.split("/")[0] for r in rows}):
        part = [r for r in rows if r.name.startswith(source + "/")]
        picked = [r.picked_reduction for r in part if r.picked_reduction is not None]
        print(
            f"  {source}: {median([r.reduction for r in part])} over {len(part)} "
            f"(hand-picked: {median(picked)})"
        )


def median(values: list[float]) -> str:
    return f"{statistics.median(values):.1%}" if values else "n/a"


# ---------------------------------------------------------------------------- throughput


def big_payload(value: Any, collection: str) -> tuple[Any, str, int]:
    path = parse_path(collection)
    items = get_at(value, path)
    out: list[Any] = []
    size = 0
    source = cycle(items)
    while size < BIG_BYTES:
        item = next(source)
        out.append(item)
        size += len(json.dumps(item, ensure_ascii=False, separators=(",", ":"))) + 1
    body = set_at(value, path, out)
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    return json.loads(text), text, len(out)


def best_of(fn: Any, runs: int) -> float:
    times = []
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def peak_memory(fn: Any) -> int:
    gc.collect()
    tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    fn()
    peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    return peak


def throughput(name: str, value: Any, collection: str, runs: int) -> None:
    parsed, text, n = big_payload(value, collection)
    size = len(text.encode("utf-8"))
    config = ShapeConfig(collection_path=collection)
    base = best_of(lambda: json.dumps(json.loads(text)), runs)
    print(f"\n{name}: {n} items cycled from the file's own list, {size / 1e6:.1f} MB compact JSON;")
    print(f"json.loads + json.dumps: {base * 1000:.0f} ms (best of {runs})")
    print("| shaping | time | x (loads+dumps) | pages | peak memory | x payload |")
    print("|---|---:|---:|---:|---:|---:|")
    cases = [
        ("concise json (default)", "concise", "json"),
        ("concise markdown", "concise", "markdown"),
        ("detailed json", "detailed", "json"),
        ("detailed markdown", "detailed", "markdown"),
    ]
    for label, detail, fmt in cases:

        def run(detail: str = detail, fmt: str = fmt) -> Any:
            return shape(parsed, config, detail_level=detail, response_format=fmt)

        reps = runs if detail == "concise" else 1
        elapsed = best_of(run, reps)
        pages = len(run().chunks)
        peak = peak_memory(run)
        print(
            f"| {label} | {elapsed * 1000:.0f} ms | {elapsed / base:.2f} | {pages} "
            f"| {peak / 1e6:.1f} MB | {peak / size:.2f} |"
        )
    detailed_text = "".join(shape(parsed, config, detail_level="detailed").chunks)
    counting = best_of(lambda: count_tokens(detailed_text), runs)
    print(
        f"| one exact token count of the detailed JSON text ({len(detailed_text) / 1e6:.1f} MB; "
        f"the floor of any exactly counted paging) | {counting * 1000:.0f} ms "
        f"| {counting / base:.2f} | | | |"
    )
    end_to_end = best_of(lambda: shape(json.loads(text), config), runs)
    peak = peak_memory(lambda: shape(json.loads(text), config))
    print(
        f"| json.loads + concise json | {end_to_end * 1000:.0f} ms | {end_to_end / base:.2f} | "
        f"| {peak / 1e6:.1f} MB | {peak / size:.2f} |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = results.command_line("generator.bench.shaping", __doc__)
    parser.add_argument(
        "--corpus",
        type=Path,
        help="responses folder (default ../shared/corpus/responses if "
        "it exists, else tests/fixtures/responses)",
    )
    parser.add_argument("--runs", type=int, default=5, help="timing repetitions (best is kept)")
    parser.add_argument(
        "--no-throughput", action="store_true", help="skip the ~10 MB throughput and memory part"
    )
    parser.add_argument(
        "--no-spec",
        dest="spec",
        action="store_false",
        help="skip the spec-defaults column (it loads the GitHub, Notion and Stripe descriptions)",
    )
    results.add_argument(parser, "shaping")
    args = parser.parse_args(argv)
    with results.recorded(args.results, "generator.bench.shaping", argv):
        run(args)


def run(args: argparse.Namespace) -> None:
    get_encoding()  # load the BPE once, outside every measurement
    folder = responses_folder(args.corpus)
    print(f"Responses: {shown(folder)}")
    corpus = load_corpus(folder)

    specs = spec_configs([n for n, _ in corpus]) if args.spec else {}
    rows = [measure(name, value, specs.get(name)) for name, value in corpus]
    print_table(rows, "Every recorded response (tokens: o200k_base)")
    summary(rows, "responses")

    lists = []
    for name, value in corpus:
        collection = guess_collection_path(value)
        if collection is not None and get_at(value, parse_path(collection)):
            spec = specs.get(name)
            lists.append(measure(name, as_list_of(value, collection, LIST_SIZE), spec))
    print_table(
        lists,
        f"{LIST_SIZE}-item lists (each list response's real items cycled in order "
        f"to {LIST_SIZE}; a 1-item list repeats its one item)",
    )
    summary(lists, f"{LIST_SIZE}-item lists")
    untrimmed = [r for r in lists if not r.name.startswith(TRIMMED)]
    print(
        f"  not trimmed to a query beforehand ({len(untrimmed)} lists, all but "
        f"{', '.join(TRIMMED)}*): {median([r.reduction for r in untrimmed])} "
        f"(hand-picked: {median([r.picked_reduction or 0.0 for r in untrimmed])})"
    )
    bad = [r.name for r in rows + lists if r.identity not in ("ok", "n/a")]
    checked = sum(r.identity == "ok" for r in rows + lists)
    print(
        f"identity kept on every item: {'yes' if not bad else 'NO: ' + ', '.join(bad)} "
        f"({checked} responses checked, the others have no top-level identity field)"
    )

    if not args.no_throughput:
        print("\n## Throughput and memory on ~10 MB responses\n")
        sources = {name: value for name, value in corpus}
        for name, collection in (
            ("github/issue-items.json", ""),
            ("notion/data_sources.query.page2.json", "results"),
        ):
            throughput(name, sources[name], collection, args.runs)


if __name__ == "__main__":
    main()
