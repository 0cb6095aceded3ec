"""What a write's answer says it did when no member of its own identifies it.

- **Tallies** (``tallies``): a number named by one event participle alone (``deleted``,
  ``updated``, ``created``) beside a bare tally (``total``, ``count``) or two other counts
  (``{total, deleted, batches, version_conflicts, noops}`` of a delete by query) counts the
  records the call deleted or updated, not when: a time says its format (``created`` of a
  resource: ``format: unix-time``, an ISO value) and sits beside no tally of what it did.
  The write keeps them, with the bare tally: how many it did of how many.
- **A composite key** (``composite_key``): a record with no id of its own whose members are
  short strings, the id of what it relates and a part of its own kind, its members among the
  record's (``{namespace, object, relation, subject_id, subject_set: {namespace, object,
  relation}}``, a relation tuple a create answers), is identified by all of them together: the write keeps them all (at most ``BARE`` members, a
  part of the same kind whole); a lean profile kept the reference's id and one name, and the
  caller could not tell which tuple it made. So is a record of two references of one kind
  and the strings relating them (``{entity: {type, id}, relation, subject: {type, id,
  relation}}``), and such a record as a part of a write's answer or record (a change a
  watch lists: ``{operation, tuple: {...}}``).
- **A link** (``link_ids``): a record with no id, natural key, label or text of its own
  that holds the ids of two to ``LINKED`` different things (a team's access to a workspace:
  ``{workspaceId, teamId, permission, createdAt}``) is identified by those ids together: a
  write keeps them all; a lean profile kept one, and a delete's answer could not say which
  link went. Not ids it points elsewhere by (``externalId``, ``parentId``: ``NOT_OWN``). A
  record of nothing but such ids may name more kinds than ``LINKED`` (a permission, any two
  of ten: ``{userId, deviceId, groupId, ...}``, two set): all of them.
"""

from __future__ import annotations

from typing import Any

from .names import base_type, hint, is_leaf
from .roles.content import is_content
from .roles.identity import has_own_identity, is_id_name, is_natural_key
from .roles.label import NOT_OWN, is_label
from .roles.noise import is_noise
from .roles.quantity import is_count
from .roles.time import TIME_WORDS
from .roles.words import participle, w

LINKED = 4  # a link relates at most this many things (``link_ids``)
COMPOSITE_MEMBERS = 6  # a composite key of at most this many members (``BARE``)
TALLY_NAMES = frozenset({"total", "count"})  # a bare tally: of how many


def _number(node: Any) -> bool:
    return is_leaf(node) and base_type(node) in ("integer", "number") and hint(node) is None


def _event(key: str) -> bool:
    """One event participle alone (``deleted``, ``updated``), as a time may be named."""
    ws = w(key)
    return len(ws) == 1 and ws[0] in TIME_WORDS and participle(ws[0])


def tallies(tree: Any) -> list[str]:
    """The members of ``tree`` counting what a call did (module doc): its bare tally first,
    then its numbers named by an event participle; none when it has an identity of its own or
    no tally beside them."""
    if not isinstance(tree, dict) or has_own_identity(tree):
        return []
    numbers = [k for k, v in tree.items() if _number(v)]
    events = [k for k in numbers if _event(k)]
    bare = [k for k in numbers if tuple(w(k)) in {(t,) for t in TALLY_NAMES}]
    others = [k for k in numbers if k not in events and is_count(k, tree[k])]
    if not events or not (bare or len(others) >= 2):
        return []
    return bare[:1] + events


def _short_strings(node: Any) -> bool:
    return is_leaf(node) and base_type(node) in ("string", "any") and hint(node) is None


def composite_key(tree: Any) -> list[str]:
    """The members (dotted) of a record identified by their composite (module doc), or none:
    no identity or label of its own, at most ``COMPOSITE_MEMBERS`` members, each a plain
    string or a flat object of plain strings (nothing named as noise), at least one of them
    the id of what it relates, three that are not ids, and a part whose members are among
    the record's own (the tuple it relates to)."""
    if not isinstance(tree, dict) or not tree or len(tree) > COMPOSITE_MEMBERS:
        return []
    if has_own_identity(tree) or any(
        is_label(k) and is_leaf(v) or is_noise(k) for k, v in tree.items()
    ):
        return []
    paths: list[str] = []
    own = [k for k, v in tree.items() if _short_strings(v)]
    alike = False  # a part of the same kind: the tuple it relates to
    for key, sub in tree.items():
        if key in own:
            paths.append(key)
        elif (
            isinstance(sub, dict)
            and sub
            and len(sub) <= COMPOSITE_MEMBERS
            and all(_short_strings(v) and not is_noise(k) for k, v in sub.items())
        ):
            paths += [f"{key}.{k}" for k in sub]
            alike = alike or (len(sub) >= 2 and set(sub) <= set(own))
        else:
            return []
    refs = [k for k in own if is_id_name(k)]
    if alike and refs and len(own) - len(refs) >= 3:
        return paths
    return paths if own and _two_references(tree) else []


def composite_parts(tree: Any) -> list[str]:
    """The members (dotted) of the parts of ``tree`` that are composite keys (a change's
    ``tuple: {entity, relation, subject}``): a write keeps each whole."""
    if not isinstance(tree, dict):
        return []
    return [f"{key}.{path}" for key, sub in tree.items() for path in composite_key(sub)]


def _two_references(tree: dict[str, Any]) -> bool:
    """Two parts of one kind, each a reference by the same members with an id among them
    (``entity: {type, id}``, ``subject: {type, id, relation}``): a tuple relating the one to
    the other by the record's own strings (``relation``)."""
    parts = [set(v) for v in tree.values() if isinstance(v, dict)]
    return any(
        len(a & b) >= 2 and any(is_id_name(k) for k in a & b)
        for i, a in enumerate(parts)
        for b in parts[i + 1 :]
    )


def link_ids(tree: Any, entity: tuple[str, ...] = ()) -> list[str]:
    """The ids of the things a link record relates (module doc), or none: no id of its own
    (``entity``: the object's type, ``orderId`` in an order), natural key, label or text,
    and two to ``LINKED`` ids of different things."""
    if not isinstance(tree, dict) or has_own_identity(tree, entity):
        return []
    leaves = [k for k, v in tree.items() if is_leaf(v)]
    if any(is_label(k) or is_natural_key(k) or is_content(k) for k in leaves):
        return []
    ids = [
        k
        for k in leaves
        if is_id_name(k) and len(w(k)) > 1 and w(k)[0] not in NOT_OWN and not is_noise(k)
    ]
    only_ids = len(ids) == len(tree)  # nothing but the ids it relates: any number of kinds
    if len(ids) < 2 or (len(ids) > LINKED and not only_ids):
        return []
    return ids if len({w(k)[:-1] for k in ids}) == len(ids) else []
