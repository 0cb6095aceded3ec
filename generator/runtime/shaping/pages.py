"""A resource's page: what one resource a read answers with keeps, next to a list's lean items.

A person who opens one thing (a pull request, an account, a run) reads its page: every time
that says what happened to it (when it was closed, merged), everyone on it (who merged it, who
is asked to review), its figures (lines added and removed, followers), what it belongs to and
where it lives; the keys a related object is known by beside its label (a branch's ``ref``
and ``sha``), a state's category (``state.type``), a second name, and the one-word facts no
role took (``company``, ``location``: ``steps.facts``) and the picture that stands for it
(``avatar_url``, ``icon``: ``steps.own_picture``), and what it sits under (its ``parent``:
``relation_steps.parents``). A list's items stay lean (``ITEM``):
they are for picking the ones worth a closer look. ``PAGE`` is the profile of one resource a
read or a search answers with (``kinds.profile_for``; ``PAGE_KINDS``); it fills the same roles
in the same order (``rules.STEPS``) with room for more of each. A search across kinds
answers with a container of lists whose records keep what a list's items keep
(``containers.py``).
"""

from __future__ import annotations

from .picking import Profile

PAGE_KINDS = ("read", "search")  # what a person opens to read; a write answers lean

# One resource, as a read returns it: its page.
PAGE = Profile(budget=520, identity=2, label=2, state=2, content=1, time=6, people=4, money=3,
               counts=6, relations=6, lists=3, url=1, flags=3, kinds=2)  # fmt: skip


def on_page(item: bool, kind: str) -> bool:
    """One resource a read or a search answers with (not a list's item): its page."""
    return not item and kind in PAGE_KINDS


def one_resource(one: bool, kind: str) -> bool:
    """A read of a path that names one object (``DefaultsContext.one``: ``/things/{id}``):
    what it answers is that object, whose page is kept, also when the API wraps it in a list
    of one (``{Things: [{...}]}``): chosen as one resource, not as a list's item."""
    return one and kind in PAGE_KINDS
