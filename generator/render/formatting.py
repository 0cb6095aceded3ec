"""Black, in-process, on every generated Python file (kept small so it stays fast)."""

from __future__ import annotations

import black

MODE = black.Mode(target_versions={black.TargetVersion.PY311}, line_length=100)


def format_python(source: str, *, path: str) -> str:
    try:
        return black.format_str(source, mode=MODE)
    except black.InvalidInput as exc:  # a template bug, never user input: say which file
        raise RuntimeError(f"generated {path} is not valid Python: {exc}") from exc
