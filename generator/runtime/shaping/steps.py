"""The candidates, ranks and step functions of the rules' rows (``rules.STEPS``).

Each row of the table (``table.py``) names here which members of one object qualify for its
role (``roles/``: what a field is), in what rank, and, when taking them is more than the
ranked candidates up to the slot while they fit the budget, its step function:

- identity: the object's identity fields, whatever the budget;
- label: the label (unless an identity that names the object was taken), else the primary
  field, rich text, text, else its link and a related object named by a label; then the
  locator; what a typed record holds (``label_steps.py``);
- states: named states (an object there reduced to its label), the object's own before a
  part's, then another enum (a list item: only without a state);
- money: amounts (before text and times), else one held with its currency in an object; then
  the currency beside an amount (``quantity_steps.py``);
- content: the text of one resource (the text itself, ``body``, before what is said about it,
  ``description``), or a short preview (a list item's, a write's), unless its text named it;
- link: the object's own page, its one plain link, a sharing or hosted copy;
- recent time: when it changed and when it was made (an item said by its text: when it was
  written first; an item with neither: when it happened; with no time of its own or in its
  parts, one deeper down: a commit's ``commit.author.date``, with that person's name; the
  time rows' functions are in ``time_steps.py``);
- then people and lists inside the object (``people_steps.py``, ``list_steps.py``);
- counts (the same quantity in a sibling part beside one taken: ``quantity_steps.py``), flags (alarm flags for free;
  a flag costs a word, a relation a name and an id), relations (``relation_steps.py``),
  another time (``time_steps.py``), discriminators and categories.
"""

from __future__ import annotations

from typing import Any

from .compounds import said_of
from .containers import records_container
from .kinds import WRITE_KINDS
from .names import base_type, hint, is_leaf
from .picking import Field, Selection
from .roles.content import (
    is_body,
    is_content,
    is_data_name,
    is_value,
    text_member,
)
from .roles.identity import (
    has_own_identity,
    is_id_name,
    identity_fields,
    own_identity_key,
)
from .roles.kinds import is_category, is_kind
from .roles.label import (
    is_color,
    is_label,
)
from .roles.links import human_url_rank, is_human_url, is_url
from .roles.noise import is_noise
from .roles.people import handle, is_person
from .roles.quantity import (
    BIT_FIELDS,
    LIMIT_WORDS,
    is_unit_setting,
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
    PICTURE_WORDS, is_time, plural_free,
)  # fmt: skip
from .roles.words import participle, w
from .pages import on_page
from .table import Step, take_fallback, take_ranked
from .trees import node_at, unwrap


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
    on a listed item, the region it is in, not where it stands (its page shows its place:
    ``relation_steps.details``, the address's lines; the resource a write answers keeps it, as
    any part's state it holds). Also an address's own ``state`` when it is a part chosen on by
    itself."""
    if not f.part:
        return sel.part and is_postal(sel.tree)
    return is_postal(unwrap(node_at(sel.tree, f.path.rpartition(".")[0])))


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


DOWNLOAD_WORDS = frozenset({"download"})


def own_download(sel: Selection) -> list[Field]:
    """One resource's page: the link its content is fetched at, named for downloading it (a
    file's ``download_url``, an export's ``downloadUri``): what a person takes from its page
    beside the page itself. Not a list's item's (``_page``), nor a part's."""
    if sel.part:
        return []
    return [
        f for f in _urls(sel)
        if set(w(f.key)) & DOWNLOAD_WORDS and base_type(f.node) == "string"
    ]  # fmt: skip


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
