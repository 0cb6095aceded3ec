"""An edge: one resource with per-item paging metadata around it.

A list's items are sometimes edges, ``{cursor: "Y3Vy…", node: {id, name, state, ...}}``
(Relay's connections, also sent by REST APIs): the item is the resource its one object member
holds; its other members say where the item sits in the pages (a cursor, a marker, an offset).
Its defaults are the resource's, read through that member (``node.id``, ``node.name``,
``node.state``), not the edge's own, which kept only the related object's id. The per-item
cursor is left out: the server reads the next page's cursor from the body it received, not
from the answer, and ``continue`` fetches that page.
"""

from __future__ import annotations

from typing import Any

from .names import is_leaf, words

# Words of a member that says where an item sits in the pages, not what it is.
EDGE_WORDS = frozenset({"cursor", "marker", "offset", "position"})
TYPE_NAME = "__typename"


def edge_member(tree: Any) -> str | None:
    """The member that holds an edge's resource (module doc): the one object member of a tree
    whose other members are scalars saying where it sits in the pages (at least one of them;
    GraphQL's ``__typename`` beside them); None for any other tree."""
    if not isinstance(tree, dict):
        return None
    objects = [k for k, v in tree.items() if isinstance(v, dict) and v]
    if len(objects) != 1:
        return None
    rest = [k for k in tree if k != objects[0]]
    paging = [k for k in rest if is_leaf(tree[k]) and set(words(k)) & EDGE_WORDS]
    typed = [k for k in rest if k == TYPE_NAME and is_leaf(tree[k])]
    return objects[0] if paging and len(paging) + len(typed) == len(rest) else None
