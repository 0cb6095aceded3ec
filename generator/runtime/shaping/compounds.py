"""Compound values: a small object whose few scalar members make one value together.

A duration or a time sent as ``{seconds, nanos}``, a label as ``{key, value}``, a price as
``{amount, currency}``, a point as ``{lat, lng}``, a version as ``{major, minor}``: an object of
two or three scalar members (``MAX_MEMBERS``), none an id (then it is a related thing, reduced
to what it is known by), a link or noise, that are all named as parts of a measure (``MEASURE_WORDS``: units of time, coordinates, sizes, version parts, an amount and
its currency or unit), or a name and its value (``{key, value}``, ``{name, value}``). A part
of a resource is not one (``status: {phase, podIP}``, ``metadata: {name, uid}``). Nor is an
object of an id and other members (a related thing), but a value said with the id of the field
or column it fills, and nothing else, is one (a cell's ``{columnId, value}``, a custom field's
``{id, value}``: the value alone does not say what it is; ``said_of``). Half of one
says nothing (``completionTime: {nanos: 7}``, ``labels: [{value: "prod"}]``): when the default
fields keep a member of one, they keep all of it (``whole_compounds``).

A person's name written in parts beside other members (``given_name`` and ``family_name``,
``firstName`` and ``lastName``) is one value too: a part kept brings the other
(``roles/label.name_partner``); half a name does not say who.
"""

from __future__ import annotations

from typing import Any

from .names import base_type, is_leaf, words
from .roles.identity import is_id_name
from .roles.label import name_partner
from .roles.links import is_url
from .roles.noise import is_noise
from .trees import node_at, unwrap

MAX_MEMBERS = 3
MEASURE_WORDS = frozenset(
    {"seconds", "nanos", "nanoseconds", "millis", "milliseconds", "micros", "microseconds",
     "minutes", "hours", "days", "months", "years", "lat", "lng", "lon", "latitude",
     "longitude", "x", "y", "z", "width", "height", "depth", "major", "minor", "patch",
     "amount", "value", "currency", "unit", "units"}
)  # fmt: skip
PAIR_NAMES = frozenset({"key", "name", "field", "property", "label", "tag"})
PAIR_VALUES = frozenset({"value", "values"})


def _last(key: str) -> str:
    return (words(key) or (key.lower(),))[-1]


def _one_value(node: dict[str, Any]) -> bool:
    """All parts of a measure, or a name and its value (module doc)."""
    lasts = [_last(k) for k in node]
    if all(last in MEASURE_WORDS for last in lasts):
        return True
    return len(lasts) == 2 and bool(set(lasts) & PAIR_NAMES) and bool(set(lasts) & PAIR_VALUES)


def said_of(node: dict[str, Any]) -> bool:
    """Two members: a value (``value``, ``values``: a scalar, a list of them, or any value the
    description leaves open) and an id naming what it is the value of (``columnId``,
    ``field_id``, ``id``): a custom field's or a table cell's value (module doc)."""
    if len(node) != 2:
        return False
    ids = [k for k, v in node.items() if is_id_name(k) and is_leaf(v) and v != "null"]
    values = [k for k in node if _last(k) in PAIR_VALUES and not is_id_name(k)]
    if len(ids) != 1 or len(values) != 1:
        return False
    value = node[values[0]]
    scalars = isinstance(value, list) and len(value) == 1 and is_leaf(value[0])
    return is_leaf(value) or value == "object" or scalars


def is_compound(node: Any) -> bool:
    """``node`` (a field tree; arrays seen through) is a compound value (module doc)."""
    node = unwrap(node)
    if not isinstance(node, dict) or not 2 <= len(node) <= MAX_MEMBERS:
        return False
    if said_of(node):
        return True
    flat = all(
        is_leaf(v)
        and base_type(v) not in ("null", "array", "object")
        and not is_id_name(k)
        and not is_url(k, v)
        and not is_noise(k)
        for k, v in node.items()
    )
    return flat and _one_value(node)


def whole_compounds(tree: Any, chosen: tuple[str, ...]) -> tuple[str, ...]:
    """``chosen`` with each member of a compound value replaced by the compound, in place of
    its first member, once; a part of a name in parts followed by its other part."""
    out: list[str] = []
    for path in chosen:
        head, _, last = path.rpartition(".")
        node = unwrap(node_at(tree, head)) if head else tree
        if head and is_compound(node):
            path = head
        paths = [path]
        partner = name_partner(last, node) if isinstance(node, dict) else None
        if partner is not None:
            paths.append(f"{head}.{partner}" if head else partner)
        for one in paths:
            if one not in out and not any(one.startswith(f"{p}.") for p in out):
                out.append(one)
    return tuple(out)
