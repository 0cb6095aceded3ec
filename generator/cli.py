"""``mcpforge`` (also ``python -m generator``).

Exit codes: 0 success; 1 the input is wrong (spec, overlay, target directory: the
diagnostics say what and where), ``regen --check`` found differences or ``preview --check``
found a broken invariant; 2 usage error.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from . import __version__
from .diagnostics import Diagnostic, GenerationError, Severity

MAX_SHOWN = 25


def _print_diagnostics(diagnostics: list[Diagnostic], verbose: bool) -> None:
    """Errors and warnings (the first MAX_SHOWN unless verbose); info only with --verbose."""
    shown = diagnostics if verbose else [d for d in diagnostics if d.severity is not Severity.INFO]
    listed = shown if verbose else shown[:MAX_SHOWN]
    for d in listed:
        print(d.render(), file=sys.stderr)
    cut = len(shown) - len(listed)
    info = len(diagnostics) - len(shown)
    parts = ([f"{cut} more warnings/errors"] if cut else []) + (
        [f"{info} info note{'s' if info != 1 else ''}"] if info else []
    )
    if parts:
        print(f"({' and '.join(parts)} not shown; --verbose shows all)", file=sys.stderr)


def _cmd_generate(args: argparse.Namespace) -> int:
    from .pipeline import generate

    target, result = generate(
        args.spec,
        args.out,
        overlay_path=args.overlay,
        name=args.name,
        version=args.version,
        force=args.force,
        update_snapshot=args.update_snapshot,
        mode=args.mode,
    )
    _print_diagnostics(result.diagnostics, args.verbose)
    print(f"wrote {target} ({len(result.spec.operations)} tools)")
    return 0


def _cmd_init(args: argparse.Namespace) -> int:
    from .overlays.starter import starter_overlay
    from .pipeline import load_spec

    spec, diagnostics = load_spec(Path(args.spec), name=args.name)
    _print_diagnostics(diagnostics, args.verbose)
    sys.stdout.write(starter_overlay(spec))
    return 0


def _cmd_diff(args: argparse.Namespace) -> int:
    from .diff.command import run_diff

    return run_diff(
        args.old,
        args.new,
        overlay=args.overlay,
        old_overlay=args.old_overlay,
        changelog=args.changelog,
    )


def _cmd_report(args: argparse.Namespace) -> int:
    from .report import DEFAULT_THRESHOLD, surface_report

    report = surface_report(args.spec, overlay_path=args.overlay, mode=args.mode)
    _print_diagnostics(report.diagnostics, False)
    print(report.render(top=args.top, threshold=args.threshold or DEFAULT_THRESHOLD))
    return 0


def _cmd_preview(args: argparse.Namespace) -> int:
    from .preview.command import UnknownTool, build_preview, render

    try:
        preview = build_preview(args.spec, overlay_path=args.overlay, tool=args.tool)
    except UnknownTool as exc:
        print(f"mcpforge preview: {exc}", file=sys.stderr)
        return 1
    _print_diagnostics(preview.diagnostics, False)
    print(render(preview), end="")
    return 1 if args.check and preview.broken else 0


def _cmd_regen(args: argparse.Namespace) -> int:
    from .examples import regen

    problems = regen(check=args.check, only=args.only or None)
    if problems:
        print("\n".join(problems))
        print("generated/ is out of date: run `python -m generator regen`", file=sys.stderr)
        return 1
    print("generated/ is up to date" if args.check else "regenerated generated/")
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mcpforge", description=__doc__.split("\n")[0])
    p.add_argument("--version", action="version", version=f"mcpforge {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    g = sub.add_parser("generate", help="generate an MCP server package from a spec")
    g.add_argument("spec", help="OpenAPI 3.0/3.1 document (JSON or YAML)")
    g.add_argument("--overlay", help="overlay YAML (fields, budgets, names)")
    g.add_argument("--name", help="package slug (default: overlay name, else from info.title)")
    g.add_argument("--out", default="build", help="output directory (default: build)")
    g.add_argument("--version", dest="version", help="version of the generated package")
    g.add_argument("--force", action="store_true", help="overwrite hand-edited generated files")
    g.add_argument("--verbose", action="store_true", help="show every diagnostic")
    g.add_argument(
        "--update-snapshot",
        action="store_true",
        help="rewrite tests/tools_snapshot.json (kept on regeneration otherwise)",
    )
    g.add_argument(
        "--mode",
        choices=["per-op", "meta", "auto"],
        help="one tool per operation, a few meta tools, or meta when per-op is too big "
        "(default: the overlay's mode, else per-op)",
    )
    g.set_defaults(func=_cmd_generate)

    rp = sub.add_parser("report", help="tools/list size of a spec: total, per tool, largest")
    rp.add_argument("spec")
    rp.add_argument("--overlay", help="overlay YAML applied first")
    rp.add_argument("--mode", choices=["per-op", "meta", "auto"], help="as for generate")
    rp.add_argument("--top", type=int, default=10, help="largest tools shown (default 10)")
    rp.add_argument(
        "--threshold", type=int, default=None, help="warn above this many tokens (default 25000)"
    )
    rp.set_defaults(func=_cmd_report)

    d = sub.add_parser("diff", help="tool-level changes between two specs or generated packages")
    d.add_argument("old", help="API spec, generated package directory or its spec.json")
    d.add_argument("new", help="API spec, generated package directory or its spec.json")
    d.add_argument("--overlay", help="overlay applied to both sides when they are API specs")
    d.add_argument("--old-overlay", help="a different overlay for OLD (default: --overlay)")
    d.add_argument("--changelog", help="prepend a CHANGELOG entry for the changes to this file")
    d.set_defaults(func=_cmd_diff)

    i = sub.add_parser("init", help="print a starter overlay for a spec")
    i.add_argument("spec")
    i.add_argument("--name")
    i.add_argument("--verbose", action="store_true")
    i.set_defaults(func=_cmd_init)

    pv = sub.add_parser(
        "preview", help="example response per tool and what the agent gets from it by default"
    )
    pv.add_argument("spec")
    pv.add_argument("--overlay", help="overlay YAML applied first")
    pv.add_argument("--tool", help="only this tool")
    pv.add_argument(
        "--check", action="store_true", help="exit 1 when a default breaks an invariant (for CI)"
    )
    pv.set_defaults(func=_cmd_preview)

    r = sub.add_parser("regen", help="rebuild generated/ from specs/manifest.yaml")
    r.add_argument("--check", action="store_true", help="compare instead of writing")
    r.add_argument("only", nargs="*", help="example names (default: all)")
    r.set_defaults(func=_cmd_regen)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.func(args))
    except GenerationError as exc:
        _print_diagnostics(exc.diagnostics, True)
        print("mcpforge: nothing was written.", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
