"""Short previews of text in the items of a list.

The default fields of a list item may include its text (``description``, ``body``: the
``preview`` role of ``defaults.py``); an agent scanning a list needs its first sentence, not
all of it. ``cut_previews`` cuts such strings to ``PREVIEW_CHARS`` (on a word boundary, with
the usual truncation marker that says how much was cut). It applies only to the defaults:
explicit ``fields`` and ``detail_level="detailed"`` show the text as usual.
"""

from __future__ import annotations

from typing import Any

from .defaults import is_content
from .fields import parse_path
from .truncate import truncate_string

PREVIEW_CHARS = 80

__all__ = ["PREVIEW_CHARS", "cut_previews", "preview_paths"]


def preview_paths(selection: list[str]) -> list[tuple[str, ...]]:
    """The selected paths that hold an item's text (``description``, ``attributes.body``)."""
    out = []
    for path in selection:
        segments = tuple(parse_path(path))
        if segments and is_content(str(segments[-1])):
            out.append(segments)
    return out


def cut_previews(
    items: list[Any], paths: list[tuple[str, ...]], marker: str, chars: int = PREVIEW_CHARS
) -> tuple[list[Any], int]:
    """``items`` with the strings at ``paths`` (lists seen through) cut to ``chars``; the
    number of strings cut."""
    count = 0

    def cut(value: Any, segments: tuple[str, ...]) -> Any:
        nonlocal count
        if isinstance(value, list):
            return [cut(v, segments) for v in value]
        if not segments:
            if isinstance(value, str) and len(value) > chars:
                count += 1
                return truncate_string(value, chars, marker)
            return value
        if isinstance(value, dict) and segments[0] in value:
            return {**value, segments[0]: cut(value[segments[0]], segments[1:])}
        return value

    out = []
    for item in items:
        for segments in paths:
            item = cut(item, segments)
        out.append(item)
    return out, count
