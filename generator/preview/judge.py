"""Did a shaped result keep what the agent needs? Judged against what the upstream sent.

Written apart from the shaping rules (``runtime/shaping/defaults.py`` is not imported here) so
that the benchmark and ``mcpforge preview`` can catch what those rules get wrong. Values are
compared, not key names: a kept field may be renamed, flattened or truncated (a truncated
string matches the original it starts). The rules:

- **Payload list.** A body that is an array is a list of items. An object is a *wrapper*
  when it has no identity or label of its own (below); its payload list is its one non-empty
  array of objects (else, in a body of at most ``WRAPPER_SCALARS`` scalars, its longest array
  of scalars: a record of more settings, one of them a list of values, is no wrapper of that
  list, nor is a part of more scalars: ``booleanResponse: {enabled, reason, ..., segmentKeys}``),
  looked for in its members and, through members that are objects without an identity or
  label (``_embedded``, ``data``, ``results``), one level lower when the body has at most
  ``WRAPPER_SCALARS`` scalar members (a wrapper carries counts and page numbers; an object
  with more is a resource). Several arrays of
  objects: a composite resource with no one payload list.
  A member named ``meta`` is the envelope's meta-information, never the payload; nor is a
  list of hypermedia links beside an object (``{goal: {...}, links: [{rel, href}]}``: where
  the next calls go from it, ``judge_roles.is_link_list``), nor a list of notices beside
  another list of objects (``licenses`` beside a geocoder's ``results``: what comes with
  every answer, ``judge_roles.notice_beside``); the lists
  inside a member named ``error`` (its details: ``error.values``) are the error's, not a
  payload (a top-level ``errors`` list still is one).
  A body holding the member a path parameter names (``recordKey`` for
  ``/records/{recordKey}``, ``judge_paths.py``) is that object, whatever else names it: its
  lists (``tags``) are part of it; so is a member named for what the path addresses
  (``release_note`` of ``{release_note: {summary, pipeline: {id}}}`` at
  ``/release_notes/{id}``), not an envelope around its one identified part. So is a body
  stating the answer to what the path addresses as a value of its own (``reachability`` at
  ``/builds/{build}/reachability``, beside ``buildInfo: {build, queueInfos: [...]}``): its
  other members are what the answer is about, their lists not the payload (a list at its
  own level still is).
  A member that is itself a resource makes the body an envelope of that one resource (its
  lists, such as JSON:API ``included``, are side data), not a list wrapper.
  A list nested in a resource (an object with an identity or a label of its own) is part of
  that resource, not a payload.
  *Kept*: the result holds an array with as many items as the payload (fewer when the result
  says more pages follow), whose items match the payload's items (for objects: share a value;
  an empty item matches an empty item, and an item of nothing but ``""`` and ``0``, an
  example's scaffold that says nothing, any item). An item that is an edge, one resource with
  where it sits in the pages (``{cursor, node: {id, name}}``), is judged as that resource.
- **Label.** An object's label fields are its non-empty string members whose name ends with
  a label word (name, title, label, subject, headline, heading, caption, login, username, handle,
  slug; ``displayName``, ``friendly_name``, ``fileTitle``...) or a label word and the
  language or rendering it is written in (``nameEn``, ``title_original``), looked for in the object and in
  its property bags (members that are objects without an identity: JSON:API ``attributes``).
  *Kept*: one of their values is found in the shaped counterpart.
- **Identity.** ``id``, ``uid``, ``uuid``, ``guid``, ``identifier``, ``key``, ``number``, ``sha`` (case and leading ``_``/``@``
  ignored) with a value; without one, members named ``<thing>_id``/``<thing>Id`` (not a
  request's own ``request_id``/``traceId``: envelope metadata; nor another moment's
  ``lastSyncId``, nor a page's ``nextPageId``), and where the object has such members and a
  ``metadata`` (or ``meta``) part with a plain id, that id instead (``{metadata: {id},
  tenantId}``: the record's own; the others name what it belongs to). *Kept*: one of
  their values, or of the object's unique handles (``login``, ``username``, ``handle``,
  ``slug``: names the API also takes to address the object), is found in the shaped counterpart;
  an object whose only bare identity is a ``number`` (an identity within what holds it: a
  shirt number in its team) is kept identified by one of its ``<thing>Id`` members too.
- **Wrapper only.** The upstream sent a non-empty payload and the result holds none of it
  (its payload list is gone, or no value of the body survives at all).

The objects judged for label and identity are the payload list's items (paired with the
result's items in order), or, for a single resource, the body itself (seen through
envelopes such as ``{"data": {...}}`` and ``{"data": {...}, "included": [...]}``; like a list
wrapper, an envelope carries at most ``WRAPPER_SCALARS`` scalars: a body with more is the
resource, and an object inside it a related one; so is a body with an identity of its own named
``<thing>Id``, ``{productId, configurationVariables: {mcmId, ...}, managedProperty: [...]}``,
beside a part that has no plain ``id`` either: an envelope identifies nothing). An item, like
the one resource, keeps its identity by keeping the member a path parameter names
(``token`` of transfers read at ``/book_transfers/{book_transfer_token}``): the next call
takes it.

Then the answer checks (``judge_answers.py``: generated content, the answered resource, the
acknowledgement) and the named checks of what users see (``judge_checks.CHECKS``, each
``judged``/``kept`` on ``Verdict.checks``, stored as the ``Verdict.seen`` record of
``<check>``/``<check>_kept`` integer fields), its misses on ``Verdict.findings`` and in ``lost``,
or on ``Verdict.notices`` for a check whose misses are not failures):

- **people** (``judge_people.py``): a person keeps a handle or a name, never only times;
- **path identities** (``judge_paths.py``): the judged objects keep the member the path
  parameter that addresses them names (given the operation's template and its siblings');
- **schema siblings** and **series** (``judge_schema.py``): lists and objects of one schema
  side by side keep the same members, parts of one family what tells each apart; a list of
  numbers or arrays that is most of a judged object is kept;
- **encodings left out** and **encodings noted** (``judge_encodings.py``): byte arrays,
  embeddings and logprobs are not kept in a concise result, and one left out is named in a
  note (a notice);
- **generated records** (``judge_generated.py``): a generation's records (an analysis's
  entities, a report's changes) keep what tells them apart, their type, their figures and
  their own members, not only their names or their parts' texts (given the operation's kind);
- **table columns** (``judge_tables.py``): rows whose cells are read by their position, when
  kept, keep the names of their columns (``schema.fields[].name``);
- **secrets hidden** (``judge_secrets.py``): a read or a search does not show a credential it
  merely carries (a private key, a password, an access token);
- **pairs** (``judge_pairs.py``): a member kept that is one side of a pair (a match's team A
  and team B, wins and losses, allowed and denied, feet and inches, a span's start and end)
  keeps its other side;
- **named by its list** (``judge_listed.py``): an item kept of a list named for what it holds
  (``quotes``, ``ip_addresses``) keeps the member named so (``quote``, ``ip_address``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from .judge_answers import AnswerChecks, identity_kept, judge_answer
from .judge_checks import FAILING, Check, Finding, Seen, Tally, checks_of, collapse, where
from .judge_encodings import check_encodings, is_encoding
from .judge_content import produced_answer
from .judge_generated import check_generated
from .judge_paths import (
    action_params,
    elsewhere_params,
    addressed_thing,
    asked_thing,
    check_path_identity,
    one_value_for_all,
    named_member,
    object_params,
    parent_params,
)
from .judge_listed import check_listed
from .judge_pairs import check_pairs
from .judge_people import check_people
from .judge_request import Request
from .judge_secrets import check_secrets
from .judge_tables import check_tables
from .judge_schema import check_parts, check_series, check_siblings
from .judge_roles import (
    OWN_IDENTITY,
    WRAPPER_SCALARS,
    bare,
    data_of,
    edge_resource,
    found_in,
    has_identity_member,
    get_path,
    none_said,
    scalar_members,
    is_label,
    is_error_report,
    is_link_list,
    is_links,
    is_meta,
    notice_beside,
    is_resource,
    is_scalar,
    labels,
    leaves,
    own_identity,
    same,
    stated_answer,
    unwrap,
    unwrap_path,
    words,
)

# ------------------------------------------------------------------------------ payload


def payload_path(body: Any, thing: str = "", nested: bool = True) -> tuple[str, ...] | None:
    """Where the payload list of ``body`` is (``()`` = the body itself), None: no list;
    ``thing``: what the operation's path addresses (``judge_roles.stated_answer``);
    ``nested``: False when the body is an answer, not a wrapper
    (``judge_content.produced_answer``), so the lists of its parts (one object down) are not
    its payload."""
    if isinstance(body, list):
        return () if body else None
    if not isinstance(body, dict) or is_resource(body):
        return None
    if any(isinstance(v, dict) and is_resource(v) for v in body.values()):
        return None  # an envelope around one resource (its lists: JSON:API ``included``...)
    found: list[tuple[tuple[str, ...], list[Any]]] = []
    # a wrapper carries a few scalars besides its list (counts, pages); an object with more is
    # a resource whose nested lists (an error's details) are part of it
    scalars = scalar_members(body)
    stated = stated_answer(body, thing)  # the answer, not a wrapper: its parts' lists
    beside = any(isinstance(v, dict) and v for v in body.values())
    for key, value in body.items():
        if is_meta(key) or is_encoding(value, key):
            continue  # the envelope's meta-information; an encoding (``judge_encodings.py``)
        if beside and is_link_list(key, value):
            continue  # links from the object beside them (``{goal: {...}, links: [{rel, href}]}``)
        if notice_beside(body, key):
            continue  # ``licenses`` beside ``results``: what comes with every answer
        candidates: list[tuple[tuple[str, ...], Any]] = [((key,), value)]
        if (
            isinstance(value, dict)
            and not is_resource(value)
            and scalars <= WRAPPER_SCALARS
            and not is_error_report(key)
            and not stated
            and nested
        ):
            candidates += [((key, k), v) for k, v in value.items()]
        found += [(path, sub) for path, sub in candidates if isinstance(sub, list) and sub]
    of_objects = [(p, s) for p, s in found if any(isinstance(i, dict) for i in s)]
    # values listed in a part that is a record of its own (more than ``WRAPPER_SCALARS``
    # scalars: ``booleanResponse: {enabled, reason, flagKey, ..., segmentKeys: [...]}``) are
    # that record's, not what the body answers
    found = [(p, s) for p, s in found if len(p) < 2 or (p, s) in of_objects or _few(body[p[0]])]
    if len(of_objects) > 1:
        return None  # several lists of objects: a composite resource, no one payload
    if of_objects:
        return of_objects[0][0]
    if not found or scalars > WRAPPER_SCALARS:
        return None  # a record of settings with a list of values among them: not a wrapper
    return max(found, key=lambda f: len(f[1]))[0]


def _values_kept(body: Any, shaped: Any) -> bool:
    """One value the body says (a string or a number, ``""`` says nothing; not its hypermedia
    links, where the next calls go) is in the result; a body that says nothing but flags
    beside its links (``{_links: {self: {href}}, _value: true, setting: true}``) keeps one
    of its flags, by name and value."""
    data = data_of(body)
    if isinstance(data, dict):
        data = {k: v for k, v in data.items() if not is_links(k, v) and not is_link_list(k, v)}
    said = [v for v in leaves(data) if v != ""]
    if said:
        return found_in(said, shaped)
    flags = (
        [(k, v) for k, v in data.items() if isinstance(v, bool)] if isinstance(data, dict) else []
    )
    linked = [v for v in leaves(data_of(body)) if v != ""]  # the links' values
    if not linked:
        return True  # flags alone (``{ok: true}``): the acknowledgement's to judge
    if not flags or len(flags) < len(data):  # the links' values, as any other
        return found_in(linked, shaped)
    return isinstance(shaped, dict) and any(shaped.get(k) is v for k, v in flags)


def _few(part: Any) -> bool:
    """A part with at most ``WRAPPER_SCALARS`` scalars: a wrapper, not a record."""
    return scalar_members(part) <= WRAPPER_SCALARS


def _arrays(value: Any, depth: int = 0) -> list[list[Any]]:
    if depth > 6:
        return []
    if isinstance(value, list):
        return [value] + [a for v in value for a in _arrays(v, depth + 1)]
    if isinstance(value, dict):
        return [a for v in value.values() for a in _arrays(v, depth + 1)]
    return []


def _placeholder(value: Any) -> bool:
    """An empty string or a zero: what a description's example scaffold writes for a value."""
    return value == "" or type(value) in (int, float) and value == 0


def _item_matches(original: Any, shaped: Any) -> bool:
    if isinstance(original, (dict, list)) and not leaves(original):  # {} or [] is kept as such
        return isinstance(shaped, (dict, list)) and not leaves(shaped)
    if isinstance(original, (dict, list)) and all(map(_placeholder, leaves(original))):
        # an item of nothing but "" and 0 says nothing (a placeholder): any item stands for it
        return isinstance(shaped, (dict, list))
    if isinstance(original, (dict, list)):
        return found_in(leaves(original), shaped)
    return (
        is_scalar(original) and is_scalar(shaped) and same(original, shaped) or original == shaped
    )


def find_list(items: list[Any], shaped: Any, paged: bool) -> list[Any] | None:
    """The array of ``shaped`` that carries ``items`` (all, or a first page of them)."""
    for array in _arrays(shaped):
        if not array or not (len(array) == len(items) or (paged and len(array) < len(items))):
            continue
        if all(_item_matches(o, s) for o, s in zip(items, array)):
            return array
    return None


# ------------------------------------------------------------------------------ verdict


@dataclass
class Verdict:
    """What one result kept of one upstream body."""

    lists: int = 0  # payload lists in the body (0 or 1)
    lists_kept: int = 0
    labelled: int = 0  # objects judged that had a label
    labels_kept: int = 0
    identified: int = 0  # objects judged that had an identity
    identities_kept: int = 0
    wrapper_only: bool = False
    lost: list[str] = field(default_factory=list)  # what was lost, for the worst-calls table
    # which members an identity or label loss of ``lost`` left out (``preview --check`` says it)
    left_out: dict[str, tuple[str, ...]] = field(default_factory=dict)
    answer: AnswerChecks = field(default_factory=AnswerChecks)  # judge_answers.py
    seen: Any = field(default_factory=Seen)  # the named checks' counts (judge_checks.CHECKS)
    findings: list[Finding] = field(default_factory=list)  # their failures (also in ``lost``)
    notices: list[Finding] = field(default_factory=list)  # their misses that are not failures

    @property
    def clean(self) -> bool:
        return not self.lost

    @property
    def checks(self) -> tuple[Check, ...]:
        """The named checks, each judged/kept, in ``judge_checks.CHECKS`` order."""
        return checks_of(self.seen)

    def check(self, name: str) -> Check:
        return next((c for c in self.checks if c.name == name), Check(name))


# the first word of a label shown to people beside a resource name: ``displayName``,
# ``title``, ``label``, ``friendlyName`` (not ``noteName``, the name of another resource)
SHOWN_LABEL_WORDS = frozenset({"display", "friendly", "title", "label", "subject", "caption"})


def _judge_object(
    original: Any, shaped: Any, verdict: Verdict, where: str, addressed: str | None = None
) -> None:
    """Judge one object's identity and label; ``addressed``: its member the operation's path
    parameter names (``token`` for ``/accounts/{account_token}``), which identifies it as
    well as its own ``id``-named members do: the next call takes it."""
    if not isinstance(original, dict):
        return
    ident = own_identity(original)
    if ident:
        verdict.identified += 1
        if identity_kept(original, shaped, addressed):
            verdict.identities_kept += 1
        else:
            verdict.lost.append(f"identity {where}")
            members = [k for k, v in original.items() if is_scalar(v) and v in ident]
            verdict.left_out[f"identity {where}"] = tuple(
                dict.fromkeys(members + ([addressed] if addressed in original else []))
            )
    names = labels(original)
    if addressed is not None and addressed in original and words(addressed)[-1:] == ["name"]:
        # a resource name the path's parameter reads (``name`` at ``/v3/{name}``:
        # ``projects/p/companies/c``) is its identity; a ``displayName`` beside it, the label
        shown = [
            v for k, v in original.items()
            if k != addressed and is_label(k, v) and words(k)[0] in SHOWN_LABEL_WORDS
        ]  # fmt: skip
        names = shown or names
    if names:
        verdict.labelled += 1
        if found_in(names + _part_labels(original), shaped):
            verdict.labels_kept += 1
        else:
            verdict.lost.append(f"label {where}")
            verdict.left_out[f"label {where}"] = tuple(
                k for k, v in original.items() if isinstance(v, str) and v in names
            ) or tuple(
                f"{k}.{m}"
                for k, v in original.items()
                if isinstance(v, dict)
                for m, x in v.items()
                if isinstance(x, str) and x in names
            )


def _part_labels(obj: dict[str, Any]) -> list[str]:
    """With no label of its own, an object is named as well by the label of a part that is a
    resource (``{namespaceInfo: {id, name}, replicationConfig: {activeClusterName}}``: the
    namespace's ``name``) as by its settings' labels (``labels`` reads those)."""
    if any(is_label(k, v) for k, v in obj.items()):
        return []
    return [
        v
        for part in obj.values()
        if isinstance(part, dict) and has_identity_member(part)
        for k, v in part.items()
        if is_label(k, v)
    ]


def judge(
    body: Any,
    shaped: Any,
    *,
    paged: bool = False,
    typed: bool = True,
    template: str | None = None,
    siblings: Sequence[str] = (),
    notes: Sequence[str] | None = None,
    concise: bool = True,
    kind: str | None = None,
    chosen: Sequence[str] = (),
    request: Request | None = None,
) -> Verdict:
    """Compare what the upstream sent (``body``) with what the agent got (``shaped``, parsed
    JSON of the first page, or its text; ``paged``: the result says more pages follow;
    ``typed``: False for a body synthesized from a field tree without types, see
    ``judge_answers.py``; ``template``, ``siblings``: the operation's path template and its
    siblings' on the same collection, ``judge_paths.py``; ``notes``: the result's notes, None
    when not known; ``concise``: the result is the concise one, ``judge_encodings.py``;
    ``kind``: what the operation does, ``judge_generated.py``, None when not known;
    ``chosen``: the fields an operator's overlay chose, ``judge_secrets.py``; ``request``:
    what the caller sent, ``judge_request.py``, None when not known)."""
    verdict = Verdict()
    tally = Tally()
    thing = addressed_thing(template)
    parents = parent_params(template)
    addressed = isinstance(body, dict) and named_member(
        body, object_params(template, siblings), parents
    )
    path = None if addressed else payload_path(body, thing, not produced_answer(body, kind))
    params = object_params(template, siblings, items=path is not None)
    judged = unwrap(body, thing)
    named = named_member(judged, params, parents) if isinstance(judged, dict) else None
    if path is None and named is None and isinstance(judged, dict) and kind in WRITES:
        params, parents, named = _action_item(judged, template, siblings, params, parents)
    addressed_member = named[0] if named and path is None else None
    base = path if path is not None else unwrap_path(body, thing)
    if path is not None:
        kept = _judge_list(get_path(body, path), path, shaped, paged, verdict, params, parents)
        shared = one_value_for_all(get_path(body, path), params, parents)
        for i, (original, item) in enumerate(zip(get_path(body, path), kept or [])):
            if not shared:
                check_path_identity(original, item, params, where((*path, i)), tally, parents)
            check_series(original, item, (*path, i), tally, base)
    else:
        check_path_identity(judged, shaped, params, where(base), tally, parents)
        check_series(judged, shaped, base, tally, base)
        if (
            (isinstance(body, (dict, list)) and body)
            and not _values_kept(body, shaped)
            and not none_said(body, shaped)
        ):
            verdict.wrapper_only = True
            verdict.lost.append("every value of the body")
        _judge_object(judged, shaped, verdict, "of the body", addressed_member)
    verdict.answer = judge_answer(
        body,
        shaped,
        path,
        verdict.lost,
        judged,
        typed,
        thing,
        request,
        kind,
        asked=asked_thing(template),
        addressed=addressed_member,
    )
    check_people(body, shaped, tally, base)
    check_siblings(body, shaped, tally, base)
    check_parts(body, shaped, tally, base)
    check_encodings(body, shaped, tally, notes, base, concise)
    check_generated(body, shaped, tally, kind, base)
    check_tables(body, shaped, tally, base)
    check_pairs(body, shaped, tally, base)
    check_listed(body, shaped, tally, base)
    check_secrets(
        body,
        shaped,
        tally,
        kind,
        base,
        chosen,
        object_params(template, siblings) + elsewhere_params(template, siblings),
        asked_thing(template),
    )
    verdict.seen = tally.seen()
    for finding in collapse(tally.findings):
        if finding.check in FAILING:
            verdict.findings.append(finding)
            verdict.lost.append(str(finding))
        else:
            verdict.notices.append(finding)
    return verdict


WRITES = frozenset({"create", "update", "delete"})  # kinds whose answer is what they acted on


def _action_item(
    judged: dict[str, Any],
    template: str | None,
    siblings: Sequence[str],
    params: list[tuple[str, str]],
    parents: tuple[str, ...],
) -> tuple[list[tuple[str, str]], tuple[str, ...], tuple[str, str] | None]:
    """A write on an item (``POST /book_transfers/{book_transfer_token}/retry``) answering one
    object without an identity member of its own (``id``, ``key``...): the object is the item
    when it holds the member the item's parameter names (its ``token``), which is then its
    identity (``judge_paths.action_params``). Else ``params``, ``parents`` unchanged. A read
    of ``/funding_events/{funding_event_token}/details`` answers the event's details, whose
    echo of the token the caller sent is not asked of them."""
    if has_identity_member(judged):
        return params, parents, None
    acts = action_params(template, siblings)
    own = {name for name, _ in acts}
    rest = tuple(p for p in parents if p not in own)
    named = named_member(judged, acts, rest) if acts else None
    if named is None:
        return params, parents, None
    return acts, rest, named


def _judge_list(
    items: list[Any],
    path: tuple[str, ...],
    shaped: Any,
    paged: bool,
    verdict: Verdict,
    params: list[tuple[str, str]],
    parents: tuple[str, ...],
) -> list[Any] | None:
    """Judge the payload list; returns the result's array that carries it (None: lost).
    ``params``: the parameters naming its items (``/transfers/{transfer_token}`` beside
    ``/transfers``): an item keeping the member one names keeps its identity, as the one
    object of a body does (``_judge_object``'s ``addressed``)."""
    verdict.lists = 1
    kept = find_list(items, shaped, paged)
    if kept is None:
        where = "/".join(path) or "(body)"
        verdict.lost.append(f"payload list {where} ({len(items)} items)")
        verdict.wrapper_only = True
        for item in items:  # the items went with the list: their labels and ids too
            item = edge_resource(item) or item
            if isinstance(item, dict):
                verdict.identified += bool(own_identity(item))
                verdict.labelled += bool(labels(item))
        return None
    verdict.lists_kept = 1
    for i, (original, item) in enumerate(zip(items, kept)):  # an edge: its resource
        original = edge_resource(original) or original
        named = named_member(original, params, parents) if isinstance(original, dict) else None
        _judge_object(original, item, verdict, f"of item {i}", named[0] if named else None)
    return kept


def leanest(body: Any) -> Any:
    """The smallest result these rules accept: the payload list's items (or the one resource)
    reduced to their identity and label members; anything else as it is. A yardstick for
    reductions (no useful default goes below it), never a shaping rule."""

    def lean(obj: Any) -> Any:
        if not isinstance(obj, dict):
            return obj
        ident = own_identity(obj)
        keep = {k: v for k, v in obj.items() if is_label(k, v) or _is_identity(k, v, ident)}
        return keep or obj

    path = payload_path(body)
    if path is not None:
        items = get_path(body, path)
        return [lean(i) for i in items] if isinstance(items, list) else items
    return lean(unwrap(body))


def _is_identity(key: str, value: Any, ident: list[Any]) -> bool:
    named = bare(key) in OWN_IDENTITY or words(key)[-1:] in (["id"], ["uuid"], ["guid"])
    return named and is_scalar(value) and value in ident
