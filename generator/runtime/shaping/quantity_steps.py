"""The money and count rows' candidates, ranks and step functions (``rules.STEPS``;
``steps.py`` has the other roles'): amounts (before text and times), else one held with its
currency in an object, then the currency beside an amount; counts, with the same quantity in
a sibling part beside one taken and the shares of a part's quantity read with it.
"""

from __future__ import annotations

from typing import Any

from .collections import is_meta_key
from .names import is_leaf
from .picking import Field, Selection
from .roles.quantity import (
    currency_order,
    is_amount,
    is_count,
    is_currency,
    money_rank,
    is_unit_setting,
    money_pair,
    numbers_only,
)
from .roles.time import (
    is_time, pictures,
)  # fmt: skip
from .roles.words import w
from .table import Step

WRAPPER_LEAVES = 2  # scalars beside a list in a part that is that list's wrapper
LENGTHS = frozenset({"count", "total"})  # a name that says it counts something


# ------------------------------------------------------------------------------ money


def amounts(sel: Selection) -> list[Field]:
    keys = [f.key for f in sel.own_leaves]
    return [f for f in sel.own_leaves if is_amount(f.key, f.node, keys)]


def bare_first(f: Field, sel: Selection) -> Any:
    """``total`` before ``sub_total``, ``total_amount_cents`` before ``fees_amount_cents``
    (``roles/quantity.money_rank``)."""
    return money_rank(f.key)


def money_objects(sel: Selection) -> list[Field]:
    """An amount with its currency in one object: ``balance: {amount, currency}``."""
    return [f for f in sel.objects if not f.part and money_pair(f.key, f.node) is not None]


def take_money_pair(sel: Selection, row: Step) -> int:
    for f in row.ranked(sel):
        pair = money_pair(f.key, f.node)
        if pair is not None and sel.pick.add(f"{f.path}.{pair[0]}", row.records):
            sel.pick.add(f"{f.path}.{pair[1]}", row.records, force=True, cost=2)
            return 1
    return 0


def _amounts_taken(sel: Selection) -> list[str]:
    """The object's own amounts that were taken, as money or as what names it (a posting
    nothing else names, ``{amount, asset, source, destination}``, is said by its amount)."""
    keys = [f.key for f in sel.own_leaves]
    own = {f.path: f for f in sel.own_leaves}
    return [
        p
        for p, r in zip(sel.pick.chosen, sel.pick.roles)
        if p in own and (r == "money" or is_amount(own[p].key, own[p].node, keys))
    ]


def currencies(sel: Selection) -> list[Field]:
    """The currency beside an amount of its own that was taken."""
    if not _amounts_taken(sel):
        return []
    return [f for f in sel.own_leaves if is_currency(f.key)]


def currency_key(f: Field, sel: Selection) -> Any:
    """The currency of the amount taken first (``roles/quantity.currency_order``)."""
    taken = _amounts_taken(sel)
    return currency_order(f.key, taken[0].rsplit(".", 1)[-1] if taken else None)


# ------------------------------------------------------------------------------ counts


def counts(sel: Selection) -> list[Field]:
    """Counts and quantities: its own, then a part's (``status.replicas``, a wrapped figure
    such as ``followers.total``), not its metadata's (``metadata.deletionGracePeriodSeconds``);
    one resource also a small object of numbers only (``stats: {additions, deletions,
    total}``)."""
    found = [
        f for f in sel.leaves
        if is_count(f.key, f.node) and not is_time(f.key, f.node)
        and not (f.part and _not_a_quantity_part(sel, f))
    ]  # fmt: skip
    if not sel.item:
        found += [f for f in sel.objects if not f.part and numbers_only(f.node)]
    return found


def count_key(f: Field, sel: Selection) -> Any:
    """Scalars first: its own before a part's, the bare quantity (``replicas``) before the
    qualified ones that count a share of it (``updatedReplicas``), before a unit setting;
    then small objects of numbers, in order."""
    if isinstance(f.node, dict):
        return (1,)
    return (0, f.part, _qualifies_another(f, sel.leaves), is_unit_setting(f.key))


def take_counts(sel: Selection, row: Step) -> int:
    """The ranked counts, and beside a part's quantity the same quantity in its sibling
    parts: the desired next to the observed, and the reverse."""
    found = row.ranked(sel)
    before = set(sel.pick.chosen)
    taken = sel.take(found, row.records, row.limit(sel.profile), row.path)
    for f in found:
        if f.part and f.path in sel.pick.chosen and f.path not in before:
            for g in _same_quantity_elsewhere(f, sel.leaves):
                sel.pick.add(g.path, row.records)
            for g in _shares_of(f, found)[:SHARES]:
                sel.pick.add(g.path, row.records)
    return taken


SHARES = 4  # the shares of a part's quantity read with it (``_shares_of``): at most this many


def _shares_of(f: Field, counts: list[Field]) -> list[Field]:
    """Beside a part's bare quantity (``status.replicas``), the counts in the same part that
    say in one word which share of it they count (``readyReplicas``, ``availableReplicas``,
    ``updatedReplicas``): how many of them are ready is what the quantity is read for (3 of 3
    ready). Not a quantity qualified by more words (``maxUnavailableReplicas``), nor the
    complement of another share (``unavailableReplicas`` beside ``availableReplicas``)."""
    words, parent = w(f.key), f.path.rpartition(".")[0]
    if len(words) != 1:
        return []
    shares = [
        g for g in counts
        if g is not f and isinstance(g.node, str) and g.path.rpartition(".")[0] == parent
        and len(w(g.key)) == 2 and w(g.key)[-1] == words[0]
    ]  # fmt: skip
    said = {w(g.key)[0] for g in shares}
    return [g for g in shares if not _complement(w(g.key)[0], said)]


def _complement(word: str, said: set[str]) -> bool:
    """``unavailable`` beside ``available``: the quantity less the other share, said by it."""
    return any(word in (f"un{o}", f"non{o}", f"not{o}", f"in{o}") for o in said)


def _same_quantity_elsewhere(f: Field, leaves: list[Field]) -> list[Field]:
    """The quantity of ``f`` (``spec.replicas``) in its sibling parts (``status.replicas``):
    what was asked for and what is, read together."""
    parent = f.path.rpartition(".")[0]
    return [
        g
        for g in leaves
        if g.part
        and g is not f
        and g.key == f.key
        and g.path.rpartition(".")[0] != parent
        and g.path.count(".") == f.path.count(".")
    ]


def _qualifies_another(f: Field, leaves: list[Field]) -> bool:
    """``updatedReplicas`` beside ``replicas`` in the same object: a share of that quantity."""
    words, parent = w(f.key), f.path.rpartition(".")[0]
    return len(words) > 1 and any(
        g is not f and w(g.key) == words[-1:] and g.path.rpartition(".")[0] == parent
        for g in leaves
    )


def _not_a_quantity_part(sel: Selection, f: Field) -> bool:
    """A count that is not the object's quantity: in its metadata
    (``metadata.deletionGracePeriodSeconds``), or the length of a list beside it in its part
    (a nested list's wrapper with at most ``WRAPPER_LEAVES`` scalars: ``labels: {totalCount,
    nodes: [...]}``; a ``...Count`` beside a list: ``sharedWithCount``). A status with its
    conditions and many quantities (``status.replicas``) is a part like any other; nor is a
    picture's size (``image.tileSize``, ``coverPhoto.width``): how it renders."""
    top = f.path.split(".", 1)[0]
    part = sel.tree.get(top)
    if is_meta_key(top) or pictures(w(top), sel.entity):
        return True
    if not isinstance(part, dict) or not any(isinstance(v, list) for v in part.values()):
        return False
    return sum(is_leaf(v) for v in part.values()) <= WRAPPER_LEAVES or w(f.key)[-1] in LENGTHS
