"""Did a result keep what the operation answered with? Content, the resource, the acknowledgement.

The second half of the judge (``judge.py`` calls it for every body; the first half judges
payload lists, labels and identities). Written apart from the shaping rules, from the body
alone: nothing here knows the operation's kind or imports ``runtime/shaping``. Names are read
by their words (``judge_roles.py``); values are compared, not key names.

- **Generated content** (``judge_content.py``): the long free text the upstream produced
  for the caller (a completion, a transcription, a summary), kept at least in its beginning.
- **Answered resource** (for a write: the created or changed resource). The *records* of a
  batch envelope when the body has one: an object with at most ``WRAPPER_SCALARS`` scalars,
  no member that is a resource, and one array of resources (directly, or in a member that is
  an object without an identity: HAL ``_embedded``), where the body has no identity or
  label of its own (with a ``name`` it is one resource, its list part of it, as below) or
  the records' identity is named for the array (``Things: [{ThingID: ...}]``; the
  envelope's ``Id`` is then the request's; not in ``meta``, nor inside an ``error``, whose
  lists are its details, nor in a body stating the answer to what the path addresses). Else
  *the one resource*: the body itself when it has an identity member (``id``, ``key``...), a
  label or more than ``WRAPPER_SCALARS`` scalars (as ``judge.py`` unwraps) or states the
  answer to what the operation's path addresses (``judge_roles.stated_answer``), else the one
  resource among its members and their members (``{"data": {...}}``,
  ``{"_links": ..., "_embedded": {"order": {...}}}``, a mutation's
  ``{"lastSyncId": 7, "comment": {...}}``), else the body.
  A body whose payload is a list (the list rules judge it) has none. The resource is judged
  when it has an identity, a label or a state: members named by a state word alone (status,
  state, phase, stage) with a short scalar value (not ``state`` beside an address's ``city``
  or ``zip``: a region), in the object, else, for an object with an identity but no label of
  its own, in its one property bag that has some (JSON:API ``attributes``). *Kept*: one of its identity values (or unique handles), one of its label
  values and every state value are in the result, and so is the answer a body states to what
  the path addresses (``sentiment`` of ``POST /sentiment``); for records, every record's identity (its
  label when it has none). States are judged only on a *typed* body: not on one synthesized
  from a GraphQL field tree, whose ``any`` leaves may be objects (a state relation) that the
  synthesis wrote as strings.
- **Acknowledgement.** A body with none of the above (no payload list, no content, no
  resource) that is an object of at most ``WRAPPER_SCALARS`` values, flags included, and is
  empty or carries a flag (``{"ok": true}``, ``{"url": ..., "enabled": true}``); and an empty
  answer (204 No Content; see ``judge_empty``). *Kept*: the result keeps every flag with its
  value and one of the other values (if any), or, when every flag is true, it says it
  succeeded (a 2xx status or a word such as done, success, accepted, created, deleted).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .judge_encodings import is_encoding
from .judge_content import asked_calls, beginning_kept, generated_content, produced_answer
from .judge_request import Request
from .synthesize import singular
from .judge_roles import (
    HANDLE_WORDS,
    ID_SUFFIXES,
    WRAPPER_SCALARS,
    data_of,
    found_in,
    get_path,
    has_identity_member,
    identity_values,
    is_error_report,
    is_exchange_id,
    is_label,
    is_links,
    is_meta,
    is_own_part,
    is_resource,
    OWN_IDENTITY,
    is_scalar,
    labels,
    none_said,
    notice_beside,
    own_identity,
    same_name,
    stated_answer,
    stated_members,
    unwrap,
    unwrap_path,
    words,
)

STATE_WORDS = frozenset({"status", "state", "phase", "stage"})
# members of an address: beside them ``state`` is a region (``{line1, city, state, zip}``)
ADDRESS_WORDS = frozenset({"city", "zip", "zipcode", "postal", "postcode", "street", "locality"})
MAX_STATE_CHARS = 80
SUCCESS = re.compile(
    r"\b(?:2\d\d|done|ok|success|successful|successfully|succeeded|accepted|completed?"
    r"|created|updated|deleted|no content)\b",
    re.IGNORECASE,
)


@dataclass
class AnswerChecks:
    """What one result kept of one body's content, resource and acknowledgement (0 or 1 each)."""

    content: int = 0
    content_kept: int = 0
    resource: int = 0
    resource_kept: int = 0
    acknowledgements: int = 0
    acknowledgements_kept: int = 0


# ------------------------------------------------------------------------------ resource


def state_values(obj: dict[str, Any]) -> list[Any]:
    """The values of ``obj``'s state members (its own, else its property bags'): members named
    by a state word alone (``status``, ``State``; not ``triageIssueState``, another thing's).
    A part with an identity of its own (``customer: {lago_id, name, state: "CA"}``) is a
    related object, not a property bag: its state is its own (here, where it lives). Beside
    an address's members (``city``, ``zip``, ``street``...) ``state`` is a region, no state."""

    def own(o: dict[str, Any]) -> list[Any]:
        address = any(w in ADDRESS_WORDS for k in o for w in words(k))
        return [
            v
            for k, v in o.items()
            if words(k)
            and len(words(k)) == 1
            and words(k)[0] in STATE_WORDS
            and not (address and words(k)[0] == "state")
            and is_scalar(v)
            and v != ""
            and len(str(v)) <= MAX_STATE_CHARS
        ]

    found = own(obj)
    if found or not own_identity(obj) or [v for k, v in obj.items() if is_label(k, v)]:
        return found  # the object's own fields: a nested status is another thing's
    bags = [
        own(v)
        for v in obj.values()
        if isinstance(v, dict) and not has_identity_member(v) and not own_identity(v)
    ]
    bags = [b for b in bags if b]
    return bags[0] if len(bags) == 1 else []


def _named_for(items: list[Any], name: str) -> bool:
    """The items' identity member is named for the array: ``Things`` -> ``ThingID``."""
    array = words(name)
    if not array:
        return False
    wanted = [*array[:-1], singular(array[-1])]
    for item in items:
        if not isinstance(item, dict):
            continue
        for key in item:
            w = words(key)
            if len(w) > 1 and w[-1] in ID_SUFFIXES and w[:-1] in (wanted, wanted[-1:]):
                return True
    return False


def records(
    body: Any, thing: str = "", nested: bool = True
) -> tuple[tuple[str, ...], list[Any]] | None:
    """Where the records of a batch envelope are, and the records (rule in the module doc;
    ``thing``: what the operation's path addresses, ``one_resource``; ``nested``: False when
    the body is a generation's answer, ``judge_content.produced_answer``: its parts' lists are
    not records)."""
    if not isinstance(body, dict) or stated_answer(body, thing):
        return None
    if _scalars(body) > WRAPPER_SCALARS or _named_thing(body, thing):
        return None
    if any(isinstance(v, dict) and is_resource(v) for v in body.values()):
        return None
    arrays: list[tuple[tuple[str, ...], list[Any]]] = []
    for key, value in body.items():
        if is_meta(key) or is_encoding(value, key) or notice_beside(body, key):
            continue  # the envelope's meta-information; an encoding; notices (``licenses``)
        candidates: list[tuple[tuple[str, ...], Any]] = [((key,), value)]
        if (
            nested
            and isinstance(value, dict)
            and not has_identity_member(value)
            and not is_error_report(key)
        ):
            candidates += [((key, k), v) for k, v in value.items()]
        for path, sub in candidates:
            if isinstance(sub, list) and any(_record(i) for i in sub):
                arrays.append((path, sub))
    if len(arrays) != 1:
        return None
    path, items = arrays[0]
    named = any(is_label(k, v) for k, v in body.items())  # a resource by its own label
    if (own_identity(body) or named) and not _named_for(items, path[-1]):
        return None
    return path, items


def _named_thing(body: dict[str, Any], thing: str) -> bool:
    """``body`` is what the path addresses, named by a member of its own: the thing's name and
    an identity word (``seasonNumber`` of a season a PUT ``/series/{id}/season`` answers):
    a list in one of its parts (its statistics' ``episodeFileQualities``) is part of it, not
    the records of a batch."""
    if not thing:
        return False
    for key, value in body.items():
        ws = words(key)
        if len(ws) > 1 and ws[-1] in OWN_IDENTITY and same_name("_".join(ws[:-1]), thing):
            if is_scalar(value) and value != "":
                return True
    return False


def _record(item: Any) -> bool:
    """A resource, or a hit holding one (``{job: {name, title, ...}, jobSummary,
    searchTextSnippet}`` of a job search: one part that is a resource, beside what is said
    about it)."""
    if not isinstance(item, dict):
        return False
    parts = [v for v in item.values() if isinstance(v, dict) and is_resource(v)]
    return is_resource(item) or len(parts) == 1


def _scalars(obj: dict[str, Any]) -> int:
    return sum(is_scalar(v) for v in obj.values())


def one_resource(body: Any, thing: str = "") -> dict[str, Any] | None:
    """The one resource the body is or holds (rule in the module doc); ``thing``: what the
    operation's path addresses, whose member is that resource (``judge_roles.unwrap_path``)."""
    if not isinstance(body, dict):
        return None
    at = unwrap_path(body, thing) if thing else ()
    if at and same_name(at[-1], thing):
        found_named = get_path(body, at)
        if isinstance(found_named, dict):
            return found_named
    if has_identity_member(body) or labels(body) or _scalars(body) > WRAPPER_SCALARS:
        return body  # as the judge's first half unwraps: an own ``id``, a label, many fields
    if stated_answer(body, thing):
        return body  # it states the answer; its parts are what the answer is about
    found: list[dict[str, Any]] = []
    for key, value in body.items():
        if not isinstance(value, dict) or is_links(key, value):
            continue
        if is_resource(value):
            found.append(value)
        elif not has_identity_member(value):
            found += [v for v in value.values() if isinstance(v, dict) and is_resource(v)]
    if len(found) == 1:
        return body if is_own_part(body, found[0]) else found[0]
    inner = unwrap(body)
    return inner if isinstance(inner, dict) else body


def identity_kept(obj: dict[str, Any], shaped: Any, addressed: str | None = None) -> bool:
    """One of its identity values, handles or (``addressed``) the member a path parameter
    names is in the result."""
    handles = [v for k, v in obj.items() if is_label(k, v) and words(k)[-1] in HANDLE_WORDS]
    by_path = [obj[addressed]] if addressed in obj else []
    return found_in(identity_values(obj) + handles + by_path, shaped)


def _judge_resource(
    body: Any,
    shaped: Any,
    checks: AnswerChecks,
    lost: list[str],
    judged: Any,
    typed: bool,
    thing: str = "",
    asked: str = "",
    nested: bool = True,
    addressed: str | None = None,
) -> bool:
    """Judge the answered resource; False when the body has none. ``judged``: the object
    whose identity and label the judge's first half judged (their losses are listed once);
    ``nested``: as ``records`` takes it; ``addressed``: its member a path parameter names
    (``judge.py``)."""
    batch = records(body, thing, nested)
    if batch is not None:
        path, items = batch
        checks.resource = 1
        unkept: list[int] = []  # the records whose identity the answer lost
        for n, item in enumerate(items):
            if not isinstance(item, dict):
                continue
            if own_identity(item):
                if not identity_kept(item, shaped):
                    unkept.append(n)
            elif labels(item) and not found_in(labels(item), shaped):
                unkept.append(n)
        if unkept:
            lost.append(
                f"answered records {'/'.join(path)}: the identity of {len(unkept)} of "
                f"{len(items)} records"
            )
        else:
            checks.resource_kept = 1
        return True
    resource = one_resource(body, thing)
    if resource is None:
        return False
    ident, names = own_identity(resource), labels(resource)
    states = state_values(resource) if typed else []
    if not (ident or names or states):
        return False
    checks.resource = 1
    missing = []
    by_path = addressed if resource is judged else None
    if ident and not identity_kept(resource, shaped, by_path):
        missing.append("identity")
    if names and not found_in(names, shaped):
        missing.append("label")
    missing += [f"state {v!r}" for v in states if not found_in([v], shaped)]
    stated = stated_members(resource, asked)  # what a path ending with a literal asks for
    missing += [f"answer {k}" for k, v in stated if not found_in([v], shaped)]
    checks.resource_kept = int(not missing)
    if resource is judged:  # its identity and label losses are listed already
        missing = [m for m in missing if m.startswith(("state", "answer"))]
    if missing:
        lost.append(f"answered resource: its {', '.join(missing)}")
    return True


# ------------------------------------------------------------------------------ acknowledgement


def _values(value: Any, depth: int = 0) -> list[Any]:
    """Every scalar in ``value``, flags included."""
    if isinstance(value, (str, int, float)) or value is True or value is False:
        return [value]
    if depth > 8:
        return []
    if isinstance(value, dict):
        return [x for v in value.values() for x in _values(v, depth + 1)]
    if isinstance(value, list):
        return [x for v in value for x in _values(v, depth + 1)]
    return []


def says_success(shaped: Any) -> bool:
    return any(isinstance(v, str) and SUCCESS.search(v) for v in _values(shaped)) or (
        isinstance(shaped, str) and bool(SUCCESS.search(shaped))
    )


def is_acknowledgement(body: Any) -> bool:
    """An object of at most ``WRAPPER_SCALARS`` values that is empty or carries a flag."""
    if not isinstance(body, dict):
        return False
    values = _values(body)
    return len(values) <= WRAPPER_SCALARS and (
        not values or any(v in (True, False) and isinstance(v, bool) for v in values)
    )


def _acknowledgement_kept(body: Any, shaped: Any) -> bool:
    """Its flags with their values and one of its other values (not the id of the call,
    ``request_id``, nor GraphQL's ``__typename``), or, every flag true, a result saying it
    succeeded. A page that came back empty (``{overrides: [], limit: 25, offset: 0, more:
    false}``) is said by its empty list: the result keeping it under its name and the flags
    says there is none, and the page's position beside it is the request's own."""
    if isinstance(body, dict):
        body = {k: v for k, v in body.items() if not is_exchange_id(k)}
    sent, kept = _values(data_of(body)), _values(shaped)
    flags = [v for v in sent if isinstance(v, bool)]
    others = [v for v in sent if not isinstance(v, bool) and v != ""]  # "" says nothing
    if all(any(k is v for k in kept) for v in flags) and (
        not others or found_in(others, shaped) or none_said(body, shaped)
    ):
        return True
    return all(flags) and says_success(shaped)


def judge_answer(
    body: Any,
    shaped: Any,
    payload: tuple[str, ...] | None,
    lost: list[str],
    judged: Any = None,
    typed: bool = True,
    thing: str = "",
    request: Request | None = None,
    kind: str | None = None,
    asked: str = "",
    addressed: str | None = None,
) -> AnswerChecks:
    """The three checks for one body (``payload``: where the judge found its payload list;
    ``judged``: the object it judged for identity and label; ``typed``: the body's scalars are
    what the description says, so states are judged; ``thing``: what the operation's path
    addresses, ``one_resource``; ``asked``: what a path ending with a literal asks for,
    ``judge_paths.asked_thing``; ``addressed``: the member of ``judged`` a path parameter
    names; ``request``, ``kind``: what the caller sent and what the
    operation does, ``judge_content.generated_content``); what was lost is appended to
    ``lost``."""
    checks = AnswerChecks()
    content = generated_content(body, request, kind) + asked_calls(body, kind)
    if content:
        checks.content = 1
        missing = [where for where, text in content if not beginning_kept(text, shaped)]
        if missing:
            lost.append(f"generated content {', '.join(missing[:3])}")
        else:
            checks.content_kept = 1
    nested = not produced_answer(body, kind)
    has_resource = payload is None and _judge_resource(
        body, shaped, checks, lost, judged, typed, thing, asked, nested, addressed
    )
    if payload is None and not content and not has_resource and is_acknowledgement(body):
        checks.acknowledgements = 1
        if _acknowledgement_kept(body, shaped):
            checks.acknowledgements_kept = 1
        else:
            lost.append("acknowledgement: the result neither keeps the body nor says it succeeded")
    return checks


def judge_empty(result: str, *, is_error: bool) -> AnswerChecks:
    """An empty success answer (204, or a 2xx without a body): the result must say it
    succeeded."""
    ok = not is_error and says_success(result)
    return AnswerChecks(acknowledgements=1, acknowledgements_kept=int(ok))
