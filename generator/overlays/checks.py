"""Generic checks of parsed overlay YAML values, each problem a located ERROR diagnostic.

``Checker`` knows the file, the pointer -> line map and the raw scalar texts of one overlay;
its methods return the checked value, or None after reporting why it was rejected.
"""

from __future__ import annotations

import difflib
from typing import Any

from ..diagnostics import Diagnostic, Severity, pointer


def suggest(word: str, candidates: list[str] | tuple[str, ...]) -> str | None:
    """The closest candidate to ``word`` (difflib), or None when nothing is close."""
    matches = difflib.get_close_matches(word, sorted(set(candidates)), n=1, cutoff=0.6)
    return matches[0] if matches else None


def _closeness(word: str, candidate: str) -> float:
    a, b = word.lower(), candidate.lower()
    if a and b and (a in b or b in a):
        return 1.0 + min(len(a), len(b)) / max(len(a), len(b))
    return difflib.SequenceMatcher(None, a, b).ratio()


def closest_first(word: str, candidates: list[str] | tuple[str, ...], shown: int = 12) -> str:
    """The candidates, the closest to ``word`` first; past ``shown``, how many more there are."""
    ranked = sorted(set(candidates), key=lambda c: (-_closeness(word, c), c))
    more = len(ranked) - shown
    return ", ".join(ranked[:shown]) + (f", ... ({more} more)" if more > 0 else "")


class Checker:
    """Reports located diagnostics and checks the generic shapes of overlay values."""

    def __init__(
        self, file: str, lines: dict[str, int], raw: dict[str, str], diags: list[Diagnostic]
    ):
        self.file = file
        self.lines = lines
        self.raw = raw
        self.diagnostics = diags

    # -- reporting ---------------------------------------------------------------------------

    def error(self, code: str, message: str, ptr: str, hint: str | None = None) -> None:
        self.diagnostics.append(
            Diagnostic(Severity.ERROR, code, message, self.file, ptr, self._line(ptr), hint)
        )

    def _line(self, ptr: str) -> int | None:
        while ptr not in self.lines and ptr:
            ptr = ptr.rsplit("/", 1)[0]
        return self.lines.get(ptr)

    def type_error(self, ptr: str, expected: str, value: Any) -> None:
        got = "null" if value is None else type(value).__name__
        self.error("OVERLAY_TYPE", f"expected {expected}, got {got}", ptr)

    # -- generic shapes ----------------------------------------------------------------------

    def mapping(self, value: Any, ptr: str, allowed: tuple[str, ...], what: str) -> dict[str, Any]:
        """A mapping with only ``allowed`` keys; unknown keys are reported and dropped."""
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.type_error(ptr, f"a mapping ({what})", value)
            return {}
        known: dict[str, Any] = {}
        for key, item in value.items():
            if key in allowed:
                known[key] = item
                continue
            close = suggest(key, allowed)
            hint = f"did you mean {close!r}?" if close else f"allowed keys: {', '.join(allowed)}"
            self.error(
                "OVERLAY_UNKNOWN_KEY", f"unknown key {key!r} in {what}", ptr + pointer(key), hint
            )
        return known

    def string(self, value: Any, ptr: str) -> str | None:
        if isinstance(value, str):
            return value
        self.type_error(ptr, "a string", value)
        return None

    def text_or_scalar(self, value: Any, ptr: str) -> str | None:
        """A string; numbers and dates keep their source text (``version: 1.10``)."""
        if isinstance(value, str):
            return value
        if value is not None and not isinstance(value, (dict, list, bool)) and ptr in self.raw:
            return self.raw[ptr]
        self.type_error(ptr, "a string", value)
        return None

    def positive_int(self, value: Any, ptr: str) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.type_error(ptr, "a positive integer", value)
            return None
        if value <= 0:
            self.error("OVERLAY_VALUE", f"must be a positive integer, got {value}", ptr)
            return None
        return value

    def string_list(self, value: Any, ptr: str) -> tuple[str, ...] | None:
        if isinstance(value, str):
            value = [value]
            self.lines.setdefault(ptr + "/0", self._line(ptr) or 1)
        if not isinstance(value, list):
            self.type_error(ptr, "a list of strings", value)
            return None
        items: list[str] = []
        for index, item in enumerate(value):
            if isinstance(item, str) and item:
                items.append(item)
            else:
                self.type_error(f"{ptr}/{index}", "a non-empty string", item)
        return tuple(items)

    def field_paths(self, value: Any, ptr: str) -> tuple[str, ...] | None:
        paths = self.string_list(value, ptr)
        if paths is None:
            return None
        good = []
        for index, path in enumerate(paths):
            if any(not part for part in path.split(".")):
                self.error(
                    "OVERLAY_VALUE",
                    f"field path {path!r} has an empty segment",
                    f"{ptr}/{index}",
                    "write dot paths such as 'owner.login'; '*' means all fields",
                )
            else:
                good.append(path)
        return tuple(good)
