"""The records a write answers beside the resource it changed (``decision._fields``).

A mutation often answers the resource it changed together with the records the call made or
touched, in lists beside it: ``{order, orderLines: [...], errors}`` for lines added to an
order, ``{product, media: [...]}`` for media reordered, ``{checkout, unavailableVariants}``
for a checkout made from an order. The write's defaults kept the resource and left the lists
out; the run-time invariants then saw a payload list dropped and read the defaults again from
the response, which kept a list and lost the resource's id. Each such list whose records have
an identity of their own keeps each record's identity and label (a lean reading, as a
write's several lists of records get: ``written.written_records``), beside the resource's
defaults; records about other things (``unavailableVariants: [{variantId, code,
message}]``) keep the one they refer to and what they say of it (``failures.why_failed``).
Only in a GraphQL mutation's payload: a type made for the mutation, each member something it
answers (a REST write answers the resource's usual representation, whose lists are its
parts; ``written.written_records`` reads a write's several lists). Not a list named as a
report (``errors``: ``failures.write_reports``), not the wrapper's metadata, not on a read,
and only where the answer itself is not one resource.

A REST write's answer made for the call the same way (a message, the resource it made, and
beside it lists of records with no id that the call set up for it: a domain added with the
DNS records to publish) keeps those records by their own defaults, as a list's items
(``_values_beside``): their values are what the caller acts on next.
"""

from __future__ import annotations

from typing import Any

from .collections import is_meta_key
from .failures import named_as_report, why_failed
from .names import is_leaf
from .roles.identity import has_id, has_own_identity, identity_fields, is_id_name
from .roles.label import is_label, label_rank
from .roles.words import w
from .trees import unwrap


def records_beside(
    tree: Any, chosen: tuple[str, ...], keys: tuple[str, ...] = (), rest: bool = False
) -> tuple[str, ...]:
    """The identity and label paths of the records listed beside the resource a write's
    answer ``tree`` holds (module doc) that ``chosen`` shows nothing of; the identity alone
    of those it shows without it. ``rest``: the answer of a REST write, read only where
    ``_values_beside`` finds it."""
    if rest:
        return _values_beside(tree, chosen)
    if not isinstance(tree, dict) or has_own_identity(tree):
        return ()
    resources = [k for k, v in tree.items() if isinstance(v, dict) and has_own_identity(v, w(k))]
    if not resources or not any(p.split(".", 1)[0] in resources for p in chosen):
        return ()
    out: list[str] = []
    for key, sub in tree.items():
        record = unwrap(sub)
        if not isinstance(sub, list) or not isinstance(record, dict):
            continue
        if is_meta_key(key) or named_as_report(key):
            continue
        ids = list(identity_fields(record, w(key), keys, written=True)[:1])
        if any(p.startswith(f"{key}.") for p in chosen):  # shown: with which record it is
            out += [f"{key}.{m}" for m in ids if f"{key}.{m}" not in chosen]
            continue
        if has_own_identity(record, w(key)):
            labels = sorted(
                (k for k, v in record.items() if is_leaf(v) and is_label(k)), key=label_rank
            )
            said = [k for k in labels[:1] if k not in ids]
        else:  # records about others (``{variantId, code, message}``): which, and why
            said = why_failed(record, ids)
        if ids and (said or has_own_identity(record, w(key))):
            out += [f"{key}.{m}" for m in ids + said]
    return tuple(out)


def _values_beside(tree: Any, chosen: tuple[str, ...]) -> tuple[str, ...]:
    """A REST write's answer made for the call: a message, the resource it made (``domain:
    {id, name, state}``) and, beside it, lists of records with no id of their own that the
    call set up for it (``sending_dns_records: [{record_type, name, value, valid}]``: what
    the caller must now publish). The answer is no representation of the resource (the
    resource is one of its members), so those lists are what the call produced and not the
    resource's parts; each keeps its records' own defaults as a list's items (the wrapper's
    lists were left out, and the records' name alone, one for all of them, says nothing).
    Not where the answer has an id of its own (``{deploymentId, build, jobs: [...]}`` is the
    deployment, its lists its parts), not records with an id (related resources: the lean
    reading the rest of the answer gives them), a report (``errors``), metadata, nor a list
    something was kept of."""
    from .defaults import choose_default_fields  # the defaults read records beside

    if not isinstance(tree, dict) or has_own_identity(tree):
        return ()
    if any(is_id_name(k) for k in tree):  # ``{deploymentId, build: {...}, jobs: [...]}``,
        return ()  # ``{photoId: {id}, places, connections}``: the resource, its parts
    resources = [k for k, v in tree.items() if isinstance(v, dict) and has_id(v)]
    if not resources or not any(p.split(".", 1)[0] in resources for p in chosen):
        return ()
    out: list[str] = []
    for key, sub in tree.items():
        record = unwrap(sub)
        if not isinstance(sub, list) or not isinstance(record, dict) or not record:
            continue
        if is_meta_key(key) or named_as_report(key) or has_id(record):
            continue
        if any(p == key or p.startswith(f"{key}.") for p in chosen):
            continue
        inner = choose_default_fields(record, item=True, kind="read")
        out += [f"{key}.{p}" for p in inner]
    return tuple(out)
