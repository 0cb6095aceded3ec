"""What the judge (``judge.py``) calls an identity, a label and a kept value.

Names are read by their words (``customerId``, ``customer_id``, ``CustomerID`` -> customer,
id); values are compared, not key names: a kept value may be renamed, flattened or truncated
(a truncated string matches the original it starts, cut at the ``…`` of a marker).
Written apart from the shaping rules: nothing here imports ``runtime/shaping``.
"""

from __future__ import annotations

import re
from typing import Any

_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
LABEL_WORDS = frozenset(
    {
        "name",
        "title",
        "label",
        "subject",
        "headline",
        "heading",
        "caption",
        "login",
        "username",
        "handle",
        "slug",
    }
)
# ``pk`` (a primary key), ``sid`` (a string id): an object's own identity under another common
# name; without them the judge read a related ``model_id`` as the identity of ``{pk, model_id}``
OWN_IDENTITY = frozenset(
    {"id", "uid", "uuid", "guid", "identifier", "key", "number", "sha", "pk", "sid"}
)
HANDLE_WORDS = frozenset({"login", "username", "handle", "slug"})
ID_SUFFIXES = frozenset({"id", "uuid", "guid"})
# ``request_id``, ``traceId``: what identifies the call, not a resource (envelope metadata)
REQUEST_WORDS = frozenset({"request", "req", "trace", "correlation", "span"})
# ``clientMutationId`` (Relay): the caller's id of the mutation it sent, answered back: the
# call's, not the resource's, wherever the word stands before the id
CALL_WORDS = frozenset({"mutation"})
# ``nextPageId``, ``previous_cursor_id``: where the next or previous page is, not a resource
NEIGHBOUR_WORDS = frozenset({"next", "prev", "previous"})
# ``lastSyncId``, ``first_id``: the id of another moment's thing (the last sync, a page's
# first item), not the object's
MOMENT_WORDS = frozenset({"first", "last", "latest"})
# the part where a record keeps its own id and times (``metadata: {id, createdAt}``)
RECORD_META = frozenset({"meta", "metadata"})
# a date or a date and time (ISO 8601, RFC 3339): when something happened, never a name
_TIMESTAMP = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?"
)


def is_error_report(key: str) -> bool:
    """``error``, ``errors``, ``lastError``: a report of what went wrong, whose lists are its
    details."""
    ws = words(key)
    return bool(ws) and ws[-1] in ("error", "errors")


def is_meta(key: str) -> bool:
    """``meta``: an envelope's meta-information (JSON:API's top-level ``meta`` and the same
    name elsewhere), never the payload or the answered resource."""
    return bare(key) == "meta"


def is_links(key: str, value: Any) -> bool:
    """Hypermedia links (HAL's ``_links``, JSON:API's ``links``): a member named ``links``
    whose members are links, objects with an ``href`` (``{self: {href, name}}``) or URLs. A
    link's ``name`` names the link, not the resource: never the answered resource."""
    if bare(key) not in ("links", "link") or not isinstance(value, dict) or not value:
        return False
    return all(
        (isinstance(v, dict) and "href" in v)
        or (isinstance(v, str) and v.startswith(("http://", "https://", "/")))
        or v is None
        for v in value.values()
    )


# A notice that comes with every answer, named for it: not what the call produced.
NOTICE_WORDS = frozenset({"copyright", "attribution", "license", "licence", "disclaimer"})


def notice_name(key: str) -> bool:
    """A member named for a notice that comes with every answer (``copyright``,
    ``attributionText``, ``licenses``): what the data may be used for, not the data."""
    return any(w in NOTICE_WORDS or w.rstrip("s") in NOTICE_WORDS for w in words(key))


def notice_beside(body: dict[str, Any], key: str) -> bool:
    """``body[key]`` is a list of notices (``licenses: [{name, url}]`` of a geocoding answer)
    beside another list of objects (its ``results``): neither the payload nor the records
    the call answered."""
    return notice_name(key) and any(
        k != key and isinstance(v, list) and any(isinstance(i, dict) for i in v)
        for k, v in body.items()
    )


# What a link object says besides its address (RFC 8288's target attributes, HAL's and
# Spring HATEOAS's members): how to follow it, not data of its own.
LINK_MEMBERS = frozenset(
    {"href", "rel", "method", "type", "title", "templated", "hreflang", "media", "name",
     "profile", "deprecation", "verb"}
)  # fmt: skip


def is_link_list(key: str, value: Any) -> bool:
    """A list of hypermedia links (``links: [{rel, href}]``, Spring HATEOAS's and Atom's
    layout): a member named ``links`` each of whose items is a link, an object with an
    ``href`` and nothing but what says how to follow it (``LINK_MEMBERS``). Beside the
    resource they lead from, they are navigation (the next calls' addresses), not a payload;
    a body made of them alone (``{links: [...]}`` of a link service) still lists them."""
    if bare(key) not in ("links", "link") or not isinstance(value, list) or not value:
        return False
    return all(
        isinstance(v, dict) and "href" in v and {bare(k) for k in v} <= LINK_MEMBERS for v in value
    )


MAX_LABEL_CHARS = 300
WRAPPER_SCALARS = 4  # a list two levels down is a payload only in a body with at most this many


def words(name: str) -> list[str]:
    return [w.lower() for w in _WORDS.findall(name)]


def bare(name: str) -> str:
    return name.lstrip("_@$").lower()


def is_scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float)) and not isinstance(value, bool)


def own_identity(obj: dict[str, Any]) -> list[Any]:
    """The non-null values of ``obj``'s identity members (rule in the module doc)."""
    values = [v for k, v in obj.items() if bare(k) in OWN_IDENTITY and is_scalar(v) and v != ""]
    if values:
        return values
    ids = _thing_ids(obj)
    # ``{metadata: {id, createdAt}, tenantId, workflowId}``: the id of the record's metadata
    # part is its own; the ``*Id`` members beside it name what it belongs to
    meta = [
        v
        for k, sub in obj.items()
        if isinstance(sub, dict) and bare(k) in RECORD_META
        for m, v in sub.items()
        if bare(m) in ID_SUFFIXES and is_scalar(v) and v != ""
    ]
    return meta if ids and meta else ids


def _thing_ids(obj: dict[str, Any]) -> list[Any]:
    """The values of ``obj``'s members named ``<thing>_id``/``<thing>Id`` (not a call's)."""
    return [
        v
        for k, v in obj.items()
        if len(words(k)) > 1
        and words(k)[-1] in ID_SUFFIXES
        and words(k)[0] not in REQUEST_WORDS | NEIGHBOUR_WORDS | MOMENT_WORDS
        and not CALL_WORDS & set(words(k)[:-1])
        and is_scalar(v)
        and v != ""
    ]


# an identity within what holds the object only (an issue's number in its repository, a
# player's shirt number in its team), not one the API knows it by everywhere
SCOPED_IDENTITY = frozenset({"number"})


def identity_values(obj: dict[str, Any]) -> list[Any]:
    """The values one of which, kept, keeps ``obj``'s identity: its own identity, and, when
    it has one, its ids named after a call (``spanId`` of a span whose other id is its
    parent's): not demanded (an envelope's ``request_id`` is no resource's identity), but an
    object that keeps one is still identified by it; and when its only identity is a number
    (``SCOPED_IDENTITY``), its ``<thing>Id`` members too (a stat line's ``PlayerGameID``
    beside a shirt ``Number``)."""
    ident = own_identity(obj)
    if not ident:
        return ident
    named_after_call = [
        v
        for k, v in obj.items()
        if len(words(k)) > 1
        and words(k)[-1] in ID_SUFFIXES
        and words(k)[0] in REQUEST_WORDS
        and is_scalar(v)
        and v != ""
    ]
    bare_keys = {bare(k) for k in obj if bare(k) in OWN_IDENTITY}
    scoped = _thing_ids(obj) if bare_keys and bare_keys <= SCOPED_IDENTITY else []
    return ident + [v for v in named_after_call + scoped if v not in ident]


def is_exchange_id(key: str) -> bool:
    """The id of the call, not of the data (``request_id``, ``traceId``): envelope metadata,
    no value an answer must keep."""
    ws = words(key)
    return (
        len(ws) > 1
        and ws[-1] in ID_SUFFIXES
        and (ws[0] in REQUEST_WORDS or bool(CALL_WORDS & set(ws[:-1])))
    )


def has_identity_member(obj: dict[str, Any]) -> bool:
    return any(bare(k) in OWN_IDENTITY for k in obj)


def is_resource(obj: dict[str, Any]) -> bool:
    """An object with an identity or a label of its own: its lists are part of it."""
    return bool(own_identity(obj)) or any(is_label(k, v) for k, v in obj.items())


# Words of a member that says where a list's item sits in the pages, not what the item is.
PAGING_WORDS = frozenset({"cursor", "marker", "offset", "position"})


def edge_resource(obj: Any) -> dict[str, Any] | None:
    """The resource an edge holds: ``{cursor, node: {id, name, ...}}`` (one member that is a
    resource, the others scalars saying where the item sits in the pages, GraphQL's
    ``__typename`` beside them): the item is that resource, judged by its identity and label;
    None for any other object."""
    if not isinstance(obj, dict):
        return None
    parts = [v for v in obj.values() if isinstance(v, dict) and v]
    rest = [(k, v) for k, v in obj.items() if not (isinstance(v, dict) and v)]
    paging = [
        k for k, v in rest if not isinstance(v, (dict, list)) and set(words(k)) & PAGING_WORDS
    ]
    typed = [k for k, _ in rest if k == "__typename"]
    if len(parts) != 1 or not is_resource(parts[0]) or not paging:
        return None
    return parts[0] if len(paging) + len(typed) == len(rest) else None


def labels(obj: dict[str, Any]) -> list[str]:
    """The values of ``obj``'s label fields, its own first, then its property bags'. A part
    with an identity of its own (``customer: {lago_id, external_id, name}`` of an invoice) is
    a related object, not a property bag: its name is its own, not the object's."""
    found = [v for k, v in obj.items() if is_label(k, v)]
    if found:
        return found
    for value in obj.values():
        if isinstance(value, dict) and not has_identity_member(value) and not own_identity(value):
            found += [v for k, v in value.items() if is_label(k, v)]
    return found


# the one word after a label's that says which of its versions it is: a language (``nameEn``,
# ``name_fr``) or a rendering (``title_original``, ``title_highlighted``)
LABEL_VERSIONS = frozenset(
    {"en", "fr", "de", "es", "pt", "nl", "ja", "zh", "ru", "ko", "ar", "sv", "da", "fi", "pl",
     "tr", "cs", "el", "hu", "ro", "uk", "original", "plain", "native", "english", "localized",
     "localised", "translated", "highlighted", "formatted", "html", "rendered"}
)  # fmt: skip


def is_label(key: str, value: Any) -> bool:
    w = words(key)
    if len(w) >= 2 and w[-1] in LABEL_VERSIONS and w[-2] in LABEL_WORDS:
        w = w[:-1]
    return (
        bool(w)
        and w[-1] in LABEL_WORDS
        and isinstance(value, str)
        and 0 < len(value.strip()) <= MAX_LABEL_CHARS
        and not value.startswith(("http://", "https://"))
        and not is_timestamp(value)
    )


def is_timestamp(value: Any) -> bool:
    """A date or a date and time written as text (``last_login: "2024-01-02T10:00:00Z"``)."""
    return isinstance(value, str) and bool(_TIMESTAMP.fullmatch(value.strip()))


def get_path(value: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


TYPE_NAME = "__typename"  # GraphQL's name of an object's type: said of a value, not one


def data_of(value: Any) -> Any:
    """``value`` without GraphQL's ``__typename`` members, at any depth: what a body holds
    beside the names of its types (``{"__typename": "DeleteSuccess", "success": true}`` holds
    the flag)."""
    if isinstance(value, dict):
        return {k: data_of(v) for k, v in value.items() if k != TYPE_NAME}
    if isinstance(value, list):
        return [data_of(v) for v in value]
    return value


def leaves(value: Any, depth: int = 0, max_depth: int = 8) -> list[Any]:
    """Every scalar in ``value`` (strings, numbers; not booleans or null)."""
    if is_scalar(value):
        return [value]
    if depth >= max_depth:
        return []
    if isinstance(value, dict):
        return [x for v in value.values() for x in leaves(v, depth + 1, max_depth)]
    if isinstance(value, list):
        return [x for v in value for x in leaves(v, depth + 1, max_depth)]
    return []


def same(original: Any, shaped: Any) -> bool:
    if isinstance(original, str) and isinstance(shaped, str):
        if original == shaped:
            return True
        if "…" not in shaped:
            return False  # an id that is the start of a longer hash is not the hash
        cut = shaped.split("…")[0].rstrip()  # a truncated string: the start of the original
        return len(cut) >= 8 and original.startswith(cut)
    if isinstance(original, bool) or isinstance(shaped, bool):
        return False
    return str(original) == str(shaped)


def none_said(body: Any, shaped: Any) -> bool:
    """An empty list of the body that the result keeps empty (``{type: "list", data: []}`` ->
    ``{data: []}``): the answer is that there are none, not wrapper metadata."""
    if not isinstance(body, dict):
        return False
    return any(
        value == [] and (shaped == [] or isinstance(shaped, dict) and shaped.get(key) == [])
        for key, value in body.items()
    )


def scalar_members(obj: dict[str, Any]) -> int:
    """How many members of ``obj`` are neither objects nor lists (a wrapper carries at most
    ``WRAPPER_SCALARS``: counts and page numbers beside its list)."""
    return sum(not isinstance(v, (dict, list)) for v in obj.values())


def found_in(values: list[Any], shaped: Any) -> bool:
    kept = leaves(shaped)
    return any(same(v, s) for v in values for s in kept)


def is_own_part(body: dict[str, Any], part: dict[str, Any]) -> bool:
    """``part`` (a member of ``body``) is a part of ``body``, not the resource ``body`` wraps:
    ``body`` has an identity of its own named ``<thing>Id`` (``productId``; not a request's
    ``request_id``), which an envelope has not, and ``part`` is identified no better
    (``configurationVariables: {mcmId, ...}``, no plain ``id`` of its own)."""
    return bool(own_identity(body)) and not has_identity_member(part)


def unwrap(body: Any, thing: str = "") -> Any:
    """A single resource seen through envelopes: ``{"data": {...}}`` -> the inner object."""
    return get_path(body, unwrap_path(body, thing))


def same_name(key: str, thing: str) -> bool:
    """``key`` names ``thing`` (compared by words: ``changeEvent``, ``change_event``)."""
    return bool(words(key)) and words(key) == words(thing)


def stated_answer(body: Any, thing: str) -> bool:
    """``body`` states the answer to what the operation's path addresses, as a scalar member
    named for it, beside parts none of which is a resource of its own (``reachability`` of
    ``{buildInfo: {build: {...}, queueInfos: [...]}, reachability: "REACHABLE"}`` at
    ``/builds/{build}/reachability``): the body is that answer, its other members what it is
    about; neither a wrapper around a list one level down nor an envelope around a part. (A
    resource beside it, ``{content, commit: {sha, ...}}``, is still what a write answers.)"""
    return bool(stated_members(body, thing))


def stated_members(body: Any, thing: str) -> list[tuple[str, Any]]:
    """The members in which ``body`` states that answer (``stated_answer``): its scalar
    members named for ``thing``; none when a part of it is a resource of its own."""
    if not thing or not isinstance(body, dict):
        return []
    if any(isinstance(v, dict) and is_resource(v) for v in body.values()):
        return []
    return [(k, v) for k, v in body.items() if same_name(k, thing) and is_scalar(v) and v != ""]


def unwrap_path(body: Any, thing: str = "") -> tuple[str, ...]:
    """Where ``unwrap`` finds the single resource in ``body`` (``()``: the body itself);
    ``thing``: what the operation's path addresses (``change_event`` for
    ``/change_events/{id}``), whose member is that resource, not an envelope around the one
    related resource inside it (``{change_event: {summary, integration: {id}}}``); a body
    stating the answer to it (``stated_answer``) is itself the answer."""
    path: tuple[str, ...] = ()
    if stated_answer(body, thing):
        return path
    for _ in range(3):
        if not isinstance(body, dict) or has_identity_member(body) or labels(body):
            return path
        named = [
            k for k, v in body.items() if thing and same_name(k, thing) and isinstance(v, dict)
        ]
        if len(named) == 1 and body[named[0]]:
            return (*path, named[0])
        if sum(is_scalar(v) for v in body.values()) > WRAPPER_SCALARS:
            return path  # an envelope carries a few scalars; an object with more is a resource
        objects = [
            (k, v)
            for k, v in body.items()
            if isinstance(v, dict) and v and not is_meta(k) and not is_links(k, v)
        ]
        resources = [(k, v) for k, v in objects if is_resource(v)]
        if len(resources) == 1 and is_own_part(body, resources[0][1]):
            return path  # its own ``productId`` beside a part named by a ``<thing>Id`` of its own
        if len(resources) == 1:
            key, body = resources[0]  # the resource next to envelope metadata or side lists
            path = (*path, key)
            continue
        if len(objects) != 1 or any(isinstance(v, list) and v for v in body.values()):
            return path
        if is_own_part(body, objects[0][1]):
            return path  # its own ``runId`` beside a part nothing identifies (``link: {...}``)
        key, body = objects[0]
        path = (*path, key)
    return path
