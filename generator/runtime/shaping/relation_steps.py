"""The choosing steps of what an object relates to, in the order ``defaults.py`` runs them:

- people: reduced to a handle, else a name, an email and an id (``roles/relation.py``);
- relations: other objects by their label or key with their id (what a call about them takes),
  by name before an opaque id, what it belongs to (``team``, ``parent``: one word) before a
  relation qualified by what it is for (``inheritedFrom``, ``convertedFromIssue``); a list
  item's by name only; one resource also takes a list of scalars (``topics``);
- lists inside one object (``roles/`` has no module of its own for them: they are parts): each
  element reduced to its identity, label and state, an element said by its text with its text;
  elements named only by a link or an opaque id show their own lean defaults when those say a
  name, a state, a text or an amount. A *container* (no identity or label of its own or in its
  parts: ``{available: [...], pending: [...]}``) keeps every list of objects it holds; so does
  a *report*: an object of a few scalars around its one list of records (``{team, start, end,
  logs: [...]}``): the list is what it holds, each record by its identity and lean defaults.
"""

from __future__ import annotations


from .kinds import WRITE_KINDS
from .names import base_type, is_leaf
from .picking import VALUE_TOKENS, Selection, own_path
from .roles.content import is_content
from .roles.identity import has_id, is_id_name, is_natural_key, own_identity_key
from .roles.label import (
    NOT_OWN,
    is_label,
)
from .roles.links import is_url
from .roles.noise import is_noise
from .roles.people import handle, is_person, person_rank
from .roles.quantity import is_money
from .roles.relation import nested_identity, person_paths, readable, reduce
from .roles.state import is_state, state_rank
from .roles.words import leaf_keys, w
from .trees import unwrap


def take_people(sel: Selection) -> None:
    people = sorted(  # a person sent as null is no person (a tree read from a value)
        (
            f for f in sel.fields
            if is_person(f.key) and not f.part and base_type(f.node) != "null"
        ),
        key=lambda f: person_rank(f.key),  # ``user`` before ``assignee``, ``triggering_actor``
    )  # fmt: skip
    taken = 0
    for f in people:  # an email is an address, not a name: the person's name comes with it
        if taken >= sel.profile.people or f.path in sel.pick.used:
            continue
        paths = person_paths(f)
        if paths and sel.pick.add(paths[0], "person"):
            taken += 1
            for extra in paths[1:]:  # a write's answer: the caller by name, not by its id
                if sel.kind in WRITE_KINDS and own_identity_key(extra.rsplit(".", 1)[-1]):
                    continue
                sel.pick.add(extra, "person", force=True, cost=2)


def take_relations(sel: Selection) -> None:
    """Related objects by name before an opaque id (a list's items: by name only), with their
    own id next to the name (what a call about them takes); one resource also takes a list of
    scalars (``topics``), not of ids."""
    item = sel.item
    relations = [
        f for f in sel.leaves + sel.objects
        if not f.part and not is_person(f.key) and w(f.key)[0] not in NOT_OWN
        and (is_id_name(f.key) and base_type(f.node) != "null" if is_leaf(f.node)
             else has_id(f.node) or readable(nested_identity(f.node)))
    ]  # fmt: skip
    # by name (``milestone.title``) before an opaque id; a list's items: by name only
    named = [readable(reduce(f)) for f in relations]
    relations = [f for f, r in zip(relations, named) if r] + [
        f for f, r in zip(relations, named) if not r and not item
    ]
    # what it belongs to (``team``, ``project``, ``parent``) before a qualified relation
    # (``defaultIssueState``, ``inheritedFrom``, ``convertedFromIssue``)
    relations.sort(key=lambda f: len(w(f.key)) > 1)
    taken = 0
    for f in relations:
        if taken >= sel.profile.relations:
            break
        if f.path.split(".", 1)[0] in sel.pick.used or not sel.pick.add(reduce(f), "relation"):
            continue
        taken += 1
        inner = unwrap(f.node)  # read by its name, acted on by its id (``team.id``)
        ids = (
            [k for k in leaf_keys(inner) if own_identity_key(k)] if isinstance(inner, dict) else []
        )
        if ids:
            sel.pick.add(f"{f.path}.{ids[0]}", "relation", force=True, cost=2)
    if not item:
        scalar_lists = [
            f for f in sel.arrays
            if is_leaf(unwrap(f.node)) and not f.part and not is_id_name(f.key.rstrip("sS"))
        ]  # fmt: skip
        sel.take(scalar_lists, "relation", 1, own_path)


def is_container(sel: Selection) -> bool:
    """No identity or label of its own or in its parts: ``{available: [...], pending: [...]}``."""
    tree = sel.tree
    return not sel.item and not any(
        is_id_name(k) or is_natural_key(k) or is_label(k)
        for sub in [tree, *(v for v in tree.values() if isinstance(v, dict))]
        for k in leaf_keys(sub)
    )


REPORT_SCALARS = 4  # a report's own scalars (its subject and span) around its one list


def is_report(sel: Selection, lists: list) -> bool:
    """A few scalars of its own around its one list of records, nothing else of substance:
    the list is what the object holds (``{teamSlug, start, end, userLogs: [...]}``)."""
    return (
        not sel.item
        and len(lists) == 1
        and len(sel.own_leaves) <= REPORT_SCALARS
        and not any(not f.part for f in sel.objects)  # ``fields`` has no noise
    )


def take_lists(sel: Selection) -> None:

    pick = sel.pick
    lists = [f for f in sel.arrays if isinstance(unwrap(f.node), dict) and not f.part]
    container = is_container(sel) or is_report(sel, lists)
    taken = 0
    for f in lists:
        if (taken >= sel.profile.lists and not container) or f.path in pick.used:
            continue
        element = unwrap(f.node)
        ident = (handle(element) if is_person(f.key) else None) or nested_identity(element)
        by_link = ident is not None and (is_url(ident, None) or is_noise(ident.rsplit(".", 1)[-1]))
        if by_link and not container:
            continue  # elements named only by a link: not worth a default slot
        opaque = ident is not None and not readable(ident)  # ``reactions.id``: says nothing
        if ident is None or by_link or opaque:  # the element's own lean defaults, if they say
            # a name, a state, a text or an amount
            own = [
                p for p in sel.choose_item(element)
                if not is_url(p.rsplit(".", 1)[-1], None) or container
            ][:3]  # fmt: skip
            said = [p.rsplit(".", 1)[-1] for p in own]
            if not own or not (
                container
                or any(is_state(k) or is_content(k) or is_money(k, "number") for k in said)
            ):
                continue  # elements with no name, state, text or amount (sizes): not a default
            if pick.add(f"{f.path}.{own[0]}", "list", force=container):
                taken += 1
                for extra in own[1:]:
                    pick.add(f"{f.path}.{extra}", "state", force=True, cost=1)
            continue
        paths = [f"{f.path}.{ident}"]
        if is_person(f.key) and not readable(ident) and not container:
            continue
        states = sorted((k for k in leaf_keys(element) if is_state(k)), key=state_rank)
        paths += [f"{f.path}.{k}" for k in states[:1] if k != ident]
        if not is_label(ident.rsplit(".", 1)[-1]):  # an element said by its text (an error's
            # message, a note): its text too, not only its code
            texts = [k for k in leaf_keys(element) if is_content(k) and k != ident]
            paths += [f"{f.path}.{k}" for k in texts[:1]]
        cost = sum((len(p) + 3) // 4 for p in paths) + VALUE_TOKENS["list"]
        if pick.add(paths[0], "list", cost=cost, force=container):
            taken += 1
            for extra in paths[1:]:
                pick.add(extra, "state", force=True, cost=1)
