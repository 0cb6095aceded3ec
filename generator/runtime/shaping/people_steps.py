"""The people rows' candidates, rank and step functions (``rules.STEPS``): a person
reduced to a handle (on a page, with its id), else a name, an email and an id
(``roles/relation.py``); not the caller a write answers to; a person's own page by its handle
and whole names. ``relation_steps.py`` has the relations', ``list_steps.py`` the lists'.
"""

from __future__ import annotations

from typing import Any

from .kinds import WRITE_KINDS
from .pages import on_page
from .names import base_type, is_leaf
from .picking import Field, Selection
from .roles.content import is_content
from .roles.identity import own_identity_key
from .roles.label import (
    is_label,
    named_in_parts,
)
from .roles.links import human_url_rank, is_human_url, is_url
from .roles.noise import is_noise
from .roles.people import (
    handle,
    is_person,
    is_person_member,
    made_it,
    nested_handle,
    person_rank,
    says_who,
)
from .roles.relation import (
    person_paths,
)  # fmt: skip
from .roles.words import leaf_keys, w
from .list_steps import own_states, written_record_ids
from .table import Step
from .trees import unwrap


def people(sel: Selection) -> list[Field]:
    """People of its own (``roles/people.is_person_member``); of an object that is no person
    itself (no handle of its own, not named as one), also a member holding a person's name in
    its two parts (a ride's ``passenger: {first_name, last_name, rating}``, a payment's
    ``billingAddress``; a user's own ``name: {givenName, familyName}`` is its name)."""
    person = handle(sel.tree) is not None or bool(sel.entity and is_person("_".join(sel.entity)))
    return [
        f
        for f in sel.fields
        if not f.part
        and (
            is_person_member(f.key, f.node)
            or (not person and isinstance(unwrap(f.node), dict) and named_in_parts(unwrap(f.node)))
        )
    ]


def person_key(f: Field, sel: Selection) -> Any:
    """``user`` before ``assignee`` before ``creator``, before ``triggering_actor``; of one
    rank, a person before a string named as one (a fair's ``organizer: {name}`` before its
    ``contact`` text); a flag named for one (``isOwner``: whether the caller owns it) after
    every person, whose place it never takes."""
    return (base_type(f.node) == "boolean", *person_rank(f.key), is_leaf(f.node))


def _who(f: Field) -> str | None:
    """The path of the member of the person ``f`` that says who it is, if it has one."""
    inner = unwrap(f.node)
    if not isinstance(inner, dict):
        return None
    found = [k for k in leaf_keys(inner) if says_who(k)]
    return f"{f.path}.{found[0]}" if found else None


def _the_caller(sel: Selection, f: Field) -> bool:
    """On a create's or an update's answer (one resource, not a list's item) named by a label
    or a text of its own, the person whose words or doing the record is (``user``,
    ``author``, ``sender``, ``creator``, ``created_by``: ``roles/people.made_it``; beside a
    text alone, a related object with an id of its own): the caller who wrote it, or who it was by before the call,
    which did not change it; not who has it or who it is for (``assignee``, ``owner``,
    ``recipient``), which a write may set."""
    if sel.kind not in ("create", "update") or sel.item or not made_it(f.key):
        return False
    person = unwrap(f.node)
    if not isinstance(person, dict):
        return False
    own = [o.key for o in sel.own_leaves if base_type(o.node) == "string"]
    if any(is_label(k) for k in own):
        return True  # ``title`` names it
    # named by its text alone: a person with no id of its own is a part whose name is the
    # record's (``author: {displayName}`` of a reply, ``invariants.py``), not the caller
    return any(is_content(k) for k in own) and any(own_identity_key(k) for k in leaf_keys(person))


def caller_left_out(sel: Selection) -> bool:
    """A person of the answer was left out as the caller who made it (``_the_caller``)."""
    return any(_the_caller(sel, f) for f in people(sel))


def take_people(sel: Selection, row: Step) -> int:
    """Each person reduced to a handle, else a name (an email is an address, not a name: the
    person's name comes with it), up to the slot; on a write's answer (a receipt) by that one
    handle or name alone, not its address, id or the time a signature was signed."""
    taken = 0
    for f in row.ranked(sel):
        if taken >= row.limit(sel.profile) or _said(sel, f.path):
            continue
        if _the_caller(sel, f):  # left out, in its slot: no other person takes its place
            taken += 1
            continue
        paths = person_paths(f)
        if paths and sel.pick.add(paths[0], row.records):
            taken += 1
            if sel.kind in WRITE_KINDS:  # a write's receipt: who, by one handle or name (no
                # address, id or time); when the first member kept does not say who (an
                # email, a job title), the first that does comes with it
                if not says_who(paths[0]):
                    said = next((p for p in paths[1:] if says_who(p)), None) or _who(f)
                    if said is not None:
                        sel.pick.add(said, row.records, force=True, cost=2)
                for extra in _written_people(f, paths[0]):
                    sel.pick.add(extra, "state", force=True, cost=1)
                continue
            for extra in paths[1:] + _page_id(sel, f, paths):
                sel.pick.add(extra, row.records, force=True, cost=2)
            for link in _own_page(sel, f):
                sel.pick.add(link, row.records, force=True, cost=2)
    return taken


def _written_people(f: Field, said: str) -> list[str]:
    """A write's list of people that are records of the resource, each with a state of its
    own (a room's ``participants: [{id, status, player: {...}}]``): each keeps the id the
    server gave it and where it stands beside who it is (``take_lists`` keeps a write's
    records so): the next call takes the id, the state says who is in. Not a list of people
    with no state (``assignees``: who, by a handle), nor one person."""
    element = unwrap(f.node)
    if not isinstance(f.node, list) or not isinstance(element, dict):
        return []
    states = own_states(element)
    if not states:
        return []
    ident = said[len(f.path) + 1 :]
    paths = [*written_record_ids(f.key, element, ident), states[0]]
    return [f"{f.path}.{k}" for k in paths if k != ident]


def _own_page(sel: Selection, f: Field) -> list[str]:
    """On one resource's page (not a list's item, nor a write's receipt), a person keeps its
    own page (``user.html_url``, ``author.web_url``, ``profile.permalink``) beside who it is:
    the page shows each name as a link to that person's page. Not an API link (``url``), a
    sharing copy (``public_url``) nor a picture (``avatar_url``: noise)."""
    inner = unwrap(f.node)
    if not on_page(sel.item, sel.kind) or not isinstance(inner, dict):
        return []
    links = [
        k
        for k in leaf_keys(inner)
        if is_url(k, inner[k]) and is_human_url(k) and human_url_rank(k) == 0 and not is_noise(k)
    ]
    return [f"{f.path}.{k}" for k in links[:1]]


def _page_id(sel: Selection, f: Field, paths: list[str]) -> list[str]:
    """On one resource's page and on a list's item of a read or a search, a person said by a
    handle keeps its own id beside it (``user: {login, id}``, a message's ``author: {username,
    id}``): what a call about them takes, which hand-written servers show in their lists too
    (issue 33); a write's receipt stays with the handle."""
    inner = unwrap(f.node)
    if not (on_page(sel.item, sel.kind) or sel.listed) or not isinstance(inner, dict):
        return []
    ids = [k for k in leaf_keys(inner) if own_identity_key(k)][:1]
    return [f"{f.path}.{k}" for k in ids if f"{f.path}.{k}" not in paths]


# a whole name an object holds of its own, which says who it is (not a name in parts)
WHOLE_NAMES = frozenset({("name",), ("full", "name"), ("display", "name")})


def take_own_handle(sel: Selection, row: Step) -> int:
    """An object that is a person (its entity a role noun: ``/users/{id}``, a membership's
    ``member``) and holds no handle of its own is said by the handle one of its parts holds
    (``persona.identity.username``), as a person of an object is (``take_people``); a
    headline or a first name beside it does not say who it is; a whole name of its own
    (``name``, ``displayName``: a customer that is a company) does, and no part's handle
    speaks for it (its ``owner.email`` is another person's)."""
    if not sel.entity or not is_person("_".join(sel.entity)) or handle(sel.tree) is not None:
        return 0
    if any(w(k) in WHOLE_NAMES for k in leaf_keys(sel.tree)):
        return 0
    paths = nested_handle(sel.tree, names=False)  # the nearest part's handle, if any
    return int(bool(paths) and sel.pick.add(paths[0], row.records))


def _said(sel: Selection, top: str) -> bool:
    """Something of ``top`` is chosen besides the identity it gives its object (an item known
    by its person's id, ``user.id``, still says who the person is)."""
    if top not in sel.pick.used:
        return False
    return any(
        role != "identity"
        for path, role in zip(sel.pick.chosen, sel.pick.roles)
        if path == top or path.startswith(f"{top}.")
    )
