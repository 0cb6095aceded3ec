"""A numbered series of members kept together (``defaults.choose_default_fields``, after its
table, beside ``pairs.py``).

Members of one object named alike but for a number (``Year1Pounds`` ... ``Year9Pounds``,
``Year1`` ... ``Year9``, ``q1_sales`` ... ``q4_sales``), at least ``MIN_MEMBERS`` of them, all
scalars, are one series: each is a value of the same quantity at another step. One of them kept
alone (``Header: {Year1}``) says a ninth of it, and a table whose rows are such a series beside
a name (``{ChemicalName, Year1Pounds, ...}``) kept by the name says none of its figures. So a
selection that keeps one member of a series keeps the whole series, and an object whose scalars
are mostly one series (at least half of them) keeps that series: it is what the object holds. A
series of more than ``MAX_MEMBERS`` (36 months of a compliance history, each row) is a history
too long to repeat in every row: it is left as the table chose. Not the lines of an address or a
text (``address1`` ... ``address4``: ``postal.py`` reads an address by its first two), which
are no values of one quantity."""

from __future__ import annotations

import re
from typing import Any

from .names import is_leaf
from .postal import STREET_WORDS
from .roles.noise import is_noise
from .roles.words import w
from .trees import node_at, unwrap

MIN_MEMBERS = 3  # a series has at least this many numbered members
MAX_MEMBERS = 12  # ... and at most this many (a year's months): a longer one is a history
_NUMBER = re.compile(r"\d+")
_LINE_WORDS = STREET_WORDS | {"text", "description", "note", "comment"}


def _series(node: dict[str, Any]) -> list[list[str]]:
    """The object's numbered series (module doc), each its members in the description's order."""
    groups: dict[str, list[str]] = {}
    numbers: dict[str, set[str]] = {}
    for key, sub in node.items():
        if not is_leaf(sub) or is_noise(key) or not _NUMBER.search(key):
            continue
        template = _NUMBER.sub("#", key)
        groups.setdefault(template, []).append(key)
        numbers.setdefault(template, set()).add(",".join(_NUMBER.findall(key)))
    return [
        keys
        for template, keys in groups.items()
        if MIN_MEMBERS <= len(numbers[template]) <= MAX_MEMBERS
        and not set(w(_NUMBER.sub("", template).replace("#", ""))) & _LINE_WORDS
    ]


def with_numbered(chosen: tuple[str, ...], tree: dict[str, Any]) -> tuple[str, ...]:
    """``chosen`` and the rest of each numbered series one of whose members it holds, and the
    object's own series when its scalars are mostly one (module doc)."""
    added: list[str] = []
    parents = {p.rpartition(".")[0] for p in chosen}
    for parent in sorted(parents):
        node = unwrap(node_at(tree, parent)) if parent else tree
        if not isinstance(node, dict):
            continue
        prefix = f"{parent}." if parent else ""
        kept = {p[len(prefix) :] for p in chosen if p.rpartition(".")[0] == parent}
        for keys in _series(node):
            if kept & set(keys):
                added += [prefix + k for k in keys]
    leaves = [k for k, v in tree.items() if is_leaf(v)]
    for keys in _series(tree):
        if 2 * len(keys) >= len(leaves):
            added += keys
    return chosen + tuple(p for p in dict.fromkeys(added) if p not in chosen)
