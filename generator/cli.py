"""The ``mcpforge`` command (also ``python -m generator``): generate, init, report, diff, preview.

Exit codes (generator/CLI.md): 0 success; 1 the input is wrong (spec, overlay, target
directory: the diagnostics say what and where) or a check failed (``preview --check``); 2 usage
error. Every message a command prints about a problem has one form, ``mcpforge: error: ...``
(``warning``, ``info``), followed by the file, line and JSON pointer when there is one
(``Diagnostic.cli_line``); only ``generate`` writes, so only it says that nothing was written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, NoReturn, Sequence

from . import __version__
from .diagnostics import Diagnostic, GenerationError, Severity

PROG = "mcpforge"
MAX_SHOWN = 25
VERBS = "COMMAND"  # the commands are listed under it; a wrong one is "argument COMMAND: ..."


def error(message: str) -> None:
    """One problem, in the one form every command uses."""
    print(f"{PROG}: error: {message}", file=sys.stderr)


def _print_diagnostics(diagnostics: list[Diagnostic], verbose: bool) -> None:
    """Errors and warnings (the first MAX_SHOWN unless verbose); info only with --verbose."""
    shown = diagnostics if verbose else [d for d in diagnostics if d.severity is not Severity.INFO]
    listed = shown if verbose else shown[:MAX_SHOWN]
    for d in listed:
        print(d.cli_line(PROG), file=sys.stderr)
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
        license=args.license,
    )
    _print_diagnostics(result.diagnostics, args.verbose)
    print(f"wrote {target} ({len(result.spec.operations)} tools)")
    return 0


def _cmd_init(args: argparse.Namespace) -> int:
    from .overlays.starter import starter_overlay
    from .pipeline import load_spec

    if args.format:
        return _cmd_format(args)
    if args.spec is None:
        error("init needs a SPEC (or --format for the overlay reference)")
        return 2

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
        error(str(exc))
        return 1
    _print_diagnostics(preview.diagnostics, False)
    print(render(preview), end="")
    if args.check and preview.broken:
        count = len(preview.broken)
        error(
            f"preview --check: {count} tool{'s' if count != 1 else ''} break an invariant"
            f" ({', '.join(t.tool for t in preview.broken[:5])}"
            f"{', ...' if count > 5 else ''}); each one's hint above says what to change"
        )
        return 1
    return 0


def _cmd_regen(args: argparse.Namespace) -> int:
    """Deprecated alias of ``python -m generator.examples`` (maintainers only)."""
    from .examples import main as examples_main

    print(
        "mcpforge: `regen` moved to `python -m generator.examples` (maintainers only); "
        "running it now",
        file=sys.stderr,
    )
    return examples_main((["--check"] if args.check else []) + list(args.only))


def _cmd_format(_: argparse.Namespace) -> int:
    from importlib.resources import files

    sys.stdout.write((files("generator.overlays") / "FORMAT.md").read_text(encoding="utf-8"))
    return 0


DESCRIPTION = """\
Generate an MCP server package (with response shaping) from an OpenAPI 3.0/3.1/3.2, Swagger 2.0
or GraphQL description plus an optional YAML overlay.

examples:
  mcpforge generate openapi.yaml --overlay overlay.yaml --out build/
  mcpforge init openapi.yaml > overlay.yaml        # a starter overlay to edit
  mcpforge <command> --help                        # each command's options and examples

exit codes: 0 success; 1 the input is wrong (spec, overlay, output directory) or a check
failed (preview --check); 2 usage error. Problems are reported as
"mcpforge: error: FILE:LINE at POINTER: CODE: what is wrong" (hint on the next line)."""

SPEC_HELP = (
    "the API description: OpenAPI 3.0/3.1/3.2 or Swagger 2.0 (JSON or YAML), or a GraphQL schema "
    "(.graphql/.graphqls/.gql SDL, or an introspection result as JSON)"
)


class Parser(argparse.ArgumentParser):
    """argparse, with usage errors in the command's one error form (exit 2)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        error(f"{message} (see {self.prog} --help)")
        raise SystemExit(2)


def _verb(sub: Any, name: str, help: str, examples: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        name,
        help=help,
        description=help[0].upper() + help[1:] + ".",
        epilog="examples:\n" + examples,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return parser


def parser() -> argparse.ArgumentParser:
    p = Parser(
        prog=PROG,
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"mcpforge {__version__}")
    sub = p.add_subparsers(
        title="commands", dest="command", required=True, metavar=VERBS, parser_class=Parser
    )

    g = _verb(
        sub,
        "generate",
        "generate an MCP server package from an API description",
        "  mcpforge generate openapi.yaml --overlay overlay.yaml --name petstore --out build/\n"
        "  mcpforge generate schema.graphql --out build/      # GraphQL SDL\n"
        "  mcpforge generate swagger.json --mode meta --out build/\n"
        "writes OUT/<name>-mcp/: pip install it, then run <name>-mcp",
    )
    g.add_argument("spec", help=SPEC_HELP)
    g.add_argument("--overlay", help="overlay YAML (fields, budgets, names; see `mcpforge init`)")
    g.add_argument("--name", help="package slug (default: overlay name, else from the title)")
    g.add_argument("--out", default="build", help="output directory (default: build)")
    g.add_argument("--version", dest="version", help="version of the generated package")
    g.add_argument(
        "--license",
        help="the package's licence, an SPDX expression (default: the overlay's license, else MIT)",
    )
    g.add_argument("--force", action="store_true", help="overwrite hand-edited generated files")
    g.add_argument("--verbose", action="store_true", help="show every diagnostic")
    g.add_argument(
        "--update-snapshot",
        action="store_true",
        help="rewrite tests/tools_snapshot.json (kept on regeneration otherwise)",
    )
    g.add_argument(
        "--mode",
        choices=["per-op", "meta", "code", "auto"],
        help="one tool per operation, a few meta tools, code mode (search + execute a Python "
        "script; the package's [code] extra), or meta when per-op is too big "
        "(default: the overlay's mode, else per-op)",
    )
    g.set_defaults(func=_cmd_generate)

    i = _verb(
        sub,
        "init",
        "print a starter overlay for a spec, or the overlay format reference",
        "  mcpforge init openapi.yaml > overlay.yaml\n"
        "  mcpforge init --format | less                   # the full overlay reference",
    )
    i.add_argument("spec", nargs="?", help=SPEC_HELP)
    i.add_argument("--name", help="package slug written into the overlay")
    i.add_argument("--verbose", action="store_true", help="show every diagnostic")
    i.add_argument(
        "--format",
        action="store_true",
        help="print the overlay format reference (FORMAT.md, shipped with mcpforge) and exit",
    )
    i.set_defaults(func=_cmd_init)

    rp = _verb(
        sub,
        "report",
        "tools/list size of a spec: total, per tool, largest",
        "  mcpforge report openapi.json --overlay overlay.yaml --top 5\n"
        "  mcpforge report openapi.json --mode meta",
    )
    rp.add_argument("spec", help=SPEC_HELP)
    rp.add_argument("--overlay", help="overlay YAML applied first")
    rp.add_argument("--mode", choices=["per-op", "meta", "code", "auto"], help="as for generate")
    rp.add_argument("--top", type=int, default=10, help="largest tools shown (default 10)")
    rp.add_argument(
        "--threshold", type=int, default=None, help="warn above this many tokens (default 25000)"
    )
    rp.set_defaults(func=_cmd_report)

    d = _verb(
        sub,
        "diff",
        "tool-level changes between two specs or generated packages",
        "  mcpforge diff old/openapi.yaml new/openapi.yaml --overlay overlay.yaml\n"
        "  mcpforge diff build/petstore-mcp new.yaml --changelog CHANGELOG.md",
    )
    d.add_argument("old", help="API spec, generated package directory or its spec.json")
    d.add_argument("new", help="API spec, generated package directory or its spec.json")
    d.add_argument("--overlay", help="overlay applied to both sides when they are API specs")
    d.add_argument("--old-overlay", help="a different overlay for OLD (default: --overlay)")
    d.add_argument("--changelog", help="prepend a CHANGELOG entry for the changes to this file")
    d.set_defaults(func=_cmd_diff)

    pv = _verb(
        sub,
        "preview",
        "example response per tool and what the agent gets from it by default",
        "  mcpforge preview openapi.yaml --overlay overlay.yaml --tool list_pets\n"
        "  mcpforge preview openapi.yaml --check              # exit 1 when a default breaks",
    )
    pv.add_argument("spec", help=SPEC_HELP)
    pv.add_argument("--overlay", help="overlay YAML applied first")
    pv.add_argument("--tool", help="only this tool")
    pv.add_argument(
        "--check", action="store_true", help="exit 1 when a default breaks an invariant (for CI)"
    )
    pv.set_defaults(func=_cmd_preview)

    return p


def _regen_parser() -> argparse.ArgumentParser:
    """The deprecated ``regen`` (maintainers): kept working, never listed or offered."""
    r = Parser(prog=f"{PROG} regen", description="deprecated: use python -m generator.examples")
    r.add_argument("--check", action="store_true")
    r.add_argument("only", nargs="*")
    r.set_defaults(func=_cmd_regen, command="regen")
    return r


def _refuse_urls(args: argparse.Namespace) -> None:
    """A URL where a file is expected: one line saying to download it first."""
    from .pipeline import refuse_url

    for attribute, what in (
        ("spec", "SPEC"),
        ("old", "OLD"),
        ("new", "NEW"),
        ("overlay", "--overlay"),
        ("old_overlay", "--old-overlay"),
    ):
        value = getattr(args, attribute, None)
        if isinstance(value, str):
            refuse_url(value, what)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["regen"]:
            args = _regen_parser().parse_args(argv[1:])
        else:
            args = parser().parse_args(argv)
    except SystemExit as exc:  # --help, --version (0) and usage errors (2)
        return int(exc.code or 0)
    try:
        _refuse_urls(args)
        return int(args.func(args))
    except GenerationError as exc:
        _print_diagnostics(exc.diagnostics, True)
        if args.command == "generate":  # the only command that writes files
            error("nothing was written")
        return 1
    except OSError as exc:  # the file system said no: say what and where, no traceback
        where = f" {exc.filename}" if exc.filename else ""
        error(f"cannot read or write{where}: {exc.strerror or exc}")
        return 1
    except KeyboardInterrupt:
        return 130
