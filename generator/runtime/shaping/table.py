"""A row of the default-shaping rules (``rules.STEPS``) and how a row is taken.

A row is data: the role it fills; its *candidates* (the members of one object that qualify,
read from ``roles/``); their *rank* (a sort key: the first that fit are taken); its *slot*
(how many it takes: a count of the profile, ``kinds.py``, by name, or a number); its
*fallback* (the rows tried in order while this one took nothing; a tuple inside it is a group
whose rows are all taken); the path a candidate is taken by (itself, an object reduced to its
label, a rich text's text member); the role the picker records for it (``picking.py``: what a
value of it costs); and when it applies (the profile, whether the object is a list's item, the
operation's kind). Most rows are taken by ``take_ranked``: the ranked candidates, up to the
slot, while their tokens fit the budget, else the fallback. A row with more to do (identity is
taken whatever the budget; a person comes with a name) names its own step function, which
reads the same columns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Union

from .picking import Field, Profile, Selection, own_path

Candidates = Callable[[Selection], list[Field]]
Rank = Callable[[Field, Selection], Any]
When = Callable[[Profile, bool, str], bool]


def always(profile: Profile, item: bool, kind: str) -> bool:
    return True


@dataclass(frozen=True)
class Step:
    """One row of the rules (module doc)."""

    role: str
    candidates: Candidates
    rank: Rank | None = None  # None: in the object's order
    slot: str | int = 1  # a count of the profile by name, or a number
    fallback: tuple[Union["Step", tuple["Step", ...]], ...] = ()
    path: Callable[[Field], str | None] = own_path
    picks: str = ""  # the role the picker records (default: ``role``)
    take: Callable[[Selection, "Step"], int] | None = None  # None: ``take_ranked``
    when: When = always

    @property
    def records(self) -> str:
        return self.picks or self.role

    def applies(self, profile: Profile, item: bool, kind: str) -> bool:
        return self.when(profile, item, kind)

    def limit(self, profile: Profile) -> int:
        return int(getattr(profile, self.slot)) if isinstance(self.slot, str) else self.slot

    def ranked(self, sel: Selection) -> list[Field]:
        found = self.candidates(sel)
        rank = self.rank
        return found if rank is None else sorted(found, key=lambda f: rank(f, sel))

    def run(self, sel: Selection) -> int:
        """What this row took (0 when it does not apply)."""
        if not self.applies(sel.profile, sel.item, sel.kind):
            return 0
        return (self.take or take_ranked)(sel, self)


def take_ranked(sel: Selection, row: Step) -> int:
    """The ranked candidates, up to the slot, while they fit the budget; else the fallback."""
    taken = sel.take(row.ranked(sel), row.records, row.limit(sel.profile), row.path)
    return taken or take_fallback(sel, row)


def take_fallback(sel: Selection, row: Step) -> int:
    """The fallback rows in order until one takes something (a group: all of its rows)."""
    for alternative in row.fallback:
        group = alternative if isinstance(alternative, tuple) else (alternative,)
        taken = sum([step.run(sel) for step in group])
        if taken:
            return taken
    return 0
