"""What concise default shaping must never lose, checked on every response it shapes.

Whatever fields the rules chose, the result must keep:

1. **the payload list**: a list of items the response carried (at the payload path, or the
   one a response-only reading finds) comes back as a list with as many items;
2. **identity**: an object (each item, or the one resource) that had an identity member
   (``id``, ``uuid``, ``*Id``, ``key``, ``slug``, ``number``, ``sha``, ``login``...; not a flag,
   ``useEmailAsUsername``, nor a credential, ``passwordObfuscatorKey``, which no read shows)
   with a value, at its top level or one object down, keeps at least one identity member;
   one whose only identity members are its parts' keeps its own name instead (``{name,
   latest: {buildId, ...}}``), or with none, each such part's name (``{from: {stopId,
   name}, to: {...}, itineraries: [...]}``), and one keeping the member a path parameter names keeps the
   identity the API addresses it by (``name`` of a company read at ``/v3/{name}``, its
   ``externalId`` left out);
3. **label**: an object that had a non-empty label (``name``, ``title``, ``*_name``,
   ``subject``...), at its top level or one object down in a part with no id of its own
   (not a related thing's: ``created_by: {id, name}``), keeps one label or its value;
   and an object with content (a value at most three objects down: ``{data: {...}}``, or a
   list of records holding values: ``{actions: [...]}``) never shapes down to nothing (``{}``);
4. **substance**: a non-empty response never shapes down to wrapper metadata only, and an
   object with no identity or label of its own (``{available: [...], pending: [...]}``) keeps
   each of its lists of objects.

These rules read names only (words of a name's last segment), independently of how the
default fields were chosen. When one breaks, the pipeline shows ``generic_projection`` (the
scalars of the top two levels of each object, then truncated) with a note, and reports the
violations (``mcpforge preview --check`` fails on them).

One more is soft (``people_lost``): an object that named who (a person member holding a handle
or a name) and keeps a time of its own keeps a person. When it breaks, the pipeline reads the
defaults again from the response (the person the description chose was null: a gist's legacy
``user`` beside its ``owner``) and keeps its first reading when that does not help. So is
another (``address_lost``): an object that had, with a value, the member a path parameter
names keeps it (an item's ``id`` the description did not declare, beside the ``key`` it did);
and a third (``_flags_only``): an object kept down to nothing but flags while a part it held
has values (``{archived: true}`` of an item ``{archived, bubbled: {latest_message: {id,
text}}}``, the other items' members absent from it: a flag tells no item from another).
"""

from __future__ import annotations

from typing import AbstractSet, Any, Callable

from .chunking import get_at
from .collections import (
    Payload,
    exchange_id,
    find_payload_in_value,
    is_meta_key,
    is_meta_member,
    is_naming_metadata,
)
from .names import words
from .roles.identity import addressed_by
from .roles.noise import is_credential
from .roles.people import HANDLE_WORDS, is_person
from .roles.words import w as name_words
from .roles.time import is_time
from .trees import scalar_type

ID_LAST = frozenset(
    {"id", "uuid", "guid", "uid", "identifier", "key", "slug", "number", "sha", "login",
     "username", "handle", "arn", "urn"}
)  # fmt: skip
LABEL_LAST = frozenset(
    {"name", "title", "label", "subject", "login", "username", "headline", "caption",
     "handle", "filename", "heading"}
)  # fmt: skip
HANDLES = frozenset({"login", "username", "handle", "number", "slug"})
MAX_CHECKED = 200


def _last(key: str) -> str:
    ws = words(key)
    return ws[-1] if ws else key.lower()


def _has_value(v: Any) -> bool:
    return v is not None and v != "" and not isinstance(v, (dict, list))


def _records(v: Any) -> bool:
    """A list of objects one of which holds a value of its own (``actions: [{timestamp}]``):
    content, as a scalar is."""
    return isinstance(v, list) and any(
        isinstance(i, dict) and any(_has_value(x) for x in i.values()) for i in v
    )


def _keys(obj: Any, depth: int = 2) -> list[tuple[str, Any]]:
    """(key, value) of an object's members and of its nested objects' members."""
    out: list[tuple[str, Any]] = []
    if not isinstance(obj, dict) or depth <= 0:
        return out
    for key, value in obj.items():
        out.append((str(key), value))
        if isinstance(value, dict):
            out.extend(_keys(value, depth - 1))
    return out


def _id_member(key: str, value: Any) -> bool:
    return _last(key) in ID_LAST and _has_value(value)


def _demanded(key: str, value: Any) -> bool:
    """An identity member the answer must keep one of: never a flag (``useEmailAsUsername:
    true`` is a setting) nor a credential named like a key (``passwordObfuscatorKey``,
    ``api_key``: a read leaves it out, ``credentials.py``, so no object is known by it), nor
    the id of the exchange (``errors: {code, requestId}``: no resource's, and the defaults
    leave it out)."""
    return (
        _id_member(key, value)
        and not isinstance(value, bool)
        and not is_credential(key)
        and not exchange_id(key)
    )


def _label_member(key: str, value: Any) -> bool:
    return _last(key) in LABEL_LAST and isinstance(value, str) and bool(value.strip())


def _ident(obj: dict[str, Any], depth: int = 2, demanded: bool = False) -> bool:
    """An identity member at its top level or (``depth`` 2) one object down (``demanded``:
    one the answer must keep one of)."""
    member = _demanded if demanded else _id_member
    return any(member(k, v) for k, v in _keys(obj, depth))


def _label(obj: dict[str, Any]) -> Any:
    """Its own label, or one in a part that is no thing of its own (a bag of settings, an
    envelope's resource): a related thing's name (``created_by: {id, name}``) is not its."""
    own = list(obj.items())
    bags = [
        (k, v)
        for part in obj.values()
        if isinstance(part, dict) and not _plain_id(part)
        for k, v in part.items()
    ]
    return next((v for k, v in own + bags if _label_member(k, v)), None)


def _plain_id(obj: dict[str, Any]) -> bool:
    """An id of its own by a name that is nothing else (``id``, ``uuid``; not the
    ``category_id`` it refers to, nor a handle: a bag may hold a ``username``)."""
    return any(k.lower() in ID_LAST - HANDLES and _has_value(v) for k, v in obj.items())


def _named_only(raw: dict[str, Any], shaped: Any) -> bool:
    """An object with no identity member of its own (only its parts have one: a deployment's
    ``latestVersion.buildId``) whose own name is kept (``name``): named by it; with no name
    of its own, whose two or more parts with an identity each kept their name (a trip plan's
    ``{from: {stopId, name}, to: {stopId, name}, itineraries: [...]}``: the places it is
    between, each reduced to its label as a related thing is)."""
    if _ident(raw, 1) or not isinstance(shaped, dict):
        return False
    if any(_label_member(k, v) and raw.get(k) == v for k, v in shaped.items()):
        return True
    if any(_label_member(k, v) for k, v in raw.items()):
        return False  # a name of its own, not kept
    parts = [k for k, v in raw.items() if isinstance(v, dict) and _ident(v, 1, demanded=True)]
    # two or more: the things it relates (one such part is the resource it wraps, whose own
    # identity is demanded: ``{group: {groupId, title}}``)
    return len(parts) >= 2 and all(_part_named(raw[k], shaped.get(k)) for k in parts)


def _part_named(raw: dict[str, Any], shaped: Any) -> bool:
    """A part that kept its name, with its value."""
    return isinstance(shaped, dict) and any(
        _label_member(k, v) and raw.get(k) == v for k, v in shaped.items()
    )


def _addressed(raw: dict[str, Any], shaped: Any, keys: tuple[str, ...]) -> bool:
    """It kept, with its value, the member a path parameter of the API names (``name`` of a
    company read at ``/companies/{name}``, beside its ``externalId``): the identity the API
    addresses it by, whatever its name says; or a part's member the parameter names whole
    (``device.devEui`` for ``{devEui}``: ``identity._named_below``)."""
    if not isinstance(shaped, dict):
        return False
    if any(_has_value(v) and raw.get(k) == v and addressed_by(k, keys) for k, v in shaped.items()):
        return True
    whole = {"".join(name_words(p)) for p in keys if len(name_words(p)) > 1}
    return any(
        _has_value(v) and isinstance(raw.get(k), dict) and raw[k].get(m) == v
        for k, part in shaped.items()
        if isinstance(part, dict)
        for m, v in part.items()
        if "".join(name_words(m)) in whole
    )


def _flags_only(raw: dict[str, Any], shaped: Any) -> bool:
    """It kept nothing but flags (``{archived: true}``) while it held a value that is no
    flag in a part the flags sit beside (``bubbled: {latest_message: {id, text, ...}}``):
    a flag tells no object from another (the defaults chosen for the other items found
    none of their members in it)."""
    if not isinstance(shaped, dict) or not shaped:
        return False
    if not all(isinstance(v, bool) for v in shaped.values()):
        return False
    return any(
        isinstance(part, dict)
        and any(_has_value(v) and not isinstance(v, bool) for _, v in _keys(part, 3))
        for key, part in raw.items()
        if key not in shaped and not is_meta_key(key)  # not its ``_links``
    )


def _lost(raw: Any, shaped: Any, keys: tuple[str, ...] = ()) -> list[str]:
    """What one object lost: "identity", "label" (or nothing); ``keys``: the path parameters
    that address such an object (``_addressed``)."""
    if not isinstance(raw, dict):
        return []
    lost: list[str] = []
    kept = _keys(shaped, 3) if isinstance(shaped, dict) else []
    if any(_has_value(v) or _records(v) for _, v in _keys(raw, 3)) and not (
        isinstance(shaped, dict) and any(v not in (None, "", [], {}) for v in shaped.values())
    ):
        return ["content"]
    if _ident(raw, demanded=True) and not any(_id_member(k, v) for k, v in kept):
        if not _named_only(raw, shaped) and not (keys and _addressed(raw, shaped, keys)):
            lost.append("identity")
    label = _label(raw)
    if label is not None:
        if not any(_last(k) in LABEL_LAST for k, _ in kept) and all(v != label for _, v in kept):
            lost.append("label")
    return lost


def check_invariants(
    raw: Any,
    shaped: Any,
    path: tuple[str, ...] | None,
    kind: str,
    found: Payload | None = None,
    keys: tuple[str, ...] = (),
) -> list[str]:
    """The invariants (module doc) ``shaped`` breaks, as short sentences; [] when it holds.
    ``found``: ``find_payload_in_value(raw)`` when the caller has it already; ``keys``: the
    path parameters that address the objects it answers (an object keeping the member one
    names has kept its identity)."""
    path, kind = _where(raw, path, kind, found)
    if kind == "list" and path is not None:
        items = get_at(raw, path)
        kept = get_at(shaped, path) if isinstance(shaped, (dict, list)) else None
        name = ".".join(path) or "the body"
        if not isinstance(items, list) or not items:
            return []
        if not isinstance(kept, list) or len(kept) != len(items):
            return [f"the list {name!r} ({len(items)} items) was dropped"]
        counts: dict[str, int] = {}
        for a, b in zip(items[:MAX_CHECKED], kept):
            for what in _lost(a, b, keys):
                counts[what] = counts.get(what, 0) + 1
        checked = min(len(items), MAX_CHECKED)
        return [
            f"{n} of {checked} items of {name!r} lost {'everything' if w == 'content' else 'their ' + w}"
            for w, n in counts.items()
        ]
    target_raw = get_at(raw, path) if path else raw
    target_shaped = get_at(shaped, path) if path and isinstance(shaped, dict) else shaped
    if _substance(target_raw) and not _substance(target_shaped):
        return ["only wrapper metadata was left"]
    if (
        isinstance(target_raw, dict)
        and not _ident(target_raw, demanded=True)
        and _label(target_raw) is None
    ):
        # no identity of its own: its lists are what it holds, each must survive
        kept = target_shaped if isinstance(target_shaped, dict) else {}
        for key, items in target_raw.items():
            if isinstance(items, list) and items and isinstance(items[0], dict):
                if not is_meta_key(key) and not kept.get(key):
                    return [f"the list {key!r} ({len(items)} items) was dropped"]
    return [
        "the object lost everything" if what == "content" else f"the object lost its {what}"
        for what in _lost(target_raw, target_shaped, keys)
    ]


WRAPPER_LAST = frozenset({"kind", "object", "type", "version", "status", "success", "ok", "code"})


def _substance(value: Any) -> bool:
    """Something beyond metadata: a member that is not metadata by name (``meta``, ``links``,
    ``kind``, ``apiVersion``, ``status``...) with a value, or metadata that names the resource
    (``metadata: {name, uid}``)."""
    if isinstance(value, list):
        return bool(value)
    if not isinstance(value, dict):
        return value not in (None, "")
    return any(
        v not in (None, "", [], {})
        and (not is_meta_member(k, v) or is_naming_metadata(k, v))
        and _last(k) not in WRAPPER_LAST
        for k, v in value.items()
    )


def generic_projection(value: Any) -> Any:
    """The scalars of the top two levels of an object (arrays of scalars included); arrays of
    objects, at either level, keep the top-level scalars of each element: no list is lost."""
    if isinstance(value, list):
        return [generic_projection(v) for v in value]
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for key, sub in value.items():
        if isinstance(sub, dict):
            inner = {k: v for k, v in sub.items() if _scalarish(v)}
            inner.update(
                {
                    k: _elements(v)
                    for k, v in sub.items()
                    if isinstance(v, list) and not _scalarish(v)
                }
            )
            if inner:
                out[key] = inner
        elif isinstance(sub, list):
            out[key] = sub if all(_scalarish(v) for v in sub) else _elements(sub)
        else:
            out[key] = sub
    return out


def _elements(items: list[Any]) -> list[Any]:
    """Each element of an array by its top-level scalars (nested arrays left out)."""
    return [
        {k: v for k, v in e.items() if _scalarish(v)} if isinstance(e, dict) else e
        for e in items
        if not isinstance(e, list)
    ]


def _scalarish(v: Any) -> bool:
    return not isinstance(v, (dict, list)) or (
        isinstance(v, list) and all(not isinstance(e, (dict, list)) for e in v)
    )


def _where(
    raw: Any, path: tuple[str, ...] | None, kind: str, found: Payload | None
) -> tuple[tuple[str, ...] | None, str]:
    """Where the objects to check are: a list the response carries, wherever the shaping
    looked (a body described as one object may send a list)."""
    if kind != "list":
        found = found if found is not None else find_payload_in_value(raw)
        if found.collection is not None:
            return found.collection, "list"
    return path, kind


def people_lost(
    raw: Any,
    shaped: Any,
    path: tuple[str, ...] | None,
    kind: str,
    found: Payload | None = None,
) -> list[str]:
    """The soft invariant (module doc) ``shaped`` breaks, as a short sentence; [] when it
    holds. Arguments as ``check_invariants``."""
    return _soft(raw, shaped, path, kind, found, _person_lost, "person")


def address_lost(
    raw: Any,
    shaped: Any,
    path: tuple[str, ...] | None,
    kind: str,
    found: Payload | None = None,
    keys: tuple[str, ...] = (),
) -> list[str]:
    """The other soft invariant (module doc): an object that had, with a scalar value, the
    member a path parameter names (``keys``) keeps it. Arguments as ``check_invariants``."""
    if not keys:
        return []
    at, listed = _where(raw, path, kind, found)
    items = get_at(raw, at) if listed == "list" and at is not None else None
    shared = _one_value(items) if isinstance(items, list) else set()

    def lost(a: Any, b: Any) -> bool:
        return _address_lost(a, b, keys, shared)

    return _soft(raw, shaped, path, kind, found, lost, "address")


def soft_lost(
    raw: Any,
    shaped: Any,
    path: tuple[str, ...] | None,
    kind: str,
    found: Payload | None = None,
    keys: tuple[str, ...] = (),
) -> list[str]:
    """What the soft invariants (module doc) find ``shaped`` lost: its person, else the member
    a path parameter names; [] when both hold. Arguments as ``check_invariants``."""
    return (
        people_lost(raw, shaped, path, kind, found)
        or address_lost(raw, shaped, path, kind, found, keys)
        or _soft(raw, shaped, path, kind, found, _flags_only, "words")
        or _soft(raw, shaped, path, kind, found, _named_by_another, "label")
        or envelope_dropped(raw, shaped, path, kind, found)
    )


def envelope_dropped(
    raw: Any, shaped: Any, path: tuple[str, ...] | None, kind: str, found: Payload | None
) -> list[str]:
    """A body whose envelope (``{data: {affected_items: ["001"], total_affected_items: 1},
    message}``: the member the answer is wrapped in, ``find_payload_in_value``) held values
    while its result keeps none of it: the answer shaped down to what surrounds it."""
    if kind == "list" or path or not isinstance(raw, dict) or not isinstance(shaped, dict):
        return []
    found = found if found is not None else find_payload_in_value(raw)
    if found.collection is not None or not found.envelope:
        return []
    inner = get_at(raw, found.envelope)
    kept = get_at(shaped, found.envelope)
    if not isinstance(inner, dict) or kept not in (None, {}, []):
        return []
    if not any(_has_value(v) or (isinstance(v, list) and v) for v in inner.values()):
        return []
    return [f"the envelope {'.'.join(found.envelope)!r} was dropped"]


def _one_value(items: list[Any]) -> set[str]:
    """The members holding one value on every item of a list of two or more not all alike:
    they tell none of the items apart, so no path parameter addresses an item by them."""
    dicts = [i for i in items if isinstance(i, dict)]
    if len(dicts) < 2 or len(dicts) != len(items) or all(d == dicts[0] for d in dicts):
        return set()
    return {k for k, v in dicts[0].items() if all(k in d and d[k] == v for d in dicts[1:])}


def _soft(
    raw: Any,
    shaped: Any,
    path: tuple[str, ...] | None,
    kind: str,
    found: Payload | None,
    lost: Callable[[Any, Any], bool],
    what: str,
) -> list[str]:
    """The items of the payload list (or the one object) for which ``lost`` holds, as a short
    sentence naming ``what`` they lost."""
    path, kind = _where(raw, path, kind, found)
    if kind == "list" and path is not None:
        items = get_at(raw, path)
        kept = get_at(shaped, path) if isinstance(shaped, (dict, list)) else None
        if not isinstance(items, list) or not isinstance(kept, list) or len(kept) != len(items):
            return []
        n = sum(1 for a, b in zip(items[:MAX_CHECKED], kept) if lost(a, b))
        name = ".".join(path) or "the body"
        checked = min(len(items), MAX_CHECKED)
        return [f"{n} of {checked} items of {name!r} lost their {what}"] if n else []
    target_raw = get_at(raw, path) if path else raw
    target_shaped = get_at(shaped, path) if path and isinstance(shaped, dict) else shaped
    return [f"the object lost its {what}"] if lost(target_raw, target_shaped) else []


def _address_lost(
    raw: Any, shaped: Any, keys: tuple[str, ...], shared: AbstractSet[str] = frozenset()
) -> bool:
    """``raw`` had the member a path parameter names, a scalar with a value, and ``shaped``
    keeps none: a member the description did not declare (an item's ``id`` beside the
    ``key`` and ``label`` it does) was not chosen. Not one of ``shared`` (``_one_value``)."""
    if not isinstance(raw, dict) or not isinstance(shaped, dict):
        return False
    named = [
        k for k, v in raw.items() if _has_value(v) and k not in shared and addressed_by(k, keys)
    ]
    return bool(named) and not any(shaped.get(k) == raw[k] for k in named)


def _person_lost(raw: Any, shaped: Any) -> bool:
    """``raw`` named who (``owner: {login}``) and ``shaped`` keeps when but nobody."""
    if not isinstance(raw, dict) or not isinstance(shaped, dict):
        return False
    if not any(is_person(k) and _who(v) for k, v in raw.items()):
        return False
    if any(is_person(k) and (_who(v) or _has_value(v)) for k, v in shaped.items()):
        return False
    return any(_has_value(v) and is_time(k, scalar_type(v)) for k, v in shaped.items())


def _named_by_another(raw: Any, shaped: Any) -> bool:
    """``raw`` had a label member of its own (at its top level; a bag's, ``merge_variables:
    {name}``, may be data) and ``shaped`` keeps neither its value nor any label at its level
    or in a part that is no thing of its own, only a related thing's name (``{id, ipAddress,
    owner: {id, firstName}}`` of a device whose ``displayName`` the description did not
    declare): the label check (``_lost``) takes a name anywhere as kept, this one asks for
    the object's own."""
    if not isinstance(raw, dict) or not isinstance(shaped, dict) or not shaped:
        return False
    label = next((v for k, v in raw.items() if _label_member(k, v)), None)
    if label is None:
        return False
    own = list(shaped.items()) + [
        (k, v)
        for part in shaped.values()
        if isinstance(part, dict) and not _plain_id(part)
        for k, v in part.items()
    ]
    return not any(_label_member(k, v) or v == label for k, v in own)


def _who(person: Any) -> bool:
    """A person's handle or name with a value (``{login: "octocat"}``)."""
    return isinstance(person, dict) and any(
        _last(k) in (*HANDLE_WORDS, "name") and _has_value(v) for k, v in person.items()
    )
