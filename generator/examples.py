"""The committed examples: ``specs/manifest.yaml`` -> ``generated/`` (maintainers only).

``python -m generator.examples`` rebuilds ``generated/``; ``--check`` compares instead and fails
with a diff when it is not current. Both run only inside the mcpforge repository (an installed
mcpforge has no ``specs/`` and must not write into its own install location).
"""

from __future__ import annotations

import argparse
import difflib
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import yaml

from .diagnostics import Diagnostic, GenerationError, Severity

REPO = Path(__file__).resolve().parent.parent
MANIFEST = REPO / "specs" / "manifest.yaml"
GENERATED = REPO / "generated"


@dataclass(frozen=True)
class Example:
    name: str
    spec: Path
    overlay: Path | None


def examples(manifest: Path = MANIFEST) -> list[Example]:
    try:
        data = yaml.safe_load(manifest.read_text(encoding="utf-8")) or {}
        entries = data["examples"]
        return [
            Example(
                name=str(e["name"]),
                spec=(manifest.parent / e["spec"]).resolve(),
                overlay=(manifest.parent / e["overlay"]).resolve() if e.get("overlay") else None,
            )
            for e in entries
        ]
    except (OSError, yaml.YAMLError, KeyError, TypeError) as exc:
        raise GenerationError(
            Diagnostic(
                Severity.ERROR,
                "EXAMPLES_MANIFEST_INVALID",
                f"cannot read examples: {exc}",
                file=str(manifest),
            )
        ) from exc


def _tree(root: Path) -> dict[str, bytes]:
    if not root.is_dir():
        return {}
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def diff_trees(expected: dict[str, bytes], actual: dict[str, bytes], label: str) -> list[str]:
    lines: list[str] = []
    for name in sorted(set(expected) | set(actual)):
        a, b = actual.get(name), expected.get(name)
        if a == b:
            continue
        if a is None or b is None:
            lines.append(
                f"{label}/{name}: {'missing from generated/' if a is None else 'not expected'}"
            )
            continue
        diff = difflib.unified_diff(
            a.decode("utf-8", "replace").splitlines(),
            b.decode("utf-8", "replace").splitlines(),
            f"generated/{label}/{name}",
            f"regenerated/{label}/{name}",
            lineterm="",
            n=2,
        )
        lines.extend(list(diff)[:60])
    return lines


def regen(*, check: bool, only: list[str] | None = None) -> list[str]:
    """Rebuild generated/ (or, with check, compare). Returns the differences found."""
    from .pipeline import generate

    problems: list[str] = []
    for ex in examples():
        if only and ex.name not in only:
            continue
        label = f"{ex.name}-mcp"
        if check:
            with tempfile.TemporaryDirectory() as tmp:
                target, _ = generate(ex.spec, tmp, overlay_path=ex.overlay, name=ex.name)
                problems += diff_trees(_tree(target), _tree(GENERATED / label), label)
        else:
            # Goldens are reviewed as a git diff, so their tool snapshots are always refreshed.
            generate(
                ex.spec,
                GENERATED,
                overlay_path=ex.overlay,
                name=ex.name,
                force=True,
                update_snapshot=True,
            )
    return problems


def outside_repository(cwd: Path | None = None) -> str | None:
    """Why the examples cannot be rebuilt from here, or None when they can."""
    if not (MANIFEST.is_file() and (REPO / "pyproject.toml").is_file() and GENERATED.is_dir()):
        return (
            f"{REPO} is not the mcpforge repository (no specs/manifest.yaml and generated/): "
            "the examples are rebuilt from a checkout of the repository"
        )
    here = (cwd or Path.cwd()).resolve()
    if here != REPO and REPO not in here.parents:
        return f"run this inside the repository ({REPO}), not from {here}"
    return None


PROG = "python -m generator.examples"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Maintainers: rebuild generated/ from specs/manifest.yaml, or --check it.",
        epilog="examples:\n  python -m generator.examples\n"
        "  python -m generator.examples --check petstore",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("only", nargs="*", help="example names (default: all)")
    args = parser.parse_args(argv)
    refused = outside_repository()
    if refused:
        print(f"{PROG}: error: {refused}", file=sys.stderr)
        return 1
    try:
        problems = regen(check=args.check, only=args.only or None)
    except GenerationError as exc:
        for d in exc.diagnostics:
            print(d.cli_line(PROG), file=sys.stderr)
        return 1
    if problems:
        print("\n".join(problems))
        print(f"{PROG}: error: generated/ is out of date: run `{PROG}`", file=sys.stderr)
        return 1
    print("generated/ is up to date" if args.check else "regenerated generated/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
