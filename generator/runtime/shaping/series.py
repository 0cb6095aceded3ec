"""Series the answer is made of: kept in a concise answer, whatever the default fields chose.

A *series* is a member whose value is a non-empty list of numbers (``values: [3.2, 4.1]``) or
of arrays (``pointlist: [[1700000000, 0.5], ...]``, a line's ``coordinates``, a matrix's
rows) or of points written as records (numbers at one time: ``results: [{timestamp,
abs_bytes_diff}]``), or a map of numbers by keys that are values (dates, phrases, codes; not member names:
``{magnitude, score}`` is a record), or a map of such maps (an analytics report's ``series:
{"Logged in": {"2020-08-31": 9852, ...}}``, which its description leaves an open object), in the object an operation answers (each item of its payload list, else the resource)
or in a part of it one level down (``geometry.coordinates``, ``daily.views``), with its
*axis*, a list of scalars as long as a series beside it (``daily.dates``); not noise
(``is_noise``), not an encoding (``encodings.py``: a byte array, an embedding's vector, log
probabilities, which stay out of a concise answer), and in a list's item not a list of ids
(``member_ids``: its relations, for its page; one resource that is mostly its ids, a group
whose members a write set, answers them).

The description says which members are lists, not how long they are: a metric's data points,
a price history, a boundary's coordinates are often its one list beside many scalars that
label it (``{id, name, unit, description, created_at, data: [[t, v], ...]}``), so the rule
of the defaults (``figures.data_series``: lists a third or more of the members) cannot see them.
The response can: when its series hold at least ``SHARE`` of the answered objects' values
(the items of a list counted together, so every item keeps the same members), the series
are what the operation answers and are added to the default fields. A generation is left
alone: it answers its content, and its lists of numbers are token ids and timings.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from .encodings import encoding_kind
from .fields import holds
from .roles.identity import is_id_name
from .roles.noise import is_noise
from .roles.time import is_time

SHARE = 0.5  # series holding at least this share of the answered values are the answer
MAX_ITEMS = 200  # the items of a list counted
MAX_DEPTH = 8  # values counted down to this depth
MIN_KEYED = 2  # a map of numbers by key holds at least this many
MEMBER_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # a key that names a member, not a value


def _numbers(value: Any) -> bool:
    return all(type(i) in (int, float) for i in value)


def _counts(value: Any) -> bool:
    """At least ``MIN_KEYED`` numbers by keys that are values, not member names (a date, a
    phrase, a code: ``2020-08-31``, ``Logged in``, ``404``; not ``{magnitude, score}``)."""
    return (
        isinstance(value, dict)
        and len(value) >= MIN_KEYED
        and _numbers(value.values())
        and not all(MEMBER_NAME.fullmatch(k) for k in value)
    )


def is_keyed_series(value: Any) -> bool:
    """A map of numbers by key (``{"2020-08-31": 9852, ...}``, ``_counts``), or a map of such
    maps (``{"Logged in": {"2020-08-31": 9852, ...}, ...}``): counts by date, by event."""
    if not isinstance(value, dict) or not value:
        return False
    return _counts(value) or all(_counts(v) for v in value.values())


def is_series_value(key: str, value: Any, ids: bool = True) -> bool:
    """``value`` (the member ``key``) is a series (module doc); ``ids``: a list of ids can be."""
    if is_keyed_series(value):
        return not is_noise(key)
    if not isinstance(value, list) or not value:
        return False
    if is_noise(key) or encoding_kind(key, value) is not None:
        return False
    if not ids and is_id_name(key.rstrip("sS") or key):
        return False
    numbers = all(type(i) in (int, float) for i in value)
    arrays = all(isinstance(i, list) and i for i in value)
    return numbers or arrays or all(_data_point(i) for i in value)


def _data_point(item: Any) -> bool:
    """A record of numbers at one time (``{timestamp, abs_bytes_diff}``, ``{date, views,
    visitors}``): a series' point written as an object; not a record named by an id or a
    label (``{id, name}``) nor one holding other text."""
    if not isinstance(item, dict) or len(item) < 2:
        return False
    numbers = [k for k, v in item.items() if type(v) in (int, float)]
    times = [k for k, v in item.items() if isinstance(v, str) and is_time(k, "string")]
    return (
        bool(numbers)
        and len(times) == 1
        and len(numbers) + 1 == len(item)
        and not any(is_id_name(k) for k in numbers)
    )


def _is_axis(key: str, value: Any, lengths: set[int]) -> bool:
    """A list of scalars as long as a series beside it (``dates`` beside ``views``): what
    its values are measured at, kept with them."""
    if not isinstance(value, list) or len(value) not in lengths or is_noise(key):
        return False
    return all(isinstance(i, (str, int, float)) and not isinstance(i, bool) for i in value)


def _series_in(obj: dict[str, Any], ids: bool, prefix: str = "") -> Iterator[tuple[str, Any, bool]]:
    """The series of ``obj`` and of its parts one level down, by dot path, each with whether
    it is one (else the axis of one beside it)."""
    series = {k: v for k, v in obj.items() if is_series_value(k, v, ids)}
    lengths = {len(v) for v in series.values()}
    for key, value in obj.items():
        if key in series:
            yield prefix + key, value, True
        elif series and _is_axis(key, value, lengths):
            yield prefix + key, value, False
        elif isinstance(value, dict) and not is_noise(key) and not prefix:
            yield from _series_in(value, ids, f"{key}.")


def value_count(node: Any, depth: int = 0) -> int:
    """How many scalar values (strings, numbers; not flags or nulls) ``node`` holds."""
    if isinstance(node, (str, int, float)) and not isinstance(node, bool):
        return 1
    if depth >= MAX_DEPTH:
        return 0
    if isinstance(node, dict):
        return sum(value_count(v, depth + 1) for v in node.values())
    if isinstance(node, list):
        return sum(value_count(v, depth + 1) for v in node)
    return 0


def _answered(target: Any, listed: bool) -> tuple[str, list[dict[str, Any]]]:
    """The objects the operation answers and the path prefix of the paths taken from them: each
    item of a list, else the resource, through wrappers of one object (``{data: {...}}``)."""
    if listed:
        items = target[:MAX_ITEMS] if isinstance(target, list) else []
        return "", [i for i in items if isinstance(i, dict)]
    prefix = ""
    while isinstance(target, dict) and len(target) == 1:
        ((key, only),) = target.items()
        if not isinstance(only, dict):
            break
        prefix, target = f"{prefix}{key}.", only
    return prefix, [target] if isinstance(target, dict) else []


def answered_series(target: Any, listed: bool, kind: str = "read") -> tuple[str, ...]:
    """The dot paths (relative to an item when ``listed``, else to ``target``) of the series
    the answer is made of (module doc), or none."""
    if kind == "generate":
        return ()
    prefix, objects = _answered(target, listed)
    held: dict[str, int] = {}  # the values each series holds (an axis: none)
    for obj in objects:
        for path, value, data in _series_in(obj, ids=not listed):
            held[prefix + path] = held.get(prefix + path, 0) + (value_count(value) if data else 0)
    if not held:  # most answers: no walk of their values at all
        return ()
    total = sum(value_count(obj) for obj in objects)
    if sum(held.values()) < SHARE * total:
        return ()
    return tuple(held)


def keyed_beside(target: Any, listed: bool, selection: list[str]) -> tuple[str, ...]:
    """The flat parts of the answered objects keyed like the series ``selection`` keeps (a
    forecast's ``hourly_units: {time, temperature_2m: "°C"}`` and ``current: {time,
    temperature_2m: 21.4}`` beside ``hourly: {time: [...], temperature_2m: [...]}``): what
    the series' figures are measured in and their latest reading, said by the same names,
    kept whole with them. A part of scalars at least half of whose members, and at least
    ``MIN_KEYED``, name a kept series or its axis."""
    prefix, objects = _answered(target, listed)
    if not objects or not selection:
        return ()

    found: dict[str, None] = {}
    for obj in objects:
        names = {
            path.rsplit(".", 1)[-1]
            for path, _, _ in _series_in(obj, ids=not listed)
            if "." in path and holds(selection, prefix + path)
        }
        if len(names) < MIN_KEYED:
            continue
        for key, value in obj.items():
            if (
                not isinstance(value, dict)
                or not value
                or is_noise(key)
                or holds(selection, prefix + key)
            ):
                continue
            if any(isinstance(v, (dict, list)) for v in value.values()):
                continue
            shared = [k for k in value if k in names]
            if len(shared) >= MIN_KEYED and 2 * len(shared) >= len(value):
                found[prefix + key] = None
    return tuple(found)


def with_series(selection: list[str], paths: tuple[str, ...]) -> list[str]:
    """``selection`` and the series ``paths`` it does not hold yet (nor a path above them)."""
    more = [p for p in paths if not holds(selection, p)]
    return selection + more if more else selection
