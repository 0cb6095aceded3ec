"""The choosing steps of what an object relates to, in the order ``defaults.py`` runs them (the
people rows' in ``people_steps.py``, the lists' in ``list_steps.py``, the relations' here):

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
from .pages import on_page
from .names import base_type, is_leaf
from .picking import VALUE_TOKENS, Field, Selection
from .postal import address_lines, is_address
from .roles.content import is_body, is_content
from .roles.identity import (
    has_id, identity_fields, is_id_name, is_natural_key, own_identity_key,
)  # fmt: skip
from .roles.kinds import is_kind
from .roles.label import (
    NOT_OWN,
    is_color,
    is_label,
    is_locator,
    is_primary,
    pair_value,
)
from .roles.links import is_url
from .roles.noise import is_noise
from .roles.people import (
    is_person,
    is_person_node,
)
from .roles.quantity import (
    MONEY_WORDS,
)
from .roles.relation import (
    nested_identity, readable, reduce, stub_text,
)  # fmt: skip
from .roles.state import STATE_WORDS
from .roles.time import is_time
from .roles.words import leaf_keys, w
from .table import Step
from .trees import node_at, unwrap


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


def labelled_own_id(element: Any, ident: str) -> list[str]:
    """An element of a page's list said by its label keeps its own id beside it (a user's
    ``groups: [{id, displayName, creationDate}]``: read by its name, acted on by its id, as
    a related object is, ``_with_own_id``); with no id of its own, the natural key it is
    identified by (a branch's ``pull_requests: [{number, title, target_repo_id, ...}]``: each
    acted on by its ``number``); not one said by its id or a key already."""
    if "." in ident or not is_label(ident):
        return []
    own = [k for k in _own_ids(element) if k != ident][:1]
    if own or not isinstance(element, dict):
        return own
    keys = [k for k in identity_fields(element) if "." not in k and is_natural_key(k)]
    return [k for k in keys if k != ident][:1]


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
    its state, ``address.postal_code`` as what names it); and a postal address of which a
    rule took something, however many its members (``postal.is_address``: a billing
    address kept by its ``state`` or its addressee's name), also a part's."""
    return [
        f for f in sel.objects
        if isinstance(f.node, dict)
        and (
            not f.part and own_detail(f) and f.path in sel.pick.used
            and len(f.node) <= SMALL_DETAIL and len(leaf_keys(f.node)) == len(f.node)
            or is_address(f.node) and _said_in(sel, f)
        )
    ]  # fmt: skip


def _said_in(sel: Selection, f: Field) -> bool:
    return any(p.startswith(f"{f.path}.") for p in sel.pick.chosen)


def take_details(sel: Selection, row: Step) -> int:
    """Each part ``details`` found read whole, as its page shows it: an address's street,
    city, region and postal code, not one line of it (a list's item leaves it out), but its
    noise (a hash, an avatar); a postal address by its readable lines
    (``postal.address_lines``), not its other members (a phone, a county)."""
    taken = 0
    for f in row.ranked(sel):
        said = {p for p in sel.pick.chosen if p.startswith(f"{f.path}.")}
        keys = address_lines(f.node) if is_address(f.node) else leaf_keys(f.node)
        for key in keys:
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
    team's ``key`` beside its ``name``), one of each, for the calls that take them; a flag
    names nothing (``isTrustedHost`` is no host name: a yes or no only some objects of the
    schema say)."""
    said = (taken or "").rsplit(".", 1)[-1]
    leaves = [
        k for k in leaf_keys(inner)
        if k != said and not is_noise(k) and base_type(unwrap(inner[k])) != "boolean"
    ]  # fmt: skip
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
