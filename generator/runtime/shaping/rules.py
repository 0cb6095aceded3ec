"""The declared table of the default-shaping rules (``STEPS``), read by ``defaults.py``.

One row per role, in the order the roles are filled while the budget lasts (``table.py``: the
columns; role, candidates, rank, budget slot, fallback, how taken, when it applies), with the
fallback rows and the ``when`` predicates the rows name. The candidates, ranks and step
functions live in the ``*_steps.py`` modules; ``defaults.choose_default_fields`` runs the
table on one object and the passes after it (module doc of ``defaults.py``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import wraps
from typing import Callable

from .names import base_type, is_leaf
from .picking import Field, Profile, Selection
from .roles.content import is_content
from .roles.identity import own_identity_key
from .roles.label import is_label
from .roles.relation import reduce
from .kinds import WRITE_KINDS
from .pages import on_page
from .list_steps import object_lists, take_lists
from .people_steps import caller_left_out, people, person_key, take_own_handle, take_people
from .relation_steps import (
    details, parents, relations, relation_key, scalar_lists, take_details, take_parent,
    take_relations,
)  # fmt: skip
from .steps import (
    cells, colors, enums, facts, finished_flags, flag_key, flags, free_data, identities,
    kind_key, kinds, own_download, own_picture, page_key, pages, part_states, rich_contents,
    state_key, states, take_flags, take_forced, take_states, take_unsaid, text_key,
    text_member_path, texts,
)  # fmt: skip
from .label_steps import (
    addresses, label_key, labels, locators, named_relations, names_beside_ids,
    own_links, label_text_key, part_last, plain_texts, primaries, readings, rich_labels, rich_path, rich_texts, tag_maps, take_label,
    take_primary, values,
)  # fmt: skip
from .quantity_steps import (
    amounts, bare_first, count_key, counts, currencies, currency_key, money_objects,
    take_counts, take_money_pair,
)  # fmt: skip
from .time_steps import (
    deeper_times, happened, other_time_key, plan_key, planned_times,
    recent_key, recent_times, take_other_times, take_planned, take_signed, time_key,
)  # fmt: skip
from .table import Step
from .trees import unwrap

FACTS = 4  # a page's facts no role took (``facts``): at most this many


def _one_read(profile: Profile, item: bool, kind: str) -> bool:
    """One resource a read answers with: its body or description, cut to ``max_chars``."""
    return bool(profile.content) and not item and kind not in WRITE_KINDS


def _preview(profile: Profile, item: bool, kind: str) -> bool:
    """A list item or a write's answer: its text as a short preview (the pipeline cuts it)."""
    return bool(profile.content) and (item or kind in WRITE_KINDS)


def _item(profile: Profile, item: bool, kind: str) -> bool:
    return item


def _listed_read(profile: Profile, item: bool, kind: str) -> bool:
    """An item of what a read lists (``Selection.listed`` says which); not a search's hit,
    which is picked by what it is, not by when it is planned."""
    return item and kind == "read"


def _one(profile: Profile, item: bool, kind: str) -> bool:
    return not item


def _page(profile: Profile, item: bool, kind: str) -> bool:
    """One resource's page (``pages.on_page``), as a step's ``when``."""
    return on_page(item, kind)


def _written(profile: Profile, item: bool, kind: str) -> bool:
    return kind in ("create", "update")


def _not_written(profile: Profile, item: bool, kind: str) -> bool:
    return not _written(profile, item, kind)


def unsent_lists(sel: Selection) -> list[Field]:
    """The lists of scalars of one resource (``scalar_lists``); on the resource a create or
    update answers with, not those typed as strings or numbers (``topics``, ``applied_tags``,
    ``memberResourceNames``): the values the caller set. A list whose items the description
    does not type (``messages: [any]``) may say what the call did: it stays a candidate."""
    found = scalar_lists(sel)
    if sel.kind not in ("create", "update"):
        return found
    return [f for f in found if base_type(unwrap(f.node)) == "any"]


def take_naming_relation(sel: Selection, row: Step) -> int:
    """A create's or update's relations: the caller named what the resource belongs to in its
    request, so none when the resource has an identity and a label of its own, and with a text
    of its own instead (a comment's ``body``, which the caller sent) and a name kept beside it
    (its author's, or its author left out as the caller) only the one id it refers to by (a review's ``commit_id``), not a related
    object nor one of several ids (the optional things a comment may be on, ``initiative``,
    ``issueId``, ``projectUpdateId``: the caller named the one in its request); else a related
    object may be what says which one it is (an allow-list entry known by its
    ``enterprise.name``), taken as any answer's relations are."""
    own = sel.own_leaves
    if not any(own_identity_key(f.key) for f in own):
        return take_relations(sel, row)
    if any(is_label(f.key) for f in own):
        return 0
    text = any(is_content(f.key) and base_type(f.node) == "string" for f in own)
    if text and (
        any(is_label(p.rsplit(".", 1)[-1]) for p in sel.pick.chosen) or caller_left_out(sel)
    ):
        # named by its text and a name beside it (its author's, or its author left out as the
        # caller): only the one id it refers to by (``commit_id``), not related objects, nor
        # one of several ids it may be on
        ids = [
            f
            for f in relations(sel)
            if is_leaf(f.node) and f.path not in sel.pick.used and not own_identity_key(f.key)
        ]
        if len(ids) != 1:
            return 0
        return take_relations(sel, replace(row, candidates=lambda s: ids))
    return take_relations(sel, row)


# The label's fallback: a label held as rich text, the primary field, a rich text, a text;
# else, both, its own link and a related object named by a label.
_RICH_LABEL = Step("rich label", rich_labels, path=rich_path, picks="label")
_PRIMARY = Step("primary", primaries, picks="label", take=take_primary)
_RICH_TEXT = Step("rich text", rich_texts, path=rich_path, picks="label")
_TEXT = Step("text", plain_texts, label_text_key, picks="label")
_OWN_LINK = Step("own link", own_links, picks="label")
_RELATED_NAME = Step("related name", named_relations, path=reduce, picks="label")
_NAME_BESIDE_ID = Step("name beside its id", names_beside_ids, picks="label")
# A text held as rich text, through its text member (``description: {text}``).
_RICH_CONTENT = Step(
    "rich content", rich_contents, slot="content", path=text_member_path, picks="content"
)


def _standing_in(
    candidates: Callable[[Selection], list[Field]],
) -> Callable[[Selection], list[Field]]:
    """``candidates`` as a time standing in for an item's time of change or creation, only
    where it has none: a write's record (``kinds.WRITE`` keeps no times) that has one leaves
    its times out, and another time would stand in for none (each notification an
    archive-all answers kept ``archivedAt``, the time the call set, and its people did not
    fit; each issue a batch made, ``addedToCycleAt``)."""

    @wraps(candidates)
    def found(sel: Selection) -> list[Field]:
        return [] if sel.profile.time == 0 and recent_times(sel) else candidates(sel)

    return found


def _unplanned(
    candidates: Callable[[Selection], list[Field]],
) -> Callable[[Selection], list[Field]]:
    """``candidates`` as a time standing in for an item's time of change or creation, only
    where it has no moment of its own it is planned for (a read's listed item: ``planned``
    takes it, ``time_steps.planned_times``): a call log's entry or a meeting planned to start
    at ``startTime`` is dated by it, not by its ``answerTime`` or ``endTime`` beside it (a
    span's end still comes with its start: ``pairs.with_counterparts``)."""

    @wraps(candidates)
    def found(sel: Selection) -> list[Field]:
        return [] if sel.kind == "read" and planned_times(sel) else candidates(sel)

    return found


# A list item with no time of change or creation: when it happened (unless it is planned for a
# moment of its own), else a date deeper down.
_HAPPENED = Step("happened", _standing_in(_unplanned(happened)), time_key, picks="time", when=_item)
_DEEPER = Step(
    "deeper time", _standing_in(deeper_times), picks="time", take=take_signed, when=_item
)
# ... and a page, through its parts: a commit read by its sha is dated by its author's date (and
# its committer's beside it: ``take_signed``).
_DEEPER_PAGE = Step("deeper part time", deeper_times, picks="time", take=take_signed, when=_page)

# The rules, in the order their roles are filled while the budget lasts (module doc; the
# columns: ``table.py``). A fallback follows the table in ``choose_default_fields``: an object
# nothing here picked from (or whose parts gave only their states) takes each part's own
# defaults.
# fmt: off
STEPS: tuple[Step, ...] = (
    # role, candidates, rank, slot (a profile's count or a number), fallback; how taken
    Step("identity", identities, slot="identity", take=take_forced),  # whatever the budget
    Step("handle", people, slot=1, picks="label", take=take_own_handle),  # a person: who
    Step("label", labels, label_key, "label", (_RICH_LABEL, _PRIMARY, _NAME_BESIDE_ID,
                                               _RICH_TEXT, _TEXT, (_OWN_LINK, _RELATED_NAME)),
         take=take_label),
    Step("locator", locators, part_last, 1, picks="label"),  # where it lives
    Step("value", values, slot=1, picks="label"),  # what a typed record holds (DNS data)
    Step("address", addresses, slot=2, picks="label"),  # a ``ShortUrl``'s URLs
    Step("reading", readings, slot=2, picks="count"),  # a measurement's value and its unit
    Step("cells", cells, slot=1, picks="list", take=take_forced),  # a row's ``{columnId, value}``
    Step("state", states, state_key, "state", path=reduce,
         take=take_states),  # an object: by its label (on a page with its category)
    Step("enum", enums, slot=1, picks="state",
         when=lambda p, item, kind: p.state > 1 or (kind in WRITE_KINDS and not item)),
    Step("finished", finished_flags, slot=1, picks="state",
         when=lambda p, item, kind: kind in WRITE_KINDS),  # ``done``: where a write stands
    Step("color", colors, slot=1, picks="kind",
         when=lambda p, item, kind: kind not in WRITE_KINDS),  # a named label's, a role's
    Step("money", amounts, bare_first, "money", (Step("money pair", money_objects,
                                                      take=take_money_pair, picks="money"),)),
    Step("currency", currencies, currency_key, slot=1, picks="money"),  # the amount's
    Step("content", texts, text_key, "content", (_RICH_CONTENT,), take=take_unsaid,
         when=_one_read),
    Step("url", pages, page_key, "url"),  # its own page
    Step("time", recent_times, recent_key, "time", (_HAPPENED, _DEEPER, _DEEPER_PAGE)),
    Step("tags", tag_maps, slot=2, picks="label",
         when=lambda p, item, kind: kind not in WRITE_KINDS),  # nothing else names it
    Step("people", people, person_key, "people", picks="person",
         take=take_people),  # reduced to a handle, else a name
    Step("preview", texts, text_key, "content",
         (replace(_RICH_CONTENT, role="rich preview", picks="preview"),), picks="preview",
         take=take_unsaid, when=_preview),
    Step("lists", object_lists, slot="lists", picks="list", take=take_lists),
    Step("planned", planned_times, plan_key, slot=1, picks="time", take=take_planned,
         when=_listed_read),  # a listed item's ``dueDate``: what it is picked by
    Step("counts", counts, count_key, "counts", picks="count", take=take_counts),
    Step("flags", flags, flag_key, "flags", picks="flag", take=take_flags),
    Step("relations", relations, relation_key, "relations", picks="relation",
         take=take_relations, when=_not_written),
    Step("named by", relations, relation_key, "relations", picks="relation",
         take=take_naming_relation, when=_written),  # a write: only what names it
    Step("scalar lists", unsent_lists, slot=1, picks="relation", when=_one),  # ``topics``
    Step("other", happened, other_time_key, "time", picks="time", take=take_other_times,
         when=_one),
    Step("kinds", kinds, kind_key, "kinds", picks="kind"),  # discriminators and categories
    Step("facts", facts, slot=FACTS, picks="count", when=_page),  # ``company``, ``location``
    Step("data", free_data, slot=1, picks="content", when=_page),  # a document's ``fields``
    Step("part states", part_states, slot=2, picks="state", when=_page),  # ``status.health``
    Step("picture", own_picture, slot=1, picks="url", when=_page),  # its ``avatar_url``, ``icon``
    Step("download", own_download, slot=1, picks="url", when=_page),  # its ``download_url``
    Step("parent", parents, slot=1, picks="relation", take=take_parent,
         when=_page),  # what it sits under: ``parent: {id, title}``, ``parent_id``
    Step("details", details, picks="relation", take=take_details,
         when=_page),  # an address a rule took a line of: whole
)
# fmt: on
