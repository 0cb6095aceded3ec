"""Benchmark: GraphQL schemas -> servers. ``python -m generator.bench.graphql`` prints a table.

For each full schema (no overlay: GitHub's from ``tests/fixtures/graphql``, Linear's and SWAPI's from ``specs/``) and each GraphQL example in
``specs/`` (with its overlay): root fields, tools, wall time of ``python -m generator
generate`` in a fresh process (parse + load + render + write), the size of ``spec.json`` and
of the shipped ``schema.graphql``, and the o200k tokens of ``tools/list`` as a model sees it
(name, description, input schema of every tool, ``<api>_continue`` included).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from . import results
from .inputs import GITHUB_GRAPHQL, LINEAR, SWAPI

REPO_ROOT = Path(__file__).resolve().parents[2]
CASES: tuple[tuple[str, Path, Path | None], ...] = (
    ("github", GITHUB_GRAPHQL, None),
    ("linear", LINEAR, None),
    ("swapi", SWAPI, None),
    ("linear", REPO_ROOT / "specs/linear/schema.graphql", REPO_ROOT / "specs/linear/overlay.yaml"),
    ("swapi", REPO_ROOT / "specs/swapi/schema.graphql", REPO_ROOT / "specs/swapi/overlay.yaml"),
)


@dataclass(frozen=True)
class Row:
    label: str
    root_fields: int
    tools: int
    seconds: float
    spec_kb: float
    schema_kb: float
    tokens: int


def _root_fields(path: Path) -> int:
    from generator.loaders.graphql import read_schema

    schema, _ = read_schema(path)
    return sum(len(t.fields) for t in (schema.query_type, schema.mutation_type) if t is not None)


def _tools_list_tokens(package: Path, name: str) -> tuple[int, int]:
    from generator.bench.generation import model_view, tools_list_tokens
    from generator.runtime.mcp.mcp_adapter import to_mcp_tools
    from generator.runtime.model import load_model

    model = load_model(package / "src" / f"{name}_mcp" / "spec.json")
    tools = to_mcp_tools(model)
    return len(tools), tools_list_tokens([model_view(t) for t in tools])


def measure(name: str, spec: Path, overlay: Path | None, out: Path) -> Row:
    command = [sys.executable, "-m", "generator", "generate", str(spec), "--name", name]
    command += ["--out", str(out), "--force"]
    if overlay is not None:
        command += ["--overlay", str(overlay)]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=REPO_ROOT, capture_output=True, text=True, timeout=600)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"generation of {spec} failed:\n{done.stderr[-2000:]}")
    package = out / f"{name}-mcp"
    src = package / "src" / f"{name}_mcp"
    tools, tokens = _tools_list_tokens(package, name)
    return Row(
        label=f"{name} ({'overlay' if overlay else 'full schema'})",
        root_fields=_root_fields(spec),
        tools=tools,
        seconds=seconds,
        spec_kb=(src / "spec.json").stat().st_size / 1024,
        schema_kb=(src / "schema.graphql").stat().st_size / 1024,
        tokens=tokens,
    )


def render_table(rows: Sequence[Row]) -> str:
    lines = [
        "| schema | root fields | tools (+continue) | generate s | spec.json KB "
        "| schema.graphql KB | tools/list tokens |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r.label} | {r.root_fields} | {r.tools} | {r.seconds:.1f} | {r.spec_kb:.0f} "
            f"| {r.schema_kb:.0f} | {r.tokens:,} |"
        )
    lines.append("")
    lines.append(
        "generate s = `python -m generator generate` in a fresh process; tokens = o200k of the "
        "compact JSON of name, description and input schema of every listed tool."
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = results.command_line("generator.bench.graphql", __doc__)
    parser.add_argument("--only", nargs="*", help="schema names to run (github, linear, swapi)")
    results.add_argument(parser, "graphql")
    args = parser.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, spec, overlay in CASES:
            if args.only and name not in args.only:
                continue
            rows.append(measure(name, spec, overlay, Path(tmp)))
            print(f"measured {rows[-1].label}", file=sys.stderr, flush=True)
    with results.recorded(args.results, "generator.bench.graphql", argv):
        print(render_table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
