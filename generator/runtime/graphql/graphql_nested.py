"""Nested connections are fetched one page deep: say so when there was more.

A connection inside an item (an issue's ``labels``, a film's ``characterConnection``) is sent
with ``first: NESTED_FIRST`` and never paged. So that an agent does not take those entries for
all of them, the selection also asks each such connection, under aliases no schema field can
clash with, whether it has a next page (``pageInfo.hasNextPage``) and how many entries it has
(``totalCount``, where the type has one). ``nested_notes`` removes those aliased members from
the result and turns them into one note per field path::

    [labels: only the first 10 entries were fetched in 2 item(s) (up to 23 in all); ...]
"""

from __future__ import annotations

from typing import Any

MORE = "_mcpforge_more"  # alias of pageInfo { hasNextPage }
TOTAL = "_mcpforge_total"  # alias of totalCount
_WRAPPERS = frozenset({"nodes", "edges", "node"})


def marker_fields(has_page_info: bool, meta: tuple[str, ...]) -> dict[str, Any]:
    """The aliased members to add to a nested connection's selection (rendered as keys)."""
    out: dict[str, Any] = {}
    if has_page_info:
        out[f"{MORE}: pageInfo"] = {"hasNextPage": None}
    if "totalCount" in meta:
        out[f"{TOTAL}: totalCount"] = None
    return out


def nested_notes(value: Any, first: int) -> list[str]:
    """Remove the aliased markers from ``value`` (in place) and say where entries were left."""
    cut: dict[str, list[int | None]] = {}
    _walk(value, (), cut)
    notes = []
    for path in sorted(cut):
        totals = [t for t in cut[path] if isinstance(t, int)]
        most = f" (up to {max(totals)} in all)" if totals else ""
        notes.append(
            f"[{path}: only the first {first} entries were fetched in {len(cut[path])} "
            f"item(s){most}; nested lists are not paged: query that item for the rest]"
        )
    return notes


def _walk(value: Any, path: tuple[str, ...], cut: dict[str, list[int | None]]) -> None:
    if isinstance(value, list):
        for item in value:
            _walk(item, path, cut)
        return
    if not isinstance(value, dict):
        return
    more = value.pop(MORE, None)
    total = value.pop(TOTAL, None)
    if isinstance(more, dict) and more.get("hasNextPage") is True and path:
        cut.setdefault(".".join(path), []).append(total if isinstance(total, int) else None)
    for key, sub in value.items():
        _walk(sub, path if key in _WRAPPERS else (*path, key), cut)
