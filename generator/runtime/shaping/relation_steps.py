"""The choosing steps of what an object relates to, in the order ``defaults.py`` runs them:

- people: reduced to a handle (on a page, with its id), else a name, an email and an id
  (``roles/relation.py``);
- relations: other objects by their label or key with their id (what a call about them takes),
  by name before an opaque id, what it belongs to (``team``, ``parent``: one word) before a
  relation qualified by what it is for (``inheritedFrom``, ``convertedFromIssue``); a list
  item's by name only; one resource also takes a list of scalars (``topics``);
- lists inside one object (``roles/`` has no module of its own for them: they are parts): each
  element reduced to its identity, label and state, an element said by its text with its text;
  elements named only by a link or an opaque id show their own lean defaults when those say a
  name, a state, a text or an amount; in a list's item, elements named only by a key or a
  number (``rounds: [{number}]``, ``labels: [{key, value}]``) with no state or amount are left
  out (the item's own read shows them; a list holds many items), and so, in the item of a read
  named by a label of its own, are elements with no id of their own it would say by their
  names alone (``display_sizes: [{name}]``, ``fileShares: [{name}]``: ``names_only``), unless
  the list classifies the item (``labels``, ``tags``, ``categories``), holds people, or is what
  a group of an identity and a label holds (a conference's ``teams``). A *container* (no identity or label of its own or in its
  parts: ``{available: [...], pending: [...]}``) keeps every list of objects it holds; so does
  a *report*: an object of a few scalars around its one list of records (``{team, start, end,
  logs: [...]}``): the list is what it holds, each record by its identity and lean defaults.
"""

from __future__ import annotations

from typing import Any

from .collections import REPORT_WORDS
from .kinds import WRITE_KINDS
from .pages import on_page
from .names import base_type, hint, is_leaf
from .outcomes import composite_parts
from .picking import VALUE_TOKENS, Field, Selection
from .roles.content import is_body, is_content, is_data_name
from .roles.identity import has_id, is_id_name, is_natural_key, own_identity_key
from .roles.kinds import is_kind
from .roles.label import (
    NOT_OWN,
    is_color,
    is_label,
    is_locator,
    is_primary,
    named_in_parts,
    pair_value,
)
from .roles.links import human_url_rank, is_human_url, is_url
from .roles.noise import is_noise
from .roles.people import (
    handle,
    is_person,
    is_person_node,
    is_person_member,
    made_it,
    nested_handle,
    person_rank,
    says_who,
)
from .roles.quantity import (
    MONEY_WORDS,
    currency_order,
    is_amount,
    is_count,
    is_currency,
    is_measure,
    is_money,
)
from .roles.relation import (
    first_person_paths, nested_identity, person_paths, readable, reduce, stub_text,
)  # fmt: skip
from .roles.state import STATE_WORDS, is_state, state_rank
from .roles.time import is_time, time_rank
from .roles.words import leaf_keys, w
from .table import Step
from .trees import alike, node_at, unwrap


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


def relations(sel: Selection) -> list[Field]:
    """Related objects and ``*Id`` keys of its own (a list's items: by name only)."""
    found = [
        f for f in sel.leaves + sel.objects
        if not f.part and not is_person(f.key) and w(f.key)[0] not in NOT_OWN
        and (is_id_name(f.key) and base_type(f.node) != "null" if is_leaf(f.node)
             else has_id(f.node) or readable(nested_identity(f.node)))
    ]  # fmt: skip
    return [
        f for f in found
        if not sel.item or readable(reduce(f)) and not (_lean(sel) and own_detail(f))
    ]  # fmt: skip


# what one resource sits under (its parent task, its category): someone else's on a list's
# item (``roles/label.NOT_OWN``), what it belongs to on its page
UNDER = "parent"


def parents(sel: Selection) -> list[Field]:
    """One resource's page: the record it sits under, a related object or an id of its own
    named as its parent (``parent: {id, title}``, ``parent_id``, ``parentId``), which
    ``relations`` leaves out as another thing's (``NOT_OWN``: on a list's item a
    ``parent_name`` is). Not a person (``parent`` of a child's account is a guardian: the
    people's rules say who), nor a list of them (``parents: [{sha}]``, a list's own rules)."""
    return [
        f for f in sel.leaves + sel.objects
        if not f.part and "." not in f.path and w(f.key)[0] == UNDER and len(w(f.key)) <= 2
        and f.path not in sel.pick.used and not is_person(f.key)
        and (is_id_name(f.key) and base_type(f.node) != "null" if is_leaf(f.node)
             else isinstance(f.node, dict) and (has_id(f.node) or readable(nested_identity(f.node))))
    ]  # fmt: skip


def take_parent(sel: Selection, row: Step) -> int:
    """The first of ``parents`` by its label (else its key) and its id, whatever the budget
    left: a page the other roles filled still says what it sits under (a label and an id, a
    few tokens; the rows before it took what they take)."""
    for f in row.ranked(sel)[: row.limit(sel.profile)]:
        path = reduce(f)
        if not sel.pick.add(path, row.records, force=True):
            continue
        _with_own_id(sel, f, row.records)
        return 1
    return 0


def _own_ids(node: Any) -> list[str]:
    """The members of an object that are its own id (``id``, ``uuid``), in its order."""
    return [k for k in leaf_keys(node) if own_identity_key(k)] if isinstance(node, dict) else []


def _with_own_id(sel: Selection, f: Field, records: str) -> None:
    """A related object taken by its label keeps its own id beside it (``team.id``): what a
    call about it takes."""
    ids = _own_ids(unwrap(f.node))
    if ids:
        sel.pick.add(f"{f.path}.{ids[0]}", records, force=True, cost=2)


def _labelled_own_id(element: Any, ident: str) -> list[str]:
    """An element of a page's list said by its label keeps its own id beside it (a user's
    ``groups: [{id, displayName, creationDate}]``: read by its name, acted on by its id, as
    a related object is, ``_with_own_id``); not one said by its id or a key already."""
    if "." in ident or not is_label(ident):
        return []
    return [k for k in _own_ids(element) if k != ident][:1]


def _lean(sel: Selection) -> bool:
    """An item of what a read or a search lists (a list to pick from)."""
    return sel.listed and sel.kind in ("read", "search")


# what a listed item's part holds that is the item's own, not a detail of it: how it fares
# (``error: {message}``, ``WebException: {StatusCode}``), an amount or a value held as an
# object (``price: {convertedFromValue}``, ``data: {value}``)
HELD_PARTS = (
    STATE_WORDS | REPORT_WORDS | MONEY_WORDS
    | {"exception", "failure", "fault", "data", "payload", "value", "values"}
)  # fmt: skip
SAYS_WHY = frozenset({"message", "reason"})  # a status part's text: how the item fares


def own_detail(f: Field) -> bool:
    """A part of a listed item that names no related thing: reduced neither to a label
    (``category.label``, ``namespace.name``) nor beside an id of its own (``song: {id,
    name}``) nor to a bare key (``commit.sha``), but to one of its own scalars (an address's
    ``houseNumber`` or ``postalCode``, a routing's ``host``, a team's ``projectNumber``, a
    metadata's ``sourceLanguageCode``): a detail of the item itself, which its page shows; a
    list holds many items. Not a value of the item's own held as a part (a time, an amount,
    its data, a wrapped value: ``frequency: {value, unit}``; its identifier,
    ``deviceIdentifier: {serialNumber}``; where it lives, ``metadata: {storagePath}``) nor what
    says how it fares (an error, a status: ``validity: {code, message}``)."""
    inner = unwrap(f.node)
    if not isinstance(inner, dict):
        return False
    path = reduce(f)
    last = path.rsplit(".", 1)[-1] if path else ""
    if not last or is_label(last) or any(own_identity_key(k) for k in leaf_keys(inner)):
        return False
    if pair_value(inner) is not None or (set(w(f.key)) | set(w(last))) & HELD_PARTS:
        return False  # a value of its own held as a part, or how the item fares
    if is_id_name(f.key) or is_locator(last) or is_url(last, None):
        return False  # ``deviceIdentifier: {serialNumber}``; where it lives (a report's path)
    if is_time(f.key, "string") or any(w(k)[-1] in SAYS_WHY for k in leaf_keys(inner)):
        return False  # ``created_at: {value, format}``; ``validity: {code, message}``
    return not (is_natural_key(last) and len(w(last)) == 1)


SMALL_DETAIL = 6  # a part of one's own detail with at most this many values is read whole


def details(sel: Selection) -> list[Field]:
    """One resource's page: the parts of its own detail (``own_detail``: no identity, no
    label) of a few values, all scalars, one of which a rule took (``hq_address.state`` as
    its state, ``address.postal_code`` as what names it)."""
    return [
        f for f in sel.objects
        if not f.part and isinstance(f.node, dict) and own_detail(f)
        and f.path in sel.pick.used and len(f.node) <= SMALL_DETAIL
        and len(leaf_keys(f.node)) == len(f.node)
    ]  # fmt: skip


def take_details(sel: Selection, row: Step) -> int:
    """Each part ``details`` found read whole, as its page shows it: an address's street,
    city, region and postal code, not one line of it (a list's item leaves it out), but its
    noise (a hash, an avatar)."""
    taken = 0
    for f in row.ranked(sel):
        said = {p for p in sel.pick.chosen if p.startswith(f"{f.path}.")}
        for key in leaf_keys(f.node):
            path = f"{f.path}.{key}"
            if path not in said and not is_noise(key):
                taken += sel.pick.add(path, row.records, force=True, cost=3)
    return taken


def relation_key(f: Field, sel: Selection) -> Any:
    """What it belongs to (``team``, ``project``, ``parent``) before a qualified relation
    (``defaultIssueState``, ``inheritedFrom``, ``convertedFromIssue``); by name
    (``milestone.title``) before an opaque id."""
    return (len(w(f.key)) > 1, not readable(reduce(f)))


def take_relations(sel: Selection, row: Step) -> int:
    """Related objects by their label or key, with their own id next to the name (read by its
    name, acted on by its id: ``team.id``)."""
    taken = 0
    for f in row.ranked(sel):
        if taken >= row.limit(sel.profile):
            break
        if f.path.split(".", 1)[0] in sel.pick.used or not sel.pick.add(reduce(f), row.records):
            continue
        taken += 1
        inner = unwrap(f.node)
        _with_own_id(sel, f, row.records)
        if isinstance(inner, dict) and on_page(sel.item, sel.kind):
            for key in keys_beside_label(inner, reduce(f)):
                sel.pick.add(f"{f.path}.{key}", row.records, force=True, cost=3)
            said = stub_text(inner) if not readable(reduce(f)) else None
            if said is None and not own_text(sel):
                said = naming_text(inner, reduce(f))
            if said is not None:
                sel.pick.add(
                    f"{f.path}.{said}", row.records, force=True, cost=VALUE_TOKENS["preview"]
                )
    return taken


def as_listed(inner: dict[str, Any], listed: tuple[str, ...]) -> tuple[str, ...]:
    """On a page, a related object with an identity of its own as a list of such objects
    would show it (a list's item: what one picks it by, ``defaults.ITEM``), not its kind (a
    discriminator every such object repeats), its colour, its text nor its links (the page
    reads its own text, and a related object by its name and id), nor its times (when it was
    made says nothing without who made it: ``created_at`` beside ``created_by``), nor a part of
    a person in it (a commit's ``commit.author.date``: a person said by a time alone; people
    have their own rule). ``listed``: the object's defaults as a list's item."""
    if not has_id(inner):
        return ()
    return tuple(
        path
        for path in listed
        if not (is_kind(last := path.rsplit(".", 1)[-1]) or is_color(last) or is_content(last))
        and not is_url(last, None)
        and not _a_time(inner, path)
        and not _through_person(inner, path)
    )


def _a_time(inner: dict[str, Any], path: str) -> bool:
    """The member at ``path`` is a time: when a related object was made or changed says
    nothing of it without who did (a person the page leaves to its own rule)."""
    node = unwrap(node_at(inner, path))
    return is_leaf(node) and is_time(path.rsplit(".", 1)[-1], node)


def _through_person(inner: dict[str, Any], path: str) -> bool:
    """``path`` goes through a person (by its role or its handle: ``is_person_node``)."""
    node: Any = inner
    for seg in path.split(".")[:-1]:
        node = unwrap(node.get(seg)) if isinstance(node, dict) else None
        if is_person_node(seg, node):
            return True
    return False


def keys_beside_label(inner: dict[str, Any], taken: str | None) -> list[str]:
    """On a page, what a related object is known by besides the label it was reduced to: its
    natural key and its primary field (a branch's ``sha`` and ``ref`` beside its ``label``, a
    team's ``key`` beside its ``name``), one of each, for the calls that take them."""
    said = (taken or "").rsplit(".", 1)[-1]
    leaves = [k for k in leaf_keys(inner) if k != said and not is_noise(k)]
    natural = [k for k in leaves if is_natural_key(k) and not is_label(k)][:1]
    primary = [k for k in leaves if is_primary(k) and k not in natural][:1]
    return natural + primary


def own_text(sel: Selection) -> bool:
    """The object holds a text of its own (an initiative's ``content``): what it says is read
    there, not in a related object's text (``documentContent.content``, ``lastUpdate.body``)."""
    return any(is_body(f.key) for f in sel.leaves if not f.part)


def naming_text(inner: dict[str, Any], taken: str | None) -> str | None:
    """On a page, the text that names a related object known only by an opaque id, with no
    label nor key a person reads (a run's ``head_commit: {id, tree_id, message, timestamp}``:
    the commit's ``message``): the text itself (``roles/content.is_body``), not what is said
    about it; None when the object has a readable name or no such text (and, by
    ``take_relations``, when the page holds a text of its own: ``own_text``)."""
    if readable(taken):
        return None
    leaves = [k for k in leaf_keys(inner) if not is_noise(k)]
    if any(is_label(k) or is_primary(k) for k in leaves):
        return None
    bodies = [
        k for k in leaves if is_body(k) and len(w(k)) == 1 and base_type(inner[k]) == "string"
    ]  # a string (not a display setting's ``text: true``)
    return bodies[0] if len(bodies) == 1 else None


def scalar_lists(sel: Selection) -> list[Field]:
    """A list of scalars of its own (``topics``), not of ids."""
    return [
        f for f in sel.arrays
        if is_leaf(unwrap(f.node)) and not f.part and not is_id_name(f.key.rstrip("sS"))
    ]  # fmt: skip


def is_container(sel: Selection) -> bool:
    """No identity or label of its own or in its parts: ``{available: [...], pending: [...]}``."""
    tree = sel.tree
    return not sel.item and not any(
        is_id_name(k) or is_natural_key(k) or is_label(k)
        for sub in [tree, *(v for v in tree.values() if isinstance(v, dict))]
        for k in leaf_keys(sub)
    )


ELEMENT_FIELDS = 3  # an element shown by its own defaults: at most this many of them
PAGE_ELEMENT_COUNTS = 2  # figures of an element named by its label, on one resource's page


def segment_ends(element: Any) -> list[str]:
    """An element that goes between two places of one schema (a trip's leg: ``{mode, from:
    {name, lat, ...}, to: {name, lat, ...}, startTime, ...}``, a route's step): where it starts
    and where it ends, each by its label, and how it goes (its own enum, else its kind): a list of legs said by
    their names alone reads as a list of vehicles. Not people (a message's sender and
    recipient: ``roles/people``)."""
    if not isinstance(element, dict):
        return []
    ends = [
        k for k, v in element.items()
        if isinstance(v, dict) and not is_person(k) and not is_noise(k) and _named_place(v)
    ]  # fmt: skip
    pair = next(
        ((a, b) for i, a in enumerate(ends) for b in ends[i + 1 :]
         if alike(element[a], element[b])),
        None,
    )  # fmt: skip
    if pair is None:
        return []
    own = leaf_keys(element)  # how it goes: an enum of its own (``mode: BUS``), else a kind
    enums = [k for k in own if hint(element[k]) == "enum" and not is_state(k) and not is_noise(k)]
    kinds = (enums or [k for k in own if is_kind(k)])[:1]
    return [f"{k}.{nested_identity(element[k])}" for k in pair] + kinds


def _named_place(node: dict[str, Any]) -> bool:
    """A thing named by a label of its own (a stop's ``name``), not a value wrapped in an
    object (``{value}``, an amount's ``{value, currency}``)."""
    ident = nested_identity(node)
    return ident is not None and "." not in ident and is_label(ident)


def _held_in_currency(element: Any, said: list[str]) -> bool:
    """An element said by its figures beside the currency they are in (a balance: ``{asset,
    free, locked}``, ``{currency, available, reserved}``): amounts, whatever they are named."""
    if not isinstance(element, dict) or not any(is_currency(k) for k in leaf_keys(element)):
        return False
    return any(base_type(element.get(k)) in ("integer", "number") for k in said)


def _dated_with_who(element: Any, chosen: list[str]) -> list[str]:
    """The first ``ELEMENT_FIELDS`` of an element's own defaults; when they date it (a reply's
    ``createdTime``), its person too, if its defaults have one: who and when go together."""
    own = chosen[:ELEMENT_FIELDS]
    dated = any(is_time(p.rsplit(".", 1)[-1], node_at(element, p)) for p in own)
    who = [p for p in chosen[ELEMENT_FIELDS:] if is_person(p.split(".", 1)[0])]
    return own + who[:1] if dated else own


def page_extras(element: Any, said: list[str], thing: bool = False) -> list[str]:
    """What one resource's page shows of an element of a list inside it beside its name and
    state: its figures (a changed file's ``additions`` and ``deletions``, up to
    ``PAGE_ELEMENT_COUNTS``) and when it changed or was made (a status's ``updated_at``): a
    list's item stays lean, the page shows its parts as a person reads them. A time comes with
    the element's person, reduced to who it is (an asset's ``uploader.login``): when, and by
    whom."""
    if not isinstance(element, dict):
        return []
    leaves = [k for k in leaf_keys(element) if k not in said and not is_noise(k)]
    if is_tag(element, said):  # a tag: by its name and its colour, as the page shows it
        return [k for k in leaves if is_color(k)][:1]
    small = _small_element(element) if thing else None
    if small is not None:  # a record of a few short scalars: each is what it says
        return [k for k in small if k not in said]
    counts = [k for k in leaves if is_count(k, element[k]) and not is_id_name(k)]
    times = sorted((k for k in leaves if is_time(k, element[k])), key=time_rank)
    # its measure (a review's ``rating``, a match's ``score``): what a reader compares it by
    measures = [k for k in leaves if is_measure(k, element[k]) and k not in counts][:1]
    extras = counts[:PAGE_ELEMENT_COUNTS] + measures[: int(thing)] + times[:1]
    if times:
        extras += first_person_paths(element)[:1]
    return extras


def is_tag(element: dict[str, Any], said: list[str]) -> bool:
    """An element named by its label, with a colour of its own and no state or amount (a
    label, a tag, a category: ``{id, name, color, description, createdAt, creator}``): the
    page it is attached to shows it by its name and its colour; when it was made or changed,
    and by whom, belong to its own page, not to every page it is attached to."""
    leaves = leaf_keys(element)
    return (
        any(is_label(k) for k in said)
        and any(is_color(k) for k in leaves)
        and not any(is_state(k) or is_money(k, element[k]) for k in leaves)
    )


SMALL_ELEMENT = 3  # an element of at most this many scalars of substance is shown whole on a page


def _a_thing(sel: Selection) -> bool:
    """The object is a thing of its own (its identity was chosen: a run, a place), not a
    wrapper around a list a read answers (``{count, data: [...]}``, whose records are a
    list's items and stay lean), that a read answers (a search's answer holds hits: a list's
    items)."""
    return sel.kind == "read" and "identity" in sel.pick.roles


def _small_element(element: dict[str, Any]) -> list[str] | None:
    """The members of a list's element that is a small record (``{path, sha, ref}``: at most
    ``SMALL_ELEMENT`` scalars beside its noise and its API links, no parts, no text of its
    own), or None: on one resource's page each of its few members says something, and
    leaving two of three out saves little. An API link beside the page a person opens (a
    plain ``url`` beside ``html_url``) is left out, as it is everywhere."""
    if any(not is_leaf(v) for v in element.values()):
        return None
    keys = [k for k in element if not is_noise(k) and not is_kind(k)]  # a kind: every one says it
    human = any(is_url(k, element[k]) and is_human_url(k) for k in keys)
    kept = [
        k for k in keys
        if not (is_url(k, element[k]) and human and not is_human_url(k))
    ]  # fmt: skip
    if not 1 < len(kept) <= SMALL_ELEMENT or any(is_content(k) for k in kept):
        return None
    return kept


REPORT_SCALARS = 4  # a report's own scalars (its subject and span) around its one list


def is_report(sel: Selection, lists: list[Field]) -> bool:
    """A few scalars of its own around its one list of records, nothing else of substance:
    the list is what the object holds (``{teamSlug, start, end, userLogs: [...]}``)."""
    return (
        not sel.item
        and len(lists) == 1
        and len(sel.own_leaves) <= REPORT_SCALARS
        and not any(not f.part for f in sel.objects)  # ``fields`` has no noise
    )


def object_lists(sel: Selection) -> list[Field]:
    """Lists of objects of its own."""
    return [f for f in sel.arrays if isinstance(unwrap(f.node), dict) and not f.part]


PAIR_NAMES = (("name",), ("key",))  # what names a pair: a bare ``name`` or ``key``


def paired_value(element: Any, ident: str) -> list[str]:
    """The ``value`` of a list's record named by a bare ``name`` or ``key`` (a matcher, a
    variable, a header: ``{name, value, isRegex}``; a value that is a list of values, an
    attribute's ``{name, value: [...], schema}``): the record is a pair whatever else comes
    with it, and its name alone says which setting, not what it is set to. A pair of two
    members alone is reduced to its value (``roles/label.pair_value``). So is a pair named
    by the same words (``{data_name, data_value, type}``: a rate's name and its value)."""
    if not isinstance(element, dict) or "." in ident:
        return []
    words = tuple(w(ident))
    value: tuple[str, ...]
    if words in PAIR_NAMES:
        value = ("value",)
    elif len(words) > 1 and words[-1:] in PAIR_NAMES:
        value = words[:-1] + ("value",)
    else:
        return []
    leaves = leaf_keys(element)
    return [
        k for k, v in element.items()
        if tuple(w(k)) == value
        and (k in leaves or isinstance(v, list) and bool(v) and is_leaf(v[0]))
    ][:1]  # fmt: skip


def _keyed_only(element: dict[str, Any], ident: str) -> bool:
    """Elements named only by a key, a code or a number (not by a label) and saying no state
    or amount: ``{number}``, ``{key, value}``, ``{code}``."""
    if is_label(ident.rsplit(".", 1)[-1]):
        return False
    keys = leaf_keys(element)
    return not any(is_state(k) or is_money(k, element[k]) for k in keys)


def record_ids(list_key: str, element: Any) -> list[str]:
    """The members of a list's element that are its id named for the list (``WidgetID`` in
    ``Widgets: [...]``, ``line_item_id`` in ``line_items``): each element is a resource of its
    own, which a write's answer names by that id (the caller's next call needs it)."""
    if not isinstance(element, dict):
        return []
    ws = w(list_key)
    last = ws[-1] if ws else ""
    forms = {last, last[:-1] if last.endswith("s") else last}
    forms |= {last[:-2] for e in ("es",) if last.endswith(e)}
    forms |= {last[:-3] + "y" for e in ("ies",) if last.endswith(e)}
    names = {(*ws[:-1], form) for form in forms if form}
    return [
        k for k, v in element.items()
        if is_leaf(v) and is_id_name(k) and len(w(k)) > 1 and tuple(w(k)[:-1]) in names
    ]  # fmt: skip


def _echoed(sel: Selection, f: Field, element: Any, ident: str, container: bool) -> bool:
    """A list inside the resource a create or update answers with whose records say only their
    label (a message's ``embeds: [{title, description}]``): no identity (the server gave them
    none), no state, no amount, no measure (a topic's ``confidence``: what the server found),
    nothing but the names and texts the caller sent with the
    request, as its lists of strings are (``unsent_lists``). Records with an identity the
    answer would not show (a channel's ``tags: [{id, name, moderated}]``, said by their names:
    only an id named for its list is a write's record's, ``record_ids``) are said by the names
    the caller sent too. Not records with an id named for their list (``features: [{feature_id,
    name}]``: the next call takes it), not people (who it is with), nor a container's or a
    report's lists (what it holds), nor an error report's (``errors``, ``warnings``: what the
    server says); and only in the one resource answered, not in a batch's records (each a
    list's item, its lists what the server made of it). Records said by their texts and
    kinds alone (a task's ``links: [{type, description}]``) are the caller's as well."""
    return _said_as_sent(sel, f, element, [ident.rsplit(".", 1)[-1]], container)


def _said_as_sent(sel: Selection, f: Field, element: Any, said: list[str], container: bool) -> bool:
    """``_echoed``, for records that would say only ``said`` (the members of each the answer
    shows): each a label, a text or a kind."""
    if sel.kind not in ("create", "update") or sel.item or container or is_person(f.key):
        return False
    if w(f.key) and w(f.key)[-1] in REPORT_WORDS:
        return False
    if not said or not isinstance(element, dict):
        return False
    if not all(is_label(k) or is_content(k) or is_kind(k) for k in said):
        return False
    if record_ids(f.key, element):
        return False  # the id the server gave each one, which the answer shows
    keys = leaf_keys(element)
    return not any(  # a state, an amount or a measure: what the server made of them
        is_state(k) or is_money(k, element[k]) or is_measure(k, element[k]) for k in keys
    )


def own_states(element: Any) -> list[str]:
    """The members of a record that say where it stands, ``state`` before qualified ones."""
    return sorted((k for k in leaf_keys(element) if is_state(k)), key=state_rank)


def written_record_ids(list_key: str, element: Any, ident: str) -> list[str]:
    """The id the server gave a record of a write's list, besides ``ident`` that says it:
    named for its list, else, for records with a state of their own (``factors: [{id,
    status, friendly_name}]``), their plain ``id`` (no names the caller sent); at most one."""
    ids = record_ids(list_key, element)
    if not ids and own_states(element) and not is_id_name(ident.rsplit(".", 1)[-1]):
        ids = [k for k in leaf_keys(element) if own_identity_key(k)]
    return [k for k in ids if k != ident][:1]


def _nested_who(element: Any) -> str | None:
    """Who a person is said to be by a part (``roles/people.nested_handle``), one member."""
    found = nested_handle(element) if isinstance(element, dict) else []
    return found[0] if found else None


def own_pairs(sel: Selection, f: Field) -> bool:
    """A list of pairs named as the object's own data (``attributes: [{key, value}]``, a
    span's or an event's, ``is_data_name``): what it says, held as pairs rather than members;
    a list's item keeps each pair's name and value, beside the slot of its lists (its other
    lists of pairs, a resource's ``tags: [{key, value}]``, stay out of a list)."""
    element = unwrap(f.node)
    return (
        isinstance(element, dict)
        and is_data_name(f.key, sel.entity)
        and any(w(k) in PAIR_NAMES for k in leaf_keys(element))
        and any(w(k) == ("value",) for k in element)
    )


# a list whose elements classify the item that holds them (what one picks items by), by its
# name's last word, plural or singular
CLASS_WORDS = frozenset(
    {"label", "labels", "tag", "tags", "topic", "topics", "keyword", "keywords", "category",
     "categories", "genre", "genres", "class", "classes", "classification", "classifications"}
)  # fmt: skip


def names_only(sel: Selection, f: Field, paths: list[str], ident: str) -> bool:
    """A list inside an item of what a read lists (not a search's hit, which tells unknown
    things apart by them: a restaurant's ``Cuisines``) whose elements are parts of the item
    (no id of their own: not related things, a track's ``artists: [{id, name}]``)
    that the item would show by their names alone (``paths``: one label, nothing else: no
    state, amount or text beside it: an image's ``display_sizes: [{name}]``, a product's
    ``ratingAspects``, an instance's ``fileShares``): one picks the item by its own name,
    identity, state and time, and the names of its parts are its page's; no other list takes
    its slot (``take_lists``). Not a list that classifies the item
    (``CLASS_WORDS``: its ``labels``, ``tags``, ``categories``), not people, and only in an
    item named by a label or a text of its own that holds more than its identity, its label
    and that list (a conference's ``{ConferenceID, Name, Teams: [...]}``: a group, whose list
    is what it holds; an item with no name of its own says what it is in its lists)."""
    if not (sel.listed and sel.kind == "read") or len(paths) != 1 or is_person(f.key):
        return False
    if has_id(f.node):
        return False
    if "." in ident or not is_label(ident) or (w(f.key) and w(f.key)[-1] in CLASS_WORDS):
        return False
    own = sel.own_leaves
    if not any(is_label(o.key) or is_content(o.key) for o in own):
        return False  # no name of its own: what it says is in its lists (``wordless``)
    naming = [o for o in own if is_id_name(o.key) or is_natural_key(o.key) or is_label(o.key)]
    return len(own) > len(naming) or len(sel.objects) + len(sel.arrays) > 1


def wordless(sel: Selection) -> bool:
    """The item of the list a read or a search answers (``Selection.answered``) with scalars
    of its own but no label or text among them, and one list of objects (a changelog's entry: ``{version, ts, prerelease, changes: [{description,
    kind}]}``): what it says is in that list's elements."""
    return (
        sel.answered
        and bool(sel.own_leaves)
        and len(object_lists(sel)) == 1
        and not any(is_label(f.key) or is_content(f.key) for f in sel.own_leaves)
    )


def take_lists(sel: Selection, row: Step) -> int:
    """Each list reduced to its elements' identity, label and state (module doc); a container
    or a report keeps every list, whatever the slot."""
    pick = sel.pick
    lists = row.ranked(sel)
    container = is_container(sel) or is_report(sel, lists)
    taken = 0
    for f in lists:
        if sel.listed and f.path not in pick.used and own_pairs(sel, f):
            element = unwrap(f.node)  # each pair by its name and value, beside the slot
            for k in [k for k in element if w(k) in PAIR_NAMES or w(k) == ("value",)]:
                pick.add(f"{f.path}.{k}", "state", force=True, cost=1)
            continue
        if (taken >= row.limit(sel.profile) and not container) or f.path in pick.used:
            continue
        element = unwrap(f.node)
        # people: a handle, else who a part says they are (``actors: [{user: {knownUser:
        # {personName}}}]``), before an identity found below
        who = (handle(element) or _nested_who(element)) if is_person(f.key) else None
        ident = who or nested_identity(element)
        by_link = ident is not None and (is_url(ident, None) or is_noise(ident.rsplit(".", 1)[-1]))
        if by_link and not container:
            continue  # elements named only by a link: not worth a default slot
        opaque = ident is not None and not readable(ident)  # ``reactions.id``: says nothing
        if ident is None or by_link or opaque:  # the element's own lean defaults, if they say
            # a name, a state, a text or an amount
            own = _dated_with_who(element, [
                p for p in sel.choose_item(element)
                if not is_url(p.rsplit(".", 1)[-1], None) or container
            ])  # fmt: skip
            if sel.kind in WRITE_KINDS:  # a write's records' tuples, whole (``outcomes``)
                own += [p for p in composite_parts(element) if p not in own]
            said = [p.rsplit(".", 1)[-1] for p in own]
            # a list's item shows its parts by what names them or where they stand: parts said
            # only by their text (the passages of an entity an analysis found) would repeat a
            # preview per part in every item
            # ... unless the item says nothing in words of its own (no label, no text: a
            # changelog's version with its date and flags): its parts' texts are what it says
            by_text = (
                not sel.item
                or any(is_state(k) or is_money(k, "number") for k in said)
                or wordless(sel)
            )
            if _said_as_sent(sel, f, element, said, container):
                taken += 1  # the slot was this list's: no other list of the caller's in its place
                continue  # a create's or update's records said by their texts and kinds
            if not own or not (
                container
                or any(
                    is_state(k) or (is_content(k) and by_text) or is_money(k, "number")
                    for k in said
                )
                or _held_in_currency(element, said)
            ):
                continue  # elements with no name, state, text or amount (sizes): not a default
            if pick.add(f"{f.path}.{own[0]}", row.records, force=container):
                taken += 1
                for extra in own[1:]:
                    pick.add(f"{f.path}.{extra}", "state", force=True, cost=1)
                if on_page(sel.item, sel.kind):  # its page: its figures and time too
                    for extra in page_extras(element, said, _a_thing(sel)):
                        pick.add(f"{f.path}.{extra}", "state", force=True, cost=1)
            continue
        paths = [f"{f.path}.{ident}"]
        if is_person(f.key) and not readable(ident) and not container:
            continue
        if _echoed(sel, f, element, ident, container):
            taken += 1  # the slot was this list's: no other list of the caller's in its place
            continue  # a create's or update's records said by their names: those it was sent
        listed = sel.listed  # a read's item, a search's hit
        if listed and not container and not is_person(f.key) and _keyed_only(element, ident):
            continue  # a list's item: its parts named only by a key or a number
        states = own_states(element)
        if sel.kind in WRITE_KINDS:  # a write's records: the id the server gave each one too
            paths += [f"{f.path}.{k}" for k in written_record_ids(f.key, element, ident)]
        paths += [f"{f.path}.{k}" for k in states[:1] if k != ident]
        # a line of a price list or an order is said by its amount too, with its currency
        keys = leaf_keys(element)
        amounts = [k for k in keys if is_amount(k, element[k], keys) and k != ident]
        if amounts:
            currency = sorted(
                (k for k in keys if is_currency(k)), key=lambda k: currency_order(k, amounts[0])
            )
            paths += [f"{f.path}.{k}" for k in (amounts[0], *currency[:1])]
        paths += [f"{f.path}.{k}" for k in segment_ends(element) if f"{f.path}.{k}" not in paths]
        if not is_label(ident.rsplit(".", 1)[-1]):  # an element said by its text (an error's
            # message, a note): its text too, not only its code
            texts = [k for k in leaf_keys(element) if is_content(k) and k != ident]
            paths += [f"{f.path}.{k}" for k in texts[:1]]
        if on_page(sel.item, sel.kind):  # its page: each element's figures and time too
            said = [p.rsplit(".", 1)[-1] for p in paths]
            paths += [f"{f.path}.{k}" for k in page_extras(element, said, _a_thing(sel))]
            paths += [f"{f.path}.{k}" for k in _labelled_own_id(element, ident)]
        cost = sum((len(p) + 3) // 4 for p in paths) + VALUE_TOKENS["list"]
        # a pair's value, beside its name: half of what names it, taken with it at no cost to
        # what else the budget holds
        paths += [f"{f.path}.{k}" for k in paired_value(element, ident)]
        if ident == pair_value(element):  # a list of pairs (``[{name, value}]``) read by their
            # values: each value with the name that says which it is
            paths += [f"{f.path}.{k}" for k in element if k != ident]
        if not container and names_only(sel, f, paths, ident):
            taken += 1  # the slot was this list's: no other list of the item's in its place
            continue  # a listed item's parts said by their names: its page's
        if pick.add(paths[0], row.records, cost=cost, force=container):
            taken += 1
            for extra in paths[1:]:
                pick.add(extra, "state", force=True, cost=1)
    return taken
