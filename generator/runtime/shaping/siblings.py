"""Objects alike keep alike (``defaults.choose_default_fields`` runs these after its table).

Members of one schema side by side (lists of the same items under ``created``, ``started``,
``finished``; a change's ``head`` and ``base``) keep the same members
(``same_schema_siblings``); a one resource's parts are made alike inside (``parts_alike``); in
a tagged union what is chosen inside one variant member is chosen in every variant that has
the same path (``every_variant``); on a page, each related object the rules kept something of
says what a list of such objects would show, and objects nearly of one schema what tells
them apart (``related_as_listed``). ``listed_defaults(node, key)`` is the defaults of a list's
item, passed in by ``defaults.py`` (which imports this module).
"""

from __future__ import annotations

from typing import Any, Callable

from .names import base_type, hint, is_leaf
from .picking import Picker
from .roles.content import is_content
from .roles.identity import (
    has_own_identity, is_id_name, is_natural_key, named_for_itself,
    own_identity_key,
)  # fmt: skip
from .roles.label import is_label
from .roles.links import is_url
from .roles.noise import is_noise
from .roles.people import is_person, is_person_node
from .roles.time import is_time
from .roles.words import leaf_keys, w
from .relation_steps import (
    as_listed,
)  # fmt: skip
from .trees import alike, unwrap

# the defaults of an object as a list's item, by its member name (``defaults.py``)
ListedDefaults = Callable[[Any, str], tuple[str, ...]]

LISTED_MORE = 3  # a related object on a page: at most this many more of its item's fields


def variant_tag(key: str, node: Any) -> bool:
    """A member every variant of a union has that says which variant it is: a plain string
    no role reads, whole or by any of its words (not an identity, a label, a link, a time, a
    text, a person or noise: ``event``, not ``title_original`` nor ``description_html``)."""
    if not is_leaf(node) or base_type(node) != "string" or is_time(key, node):
        return False
    if is_url(key, node) or hint(node) in ("time", "email"):
        return False
    roles = (is_id_name, is_label, is_content, is_noise, is_person)
    return not any(role(part) for part in (key, *w(key)) for role in roles)


def related_as_listed(tree: dict[str, Any], pick: Picker, listed_defaults: ListedDefaults) -> None:
    """On a page, each related object the rules kept something of (one with an identity of
    its own, not a person: people have their own rule) with up to ``LISTED_MORE`` more of
    what a list of such objects would show (``relation_steps.as_listed``): a branch's
    ``repo.full_name``, a related plan's ``price``, a provider's ``status``. Objects of one
    schema side by side (a change's ``head`` and ``base``) say the same more, the first's,
    and what names the first by the rules before (a ``host``'s ``slug`` beside its name: the
    ``parent`` of its schema says it too);
    none of them when one is a person (an invoice's ``customer`` beside its ``supplier``);
    objects only nearly of one schema (variants of one result) each keep what tells them
    apart (``_told_apart``)."""
    objects = [k for k, v in tree.items() if isinstance(v, dict)]
    done: set[str] = set()
    for key in objects:
        if key in done:
            continue
        group = [k for k in objects if k == key or _similar(tree[key], tree[k])]
        done.update(group)
        if any(is_person_node(k, tree[k]) for k in group):
            continue
        shown = [k for k in group if any(p.startswith(f"{k}.") for p in pick.chosen)]
        if not shown:
            continue
        first = shown[0]
        item = listed_defaults(tree[first], first)
        listed = as_listed(tree[first], item)
        more = [p for p in listed if f"{first}.{p}" not in pick.chosen][:LISTED_MORE]
        said = [  # what names the first, by the rules before (a ``slug`` beside its name)
            p for p in listed
            if f"{first}.{p}" in pick.chosen and "." not in p
            and (is_natural_key(p) or is_label(p) or is_id_name(p))
        ]  # fmt: skip
        for k in shown:
            for path in said + more:
                if _has_path(tree[k], path.split(".")):
                    pick.add(f"{k}.{path}", "relation", force=True)
        for k in shown:
            _told_apart(tree, pick, listed_defaults, k, group)


def _told_apart(
    tree: dict[str, Any], pick: Picker, listed_defaults: ListedDefaults, key: str, group: list[str]
) -> None:
    """A part of a family of parts side by side, not of one schema, that share members (the
    variants of one result: a pass check's ``{passed, reason, timestamp}`` beside a ranked
    check's ``{matched, tierKey, reason, timestamp}``), of which only what the family shares
    was kept while another part kept a member of its own (``passed``), keeps up to
    ``LISTED_MORE`` of its own members its listed defaults show: what tells it apart (the
    first part's more, ``passed``, is not in it). A part that kept one of its own members,
    its label or its identity (a license's ``name`` beside a repository's) gets nothing
    more."""
    others = [o for o in group if o != key and not alike(tree[key], tree[o])]
    if not others or _told(tree, pick, key, group):
        return
    if not any(_told(tree, pick, o, group, named=False) for o in others):
        return  # no variant says what is its own: nothing to tell this one apart from
    own = _own_in_family(tree, key, group)
    item = listed_defaults(tree[key], key)
    telling = [p for p in as_listed(tree[key], item) if p.split(".", 1)[0] in own]
    for path in telling[:LISTED_MORE]:
        pick.add(f"{key}.{path}", "relation", force=True)


def _own_in_family(tree: dict[str, Any], key: str, group: list[str]) -> list[str]:
    """The members of ``key`` no other part of its family has."""
    shared = set().union(*(tree[o] for o in group if o != key))
    return [m for m in tree[key] if m not in shared]


def _told(
    tree: dict[str, Any], pick: Picker, key: str, group: list[str], named: bool = True
) -> bool:
    """Something kept of part ``key`` tells it apart from its family: a member of its own,
    or (``named``) its label or its identity."""
    own = _own_in_family(tree, key, group)
    kept = [p.split(".")[1] for p in pick.chosen if p.startswith(f"{key}.")]
    return any(m in own or (named and (is_label(m) or own_identity_key(m))) for m in kept)


def _similar(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Of one schema (``alike``), or nearly: two thirds of the smaller's members in the other
    (an interface and a type that implements it, side by side: an ``account`` and its
    ``host``)."""
    if alike(a, b):
        return True
    shared = set(a) & set(b)
    return len(shared) >= 2 and len(shared) * 3 >= 2 * min(len(a), len(b))


def every_variant(tree: dict[str, Any], pick: Picker) -> None:
    """A tagged union (a discriminator naming the member that holds the content, hint
    ``tag``): what was chosen inside one variant member (``child_page.title``,
    ``paragraph.rich_text.plain_text``) is chosen in every member that has the same path
    (``child_database.title``, ``heading_1.rich_text.plain_text``), for the price of one: an
    object holds one variant."""
    for path in list(pick.chosen):
        top, _, rest = path.partition(".")
        if not rest or not isinstance(unwrap(tree.get(top)), dict):
            continue
        segs = rest.split(".")
        for key, sub in tree.items():
            if key != top and not is_person(key) and _has_path(sub, segs):
                pick.add(f"{key}.{rest}", "label", force=True, cost=1)


def parts_alike(tree: dict[str, Any], pick: Picker, prefix: str = "") -> None:
    """``same_schema_siblings`` inside each part the selection reaches, the deepest first
    (``prefix``: the dotted path of ``tree`` and a dot): a deployment's ``jobs``, ``services``
    and ``workers`` in an event's ``deployment``. Only on one object's answer: a list's item
    stays lean (a station's offices' opening hours are not made whole for each station)."""
    for key, sub in tree.items():
        inner = unwrap(sub)
        if isinstance(inner, dict) and any(p.startswith(f"{prefix}{key}.") for p in pick.chosen):
            parts_alike(inner, pick, f"{prefix}{key}.")
            same_schema_siblings(inner, pick, f"{prefix}{key}.")


def same_schema_siblings(
    tree: dict[str, Any], pick: Picker, prefix: str = "", written: bool = False
) -> None:
    """Members of one schema side by side (a tournament's ``created``, ``started`` and
    ``finished`` lists of the same items; parts without an identity; alike when their members
    share three quarters of their union, optional members coming and going) keep the same
    members: what was chosen inside one of them is chosen inside each that has it (the budget
    paid for it once: an agent compares them); lists of people too, on a write's answer and
    on a read's or a search's item alike (``buyerContacts`` and ``sellerContacts``: its one
    people slot took one, and the other side's contacts were lost).
    Related objects (with an identity of their own:
    a ``team`` beside an ``inheritedFrom``) are relations, each taken by its own rank; those
    taken are taken alike; on a write's answer (``written``) one taken takes each: a check
    made answers the address it was sent ``from`` and the one it goes ``to``, and the one
    kept read as the only one. ``prefix``: the dotted path of ``tree`` inside the object
    chosen on, and a dot (``parts_alike``)."""
    groups: list[tuple[bool, bool, list[dict[str, Any]], list[str]]] = []
    for key, sub in tree.items():
        inner = unwrap(sub)
        listed = isinstance(sub, list)
        if not isinstance(inner, dict) or not inner:
            continue
        related = not listed and has_own_identity(inner)  # a relation: its own rank
        # alike any member of a group joins it, and the groups it joins are one (a
        # transcript's ``words`` alike its ``sentiment_analysis_results`` and its
        # ``utterances``, which are less alike): whatever their order
        joined = [
            g for g in groups if g[:2] == (listed, related) and any(alike(o, inner) for o in g[2])
        ]
        groups = [g for g in groups if not any(g is j for j in joined)]
        groups.append(
            (
                listed,
                related,
                [o for g in joined for o in g[2]] + [inner],
                [k for g in joined for k in g[3]] + [key],
            )
        )
    chosen = [p[len(prefix) :] for p in pick.chosen if p.startswith(prefix)]
    for listed, related, members, keys in groups:
        shown = [k for k in keys if any(p.partition(".")[0] == k for p in chosen)]
        if len(keys) < 2 or (not listed and all(is_person(k) for k in shown)):
            continue  # people kept alone have their own rule (a question's ``owner`` by its
            # name: its ``last_editor`` is not made to say one too); lists of people of one
            # schema (buyer and seller contacts) do not, nor a person beside a part of its
            # schema kept too (an invoice's ``customer`` beside its ``supplier``, a
            # shipment's ``recipient`` beside its ``shipper``: one's ``key`` or ``email`` is
            # the other's too)
        rests: list[str] = []
        whole = any(key in chosen for key in keys)  # one kept whole: each is
        for path in chosen:
            top, _, rest = path.partition(".")
            if top in keys and rest and rest not in rests:
                rests.append(rest)
        # a write's related records taken each: records with an id, one of them kept by it
        # (an address made for the call), not parts named by a natural key (``{key, type,
        # value}`` parameters) nor related records one was kept of by its name alone
        each = (
            written
            and related
            and all(any(own_identity_key(k) for k in leaf_keys(m)) for m in members)
            and any(own_identity_key(r.rsplit(".", 1)[-1]) for r in rests)
        )
        for key in keys:
            if related and not each and not any(p.partition(".")[0] == key for p in chosen):
                continue  # a relation left out by its rank stays out (but on a write's answer)
            if whole:
                pick.add(f"{prefix}{key}", "relation", force=True, cost=1)
                continue
            for rest in rests:
                if _has_path(tree[key], rest.split(".")):
                    pick.add(f"{prefix}{key}.{rest}", "relation", force=True, cost=1)
            inner = unwrap(tree[key])
            own = (
                named_for_itself(inner, w(key))
                if listed and rests and isinstance(inner, dict)
                else None
            )
            if own is not None and any(_named_for(r, keys) for r in rests):
                # what each item is, named for its list, as its sibling's items say theirs
                # (``Evaluations[].Evaluation`` kept: ``Violations[].Violation`` too)
                pick.add(f"{prefix}{key}.{own}", "label", force=True, cost=1)


def _named_for(rest: str, keys: list[str]) -> bool:
    """``rest`` is a member named for the list of one of ``keys`` (``Evaluation`` of
    ``Evaluations``)."""
    return "." not in rest and any(named_for_itself({rest: "string"}, w(k)) == rest for k in keys)


def _has_path(tree: Any, segs: list[str]) -> bool:
    for seg in segs:
        tree = unwrap(tree)
        if not isinstance(tree, dict) or seg not in tree:
            return False
        tree = tree[seg]
    return True
