"""One side of a diff, from a path: a generated package directory, a ``spec.json``, or an API
description run through the generator's pipeline (with an optional overlay).

Above the pipeline: the pipeline's regeneration warnings use diff/surface.py and
diff/compare.py, so the pipeline is imported here only, never below it."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic, GenerationError, Severity
from .surface import Surface, package_spec_json, surface_from_data


def _is_spec_json(path: Path) -> dict[str, Any] | None:
    if path.suffix.lower() != ".json":
        return None
    with open(path, "rb") as fh:
        head = fh.read(4096)
    if b'"_generated"' not in head or b'"format"' not in head:
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) and "tools" in data and "server" in data else None


def load_surface(path: str | Path, overlay: str | Path | None = None) -> Surface:
    """One side. Overlay entries naming an operation this side lacks are not errors here: they
    come back in ``Surface.unknown_overlay_keys`` (diff/command.py judges them against the
    other side)."""
    path = Path(path)
    if path.is_dir():
        spec_json = package_spec_json(path)
        if spec_json is None:
            raise GenerationError(
                Diagnostic(
                    Severity.ERROR,
                    "DIFF_NOT_A_PACKAGE",
                    "directory is not a generated package (no src/<package>/spec.json)",
                    file=str(path),
                    hint="pass a generated package directory, its spec.json, or an API spec",
                )
            )
        return surface_from_data(json.loads(spec_json.read_text(encoding="utf-8")), str(path))
    if path.is_file():
        data = _is_spec_json(path)
        if data is not None:
            return surface_from_data(data, str(path))
    from ..pipeline import build
    from ..render.tooldata import server_data

    unknown: list[tuple[str, Diagnostic]] = []
    result = build(path, overlay_path=overlay, unknown_operations=unknown)
    surface = surface_from_data(server_data(result.spec), str(path))
    return dataclasses.replace(surface, unknown_overlay_keys=tuple(unknown))
