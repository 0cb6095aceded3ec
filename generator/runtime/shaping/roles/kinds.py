"""Discriminators: which variant or kind of thing the object is.

``type``, ``kind``, ``object``, ``class`` and ``apiVersion`` (``type``/``kind`` first, they
vary more often; ``apiVersion`` last: it says how the record is written, not what it is):
never a ``const``; in a list's items the pipeline drops one that is the same on every item,
unless it names the member that holds the item's content (``{"type": "paragraph",
"paragraph": {...}}``: a tagged union) or is all the items have. A list's wrapper never keeps
one (``object: "list"``, ``kind: PodList``).
"""

from __future__ import annotations

from .words import w

KIND_WORDS = frozenset({"type", "kind", "object", "class"})
# What sort of thing it is, said as a category rather than a discriminator: shown like one, but
# never dropped as constant (a search hit's ``language``, a product's ``category``).
CATEGORY_WORDS = frozenset({"category", "categories", "language", "genre", "genres", "industry"})


def is_kind(key: str) -> bool:
    ws = w(key)
    return ws[-1] in KIND_WORDS or ws == ("api", "version")


def is_category(key: str) -> bool:
    return w(key)[-1] in CATEGORY_WORDS
