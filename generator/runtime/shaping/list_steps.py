"""The rows of the lists inside one object (``rules.STEPS``; ``roles/`` has no module of
their own for them: they are parts): each element reduced to its identity, label and state, an
element said by its text with its text; on a page, what a person reads of each (its figures,
a tag's colour, a small element whole); a container's and a report's lists whole, each record
by its identity and lean defaults; in a list's item, elements said by names alone left out
(``names_only``). ``relation_steps.py`` has the module's longer account and the relations'.
"""

from __future__ import annotations

from typing import Any

from .collections import REPORT_WORDS
from .kinds import WRITE_KINDS
from .roles.identity import named_for_itself
from .pages import on_page
from .names import base_type, hint, is_leaf
from .outcomes import composite_parts
from .picking import VALUE_TOKENS, Field, Selection
from .roles.content import is_content, is_data_name
from .roles.identity import has_id, is_id_name, is_natural_key, own_identity_key
from .roles.identity import with_what_each_is
from .roles.kinds import is_kind
from .roles.label import (
    is_color,
    is_label,
    pair_value,
)
from .roles.links import is_human_url, is_url
from .roles.noise import is_noise
from .roles.people import (
    handle,
    is_person,
    nested_handle,
)
from .roles.quantity import (
    currency_order,
    is_amount,
    is_count,
    is_currency,
    is_measure,
    is_money,
)
from .roles.relation import (
    first_person_paths, nested_identity, readable,
)  # fmt: skip
from .roles.state import is_state, state_rank
from .roles.time import is_time, time_rank
from .roles.words import leaf_keys, w
from .relation_steps import is_container, labelled_own_id
from .table import Step
from .trees import alike, node_at, unwrap

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
    if times and time_rank(times[0]) == 0:  # when it changed, and when it was made beside it
        extras += [k for k in times[1:] if time_rank(k) == 1][:1]
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


def _reported(f: Field) -> bool:
    """A list named as a report (``errors``, ``warnings``: ``collections.REPORT_WORDS``)."""
    return (w(f.key) or ("",))[-1] in REPORT_WORDS


def _identity_only(pick: Any, path: str) -> bool:
    """Nothing of the list at ``path`` was taken but the identity the object took from its
    elements (``warnings.id`` of a sync's answer ``{warnings: [{id, title, message}]}``, an
    object with no identity of its own): a report's list is still to be said, each element
    by its label, state and text, not by that id alone (``_reported``; a batch's records
    said by their ids stay lean)."""
    taken = [r for p, r in zip(pick.chosen, pick.roles) if p == path or p.startswith(f"{path}.")]
    return bool(taken) and all(r == "identity" for r in taken)


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
        if (taken >= row.limit(sel.profile) and not container) or (
            f.path in pick.used and not (_reported(f) and _identity_only(pick, f.path))
        ):
            continue
        element = unwrap(f.node)
        # what each element is, kept with it when the list is kept (``tenantResources[].resource``)
        itself = named_for_itself(element, w(f.key)) if isinstance(element, dict) else None
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
            chosen = [
                p for p in sel.choose_item(element)
                if not is_url(p.rsplit(".", 1)[-1], None) or container
            ]  # fmt: skip
            own = with_what_each_is(element, _dated_with_who(element, chosen))
            if container:  # a report's records: what each says in words too, past the
                # first few of its defaults (a feature's picks: ``summary: {long}``)
                own += [p for p in chosen[len(own) :] if is_content(p.split(".", 1)[0])][:1]
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
            if itself is not None and itself not in own:  # ``tenantResources[].resource``:
                own.insert(0, itself)  # a list kept is kept with what each element is
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
            paths += [f"{f.path}.{k}" for k in labelled_own_id(element, ident)]
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
        if itself is not None and f"{f.path}.{itself}" not in paths:  # a list kept is kept
            paths.append(f"{f.path}.{itself}")  # with what each element is
        if pick.add(paths[0], row.records, cost=cost, force=container):
            taken += 1
            for extra in paths[1:]:
                pick.add(extra, "state", force=True, cost=1)
    return taken
