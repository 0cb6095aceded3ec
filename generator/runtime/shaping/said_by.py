"""A list's record said by too little (``defaults.choose_default_fields`` reads it again as
one record's when so): the rules picked only the scalar standing in for an identity it lacks
(``named_by_nothing``), only flags and counts of a record nothing names (``said_by_flags``), or
only the label of a record that holds a list of entries (``said_by_label``)."""

from __future__ import annotations

from typing import Any

from .collections import is_meta_key
from .names import base_type, is_leaf
from .picking import Picker
from .roles.identity import (
    addressed_by, has_own_identity, is_id_name, is_natural_key, own_identity_key,
)  # fmt: skip
from .roles.label import is_label
from .trees import unwrap

SMALL = 3  # a flat object with at most this many fields is kept whole


def named_by_nothing(
    tree: dict[str, Any], pick: Picker, entity: tuple[str, ...], keys: tuple[str, ...]
) -> bool:
    """The rules picked one member of the object, the scalar standing in for an identity it
    lacks (``identity_fields``' last resort), of more than ``SMALL`` members with objects
    among them: no id or natural key, no member a path parameter names, no label, no part
    named by any. (A record of a few members keeps a third of it or more: the usual rules.)"""
    if len(tree) <= SMALL or len(pick.chosen) != 1 or pick.roles != ["identity"]:
        return False
    if "." in pick.chosen[0]:
        return False
    key = pick.chosen[0]
    if key not in tree or not is_leaf(tree[key]) or is_label(key):
        return False
    if own_identity_key(key, entity) or is_id_name(key) or is_natural_key(key):
        return False
    if addressed_by(key, keys, entity):
        return False
    return any(isinstance(unwrap(v), dict) for v in tree.values())


def said_by_flags(
    tree: dict[str, Any], pick: Picker, entity: tuple[str, ...], keys: tuple[str, ...]
) -> bool:
    """The rules picked only flags and counts of a list's record that nothing names (no id,
    key, label or member a path parameter names: a capacity check's ``{plan, facility,
    quantity, available}`` kept ``available`` alone): a flag says nothing without what it is
    about."""
    if not any(base_type(tree.get(p)) == "boolean" for p in pick.chosen):
        return False
    if not set(pick.roles) <= {"identity", "flag", "count"}:  # an identity stand-in (below)
        return False  # a state, a time, a text or a relation says what it is
    if has_own_identity(tree, entity):
        return False
    return not any(
        is_id_name(k) or is_label(k) or is_natural_key(k) or addressed_by(k, keys, entity)
        for k in tree
    )


def said_by_label(tree: dict[str, Any], pick: Picker, entity: tuple[str, ...]) -> bool:
    """The rules picked only the label of a list's record that nothing identifies, and it
    holds a list of entries (a search's facet, ``{fieldName, counts: [{value, count}]}``): a
    name says nothing without what it lists."""
    if not pick.chosen or has_own_identity(tree, entity):
        return False
    if not all(p in tree and is_leaf(tree[p]) and is_label(p) for p in pick.chosen):
        return False  # (the label may stand in for the identity it lacks)
    return any(
        isinstance(v, list) and isinstance(unwrap(v), dict) and not is_meta_key(k)
        for k, v in tree.items()
    )
