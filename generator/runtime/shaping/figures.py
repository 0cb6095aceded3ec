"""Figures, series and tables (``defaults.choose_default_fields`` runs these after its table).

An object keyed by the things it relates keeps its few figures of its own (``own_figures``);
one resource's page of figures, a ticker, keeps all of them (``figures_page``); an object
nothing identifies whose members are mostly named lists of scalars (address ranges per
service) keeps all of them (``named_lists``, ``held_by_ids``); lists a third or more of the
members are series (``data_series``); one resource keeps its tables of figures, records of at
most ``FIGURES`` numbers (ratings per variant: ``tables``).
"""

from __future__ import annotations

from typing import Any

from .names import base_type, is_leaf
from .picking import Picker
from .roles.identity import (
    has_own_identity, is_id_name, initialled_id,
)  # fmt: skip
from .roles.kinds import is_kind
from .roles.label import is_label
from .roles.noise import is_noise
from .roles.people import is_person
from .roles.quantity import BIT_FIELDS, LIMIT_WORDS, is_currency
from .roles.time import is_time
from .roles.words import w
from .write_answers import (
    open_leaf, own_values,
)  # fmt: skip
from .trees import alike, unwrap

FIGURES = 8  # a record of at most this many numbers is a row of a table of figures


def is_series(node: Any) -> bool:
    """A list of scalars or of lists of scalars (``points: [[2024, 1, 5, 1500], ...]``): the
    data of a small object that names it (``{name, points}``), kept with its name."""
    if not isinstance(node, list):
        return False
    inner = unwrap(node)
    return is_leaf(inner) and inner is not None and not open_leaf(inner)


# An object keyed by the things it relates holds at most this many figures of its own.
OWN_FIGURES = 2


def own_figures(tree: dict[str, Any], pick: Picker) -> None:
    """An object with nothing of its own but a figure or two beside the objects it relates (a
    tax rate per country and class: ``{country: {code}, taxClass: {id, name}, rate}``; stock
    per product and warehouse): those objects are its key, the figures what it says, whatever
    they are called."""
    own = own_values(tree)
    if (
        not own
        or len(own) > OWN_FIGURES
        or has_own_identity(tree)
        or not any(isinstance(unwrap(v), dict) for v in tree.values())
        or not all(base_type(tree[k]) in ("integer", "number") for k in own)
    ):
        return
    for key in own:
        pick.add(key, "state", force=True)


FIGURES_SHARE = 2 / 3  # a record of figures: this share of what it says or more are figures


PAGE_FIGURES = (4, 24)  # one resource's page: at least this many figures, at most this many


def _figure(key: str) -> bool:
    """A number that says what the record holds: not a bit field (``public_flags``) nor a
    limit (``max_members``, ``rate_limit``): settings (``roles/quantity.is_count``)."""
    ws = w(key)
    limit = (len(ws) > 1 and ws[0] in LIMIT_WORDS) or ws[-1] in ("limit", "limits", "quota")
    return ws[-1] not in BIT_FIELDS and not limit


def figures_page(tree: dict[str, Any], pick: Picker) -> None:
    """One resource's page that is a record of figures (a market ticker: ``{symbol,
    priceChange, openPrice, highPrice, lowPrice, lastPrice, volume, ..., openTime, count}``):
    numbers, or numbers written as strings, are two thirds or more of what it says (its own
    scalars but its identity, labels, times, currency and kinds): its figures are what it
    answers, all of them (``PAGE_FIGURES``), not the profile's few counts. (A list's item
    stays lean: a player's hundred season statistics are not all defaults.)"""
    said = [
        k for k, v in tree.items()
        if is_leaf(v) and v is not None and not is_noise(k) and not is_id_name(k)
        and not is_label(k) and not is_time(k, v) and not is_currency(k) and not is_kind(k)
    ]  # fmt: skip
    figures = [k for k in said if base_type(tree[k]) in ("integer", "number") and _figure(k)]
    least, most = PAGE_FIGURES
    if not least <= len(figures) <= most or len(figures) < FIGURES_SHARE * len(said):
        return
    for key in figures:
        pick.add(key, "count", force=True)


def named_lists(tree: dict[str, Any], pick: Picker, item: bool = False) -> None:
    """An object nothing identifies or names whose members are mostly named lists of scalars
    (address ranges per service: ``{hooks: [...], web: [...], api: [...]}``, also one level
    down, ``services: {api: [...], web: [...]}``): the lists are what it holds, all of them.
    Not the parts of a read's list item (``item``; a job's ``hadoopJob: {args: [...],
    fileUris: [...]}``): they are for its page."""
    if has_own_identity(tree) or any(is_label(k) and is_leaf(v) for k, v in tree.items()):
        _lists_it_holds(tree, pick)
        return
    parts = [] if item else [(f"{k}.", v) for k, v in tree.items() if isinstance(v, dict)]
    scopes = [("", tree)] + parts
    for prefix, scope in scopes:
        lists = [k for k, v in scope.items() if is_series(v) and not is_noise(k)]
        if len(lists) >= 2 and 2 * len(lists) >= len(scope):
            for key in lists:
                pick.add(prefix + key, "list", force=True)


HELD_LISTS = 3  # an identified object with at least this many named lists of numbers


def _lists_it_holds(tree: dict[str, Any], pick: Picker) -> None:
    """An identified object most of whose members are named lists of numbers (a tag's detail:
    ``{id, label, seriesIds: [...], indexerIds: [...], notificationIds: [...], ...}``, what
    uses it): the lists are what it answers, all of them."""
    lists = [
        k
        for k, v in tree.items()
        if is_series(v) and not is_noise(k) and base_type(unwrap(v)) in ("integer", "number")
    ]
    if len(lists) >= HELD_LISTS and 2 * len(lists) >= len(tree):
        for key in lists:
            pick.add(key, "list", force=True)


def held_by_ids(tree: dict[str, Any], pick: Picker) -> None:
    """A record whose own scalars are only ids (its own and what it links: a role assignment's
    ``{_id, rid, u: {...}, roles: ["moderator"]}``), with no label, state, time or text of its
    own: its lists of scalars (not of ids) are what it holds, beside the part that says whom
    it concerns."""
    own = [(k, v) for k, v in tree.items() if is_leaf(v)]
    if not own or not all(is_id_name(k) or initialled_id(k) for k, _ in own):
        return
    for key, node in tree.items():
        if is_series(node) and not is_noise(key) and not is_id_name(key.rstrip("sS")):
            pick.add(key, "list", force=True)


def is_data_series(key: str, node: Any) -> bool:
    """A list of numbers or of arrays (``values: [3.2, 4.1]``, ``points: [[2024, 1, 5, 1500],
    ...]``): data, unlike a list of ids (``member_ids``) or of names."""
    if not isinstance(node, list) or is_noise(key) or is_id_name(key.rstrip("sS")):
        return False
    inner = unwrap(node)
    if not is_leaf(inner) or inner is None:
        return False
    nested = isinstance(node[0], list) if node else False
    return nested or base_type(inner) in ("integer", "number")


def data_series(tree: dict[str, Any], pick: Picker) -> None:
    """An object whose lists of scalars (its series and their axes, ``timestamps``) are a
    third or more of its members (``{metric, unit, interval, timestamps: [...], values:
    [...]}``, a rating history's ``{name, points}``): its series (``is_data_series``) are what
    it answers, all of them, however lean the profile."""
    series = [k for k, v in tree.items() if is_data_series(k, v)]
    lists = sum(isinstance(v, list) and is_leaf(unwrap(v)) for v in tree.values())  # their axes
    scalars = sum(is_leaf(v) for v in tree.values())
    if series and 2 * lists >= scalars:
        for key in series:
            pick.add(key, "list", force=True)


def tables(tree: dict[str, Any], pick: Picker, read: bool) -> None:
    """One resource's table of figures: a member mapping names to small records of one
    schema that hold numbers only (ratings per game variant: ``perfs: {blitz: {games, rating,
    rd}, bullet: {...}}``; usage per period) is what a person reads on its page: kept whole.
    A read's object whose own members are such records side by side (statistics per
    measure) is that table itself (a write's answer stays lean: the caller sent them)."""
    for key, sub in tree.items():
        if not isinstance(sub, dict) or len(sub) < 2 or is_noise(key) or is_person(key):
            continue
        rows = list(sub.values())
        first = rows[0]
        if not isinstance(first, dict) or not 2 <= len(first) <= 6:
            continue
        numeric = all(base_type(v) in ("integer", "number", "boolean") for v in first.values())
        if numeric and all(row == first for row in rows[1:]):
            pick.add(key, "count", force=True)
    # the object itself as the table: its members are such records, side by side (statistics
    # per measure: ``{dom: {mean, median}, price_stats: {mean, median}}``)
    if not read:
        return
    records = [k for k, v in tree.items() if _figures(v) and not is_person(k)]
    for key in records:
        if any(alike(tree[key], tree[other]) for other in records if other != key):
            pick.add(key, "count", force=True)


def _figures(node: Any) -> bool:
    """A small record of numbers only (``{mean, median, variance}``)."""
    return (
        isinstance(node, dict)
        and 2 <= len(node) <= FIGURES
        and all(base_type(v) in ("integer", "number") for v in node.values())
    )
