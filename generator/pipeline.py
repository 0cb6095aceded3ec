"""The generation pipeline: load -> overlay -> plan -> write. Nothing is written on error."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from . import __version__
from .diagnostics import Diagnostic, GenerationError, Severity
from .ir import ServerSpec

GRAPHQL_SUFFIXES = (".graphql", ".graphqls", ".gql")


@dataclass(frozen=True)
class Generated:
    spec: ServerSpec
    files: dict[str, bytes]
    diagnostics: list[Diagnostic]


def load_spec(path: Path, *, name: str | None) -> tuple[ServerSpec, list[Diagnostic]]:
    if not path.is_file():
        raise GenerationError(
            Diagnostic(Severity.ERROR, "spec-not-found", "spec file not found", file=str(path))
        )
    from .loaders.openapi import load_openapi

    return load_openapi(path, name=name)


def build(
    spec_path: str | Path,
    *,
    overlay_path: str | Path | None = None,
    name: str | None = None,
    version: str | None = None,
) -> Generated:
    """Load, apply the overlay and plan every file. Raises GenerationError on any error."""
    from .overlays.apply import apply_overlay
    from .overlays.load import load_overlay
    from .render.plan import plan_package

    diagnostics: list[Diagnostic] = []
    overlay = None
    if overlay_path is not None:
        overlay, found = load_overlay(Path(overlay_path))
        diagnostics += found
        _stop_on_errors(diagnostics)
        name = name or getattr(overlay, "name", None)
    if name is not None:
        from .naming import slugify

        if slugify(name) != name:
            raise GenerationError(
                Diagnostic(
                    Severity.ERROR,
                    "bad-name",
                    f"--name {name!r} is not a package slug (lower-case letters, digits, '-')",
                    hint=f"use --name {slugify(name)}",
                )
            )
    spec, found = load_spec(Path(spec_path), name=name)
    diagnostics += found
    _stop_on_errors(diagnostics)
    if overlay is not None:
        spec, found = apply_overlay(spec, overlay, file=str(overlay_path))
        diagnostics += found
        _stop_on_errors(diagnostics)
    if name is not None and spec.name != name:
        spec = replace(spec, name=name)
    if version is not None:
        spec = replace(spec, version=version)
    if not spec.operations:
        raise GenerationError(
            diagnostics
            + [
                Diagnostic(
                    Severity.ERROR,
                    "no-operations",
                    "no operation could be turned into a tool",
                    file=str(spec_path),
                    hint="check the warnings above and the overlay's select rules",
                )
            ]
        )
    return Generated(spec, plan_package(spec), diagnostics)


def _stop_on_errors(diagnostics: list[Diagnostic]) -> None:
    errors = [d for d in diagnostics if d.severity is Severity.ERROR]
    if errors:
        raise GenerationError(diagnostics)


def generate(
    spec_path: str | Path,
    out_dir: str | Path,
    *,
    overlay_path: str | Path | None = None,
    name: str | None = None,
    version: str | None = None,
    force: bool = False,
) -> tuple[Path, Generated]:
    from .render.writer import write_package

    result = build(spec_path, overlay_path=overlay_path, name=name, version=version)
    target = Path(out_dir) / f"{result.spec.name}-mcp"
    write_package(target, result.files, generator_version=__version__, force=force)
    return target, result
