"""The time rows' candidates, ranks and step functions (``rules.STEPS``): when an object
changed and was made, a listed item's planned time, a time of another kind, times two objects
down with the person they are from (a signature), and a part's time with who it was by.

Moved from ``steps.py`` (the other rows'), unchanged; the same instant in another notation is
said once (``steps.restated``).
"""

from __future__ import annotations

from typing import Any

from .collections import is_meta_key
from .names import is_leaf
from .pages import on_page
from .picking import Field, Selection
from .roles.label import is_label, name_partner
from .roles.noise import is_noise
from .roles.people import is_person, is_person_node
from .roles.relation import first_person_paths
from .roles.time import (
    is_made, is_planned, is_time, of_picture, plan_rank, time_rank, time_words,
)  # fmt: skip
from .roles.words import w
from .steps import restated
from .table import Step
from .trees import node_at, unwrap


def _times(sel: Selection) -> list[Field]:
    """Its times, each instant once: not the same time in another notation beside it, nor
    when its picture changed (``photo_updated_at``: ``roles/time.py``)."""
    found = [f for f in sel.leaves if is_time(f.key, f.node) and not of_picture(f.key, sel.entity)]
    names = {(f.path.rpartition(".")[0], w(f.key)) for f in found}
    return [f for f in found if not restated(f, names)]


def recent_times(sel: Selection) -> list[Field]:
    """When it changed and when it was made (a list's item: also when it joined, was added,
    its own ``timestamp``: ``roles/time.py``)."""
    return [f for f in _times(sel) if time_rank(f.key) < 2 or sel.listed and is_made(f.key)]


def recent_key(f: Field, sel: Selection) -> Any:
    """Its own before a part's; one resource: updated before created; a list's item (its one
    time): when it was made before when it changed (``created_at``, a message's
    ``timestamp``, a member's ``joined_at``: what hand-written servers show in a list)."""
    if sel.listed:
        return (f.part, not is_made(f.key), time_rank(f.key))
    return (f.part, time_rank(f.key))


PLAN_WORDS_MAX = 2  # ``dueDate``; not a time of another thing (``InjuryStartDate``)


def planned_times(sel: Selection) -> list[Field]:
    """A listed item's own moment to come (``dueDate``, ``targetDate``, an event's
    ``start_time``: ``roles/time.is_planned``): what the items of a list are sorted and
    picked by beside when each came to be; not a part's, nor one qualified by another thing
    it is a time of (``InjuryStartDate``, ``construction_start_date``)."""
    if not sel.listed:
        return []
    return [
        f for f in _times(sel)
        if not f.part and is_planned(f.key, f.node) and len(time_words(f.key)) <= PLAN_WORDS_MAX
    ]  # fmt: skip


def plan_key(f: Field, sel: Selection) -> Any:
    return plan_rank(f.key)


def take_planned(sel: Selection, row: Step) -> int:
    """The most telling planned time, whatever the budget and costing none of it: it is added
    beside what the item keeps, never in the place of its relation or flags (an event's
    ``startDate`` beside its place)."""
    found = row.ranked(sel)[: row.limit(sel.profile)]
    left = sel.pick.left
    taken = sum(sel.pick.add(f.path, row.records, force=True) for f in found)
    sel.pick.left = left
    return taken


def happened(sel: Selection) -> list[Field]:
    """A time of another kind (when it happened: a message's ``ts``; due, closed, published)."""
    return [f for f in _times(sel) if time_rank(f.key) == 2]


def time_key(f: Field, sel: Selection) -> Any:
    return (f.part, time_rank(f.key))


def deeper_times(sel: Selection) -> list[Field]:
    """Times two objects down (``commit.author.date``, ``commit.committer.date``): an item's,
    and one resource's through its parts; not through a list inside it (a list's elements are
    its lists' business: ``take_lists``; ``_deeper_times``)."""
    return _deeper_times(sel.tree)


def take_signed(sel: Selection, row: Step) -> int:
    """A date deeper down, with the name of the person it is from (a signature); on a page,
    each other signature of the same part with it (a commit's committer beside its author:
    who wrote it, who committed it, and when)."""
    found = row.ranked(sel)
    taken = sel.take(found, row.records, row.limit(sel.profile), row.path)
    if taken:
        first = next(f for f in found if f.path in sel.pick.chosen)
        if _signature_name(sel, first) and on_page(sel.item, sel.kind):
            holder = first.path.rpartition(".")[0]
            signed = {holder}  # one date of each person
            part = holder.rpartition(".")[0]
            for f in found:
                holder = f.path.rpartition(".")[0]
                if holder not in signed and holder.rpartition(".")[0] == part:
                    if _signature_name(sel, f):
                        signed.add(holder)
                        sel.pick.add(f.path, row.records, force=True, cost=3)
    return taken


# ------------------------------------------------------------------------------ helpers


def _signature_name(sel: Selection, time: Field) -> bool:
    """A date taken from a person two objects down (git's ``commit.author: {name, email,
    date}``) comes with that person's name: who and when, a signature (on a page with the
    email, git's ``Name <email>``); the name of a part of the person when it has none of its
    own (``author: {identity: {name, email}, when}``). Whether the date was a person's."""
    holder = time.path.rpartition(".")[0]
    top, _, key = holder.partition(".")
    part = unwrap(sel.tree.get(top))
    node = unwrap(part.get(key)) if isinstance(part, dict) else None
    if not is_person(key) or not isinstance(node, dict):
        return False
    names = _names(node)
    for sub_key, sub in node.items() if not names else ():  # who it is said by a part of it
        inner = sub if isinstance(sub, dict) else None  # (``{identity: {name, email}, when}``)
        if inner is not None and _names(inner):
            holder, node, names = f"{holder}.{sub_key}", inner, _names(inner)
            break
    if names:
        sel.pick.add(f"{holder}.{names[0]}", "person", cost=3)
        if on_page(sel.item, sel.kind):
            emails = [k for k in node if is_leaf(node[k]) and w(k)[-1] == "email"]
            for k in emails[:1]:
                sel.pick.add(f"{holder}.{k}", "person", force=True, cost=3)
    return True


def _names(node: dict[str, Any]) -> list[str]:
    """A person's own name members (``name``, ``display_name``)."""
    return [k for k in node if is_leaf(node[k]) and is_label(k) and w(k)[-1] == "name"]


def _deeper_times(tree: dict[str, Any]) -> list[Field]:
    """Times two objects down (``commit.author.date``, ``commit.committer.date``); not a
    person's own (``user.usage.joined_at`` says when they joined, not when this happened),
    nor an element's of a list, on a write's record too (``data.intervals[].end``, a change
    request's ``to.items[].preSaleDate``: one of many says nothing of when the item, the
    record or the page was)."""
    found: list[Field] = []
    for key, sub in tree.items():
        if isinstance(sub, list):
            continue
        sub = unwrap(sub)
        if not isinstance(sub, dict) or is_noise(key) or is_meta_key(key):
            continue
        if is_person_node(key, sub):
            continue
        for key2, sub2 in sub.items():
            if isinstance(sub2, dict) and not is_noise(key2):
                found += [
                    Field(f"{key}.{key2}.{k}", k, v, True)
                    for k, v in sub2.items()
                    if is_leaf(v) and is_time(k, v)
                ]
    return found


def who_with_when(sel: Selection) -> None:
    """A time taken from a part that names its people (``last_message: {timestamp, author}``),
    however deep the part sits (``thread.first_message``), comes with the first of them,
    reduced to who it is: when, and by whom; a name written in parts (``profile:
    {first_name, last_name}``) whole."""
    for path, role in list(zip(sel.pick.chosen, sel.pick.roles)):
        holder, _, _ = path.rpartition(".")
        if not holder or role != "time":
            continue
        part = unwrap(node_at(sel.tree, holder))
        if not isinstance(part, dict):
            continue
        who = first_person_paths(part, holder)
        if who:
            sel.pick.add(who[0], "person", cost=2)
            if len(who) > 1 and name_partner(
                who[0].rsplit(".", 1)[-1], [who[1].rsplit(".", 1)[-1]]
            ):
                sel.pick.add(who[1], "person", cost=2)


def other_time_key(f: Field, sel: Selection) -> Any:
    """One resource's other times: its own before a part's, a time of the thing itself (one
    or two words: ``due_date``, ``closed_at``, ``archivedAt``) before one qualified by
    another thing it happened with (``addedToCycleAt``, ``autoArchivedAt``)."""
    return (f.part, len(w(f.key)) > 2)


def take_other_times(sel: Selection, row: Step) -> int:
    """One resource: more times of another kind (due, closed, published): its slot of times
    less the one the time row took: one, and on its page (``pages.PAGE``) as many as its
    profile's times allow; none on a write's answer (no slot)."""
    return sel.take(row.ranked(sel), row.records, max(row.limit(sel.profile) - 1, 0), row.path)
