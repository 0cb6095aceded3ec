"""Where and when a thing is, kept whole. Where: a latitude and a longitude side by side
(``{lat, lon}``, ``latitude`` and ``longitude``, ``geometry.location: {lat, lng}``). A map's
marker, a station, a place read is told apart by where it is as much as by its name, and half
a position says nothing: the pair is kept together, on a read's item as on the one resource,
the object's own or a part's named for where it is that nothing else identifies
(``location``, ``geometry.location``), two levels down at most. When: a span's start kept
alone (``startTime``) says when it began, not whether it is over; its end comes with it
(``endTime``), unless its length is kept (``duration``)."""

from __future__ import annotations

from typing import Any

from .fields import holds
from .names import base_type, is_leaf
from .roles.identity import has_own_identity
from .roles.words import w
from .trees import node_at, unwrap

LATITUDE = frozenset({"lat", "latitude"})
LONGITUDE = frozenset({"lng", "lon", "long", "longitude"})
_NUMERIC = frozenset({"number", "integer", "string", "any"})  # ``"52.52"`` is written too
# a part that says where (``location``, ``geometry``, ``geo``): one named for anything else
# holds another thing's position (a video's ``recordingDetails.location``: where it was shot)
PLACE_PARTS = frozenset(
    {"location", "position", "geometry", "geo", "coordinates", "coords", "point", "center",
     "centre", "centroid", "latlng", "geolocation", "gps", "place"}
)  # fmt: skip


def _pair(tree: dict[str, Any]) -> tuple[str, str] | None:
    """The object's own latitude and longitude members, the first of each, when both are."""
    leaves = [k for k, v in tree.items() if is_leaf(v) and base_type(v) in _NUMERIC]
    lat = [k for k in leaves if w(k) and w(k)[-1] in LATITUDE]
    lon = [k for k in leaves if w(k) and w(k)[-1] in LONGITUDE]
    return (lat[0], lon[0]) if lat and lon else None


def position_paths(tree: dict[str, Any], depth: int = 2) -> tuple[str, ...]:
    """The paths of the object's position (module doc): its own pair, else the first pair in
    a part named for where (``PLACE_PARTS``) with no identity of its own, the nearest first
    (a geocoder's result: its ``geometry: {lat, lng}``, not its ``bounds.northeast``),
    ``depth`` levels down at most; () when it has none."""
    level: list[tuple[str, dict[str, Any]]] = [("", tree)]
    for _ in range(depth + 1):
        for prefix, node in level:
            if (pair := _pair(node)) is not None:
                return tuple(prefix + p for p in pair)
        level = [
            (f"{prefix}{key}.", sub)
            for prefix, node in level
            for key, sub in node.items()
            if isinstance(sub, dict)
            and sub
            and set(w(key)) & PLACE_PARTS
            and not has_own_identity(sub, tuple(w(key)))
        ]
    return ()


def with_position(chosen: tuple[str, ...], tree: dict[str, Any]) -> tuple[str, ...]:
    """``chosen`` and the object's position when nothing chosen holds it yet."""
    return chosen + tuple(p for p in position_paths(tree) if not holds(chosen, p))


# A span's two ends (``startTime`` and ``endTime``, ``starts_at`` and ``ends_at``,
# ``start_date`` and ``end_date``): the start kept alone says when it began, not how long
# it lasts, unless its length is kept beside it (``duration``).
START_WORDS = {"start": "end", "starts": "ends", "begin": "end", "begins": "ends"}
LENGTH_WORDS = frozenset({"duration", "length", "elapsed"})


def _span_end(key: str, siblings: dict[str, Any]) -> str | None:
    """The member ending the span ``key`` starts, among ``siblings``: the same words, the
    start's replaced by the end's."""
    ws = w(key)
    for i, word in enumerate(ws):
        if word in START_WORDS:
            want = (*ws[:i], START_WORDS[word], *ws[i + 1 :])
            for other, node in siblings.items():
                if other != key and is_leaf(node) and w(other) == want:
                    return other
    return None


def with_span_ends(chosen: tuple[str, ...], tree: dict[str, Any]) -> tuple[str, ...]:
    """``chosen`` and the end of each span whose start it holds (above), unless it holds the
    span's length beside it."""
    added: list[str] = []
    for path in chosen:
        parent, _, key = path.rpartition(".")
        node = unwrap(node_at(tree, parent)) if parent else tree
        if not isinstance(node, dict):
            continue
        prefix = f"{parent}." if parent else ""
        if any(set(w(c.rpartition(".")[2])) & LENGTH_WORDS for c in chosen if c.startswith(prefix)):
            continue
        end = _span_end(key, node)
        if end is not None and f"{prefix}{end}" not in chosen:
            added.append(f"{prefix}{end}")
    return chosen + tuple(dict.fromkeys(added))
