"""The generation pipeline: load -> overlay -> plan -> write. Nothing is written on error."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import __version__
from .decisions import decide_operations
from .diagnostics import Diagnostic, GenerationError, Severity
from .ir import ServerSpec
from .ir.models import SurfaceMode
from .naming import SLUG_RULE, is_package_slug, slugify

GRAPHQL_SUFFIXES = (".graphql", ".graphqls", ".gql")


@dataclass(frozen=True)
class Generated:
    spec: ServerSpec
    files: dict[str, bytes]
    diagnostics: list[Diagnostic]
    scaffold: dict[str, bytes] = field(default_factory=dict)  # created once, then the user's


_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def refuse_url(value: str | Path, what: str = "SPEC") -> None:
    """mcpforge reads local files: a URL given as one is refused in one line that says to
    download it first (as typed: a ``Path`` would have turned ``https://`` into ``https:/``)."""
    text = str(value)
    if isinstance(value, str) and _URL.match(text):
        local = text.rstrip("/").rsplit("/", 1)[-1].split("?")[0] or "openapi.json"
        raise GenerationError(
            Diagnostic(
                Severity.ERROR,
                "SPEC_IS_URL",
                f"{what} {text} is a URL; mcpforge reads local files: download it first "
                f"(curl -fsSLo {local} '{text}') and give the file",
            )
        )


def load_spec(
    path: Path, *, name: str | None, decide: bool = True
) -> tuple[ServerSpec, list[Diagnostic]]:
    """The IR of a description, its default fields decided (``decisions.py``) unless
    ``decide`` is false (the caller applies an overlay first, then decides). A ``name``
    that is not a package slug is refused (NAME_INVALID) before the description is read."""
    if name is not None and not is_package_slug(name):
        raise GenerationError(
            Diagnostic(
                Severity.ERROR,
                "NAME_INVALID",
                f"--name {name!r} is not a package slug ({SLUG_RULE})",
                hint=f"use --name {slugify(name)}",
            )
        )
    spec, diagnostics = _load(path, name=name)
    if decide:
        spec = decide_operations(spec)
    return spec, diagnostics


def _load(path: Path, *, name: str | None) -> tuple[ServerSpec, list[Diagnostic]]:
    if path.is_dir():
        raise GenerationError(
            Diagnostic(
                Severity.ERROR,
                "SPEC_IS_DIRECTORY",
                "SPEC is a directory; give the description file itself",
                file=str(path),
                hint="an OpenAPI 3.x / Swagger 2.0 file (JSON or YAML) or a GraphQL schema "
                "(.graphql SDL or introspection JSON)",
            )
        )
    if not path.is_file():
        raise GenerationError(
            Diagnostic(Severity.ERROR, "SPEC_NOT_FOUND", "spec file not found", file=str(path))
        )
    if _is_graphql(path):
        from .loaders.graphql import load_graphql

        return load_graphql(path, name=name)
    from .loaders.openapi import load_openapi

    return load_openapi(path, name=name)


def _is_graphql(path: Path) -> bool:
    """GraphQL SDL by suffix, or a JSON introspection result (``__schema`` near the start)."""
    if path.suffix.lower() in GRAPHQL_SUFFIXES:
        return True
    if path.suffix.lower() == ".json":
        with open(path, "rb") as fh:
            head = fh.read(4096)
        return b'"__schema"' in head
    return False


def load_with_overlay(
    spec_path: str | Path,
    *,
    overlay_path: str | Path | None = None,
    name: str | None = None,
    unknown_operations: list[tuple[str, Diagnostic]] | None = None,
) -> tuple[ServerSpec, list[Diagnostic]]:
    """Load the spec and apply the overlay (if any); the name is ``name``, else the overlay's,
    else the spec's. Raises GenerationError (with everything found so far) on any error.

    ``unknown_operations``: collect overlay entries naming no operation there instead of
    failing on them (``mcpforge diff``; overlays/apply.py)."""
    from .overlays.apply import apply_overlay
    from .overlays.load import load_overlay

    refuse_url(spec_path)
    if overlay_path is not None:
        refuse_url(overlay_path, "--overlay")
    diagnostics: list[Diagnostic] = []
    overlay = None
    if overlay_path is not None:
        overlay, found = load_overlay(Path(overlay_path))
        diagnostics += found
        _stop_on_errors(diagnostics)
        name = name or getattr(overlay, "name", None)
    spec, found = load_spec(Path(spec_path), name=name, decide=False)
    diagnostics += found
    _stop_on_errors(diagnostics)
    if overlay is not None:
        spec, found = apply_overlay(
            spec, overlay, file=str(overlay_path), unknown=unknown_operations
        )
        diagnostics += found
        _stop_on_errors(diagnostics)
    spec = decide_operations(spec)  # once per operation, after the overlay
    if name is not None and spec.name != name:
        spec = replace(spec, name=name)
    return spec, diagnostics


def build(
    spec_path: str | Path,
    *,
    overlay_path: str | Path | None = None,
    name: str | None = None,
    version: str | None = None,
    mode: SurfaceMode | None = None,
    license: str | None = None,
    unknown_operations: list[tuple[str, Diagnostic]] | None = None,
) -> Generated:
    """Load, apply the overlay and plan every file. Raises GenerationError on any error.

    ``mode`` (per-op | meta | auto) overrides the overlay's ``mode`` (render/compact.py);
    ``unknown_operations`` as for ``load_with_overlay``."""
    from .render.plan import plan_package, plan_scaffold

    spec, diagnostics = load_with_overlay(
        spec_path,
        overlay_path=overlay_path,
        name=name,
        unknown_operations=unknown_operations,
    )
    if version is not None:
        spec = replace(spec, version=version)
    if mode is not None:
        spec = replace(spec, mode=mode)
    if license is not None:
        spec = replace(spec, package_license=checked_license(license))
    if not spec.operations:
        raise GenerationError(
            diagnostics
            + [
                Diagnostic(
                    Severity.ERROR,
                    "NO_OPERATIONS",
                    "no operation could be turned into a tool",
                    file=str(spec_path),
                    hint="check the warnings above and the overlay's select rules",
                )
            ]
        )
    return Generated(spec, plan_package(spec), diagnostics, plan_scaffold(spec))


def checked_license(license: str) -> str:
    """``--license``: an SPDX expression, as the overlay's ``license`` (overlays/load.py)."""
    from .overlays.load import SPDX_RE

    if not SPDX_RE.match(license):
        raise GenerationError(
            Diagnostic(
                Severity.ERROR,
                "LICENSE_INVALID",
                f"--license {license!r} is not an SPDX licence expression",
                hint="an identifier from https://spdx.org/licenses (MIT, Apache-2.0, "
                "AGPL-3.0-or-later ...), or LicenseRef-<name> for your own",
            )
        )
    return license


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
    update_snapshot: bool = False,
    mode: SurfaceMode | None = None,
    license: str | None = None,
) -> tuple[Path, Generated]:
    from .regeneration import breaking_change_warnings, snapshot_warnings
    from .render.plan import package_names
    from .render.publishing import SNAPSHOT_PATH, license_notes, publishing_notes
    from .render.writer import write_package
    from .render.surface_cost import surface_notes

    result = build(
        spec_path,
        overlay_path=overlay_path,
        name=name,
        version=version,
        mode=mode,
        license=license,
    )
    target = Path(out_dir) / f"{result.spec.name}-mcp"
    spec_json = result.files[f"src/{package_names(result.spec.name)['package']}/spec.json"]
    data = json.loads(spec_json)
    found = breaking_change_warnings(target, data)
    report = write_package(
        target,
        result.files,
        generator_version=__version__,
        force=force,
        scaffold=result.scaffold,
        pinned=frozenset() if update_snapshot else frozenset({SNAPSHOT_PATH}),
    )
    found += snapshot_warnings(target, report.stale_pinned)
    found += surface_notes(data)
    found += publishing_notes(result.spec)
    license_path = target / "LICENSE"
    found += license_notes(
        result.spec, license_path.read_text(encoding="utf-8") if license_path.is_file() else None
    )
    return target, replace(result, diagnostics=result.diagnostics + found)
