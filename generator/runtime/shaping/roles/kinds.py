"""Discriminators: which variant or kind of thing the object is.

``type``, ``kind``, ``object``, ``class`` and ``apiVersion`` (``type``/``kind`` first, they
vary more often): never a ``const``; in a list's items the pipeline drops one that is the same
on every item, unless it names the member that holds the item's content (``{"type":
"paragraph", "paragraph": {...}}``: a tagged union) or is all the items have. A list's wrapper
never keeps one (``object: "list"``, ``kind: PodList``).
"""

from __future__ import annotations

from .words import w

KIND_WORDS = frozenset({"type", "kind", "object", "class"})


def is_kind(key: str) -> bool:
    ws = w(key)
    return ws[-1] in KIND_WORDS or ws == ("api", "version")
