"""Small helpers every role uses: the words of a name, plurals, participles, a tree's leaves."""

from __future__ import annotations

from typing import Any

from ..names import base_type, is_leaf, words

IRREGULAR_PARTICIPLES = frozenset(
    {"paid", "sent", "built", "done", "hidden", "shown", "frozen", "written", "read", "unread",
     "seen", "unseen", "held", "kept", "lost", "won", "bound", "taken", "given", "chosen"}
)  # fmt: skip


def w(key: str) -> tuple[str, ...]:
    """The words of a name (``names.words``), never empty."""
    return words(key) or (key.lower(),)


def plural(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


def participle(word: str) -> bool:
    return word.endswith("ed") or word in IRREGULAR_PARTICIPLES


def leaf_keys(tree: dict[str, Any]) -> list[str]:
    """The scalar members of a field tree (a member described as null alone is not one)."""
    return [k for k, v in tree.items() if is_leaf(v) and base_type(v) != "null" or v is None]
