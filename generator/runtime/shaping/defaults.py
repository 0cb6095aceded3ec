"""Concise default fields: what an agent needs from an object it has not asked about.

The rules work on a field tree (``trees``/``names``: names, JSON types, schema hints) and never
on one API's field names. Each role has its module under ``roles/`` with its rule in the
docstring; this module runs them in order on one object, as the declared table ``STEPS``
(``rules.py``), one row per role (``table.py``: role, candidates, rank, budget slot, fallback,
when it applies):

identity (always) -> label (else primary field, text, link) and locator -> a typed record's
value -> state and another enum -> money and its currency -> content (one resource) -> its own
page -> times -> people -> preview (a list item's text, before the lists inside it) -> lists
inside it -> counts -> flags -> relations and lists of scalars -> other times ->
discriminators and categories -> one resource's page: its one-word facts no role took.

Roles are filled in that order while an estimate of each field's tokens fits the profile's
budget (``picking.py``). Profiles: ``PAGE`` (one resource a read answers: its page,
``pages.py``), ``OBJECT`` (one resource otherwise), ``WRITE`` (what a create, update or delete
answers with) and ``ITEM`` (each item of a list: enough to pick the items worth a closer look);
a container's records are shaped as items (``containers.py``); ``kinds.py`` says what each kind of operation adds (a generation's
content, an acknowledgement whole). Nested *parts* (objects
without an identity of their own: ``attributes``, ``status``, ``spec``) are seen through, one
level, after the object's own fields of the same role.

One object nothing names (no identity, natural key or label) of at most six settings in all,
its own scalars or those of parts nothing names either, keeps them all when a read or a write
answers it (a singleton's ``{expiryType, expiryPeriod: {amount, type}}``; ``settings_fields``).
A flat object of at most three fields is kept whole, also when a field is a series of scalars
(a rating history's ``{name, points: [[y, m, d, r], ...]}``: its name and its data). An object whose one member is an object
(``{data: {...}}``) is a wrapper: what it wraps is read through. In a tagged union (a ``type``
naming the member that holds the content) what is chosen inside one variant member is chosen in
every variant that has the same path, for the price of one (``child_page.title`` and
``child_database.title``): an object holds one variant. Members of one schema side by side
(lists of the same items under ``created``, ``started``, ``finished``) keep the same members.
An object nothing identifies whose members are mostly named lists of scalars (address ranges
per service) keeps all of them, and one resource its tables of figures (ratings per variant).
An object of objects only that nothing identifies and whose
parts gave at most their states (``{domain: {...}, alt_domain: {...}}``) takes each part's own
defaults. The result is deterministic for a given tree (the pipeline may
read a second one from the response itself when the description's defaults break an invariant:
``pipeline.py``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .names import base_type, hint, is_leaf, norm
from .failures import failed_lists
from .outcome_said import flagged_reports, outcome_pairs
from .outcomes import composite_key, composite_parts, link_ids, tallies
from .picking import Field, Picker, Selection
from .roles.content import is_content, is_data_name
from .roles.identity import (
    has_id, has_own_identity, identity_fields, is_id_name, named_for_itself, own_identity_key,
)  # fmt: skip
from .roles.kinds import is_kind
from .roles.label import is_label, label_rank
from .said_by import SMALL, named_by_nothing, said_by_flags, said_by_label
from .roles.links import is_url, renderings
from .roles.noise import is_noise, noise_member
from .roles.people import handle, is_person, is_person_node, nested_handle
from .roles.quantity import is_count, is_money
from .roles.relation import nested_identity
from .roles.state import is_alarm_flag
from .roles.time import says_now
from .roles.words import leaf_keys, w
from .collections import PAGE_WORDS, TOTAL_WORDS, is_meta_key, typed_body
from .containers import container_lists, data_container_lists, group_records
from .kinds import (
    WRITE_KINDS,
    generated_content_paths,
    generated_record_paths,
    is_echoed_input,
    is_production_note,
    profile_for,
)
from .pages import on_page
from .numbered import with_numbered
from .pairs import other_ends, with_counterparts
from .position import with_position
from .settings import settings_page, switches, unnamed
from .write_answers import (
    BARE, SET_KINDS, credential_member, handed_urls, credential_parts, minted_beside_parts,
    minted_in, outcome_record, own_values, person_answered, small_record,
    verdicts, written_lists,
)  # fmt: skip
from .written import (
    computed_parts, job_counts, related_said_whole, set_values, written_key, written_part,
    written_records,
)  # fmt: skip
from .time_steps import who_with_when
from .figures import (
    data_series, figures_page, held_by_ids, is_series, named_lists, own_figures, tables,
)  # fmt: skip
from .siblings import (
    every_variant, parts_alike, related_as_listed, same_schema_siblings, variant_tag,
)  # fmt: skip
from .table import Step
from .rules import STEPS
from .trees import field_tree_from_value, node_at, unwrap

__all__ = [
    "LABEL_ARRAYS",
    "STEPS",
    "Step",
    "choose_default_fields",
    "field_tree_from_value",
    "identity_fields",
    "has_own_identity",
    "is_alarm_flag",
    "is_content",
    "is_count",
    "is_id_name",
    "is_kind",
    "is_label",
    "is_money",
    "is_person",
    "is_url",
    "label_rank",
    "nested_identity",
    "norm",
    "own_identity_key",
    "settings_fields",
]

# Arrays kept by name in GraphQL trees (loaders/graphql_tree.py): a list of labels or people.
LABEL_ARRAYS = ("labels", "assignees", "tags", "topics", "categories", "reviewers",
                "requestedreviewers")  # fmt: skip


def _embedded(sub: Any) -> bool:
    """A member that holds other resources under a reserved name (HAL ``_embedded``: lists of
    objects, or objects with an identity), not links (``_links``: ``{self: {href}}``)."""
    return isinstance(sub, dict) and any(
        isinstance(unwrap(v), dict) and (isinstance(v, list) or has_own_identity(v))
        for v in sub.values()
    )


# The members a page of a list carries beside the list: counts, positions, cursors, links.
PAGING_WORDS = PAGE_WORDS | TOTAL_WORDS | frozenset(
    {"prev", "href", "url", "link", "size", "start", "end", "after", "before", "info", "first",
     "last"}
)  # fmt: skip


def _wrapped_list(sub: dict[str, Any]) -> str | None:
    """The key of the one list of objects a member wraps with paging members only (a page
    object ``{items: [...], total, next}``, a GraphQL connection ``{nodes: [...], totalCount,
    pageInfo}``): that list belongs to the object (a playlist's tracks, an issue's labels). A
    part with other members (``spec: {nodeName, containers: [...]}``) is not a page."""
    arrays = [k for k, v in sub.items() if isinstance(v, list) and isinstance(unwrap(v), dict)]
    if len(arrays) != 1:
        return None
    others = [k for k in sub if k != arrays[0]]
    return arrays[0] if all(w(k)[-1] in PAGING_WORDS for k in others) else None


BODY_LEAVES = 3  # a part holding at least this many values can be the object's body


def body_part(tree: dict[str, Any]) -> str | None:
    """The one part holding what an object says when the object itself says only what it is
    (JSON:API's ``{id, type, attributes: {...}, relationships: {...}}``): an id and its kind
    beside it, nothing else of its own, and one part of scalars with no id of its own (a
    name, an account number: what the object is called), at least ``BODY_LEAVES`` of them;
    its other parts (if any) hold no scalars of their own (relationships' ``{patient: {data:
    {id}}}``) or are metadata. Beside an id and a kind (``type: "findings"``) the body may
    hold an id of its own too (a finding's ``uid`` at its source, or the id restated): the
    kind says the object is a typed resource whose part is what it says, not another object
    (``{Identifier, Object: {Id, Name}}`` has no kind). Its members are the object's own: its
    figures and times are read as the object's, not as a part's (which gives few of them).
    Not a Kubernetes object (``{apiVersion, kind, metadata, spec, status}``): no id of its
    own beside them. A typed object with no id yet (``{type, attributes, relationships}`` of a
    create) is read so too (``collections.typed_body``)."""
    own = own_values(tree)
    if not all(own_identity_key(k) or is_kind(k) or hint(tree[k]) == "const" for k in own):
        return None
    typed = any(  # the object's own kind (``type``), not another member's (``IdentifierType``)
        (is_kind(k) and len(w(k)) == 1) or hint(tree[k]) == "const"
        for k in own
        if not own_identity_key(k)
    )
    if not any(own_identity_key(k) for k in own):  # a typed resource not yet given an id
        found = [k for k in tree if typed_body(tree, k)]  # (a create's answer), else none
        return found[0] if len(found) == 1 else None
    parts = [
        k
        for k, v in tree.items()
        if isinstance(v, dict) and not is_noise(k) and not is_meta_key(k)
        and any(is_leaf(x) for x in v.values())
    ]  # fmt: skip
    if len(parts) != 1:
        return None
    body = tree[parts[0]]
    if not typed and any(own_identity_key(x) for x in leaf_keys(body)):
        return None  # an object beside an identifier (``{Identifier, Object: {Id, ...}}``)
    return parts[0] if sum(is_leaf(x) for x in body.values()) >= BODY_LEAVES else None


def _fields(tree: dict[str, Any], parts: bool) -> list[Field]:
    """The object's own members, then the members of its parts (see module doc). Resources
    embedded under a reserved name (HAL ``_embedded``) count as its own members."""
    out = [Field(k, k, v, False) for k, v in tree.items()]
    for key, sub in tree.items():
        if key.startswith("_") and _embedded(sub):
            out.extend(Field(f"{key}.{k}", k, v, False) for k, v in sub.items())
        elif isinstance(sub, dict) and not key.startswith("_"):
            inner = _wrapped_list(sub)  # a page of a list inside it: the list is its own
            if inner is not None:
                out.append(Field(f"{key}.{inner}", inner, sub[inner], False))
    if not parts:
        return out
    own = has_own_identity(tree)
    for key, sub in tree.items():
        node = sub if isinstance(sub, dict) else None
        if node is None or is_person_node(key, node) or is_noise(key):
            continue
        if own and has_id(node):
            continue  # a relation, reduced as a whole
        out.extend(Field(f"{key}.{k}", k, v, True) for k, v in node.items())
    return out


def choose_default_fields(field_tree: Any, **options: Any) -> tuple[str, ...]:
    """``_chosen`` (the record's defaults), then what the answer says of how the call went
    beside them (``outcome_said``: an outcome's code and message, an error flag's reports);
    not for a listed item nor a part."""
    chosen = _chosen(field_tree, **options)
    tree = unwrap(field_tree)
    if options.get("item") or options.get("part") or not isinstance(tree, dict):
        return chosen
    write = options.get("kind", "read") in WRITE_KINDS
    added = outcome_pairs(tree, chosen, write) + flagged_reports(tree, chosen)
    return chosen + tuple(dict.fromkeys(p for p in added if p not in chosen))


def _chosen(
    field_tree: Any,
    *,
    item: bool = False,
    kind: str = "read",
    entity: tuple[str, ...] = (),
    keys: tuple[str, ...] = (),
    listed: bool | None = None,
    shared: tuple[str, ...] = (),
    everywhere: tuple[str, ...] = (),
    part: bool = False,
    groups: bool = False,
) -> tuple[str, ...]:
    """The concise default selection for an object tree (module doc): ``item=True`` for the
    items of a list response; ``kind``: what the operation does (``kinds.py``); ``listed``:
    whether the rules that keep a list's item lean apply (by default to an item of a read or a
    search; not to a write's record, nor to its parts, which are chosen as a read's are);
    ``shared``, ``everywhere``: the object is one of a union's variants and these are the
    members most of its variants share, and all of them (``_shared_first``); ``part``: the
    tree is a part of the object chosen on (``_add_from_children``), not the object itself;
    ``groups``: the tree is an item of the list a read or a search answers (not a list's
    element inside one), whose records a group holds (``containers.group_records``)."""
    listed = item and kind not in WRITE_KINDS if listed is None else listed
    profile = profile_for(kind, item)
    tree = unwrap(field_tree)
    if not isinstance(tree, dict) or not tree:
        return ()
    if kind == "acknowledge" and len(tree) <= BARE and all(is_leaf(v) for v in tree.values()):
        return tuple(tree)  # a bare status: all of it, one line
    now = kind in WRITE_KINDS  # a write's times that say when the call happened: left out
    if now and (composite := composite_key(tree)):
        return tuple(composite)  # a relation tuple: identified by all its members together
    counted = tallies(tree)  # ``deleted`` beside ``total``: how many, not when
    if now and not item and counted and len(tree) > BARE:  # what a delete by a filter did:
        # how many of how many, and the values it lists (not how long it took, nor its retries)
        tallied = Picker(profile)
        for tally in counted:
            tallied.add(tally, "count", force=True)
        written_lists(tree, tallied)
        for path in failed_lists(tree, keys):  # and the records it failed on, and why
            tallied.add(path, "state", force=True)
        return tuple(tallied.chosen)
    said = all(is_leaf(v) or is_series(v) for v in tree.values())
    if kind in WRITE_KINDS and not item and len(tree) <= BARE and said and unnamed(tree):
        # a write that answers a few settings, nothing identifying them (an account's mail
        # settings after a PUT), or a few figures and lists of values (a sync's ``{scanned,
        # matched, skipped, errors: [...]}``): the settings as they now are, what it did,
        # all of them
        kept = tuple(
            k
            for k in tree
            if (not noise_member(k, tree[k]) or written_key(k, kind, keys))
            and (k in counted or not says_now(k, tree[k]))
        )
        if all(base_type(tree[k]) == "boolean" for k in kept):  # ``{protected: true,
            # updated_at}``: a flag alone says no more than that a call was made; the time it
            # was set says when the setting took hold
            kept = tuple(
                k for k in tree if not noise_member(k, tree[k]) or written_key(k, kind, keys)
            )
        return kept or tuple(tree)
    if not item and kind != "delete" and (settings := settings_fields(tree)):
        return settings
    if not item and kind == "read" and (page := settings_page(tree, BARE)):
        return page  # a page of settings: what the read answers
    if len(tree) <= SMALL and all(is_leaf(v) or is_series(v) for v in tree.values()):
        made = kind == "create" and item and groups  # one of the records a create answered
        kept = tuple(  # nothing worth leaving out (a create's minted credential is kept)
            k
            for k in tree
            if (
                not noise_member(k, tree[k])
                or (not item and written_key(k, kind, keys))
                or (made and minted_in(k, tree[k], entity))
            )
            and not (now and says_now(k, tree[k]) and k not in counted)
        )
        return kept or tuple(tree)  # but its secrets, hashes and avatars
    if (body := body_part(tree)) is not None:  # ``{id, type, attributes: {...}}``
        # its members as the object's; one named as one of the object's by both names
        # (``attributes.type``, the account's type beside the resource's: ``attributes_type``)
        flat = {k: v for k, v in tree.items() if k != body}
        real = {k: k for k in flat}
        for k, v in tree[body].items():
            name = f"{body}_{k}" if k in tree and k != body else k
            flat[name], real[name] = v, f"{body}.{k}"
        chosen = choose_default_fields(
            flat, item=item, kind=kind, entity=entity, keys=keys, listed=listed,
            shared=shared, everywhere=everywhere,
        )  # fmt: skip
        read = tuple(".".join((real[p.split(".")[0]], *p.split(".")[1:])) for p in chosen)
        own = [f"{body}.{k}" for k in leaf_keys(tree[body]) if own_identity_key(k)]
        return read + tuple(p for p in own if p not in read)  # its own id too (``uid``)
    ((key, only),) = tree.items() if len(tree) == 1 else ((None, None),)
    if key is not None and isinstance(only, dict) and not is_person(key):  # ``{data: {...}}``
        inner = choose_default_fields(
            only, item=item, kind=kind, entity=w(key), keys=keys, listed=listed
        )
        return tuple(f"{key}.{p}" for p in inner)  # a wrapper: what it wraps, read through
    sel = _selection(tree, Picker(profile), item, kind, entity, keys, listed, groups, part)
    _shared_first(sel, shared, everywhere)
    who_with_when(sel)  # a part's time comes with who (``last_message.author``)
    container_lists(
        sel,
        lambda e: choose_default_fields(e, item=True, kind=kind),
        lambda e, key: choose_default_fields(e, kind=kind, entity=w(key)),
    )
    data_container_lists(
        sel,
        lambda e: choose_default_fields(e, item=True, kind=kind),
        lambda key: is_data_name(key, entity),
    )
    pick = sel.pick
    # objects only, nothing identifies the whole and its parts gave at most their states
    # (``{domain: {...}, alt_domain: {...}}``): what each of them is, by its own defaults
    # (a constant discriminator beside them says nothing: ``{object: "group.role", group,
    # role}``)
    objects_only = any(isinstance(v, dict) for v in tree.values()) and all(
        isinstance(v, dict) or hint(v) == "const" for v in tree.values()
    )
    # or resources side by side (a file and the commit that wrote it): each by its own defaults
    peers = objects_only and sum(has_own_identity(v, w(k)) for k, v in tree.items()) >= 2
    # or a write's answer of parts only, nothing identifying it or them, whose picks came
    # from fewer parts than it has (a computation's result and an overview of what it did):
    # what the call produced is spread over them, each by its own defaults
    spread = objects_only and kind in WRITE_KINDS and not item and _one_sided(tree, pick)
    if not pick.chosen or (objects_only and set(pick.roles) <= {"state"}) or peers or spread:
        pick = Picker(profile)
        _add_from_children(tree, pick, item, kind if peers or spread else "read", peers, listed)
    elif item and all(base_type(node_at(tree, p)) == "boolean" for p in pick.chosen):
        # a list's item said by a flag alone (``{archived, bubbled: {latest_message: {...}}}``):
        # a flag tells no item from another; what its parts say, by their own defaults
        _add_from_children(tree, pick, item, "read", listed=listed)
    reserved_document(tree, pick, item, kind)  # a hit's ``_source``
    if groups and item and kind in ("read", "search"):  # a trace's spans inside groups
        group_records(
            tree, pick, lambda e: choose_default_fields(e, item=True, kind=kind, groups=True)
        )
    if any(hint(v) == "tag" for v in tree.values()):
        every_variant(tree, pick)
    own_figures(tree, pick)  # ``{country: {...}, taxClass: {...}, rate}``: the rate
    if (itself := named_for_itself(tree, entity)) is not None:  # a quote's ``quote``
        pick.add(itself, "label", force=True)
    if now:  # a part that is a tuple identified by all its members: all of them
        for path in composite_parts(tree):
            pick.add(path, "identity", force=True)
    if kind in SET_KINDS and not item and small_record(tree):
        set_values(tree, pick, kind)  # ``{key, namespace, limit}``: the limit it set
    if kind in WRITE_KINDS and not item:
        job_counts(tree, pick)  # ``{status, total_count, completed_count, failed_count}``
    if kind == "create" and not item:  # the address it made for the caller's upload
        for key in handed_urls(tree):
            pick.add(key, "url", force=True)
    if kind in WRITE_KINDS or item:  # a link (a write's, a list's): the ids of all it links
        for key in link_ids(tree, entity):
            pick.add(key, "identity", force=True)
    if kind in WRITE_KINDS and not item:  # ``response: {state}`` -> its name, label, state
        # a delete's answer with an id of its own says which one went; with none (only
        # ids of what it belonged to: ``{accountId, item: {id, title}}``), its part is it
        held = kind == "delete" and not has_id(tree)
        related_said_whole(tree, pick, related=kind != "delete" or held, held=held)
    if not item:  # a list's item stays lean: its parts are not made alike inside
        parts_alike(tree, pick)
    same_schema_siblings(tree, pick, written=kind in WRITE_KINDS and not item)
    named_lists(tree, pick, listed)
    if listed:
        held_by_ids(tree, pick)
    data_series(tree, pick)
    if not item:
        tables(tree, pick, read=kind not in WRITE_KINDS)
    if on_page(item, kind) and kind == "read":
        figures_page(tree, pick)  # a ticker: its figures, all of them
    if on_page(item, kind) and not is_person_node("_".join(entity), tree):
        related_as_listed(
            tree, pick, lambda e, key: choose_default_fields(e, item=True, kind=kind, entity=w(key))
        )  # a person's page: said by its handle (people)
        parts_alike(tree, pick)  # and the parts' listed members, now in, made alike
    if kind in ("create", "update") and not item:
        computed_parts(tree, pick, entity)  # ``{document_id, extracted_data: {...}}``
    if kind in WRITE_KINDS and not item and unnamed(tree):
        outcome_record(tree, pick)  # ``{result: {deleted: true}, return_code, return_message}``
        written_lists(tree, pick)  # ``{status, message, ids: [...], failed: [...]}``
        written_records(tree, pick, keys, kind)  # ``{deleted: [{...}], failed: [{...}]}``
        _records_in_part(tree, pick, kind, keys)  # ``{match, results: {failed, objects}}``
    if kind == "acknowledge" and not item and unnamed(tree):
        written_lists(tree, pick)  # ``{message, data: {affected_items: ["001"]}}``: whom it did
    if kind == "read" and not item:  # a configuration: what is on and what is off
        for path in switches(tree, entity):
            pick.add(path, "state", force=True)
    if kind == "read" and not item and unnamed({k: v for k, v in tree.items() if is_leaf(v)}):
        written_lists(tree, pick, own=True)  # ``{schedule: {...}, ids: [...]}``: the answer
    if kind in WRITE_KINDS and item:
        written_part(tree, pick, keys)  # ``[{responseType, logID, data: {id, ...}}]``
    if kind in WRITE_KINDS and not item:
        credential_parts(tree, pick)  # ``{actionData: {clientSecret}}``: what to go on with
        person_answered(tree, pick)  # ``{user: {...}, isValid, errors}``: that user
        verdicts(tree, pick)  # ... and whether the token was valid
    if kind == "create" and not item:  # the credential a create minted: shown once
        for key, sub in tree.items():
            if minted_in(key, sub, entity):
                pick.add(key, "identity", force=True)
            for member in minted_beside_parts(sub, keys):  # ``{clientCert: {certInfo,
                pick.add(f"{key}.{member}", "identity", force=True)  # certPrivateKey}}``
    elif kind == "create" and item and groups:  # the records a create answered as a list
        # (``[{token, expiration, cidr}]`` of new host tokens): each one's minted credential,
        # shown once as a single record's is
        for key, sub in tree.items():
            if minted_in(key, sub, entity):
                pick.add(key, "identity", force=True)
    elif kind in WRITE_KINDS and not item and unnamed(tree):  # a session a verify or a
        # refresh handed over (``{access_token, refresh_token, expires_in, user: {...}}``):
        # nothing names the answer, so its credentials are what the call made, not a
        # record's secrets carried along (``{id, url, secret}`` of a webhook updated)
        for key, sub in tree.items():
            if credential_member(key, sub):
                pick.add(key, "identity", force=True)
    if kind == "generate":  # the content produced for the caller, however deep; a list's
        # item that is a record (an entity by its name), not an alternative: its own text only
        lists = 0 if item and not unnamed(tree) else None
        for path in generated_content_paths(tree, lists=lists, reasoned=True):
            pick.add(path, "content", force=True)
        for path in generated_record_paths(tree, item, pick.chosen):  # what tells its
            pick.add(path, "state", force=True)  # records apart: type, score, own members
        if not item:  # not how it was produced (its model, version, usage), nor its input
            return tuple(p for p in pick.chosen if not _beside_produced(p.split(".")[0]))
    written = item and kind in WRITE_KINDS and not listed  # a write's listed record, too:
    # one that said only flags (settings rules answered by an update: ``{requireReviewOn,
    # projects: [...], environments: [...]}`` kept ``requireReviewOn`` alone)
    if not part and (
        (
            listed
            and (
                named_by_nothing(tree, pick, entity, keys)
                or said_by_flags(tree, pick, entity, keys)
                or said_by_label(tree, pick, entity)
            )
        )
        or (written and said_by_flags(tree, pick, entity, keys))
    ):
        # a list's record that nothing names (no id, key, label, state or time: a geocoder's
        # ``{formatted, geometry, confidence, bounds}``) kept only the scalar standing in for
        # its identity: what it holds is its data, chosen as one record's (its coordinates)
        whole = choose_default_fields(
            field_tree, kind=kind, entity=entity, keys=keys, listed=False,
            shared=shared, everywhere=everywhere,
        )  # fmt: skip
        return tuple(pick.chosen) + tuple(p for p in whole if p not in pick.chosen)
    for path in tree_links(tree):  # a node of a tree: its parent, the whole it is part of
        pick.add(path, "relation", force=True)
    for path in other_ends(tree, pick.chosen):  # a link between two things: both of them
        pick.add(path, "relation", force=True)
    if kind not in WRITE_KINDS:  # a marker, a station, a place read: where it is (a
        # search's hit only when nothing else names it); one end of a pair: the other (a
        # span's start: its end; a range's top: its bottom)
        named = kind == "search" and item and any(is_label(k) for k in leaf_keys(tree))
        chosen = tuple(pick.chosen) if named else with_position(tuple(pick.chosen), tree)
        return with_numbered(with_counterparts(chosen, tree), tree)  # a series: all of it
    return with_numbered(with_counterparts(tuple(pick.chosen), tree), tree)


def _reserved_document_key(tree: dict[str, Any]) -> str | None:
    """The one member under a reserved name (``_source``) that holds the object's document, in
    an envelope of reserved members (a search engine's hit: ``{_id, _score, _source: {...}}``):
    an object or a free-form value, not metadata (``_links``, ``_meta``) nor embedded
    resources (``_embedded``), beside at least one other reserved member and no label or text
    among the object's other scalars. Reserved names are otherwise noise (``is_noise``)."""
    reserved = [k for k in tree if k.startswith("_")]
    docs = [
        k for k in reserved
        if (isinstance(tree[k], dict) and tree[k]) or (is_leaf(tree[k]) and base_type(tree[k]) == "any")
    ]  # fmt: skip
    docs = [k for k in docs if not is_meta_key(k) and not _embedded(tree[k])]
    if len(docs) != 1 or len(reserved) < 2:
        return None
    words_of_its_own = any(
        is_label(k) or is_content(k) for k, v in tree.items() if is_leaf(v) and k not in reserved
    )
    return None if words_of_its_own else docs[0]


def reserved_document(tree: dict[str, Any], pick: Picker, item: bool, kind: str) -> None:
    """The document a reserved member holds (``_reserved_document_key``) is what the object
    says: kept whole when the description leaves it free-form, else by its own defaults (a
    list's item's when the object is one)."""
    key = _reserved_document_key(tree)
    if key is None:
        return
    node = tree[key]
    if not isinstance(node, dict):
        pick.add(key, "content", force=True)
        return
    for path in choose_default_fields(node, item=item, kind=kind, part=True):
        pick.add(f"{key}.{path}", "content", force=True)


# what the whole a tree's node belongs to is called (a span's trace, a message's thread)
WHOLE_WORDS = frozenset({"trace", "thread", "root", "tree"})


def tree_links(tree: dict[str, Any]) -> tuple[str, ...]:
    """A node of a tree inside a whole: an object whose parent is named by the object's own
    identity (``parentSpanId`` beside ``spanId``, ``parent_id`` beside ``id``) beside the id of
    the whole it belongs to (``traceId``, ``thread_id``, ``root_id``) keeps both: without them
    a list of its nodes loses its shape. A parent link with no whole (a category's parent) is
    left to the other rules. (Such ids are otherwise another thing's, left out of a list's
    items: ``roles/label.NOT_OWN``.)"""
    own = {w(k): k for k, v in tree.items() if is_leaf(v) and is_id_name(k)}
    parents = [k for ws, k in own.items() if len(ws) > 1 and ws[0] == "parent" and ws[1:] in own]
    if not parents:
        return ()
    wholes = [k for ws, k in own.items() if len(ws) == 2 and ws[0] in WHOLE_WORDS]
    return tuple(parents + wholes) if wholes else ()


def _selection(
    tree: dict[str, Any],
    pick: Picker,
    item: bool,
    kind: str,
    entity: tuple[str, ...],
    keys: tuple[str, ...],
    listed: bool,
    answered: bool = False,
    part: bool = False,
) -> Selection:
    """The candidates of the object ``tree`` for the rules (``STEPS``), chosen into ``pick``."""
    fields = [f for f in _fields(tree, pick.profile.parts) if not noise_member(f.key, f.node)]
    fields = _without_renderings(fields)
    leaves = [f for f in fields if is_leaf(f.node)]
    return Selection(
        tree=tree,
        profile=pick.profile,
        item=item,
        kind=kind,
        fields=fields,
        pick=pick,
        choose_item=lambda element: choose_default_fields(
            element, item=True, listed=kind not in WRITE_KINDS
        ),
        entity=entity,
        keys=keys,
        leaves=leaves,
        objects=[f for f in fields if isinstance(f.node, dict)],
        arrays=[f for f in fields if isinstance(f.node, list)],
        own_leaves=[f for f in leaves if not f.part],  # parts give identity, label, state, time
        listed=listed,
        answered=answered,
        part=part,
    )


def _without_renderings(fields: list[Field]) -> list[Field]:
    """Not a member that renders another beside it for a page (``roles/links.py``)."""
    holders: dict[str, list[str]] = {}
    for f in fields:
        holders.setdefault(f.path.rpartition(".")[0], []).append(f.key)
    dropped = {h: renderings(keys) for h, keys in holders.items()}
    return [f for f in fields if f.key not in dropped[f.path.rpartition(".")[0]]]


# What every item of a union says, chosen first among the members its variants share.
SHARED_ROLES = ("identity", "state", "time", "people", "kinds")


def _shared_first(sel: Selection, shared: tuple[str, ...], everywhere: tuple[str, ...]) -> None:
    """Run the rules (``STEPS``) on the object. One of a union's variants (a timeline's
    events: a label added, a commit, a comment; ``shared`` names the members most variants
    have, ``everywhere`` those all have) first takes, among the members the variants share,
    what every item says (``SHARED_ROLES``: its identity, state, time, who did it, its kind)
    and its *tag*: a string every variant has that no role reads (``event``), which says
    which variant it is. Then the rules run on the whole object with the budget left, each
    row taking what its slot still allows: a member only some variants have (the label added,
    the commit's message) comes after what every item says, not in its place."""
    common = {k: v for k, v in sel.tree.items() if k in shared}
    if not common or len(common) == len(sel.tree):
        for step in STEPS:
            step.run(sel)
        return
    base = _selection(common, sel.pick, sel.item, sel.kind, sel.entity, sel.keys, sel.listed)
    taken = [
        replace(step, fallback=()).run(base) if step.role in SHARED_ROLES else 0 for step in STEPS
    ]  # no fallback: the whole object's rows may still find what the shared part lacks
    for key in everywhere:
        if key in common and variant_tag(key, common[key]):
            sel.pick.add(key, "kind", force=True)
    for step, took in zip(STEPS, taken):
        left = step.limit(sel.profile) - took
        if left > 0:
            replace(step, slot=left).run(sel)


def _records_in_part(tree: dict[str, Any], pick: Picker, kind: str, keys: tuple[str, ...]) -> None:
    """A write's answer nothing identifies, with no list of records of its own, whose part
    nothing identifies holds the call's records (a batch delete's ``{match: {...}, output,
    results: {matches, successful, failed, objects: [{id, status, errors}]}}``: the request
    it ran echoed beside what it did): no one member is the payload (two parts), and a lean
    profile took none of the records. That part is the outcome: its records keep their
    identity and a write's record's defaults (their state), and its own counts (at most
    ``BARE`` flat members, not noise); not a part of which something was kept, metadata, a
    person, or a part whose records have no identity of their own."""
    if any(isinstance(v, list) and isinstance(unwrap(v), dict) for v in tree.values()):
        return  # lists of its own: ``written_records``
    for key, sub in tree.items():
        if not isinstance(sub, dict) or is_noise(key) or is_meta_key(key) or is_person(key):
            continue
        if not unnamed(sub) or any(p == key or p.startswith(f"{key}.") for p in pick.chosen):
            continue
        lists = [
            k
            for k, v in sub.items()
            if isinstance(v, list) and isinstance(unwrap(v), dict) and not is_meta_key(k)
        ]
        if len(lists) != 1:
            continue
        name = lists[0]
        record = unwrap(sub[name])
        if not has_own_identity(record, w(name)):
            continue
        ident = identity_fields(record, w(name), keys, written=True)[:1]
        chosen = choose_default_fields(record, item=True, kind=kind)
        for path in (*ident, *(p for p in chosen if p not in ident)):
            pick.add(f"{key}.{name}.{path}", "identity", force=True)
        flat = [k for k, v in sub.items() if is_leaf(v) and not is_noise(k)]
        for member in flat[:BARE]:
            pick.add(f"{key}.{member}", "state", force=True)
        return


def settings_fields(tree: dict[str, Any]) -> tuple[str, ...]:
    """One object nothing names, of at most ``BARE`` settings in all, its own scalars or
    those of parts nothing names either (a singleton's ``{expiryType, expiryPeriod: {amount,
    type}}``): all of them; nothing when the object is any other or holds noise."""
    if not unnamed(tree):
        return ()
    paths: list[str] = []
    restated = renderings(list(tree))  # a value written for a page beside it: not twice
    for key, value in tree.items():
        if is_leaf(value):
            paths += [key] if key not in restated else []
        elif isinstance(value, dict) and value and unnamed(value):
            if not all(is_leaf(v) for v in value.values()):
                return ()
            inner = renderings(list(value))
            paths.extend(f"{key}.{k}" for k in value if k not in inner)
        else:
            return ()
    if len(paths) > BARE or any(is_noise(p.rsplit(".", 1)[-1]) for p in paths):
        return ()  # many, or some are noise (a hash, a secret): the usual rules choose
    return tuple(paths)


def _beside_produced(key: str) -> bool:
    """A member of a generation's answer that says how it was produced or what the caller
    sent (``kinds.is_production_note``, ``kinds.is_echoed_input``), not what it produced."""
    return is_production_note(key) or is_echoed_input(key)


def _one_sided(tree: dict[str, Any], pick: Picker) -> bool:
    """Parts only (``objects_only``), none of them nor the whole identified, and the picks
    taken from fewer of them than hold values: a write's answer spread over its parts."""
    if (
        len(tree) < 2
        or has_own_identity(tree)
        or any(has_own_identity(v, w(k)) for k, v in tree.items())
    ):
        return False
    taken = {path.split(".", 1)[0] for path in pick.chosen}
    return len(taken) < sum(isinstance(v, dict) for v in tree.values())


def _add_from_children(
    tree: dict[str, Any],
    pick: Picker,
    item: bool,
    kind: str,
    peers: bool = False,
    listed: bool = False,
) -> None:
    """A tree with objects only (GraphQL ``{"data": {...}}``): defaults of each child object.
    Resources side by side (``peers``) each by the operation's kind; a person among them (a
    membership's ``member``) also by who it is, its handle or name however deep its parts hold
    it (``persona.identity.username``): a write's lean profile takes no relations."""
    for key, sub in tree.items():
        inner = unwrap(sub)
        if isinstance(inner, dict):
            chosen = choose_default_fields(
                inner, item=item, kind=kind, entity=w(key), listed=listed, part=True
            )
            for path in chosen:
                pick.add(f"{key}.{path}", "relation", force=True)
            if peers and is_person(key) and handle(inner) is None:
                for path in nested_handle(inner)[:1]:
                    pick.add(f"{key}.{path}", "person", force=True)
