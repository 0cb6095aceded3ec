"""Time: when the object changed or was made.

Hint ``time`` (``format: date-time``, an ISO value), or a last word ``at``/``on``/``time``/
``date``/``timestamp``, or a participle like ``created``/``updated``; not an amount, nor a
number counting things (``updatedReplicas``: how many were updated). Updated before created
before others (due, closed). A list's item (of a read or a search) takes one: when it came to
be (``created``; ``joined_at``, ``date_added``, not ``addedToCycleAt``; its own instant named
by a time word alone: a message's ``timestamp``, not its ``edited_timestamp``), else when it
last changed: what hand-written servers show in a list; and beside it, on a read, the one
moment to come it is planned for (``dueDate``, ``targetDate``, ``start_time``: ``is_planned``).
One resource takes two, then one more of the others late in the order. A time qualified by a picture (``photo_updated_at``,
``HeadshotUpdated``) is when the picture changed, not the object: no time of it, unless the
object is itself a picture.
"""

from __future__ import annotations

from typing import Any

from ..names import base_type, hint
from .quantity import MONEY_WORDS
from .words import plural, w

TIME_LAST = frozenset({"at", "on", "time", "date", "timestamp", "ts", "datetime"})
TIME_WORDS = frozenset(
    {"created", "updated", "modified", "edited", "changed", "deleted", "closed", "published",
     "started", "finished", "completed", "expires", "expiry", "due", "merged", "ended"}
)  # fmt: skip
# a number named by one of these last is a tally of things, whatever event words qualify it
TALLY_WORDS = frozenset({"count", "total", "quantity", "qty"})
TIME_UNITS = frozenset({"seconds", "millis", "milliseconds", "micros", "nanos"})  # epoch values
RECENT_WORDS = frozenset({"updated", "modified", "edited", "changed"})
# when the object came to be: it was made (anywhere in the name: ``creationTimestamp``) ...
MADE_WORDS = frozenset({"created", "creation"})
# ... or joined, added, posted, said alone with a time word (``joined_at``, ``date_create``;
# not ``addedToCycleAt``: when it was added to something else)
CAME_WORDS = frozenset({"create", "joined", "added", "registered", "posted", "sent"})
# what a time qualified by one of these is about: a picture of the object, not the object
PICTURE_WORDS = frozenset(
    {"photo", "picture", "image", "headshot", "avatar", "thumbnail", "logo", "icon", "banner",
     "splash"}
)  # fmt: skip


# units and epochs a time's name may end with (``startTimeUnixNano``, ``created_at_ms``,
# ``timestamp_utc``): the time word before them says what it is
EPOCH_TAIL = frozenset(
    {"unix", "epoch", "nano", "nanos", "ns", "ms", "millis", "micros", "us", "sec", "secs",
     "seconds", "utc", "iso"}
)  # fmt: skip


EPOCH_WORDS = frozenset({"unix", "epoch"})


def time_words(key: str) -> tuple[str, ...]:
    """The words of a time's name without the units it ends with (``EPOCH_TAIL``) when they
    say it counts since the epoch (``startTimeUnixNano`` -> ``start time``); a name in units
    alone is left as it is (``processing_time_ms``: how long it took; ``timestampMillis``,
    read as before)."""
    ws = w(key)
    cut = ws
    while len(cut) > 1 and cut[-1] in EPOCH_TAIL and cut[0] not in EPOCH_TAIL:
        cut = cut[:-1]
    if cut == ws:
        return ws
    return cut if set(ws[len(cut) :]) & EPOCH_WORDS else ws


def is_time(key: str, leaf: Any) -> bool:
    ws = time_words(key)
    if hint(leaf) == "time":
        return True
    if base_type(leaf) not in ("string", "integer", "number", "any") or set(ws) & MONEY_WORDS:
        return False
    if base_type(leaf) in ("integer", "number") and len(ws) > 1 and ws[-1] in TALLY_WORDS:
        return False  # ``deleted_count``, ``updatedTotal``: how many, not when
    if base_type(leaf) in ("integer", "number") and len(ws) > 1 and plural(ws[-1]):
        if ws[-1] not in TIME_UNITS:
            return False  # ``updatedReplicas``, ``closedIssues``: a count of things
    if ws in SPAN_ENDS and base_type(leaf) == "string":
        return True  # a booking's ``start`` and ``end``, strings with no format: when it is
    return ws[-1] in TIME_LAST or ws[-1] in TIME_WORDS or ws[0] in TIME_WORDS and len(ws) <= 2


# a span's end named alone (``start``, ``end``): a time when it is a string (a number is an
# offset: a text span's ``{start, end}``, a page's ``start``)
SPAN_ENDS = frozenset({("start",), ("end",), ("starts",), ("ends",), ("begin",), ("begins",)})


# what a time qualified by one of these is about: a moment to come, not the call's
FUTURE_WORDS = frozenset(
    {"due", "expires", "expiry", "expiration", "expire", "until", "deadline", "scheduled",
     "planned", "estimated", "expected", "next", "end", "ends", "start", "starts", "valid"}
)  # fmt: skip


# what a list's item is planned for, the most telling first (``plan_rank``): when it is due or
# aimed at, when it is set to start (an event, a project); not when a state of it lapses
# (``statusUntilAt``, ``communication_disabled_until``, ``expires_at``: a setting's end)
PLAN_WORDS = ("due", "deadline", "target", "start", "starts", "scheduled", "planned")


def is_planned(key: str, leaf: Any) -> bool:
    """A moment to come the object is planned for (``dueDate``, ``targetDate``, ``start_time``,
    ``scheduled_at``): a time named by a plan word, not one the object was made or changed at."""
    return is_time(key, leaf) and bool(set(w(key)) & set(PLAN_WORDS)) and time_rank(key) == 2


def plan_rank(key: str) -> int:
    """Sort key of the planned times (``PLAN_WORDS``): due before target before start."""
    return min(PLAN_WORDS.index(x) for x in w(key) if x in PLAN_WORDS)


# a time the call itself sets: when the object was made or changed (``says_now``)
CALL_WORDS = RECENT_WORDS | MADE_WORDS | {"create", "update", "modify", "edit"}


def says_now(key: str, leaf: Any) -> bool:
    """A time a write's answer carries that says only when the call happened: when the object
    was made or changed (``createTime``, ``updated_at``), or another past event the call was
    (``replied_at``, ``added_at``: a participle before its time word); not a moment to come
    (``due_at``, ``expireTime``, ``scheduled_at``); never a list (a batch delete's
    ``deleted_events: [ids]``: what the call did, read as a time by its first word)."""
    ws = w(key)
    if isinstance(leaf, (list, dict)):
        return False
    if not is_time(key, leaf) or ws[-1] == "by":  # ``createdBy``: who, not when
        return False
    if set(ws) & FUTURE_WORDS:
        return False
    return bool(set(ws) & CALL_WORDS) or any(x.endswith("ed") for x in ws[:-1])


def time_rank(key: str) -> int:
    """0: when it changed; 1: when it was made; 2: another time (due, closed, started)."""
    ws = set(w(key))
    return 0 if ws & RECENT_WORDS else 1 if ws & MADE_WORDS else 2


def is_made(key: str) -> bool:
    """When the object came to be, as a list's item is dated: made (``created``), or joined,
    added, posted with at most a time word (``joined_at``, ``date_added``, not
    ``addedToCycleAt``), or its own instant named by a time word alone (``timestamp``)."""
    ws = w(key)
    return bool(
        set(ws) & MADE_WORDS
        or len(ws) <= 2
        and set(ws) & CAME_WORDS
        or len(ws) == 1
        and ws[0] in TIME_LAST
    )


def of_picture(key: str, entity: tuple[str, ...] = ()) -> bool:
    """A time qualified by a picture word (``avatar_updated_at``, ``HeadshotUpdated``): when
    the object's picture changed; not when the object did, unless ``entity`` (the object's
    type) is itself a picture."""
    return pictures(w(key)[:-1], entity)


def pictures(words: tuple[str, ...], entity: tuple[str, ...] = ()) -> bool:
    """One of ``words`` names a picture (``coverImage``, ``photos``) and ``entity`` does not."""
    named = {plural_free(x) for x in words}
    return bool(named & PICTURE_WORDS) and not {plural_free(x) for x in entity} & PICTURE_WORDS


def plural_free(word: str) -> str:
    """``photos`` -> ``photo`` (a plain trailing s; enough for the picture words)."""
    return word[:-1] if word.endswith("s") and word[:-1] in PICTURE_WORDS else word
