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
from dataclasses import dataclass
from itertools import cycle, islice
from pathlib import Path
from typing import Any

from ..runtime.shaping.chunking import get_at, set_at
from ..runtime.shaping.defaults import field_tree_from_value, guess_collection_path, identity_fields
from ..runtime.shaping.fields import parse_path
from ..runtime.shaping.pipeline import ShapeConfig, shape
from ..runtime.tokens import count_tokens, get_encoding

DEFAULT_CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "responses"
SKIP = {"stripe/fixtures3.json"}  # the aggregate of all Stripe fixtures, not one response
LIST_SIZE = 30
BIG_BYTES = 10_000_000


@dataclass(frozen=True)
class Row:
    name: str
    collection: str | None
    items: int
    raw: int
    concise: int
    markdown: int
    identity: str

    @property
    def reduction(self) -> float:
        return 1 - self.concise / self.raw

    @property
    def md_reduction(self) -> float:
        return 1 - self.markdown / self.raw


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


def measure(name: str, value: Any) -> Row:
    collection = guess_collection_path(value)
    path = parse_path(collection) if collection is not None else None
    config = ShapeConfig(collection_path=collection, chunk_threshold_tokens=10**9)
    concise = shape(value, config)
    markdown = shape(value, config, response_format="markdown")
    raw = count_tokens(json.dumps(value, indent=2, ensure_ascii=False))
    checked, kept = _identity_check(value, concise.chunks[0], path)
    items = len(get_at(value, path)) if path is not None else 1
    identity = "n/a" if checked == 0 else ("ok" if kept == checked else f"{kept}/{checked}")
    return Row(name, collection, items, raw, _tokens_of(concise), _tokens_of(markdown), identity)


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


def print_table(rows: list[Row], title: str) -> None:
    print(f"\n## {title}\n")
    print(
        "| response | collection | items | raw pretty | concise json | markdown | json -% | md -% | identity |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        coll = "(object)" if r.collection is None else (r.collection or "(body)")
        print(
            f"| {r.name} | {coll} | {r.items} | {r.raw} | {r.concise} | {r.markdown} "
            f"| {r.reduction:.1%} | {r.md_reduction:.1%} | {r.identity} |"
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
    cases = [("concise json (default)", "concise", "json"), ("concise markdown", "concise", "markdown"),
             ("detailed json", "detailed", "json"), ("detailed markdown", "detailed", "markdown")]  # fmt: skip
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
    end_to_end = best_of(lambda: shape(json.loads(text), config), runs)
    peak = peak_memory(lambda: shape(json.loads(text), config))
    print(
        f"| json.loads + concise json | {end_to_end * 1000:.0f} ms | {end_to_end / base:.2f} | "
        f"| {peak / 1e6:.1f} MB | {peak / size:.2f} |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--runs", type=int, default=5, help="timing repetitions (best is kept)")
    parser.add_argument("--no-throughput", action="store_true")
    args = parser.parse_args(argv)
    get_encoding()  # load the BPE once, outside every measurement
    corpus = load_corpus(args.corpus)

    rows = [measure(name, value) for name, value in corpus]
    print_table(rows, "Every recorded response (tokens: o200k_base)")
    print(f"\nmedian reduction, concise json: {median([r.reduction for r in rows])} "
          f"(markdown: {median([r.md_reduction for r in rows])}) over {len(rows)} responses")  # fmt: skip
    for source in sorted({r.name.split("/")[0] for r in rows}):
        part = [r.reduction for r in rows if r.name.startswith(source + "/")]
        print(f"  {source}: {median(part)} over {len(part)}")

    lists = []
    for name, value in corpus:
        collection = guess_collection_path(value)
        if collection is not None and get_at(value, parse_path(collection)):
            lists.append(measure(name, as_list_of(value, collection, LIST_SIZE)))
    print_table(lists, f"{LIST_SIZE}-item lists (each list response's real items cycled in order "
                       f"to {LIST_SIZE}; a 1-item list repeats its one item)")  # fmt: skip
    rest = [r for r in lists if not r.name.startswith("github-graphql/")]
    print(f"\nmedian reduction on {LIST_SIZE}-item lists: {median([r.reduction for r in lists])} "
          f"over {len(lists)} lists; REST only (no GraphQL, whose queries already select "
          f"fields): {median([r.reduction for r in rest])} over {len(rest)}")  # fmt: skip
    bad = [r.name for r in rows + lists if r.identity not in ("ok", "n/a")]
    checked = sum(r.identity == "ok" for r in rows + lists)
    print(
        f"identity kept on every item: {'yes' if not bad else 'NO: ' + ', '.join(bad)} "
        f"({checked} responses checked, the others have no top-level identity field)"
    )

    if not args.no_throughput:
        print("\n## Throughput and memory on ~10 MB responses\n")
        sources = {name: value for name, value in corpus}
        for name, collection in (("github/issue-items.json", ""),
                                 ("notion/data_sources.query.page2.json", "results")):  # fmt: skip
            throughput(name, sources[name], collection, args.runs)


if __name__ == "__main__":
    main()
