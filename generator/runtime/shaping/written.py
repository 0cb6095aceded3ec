"""What a write's answer keeps beyond the resource's own defaults: the records a write made or
changed in its lists (``written_records``), a record its listed write answers in a part
(``written_part``), the counts of a job (``job_counts``), the values an update set on a small
record (``set_values``), a related resource said whole (``related_said_whole``) and the parts a
create or an update computed (``computed_parts``); ``written_key``: a member a write's answer
keeps although it reads as a secret. Called by ``defaults.choose_default_fields``."""

from __future__ import annotations

from typing import Any

from .names import base_type, is_leaf, norm
from .picking import Picker
from .roles.content import is_content
from .roles.identity import (
    addressed_by, has_id, has_own_identity, identity_fields, is_id_name, minted_id,
)  # fmt: skip
from .roles.label import is_label, label_rank
from .roles.noise import is_noise, masked, minted
from .roles.people import is_person_node
from .roles.quantity import is_count, is_measure
from .roles.state import is_state
from .roles.time import is_time
from .roles.words import w
from .collections import LIST_KEYS, is_meta_key
from .failures import why_failed
from .kinds import WRITE_KINDS
from .trees import unwrap


def related_said_whole(
    tree: dict[str, Any], pick: Picker, related: bool = True, held: bool = False
) -> None:
    """A write's answer: an object member with an identity or a name of its own
    (the resource a long-running operation carries, ``{name, done, metadata, response: {name,
    displayName, state}}``; a related resource beside the answer's own id) of which something
    is kept says which one it is, as any answered resource does (its state alone, or its label
    without its id, names nothing the next call can take): a related resource (an id of its
    own) keeps its identity, and its label when none was kept; an object named only by its
    labels, of which no label was kept, its name and the label beside it. Not a person
    (reduced to a handle or a name by the people rule), a state held as an object (by its
    label), metadata, nor an object only the answer's text was taken through; and a related
    resource only with ``related`` (not on a delete's answer with an id of its own, which
    says which resource went, not what it was related to). ``held``: a delete's answer with
    no id of its own (only ids of what it belonged to), whose parts with an id of their own
    are what went or the operation removing it (``{thingId, status, job: {id, state}}``): each
    keeps its identity even when nothing else of it was kept."""
    for key, sub in tree.items():
        if not isinstance(sub, dict) or is_meta_key(key) or is_noise(key) or is_state(key):
            continue
        if is_person_node(key, sub) or not has_own_identity(sub, w(key)):
            continue
        inside = [p.split(".", 1)[1] for p in pick.chosen if p.startswith(f"{key}.")]
        if not any(not is_content(p.rsplit(".", 1)[-1]) for p in inside) and not (
            held and has_id(sub)
        ):
            continue  # left out, or only a text taken through it (a comment's ``body: {text}``)
        labelled = any(is_label(p) for p in inside)
        if (has_id(sub) and not related) or (labelled and not has_id(sub)):
            continue  # a part named by its label (``business_card: {headline}``): said
        own = [k for k, v in sub.items() if is_leaf(v)]
        wanted = list(identity_fields(sub, w(key))[:1])
        if not any(is_label(p) and p not in wanted for p in inside):  # a label beside the id
            labels = sorted((k for k in own if is_label(k) and k not in wanted), key=label_rank)
            wanted += labels[:1]
        for member in wanted:
            if member in own:  # its own members, not an id found in a list inside it
                pick.add(f"{key}.{member}", "identity", force=True)


def written_key(key: str, kind: str, keys: tuple[str, ...]) -> bool:
    """A member a write's answer keeps although it reads as a secret: the credential a create
    minted (shown once), a credential's masked form (``maskedSecret``: it opens nothing, and
    says which credential the call acted on), or the member a path parameter names (a trigger
    deleted by its ``{token}``: the caller sent it, and it says which one went)."""
    if kind not in WRITE_KINDS:
        return False
    return (kind == "create" and minted(key)) or masked(key) or addressed_by(key, keys)


def set_values(tree: dict[str, Any], pick: Picker, kind: str) -> None:
    """A create's or an update's answer that is one small flat record (``small_record``;
    one nothing names is kept whole above) keeps the values the write set, which a write's
    lean profile takes no slot for (no counts, no flags): its numbers when none of them was
    taken (a sync limit's ``limit``, a size's ``width`` and ``height``; not a measure, what
    a computation gave: an analysis's ``magnitude``); an update its flags too, false ones
    (``disabled: false``: what the subscription was set to; a record just created is news
    only when its flag is true). Not a time, nor noise."""
    numbers = [
        k for k, v in tree.items() if base_type(v) in ("integer", "number") and not is_measure(k, v)
    ]
    taken = any(k in pick.chosen for k in numbers)
    for key, leaf in tree.items():
        if is_time(key, leaf) or is_noise(key):
            continue
        if (key in numbers and not taken) or (kind == "update" and base_type(leaf) == "boolean"):
            pick.add(key, "state", force=True, cost=1)


def job_counts(tree: dict[str, Any], pick: Picker) -> None:
    """A write's answered record that says where it stands (a state) beside two or more
    counts (numbers named ``..._count``: a bulk job's ``total_count``, ``completed_count``,
    ``failed_count``): how much of the work was done and failed is what the call is for, and
    a lean profile takes one count at most. Kept together; not a plural (``members``: a
    figure of the record, not of the work), nor a total (``sub_total``, ``total``: what an
    order came to, an amount)."""
    if not any(is_leaf(v) and is_state(k) for k, v in tree.items()):
        return
    counts = [k for k, v in tree.items() if is_leaf(v) and is_count(k, v) and w(k)[-1] == "count"]
    if len(counts) >= 2:
        for key in counts:
            pick.add(key, "count", force=True, cost=1)


# a list of a write's records these words name holds those it failed on (``failureRecords``)
FAILED_WORDS = frozenset({"failed", "failure", "failures", "error", "errors", "rejected"})


def written_records(
    tree: dict[str, Any], pick: Picker, keys: tuple[str, ...], kind: str = "create"
) -> None:
    """A write's answer nothing identifies, holding several lists of records (``{deleted:
    [{widgetId, name, ...}], failed: [{...}]}``: no one list is its payload, so the body is
    shaped as one object and each list's records get a lean reading, their label and state):
    the records are what the call did, and each keeps the member that identifies it (the one a
    path parameter names first), as the records of a write's one list do; the records of a list
    named as failed (``failureRecords: [{error, record: {Id, Name}}]``) keep why each failed
    beside what names it (``failures.why_failed``). An update's answer (the document as now
    written) names the records of the lists it does not show."""
    lists = [k for k, v in tree.items() if isinstance(v, list) and isinstance(unwrap(v), dict)]
    batch = len(lists) > 1
    for key, sub in tree.items():
        record = unwrap(sub)
        if not isinstance(sub, list) or not isinstance(record, dict) or is_meta_key(key):
            continue
        if not any(p.startswith(f"{key}.") for p in pick.chosen):
            # the list is not shown: its records' names (an alert configuration's
            # ``receivers: [{name, emailConfigs}]``), what the answer holds, are; records
            # said by ids alone stay out (a login's ``staffRoles: [{id}]``)
            labels = [k for k, v in record.items() if is_leaf(v) and is_label(k)]
            if kind == "update" and labels:
                pick.add(f"{key}.{min(labels, key=label_rank)}", "label", force=True)
            continue
        if set(w(key)) & FAILED_WORDS:  # ``failureRecords: [{error, record: {Id}}]``
            inside = [p.split(".", 1)[1] for p in pick.chosen if p.startswith(f"{key}.")]
            for member in why_failed(record, inside):
                pick.add(f"{key}.{member}", "state", force=True)
        idents = identity_fields(record, w(key), keys, written=True)[:1]
        named = any(is_id_name(k) and k in record and is_leaf(record[k]) for k in idents)
        if not has_own_identity(record, w(key)) and not named:
            continue  # (an id named for what each is, not for the list: ``invited:
            # [{email, invite_id}]``, is the records' identity too)
        for ident in idents:
            pick.add(f"{key}.{ident}", "identity", force=True)
            # the service's own id beside the caller's, in a batch's lists (not a list answered
            # alone: its records' second id is a reference, ``category_id``)
            minted = minted_id(record, keys) if batch else None
            if minted and ident != minted:
                pick.add(f"{key}.{minted}", "identity", force=True)


# The names a record of a batch's answer holds the resource it wrote under (``data``,
# ``result``): the payload names of a wrapper, and their singulars.
WRITTEN_PART_NAMES = LIST_KEYS | {"result", "record", "item", "object", "resource", "entry"}


INPUT_POSITION_WORDS = frozenset({"index", "idx"})  # a batch element's position among the inputs


def input_positions(tree: dict[str, Any]) -> list[str]:
    """A batch element's own integer members naming its position among the inputs the call
    sent (``index``, ``requestIndex``): what ties the element to the input it answers."""
    return [
        k
        for k, v in tree.items()
        if is_leaf(v) and base_type(v) == "integer" and w(k)[-1] in INPUT_POSITION_WORDS
    ][:1]


def written_part(tree: dict[str, Any], pick: Picker, keys: tuple[str, ...]) -> None:
    """A write's record (a batch's element) that holds the resource the call wrote in a part
    under a payload name (``{responseType, logID, data: {id, reference, postings, ...}}``,
    ``{status, result: {id, name}}``) beside its own members: that resource is what the record
    reports, and the next call takes its id, not the element's (a lean reading took the
    element's own id and at most a time of the resource): it keeps its identity, and the label
    beside it when none was kept. The element's own position among what the call sent
    (``{index, status, data: {id, ...}}``) comes with it: an element that failed holds no such
    part (``{index, status: "error", error: {message}}``), and its position alone says which
    input failed (``input_positions``).
    Not a person, metadata, nor a part with no identity of its own."""
    for key, sub in tree.items():
        if not isinstance(sub, dict) or norm(key) not in WRITTEN_PART_NAMES:
            continue
        if is_person_node(key, sub) or not has_own_identity(sub):
            continue
        for member in input_positions(tree):
            pick.add(member, "identity", force=True)
        if key in pick.chosen:
            continue  # kept whole
        inside = [p.split(".", 1)[1] for p in pick.chosen if p.startswith(f"{key}.")]
        own = [k for k, v in sub.items() if is_leaf(v)]
        wanted = [k for k in identity_fields(sub, (), keys, written=True)[:1] if k in own]
        labels = sorted((k for k in own if is_label(k) and k not in wanted), key=label_rank)
        if not any(is_label(p) for p in inside):
            wanted += labels[:1]
        for member in wanted:
            pick.add(f"{key}.{member}", "identity", force=True)


COMPUTED = 40  # a computed result's flat parts, kept whole: at most this many members in all


def computed_parts(tree: dict[str, Any], pick: Picker, entity: tuple[str, ...]) -> None:
    """A write's answer identified by nothing of its own, its own scalars only the ids of what
    it was made from (a document's extraction: ``{document_id, document_classification:
    {...}, extracted_data: {...}}``), the rest flat records of scalars: what the call
    computed, each part whole (at most ``COMPUTED`` members in all), not a record's few."""
    if has_own_identity(tree, entity):
        return
    own = [k for k, v in tree.items() if is_leaf(v)]
    parts = [k for k, v in tree.items() if isinstance(unwrap(v), dict)]
    if not own or not parts or not all(is_id_name(k) for k in own):
        return
    if len(own) + len(parts) != len(tree):
        return
    records = [unwrap(tree[k]) for k in parts]
    if not all(r and all(is_leaf(v) for v in r.values()) for r in records):
        return
    if sum(len(r) for r in records) > COMPUTED:
        return
    for key, record in zip(parts, records):
        for member in record:
            if not is_noise(member):
                pick.add(f"{key}.{member}", "content", force=True)
