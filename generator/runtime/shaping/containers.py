"""A container's records: what a read or a search answering with lists of records keeps.

A container has no identity or label of its own or in its parts (``relation_steps.is_container``:
``{available: [...], pending: [...]}``); when a read or a search answers with one, its lists are
what it answers (a search across kinds: ``{tracks: {items, total}, artists: {items, total}}``),
so their records are shaped as a list's items, not reduced to their labels as the lists inside
one resource are.
"""

from __future__ import annotations

from typing import Any, Callable

from .pages import on_page
from .picking import Selection
from .relation_steps import is_container
from .roles.noise import is_noise
from .trees import unwrap


def container_lists(sel: Selection, choose: Callable[[Any], tuple[str, ...]]) -> None:
    """A read or a search answering with a *container* (no identity or label of its own or in
    its parts) of lists of records, bare or each a page (``{tracks: {items: [...], total},
    artists: {items: [...], total}}``: a search across kinds): the lists are what it answers,
    so each record keeps what a list's item keeps (``choose``: its own defaults as an item, a
    search's as a hit), not only its label."""
    if not on_page(sel.item, sel.kind) or not is_container(sel):
        return
    for f in sel.arrays:
        element = unwrap(f.node)
        if f.part or not isinstance(element, dict) or is_noise(f.key):
            continue
        for path in choose(element):
            sel.pick.add(f"{f.path}.{path}", "list", force=True)
