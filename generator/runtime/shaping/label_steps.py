"""The label rows' candidates, ranks and step function (``rules.STEPS``; ``steps.py`` has the
other roles'): the label (unless an identity that names the object was taken), else the
primary field, rich text, text, else its link and a related object named by a label; then the
locator; what a typed record holds (its value, a reading with its unit).
"""

from __future__ import annotations

from typing import Any

from .kinds import WRITE_KINDS
from .names import base_type, hint, is_leaf, is_strings_map
from .picking import Field, Selection
from .roles.content import (
    is_content,
    is_raw,
    is_remark,
    is_value,
)
from .roles.identity import (
    addressed_by,
    has_id,
    is_id_name,
    is_natural_key,
    named_after,
    own_identity_key,
    refers,
)
from .roles.kinds import is_kind
from .roles.label import (
    is_full_name,
    is_label,
    is_locator,
    is_primary,
    label_rank,
    name_part,
    text_path,
)
from .roles.links import URL_WORDS, is_url
from .roles.noise import is_noise
from .roles.people import is_person, is_person_object, own_name
from .roles.relation import reduce
from .roles.state import is_state
from .roles.time import (
    is_time,
)  # fmt: skip
from .roles.words import w
from .pages import on_page
from .steps import restated
from .table import Step, take_fallback, take_ranked
from .trees import unwrap

# ------------------------------------------------------------------------------ label

UNNAMING = frozenset({"boolean", "integer", "number"})  # types no label is written in


def labels(sel: Selection) -> list[Field]:
    """Its labels, each once: not the same label in another notation beside it
    (``real_name_normalized`` beside ``real_name``); never a flag or a number named like one
    (``is_return_label: true`` of a shipping label says which kind it is, it names nothing)."""
    found = [f for f in sel.leaves if is_label(f.key) and base_type(f.node) not in UNNAMING]
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
        and (addressed_by(f.key, sel.keys) or _sole_identity(f, sel))
        and any(g.key != f.key and not g.part for g in ranked)
    )


def _sole_identity(f: Field, sel: Selection) -> bool:
    """A bare ``name`` that is all the object is identified by (no id of its own beside it:
    a resource name, ``attachments/42``, ``identityProviders/7``) is its identity, not what a
    person calls it; the other label beside it (``filename``, ``title``) is."""
    return w(f.key) == ("name",) and not any(
        g is not f and (own_identity_key(g.key) or is_id_name(g.key)) for g in sel.own_leaves
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
    """The primary field (``path``, ``filename``, ``ref``); not a flag named like one
    (``sql_require_primary_key: true`` is a setting)."""
    return [
        f for f in sel.leaves if is_primary(f.key) and not f.part and base_type(f.node) != "boolean"
    ]


def take_primary(sel: Selection, row: Step) -> int:
    """The primary field; a bare ``version`` taken so names nothing alone: it is the version
    of the one plain string beside it (``{framework, version}``, ``{engine, version}``), taken
    with it (``versioned``)."""
    taken = take_ranked(sel, row)
    for f in [f for f in sel.leaves if f.path in sel.pick.chosen and w(f.key) == ("version",)]:
        taken += sel.take(versioned(sel, f), row.records, 1, row.path)
    return taken


def versioned(sel: Selection, version: Field) -> list[Field]:
    """What a bare ``version`` is the version of: the one plain string beside it (no format
    or enum, not an id, a kind, a time, a link, a text, a state, a primary field nor noise)."""
    parent = version.path.rpartition(".")[0]
    found = [
        f for f in sel.leaves
        if f.path.rpartition(".")[0] == parent and f is not version
        and base_type(f.node) == "string" and hint(f.node) is None
        and not (own_identity_key(f.key) or is_id_name(f.key) or is_kind(f.key)
                 or is_time(f.key, f.node) or is_url(f.key, f.node) or is_content(f.key)
                 or is_state(f.key) or is_primary(f.key) or is_noise(f.key))
    ]  # fmt: skip
    return found if len(found) == 1 else []


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


def names_beside_ids(sel: Selection) -> list[Field]:
    """A plain text named as a thing whose id is beside it (``campaign`` beside
    ``campaign_id``, ``project`` beside ``projectId``: the id ``refers`` to it): that thing's
    name. An object with no label of its own (a report's row for a campaign) is named by it."""
    named = {
        w(f.key)[:-1] for f in sel.own_leaves if w(f.key)[-1] == "id" and refers(f.key, sel.tree)
    }
    return [
        f for f in sel.own_leaves
        if w(f.key) in named and base_type(f.node) == "string"
        and not is_noise(f.key) and not is_url(f.key, f.node) and not is_time(f.key, f.node)
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


def addresses(sel: Selection) -> list[Field]:
    """What an object whose type is an address holds: its own URLs (by name or format, not
    sent as null), at most two. A schema named for a link (``ShortUrl``, ``Link``,
    ``RedirectUri``: its name's last word a link word) describes a URL that is the resource's
    content, not a page to open: a short link's ``shortUrl`` and the ``longUrl`` it sends to,
    a redirect's target; without them the record is its code and title. Not the API's own
    link to it nor its manual's (``selfLink``, ``docUrl``: ``API_LINK_WORDS``). So is a part
    named by a link word alone (a sharing permission's ``link: {type, webUrl, displayName}``):
    its first URL is what the part is."""
    linked = [
        f for f in sel.leaves
        if f.part and "." not in f.path.partition(".")[2]
        and w(f.path.partition(".")[0]) in LINK_NAMES and _address(f)
    ][:1]  # fmt: skip
    if not sel.entity or sel.entity[-1] not in URL_WORDS:
        return linked
    return [f for f in sel.own_leaves if _address(f)][:2] or linked


LINK_NAMES = (("link",), ("url",), ("uri",))  # a part named for a link


def _address(f: Field) -> bool:
    """A URL, by name or format, not sent as null, nor noise, nor the API's own link."""
    return (
        is_url(f.key, f.node) and base_type(f.node) != "null" and not is_noise(f.key)
        and not set(w(f.key)) & API_LINK_WORDS
    )  # fmt: skip


# what qualifies a link as the API's own or its manual's (``selfLink``, ``docUrl``), not a
# URL a link object holds
API_LINK_WORDS = frozenset({"self", "doc", "docs", "documentation", "help"})


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
