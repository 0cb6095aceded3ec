"""Content: what the object says.

A last word ``body``, ``description``, ``text``, ``content``, ``message``, ``comment``,
``note(s)``, ``details``, ``bio``, ``abstract``, ``markdown`` or ``summary``. One object shows it
(cut to ``max_chars`` by the pipeline); a list item shows a **preview** when the budget allows
(the pipeline cuts it to ``list_items.PREVIEW_CHARS``), or as its label when it has no other.
Rich text (runs) is read through its text member. Nothing is taken when a chosen field already
holds the object's text. A typed record's **value** (one word, ``data``, ``value``, ``target``:
a DNS record's address beside its ``type`` and ``name``) is what it holds: taken after its label.
"""

from __future__ import annotations

from typing import Any

from ..names import is_leaf, norm
from .words import w

CONTENT_WORDS = frozenset(
    {"body", "description", "text", "content", "message", "comment", "note", "notes",
     "details", "bio", "abstract", "markdown", "summary", "answer", "reply", "snippet",
     "excerpt", "synopsis"}
)  # fmt: skip

BODY_WORDS = frozenset({"body", "text", "content", "markdown", "message", "comment"})
# The member of a rich text run (an array of runs, a rich value) that holds its text.
TEXT_MEMBERS = ("plaintext", "text", "content", "value")


# What a typed record holds (a DNS record's ``data``, a setting's ``value``, a redirect's
# ``target``): one word, a scalar beside the record's name or type.
VALUE_WORDS = frozenset({"value", "data", "target", "answer", "address", "rdata"})


def is_value(key: str) -> bool:
    ws = w(key)
    return len(ws) == 1 and ws[0] in VALUE_WORDS


def is_content(key: str) -> bool:
    return w(key)[-1] in CONTENT_WORDS


# A remark someone added to the object (a transaction's ``note``, an order's ``comment``):
# what it says of the object, not what names it.
REMARK_WORDS = frozenset({"note", "notes", "comment", "comments", "memo", "remark", "remarks"})


def is_remark(key: str) -> bool:
    return w(key)[-1] in REMARK_WORDS


def is_raw(key: str) -> bool:
    """An unprocessed copy of a text (``rawText`` beside ``description``, ``raw_body``)."""
    ws = w(key)
    return len(ws) > 1 and ws[0] == "raw"


def is_body(key: str) -> bool:
    """The text itself (``body``, ``text``, ``content``, ``markdown``, ``message``), not what is
    said about it (``description``, ``summary``, ``notes``)."""
    return w(key)[-1] in BODY_WORDS


def text_member(tree: Any) -> str | None:
    """The text member of rich text runs (``plain_text``, ``text``...), if any."""
    if not isinstance(tree, dict):
        return None
    idx: dict[str, str] = {norm(k): k for k in tree if is_leaf(tree[k])}
    for name in TEXT_MEMBERS:
        if name in idx:
            return idx[name]
    return None


# Free-form members that hold an object's own data: a document's ``fields``, a config map's
# ``data``, a JSON:API resource's ``attributes`` (a map the description does not spell out).
DATA_WORDS = frozenset(
    {"data", "fields", "properties", "attributes", "values", "payload", "document", "record"}
)
# Words that may qualify a data word and still name the object's own data: values its users
# defined (``custom_fields``).
OWN_DATA_WORDS = frozenset({"custom"})


def is_data_name(key: str, entity: tuple[str, ...] = ()) -> bool:
    """``fields``, ``attributes``; also qualified by the object's own type or as its users'
    (``ticket_attributes`` on a ticket, ``custom_fields``), not by another thing's
    (``billing_data``)."""
    words = w(key)
    own = set(entity) | OWN_DATA_WORDS
    return bool(words) and words[-1] in DATA_WORDS and all(q in own for q in words[:-1])
