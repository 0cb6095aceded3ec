"""Where a thing is, kept whole: a latitude and a longitude side by side
(``{lat, lon}``, ``latitude`` and ``longitude``, ``geometry.location: {lat, lng}``). A map's
marker, a station, a place read is told apart by where it is as much as by its name, and half
a position says nothing: the pair is kept together, on a read's item as on the one resource,
the object's own or a part's named for where it is that nothing else identifies
(``location``, ``geometry.location``), two levels down at most. (When: a span's ends, and
other pairs of ends, are ``pairs.py``'s.)"""

from __future__ import annotations

from typing import Any

from .fields import holds
from .names import base_type, is_leaf
from .roles.identity import has_own_identity
from .roles.words import w

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
    """``chosen`` and the object's position when nothing chosen holds it yet; and each part
    of which something was kept that holds a position of its own, whatever it is named
    (``pickup: {time, address, lat, lng}`` kept by its ``time``): that position beside it,
    where the part took place (half a place kept says where nothing was); not a related
    thing's, with an identity of its own (a stadium kept by its name)."""
    out = chosen + tuple(p for p in position_paths(tree) if not holds(chosen, p))
    return out + tuple(p for p in _parts_positions(chosen, tree) if not holds(out, p))


def _parts_positions(chosen: tuple[str, ...], tree: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for path in chosen:
        segments = path.split(".")[:-1][:2]  # the parts it sits in, two levels down at most
        node: Any = tree
        for depth, key in enumerate(segments, 1):
            node = node.get(key) if isinstance(node, dict) else None
            if not isinstance(node, dict) or has_own_identity(node, tuple(w(key))):
                break  # a related thing (a stadium by its name): its place is its own
            prefix = ".".join(segments[:depth]) + "."
            if (pair := _pair(node)) is not None:
                found += [prefix + p for p in pair if prefix + p not in found]
    return found
