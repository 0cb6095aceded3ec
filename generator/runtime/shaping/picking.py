"""The selection being built: a token budget per profile, and the candidates of one object.

Choosing: roles are filled in the profile's order while an estimate of the field's tokens (its
name plus a typical value for its role, ``VALUE_TOKENS``) fits the profile's **token budget**;
identity is always taken. A ``Profile`` also says how many fields of each role one selection
takes, and whether nested *parts* (objects without an identity of their own: ``attributes``,
``status``, ``spec``) are seen through, one level, after the object's own fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class Profile:
    """Token budget and how many fields of each role one default selection takes."""

    budget: int
    identity: int
    label: int
    state: int
    content: int
    time: int
    people: int
    money: int
    counts: int
    relations: int
    lists: int
    url: int
    flags: int
    kinds: int
    parts: bool = True


# Typical value sizes in tokens, per role (the field name is counted from its length).
VALUE_TOKENS = {"identity": 9, "label": 8, "state": 3, "content": 80, "preview": 24, "time": 11,
                "person": 6, "money": 3, "count": 2, "relation": 9, "list": 15, "url": 22,
                "flag": 2, "kind": 3}  # fmt: skip


class Picker:
    """The chosen paths in order, their roles, and the budget left."""

    def __init__(self, profile: Profile):
        self.profile = profile
        self.left = profile.budget
        self.chosen: list[str] = []
        self.roles: list[str] = []
        self.used: set[str] = set()

    def add(self, path: str | None, role: str, *, force: bool = False, cost: int = 0) -> bool:
        if path is None or path in self.chosen:
            return False
        top = path.split(".", 1)[0]
        cost = cost or (len(path) + 3) // 4 + VALUE_TOKENS[role]
        if not force and cost > self.left:
            return False
        self.left -= cost
        self.chosen.append(path)
        self.roles.append(role)
        self.used.add(top)
        return True


@dataclass(frozen=True)
class Field:
    path: str  # relative to the object
    key: str  # the last segment
    node: Any  # the subtree
    part: bool  # inside a nested part (one level down)


def own_path(f: Field) -> str | None:
    return f.path


@dataclass
class Selection:
    """One object's candidates (its own members, then its parts' members) and the picker."""

    tree: dict[str, Any]
    profile: Profile
    item: bool
    kind: str
    fields: list[Field]
    pick: Picker
    # The default selection of a nested element seen as a list item (``defaults.py``).
    choose_item: Callable[[Any], tuple[str, ...]]
    entity: tuple[str, ...] = ()
    keys: tuple[str, ...] = ()
    leaves: list[Field] = field(default_factory=list)
    objects: list[Field] = field(default_factory=list)
    arrays: list[Field] = field(default_factory=list)
    own_leaves: list[Field] = field(default_factory=list)
    # an item of what a read or a search lists (not a write's record, nor a part of one):
    # the rules that keep a list's item lean apply (``defaults.py``)
    listed: bool = False
    # the item of the list a read or a search answers, not a list's element inside one
    answered: bool = False
    # a part of the object chosen on (``defaults.choose_default_fields``), not the object
    part: bool = False

    def take(
        self, candidates: list[Field], role: str, limit: int, path: Callable[[Field], str | None]
    ) -> int:
        """Up to ``limit`` of ``candidates`` (in order) that fit the budget; a member already
        used as a whole is not taken again (a part's members may be)."""
        taken = 0
        for f in candidates:
            if taken >= limit:
                break
            if f.path.split(".", 1)[0] in self.pick.used and not f.part:
                continue
            if self.pick.add(path(f), role):
                taken += 1
        return taken
