"""How each kind of operation is shaped by default (the kind comes from the description:
``generator/loaders/operation_kind.py``; the overlay may set it).

- ``read``, ``search``: one resource by the ``PAGE`` profile (its page: ``pages.py``), each
  item of a list by ``ITEM`` (a search's hits by ``SEARCH_ITEM``; ``defaults.py``).
- ``create``, ``update``, ``delete``: the answer is the resource the call created or changed,
  or the records of a batch, by the ``WRITE`` profile (envelopes and list wrappers seen
  through; identity, label, state, what the server assigned: a number, a status, a URL); a
  delete's by the leaner ``DELETE`` profile (which one went: identity, label, state).
- ``generate``: the content produced for the caller (``generated_content_paths``: a
  completion's ``choices.message.content``, a transcription's ``text``, an embedding's
  vector) is always part of the defaults, however deep, next to the usual fields; it is cut
  at ``max_chars`` with the truncation marker like any string, never dropped.
- ``acknowledge``: a bare status (``{ok: true}``, no body at all): shown whole, one line.

The run-time invariants (``invariants.py``) hold for every kind.
"""

from __future__ import annotations

from typing import Any

from .collections import is_meta_key
from .names import base_type, is_leaf
from .pages import PAGE, PAGE_KINDS
from .picking import Profile
from .roles.content import TEXT_MEMBERS, is_content
from .roles.noise import is_noise
from .roles.words import w

OPERATION_KINDS = ("read", "search", "create", "update", "delete", "generate", "acknowledge")
WRITE_KINDS = frozenset({"create", "update", "delete"})
MAX_CONTENT_DEPTH = 6

# One resource otherwise (a generation's answer; a read's is its page, ``pages.PAGE``).
OBJECT = Profile(budget=260, identity=2, label=1, state=2, content=1, time=2, people=2,
                 money=2, counts=2, relations=2, lists=2, url=1, flags=3, kinds=1)  # fmt: skip
# Each item of a list: enough to pick the items worth a closer look (one discriminator or
# category: a list holds many items).
ITEM = Profile(budget=106, identity=2, label=1, state=2, content=1, time=1, people=1, money=1,
               counts=1, relations=1, lists=1, url=1, flags=2, kinds=1)  # fmt: skip
# Each hit of a search: an item, and what tells the hits apart for someone choosing among
# things they do not know yet: its description, how popular it is, its sort, its page.
SEARCH_ITEM = Profile(budget=136, identity=2, label=1, state=2, content=1, time=1, people=1,
                      money=1, counts=2, relations=1, lists=1, url=1, flags=2, kinds=1)  # fmt: skip
# What a write answers with (each record of a batch too): what the caller needs next and did
# not send: the identity the server assigned (an id, a number), the label that recognises it,
# its state, its page, who it is by (by name, not the caller's id), the amount it came to, what
# it holds (an order's lines, reduced); its text only as a short preview when room is left (the
# caller sent it). Not what the caller named in the request: what it belongs to (a relation),
# its kind; no times (issue 33: writes answer lean).
WRITE = Profile(budget=80, identity=2, label=1, state=1, content=1, time=0, people=1, money=1,
                counts=0, relations=1, lists=1, url=1, flags=0, kinds=0)  # fmt: skip
# What a delete answers with (each record of a batch too): the resource as it was when it went.
# The caller needs which one went (its identity and label), its final state and, for a text,
# a short preview of it; its page, parts, people, relations and lists went with it.
DELETE = Profile(budget=60, identity=2, label=1, state=1, content=1, time=0, people=1, money=0,
                 counts=0, relations=0, lists=0, url=0, flags=0, kinds=0)  # fmt: skip


def profile_for(kind: str, item: bool) -> Profile:
    """The profile one object of an answer of ``kind`` is chosen by."""
    if kind == "delete":
        return DELETE
    if kind in WRITE_KINDS:
        return WRITE
    if item:
        return SEARCH_ITEM if kind == "search" else ITEM
    return PAGE if kind in PAGE_KINDS else OBJECT


def generated_content_paths(tree: Any, lists: int | None = None) -> tuple[str, ...]:
    """Dot paths (arrays seen through) of the content a generation answers with: strings named
    as content or as a rich text's text member (``text``, ``content``), and arrays of numbers
    (a vector), outside metadata (``usage``, ``meta``) and noise. A list of integers is no
    vector: a token's ``bytes`` beside its log probability are an encoding, not content.
    ``lists``: how many arrays below ``tree`` the content may be in (None: any): a list's item
    that is a record (an entity an analysis found, by its name) holds its own text, not the
    texts of its parts (``mentions[].text.content``: the passages it was found in); an
    alternative (``candidates[].content.parts[].text``) holds its text however deep."""
    found: list[str] = []

    def walk(node: Any, prefix: str, depth: int, crossed: int = 0) -> None:
        while isinstance(node, list):
            node = node[0] if node else None
            crossed += 1
        if not isinstance(node, dict) or depth > MAX_CONTENT_DEPTH:
            return
        if lists is not None and crossed > lists + int(isinstance(tree, list)):
            return
        for key, sub in node.items():
            if is_meta_key(key) or is_noise(key):
                continue
            path = f"{prefix}.{key}" if prefix else key
            if isinstance(sub, list) and sub and is_leaf(sub[0]):
                if base_type(sub[0]) == "number" and len(w(key)) <= 2:
                    found.append(path)  # a vector of floats: an embedding (not bytes)
                continue
            if is_leaf(sub):
                text = base_type(sub) in ("string", "any")
                named = is_content(key) or "".join(w(key)) in TEXT_MEMBERS[:3]
                if text and named:
                    found.append(path)
                continue
            walk(sub, path, depth + 1, crossed)

    walk(tree, "", 0)
    return tuple(found)
