"""The candidates, ranks and step functions of the rules' rows (``defaults.STEPS``).

Each row of the table (``table.py``) names here which members of one object qualify for its
role (``roles/``: what a field is), in what rank, and, when taking them is more than the
ranked candidates up to the slot while they fit the budget, its step function:

- identity: the object's identity fields, whatever the budget;
- label: the label (unless an identity that names the object was taken), else the primary
  field, rich text, text, else its link and a related object named by a label; then the
  locator;
- value: what a typed record holds;
- states: named states (an object there reduced to its label), the object's own before a
  part's, then another enum (a list item: only without a state);
- money: amounts (before text and times), else one held with its currency in an object; then
  the currency beside an amount;
- content: the text of one resource (the text itself, ``body``, before what is said about it,
  ``description``), or a short preview (a list item's, a write's), unless its text named it;
- link: the object's own page, its one plain link, a sharing or hosted copy;
- recent time: when it changed and when it was made (an item said by its text: when it was
  written first; an item with neither: when it happened; with no time of its own or in its
  parts, one deeper down: a commit's ``commit.author.date``, with that person's name; the
  time rows' functions are in ``time_steps.py``);
- then people and lists inside the object (``relation_steps.py``);
- counts (the same quantity in a sibling part beside one taken), flags (alarm flags for free;
  a flag costs a word, a relation a name and an id), relations (``relation_steps.py``),
  another time (``time_steps.py``), discriminators and categories.
"""

from __future__ import annotations

from typing import Any

from .collections import is_meta_key
from .compounds import said_of
from .containers import records_container
from .kinds import WRITE_KINDS
from .names import base_type, hint, is_leaf, is_strings_map
from .picking import Field, Selection
from .roles.content import (
    is_body,
    is_content,
    is_data_name,
    is_raw,
    is_remark,
    is_value,
    text_member,
)
from .roles.identity import (
    addressed_by,
    has_id,
    has_own_identity,
    is_id_name,
    identity_fields,
    is_natural_key,
    named_after,
    own_identity_key,
)
from .roles.kinds import is_category, is_kind
from .roles.label import (
    is_color,
    is_full_name,
    is_label,
    is_locator,
    is_primary,
    label_rank,
    name_part,
    text_path,
)
from .roles.links import human_url_rank, is_human_url, is_url
from .roles.noise import is_noise
from .roles.people import handle, is_person, is_person_object, own_name
from .roles.quantity import (
    BIT_FIELDS,
    LIMIT_WORDS,
    currency_order,
    is_amount,
    is_count,
    is_currency,
    money_rank,
    is_unit_setting,
    money_pair,
    numbers_only,
)
from .roles.relation import readable, reduce
from .roles.state import (
    flag_rank,
    is_alarm_flag,
    is_flag,
    is_lifecycle,
    is_postal,
    is_state,
    state_rank,
)
from .roles.time import (
    PICTURE_WORDS, is_time, pictures, plural_free,
)  # fmt: skip
from .roles.words import participle, w
from .pages import on_page
from .table import Step, take_fallback, take_ranked
from .trees import node_at, unwrap

WRAPPER_LEAVES = 2  # scalars beside a list in a part that is that list's wrapper
LENGTHS = frozenset({"count", "total"})  # a name that says it counts something


def _at(path: str) -> Field:
    return Field(path, path.rsplit(".", 1)[-1], None, "." in path)


# ------------------------------------------------------------------------------ identity


def identities(sel: Selection) -> list[Field]:
    """The object's identity fields (``roles/identity.py``), in their rank."""
    written = sel.kind in WRITE_KINDS and not sel.item  # a write's answer: its parts too
    return [_at(p) for p in identity_fields(sel.tree, sel.entity, sel.keys, written)]


def take_forced(sel: Selection, row: Step) -> int:
    """The first candidates up to the slot, whatever the budget."""
    taken = 0
    for f in row.ranked(sel)[: row.limit(sel.profile)]:
        taken += sel.pick.add(f.path, row.records, force=True)
    return taken


# ------------------------------------------------------------------------------ label


def labels(sel: Selection) -> list[Field]:
    """Its labels, each once: not the same label in another notation beside it
    (``real_name_normalized`` beside ``real_name``)."""
    found = [f for f in sel.leaves if is_label(f.key)]
    names = {(f.path.rpartition(".")[0], w(f.key)) for f in found}
    return [f for f in found if not restated(f, names)]


def label_key(f: Field, sel: Selection) -> Any:
    """Its own before a part's; by ``label_rank`` among the members of its object."""
    top, _, rest = f.path.partition(".")
    scope = unwrap(sel.tree.get(top)) if rest else sel.tree
    return (f.part, label_rank(f.key, scope if isinstance(scope, dict) else ()))


def take_label(sel: Selection, row: Step) -> int:
    """The ranked labels, unless an identity already names the object: not a handle
    (``login``) or the name of another thing it is addressed by (``tag_name`` of
    ``/releases/tags/{tag}``), which bring the display name too; a full name does name it.
    A profile with room for two labels (a page) takes a second one of the object's own (a
    real name beside the display name), not a part's (``card.company_name`` names a company)."""
    said = {p.rsplit(".", 1)[-1] for p in sel.pick.chosen}
    ranked = row.ranked(sel)
    naming = [
        f for f in ranked
        if (not is_natural_key(f.key) or is_full_name(f.key)) and not named_after(f.key, sel.keys)
    ]  # fmt: skip
    named = [f for f in naming if f.key in said]
    if named and not all(_resource_name(f, sel, ranked) for f in named):
        taken = 0  # an identity names it
    else:
        if named:  # a resource name: the label is another
            ranked = [f for f in ranked if f.key not in said or f.part]
        taken = sel.take(ranked, row.records, 1, row.path)
        if not taken:
            return take_fallback(sel, row)
    rest = [f for f in naming if f.key not in said and not f.part]
    more = row.limit(sel.profile) - 1
    if not more and sel.item and is_person_object(sel.tree, sel.entity):
        # a list of people: each by its handle and by the name people know it by (a user's
        # ``name`` and ``real_name``, ``displayName``): who is who needs both; not a name in
        # parts (``firstName``, ``lastName``), which restates a display name
        rest, more = [f for f in rest if own_name(f.key) and not name_part(f.key)], 1
    elif more and on_page(sel.item, sel.kind) and is_person_object(sel.tree, sel.entity):
        # a person's own page: each name people know them by (a profile's ``display_name``
        # and ``real_name`` beside a plain ``name``), whichever of them the person filled in;
        # not a name in parts, which restates them
        rest = [f for f in rest if f.path not in sel.pick.chosen]
        names = [f for f in rest if own_name(f.key) and not name_part(f.key)]
        more = max(more, len(names))
        rest = names + [f for f in rest if f not in names]
    return taken + sel.take(rest, row.records, more, row.path)


def _resource_name(f: Field, sel: Selection, ranked: list[Field]) -> bool:
    """A label-named identity the API addresses the object by (``name`` of a company read
    at ``/v3/{name}``: a full resource name, ``projects/p/companies/c``) beside another label
    of the object's own (``displayName``, ``title``): the name is what the next call takes,
    the other label what a person calls it."""
    return (
        not f.part
        and addressed_by(f.key, sel.keys)
        and any(g.key != f.key and not g.part for g in ranked)
    )


def _own_text(sel: Selection) -> bool:
    """The object has a plain text of its own (``body``, ``content``)."""
    return any(
        not f.part and is_content(f.key) and base_type(f.node) == "string" for f in sel.leaves
    )


def _rich(sel: Selection) -> list[Field]:
    """Its labels and texts held as rich text (``title: [{plain_text}]``, ``description:
    {text}``); beside a plain text of its own, not the text of a related object with an
    identity of its own (a comment's ``documentContent: {id, content}`` beside its ``body``:
    that document's text)."""
    own = _own_text(sel)
    return [
        f for f in sel.objects + sel.arrays
        if (is_label(f.key) or is_content(f.key)) and text_path(f.key, f.node)
        and not (own and isinstance(f.node, dict) and has_id(f.node))
    ]  # fmt: skip


def rich_labels(sel: Selection) -> list[Field]:
    """A label held as rich text (``Title: [{lang, text}]``)."""
    return [f for f in _rich(sel) if is_label(f.key)]


def rich_texts(sel: Selection) -> list[Field]:
    """Its texts held as rich text (``description: {text}``), as its label when nothing
    better names it; not a remark added to it (a transaction's ``note: {text}``) beside a
    plain text of its own that is none (its ``description``)."""
    found = _rich(sel)
    if any(not is_remark(f.key) for f in plain_texts(sel) if not f.part):
        found = [f for f in found if not is_remark(f.key)]
    return found


def rich_path(f: Field) -> str | None:
    return f"{f.path}.{text_path(f.key, f.node)}"


def primaries(sel: Selection) -> list[Field]:
    """The primary field (``path``, ``filename``, ``ref``)."""
    return [f for f in sel.leaves if is_primary(f.key) and not f.part]


def plain_texts(sel: Selection) -> list[Field]:
    return [f for f in sel.leaves if is_content(f.key) and base_type(f.node) == "string"]


def label_text_key(f: Field, sel: Selection) -> Any:
    """As the label: its texts in their order, a remark added to it (``note``, ``comment``)
    and an unprocessed copy (``rawText`` beside ``description``) after the others."""
    return (is_remark(f.key), is_raw(f.key))


def own_links(sel: Selection) -> list[Field]:
    return [f for f in sel.leaves if is_url(f.key, f.node) and not f.part]


def tag_maps(sel: Selection) -> list[Field]:
    """Its own maps of strings (``STRINGS_MAP``: an alert's ``labels`` and ``annotations``, a
    series' tags) when nothing else names it (no label, primary field or text of its own, no
    label was taken but its own link, and no such map already: ``{fingerprint, labels,
    annotations, generatorURL, status}``): they are what says which one it is and what it is
    about (``alertname``, ``severity``, ``summary``)."""
    if any(is_label(f.key) or is_primary(f.key) or is_content(f.key) for f in sel.own_leaves):
        return []
    for path, role in zip(sel.pick.chosen, sel.pick.roles):
        key = path.rsplit(".", 1)[-1]
        if is_strings_map(sel.tree.get(path)) or (role == "label" and not is_url(key, None)):
            return []
    return [f for f in sel.leaves if is_strings_map(f.node) and not f.part and not is_noise(f.key)]


def named_relations(sel: Selection) -> list[Field]:
    """A related thing one level down named by a label (``app.name``)."""
    return [
        f for f in sel.objects
        if not f.part and not is_noise(f.key) and not is_person(f.key)
        and has_id(f.node) and is_label((reduce(f) or "").rsplit(".", 1)[-1])
    ]  # fmt: skip


def locators(sel: Selection) -> list[Field]:
    """Where it lives (a file's path): its own, then a part's (a resource's
    ``metadata.namespace``) when it has members of its own (an object of parallel parts is
    shown part by part: ``defaults.py``); none beside a qualified full name (``full_name``).
    A flag is no place (``publishedOutsideDomain``: a setting, taken as a flag or not at all)."""
    if any(is_full_name(p) for p in sel.pick.chosen):
        return []
    own = any(not f.part and is_leaf(f.node) for f in sel.fields)
    return [
        f for f in sel.leaves
        if is_locator(f.key) and (own or not f.part) and base_type(f.node) != "boolean"
    ]  # fmt: skip


def part_last(f: Field, sel: Selection) -> Any:
    return f.part


def values(sel: Selection) -> list[Field]:
    """A typed record's value (``roles/content.is_value``: ``data`` beside ``type`` and
    ``name``), a scalar of its own: only in a record that says its type (a blob's ``data``
    beside a file name is no value), or a ``value`` in a pair named by a bare ``name`` or
    ``key`` (an annotation, a variable, a header: ``{name, value, created_at, updated_at}``,
    whose value is what an update set; not a venue's ``address`` beside its ``name``), in
    the answer of a write."""
    found = [
        f for f in sel.own_leaves
        if is_value(f.key) and base_type(f.node) in ("string", "integer", "number", "any")
    ]  # fmt: skip
    typed = any(is_kind(f.key) for f in sel.own_leaves)  # a record of a type: a DNS A record
    named = [f for f in sel.own_leaves if tuple(w(f.key)) in (("name",), ("key",))]
    paired = bool(named) and len(found) == 1 and tuple(w(found[0].key)) == ("value",)
    paired = paired and sel.kind in WRITE_KINDS and not sel.item  # what a write set it to
    # a pair and nothing else but its ids and times (not a token's ``{name, value, qrCode,
    # duration}``: a credential the object is, shown only when minted)
    paired = paired and all(
        f in named or f is found[0] or own_identity_key(f.key) or is_time(f.key, f.node)
        for f in sel.own_leaves
    )
    return found if len(found) == 1 and (typed or paired) else []


UNIT_WORDS = frozenset({"unit", "units"})


def readings(sel: Selection) -> list[Field]:
    """A reading (a sensor's measurement ``{name, value, unit, time}``): a number named as a
    value (``is_value``) beside the unit it is counted in (``unit``), both its own: the
    number and its unit are what the record says (without them a measurement is its name and
    its time)."""
    found = [
        f for f in sel.own_leaves
        if is_value(f.key) and base_type(f.node) in ("integer", "number")
    ]  # fmt: skip
    units = [
        f for f in sel.own_leaves
        if tuple(w(f.key)) in tuple((u,) for u in UNIT_WORDS)
        and base_type(f.node) in ("string", "any")
    ]  # fmt: skip
    return [found[0], units[0]] if len(found) == 1 and units else []


# ------------------------------------------------------------------------------ state


def states(sel: Selection) -> list[Field]:
    """Named states (an object in that place by its label: ``status: {name}``; one named only
    by an opaque id is a resource, ``result: {id, status}``); a list item's reason only
    without a state; its own state, not a part's (``tax.status``), when it has one."""
    # an object there named only by an opaque id (``result: {id, status}``) is a resource, not
    # where the object stands: its own state is a part's
    # nor, in a write's answer, one that has a state of its own (``result: {id, name,
    # status}``): the resource the write answers, its state its ``status``, seen through
    written = sel.kind in WRITE_KINDS
    found = [
        f for f in sel.fields
        if is_state(f.key) and not is_noise(f.key) and (is_leaf(f.node) or readable(reduce(f)))
        and not (written and _own_state(f.node))
        and not (sel.item and not written and _regional(sel, f))
    ]  # fmt: skip
    if sel.item and any(state_rank(f.key) < 2 for f in found):
        found = [f for f in found if state_rank(f.key) < 2]
    own = [state_rank(f.key) for f in found if not f.part and reduce(f)]
    if own and min(own) < 2:
        found = [f for f in found if not f.part or _resource_state(sel, f, min(own))]
    return found


def _resource_state(sel: Selection, f: Field, own: int) -> bool:
    """A part's state that says where the resource stands: the object has no identity of its
    own and says only a qualified state (a plan's add-on link: ``{fromPlanPhase, addon: {id,
    name, status}}``); the part it holds has one and says its state in one word."""
    key = f.path.rpartition(".")[0]
    return (
        state_rank(f.key) < own
        and not has_own_identity(sel.tree, sel.entity)
        and has_own_identity(node_at(sel.tree, key), tuple(w(key)))
    )


def _regional(sel: Selection, f: Field) -> bool:
    """A part's state beside a postal address's parts (``location: {city, state, postcode}``):
    on a listed item, the region it is in, not where it stands (its page shows its place; the
    resource a write answers keeps it, as any part's state it holds)."""
    return f.part and is_postal(unwrap(node_at(sel.tree, f.path.rpartition(".")[0])))


def _own_state(node: Any) -> bool:
    """An object with a member named by a lifecycle word alone (``status``)."""
    inner = unwrap(node)
    return isinstance(inner, dict) and any(is_lifecycle(k) and is_leaf(v) for k, v in inner.items())


def state_key(f: Field, sel: Selection) -> Any:
    """By rank; in a write's answer, among single words, where it stands in its life
    (``state``) before how it fares (``health``): it has room for one, and that is what it
    says."""
    lifecycle = sel.kind in WRITE_KINDS and is_lifecycle(f.key)
    return (state_rank(f.key), not lifecycle, f.part)


def take_states(sel: Selection, row: Step) -> int:
    """The ranked states; on one resource's page a state held as an object (a workflow state
    ``{id, name, type}``) says its category beside its name, which of the API's fixed stages a
    state the team named lies in (``started``, ``completed``), and its own id, what a call that
    moves the resource to another state takes. The resource a write answers says each place
    in its life it names by one word (``status: draft`` beside ``stage: explore``): the write
    moved it there, and one of them alone misreads where it stands."""
    before = set(sel.pick.chosen)
    taken = take_ranked(sel, row)
    if taken and sel.kind in WRITE_KINDS and not sel.item:
        for f in sel.own_leaves:
            if is_lifecycle(f.key) and f.path not in sel.pick.chosen and not is_noise(f.key):
                sel.pick.add(f.path, row.records, force=True, cost=3)
    if not on_page(sel.item, sel.kind):
        return taken
    for f in sel.fields:
        inner = unwrap(f.node)
        path = reduce(f) if isinstance(inner, dict) else None
        if path is None or path in before or path not in sel.pick.chosen:
            continue
        said = path.rsplit(".", 1)[-1]
        kinds = [k for k, v in inner.items() if k != said and is_kind(k) and is_leaf(v)]
        kinds = [k for k in kinds if hint(inner[k]) != "const"]
        ids = [k for k, v in inner.items() if k != said and own_identity_key(k) and is_leaf(v)]
        for key in kinds[:1] + ids[:1]:
            sel.pick.add(f"{f.path}.{key}", row.records, force=True, cost=3)
    return taken


def enums(sel: Selection) -> list[Field]:
    """Another enum of its own (a list item: only when no named state was taken). The object
    a write answers, whose lean profile has room for one state: its enum, when nothing named
    as a state or a label was taken (``{expiration, support: DISABLED}`` after a revoke: where
    the write left it, all it says of itself)."""
    if sel.item and "state" in sel.pick.roles:
        return []
    if not sel.item and sel.kind in WRITE_KINDS and {"state", "label"} & set(sel.pick.roles):
        return []
    return [f for f in sel.leaves if hint(f.node) == "enum" and not is_kind(f.key) and not f.part]


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


# ------------------------------------------------------------------------------ content


def texts(sel: Selection) -> list[Field]:
    return [f for f in sel.leaves if is_content(f.key) and base_type(f.node) in ("string", "any")]


def text_key(f: Field, sel: Selection) -> Any:
    """The object's own text before a part's (a payment's ``description`` before its
    ``statusReason.message``); a plain text (``description``) before a qualified one
    (``activitySummary``); the text itself (``body``, ``text``) before what is said about it
    (``description``)."""
    return (f.part, len(w(f.key)) > 1, base_type(f.node) == "any", not is_body(f.key))


def rich_contents(sel: Selection) -> list[Field]:
    return [
        f for f in sel.objects + sel.arrays
        if is_content(f.key) and held_text(unwrap(f.node) or {}, f.key, isinstance(f.node, list))
    ]  # fmt: skip


def held_text(tree: Any, key: str = "", runs: bool = False) -> str | None:
    """The member of a text-named object that holds its text: its text member (``plain_text``,
    ``text``), else, every member a plain string that no role reads (no id, label, time, link,
    state or kind), the first: one text in its renderings or languages (``summary: {short,
    medium, long}``, ``description: {en, fr}``; alone, ``summary: {long}``). Not an object of
    ``details`` (``contentDetails: {note, videoId}``): its members say different things; nor
    a list's elements (``runs``): rich text runs say their text by its member's name, and
    other lists are records (``description: [{data, locale, scope}]``, values per locale)."""
    found = text_member(tree)
    if found is not None or runs or not isinstance(tree, dict) or not tree:
        return found
    if w(key)[-1] == "details":
        return None
    members: list[str] = list(tree)
    if all(tree[k] == "string" and not _role_read(k) for k in members):
        return members[0]
    return None


def _role_read(key: str) -> bool:
    """A member a role reads by its name: an id, a label, a time, a state, a kind, a link."""
    return (
        is_id_name(key)
        or is_label(key)
        or is_time(key, "string")
        or is_state(key)
        or is_kind(key)
        or is_url(key, None)
    )


def text_member_path(f: Field) -> str | None:
    return f"{f.path}.{held_text(unwrap(f.node), f.key, isinstance(f.node, list))}"


def take_unsaid(sel: Selection, row: Step) -> int:
    """The row's candidates unless a text already names the object."""
    if any(is_content(p.rsplit(".", 1)[-1]) for p in sel.pick.chosen):
        return 0
    ranked = row.ranked(sel)
    if ranked and all(f.part for f in ranked) and own_rich_text(sel):
        # only parts' texts (a tool's ``output.text``, one variant's) and its own as rich
        # text (a message's ``content: [{type, text}]``, another's): its own first, then those
        taken = take_fallback(sel, row)
        return taken + sel.take(ranked, row.records, row.limit(sel.profile), row.path)
    return take_ranked(sel, row)


def own_rich_text(sel: Selection) -> bool:
    """It holds its own text as rich text (not a part's)."""
    return any(not f.part for f in rich_contents(sel))


# ------------------------------------------------------------------------------ its page


def _urls(sel: Selection) -> list[Field]:
    # a link the response sends as null is no link (a tree read from a value)
    return [
        f for f in sel.leaves
        if is_url(f.key, f.node) and not f.part and base_type(f.node) != "null"
    ]  # fmt: skip


def _plain_link(f: Field) -> bool:
    return w(f.key) in (("url",), ("uri",), ("link",))


def pages(sel: Selection) -> list[Field]:
    """Human pages, and a plain link unless it is one among many (then it is the API's); on
    one resource's page its own website too (``_own_site``)."""
    urls = _urls(sel)
    page = on_page(sel.item, sel.kind)
    return [
        f for f in urls
        if is_human_url(f.key) or (_plain_link(f) and len(urls) <= 2)
        or (page and _own_site(f.key))
    ]  # fmt: skip


def _own_site(key: str) -> bool:
    """A link named for the object's website (``website``, ``websiteUri``, ``company_website``):
    a page a person opens, though no word of ``links.HUMAN_URL_WORDS`` says so. Kept on one
    resource's page when it has no page of its own (a list's item stays lean)."""
    return "website" in w(key)


def page_key(f: Field, sel: Selection) -> Any:
    """Its own page, then its one plain link, then a sharing or hosted copy or its website."""
    if is_human_url(f.key) and human_url_rank(f.key) == 0:
        return 0
    return 1 if _plain_link(f) else 2


# ------------------------------------------------------------------------------ times


# What a time's name may add to another time's to say the same instant in another zone or
# notation (``UpdatedUtc`` beside ``Updated``, ``created_at_iso`` beside ``created_at``).
NOTATION_WORDS = frozenset(
    {"utc", "gmt", "local", "iso", "unix", "epoch", "ms", "millis", "str", "string", "text",
     "formatted", "display", "human", "readable", "pretty", "tz", "normalized"}
)  # fmt: skip


def restated(f: Field, names: set[tuple[str, tuple[str, ...]]]) -> bool:
    """The same value as another of ``names`` (its holder and words) in another notation."""
    ws = w(f.key)
    holder = f.path.rpartition(".")[0]
    return len(ws) > 1 and ws[-1] in NOTATION_WORDS and (holder, ws[:-1]) in names


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


# ------------------------------------------------------------------------------ flags


def colors(sel: Selection) -> list[Field]:
    """A named object's own colour (a label's, a role's, a workflow state's: how a person
    tells it apart beside its name; ``roles/label.is_color``)."""
    if not any(is_label(f.key) for f in sel.own_leaves) or _a_person(sel):
        return []
    return [
        f for f in sel.own_leaves
        if is_color(f.key) and base_type(f.node) in ("string", "integer")
    ]  # fmt: skip


def _a_person(sel: Selection) -> bool:
    """The object is a person (its type a role noun, a handle or a person's name of its
    own): a user's ``color`` is a setting of theirs, not how a person tells them apart."""
    entity = bool(sel.entity) and is_person("_".join(sel.entity))
    names = any(
        w(f.key)[-1] == "name" and w(f.key)[0] in ("first", "last", "real", "full", "given")
        for f in sel.own_leaves
    )
    return entity or names or handle(sel.tree) is not None


def flags(sel: Selection) -> list[Field]:
    return [f for f in sel.own_leaves if is_flag(f.key, f.node)]


def finished_flags(sel: Selection) -> list[Field]:
    """A write's answer with no state of its own: a flag of its own that says where it stands
    in one participle (a long-running operation's ``done``, an invoice's ``paid``, a check's
    ``completed``). A write's profile takes no flags, and without it an operation answered by
    a create is only its name: the agent cannot tell whether to wait. Not an alarm flag (news
    only when true), not a setting (``auto_merge_enabled``: more than one word)."""
    if "state" in sel.pick.roles:
        return []
    return [
        f for f in sel.own_leaves
        if is_flag(f.key, f.node) and not is_alarm_flag(f.key)
        and len(w(f.key)) == 1 and participle(w(f.key)[0])
    ]  # fmt: skip


def flag_key(f: Field, sel: Selection) -> Any:
    """What it is (``private``, ``draft``) before what it has, before settings."""
    return flag_rank(f.key)


SETTING_RANK = 2  # ``flag_rank`` of a setting (``allow_forking``, ``keepForever``)


def take_flags(sel: Selection, row: Step) -> int:
    """Alarm flags always (news only when true: dropped when false by the pipeline; no slot),
    then the other flags up to the slot; a listed item's not its settings (``keepForever``,
    ``allow_forking``: its own page shows them; a list holds many items)."""
    found = row.ranked(sel)
    for f in found:
        if is_alarm_flag(f.key) and sel.profile.flags:
            sel.pick.add(f.path, row.records, force=True, cost=1)
    others = [f for f in found if not is_alarm_flag(f.key)]
    if sel.listed:
        others = [f for f in others if flag_rank(f.key) < SETTING_RANK]
    return sel.take(others, row.records, row.limit(sel.profile), row.path)


# ------------------------------------------------------------------------------ facts

FACT_TYPES = ("string", "integer", "number", "boolean")
LIMITED = frozenset({"limit", "limits", "quota"})  # ``character_limit``: a setting, not a fact


def facts(sel: Selection) -> list[Field]:
    """One resource's page: the facts of its own that no role took, each a scalar named by
    one word (``company``, ``location``, ``region``, ``following``), then by two
    (``sort_order``, ``run_attempt``, ``head_sha``; not a flag: the settings and features the
    flags' slot left, ``allow_forking``, nor a limit, ``max_members``, ``character_limit``):
    what a person reads on its page besides its name, state and times; not a bit field
    (``flags``), an id, a link, a time, a text, a blob's data, a setting of a unit, a picture
    (``banner``, ``splash``: ``PICTURES``), nor noise (an avatar, a hash)."""
    chosen = set(sel.pick.chosen)
    found = [
        f for f in sel.own_leaves
        if f.path not in chosen and base_type(f.node) in FACT_TYPES and _fact_name(f)
        and hint(f.node) not in ("uri", "url", "const", "byte", "binary", "password")
        and not (base_type(f.node) in ("integer", "number") and w(f.key)[-1] in BIT_FIELDS)
        and not (is_id_name(f.key) or is_url(f.key, f.node) or is_time(f.key, f.node)
                 or is_content(f.key) or is_value(f.key) or is_noise(f.key)
                 or is_unit_setting(f.key) or not PICTURES.isdisjoint(w(f.key)))
    ]  # fmt: skip
    return sorted(found, key=lambda f: len(w(f.key)))


# A picture of the resource beside the one that stands for it (``own_picture``): its banner,
# its cover, its splash screen, a smaller copy, each held as an address or a hash a person
# does not read; not a fact of the resource, which the facts' few slots are for. Not a
# ``picture`` or a ``photo`` alone (a person's, which stands for them), nor an ``image``,
# which is as often what a container or a disk runs from (``Image``: a fact of its page)
PICTURES = frozenset({"banner", "cover", "splash", "wallpaper", "thumbnail"})


def _fact_name(f: Field) -> bool:
    """Named by one word, or by two that name no flag and no limit (``facts``)."""
    ws = w(f.key)
    if len(ws) == 1:
        return True
    return (
        len(ws) == 2
        and base_type(f.node) != "boolean"
        and ws[0] not in LIMIT_WORDS
        and ws[-1] not in LIMITED
    )


# What stands for a resource beside its name where a person sees it: its avatar, icon or logo
# (not a banner or a cover beside it, nor a thumbnail: a smaller copy of a picture it holds)
EMBLEM_WORDS = frozenset({"avatar", "icon", "logo"})
# ... held as the picture itself or the address it is found at (not its hash, its size)
EMBLEM_HELD_AS = frozenset({"url", "uri", "link", "href"})


def own_picture(sel: Selection) -> list[Field]:
    """One resource's page: the picture that stands for it beside its name, a member of its
    own holding text named by an emblem word alone or with the address it is found at (a
    person's ``avatar_url``, a server's ``icon``, a company's ``logo_url``): its page shows
    it. Noise elsewhere (``roles/noise.py``): not a list's item's, not the pictures of the
    people or parts on the page, not a hash or a time of one (``icon_hash``,
    ``avatar_updated_at``), nor on the page of a picture itself."""
    if sel.part or {plural_free(x) for x in sel.entity} & PICTURE_WORDS:
        return []
    found = []
    for key, node in sel.tree.items():  # noise to the other rules: not among ``sel.fields``
        ws = w(key)
        if not is_leaf(node) or base_type(node) != "string" or is_time(key, node):
            continue
        if ws[-1] in EMBLEM_WORDS or (
            len(ws) == 2 and ws[0] in EMBLEM_WORDS and ws[1] in EMBLEM_HELD_AS
        ):
            found.append(Field(key, key, node, False))
    return found


def free_data(sel: Selection) -> list[Field]:
    """One resource's page: a member of its own the description leaves free-form (any value,
    a map of named values) that is named as its data (``is_data_name``): a document's
    ``fields``, a config map's ``data``, a ticket's ``ticket_attributes`` (its title and
    description). Its page without it shows only its name and times."""
    chosen = set(sel.pick.chosen)
    return [
        Field(key, key, node, False) for key, node in sel.tree.items()
        if key not in chosen and base_type(node) in ("any", "object")
        and is_data_name(key, sel.entity) and not is_noise(key)
        and not records_container(node)  # its lists' records: ``containers.py``
    ]  # fmt: skip


def cells(sel: Selection) -> list[Field]:
    """A record's values as cells, each a value said with the id of the field or column it
    fills (``data: [{columnId, value}]``, ``custom_fields: [{id, value}]``: ``said_of``),
    under a name of its own data (``is_data_name``): on a listed item only when it has no
    label of its own (a table's row: its cells are all it says; a contact named by its name
    stays lean)."""
    if sel.listed and "label" in sel.pick.roles:
        return []
    return [
        Field(key, key, node, False) for key, node in sel.tree.items()
        if key not in sel.pick.used and isinstance(node, list)
        and isinstance(inner := unwrap(node), dict) and said_of(inner)
        and is_data_name(key, sel.entity)
    ]  # fmt: skip


def part_states(sel: Selection) -> list[Field]:
    """One resource's page: the states its state part holds per aspect, each an object with a
    state of its own (``status: {health: {status}, sync: {status}}``, a deployed application's
    health and sync), two levels down where no other step looks."""
    out: list[Field] = []
    chosen = set(sel.pick.chosen)
    for key, node in sel.tree.items():
        inner = unwrap(node)
        if not isinstance(inner, dict) or not is_state(key):
            continue
        for sub, subnode in inner.items():
            aspect = unwrap(subnode)
            if not isinstance(aspect, dict) or is_noise(sub):
                continue
            own = [k for k, v in aspect.items() if is_leaf(v) and is_state(k)]
            if own and f"{key}.{sub}.{own[0]}" not in chosen:
                out.append(Field(f"{key}.{sub}.{own[0]}", own[0], aspect[own[0]], True))
    return out


# ------------------------------------------------------------------------------ kinds


def kinds(sel: Selection) -> list[Field]:
    """Discriminators and categories that may vary, never a const (a list's items: the
    pipeline drops a discriminator that is the same on every item)."""
    return [
        f for f in sel.leaves
        if (is_kind(f.key) or is_category(f.key)) and hint(f.node) != "const" and not f.part
    ]  # fmt: skip


def kind_key(f: Field, sel: Selection) -> Any:
    """A category (``language``) and ``type`` before ``object``/``class``: they vary more; a
    version of the API's format (``apiVersion``) last: it says how the record is written, not
    what it is (a resource's ``kind`` is)."""
    ws = w(f.key)
    return (
        not is_category(f.key),
        ws[-1] in ("object", "class") or ws[-1] == "version",
        ws[-1] == "version",
    )
