"""Relations: the people and the other objects an object refers to, each reduced to a readable
identity.

- **people** (``people.py`` says who is one): reduced to a handle (login, username, email),
  else a name, else a part's handle or names (``profile.first_name``); an opaque id alone is
  left out; reduced to an email, the name comes too. A person
  sent as null is no person.
- **relations**: ``*_id`` scalars of other entities and nested objects that have an identity of
  their own, reduced to a label that is also a key (``full_name``, ``login``), else their
  label, else their id; named ones first, and a list item takes only named ones
  (``milestone.title``, not an opaque ``project_id``). A *reference* with no label, no
  primary field and no key, only its ids, its kind, its links and one one-word text
  (``{id, type, summary, self, html_url}``), is named by that text beside its id on a page,
  and a union's variant that is such a reference by it too (``stub_text``). An
  expandable reference sent as a plain id string stays that string. One resource also takes one list of scalars (``topics``).
- a nested object is reduced through GraphQL connections (``nodes``, ``edges.node``), rich text
  (its text member) and labelled values (``{"label", "value"}``: the value).
"""

from __future__ import annotations

from typing import Any

from ..names import base_type, is_leaf, is_strings_map, norm
from ..trees import unwrap
from .identity import is_id_name, is_natural_key, own_identity_key
from .content import is_body, is_content, text_member
from .kinds import is_kind
from .links import is_url
from .label import is_label, is_primary, label_rank, pair_value
from .noise import HELD_WORDS, is_noise
from .people import (
    handle, handle_words, is_person_member, is_signature, nested_handle, person_rank,
)  # fmt: skip
from .time import is_time
from ..picking import Field
from .words import leaf_keys, w


def nested_identity(subtree: Any) -> str | None:
    """Relative path of the most readable identity of a nested object: its label, else a
    natural key, else its id (never a flag); GraphQL connections reduce through
    ``nodes``/``edges.node``; rich text through its text member."""
    tree = unwrap(subtree)
    if not isinstance(tree, dict):
        return None
    value = pair_value(tree)
    if value is not None:
        return value
    # a flag never names a thing, whatever it is named after (``enableFailureEmail`` in
    # ``emailPreferences``: a setting, not an e-mail address), unless it is the value the part
    # holds (``{rawValue: true}``, ``{boolValue: false}``: a wrapped value)
    leaves = [
        k for k in leaf_keys(tree)
        if base_type(tree[k]) != "boolean" or w(k)[-1] in HELD_WORDS
    ]  # fmt: skip
    labels = sorted((k for k in leaves if is_label(k)), key=lambda k: label_rank(k, leaves))
    # a label that is also a key (``full_name``, ``login``): readable and unique
    full = [k for k in labels if is_natural_key(k)][:1]
    for group in (
        full,
        labels,
        [k for k in leaves if is_primary(k) and not is_noise(k)],
        [k for k in leaves if is_natural_key(k)],
        [k for k in leaves if own_identity_key(k)],
        [k for k in leaves if is_id_name(k)],
    ):
        if group:
            return group[0]
    text = text_member(tree)
    if text is not None:
        return text
    idx = {norm(k): k for k in tree}
    for wrapper, inner in (("nodes", None), ("edges", "node")):
        key = idx.get(wrapper)
        if key is None:
            continue
        element = unwrap(tree[key])
        if inner is not None and isinstance(element, dict) and inner in element:
            sub = nested_identity(element[inner])
            return f"{key}.{inner}.{sub}" if sub else None
        sub = nested_identity(element)
        return f"{key}.{sub}" if sub else None
    return None


def stub_text(tree: dict[str, Any]) -> str | None:
    """The one text of a reference that holds nothing else but its ids, its kind and its links
    (``{id, type, summary, self, html_url}``: what a list of them shows, ``summary``, is what
    names it), or None. A reference says what it is or where it lives (a kind or a link);
    a text that is the object's body (``{id, content}``: a document's) says what it holds,
    not its name."""
    texts: list[str] = []
    marked = False
    for key in leaf_keys(tree):
        leaf = tree[key]
        if is_kind(key) or is_url(key, leaf):
            marked = True
        elif is_id_name(key) or is_noise(key):
            continue
        elif len(w(key)) != 1 or not is_content(key) or base_type(leaf) != "string":
            return None
        else:
            texts.append(key)
    if not marked or len(texts) != 1 or is_body(texts[0]):
        return None
    return texts[0]


def readable(path: str | None) -> bool:
    return path is not None and not is_id_name(path.rsplit(".", 1)[-1])


def reduce(f: Field) -> str | None:
    """``key`` if scalar (or array of scalars), else ``key.<readable identity>``."""
    inner = unwrap(f.node)
    if is_leaf(inner):
        return f.path
    ident = nested_identity(inner)
    return f"{f.path}.{ident}" if ident else None


def reduce_person(f: Field) -> str | None:
    """A person reduced to a readable identity; an opaque id alone is left out; a scalar (a
    reference sent as an id string) is kept as it is."""
    inner = unwrap(f.node)
    if is_leaf(inner):
        return f.path
    ident = handle(inner) or nested_identity(inner)
    return f"{f.path}.{ident}" if readable(ident) else None


def person_paths(f: Field) -> list[str]:
    """A person reduced to who it is: its handle when it has one (``login``, ``username``: what
    the API addresses people by); else its name, its email and its id (the id is what a call
    about them takes; an email says where to write, the name who it is: git's ``Name
    <email>``); a signature's time too (git's ``author: {name, email, date}``: who and when).
    A person that is a plain value (a reference sent as an id string) stays that value."""
    inner = unwrap(f.node)
    if is_leaf(inner):
        return [f.path]
    if not isinstance(inner, dict):
        return []
    leaves = leaf_keys(inner)
    found = handle(inner)
    if found is not None and handle_words(found)[-1] != "email":
        paths = [found]
    else:
        names = sorted((k for k in leaves if is_label(k)), key=lambda k: label_rank(k, leaves))
        paths = names[:1] + ([found] if found else [])
        if not paths:
            ident = reduce_person(f)
            if ident is None:  # who it is is said by a part (``profile.first_name``)
                nested = nested_handle(inner) or _said_by_map(inner)
                return [f"{f.path}.{p}" for p in nested]
            return [ident]
        ids = [k for k in leaves if own_identity_key(k)][:1]
        paths += ids
        if found is None and names:  # a guild member's ``nick`` (often unset): and the
            paths += nested_handle(inner, names=False)[:1]  # handle its ``user`` holds
        if not ids and is_signature(inner):  # git's ``{name, email, date}``: who, and when
            paths += [k for k in leaves if is_time(k, inner[k])][:1]
    return [f"{f.path}.{k}" for k in paths]


def _said_by_map(person: dict[str, Any]) -> list[str]:
    """A person said by nothing of its own but its map of strings (an event's ``actor: {id,
    attributes: {name, image, ...}}``): the map, whose entries are what says who it is (as an
    alert's ``labels`` are, ``label_steps.tag_maps``), beside its id."""
    maps = [k for k in leaf_keys(person) if is_strings_map(person[k]) and not is_noise(k)][:1]
    return maps + [k for k in leaf_keys(person) if own_identity_key(k)][:1] if maps else []


def first_person_paths(part: dict[str, Any], at: str = "") -> list[str]:
    """The first person ``part`` names (``person_rank``), reduced to who it is
    (``person_paths``), its paths under ``at``: by whom, beside a time taken from ``part``."""
    people = sorted((k for k, v in part.items() if is_person_member(k, v)), key=person_rank)
    if not people:
        return []
    key = people[0]
    return person_paths(Field(f"{at}.{key}" if at else key, key, part[key], True))
