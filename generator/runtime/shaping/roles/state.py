"""State: where the object stands and what it is.

- **state**: a last word ``state``, ``status``, ``phase``, ``stage``, ``conclusion``,
  ``result``, ``outcome``, ``condition``, ``health``, ``resolution`` (or ``reason``, ranked
  last); how much it matters (``priority``, ``severity``, ``urgency``) after where it
  stands; an object in that place is reduced to its label (``state.name``). The object's own
  states come first; a part's state (``status.phase``) only when it has none
  (``automatic_tax.status`` is a feature's, not the object's). Other enums of its own come
  after them (in a list item, only without a state). On a listed item, a part's ``state``
  beside a postal address's parts (``location: {city, state, postcode}``) is the region it is
  in, not where it stands.
- **flags**: booleans. Flags that are only news when true (``archived``, ``locked``,
  ``in_trash``: ``ALARM_FLAGS``) are always taken and use no slot (concise output drops them
  when false). The slots go to what the object *is* (one word: ``private``, ``draft``;
  ``is_*``; a participle: ``merged``, ``paid``) before what it *has* (``has_*``) before
  settings (``allow_forking``, ``maintainer_can_modify``).
"""

from __future__ import annotations

from ..names import base_type, norm
from .content import CONTENT_WORDS
from .words import participle, w

STATE_WORDS = frozenset(
    {"state", "status", "phase", "stage", "conclusion", "result", "outcome", "condition",
     "health", "resolution", "reason", "priority", "severity", "urgency"}
)  # fmt: skip
URGENCY_WORDS = frozenset({"priority", "severity", "urgency"})  # how much it matters: after
# Where the object stands in its life (a resource's own state, what a write's answer says it
# is now), before another single-word state (``health``, ``condition``) when one is taken.
LIFECYCLE_WORDS = frozenset({"state", "status", "phase", "stage"})
# Flags that are only news when true (compared without separators: ``in_trash``, ``inTrash``).
ALARM_FLAGS = frozenset(
    {"archived", "intrash", "deleted", "locked", "disabled", "canceled", "cancelled",
     "delinquent", "cancelatperiodend", "refunded", "disputed", "isarchived", "isdeleted",
     "islocked", "spam", "suspended", "blocked"}
)  # fmt: skip


def is_state(key: str) -> bool:
    """A state word last, not qualified by a content word (``descriptionState`` is an editor's
    state of the text, not where the object stands)."""
    ws = w(key)
    return ws[-1] in STATE_WORDS and not (len(ws) > 1 and ws[-2] in CONTENT_WORDS)


# The parts of a postal address (``city``, ``postcode``, ``countryCode``, ``streetname``): a
# ``state`` beside them is a region of a country, not where the object stands.
PLACE_WORDS = frozenset(
    {"city", "country", "postcode", "postal", "zip", "zipcode", "street", "streetname",
     "locality", "province", "county", "town", "suburb"}
)  # fmt: skip


def is_postal(node: object) -> bool:
    """An object holding a postal address: two or more members named by its parts."""
    return isinstance(node, dict) and sum(not PLACE_WORDS.isdisjoint(w(k)) for k in node) >= 2


def state_rank(key: str) -> int:
    """``state``/``status`` before qualified ones (``mergeable_state``) and reasons."""
    ws = w(key)
    return 2 if ws[-1] == "reason" else 0 if len(ws) == 1 and ws[-1] not in URGENCY_WORDS else 1


def is_lifecycle(key: str) -> bool:
    """``state``, ``status``, ``phase`` or ``stage`` alone: the object's own state."""
    ws = w(key)
    return len(ws) == 1 and ws[0] in LIFECYCLE_WORDS


def is_flag(key: str, leaf: object) -> bool:
    return base_type(leaf) == "boolean"


def is_alarm_flag(key: str) -> bool:
    """A flag that is only news when true (``archived``, ``in_trash``, ``is_locked``): the
    defaults always take it (concise output leaves it out when false, so it costs nothing)."""
    return norm(key) in ALARM_FLAGS


def flag_rank(key: str) -> int:
    """What the object is (``private``, ``draft``, ``is_template``, ``merged``, ``paid``)
    before what it has (``has_issues``), before settings (``allow_forking``,
    ``maintainer_can_modify``)."""
    ws = w(key)
    if len(ws) == 1 or ws[0] == "is" or participle(ws[-1]) and len(ws) <= 2:
        return 0
    return 1 if ws[0] == "has" else 2
