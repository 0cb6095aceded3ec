"""A read of a page of settings or figures: an object nothing names, made of switches,
choices and numbers, alone or in groups nothing names either, two levels down at most (a
user's ``{in_meeting: {chat: true, ...}, recording: {auto_recording: "local", ...}}``, a
server's queues, ``{library: {jobCounts: {active, failed, ...}, queueStatus: {isPaused}}, ...}``).
They are what such a read answers, so they are kept, all of them, as a person sees them on
its page, while they fit ``PAGE_TOKENS``; the usual rules would keep one or two and drop the
rest (a queue's ``completed`` count, not its failed jobs). A few settings alone are
``defaults.settings_fields``'s."""

from __future__ import annotations

from typing import Any

import json

from .names import base_type, hint, is_leaf
from .roles.identity import has_own_identity, is_id_name, is_natural_key
from .roles.label import is_label
from .roles.links import renderings
from .roles.noise import is_noise, noise_member
from .tokens import count_tokens

PAGE_TOKENS = 800  # a page of settings or figures, kept whole: at most this many tokens
CONFIG_SWITCHES = 8  # a configuration's switches said: at least this many of them (``switches``)
# ... of a configuration of at most this many values in all: past it, the description merges
# the settings of several kinds of thing (every database engine's in one schema), of which an
# answer holds one kind, and the switches would stand in for the values it does hold
CONFIG_VALUES = 150
PAGE_DEPTH = 3  # ... its values at most this many objects down (group, part, value)
_FIGURES = frozenset({"integer", "number"})


def unnamed(tree: dict[str, Any]) -> bool:
    """Nothing identifies or names the object (no id, natural key or label)."""
    return not has_own_identity(tree) and not any(
        is_label(k) or is_id_name(k) or is_natural_key(k) for k in tree
    )


def _unnamed_by_values(tree: dict[str, Any]) -> bool:
    """``unnamed`` by its members holding more than a switch (``closed_caption: true`` is a
    setting, not a label)."""
    return unnamed({k: v for k, v in tree.items() if base_type(v) != "boolean"})


def _choice(node: Any) -> bool:
    """A switch or a choice among named values (``boolean``, ``string:enum``)."""
    return base_type(node) == "boolean" or hint(node) == "enum"


def _leaves(tree: dict[str, Any], depth: int) -> list[tuple[str, Any]] | None:
    """The values of an object and of its parts nothing names, with their paths; None when
    it holds a list, a named part or values deeper than ``depth`` objects."""
    out: list[tuple[str, Any]] = []
    for key, value in tree.items():
        if is_leaf(value):
            out.append((key, value))
            continue
        if depth <= 1 or not isinstance(value, dict) or not value:
            return None
        if not _unnamed_by_values(value) or (inner := _leaves(value, depth - 1)) is None:
            return None
        out.extend((f"{key}.{p}", v) for p, v in inner)
    return out


def _rendered(leaves: list[tuple[str, Any]]) -> str:
    """The page as compact JSON, each value a short one of its type: what it costs."""
    page: dict[str, Any] = {}
    for path, node in leaves:
        *parts, last = path.split(".")
        at = page
        for part in parts:  # (a key written with a dot, ``.`` beside ``""``: its own part)
            nested = at.setdefault(part, {})
            at = nested if isinstance(nested, dict) else at.setdefault(f"{part}.", {})
        at[last] = (
            True if base_type(node) == "boolean" else 7 if base_type(node) in _FIGURES else "x"
        )
    return json.dumps(page, separators=(",", ":"))


def settings_page(tree: dict[str, Any], few: int) -> tuple[str, ...]:
    """The settings and figures of a page of more than ``few`` of them (module doc): their
    paths, noise and a value written again for a page left out; nothing when ``tree`` is
    any other object (named, holding lists, nested deeper than ``PAGE_DEPTH``, a quarter or
    more of it neither a switch, a choice nor a number, or over ``PAGE_TOKENS``)."""
    if not _unnamed_by_values(tree):
        return ()
    leaves = _leaves(tree, PAGE_DEPTH)
    if leaves is None or len(leaves) <= few:
        return ()
    said = sum(_choice(v) or base_type(v) in _FIGURES for _, v in leaves)
    if 4 * (len(leaves) - said) >= len(leaves) or not any(_choice(v) for _, v in leaves):
        return ()
    if count_tokens(_rendered(leaves)) > PAGE_TOKENS:
        return ()
    restated = set(renderings([p for p, _ in leaves]))
    return tuple(p for p, _ in leaves if p not in restated and not is_noise(p.rsplit(".", 1)[-1]))


def _switches(tree: dict[str, Any], depth: int, prefix: str = "") -> list[str] | None:
    """The paths of the switches (booleans) of an object and of its groups, not of a part that
    names itself (a mail transport's host and user); None when it or a group holds a list of
    records (a resource, not settings)."""
    found: list[str] = []
    for key, value in tree.items():
        if is_leaf(value):
            if base_type(value) == "boolean" and not noise_member(key, value):
                found.append(prefix + key)
            continue
        if isinstance(value, list):
            if value and isinstance(value[0], dict):
                return None  # records: not a configuration
            continue
        if not isinstance(value, dict) or depth <= 1 or is_noise(key):
            continue
        if has_own_identity(value):
            continue
        below = _switches(value, depth - 1, f"{prefix}{key}.")
        if below is None:
            return None
        found.extend(below)
    return found


def _values(tree: dict[str, Any], depth: int) -> int:
    """How many values an object and its groups hold, ``depth`` objects down."""
    inner = [v for v in tree.values() if isinstance(v, dict) and depth > 1]
    return sum(is_leaf(v) for v in tree.values()) + sum(_values(v, depth - 1) for v in inner)


def switches(tree: dict[str, Any], entity: tuple[str, ...] = ()) -> tuple[str, ...]:
    """A read of a configuration too big or too mixed to be a page (named groups, lists of
    choices, text, deeper groups: a server's ``{ffmpeg: {...}, oauth: {enabled, clientId,
    ...}, trash: {enabled, days}}``): its switches, what is on and what is off, which the
    usual rules leave out for its numbers and texts; at least ``CONFIG_SWITCHES`` of them,
    while they fit ``PAGE_TOKENS``, of a configuration of at most ``CONFIG_VALUES`` values.
    Nothing when an id of its own names the object (a user and its permissions: ``entity`` is
    what the operation reads) or it holds records."""
    if has_own_identity(tree, entity) or any(is_id_name(k) for k in tree if is_leaf(tree[k])):
        return ()
    if _values(tree, PAGE_DEPTH + 1) > CONFIG_VALUES:
        return ()
    found = _switches(tree, PAGE_DEPTH + 1)
    if not found or len(found) < CONFIG_SWITCHES:
        return ()
    if count_tokens(_rendered([(p, "boolean") for p in found])) > PAGE_TOKENS:
        return ()
    return tuple(found)
