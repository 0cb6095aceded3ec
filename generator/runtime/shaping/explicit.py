"""The fields a caller asks for: cleaned, checked against the description before anything is
sent (GraphQL: exactly; REST: only likely typos of a described top-level field), then against
the response itself (paths that match nothing get a note with close matches; when none
matches, an error that lists the valid fields). ``exclude`` paths are lifted for what the
caller names.
"""

from __future__ import annotations

import difflib
from typing import Any

from .fields import check_paths, matches, parse_path, selects_everything
from .shape_config import ShapeConfig
from .trees import field_tree_from_value, merge, unwrap


class FieldSelectionError(ValueError):
    """Requested ``fields`` that the response does not have; the message says what exists."""

    def __init__(self, unknown: list[str], suggestions: dict[str, list[str]], valid: list[str]):
        self.unknown = unknown
        self.suggestions = suggestions
        self.valid = valid
        lines = [f"Unknown field path(s): {', '.join(repr(u) for u in unknown)}."]
        for path in unknown:
            if suggestions.get(path):
                lines.append(f"  {path!r}: did you mean {', '.join(suggestions[path])}?")
        if valid:
            shown = ", ".join(valid[:40]) + (" ..." if len(valid) > 40 else "")
            lines.append(f"Valid top-level fields: {shown}.")
        lines.append(
            'Use dot paths such as "user.login" (arrays apply per element), "*" for all fields, '
            "or leave fields out for the default set."
        )
        super().__init__("\n".join(lines))


def clean_fields(fields: list[str] | None) -> list[str] | None:
    if fields is None:
        return None
    cleaned: list[str] = []
    for f in fields:
        f = str(f).strip()
        if f and f not in cleaned:
            cleaned.append(f)
    return cleaned or None


def validate_fields(config: ShapeConfig, fields: list[str] | None) -> list[str] | None:
    """The cleaned ``fields`` selection, or FieldSelectionError when a path is unknown.

    Called before the upstream request is sent, so a bad selection costs no API call.
    """
    explicit = clean_fields(fields)
    if explicit is None or selects_everything(explicit) or config.field_tree is None:
        return explicit
    tree = unwrap(config.field_tree)
    check = check_paths(explicit, tree if isinstance(tree, dict) else None)
    if not config.closed_tree:
        # REST: the response may have fields its spec leaves out, so paths are checked against
        # the response (check_matched); only a likely typo of a described top-level field
        # (``titel`` for ``title``) is refused before anything is sent.
        typos = [p for p in check.unknown if _likely_typo(p, tree)]
        if typos:
            raise FieldSelectionError(
                typos, {p: check.suggestions.get(p, []) for p in typos}, check.valid_top_level
            )
        return explicit
    if not check.ok:
        raise FieldSelectionError(check.unknown, check.suggestions, check.valid_top_level)
    return explicit


def _likely_typo(path: str, tree: Any) -> bool:
    """The first segment is not described but is close to one that is."""
    segs = parse_path(path)
    if not isinstance(tree, dict) or not segs or segs[0] in tree:
        return False
    return bool(difflib.get_close_matches(segs[0], list(tree), n=1, cutoff=0.8))


def check_matched(target: Any, explicit: list[str], kind: str, tree: Any, notes: list[str]) -> None:
    """Explicit paths are checked against the response (the spec may not describe a field the
    response has): none matching is an error that lists what exists; some not matching is a
    note."""
    units = target if kind == "list" and isinstance(target, list) else [target]
    units = [u for u in units if isinstance(u, (dict, list)) and u]
    if not units:
        return  # an empty response: nothing to check the paths against
    unmatched = [p for p in explicit if not any(matches(u, parse_path(p)) for u in units[:200])]
    if not unmatched:
        return
    seen = field_tree_from_value(units[:50] if kind == "list" else target)
    seen = unwrap(seen)
    known = merge(tree, seen) if isinstance(tree, dict) and isinstance(seen, dict) else seen
    check = check_paths(unmatched, known if isinstance(known, dict) else None)
    if len(unmatched) == len(explicit):
        raise FieldSelectionError(unmatched, check.suggestions, check.valid_top_level)
    hints = []
    for p in unmatched:
        close = check.suggestions.get(p)
        hints.append(f"{p!r}" + (f" (did you mean {', '.join(close)}?)" if close else ""))
    notes.append(f"[fields matched nothing in this response: {', '.join(hints)}]")


def lifted_exclude(excluded: tuple[str, ...], explicit: list[str] | None) -> list[str]:
    if not explicit:
        return list(excluded)
    keep = []
    for path in excluded:
        segs = parse_path(path)
        named = any(parse_path(f)[: len(segs)] == segs for f in explicit)
        if not named:
            keep.append(path)
    return keep
