"""Where the payload of one response is at run time, and what its wrapper keeps.

The configured list or envelope when the response has it there, else what the response itself
shows (``collections.find_payload_in_value``: a list under any key, JSON:API, HAL, an
envelope), so a list is never reduced to its wrapper. With a collection, selections apply to
each item; the wrapper keeps its metadata: all of it when everything is selected, else its
scalars and small flat objects (``has_more``, ``next_cursor``, ``total_count``, GraphQL
``pageInfo``) except request ids (``DIAGNOSTIC_KEYS``), discriminators (``object: "list"``,
``kind``), links (``url``, ``nextLink``, ``links``, a link inside a small object: the
``continue`` tool follows the pages), what it says about the exchange (``wrapper_note``: a
``debug`` record, a ``req_id``, ``took``, ``api_timestamp``, ``api_version``), a list's
wrapper its noise (an ``etag``, a ``hash``:
``roles/noise.py``; a page's cursor, ``nextPageToken``, stays) and a ``success: true`` (the
result says so). By default the wrapper also keeps the *subject* of the
list, a resource next to it with an identity of its own (``{Game: {GameID, Status, ...},
Plays: [...]}``: which game, and its state), reduced to its identity, label and state (a label
held in a part when it has none of its own: a write's ``{catalog_object: {id, item_data: {name}},
id_mappings: [...]}``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .chunking import get_at, set_at
from .collections import (
    EXCHANGE_WORDS,
    NOTE_WORDS,
    TOTAL_WORDS,
    Payload,
    about_errors,
    exchange_id,
    find_payload_in_value,
    is_meta_key,
    paging_scalar,
)
from .fields import parse_path, project
from .names import is_leaf, norm, words
from .trees import alike, field_tree_from_value
from .roles.content import is_content
from .roles.identity import has_id, has_own_identity, identity_fields, is_id_name, is_natural_key
from .roles.label import is_label, label_rank
from .roles.state import is_state, state_rank
from .roles.links import is_url
from .roles.noise import is_noise, minted
from .roles.kinds import is_kind
from .roles.words import w
from .shape_config import ShapeConfig
from .wrapper_parts import records_part
from .outcome_said import reports_beside

_SMALL_META_KEYS = 8

# Wrapper keys that identify the HTTP exchange, not the data: left out of concise output.
SUCCESS_KEYS = frozenset({"ok", "success", "succeeded"})
# What a wrapper says about the exchange, not about the data beside it: a debugging or
# tracing record (``debug``, ``req_id``, ``correlationId``), how long the call took or when it
# was answered (``took``, ``elapsed``, ``api_timestamp``, ``repliedAt``, a number named
# ``time``), the version of the API, schema or server (``api_version``, ``schemaVersion``)
# (``wrapper_note``).
TRACE_WORDS = frozenset({"debug", "debugging", "trace", "tracing", "diagnostic", "diagnostics"})
TIMING_WORDS = frozenset({"took", "elapsed", "latency", "timing", "timings"})
# whose time or version a qualified name says: the exchange's, the API's, not the data's
ANSWER_WORDS = frozenset(
    {"api", "server", "service", "response", "request", "query", "execution", "processing",
     "schema", "protocol", "replied", "responded", "answered", "served", "fetched",
     "retrieved", "requested", "queried", "processed"}
)  # fmt: skip
ANSWER_TIME_WORDS = frozenset({"time", "timestamp", "at", "on", "date", "version"})


@dataclass(frozen=True)
class Target:
    """Where the payload of one response is and whether the spec said so (``configured``)."""

    path: tuple[str, ...] | None = None
    kind: str = "body"  # "list" | "envelope" | "body"
    configured: bool = True
    found: Payload | None = None  # what the response showed, when it was read (read it once)


def keep_meta(key: str, value: Any) -> bool:
    """Wrapper metadata worth showing next to a payload: counts, cursors, ``has_more``; not a
    request id, a discriminator (``object: "list"``, ``kind``, ``apiVersion``), a link
    (``url``, ``nextLink``: the ``continue`` tool follows pages, an agent cannot) or a
    ``success: true``/``ok: true`` (the result says it succeeded; ``false`` is shown)."""
    if exchange_id(key) or is_kind(key):
        return False
    if value is True and key.lower() in SUCCESS_KEYS:
        return False  # ``success: true`` next to the answer: the result says so already
    if is_url(key.rstrip("sS"), None) or is_link(value):
        return False  # ``links: {self, next}`` too
    if isinstance(value, dict):
        return 0 < len(value) <= _SMALL_META_KEYS and all(
            not isinstance(v, (dict, list)) for v in value.values()
        )
    return not isinstance(value, list)


def wrapper_note(key: str, value: Any) -> bool:
    """A wrapper's member about the exchange, not the data (``TRACE_WORDS`` and the sets after
    it): a debugging record or an exchange's id, a timing, the API's version."""
    ws = w(key)
    if set(ws) & (TRACE_WORDS | TIMING_WORDS):
        return True
    if ws == ("time",) and isinstance(value, (int, float)) and not isinstance(value, bool):
        return True  # how long it took, or when it answered
    if len(ws) > 1 and ws[0] in ANSWER_WORDS and ws[-1] in ANSWER_TIME_WORDS:
        return True
    return len(ws) > 1 and ws[-1] == "id" and bool(set(ws) & EXCHANGE_WORDS)


def exchange_note(key: str, value: Any) -> bool:
    """A wrapper's member about the exchange around one resource (``{requestId, took, data:
    {...}}``): a timing or a debugging record, what ``wrapper_note`` leaves out of a list's
    wrapper; not a time or version a qualified name says (a ``serverVersion`` may be the
    answer), nor a bare ``time`` (when it answered, or the resource's own moment)."""
    return bool(set(w(key)) & (TRACE_WORDS | TIMING_WORDS))


def without_success(shaped: Any) -> Any:
    """A write's answer without its ``success: true`` beside the resource it wrote (a GraphQL
    mutation's payload: ``{success, issue: {...}}``): the result says it succeeded, as a list's
    wrapper does (``keep_meta``); ``false`` is shown, and a bare status stays whole, also one
    whose part is no resource (``{success, key: {secret}}``: what it handed over)."""
    if not isinstance(shaped, dict):
        return shaped
    kept = {k: v for k, v in shaped.items() if not (v is True and k.lower() in SUCCESS_KEYS)}
    if len(kept) == len(shaped) or not any(
        isinstance(v, dict) and has_own_identity(field_tree_from_value(v), w(k))
        for k, v in kept.items()
    ):
        return shaped  # a bare status (``{success, token}``) is shown whole
    return kept


def is_link(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(("http://", "https://"))


def subject(key: str, value: Any, named: tuple[str, ...] = ()) -> Any:
    """A resource next to the list (the game whose plays are listed) reduced to its identity,
    its label and its state, or None when ``value`` is no such resource; and the member a
    path parameter names (``named``: the operation's or its siblings', the one it ends with),
    by which it is addressed (a tracking's ``tracking_number`` of ``/tracking/{carrier}/
    {tracking_number}`` beside the messages it lists; a label's ``key`` beside its values,
    with ``/labels/{key}`` a sibling), whatever else its identity is."""
    if is_meta_key(key) or not isinstance(value, dict) or _page_part(key, value):
        return None
    tree = field_tree_from_value(value)
    entity = words(key)
    if not has_own_identity(tree, entity):
        return None
    leaves = [k for k, v in tree.items() if is_leaf(v)]
    labels = sorted((k for k in leaves if is_label(k)), key=label_rank)
    states = sorted((k for k in leaves if is_state(k)), key=state_rank)
    wanted = {norm(n) for n in named if n}
    addressed = [k for k in leaves if norm(k) in wanted and _scalar(value.get(k))]
    chosen = [*identity_fields(tree, entity)[:1], *addressed[:1], *labels[:1], *states[:1]]
    reduced = {k: value[k] for k in dict.fromkeys(chosen) if k in value}
    if not labels:  # its label in a part (a tagged union's ``item_data: {name}``), one level
        reduced.update(_part_label(value, tree))
    return reduced


def _page_part(key: str, value: dict[str, Any]) -> bool:
    """A part saying only where the page stands (``page: {number, size, totalElements,
    totalPages}``): no resource beside the list, though its ``number`` reads as a natural key
    (it was reduced to that, its totals gone)."""
    return bool(value) and all(
        _scalar(v) and (paging_scalar(k) or page_position(k, v, key) or _page_number(k, key))
        for k, v in value.items()
    )


def _part_label(value: dict[str, Any], tree: dict[str, Any]) -> dict[str, Any]:
    """``{part: {label: value}}`` for the first part (an object member without an identifier of
    its own: not a related resource) holding a label with a value, or ``{}``."""
    for key, sub in tree.items():
        if not isinstance(sub, dict) or is_meta_key(key) or has_id(sub):
            continue
        part = value.get(key)
        found = sorted((k for k, v in sub.items() if is_leaf(v) and is_label(k)), key=label_rank)
        for name in found:
            if isinstance(part, dict) and isinstance(part.get(name), str) and part[name]:
                return {key: {name: part[name]}}
    return {}


# Legal boilerplate a list's wrapper repeats on every page (``copyright``, a data
# ``disclaimer``, an ``attribution`` line, the terms of an ``agreement``): the same for every
# answer of the API, not about the items. (A success said in words, ``status: "OK"``, stays:
# the judge reads it as the state of the object an answer is, and so may a reader.)
BOILERPLATE_WORDS = frozenset({"copyright", "disclaimer", "attribution", "agreement", "legal"})


def said_already(key: str, value: Any) -> bool:
    """A list's wrapper's member that says nothing about its items: legal boilerplate."""
    return isinstance(value, str) and bool(set(w(key)) & BOILERPLATE_WORDS)


def listed_noise(key: str) -> bool:
    """A list's wrapper's noise (``roles/noise.py``: an ``etag``, a ``checksum``): what a cache
    or a client library compares, not what an agent reads; not a cursor named as a token
    (``nextPageToken``: the credentials' rule tells the two apart), nor ``_meta``."""
    return is_noise(key) and not key.startswith("_") and not minted(key)


# What says where a list's answer stands, though a request may send a member of that name: a
# count, how many pages, whether there are more, a cursor or token (``cursor``, ``marker``:
# the next page's, answered under the name it is sent by)
STANDING_WORDS = frozenset(
    {"pages", "more", "cursor", "next", "previous", "prev", "continuation", "sync", "resume",
     "marker", "token"}
)  # fmt: skip
# A part about the caller's allowance (``rate: {limit, remaining, reset}``): its ``limit`` is
# the quota's, not the page's the request sends
QUOTA_WORDS = frozenset({"rate", "quota", "usage", "throttle", "limits"})
# A page's position as a request sends it (``page``, ``per_page``, ``limit``, ``offset``):
# answered back when the caller left it out, it is the first page of the default size
PAGE_PARAM_WORDS = frozenset({"page", "limit", "offset"})


# Which page a list's answer is and how big its pages are (``currentPage``, ``perPage``,
# ``resultsPerPage``, ``startIndex``, ``page: {number, size}``): the caller asked for that
# page, and the answer's footer says whether there is another; not how many there are in all
# (``totalCount``, ``pageCount``, ``num_pages``, ``last_page``) nor a cursor or a neighbour's
# number (``next``, ``previous_page_number``), which say where the answer stands
POSITION_WORDS = frozenset({"page", "offset", "limit", "index", "skip"})
NUMBER_WORDS = frozenset({"number", "num", "no"})
PAGE_PART_WORDS = POSITION_WORDS | {"info"}  # a part named for the page (``page``, ``pageInfo``)
POSITION_QUALIFIERS = frozenset(
    {"per", "current", "size", "number", "num", "no", "start", "end", "results", "result",
     "items", "item"}
)  # fmt: skip


def page_position(key: str, value: Any, part: str = "") -> bool:
    """A list's wrapper's number saying which page this is or its size (``POSITION_WORDS``)
    in two words or more (``current_page``, ``perPage``; ``limit`` or ``page`` alone goes
    when the request sends it: ``echoed``), or, in a part named for the page (``page:
    {number, size}``), by a qualifier alone (its ``size``; its ``number`` stays, read as what
    names the page); not in the caller's allowance (``rate``)."""
    if not isinstance(value, (int, float, str)) or isinstance(value, bool) or value == "":
        return False
    if isinstance(value, str) and not value.strip().isdigit():
        return False  # a cursor or a link, whatever its name
    named = set(w(part))
    if named & QUOTA_WORDS:
        return False  # the caller's allowance (``rate: {limit, remaining}``), not a page
    if _page_number(key, part):
        return False  # ``page: {number}``: read as what names the page, it stays
    ws = set(w(key)) | (named if named <= PAGE_PART_WORDS else set())
    if len(ws) < 2:
        return False  # ``limit``, ``page`` alone: an echo only when the request sends it
    return bool(ws & POSITION_WORDS) and ws <= PAGE_PART_WORDS | POSITION_QUALIFIERS


def _page_number(key: str, part: str) -> bool:
    """``key`` is the number that names the page, in a part named for the page (``page:
    {number}``; at the top, ``part`` empty, a bare ``number``)."""
    return set(w(part)) <= PAGE_PART_WORDS and set(w(key)) <= NUMBER_WORDS


@dataclass(frozen=True)
class Asked:
    """What a list's request sends (``DefaultsContext.asked``), normalised: ``known``, the
    members whose value the caller knows (those the call sent, a page's position, or all of
    them when the call is not known: ``ShapeConfig.sent``); ``named``, all of them (an empty
    value answered back under any of them says nothing)."""

    known: frozenset[str] = frozenset()
    named: frozenset[str] = frozenset()


def asked_of(asked: tuple[str, ...], sent: frozenset[str] | None) -> Asked:
    """``asked`` (the description's parameter names) read with ``sent`` (what the call sent,
    normalised; ``None``: not known)."""
    known = (a for a in asked if sent is None or norm(a) in sent or set(w(a)) & PAGE_PARAM_WORDS)
    return Asked(frozenset(norm(a) for a in known), frozenset(norm(a) for a in asked))


def echoed(key: str, value: Any, asked: Asked, part: str = "") -> bool:
    """A list's wrapper's member answering back what the caller sent (``asked``: the
    operation's query parameters and body members; ``term``, ``limit``, ``expand``, compared
    without case or separators), or a part holding only such members (``parameters: {query,
    page}``), each a value or a list of values: the caller knows what it sent. Not what says
    where the answer stands, though a request may send a member of that name: a count
    (``total``), a cursor (``STANDING_WORDS``), what names or states the object the list is at
    (``named``); nor a value the server chose for what the call left out (the date a
    ``published_date`` left out resolves to, a detected ``language``)."""
    if not asked.named:
        return False
    ws = set(w(key))
    if ws & (TOTAL_WORDS | STANDING_WORDS) or named(key) or set(w(part)) & QUOTA_WORDS:
        return False
    if isinstance(value, dict):
        return bool(value) and all(echoed(k, v, asked, key) for k, v in value.items())
    if isinstance(value, list):  # values (``fields: [...]``), not records
        if not all(_scalar(v) for v in value):
            return False
    elif not _scalar(value):
        return False
    names = {norm(key), norm(part) + norm(key)} if part else {norm(key)}
    empty = value is None or value == "" or value == []
    return bool(names & (asked.named if empty else asked.known))


def named(key: str) -> bool:
    """What names or states the object a list is at (``/sheets/{sheetId}/values`` answering
    ``{sheetId, values}``), or a text it is about: said about the answer, though sent."""
    return (
        is_id_name(key) or is_natural_key(key) or is_label(key) or is_state(key) or is_content(key)
    )


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def filter_meta(
    value: Any,
    path: tuple[str, ...],
    subjects: bool = False,
    listed: bool = False,
    parts: bool = False,
    asked: Asked = Asked(),
    own: str = "",
    keys: tuple[str, ...] = (),
) -> Any:
    """Keep the path to the collection and the wrapper's scalar/small metadata at each level
    (with ``subjects``, also a resource next to the list, reduced: ``subject``; a list's
    wrapper, ``listed``, without its noise, ``listed_noise``, nor what it says about the
    exchange, ``wrapper_note``: around one resource, a ``serverVersion`` may be the answer;
    with ``parts``, a read's, a part holding records shaped by its own defaults:
    ``wrapper_parts.py``; ``own``: the path parameter naming the object the wrapper is, at
    ``/requests/{requestId}`` answering a request around its ``resources``, whose member of
    that name is kept, whatever its name says: ``DefaultsContext.own``; it and ``keys``, the
    path parameters naming one object, are kept too in a resource next to the list that
    holds them: ``subject``)."""
    if not path:
        return value
    out: dict[str, Any] = {}
    # a wrapper named and identified as an object (a layout's page ``{id, name, page_index,
    # cells: [...]}``) is the object its list belongs to: its position is its own
    paged = listed and not any(
        _scalar(v) and (is_label(k) or w(k) == ("id",)) for k, v in value.items()
    )
    for key, sub in value.items():
        if key == path[0]:
            out[key] = filter_meta(sub, path[1:], subjects, listed, parts, asked)
        elif own and norm(key) == norm(own) and not isinstance(sub, (dict, list)):
            out[key] = sub  # what names the object the wrapper is
        elif subjects and (reduced := subject(key, sub, (own, *keys))):
            out[key] = reduced
        elif parts and (held := records_part(key, sub, value, listed)) is not None:
            out[key] = held
        elif (reported := reports_beside(key, sub, value)) is not None:
            out[key] = reported  # ``Errors`` beside ``HasErrors``: what went wrong
        elif listed and (listed_noise(key) or wrapper_note(key, sub) or said_already(key, sub)):
            continue  # what a list's wrapper says about the exchange, not about its items
        elif listed and (echoed(key, sub, asked) or paged and page_position(key, sub)):
            continue  # the caller's own request answered back, or the page it asked for
        elif not listed and exchange_note(key, sub):
            continue  # how long the call took, beside one resource as beside a list
        elif keep_meta(key, sub):
            if isinstance(sub, dict):  # ``pagination: {total, next: "https://..."}``
                sub = {
                    k: v
                    for k, v in sub.items()
                    if not is_link(v)
                    and not exchange_id(k)
                    and not (listed and (wrapper_note(k, v) or said_already(k, v)))
                    and not (listed and echoed(k, v, asked, key))
                    and not (paged and page_position(k, v, key))
                }
            if sub != {}:
                out[key] = sub
    return out


def filled_beside(value: Any, path: tuple[str, ...]) -> tuple[str, ...] | None:
    """The one filled list beside the configured list when that one came back empty: the list
    the answer carries as its payload where the description put it elsewhere or not at all
    (``{data: {failed_items: [], affected_items: [...], total_affected_items}}``, whose
    schema declares the first alone). Not a list of metadata (``links``, ``tags`` as
    ``is_meta_key`` says) nor of the exchange's notes or failures (``warnings``,
    ``errors``): those stay what they are, beside an empty answer. Without it the wrapper's
    filter dropped the answer and kept its counts."""
    if not path or get_at(value, path) != []:
        return None
    parent = get_at(value, path[:-1]) if len(path) > 1 else value
    if not isinstance(parent, dict):
        return None
    filled = [
        key
        for key, sub in parent.items()
        if key != path[-1]
        and isinstance(sub, list)
        and sub
        and not is_meta_key(key)
        and not about_errors(key)
        and not (w(key)[-1] in NOTE_WORDS and all(isinstance(v, str) for v in sub))
    ]
    return (*path[:-1], filled[0]) if len(filled) == 1 else None


def find_target(value: Any, config: ShapeConfig) -> Target:
    """Where the payload is: the configured list or envelope when the response has it there,
    else what the response itself shows (``collections.find_payload_in_value``: a list under
    any key, JSON:API, HAL, an envelope), so a list is never reduced to its wrapper. It is read
    with the tool's path parameters (``config.context.keys``): a body holding the member its
    address names (``remarkId`` for ``{remarkId}``) is that one resource, not a page of its
    nested list, at this first reading as at the repair's."""
    for configured, kind, want in (
        (config.collection_path, "list", list),
        (config.envelope_path, "envelope", dict),
    ):
        if configured is not None:
            path = parse_path(configured)
            if isinstance(get_at(value, path), want):
                if kind == "list" and (beside := filled_beside(value, path)) is not None:
                    return Target(beside, "list", configured=False)
                return Target(path, kind)
    configured_body = config.collection_path is None and config.envelope_path is None
    described = config.closed_tree or config.field_tree is not None or config.default_fields
    if described and configured_body:
        return Target()  # the spec (or overlay) describes the body; invariants guard it
    # the response is not where the spec put it (a list described, an object sent): what the
    # response shows decides, and the defaults come from it, not from the description
    found = find_payload_in_value(value, config.context.keys)
    if found.collection is not None and isinstance(get_at(value, found.collection), list):
        return Target(found.collection, "list", configured=False)
    if found.envelope is not None and isinstance(get_at(value, found.envelope), dict):
        return Target(found.envelope, "envelope", configured=False, found=found)
    return Target(configured=configured_body, found=found)


def apply_select(
    value: Any,
    target: Any,
    where: Target,
    select: Any,
    keep_wrapper: bool,
    subjects: bool = False,
    parts: bool = False,
    asked: Asked = Asked(),
    own: str = "",
    keys: tuple[str, ...] = (),
) -> Any:
    """``select`` applied to each item, the enveloped resource or the body; the wrapper keeps
    its metadata (all of it when ``keep_wrapper``; with ``subjects``, the list's subject; with
    ``parts``, a read's parts holding records, ``wrapper_parts.py``; a list's wrapper not what
    echoes the request, ``asked``: ``echoed``; but the member ``own`` names, and in a subject
    what ``own`` or ``keys`` name: ``filter_meta``)."""
    path = where.path
    if path is None:
        return select(value)
    inner = [select(item) for item in target] if where.kind == "list" else select(target)
    if not path:
        return inner
    listed = where.kind == "list"
    wrapper = (
        value
        if keep_wrapper
        else filter_meta(value, path, subjects and listed, listed, parts, asked, own, keys)
    )
    holder = get_at(wrapper, path[:-1]) if len(path) > 1 else wrapper
    if listed and not keep_wrapper and isinstance(holder, dict):  # the wrapper's own copy
        for key, items in lists_alike(value, path, target):
            holder[key] = [select(item) for item in items]
    return set_at(wrapper, path, inner)


def lists_alike(value: Any, path: tuple[Any, ...], target: Any) -> list[tuple[str, list[Any]]]:
    """The lists beside the payload list, in the object that holds it, whose records are of
    the payload's schema (``trees.alike``: a JSON:API document's ``included`` records beside
    its ``data``, shipments beside the shipping rates they include): shaped as the payload's
    items are, they read alike; the wrapper kept none of them."""
    holder = get_at(value, path[:-1]) if len(path) > 1 else value
    first = next((i for i in target if isinstance(i, dict)), None) if target else None
    if not isinstance(holder, dict) or first is None:
        return []
    tree = field_tree_from_value(first)
    found = []
    for key, sub in holder.items():
        if key == path[-1] or not isinstance(sub, list) or not sub:
            continue
        item = next((i for i in sub if isinstance(i, dict)), None)
        if item is not None and alike(field_tree_from_value(item), tree):
            found.append((key, sub))
    return found


def project_payload(value: Any, config: ShapeConfig, paths: list[str]) -> Any:
    """``value`` with its payload (each item, the enveloped resource or the body) projected to
    ``paths``; the wrapper kept whole."""
    where = find_target(value, config)
    target = get_at(value, where.path) if where.path is not None else value
    return apply_select(value, target, where, lambda item: project(item, paths), True)
