"""Siblings of one schema, and series: the judge's ``schema siblings`` and ``series`` checks.

Written apart from the shaping rules (nothing here imports ``runtime/shaping``), from the body
alone: the schema is read from the values' shape, not from the description.

- **Schema siblings.** Members of one object whose values come from one schema: non-empty
  lists of objects whose items have (together) at least two members, or objects with at least
  ``MIN_SIBLING_MEMBERS`` members, whose member sets share at least ``SCHEMA_OVERLAP`` of
  their union, optional members coming and going (a tournament's ``created``, ``started`` and
  ``finished`` lists; a pull request's ``head`` and ``base``). Looked for in every object of
  the body the result keeps (``judge_checks.walk``); people are not (``judge_people.py``
  judges them by their handle or name). *Kept*: each sibling kept keeps every member another
  sibling kept, where it has one with a value (``started`` keeping ``id`` when ``created``
  does); a sibling *list* left out while another is kept is lost with all its members. An
  object sibling left out is not judged (one relation may matter more than the other).
- **Series.** In what the operation answers (each payload list item, else the single
  resource, and the objects they hold directly), a member whose value is a non-empty list of
  numbers or of arrays (``points: [[2011, 0, 8, 1472], ...]``), or a map of numbers by keys
  that are values (dates, phrases, codes; not member names: ``{magnitude, score}``) or of such
  maps (``series: {"Logged in": {"2020-08-31": 9852, ...}}``), is payload when the answer's
  series together hold at least ``SERIES_SHARE`` of its values: the rest labels them.
  Encodings (``judge_encodings.py``) are not series. *Kept*: an array of the answer's
  counterpart begins with the series' first item (a map: holds its first key and value).
"""

from __future__ import annotations

import re
from typing import Any

from .judge_checks import Finding, Path, Tally, field_path, member_paths, walk, where
from .judge_encodings import is_encoding
from .judge_people import is_person
from .judge_roles import OWN_IDENTITY, bare, found_in, is_label, is_scalar, leaves

MIN_SIBLING_MEMBERS = 3
SCHEMA_OVERLAP = 0.75
SERIES_SHARE = 0.5
MIN_KEYED = 2
MEMBER_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # a key naming a member, not a value
SIBLINGS = "schema siblings"
SERIES = "series"


def _schema(value: Any) -> tuple[str, frozenset[str]] | None:
    if isinstance(value, list) and value and all(isinstance(i, dict) for i in value):
        keys = frozenset(k for i in value for k in i)
        return ("list", keys) if len(keys) >= 2 else None
    if isinstance(value, dict) and len(value) >= MIN_SIBLING_MEMBERS:
        return "object", frozenset(value)
    return None


def _alike(a: frozenset[str], b: frozenset[str]) -> bool:
    """One schema: the member sets share ``SCHEMA_OVERLAP`` of their union (optional members
    differ: a tournament not started yet has ``secondsToStart``, a finished one ``winner``)."""
    return len(a & b) >= SCHEMA_OVERLAP * len(a | b)


def _kept(value: Any) -> bool:
    return value is not None and (bool(leaves(value)) or value not in ({}, [], ""))


def check_siblings(body: Any, shaped: Any, tally: Tally, base: Path = ()) -> None:
    """Judge every group of schema siblings of ``body`` (rule in the module doc)."""
    if isinstance(shaped, str):
        return
    for path, obj, counterpart in walk(body, shaped):
        if not isinstance(obj, dict) or not isinstance(counterpart, dict):
            continue
        groups: list[tuple[str, frozenset[str], list[str]]] = []
        for key, value in obj.items():
            if is_person(key, value):
                continue  # people are judged by their handle or name (judge_people.py)
            schema = _schema(value)
            if schema is None:
                continue
            kind, members = schema
            group = next((g for g in groups if g[0] == kind and _alike(g[1], members)), None)
            if group is None:
                groups.append((kind, members, [key]))
            else:
                group[2].append(key)
        for kind, _, keys in groups:
            if len(keys) > 1:
                _judge_group(obj, counterpart, keys, kind == "list", path, base, tally)


def _judge_group(
    obj: dict[str, Any],
    counterpart: dict[str, Any],
    keys: list[str],
    lists: bool,
    path: Path,
    base: Path,
    tally: Tally,
) -> None:
    present = [k for k in keys if _kept(counterpart.get(k))]
    if not present:
        return  # the whole group left out: the payload and identity checks judge that
    kept = {k: member_paths(counterpart[k]) for k in present}
    union = set().union(*kept.values())
    missing: dict[str, list[str]] = {}
    for key in keys:
        if key not in kept and not lists:
            continue
        gone = (union & member_paths(obj[key])) - kept.get(key, set())
        if gone:
            missing[key] = sorted(gone)
    if not missing:
        tally.count(SIBLINGS, True)
        return
    findings = []
    for key, lost in missing.items():
        others = ", ".join(k for k in keys if k != key)
        if key in kept:
            how = f"lost {', '.join(lost)}, kept by its siblings {others}"
        else:
            how = f"left out while its siblings {others} are kept"
        at = where((*path, key))
        fixes = tuple(field_path((*path, key, *m.split(".")), base) for m in lost)
        findings.append(Finding(SIBLINGS, at, f"{at} {how}", fixes, pattern=f"{key} {how}"))
    # one group, one count; each sibling's loss said once
    tally.count(SIBLINGS, False, findings[0])
    tally.findings += findings[1:]


def check_parts(body: Any, shaped: Any, tally: Tally, base: Path = ()) -> None:
    """Parts of one family: objects side by side, not of one schema, that share at least
    ``MIN_SIBLING_MEMBERS`` members (an evaluation's ``booleanResponse`` and
    ``variantResponse``, each with its ``reason``, ``timestamp``, ``flagKey``). Where one
    part the result keeps keeps some of its own members (``enabled``), each other kept part
    keeps one of its own, or its identity or label, not only what the family shares
    (``variantResponse`` cut to ``{reason, timestamp}`` lost its ``match`` and ``variantKey``)."""
    if isinstance(shaped, str):
        return
    for path, obj, counterpart in walk(body, shaped):
        if not isinstance(obj, dict) or not isinstance(counterpart, dict):
            continue
        parts = {
            k: v
            for k, v in obj.items()
            if isinstance(v, dict) and len(v) >= MIN_SIBLING_MEMBERS and not is_person(k, v)
        }
        for family in _families(parts):
            _judge_family(parts, counterpart, family, path, base, tally)


def _families(parts: dict[str, dict[str, Any]]) -> list[list[str]]:
    """The parts joined by sharing ``MIN_SIBLING_MEMBERS`` members without being of one
    schema, each family of at least two."""
    linked = {
        k: {
            o
            for o in parts
            if o != k
            and not _alike(frozenset(parts[k]), frozenset(parts[o]))
            and len(set(parts[k]) & set(parts[o])) >= MIN_SIBLING_MEMBERS
        }
        for k in parts
    }
    families: list[list[str]] = []
    for start in parts:
        if not linked[start] or any(start in f for f in families):
            continue
        family, todo = [start], [start]
        while todo:
            for o in linked[todo.pop()]:
                if o not in family:
                    family.append(o)
                    todo.append(o)
        families.append(family)
    return families


def _judge_family(
    parts: dict[str, dict[str, Any]],
    counterpart: dict[str, Any],
    family: list[str],
    path: Path,
    base: Path,
    tally: Tally,
) -> None:
    own = {
        k: [m for m in _said(parts[k]) if not any(m in parts[o] for o in family if o != k)]
        for k in family
    }
    kept = {k: _said(counterpart[k]) for k in family if isinstance(counterpart.get(k), dict)}
    if not any(set(kept[k]) & set(own[k]) for k in kept):
        return  # no part keeps its own members: nothing to compare with
    for key, members in kept.items():
        if not own[key] or not members:
            continue
        if set(members) & set(own[key]) or any(_names(m, parts[key][m]) for m in members):
            tally.count(SIBLINGS, True)
            continue
        at = where((*path, key))
        how = f"kept only what its siblings share ({', '.join(members)})"
        message = f"{at} {how}, left out its own {', '.join(own[key])}"
        fixes = tuple(field_path((*path, key, m), base) for m in own[key])
        tally.count(SIBLINGS, False, Finding(SIBLINGS, at, message, fixes, pattern=how))


def _said(obj: dict[str, Any]) -> list[str]:
    """The members of ``obj`` with a scalar value that says something."""
    return [k for k, v in obj.items() if (is_scalar(v) or isinstance(v, bool)) and v != ""]


def _names(key: str, value: Any) -> bool:
    """An identity or a label: what names the part."""
    return bare(key) in OWN_IDENTITY or is_label(key, value)


# ------------------------------------------------------------------------------ series


def _is_series(value: Any) -> bool:
    if not isinstance(value, list) or not value or is_encoding(value):
        return False
    numbers = all(is_scalar(i) and not isinstance(i, str) for i in value)
    arrays = all(isinstance(i, list) and i for i in value)
    return numbers or arrays


def _numbers(values: Any) -> bool:
    return all(is_scalar(i) and not isinstance(i, (str, bool)) and i is not None for i in values)


def _counts(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and len(value) >= MIN_KEYED
        and _numbers(value.values())
        and not all(MEMBER_NAME.fullmatch(k) for k in value)
    )


def _is_keyed(value: Any) -> bool:
    """A map of numbers by keys that are values (at least two), or a map of such maps
    (module doc)."""
    if not isinstance(value, dict) or not value:
        return False
    return _counts(value) or all(_counts(v) for v in value.values())


def _series(obj: dict[str, Any]) -> list[tuple[tuple[str, ...], Any]]:
    found: list[tuple[tuple[str, ...], Any]] = [
        ((k,), v) for k, v in obj.items() if _is_series(v) or _is_keyed(v)
    ]
    for key, value in obj.items():
        if isinstance(value, dict) and not _is_keyed(value):
            found += [((key, k), v) for k, v in value.items() if _is_series(v) or _is_keyed(v)]
    return found


def _begins_with(first: Any, shaped: Any, depth: int = 0) -> bool:
    if depth > 6:
        return False
    if isinstance(shaped, list):
        if shaped and (
            shaped[0] == first
            or (isinstance(first, list) and leaves(shaped[0]) == leaves(first))
            or (is_scalar(first) and is_scalar(shaped[0]) and found_in([first], shaped[0]))
        ):
            return True
        return any(_begins_with(first, s, depth + 1) for s in shaped)
    if isinstance(shaped, dict):
        return any(_begins_with(first, s, depth + 1) for s in shaped.values())
    return False


def _keyed_kept(series: dict[str, Any], shaped: Any, depth: int = 0) -> bool:
    """Some map of the result holds the series' first key with its value."""
    key, first = next(iter(series.items()))
    if depth > 6:
        return False
    if isinstance(shaped, dict):
        if key in shaped and (
            shaped[key] == first or (isinstance(first, dict) and _keyed_kept(first, shaped[key]))
        ):
            return True
        return any(_keyed_kept(series, v, depth + 1) for v in shaped.values())
    if isinstance(shaped, list):
        return any(_keyed_kept(series, v, depth + 1) for v in shaped)
    return False


def check_series(answer: Any, shaped: Any, at: Path, tally: Tally, base: Path = ()) -> None:
    """Judge the series of one answered object (a payload item or the single resource)."""
    if not isinstance(answer, dict) or isinstance(shaped, str):
        return
    series = _series(answer)
    if not series:
        return
    held = sum(len(leaves(v)) for _, v in series)
    if held < SERIES_SHARE * max(len(leaves(answer)), 1):
        return
    for sub, values in series:
        if isinstance(values, dict):  # a keyed series: its first number, under its key
            kept = shaped is not None and _keyed_kept(values, shaped)
            message = f"{where((*at, *sub))} lost ({len(values)} keys, the answer's values)"
            fix = field_path((*at, *sub), base)
            pattern = f"{'.'.join(sub)} lost (numbers by key)"
            finding = Finding(SERIES, where((*at, *sub)), message, (fix,), pattern=pattern)
            tally.count(SERIES, kept, finding)
            continue
        kept = shaped is not None and _begins_with(values[0], shaped)
        message = f"{where((*at, *sub))} lost ({len(values)} items, the answer's values)"
        fix = field_path((*at, *sub), base)
        pattern = f"{'.'.join(sub)} lost ({'arrays' if isinstance(values[0], list) else 'numbers'})"
        tally.count(
            SERIES, kept, Finding(SERIES, where((*at, *sub)), message, (fix,), pattern=pattern)
        )
