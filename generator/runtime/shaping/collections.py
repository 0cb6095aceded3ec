"""Where the payload of a response is: a list of items, one wrapped resource, or the body.

The same rules run on the field tree the spec describes (at generation time) and on a tree
read from the response itself (at run time, when the spec says nothing or is wrong):

0. The one list of objects of a body, named as what the operation is about (its path's last
   segment: ``PUT /Things``; the list a batch request sends: ``{Things: [...]}``), is the
   payload, whatever scalars sit next to it (``{Id, Status, ProviderName, DateTimeUTC,
   Things: [...]}``), unless one of those scalars is the member a path parameter that
   addresses one object of the answer names (rule 2: the record a write made, echoing the
   list it was sent: a change request's ``{requestId, reason, replace: [...]}`` for
   ``/changes/{changeRequestId}``); among several lists, so is the one list a custom method's answer names
   as the collection it acts on (by its last word: ``matchingJobs`` of ``POST
   /v3/{parent}/jobs:search`` beside ``histogramQueryResults`` and ``locationFilters``; not
   on a plain path, where ``{jobMessages, autoscalingEvents}`` of ``/messages`` are both
   the answer).
1. A body that is an array is the list (path ``""``).
2. An object with an identity of its own (``id``, ``uuid``, a natural key such as ``sha``,
   a plain ``name``/``title``, or the member a path parameter that addresses one object of
   the answer names whole: ``commentId`` for ``{commentId}``) and another scalar is ONE
   resource: lists inside it are
   part of it (an order's lines, a completion's choices) and the default fields keep them.
   An identity alone (``{login, repositories: {...}}``) only scopes the list.
2a. So is an object with no list of its own whose metadata object has an id of its own beside
   other objects (``{metadata: {name, uid}, spec: {...}, status: {...}}``): a list inside its
   ``spec`` is part of it.
3. Otherwise the object is a wrapper. Its payload list is its one array of objects whose name
   is not metadata (``errors``, ``links``, ``included``/``includes``, ``facets``...), whatever
   the key (``items``, ``value``, ``Things``, ``fooSummaries``, ``choices``) and whatever sits
   next to it (scalars, ``metadata``/``meta``/``_links`` objects, paging fields). With several
   such arrays, a conventional list key (``data``, ``items``, ``results``, ``value``...) decides;
   with none, or with another array of the same item schema beside it (``{nodes: [...],
   orphanedNodes: [...]}``: both are what it answers), the wrapper is kept whole (its lists
   are shaped as parts of it). An array of
   objects named for errors (``error_details``) beside arrays of values is none of them. With
   no array of objects, its one array of scalars (``{ids: [...], next}``) is the list.
3a. A body whose one array of objects has a metadata name and nothing else of substance beside
   it (no other array, no object member but metadata, at most three scalars: ``{links:
   [...]}``, ``{stats: [...], status}``, ``{included: [...], meta: {...}}``) holds that list:
   nothing else can be its payload. Not an error report's (``errors``, ``warnings``), nor a
   resource's links beside its own members.
3a'. So does a body with no list and no object of its own whose one metadata object (a page's
   ``cursor``, ``pagination``) holds the page's one list of objects under a conventional list
   key beside its paging scalars (``{cursor: {pageSize, hasMore, next, data: [...]}}``, at
   most three scalars beside it): the page carries its data. Not an error report.
3d. So does a body whose object members all say where a page stands (named for paging, no id
   of their own, holding a paging scalar: ``paginationResult: {pageCount, totalEntryCount,
   links}``) beside its one array of objects, whatever that list's name, a report word's too
   (``productErrors``: a report read a page at a time); at most three other scalars. A
   page's metadata is no resource to wrap (rule 4).
3b. A body whose one array of objects has another name beside one resource (an id and
   another scalar) under a conventional payload name (``{data: {id, name, ...}, policies:
   [...]}``) is an envelope around that resource (rule 4): the list is about it.
3c. So is a body whose one array of objects holds records nothing identifies, beside one
   resource holding the member a path parameter names (``{constant: {id, key, ...},
   bypassedGates: [{type, outcome, via}]}`` for ``/constants/{key}``).
4. A wrapper without a list but with one non-metadata object member wraps that member: a
   list found inside it (HAL ``_embedded`` next to paging scalars, ``{data: {items: [...]}}``)
   is the payload; else, with at most three scalars beside it, the member is an **envelope**
   around one resource (``{data: {...}}``; the id of the exchange, ``request_id``, is no
   scalar of its: ``{code, msg, request_id, data: {...}}``, nor are a page's counts beside it:
   ``{_embedded: {data: {...}}, page, total_items}``): fields and defaults are relative
   to it. Not when
   an object of the same schema sits beside it, even under a metadata name (``{dom: {mean,
   median}, price_stats: {mean, median}}``), nor when the object has an identity of its own
   and several object members (``{id, action: {...}, criteria: {...}}``): those are parts of
   one body; nor beside an open object the description leaves undescribed (``series: {type:
   object}``: it may hold the data). A flat object with an id of its own and another scalar is not metadata there.
   A list of strings named for the exchange's notes (``html_attributions``, ``info_messages``)
   is no array of the wrapper's here: ``{html_attributions, result: {...}, status,
   info_messages}`` wraps the ``result``.

Metadata is known by a name's last word (``is_meta_key``); a longer name over an object with
an id of its own (``payment_link: {id, url}``, ``user_info: {id, name}``) is a resource that
merely ends with such a word (``is_meta_member``). An object named for errors with no id of
its own (``ErrorResponse: {Code, Message, Errors}``) is the envelope's report, no member
the body wraps (rule 4: ``{ErrorResponse, Errors, HasErrors, Menu: {Categories: [...]}}``
holds the menu's categories).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .roles.identity import addressed_by, has_own_identity, is_id_name, own_identity_key
from .roles.label import is_label
from .roles.words import w
from .names import base_type, is_leaf, norm, words
from .trees import EVERY_KEY, alike, field_tree_from_value, is_map, unwrap

MAX_DEPTH = 5
META_WORDS = frozenset(
    {"meta", "metadata", "links", "link", "pagination", "paging", "cursor", "cursors",
     "errors", "error", "warnings", "warning", "debug", "included", "includes", "facets",
     "aggregations", "highlights", "stats", "statistics", "usage", "info", "self", "schema",
     "context", "odata", "extensions", "headers"}
)  # fmt: skip
LIST_KEYS = frozenset(
    {"data", "results", "items", "entries", "records", "values", "value", "list", "objects",
     "nodes", "elements", "resources", "members", "rows", "hits", "edges", "content"}
)  # fmt: skip
# An error report's lists: never the payload, even alone (``{errors: [...]}``).
REPORT_WORDS = frozenset({"errors", "error", "warnings", "warning"})
ENVELOPE_SCALARS = 3
# An identity and no other scalar next to a list: the list's scope (an owner's
# repositories), not a resource of its own; the scalars stay as the wrapper's metadata.
SCOPE_SCALARS = 1


# The id of the HTTP exchange, not of the data (``exchange_id``).
DIAGNOSTIC_KEYS = frozenset({"request_id", "requestid", "x_request_id", "trace_id", "traceid"})
EXCHANGE_WORDS = frozenset({"req", "request", "trace", "correlation", "span"})


def exchange_id(key: str) -> bool:
    """The id of the exchange, not of the data (``request_id``, ``meta: {requestId}``,
    ``correlationId``; not a ``pull_request_id``): never an answer, around a list or one
    resource, nor one of the scalars an envelope carries (rule 4)."""
    ws = w(key)
    if key.lower().replace("-", "_") in DIAGNOSTIC_KEYS:
        return True
    return len(ws) > 1 and ws[-1] == "id" and set(ws[:-1]) <= EXCHANGE_WORDS | {"x"}


# A page's position (``page``, ``page_size``, ``next_cursor``, ``has_more``) ...
PAGE_WORDS = frozenset({"page", "pages", "limit", "offset", "cursor", "next", "previous", "more"})
# ... and its counts: ``total``, ``count``, ``total_items``, ``total_count`` (not a count of
# something named: ``near_earth_object_count`` is what a statistics read answers)
TOTAL_WORDS = frozenset({"total", "count"})
COUNTED_WORDS = frozenset({"items", "results", "records", "entries", "elements", "rows", "count"})


def paging_scalar(key: str) -> bool:
    """A scalar saying where a page stands (``page``, ``page_size``, ``total_items``,
    ``has_more``): beside one object (an API that answers every read in its list's envelope,
    ``{_embedded: {data: {...}}, page, page_size, total_items, total_pages}``) it says
    nothing of it, and is no scalar an envelope carries (rule 4)."""
    ws = w(key)
    if set(ws) & PAGE_WORDS:
        return True
    return bool(ws) and ws[0] in TOTAL_WORDS and set(ws[1:]) <= COUNTED_WORDS


@dataclass(frozen=True)
class Payload:
    """``collection``: path to the payload list; ``envelope``: path to one wrapped resource.
    Both None: the body itself is the resource."""

    collection: tuple[str, ...] | None = None
    envelope: tuple[str, ...] | None = None


def is_meta_key(key: str) -> bool:
    ws = words(key) or (key.lower(),)
    return ws[-1] in META_WORDS or key.startswith("@")


def is_meta_member(key: str, value: Any) -> bool:
    """``is_meta_key``, unless the member is a resource of its own that a metadata word merely
    ends the name of: a compound name (``payment_link``, ``user_info``) over an object with
    an id. ``links``, ``_links``, ``page_info`` stay metadata."""
    if not is_meta_key(key):
        return False
    return not (len(words(key)) > 1 and _identified(value))


def _identified(value: Any) -> bool:
    """An object with an id of its own (``id``, ``uuid``, ``PaymentLinkId``), not merely a
    natural key a page's metadata can have too (``{size, number}``)."""
    return isinstance(value, dict) and any(
        own_identity_key(k, ()) for k, v in value.items() if is_leaf(v)
    )


def _resource(value: Any) -> bool:
    """An object with an id of its own and another scalar: a resource, not metadata."""
    return _identified(value) and sum(is_leaf(v) for v in value.values()) > SCOPE_SCALARS


TYPED_BODY_LEAVES = 3  # a kind's body holds at least this many values


def typed_body(node: dict[str, Any], key: str) -> bool:
    """``node[key]`` is what a typed object with no id yet says of itself (JSON:API's
    ``{type, attributes: {name, ...}, relationships: {...}}``, as a create answers it): the
    object's one scalar is its kind (one word: ``type``), the part holds values of its own
    (at least ``TYPED_BODY_LEAVES``), and its other members are parts holding no values of
    their own (relationships, links); not a Kubernetes object (``apiVersion`` beside its
    ``kind``), nor a status beside the list of its errors (``{kind, conversion, errors}``)."""
    own = [k for k, v in node.items() if is_leaf(v)]
    part = node.get(key)
    return (
        len(own) == 1
        and w(own[0]) in (("type",), ("kind",))
        and isinstance(part, dict)
        and sum(is_leaf(v) for v in part.values()) >= TYPED_BODY_LEAVES
        and all(
            k in own or k == key or (isinstance(v, dict) and not any(map(is_leaf, v.values())))
            for k, v in node.items()
        )
    )


def find_payload(
    tree: Any,
    about: tuple[str, ...] = (),
    keys: tuple[str, ...] = (),
    kinds: tuple[str, ...] = (),
) -> Payload:
    """The payload of a response described by ``tree`` (rules in the module doc). ``about``:
    the normalised names of what the operation is about (rule 0); ``keys``: the path
    parameters that address one object of the answer (rule 2); ``kinds``: the names of the
    collection a custom method acts on (rule 0: ``jobs`` of ``jobs:search``)."""
    if isinstance(tree, list):
        return Payload(collection=())
    if not isinstance(tree, dict):
        return Payload()
    lists = [k for k, v in tree.items() if isinstance(v, list) and isinstance(unwrap(v), dict)]
    if len(lists) == 1 and norm(lists[0]) in about and not _addressed(tree, keys):
        # rule 0, unless the body holds the member its address names beside other scalars:
        # the record a write made, echoing the list it was sent (rule 2)
        return Payload(collection=(lists[0],))
    hits = [k for k in lists if norm(k) in kinds or (words(k) or [""])[-1] in kinds]
    if len(lists) > 1 and len(hits) == 1:
        return Payload(collection=(hits[0],))  # rule 0: ``matchingJobs`` of ``jobs:search``
    found = _payload(tree, (), 0) or Payload()
    if found.collection is not None and _addressed(tree, keys):
        return Payload()  # one resource, by the member its address names; its lists are parts
    if (addressed := _addressed_beside(tree, found.collection, keys)) is not None:
        return Payload(envelope=(addressed,))  # rule 3c
    return found


def _addressed(tree: dict[str, Any], keys: tuple[str, ...]) -> bool:
    """A body with a scalar member a path parameter names (``commentId`` for
    ``/files/{fileId}/comments/{commentId}`` beside ``POST /files/{fileId}/comments``; the
    ``token`` of ``/accounts/{account_token}``, as the identity role reads it,
    ``roles.identity.addressed_by``) and other scalars is the object that address names (a
    comment, not a page of its ``replies``; an account, not its ``auth_rule_tokens``),
    however its id is spelled. (Only a list is refused this way: an envelope found around a
    part stays one.)"""
    leaves = [k for k, v in tree.items() if is_leaf(v)]
    return len(leaves) > SCOPE_SCALARS and any(addressed_by(k, keys) for k in leaves)


def _addressed_beside(
    tree: dict[str, Any], collection: tuple[str, ...] | None, keys: tuple[str, ...]
) -> str | None:
    """Rule 3c: the one resource of a body (an id and another scalar) that holds the member a
    path parameter names (``constant: {id, key, name, ...}`` for ``/constants/{key}``) beside
    the body's one list, whose records nothing identifies (``bypassedGates: [{type, outcome,
    via}]``): the body is an envelope around that resource, the list is about it."""
    if collection is None or len(collection) != 1 or has_own_identity(unwrap(tree[collection[0]])):
        return None
    found = [
        k
        for k, v in tree.items()
        if isinstance(v, dict)
        and _resource(v)
        and any(addressed_by(m, keys) for m, sub in v.items() if is_leaf(sub))
    ]
    return found[0] if len(found) == 1 else None


def find_payload_in_value(value: Any, keys: tuple[str, ...] = ()) -> Payload:
    """The same rules on a response the spec does not describe (run-time fallback); ``keys``:
    the path parameters of the tool's context (``decision.DefaultsContext.keys``)."""
    if isinstance(value, list):
        return Payload(collection=())
    if not isinstance(value, dict):
        return Payload()
    tree = field_tree_from_value(value, max_depth=MAX_DEPTH + 2, sample=50)
    return find_payload(tree, keys=keys)


def _payload(node: dict[str, Any], path: tuple[str, ...], depth: int) -> Payload | None:
    if depth > MAX_DEPTH or is_map(node):
        return None  # a map of records is the body (its entries are chosen on by decision.py)
    if has_own_identity(node) and sum(is_leaf(v) for v in node.values()) > SCOPE_SCALARS:
        return None  # one resource; its lists are part of it
    if _named_by_metadata(node):
        return None  # one resource its metadata names (``{metadata: {name, uid}, spec, status}``)
    arrays = [
        k
        for k, v in node.items()
        if isinstance(v, list)
        and (not is_meta_key(k) or unaddressed_links(k, v))
        and not _exchange_notes(k, v)
    ]
    of_objects = [k for k in arrays if isinstance(unwrap(node[k]), dict)]
    if len(arrays) > len(of_objects):  # lists of values beside (the ids a call invalidated)
        of_objects = [k for k in of_objects if not about_errors(k)]
    if len(of_objects) > 1:
        usual = [k for k in of_objects if norm(k) in LIST_KEYS]
        if len(usual) == 1 and any(
            k != usual[0] and alike(unwrap(node[k]), unwrap(node[usual[0]])) for k in of_objects
        ):
            usual = []  # ``{nodes: [...], orphanedNodes: [...]}``: both of one schema, both it
        of_objects = usual if len(usual) == 1 else []
        if not of_objects:
            return None
    if not of_objects and (paged := _paged_list(node)) is not None:
        return Payload(collection=path + (paged,))  # rule 3d
    if len(of_objects) == 1:
        if (wrapped := _conventional_resource(node, of_objects[0])) is not None:
            return Payload(envelope=path + (wrapped,))
        return Payload(collection=path + (of_objects[0],))
    members = [
        k
        for k, v in node.items()
        if isinstance(v, dict)
        and not is_map(v)
        and not is_meta_member(k, v)
        and not (about_errors(k) and not _identified(v))  # ``ErrorResponse: {Code, Errors}``
    ]
    scalars = [k for k, v in node.items() if is_leaf(v) and not exchange_id(k)]
    if members and not arrays:  # one object and a page's counts: an envelope around it
        scalars = [k for k in scalars if not paging_scalar(k)]
    if (
        not arrays
        and not members
        and len(scalars) <= ENVELOPE_SCALARS
        and (named := _only_list_named_as_meta(node))
    ):
        return Payload(collection=path + (named,))
    if (
        not arrays
        and not members
        and len(scalars) <= ENVELOPE_SCALARS
        and (held := _list_in_paging_object(node))
    ):
        return Payload(collection=path + held)
    if len(members) > 1 and has_own_identity(node):
        return None  # an identity and several parts (``{id, action: {...}, criteria: {...}}``)
    if len(members) > 1:  # flat objects next to a container are metadata (HAL's ``page``),
        members = [  # unless one is a resource of its own (``{payment_link: {id, url}}``)
            k
            for k in members
            if any(isinstance(v, (dict, list)) for v in node[k].values())
            or _resource(node[k])
            or typed_body(node, k)
        ]
    if (
        len(arrays) == 1
        and not members
        and not _nested_array(node[arrays[0]])
        and not (_of_values(node[arrays[0]]) and any(_map_of_named(v) for v in node.values()))
    ):  # not a list of values beside a map of named records (``{root_nodes: [7], edges:
        # {"7": {name, ...}}}``): what it holds is in the map, the list says where to start
        # (beside a map of statuses, ``{successIds: [...], failedStatus: {"7": {code,
        # message}}}``, the list is what the call did)
        return Payload(collection=path + (arrays[0],))
    if len(members) != 1 or arrays:
        return None
    key = members[0]
    inner = node[key]
    if any(alike(inner, v) for k, v in node.items() if k != key):
        return None  # one of several objects of one schema (``dom``, ``price_stats``): parts
    found = _payload(inner, path + (key,), depth + 1)
    if found is not None and found.collection is not None:
        return found  # a list inside it: the payload, whatever sits beside it
    if any(
        base_type(v) == "any" and is_leaf(v) and v is not None and not is_meta_key(k)
        for k, v in node.items()
    ):
        return None  # an open object beside it (``series: {type: object}``) may hold the data
    if found is not None and len(scalars) <= ENVELOPE_SCALARS:
        return found
    if (
        len(scalars) > ENVELOPE_SCALARS
        or len(inner) < 2
        and not any(isinstance(v, (dict, list)) for v in inner.values())
    ):
        return None
    return Payload(envelope=path + (key,))


# what a list of strings says when named so: the exchange's notes beside the data
# (``html_attributions``, ``info_messages``), not a list the answer is
NOTE_WORDS = frozenset({"attributions", "messages", "notices"})


def _exchange_notes(key: str, value: Any) -> bool:
    """A list of strings named for the exchange's notes (``NOTE_WORDS``: ``info_messages``
    beside ``{result: {...}, status}``): no list of the answer's, so it does not make the
    body the resource (rule 4 finds the object it wraps). Never a list of objects (a chat's
    ``messages``: records), nor one whose items the description leaves open (``items: {}``:
    they may be records)."""
    item = unwrap(value)
    return (words(key) or [""])[-1] in NOTE_WORDS and is_leaf(item) and base_type(item) == "string"


ADDRESS_WORDS = frozenset({"href", "url", "uri", "link", "target"})


def _addressed_links(key: str, items: Any) -> bool:
    """A list named ``links`` whose items carry an address (``[{rel, href}]``): hypermedia."""
    item = unwrap(items)
    return (
        w(key)[-1] in {"link", "links"}
        and isinstance(item, dict)
        and any(ADDRESS_WORDS & set(w(k)) for k in item)
    )


def unaddressed_links(key: str, items: Any) -> bool:
    """A list named ``links`` whose items carry no address (no ``href``, ``url``, ``target``)
    and an id or a name (``links: [{circuitId, googleDemarc, lacpStatus}]`` of a network
    interconnect's diagnostics, a graph's edges): records of physical or graph links, not
    hypermedia; as any list, not metadata."""
    item = unwrap(items)
    if w(key)[-1] not in {"link", "links"} or not isinstance(item, dict):
        return False
    if any(ADDRESS_WORDS & set(w(k)) for k in item):
        return False
    return any(is_id_name(k) or is_label(k) for k, v in item.items() if is_leaf(v))


def _map_of_named(tree: Any) -> bool:
    """A map of records each named by a label of its own (``{"*": {name, rank}}``)."""
    return is_map(tree) and any(is_label(k) for k in unwrap(tree[EVERY_KEY]) or ())


def _of_values(items: Any) -> bool:
    """A list of scalars (``[7, 8]``), not of objects nor of lists."""
    return isinstance(items, list) and bool(items) and is_leaf(items[0])


def is_naming_metadata(key: str, value: Any) -> bool:
    """An object of metadata with an id of its own (``metadata: {name, uid}``): what names the
    resource it sits in (rule 2a), not a wrapper's metadata."""
    return is_meta_key(key) and _identified(value)


def _named_by_metadata(node: dict[str, Any]) -> bool:
    """Rule 2a: no list of its own, an object of metadata with an id of its own (``metadata:
    {name, uid, creationTimestamp}``) and other objects beside it (``spec``, ``status``): one
    resource in the Kubernetes manner, not a wrapper around a list found in its ``spec``."""
    objects = [(k, v) for k, v in node.items() if isinstance(v, dict)]
    return (
        not any(isinstance(v, list) for v in node.values())
        and len(objects) > 1
        and any(is_naming_metadata(k, v) for k, v in objects)
    )


def _conventional_resource(node: dict[str, Any], array: str) -> str | None:
    """Rule 3b: the one resource of a body under a conventional payload name (``{data: {id,
    name, ...}, policies: [...]}``) beside its one list under another name: the resource is
    the payload, the list is about it (what the caller may do with it)."""
    if norm(array) in LIST_KEYS:
        return None
    found = [
        k for k, v in node.items() if isinstance(v, dict) and norm(k) in LIST_KEYS and _resource(v)
    ]
    return found[0] if len(found) == 1 else None


def about_errors(key: str) -> bool:
    """A list named for what went wrong, a report word qualifying it (``error_details``,
    ``errorMessages``): beside lists of values (``{invalidated_ids: [...], error_count,
    error_details: [...]}``) it details the failures of what those lists say was done, not
    the payload (rule 3: the body is kept whole, its lists shaped as parts)."""
    return not REPORT_WORDS.isdisjoint(words(key) or (key.lower(),))


def _only_list_named_as_meta(node: dict[str, Any]) -> str | None:
    """The one array of objects of a body that holds nothing else of substance, when its name
    is a metadata word (``{links: [...]}``, ``{stats: [...]}``, ``{info: [...], status}``):
    with nothing beside it to be the payload, it is the payload (rule 3a). Not an error
    report's list (``errors``, ``warnings``): the details of what went wrong. Hypermedia links
    beside it (``{aggregations: [...], links: [{rel, href}]}``) are no such list: where the
    next calls go."""
    lists = [k for k, v in node.items() if isinstance(v, list) and isinstance(unwrap(v), dict)]
    if len(lists) > 1 or any(isinstance(v, list) and k not in lists for k, v in node.items()):
        lists = [k for k in lists if not _addressed_links(k, node[k])]
    if len(lists) != 1:
        return None
    last = (words(lists[0]) or (lists[0].lower(),))[-1]
    return None if last in REPORT_WORDS or last in {"meta", "metadata"} else lists[0]


def _list_in_paging_object(node: dict[str, Any]) -> tuple[str, str] | None:
    """Rule 3a': the one metadata object of a body with no list of its own that holds the
    page's one list of objects under a conventional list key (``cursor: {hasMore, next, data:
    [...]}``): that list. Not an error report's (``errors: {items: [...]}``)."""
    objects = [k for k, v in node.items() if isinstance(v, dict) and not is_map(v)]
    if len(objects) != 1 or any(isinstance(v, list) for v in node.values()):
        return None
    key = objects[0]
    if w(key)[-1] in REPORT_WORDS:
        return None
    inner = node[key]
    lists = [k for k, v in inner.items() if isinstance(v, list) and isinstance(unwrap(v), dict)]
    if len(lists) != 1 or norm(lists[0]) not in LIST_KEYS:
        return None
    return key, lists[0]


PAGING_NAMES = frozenset({"pagination", "paging", "page", "pages", "cursor", "cursors"})


def _paging_member(key: str, value: Any) -> bool:
    """An object that says where a page stands: named for paging (``paginationResult``,
    ``page_info``) with no id of its own, holding a paging scalar (``pageCount``,
    ``has_more``). It describes a page of a list, it is no resource to wrap."""
    return (
        isinstance(value, dict)
        and not is_map(value)
        and not PAGING_NAMES.isdisjoint(w(key))
        and not _identified(value)
        and any(paging_scalar(k) for k, v in value.items() if is_leaf(v))
    )


def _paged_list(node: dict[str, Any]) -> str | None:
    """Rule 3d: the one array of objects of a body whose object members all say where a page
    stands (``{paginationResult: {pageCount, totalEntryCount, links}, productErrors: [...]}``),
    whatever the list's name, a report word too (a report's page of errors): the page's
    metadata counts its items, the list is what is paged. No other array, at most three
    other scalars."""
    lists = [k for k, v in node.items() if isinstance(v, list)]
    objects = [(k, v) for k, v in node.items() if isinstance(v, dict)]
    if len(lists) != 1 or not isinstance(unwrap(node[lists[0]]), dict) or not objects:
        return None
    if not all(_paging_member(k, v) for k, v in objects):
        return None
    scalars = [k for k, v in node.items() if is_leaf(v) and not paging_scalar(k)]
    last = w(lists[0])[-1]
    if len(scalars) > ENVELOPE_SCALARS or last in {"meta", "metadata"}:
        return None
    return lists[0]


def _nested_array(tree: Any) -> bool:
    """An array of arrays (a board, a matrix): data of one resource, not a list of items."""
    return isinstance(tree, list) and bool(tree) and isinstance(tree[0], list)


def dotted(path: tuple[str, ...] | None) -> str | None:
    return None if path is None else ".".join(path)


def guess_collection_path(value: Any) -> str | None:
    """The dotted path of the payload list a response shows, or None (benchmarks, fallback)."""
    found = find_payload_in_value(value).collection
    return dotted(found)
