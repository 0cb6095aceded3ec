"""The records a write failed on, beside the records it wrote (``pipeline.shape``).

A batch write answers the records it wrote as its payload list and the records it could not
write in a list beside it, under an error report's name (``{Deleted: [{Key, VersionId}],
Errors: [{Key, Code, Message}]}``, ``{created: [...], errors: [{id, reason}]}``): read as
the wrapper's metadata, that list was left out, and the agent was told of the records that
went and never of those that did not. When its records are identified, it is kept, each
record reduced to its identity and the first member saying why (a message, a reason, a
detail, an error, else a code). Not on a read, and not a list of bare error reports (no identity of their own).

Beside the same payload list, a write's list of scalars under any name (``{assets_added:
[{asset_id}], assets_not_added: ["a3"]}``, ``{updated: [...], not_found: ["t9"]}``) is what
the call skipped, did not find or did besides: the ids the agent must act on again. Read as
the wrapper's metadata it was left out too, and the answer said only what went; it is kept
whole (``SAID_LISTS`` of them at most; not its noise, metadata or links; empty, it says nothing;
nor the ids of records the answer says already, ``UnavailableProductIds`` beside
``UnavailableProducts``). Not beside a wrapper that is a record of its own (more than
``ENVELOPE`` scalars: an account answered around its promotions, whose ``capabilities`` are
its own).
"""

from __future__ import annotations

from typing import Any

from .chunking import get_at, set_at
from .collections import REPORT_WORDS, exchange_id, is_meta_key
from .kinds import WRITE_KINDS
from .list_items import PREVIEW_CHARS
from .names import is_leaf, words
from .roles.links import is_url
from .roles.noise import is_noise
from .roles.identity import has_own_identity, identity_fields, named_for_itself
from .roles.words import w
from .trees import field_tree_from_value, unwrap
from .truncate import DEFAULT_MARKER, truncate_string

# why a record failed, the first found first (``error``: a failed record's ``{id, error: "..."}``)
REASON_WORDS = ("message", "reason", "detail", "error", "code")
# what a write's error says it is about: the input it names (``field``, ``path``, ``pointer``)
ABOUT_WORDS = ("field", "fields", "path", "pointer", "param", "parameter", "property", "argument")
SAMPLED = 50  # the records a list's members are read from
# the written records' identity members the failed ones keep (``Key``, ``VersionId``)
IDENTITIES = 2
SAID_LISTS = 4  # a write's lists of scalars kept beside its payload list, at most (module doc)
ENVELOPE = 3  # a wrapper with more scalars of its own is a record, its lists of scalars its own


def with_failed_records(
    value: Any,
    shaped: Any,
    path: tuple[str, ...],
    kind: str,
    keys: tuple[str, ...] = (),
    marker: str = DEFAULT_MARKER,
) -> Any:
    """``shaped`` with the failed records (module doc) of the wrapper around the payload list
    at ``path`` of the upstream's ``value``; a reason longer than ``PREVIEW_CHARS`` is cut
    with ``marker``."""
    if kind not in WRITE_KINDS or not path:
        return shaped
    wrapper, kept = get_at(value, path[:-1]), get_at(shaped, path[:-1])
    if not isinstance(wrapper, dict) or not isinstance(kept, dict):
        return shaped
    records = wrapper.get(path[-1])
    written = (
        unwrap(field_tree_from_value(records[:SAMPLED])) if isinstance(records, list) else None
    )
    added: dict[str, Any] = {}
    envelope = sum(not isinstance(v, (dict, list)) for v in wrapper.values()) <= ENVELOPE
    for key, sub in wrapper.items():
        if key == path[-1] or key in kept or not isinstance(sub, list):
            continue
        if envelope and scalars_beside(key, sub) and len(added) < SAID_LISTS:
            if not set(map(str, sub)) <= _values(kept):  # (not the ids of records it says)
                added[key] = sub  # what it skipped or did not find (module doc)
            continue
        if not named_as_report(key):
            continue
        if not sub or not all(isinstance(record, dict) for record in sub):
            continue
        tree = unwrap(field_tree_from_value(sub[:SAMPLED]))
        members = _identity(tree, key, written, keys)
        if not members:
            continue
        members += _why(tree, key, members)
        added[key] = [_reduced(record, members, marker) for record in sub]
    if not added:
        return shaped
    return set_at(shaped, path[:-1], {**kept, **added})


def with_envelope_reports(value: Any, shaped: Any, path: tuple[str, ...], marker: str) -> Any:
    """``shaped`` with the error reports of the envelope around the resource a write answers
    (``{instrument: {...}, userErrors: [{field, message, code}]}``): each list beside the
    resource named as errors whose records say why (``_report_list``), non-empty, each record
    by its input, its reason and its code. The resource is read through its envelope and the
    envelope's other members went as its metadata: a write that answered its resource and
    what went wrong with it said only that it went (``write_reports`` reads them where the
    answer is not read through)."""
    if not path:
        return shaped
    wrapper, kept = get_at(value, path[:-1]), get_at(shaped, path[:-1])
    if not isinstance(wrapper, dict) or not isinstance(kept, dict):
        return shaped
    added = {
        key: [_reduced(record, _reasons(record), marker) for record in sub]
        for key, sub in wrapper.items()
        if key != path[-1] and key not in kept and sub and _report_list(key, sub)
        and all(isinstance(record, dict) for record in sub)
    }  # fmt: skip
    return set_at(shaped, path[:-1], {**kept, **added}) if added else shaped


def scalars_beside(key: str, sub: list[Any]) -> bool:
    """A non-empty list of scalars (ids, names) beside a write's payload list, not its noise
    (``etags``), metadata (``links``), the exchange's ids nor links (module doc)."""
    return (
        bool(sub)
        and all(v is not None and not isinstance(v, (dict, list)) for v in sub)
        and not is_noise(key)
        and not is_meta_key(key)
        and not exchange_id(key)
        and not any(is_url(key, v) for v in sub)
    )


def _values(node: Any) -> set[str]:
    """The scalar values ``node`` holds at any depth, as text."""
    if isinstance(node, dict):
        return set().union(*(_values(v) for v in node.values())) if node else set()
    if isinstance(node, list):
        return set().union(*(_values(v) for v in node)) if node else set()
    return {str(node)}


def failed_lists(tree: Any, keys: tuple[str, ...] = ()) -> list[str]:
    """The paths of a write's own lists of failed records (named as a report, each record
    identified: a delete by a filter's ``failures: [{id, index, status, cause: {reason}}]``
    beside its tallies), each record by its identity and why it failed; empty, they cost
    nothing."""
    if not isinstance(tree, dict):
        return []
    out: list[str] = []
    for key, sub in tree.items():
        record = unwrap(sub)
        if not isinstance(sub, list) or not isinstance(record, dict) or not named_as_report(key):
            continue
        members = _identity(record, key, None, keys)
        if members:
            out += [f"{key}.{m}" for m in members + _why(record, key, members)]
    return out


def _why(tree: Any, key: str, members: list[str]) -> list[str]:
    """What a failed record says of why (``why_failed``), and the member its list is named
    for when that is another (an ``errors`` item's ``error`` beside its ``message``: what
    each item of the list is, ``named_for_itself``)."""
    said = why_failed(tree, members)
    itself = named_for_itself(tree, w(key)) if isinstance(tree, dict) else None
    if itself is not None and itself not in members + said:
        said.append(itself)
    return said


def _identity(tree: Any, key: str, written: Any, keys: tuple[str, ...]) -> list[str]:
    """The members identifying the failed records: those the written records are identified
    by, when they carry them all (the same things: ``WidgetId``; ``Key`` and ``VersionId``),
    else their own identity."""
    if not isinstance(tree, dict):
        return []
    if isinstance(written, dict):
        shared = list(identity_fields(written, (), keys, written=True)[:IDENTITIES])
        if shared and all(m in tree and is_leaf(tree[m]) for m in shared):
            return shared
    if not has_own_identity(tree, w(key)):
        return []
    return list(identity_fields(tree, w(key), keys, written=True)[:1])


def write_reports(tree: Any, *, inside: bool = True, lists: bool = False) -> tuple[str, ...]:
    """The members of a write's answer that say why it did not go through: each list beside
    the resource named as errors whose records say why (GraphQL's ``errors:
    [{field, message, code}]``, ``userErrors``), by their reason, the input they are about
    and their code. Such an answer comes back with a success status, the resource empty:
    without them the agent is told nothing of what went wrong; when the write went through
    the list is empty and costs nothing. One level down, in a part of the answer with no such
    list, a single report named as an error is read the same way, and a list of them when the
    answer has none of its own (``lists``; not a resource's own ``order.errors`` beside the
    answer's): a union of outcomes (GraphQL's ``artworkOrError { ... on Failure {
    mutationError { message } } }``, ``viewingRoomOrErrors { ... on Errors { errors {
    message } } }``) says there why the write did not go through."""
    if not isinstance(tree, dict):
        return ()
    own = inside and not any(_report_list(k, sub) for k, sub in tree.items())
    out: list[str] = []
    for key, sub in tree.items():
        record = unwrap(sub)
        if not isinstance(record, dict):
            continue
        form = isinstance(sub, list) if inside else (isinstance(sub, dict) or lists)
        said = _reasons(record) if form and _named_errors(key) else []
        if said:
            out += [f"{key}.{k}" for k in said]
        elif isinstance(sub, dict) and inside:
            out += [f"{key}.{p}" for p in write_reports(sub, inside=False, lists=own)]
    return tuple(out)


def _report_list(key: str, sub: Any) -> bool:
    """A list named as errors whose records say why."""
    record = unwrap(sub)
    return (
        isinstance(sub, list)
        and isinstance(record, dict)
        and _named_errors(key)
        and bool(_reasons(record))
    )


def _reasons(record: dict[str, Any]) -> list[str]:
    """A report's members that say why: its input, its reason and its code (none: no reason)."""
    leaves = [k for k, v in record.items() if _said(v)]
    last = {k: _last_word(k) for k in leaves}
    why = [k for word in REASON_WORDS[:-1] for k in leaves if last[k] == word][:1]
    if not why:
        return []
    about = [k for word in ABOUT_WORDS for k in leaves if last[k] == word][:1]
    code = [k for k in leaves if last[k] == "code" and k not in why][:1]
    return about + why + code


def _named_errors(key: str) -> bool:
    """Named as errors (``errors``, ``userErrors``), not warnings: a write that warns went
    through."""
    return _last_word(key) in ("errors", "error")


def _said(node: Any) -> bool:
    """A scalar, or a list of scalars (a path: ``field: [String]``)."""
    return is_leaf(node) or (isinstance(node, list) and bool(node) and is_leaf(unwrap(node)))


def named_as_report(key: str) -> bool:
    """Named as an error report (``Errors``, ``failures``, ``warnings``)."""
    last = _last_word(key)
    return last in REPORT_WORDS or last in ("failures", "failed")


def _last_word(key: str) -> str:
    return (words(key) or ("",))[-1]


def why_failed(tree: Any, members: list[str]) -> list[str]:
    """The member saying why a record failed: its own, else one in a part of it (a status
    held as an object, ``status: {code, message}`` -> ``status.message``)."""
    if not isinstance(tree, dict):
        return []
    for prefix, scope in [("", tree)] + [(f"{k}.", v) for k, v in tree.items()]:
        if not isinstance(scope, dict):
            continue
        own = [k for k, v in scope.items() if is_leaf(v) and prefix + k not in members]
        last = {key: _last_word(key) for key in own}
        for word in REASON_WORDS:
            for key in own:
                if last[key] == word:
                    return [prefix + key]
    return []


def _reduced(record: dict[str, Any], members: list[str], marker: str) -> dict[str, Any]:
    """``record`` with only ``members`` (dot paths into its parts), its texts previews."""
    out: dict[str, Any] = {}
    for member in members:
        *parts, last = member.split(".")
        value = get_at(record, (*parts, last))
        if value is None:
            continue
        scope = out
        for part in parts:
            scope = scope.setdefault(part, {})
        scope[last] = (
            truncate_string(value, PREVIEW_CHARS, marker) if isinstance(value, str) else value
        )
    return out
