"""The choosing steps of the default fields, one per role, in the order ``defaults.py`` runs them.

Each step takes the candidates of its role (``roles/``: what a field is) from one object's
``Selection`` while they fit the profile's limits and budget (``picking.py``). The steps:

- identity: the object's identity fields, whatever the budget;
- label: the label, else the primary field, rich text, text, else its link and a related
  object named by a label; then the locator;
- states: named states (an object there reduced to its label), the object's own before a
  part's, then another enum (a list item: only without a state);
- money: amounts (before text and times), then the currency;
- content: the text of one resource (the text itself, ``body``, before what is said about it,
  ``description``), or a short preview (a list item's, a write's);
- link: the object's own page;
- recent time: when it changed and when it was made (an item said by its text: when it was
  written first; an item with neither: when it happened; with no time of its own or in its
  parts, one deeper down: a commit's ``commit.author.date``);
- then people and lists inside the object (``relation_steps.py``);
- counts, flags (alarm flags for free; a flag costs a word, a relation a name and an id),
  relations (``relation_steps.py``), another time, discriminators and categories.
"""

from __future__ import annotations

from typing import Callable

from .collections import is_meta_key
from .names import base_type, hint, is_leaf
from .picking import Field, Selection, own_path
from .roles.content import is_body, is_content, is_value, text_member
from .roles.identity import has_id, identity_fields, is_natural_key, named_after
from .roles.kinds import is_category, is_kind
from .roles.label import (
    is_full_name,
    is_label,
    is_locator,
    is_primary,
    label_rank,
    text_path,
)
from .roles.links import human_url_rank, is_human_url, is_url
from .roles.noise import is_noise
from .roles.people import is_person
from .roles.quantity import is_count, is_money, is_unit_setting, money_pair, numbers_only
from .roles.relation import reduce
from .roles.state import flag_rank, is_alarm_flag, is_flag, is_state, state_rank
from .roles.time import is_time, time_rank
from .roles.words import w
from .trees import unwrap

WRAPPER_LEAVES = 2  # scalars beside a list in a part that is that list's wrapper
LENGTHS = frozenset({"count", "total"})  # a name that says it counts something


def take_identity(sel: Selection) -> None:
    """The object's identity fields, whatever the budget."""
    for ident in identity_fields(sel.tree, sel.entity, sel.keys)[: sel.profile.identity]:
        sel.pick.add(ident, "identity", force=True)


def take_label(sel: Selection) -> None:
    """The label, else the primary field, else rich text, else text, else the link and a
    related object named by a label; then the locator."""
    pick, profile = sel.pick, sel.profile
    leaves, objects, arrays = sel.leaves, sel.objects, sel.arrays
    labels = sorted(
        (f for f in leaves if is_label(f.key)), key=lambda f: (f.part, label_rank(f.key))
    )
    # an identity that is a label names the object, unless it is a handle (``login``) or the
    # name of another thing it is addressed by (``tag_name`` of ``/releases/tags/{tag}``):
    # then the display name is taken too; a full name does name it
    said = {p.rsplit(".", 1)[-1] for p in pick.chosen}
    naming = [
        f for f in labels
        if (not is_natural_key(f.key) or is_full_name(f.key)) and not named_after(f.key, sel.keys)
    ]  # fmt: skip
    if not any(f.key in said for f in naming):
        if not sel.take(labels, "label", profile.label, own_path):
            primary = [f for f in leaves if is_primary(f.key) and not f.part]
            rich = [
                f for f in objects + arrays
                if (is_label(f.key) or is_content(f.key)) and text_path(f.key, f.node)
            ]  # fmt: skip
            rich_label = [f for f in rich if is_label(f.key)]  # ``Title: [{lang, text}]``
            text = [f for f in leaves if is_content(f.key) and base_type(f.node) == "string"]
            named = [  # a related thing one level down named by a label (``app.name``)
                f for f in objects
                if not f.part and not is_noise(f.key) and not is_person(f.key)
                and has_id(f.node) and is_label((reduce(f) or "").rsplit(".", 1)[-1])
            ]  # fmt: skip
            links = [f for f in leaves if is_url(f.key, f.node) and not f.part]
            rich_path: Callable[[Field], str | None] = lambda f: (  # noqa: E731
                f"{f.path}.{text_path(f.key, f.node)}"
            )
            if not (
                sel.take(rich_label, "label", 1, rich_path)
                or sel.take(primary, "label", 1, own_path)
                or sel.take(rich, "label", 1, rich_path)
                or sel.take(text, "label", 1, own_path)
            ):  # nothing of its own names it: its link, and what it relates to by name
                sel.take(links, "label", 1, own_path)
                sel.take(named, "label", 1, reduce)
    # where it lives tells two things of the same name apart (a file's path)
    # its own first, then a part's (a resource's ``metadata.namespace``) when it has members of
    # its own (an object of parallel parts is shown part by part: ``defaults.py``)
    own = any(not f.part and is_leaf(f.node) for f in sel.fields)
    locators = sorted(
        (f for f in leaves if is_locator(f.key) and (own or not f.part)), key=lambda f: f.part
    )
    if any(is_full_name(p) for p in pick.chosen):
        locators = []  # a qualified full name (``full_name``) says where it lives already
    sel.take(locators, "label", 1, own_path)


def take_states(sel: Selection) -> None:
    """Named states (an object in that place reduced to its label), then other enums."""
    item, profile = sel.item, sel.profile
    states = sorted(
        (f for f in sel.fields if is_state(f.key) and not is_noise(f.key)),
        key=lambda f: (state_rank(f.key), f.part),
    )
    if item and any(state_rank(f.key) < 2 for f in states):  # a reason only without a state
        states = [f for f in states if state_rank(f.key) < 2]
    if any(not f.part and state_rank(f.key) < 2 and reduce(f) for f in states):
        states = [f for f in states if not f.part]  # its own state, not a part's (tax.status)
    named = sel.take(states, "state", profile.state, reduce)
    if profile.state > 1 and not (item and named):
        enums = [
            f for f in sel.leaves if hint(f.node) == "enum" and not is_kind(f.key) and not f.part
        ]
        sel.take(enums, "state", 1, own_path)


def take_flags(sel: Selection) -> None:
    """Alarm flags always (no slot), then the flag slots by ``flag_rank``."""
    flags = [f for f in sel.own_leaves if is_flag(f.key, f.node)]
    for f in flags:  # news only when true: always taken, dropped when false (pipeline)
        if is_alarm_flag(f.key) and sel.profile.flags:
            sel.pick.add(f.path, "flag", force=True, cost=1)
    ranked = sorted((f for f in flags if not is_alarm_flag(f.key)), key=lambda f: flag_rank(f.key))
    sel.take(ranked, "flag", sel.profile.flags, own_path)


def take_kinds(sel: Selection) -> None:
    """Discriminators that may vary (``type`` before ``object``/``class``), never a const."""
    kinds = sorted(
        (
            f
            for f in sel.leaves
            if (is_kind(f.key) or is_category(f.key)) and hint(f.node) != "const" and not f.part
        ),
        # a category (``language``) and ``type`` before ``object``/``class``: they vary more
        key=lambda f: (not is_category(f.key), w(f.key)[-1] in ("object", "class")),
    )  # a list's items: the pipeline drops a discriminator that is the same on every item
    sel.take(kinds, "kind", sel.profile.kinds, own_path)


def take_money(sel: Selection) -> None:
    """Amounts (before text and times), then the currency next to them."""
    money = sorted(  # ``total`` before ``sub_total``
        (f for f in sel.own_leaves if is_money(f.key, f.node)), key=lambda f: len(w(f.key)) > 1
    )
    if sel.take(money, "money", sel.profile.money, own_path):
        sel.take([f for f in sel.own_leaves if w(f.key)[-1] == "currency"], "money", 1, own_path)
        return
    for (
        f
    ) in sel.objects:  # an amount with its currency in one object: ``balance: {amount, currency}``
        pair = money_pair(f.key, f.node)
        if pair is not None and not f.part and sel.pick.add(f"{f.path}.{pair[0]}", "money"):
            sel.pick.add(f"{f.path}.{pair[1]}", "money", force=True, cost=2)
            return


def take_counts(sel: Selection) -> None:

    # its own, then a part's (``status.replicas``), not its metadata's
    # (``metadata.deletionGracePeriodSeconds``); the bare quantity (``replicas``) before the
    # qualified ones that count a share of it (``updatedReplicas``)
    counts = sorted(
        (
            f for f in sel.leaves
            if is_count(f.key, f.node) and not is_time(f.key, f.node)
            and not (f.part and _not_a_quantity_part(sel, f))
        ),
        key=lambda f: (f.part, _qualifies_another(f, sel.leaves), is_unit_setting(f.key)),
    )  # fmt: skip
    if not sel.item:  # a small object of numbers only (``stats: {additions, deletions, total}``)
        counts += [f for f in sel.objects if not f.part and numbers_only(f.node)]
    before = set(sel.pick.chosen)
    sel.take(counts, "count", sel.profile.counts, own_path)
    for f in counts:  # the desired quantity next to the observed one, and the reverse
        if f.part and f.path in sel.pick.chosen and f.path not in before:
            for g in _same_quantity_elsewhere(f, sel.leaves):
                sel.pick.add(g.path, "count")


def _same_quantity_elsewhere(f: Field, leaves: list[Field]) -> list[Field]:
    """The quantity of ``f`` (``spec.replicas``) in its sibling parts (``status.replicas``):
    what was asked for and what is, read together."""
    parent = f.path.rpartition(".")[0]
    return [
        g for g in leaves
        if g.part and g is not f and g.key == f.key and g.path.rpartition(".")[0] != parent
        and g.path.count(".") == f.path.count(".")
    ]  # fmt: skip


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
    conditions and many quantities (``status.replicas``) is a part like any other."""
    top = f.path.split(".", 1)[0]
    part = sel.tree.get(top)
    if is_meta_key(top):
        return True
    if not isinstance(part, dict) or not any(isinstance(v, list) for v in part.values()):
        return False
    return sum(is_leaf(v) for v in part.values()) <= WRAPPER_LEAVES or w(f.key)[-1] in LENGTHS


def take_value(sel: Selection) -> None:
    """A typed record's value (``roles/content.is_value``: ``data`` beside ``type`` and
    ``name``), a scalar of its own: what the record holds, right after its label. Only in a
    record that says its type (a blob's ``data`` beside a file name is no value)."""
    values = [
        f for f in sel.own_leaves
        if is_value(f.key) and base_type(f.node) in ("string", "integer", "number", "any")
    ]  # fmt: skip
    typed = any(is_kind(f.key) for f in sel.own_leaves)  # a record of a type: a DNS A record
    if len(values) == 1 and typed:
        sel.take(values, "label", 1, own_path)


def take_content(sel: Selection, role: str) -> None:
    """Its text (``role``: ``content`` for one object, ``preview`` for a list item), plain
    first, else rich text through its text member."""
    if any(is_content(p.rsplit(".", 1)[-1]) for p in sel.pick.chosen):
        return  # its text already names it
    limit = sel.profile.content
    text = sorted(  # a plain text (``description``) before a qualified one (``activitySummary``);
        # the text itself (``body``, ``text``) before what is said about it (``description``)
        (f for f in sel.leaves if is_content(f.key) and base_type(f.node) in ("string", "any")),
        key=lambda f: (len(w(f.key)) > 1, base_type(f.node) == "any", not is_body(f.key)),
    )
    if sel.take(text, role, limit, own_path):
        return
    rich = [
        f for f in sel.objects + sel.arrays
        if is_content(f.key) and text_member(unwrap(f.node) or {})
    ]  # fmt: skip
    sel.take(rich, role, limit, lambda f: f"{f.path}.{text_member(unwrap(f.node))}")


def take_link(sel: Selection) -> None:
    """Its own page, else its one plain link, else a sharing or hosted copy."""
    urls = [  # a link the response sends as null is no link (a tree read from a value)
        f for f in sel.leaves
        if is_url(f.key, f.node) and not f.part and base_type(f.node) != "null"
    ]  # fmt: skip
    human = [f for f in urls if is_human_url(f.key)]
    plain = [f for f in urls if w(f.key) in (("url",), ("uri",), ("link",))]
    plain = plain if len(urls) <= 2 else []  # among many links a plain one is the API's
    pages = [f for f in human if human_url_rank(f.key) == 0]
    sel.take(pages + plain + [f for f in human if f not in pages], "url", sel.profile.url, own_path)


def times(sel: Selection) -> list[Field]:
    return sorted(
        (f for f in sel.leaves if is_time(f.key, f.node)), key=lambda f: (f.part, time_rank(f.key))
    )


def take_recent(sel: Selection) -> None:
    """When it last changed (then when it was made); a list item said by its text (a comment,
    a message) is dated by its writing."""
    recent = [f for f in times(sel) if time_rank(f.key) < 2]  # updated, then created
    mine = [f for f in sel.fields if not f.part]
    if sel.item and any(is_content(f.key) for f in mine) and not any(is_label(f.key) for f in mine):
        # an item said by its text, not named (a comment, a message): dated by its writing
        recent.sort(key=lambda f: time_rank(f.key) != 1)
    if not sel.take(recent, "time", sel.profile.time, own_path) and sel.item:
        # no change or creation time: when it happened (a message's ``ts``, ``published_at``)
        if not sel.take([f for f in times(sel) if time_rank(f.key) == 2], "time", 1, own_path):
            # none of its own or its parts': a date deeper down (a commit's ``commit.author.date``)
            deeper = _deeper_times(sel.tree)
            if sel.take(deeper, "time", 1, own_path):
                _signature_name(sel, next(f for f in deeper if f.path in sel.pick.chosen))


def _signature_name(sel: Selection, time: Field) -> None:
    """A date taken from a person two objects down (git's ``commit.author: {name, email,
    date}``) comes with that person's name: who and when, a signature."""
    holder = time.path.rpartition(".")[0]
    top, _, key = holder.partition(".")
    part = unwrap(sel.tree.get(top))
    node = unwrap(part.get(key)) if isinstance(part, dict) else None
    if not is_person(key) or not isinstance(node, dict):
        return
    names = [k for k in node if is_leaf(node[k]) and is_label(k) and w(k)[-1] == "name"]
    if names:
        sel.pick.add(f"{holder}.{names[0]}", "person", cost=3)


def _deeper_times(tree: dict) -> list[Field]:
    """Times two objects down (``commit.author.date``, ``commit.committer.date``)."""
    found: list[Field] = []
    for key, sub in tree.items():
        sub = unwrap(sub)
        if not isinstance(sub, dict) or is_noise(key) or is_meta_key(key):
            continue
        for key2, sub2 in sub.items():
            sub2 = unwrap(sub2)
            if isinstance(sub2, dict) and not is_noise(key2):
                found += [
                    Field(f"{key}.{key2}.{k}", k, v, True)
                    for k, v in sub2.items() if is_leaf(v) and is_time(k, v)
                ]  # fmt: skip
    return found


def take_other(sel: Selection) -> None:
    """One resource: more times of another kind (due, closed, published): one, and on its page
    (``pages.PAGE``) as many as its profile's times allow; none on a write's answer."""
    others = [f for f in times(sel) if time_rank(f.key) == 2]
    sel.take(others, "time", 0 if sel.item else max(sel.profile.time - 1, 0), own_path)
