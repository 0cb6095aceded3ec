"""The one decision: an operation's default fields and identity, from one context.

Every place that chooses default fields calls ``decide`` with the same inputs: the generator
once per operation after the overlay is applied (``generator/decisions.py``), and the server
when it reads the defaults again from a response that broke an invariant (``repair.py``) or
from an undescribed response, and when a filter does not apply (``output.py``, which then
shapes with the defaults). What it decides from:

- the field tree of one object (a list's item, an envelope's resource, or the body); a map
  of records in it (``{"*": sub}``, ``trees.py``) is chosen on as a list of them, and the
  paths read through its entries (``audits.*.score``);
- ``kind``: what the operation does (``kinds.py``), and ``item``: whether the object is a
  list's item;
- the ``DefaultsContext``, carried in the IR and in ``spec.json`` beside the tree:
  ``entity``, the words of the object's type (its schema name: ``Repository`` ->
  ``repository``; ``run_number`` is named after a workflow *run*); ``keys``, the path
  parameters that address one such object in the operation's own path or a sibling's
  (``/things/{thing_sid}`` beside ``/things``; ``loaders/addresses.py``); for GraphQL
  (``graphql``), that nested connections are no defaults (each costs a paged sub-query; lists
  of labels or people are, ``LABEL_ARRAYS``) and a mutation payload is an envelope around
  the resource it changed; ``union``, that the object is an interface's or a union's member,
  so ``__typename`` comes first, with ``members``, the members' identity and label fields
  (``... on User { login }``); ``one``, that the operation's path names one object
  (``/things/{id}``): a read of it keeps its page (``pages.py``), also when the API wraps
  it in a list (``{Things: [{...}]}``); ``shared``, that the object is a list's item whose
  schema is a union of variants (``oneOf``/``anyOf``: a timeline's events), and the members
  most of them share (``loaders/response_shape.shared_members``), with ``everywhere`` those
  all of them have: what every item says is chosen among them first; ``expandable``, the
  object's members described as either an id string or the whole object (Stripe's
  ``default_price``), or as a list of such, also a level down (``price.product``, dotted),
  which the API sends as the id unless asked to expand them: the defaults read each as the
  related object by what names it (its id, label, handle), and spend nothing on its other
  members; ``variants``, the members below the object that are a union of object variants
  (a notification's ``subject``), each with what names each variant: kept by one variant's
  name, such a member is kept by every variant's (``_every_variant_named``); ``about``, the
  names the operation's path ends with (``/s1/sentiment`` -> ``sentiment``): a scalar member
  (or a list of scalars) of one object named so is what the call is for, a computed score or
  a balance, and is always kept (``_named_by_path``); ``sent``, the members of a mutation's
  payload that answer back an input field of the same name (Relay's ``clientMutationId``):
  the caller's own value, neither a default nor the identity.

The rules themselves are the declared steps of ``rules.py`` (``STEPS``), one role each;
what they chose keeps each compound value whole (``compounds.py``: ``{seconds, nanos}``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .beside import records_beside
from .called import called_members
from .collections import find_payload
from .failures import named_as_report, why_failed, write_reports
from .compounds import whole_compounds
from .edges import edge_member
from .roles.identity import listed_own_id, named_for_itself
from .defaults import LABEL_ARRAYS, choose_default_fields, identity_fields, is_label
from .defaults import settings_fields
from .kinds import WRITE_KINDS
from .pages import PAGE_KINDS, one_resource
from .pairs import with_counterparts
from .names import base_type, is_leaf, norm, words
from .roles.people import handle
from .trees import EVERY_KEY, is_map, map_entries, maps_as_lists, through_maps, unwrap


def named_by_list(
    entity: tuple[str, ...], listed: tuple[str, ...], path: tuple[Any, ...] | None
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``entity`` and ``listed`` of the items of a list found at ``path``: an item of no named
    entity is what its list is named (``quotes``: each is a quote, its ``quote`` what it is);
    one whose type has another name keeps it, and the list's name, when none is known yet, is
    what it is listed as (``namespaces`` of ``NamespaceInfo`` items). The loader reads the
    description's lists by it, the runtime a response's (``DefaultsContext.listed_at``)."""
    if not path or not isinstance(path[-1], str):
        return entity, listed
    named = tuple(words(path[-1]))
    if not entity:
        return named, listed
    return entity, listed if listed or named == entity else named


@dataclass(frozen=True)
class DefaultsContext:
    """What the defaults are chosen from besides the tree (module doc)."""

    entity: tuple[str, ...] = ()
    keys: tuple[str, ...] = ()
    graphql: bool = False
    union: bool = False
    members: tuple[str, ...] = ()
    one: bool = False  # the operation's path names one object (``pages.py``)
    shared: tuple[str, ...] = ()  # a union's item: the members most of its variants share
    everywhere: tuple[str, ...] = ()  # ... and those all of them have
    expandable: tuple[str, ...] = ()  # members sent as an id unless expanded into the object
    # members below the object that are a union of variants, each with what names each variant
    variants: tuple[tuple[str, tuple[str, ...]], ...] = ()
    about: tuple[str, ...] = ()  # the normalised names the operation's path ends with
    # members of a mutation's payload that answer back what the caller sent (an input field of
    # the same name: Relay's ``clientMutationId``), or the settings a generation answers back
    # (``loaders/echoes.py``); no defaults, no identity (``_seen``)
    sent: tuple[str, ...] = ()
    # the parameter the path ends with when the answer is a list at one object's address
    # (``/holds/{hold_token}`` answering a hold around its ``events``): it names a member of
    # the list's wrapper, the object addressed, not of its items (``credentials.py``)
    own: str = ""
    # the names of what a list's request sends (its query parameters and body members):
    # a list's wrapper answering them back echoes the caller's own values (``payload.echoed``)
    asked: tuple[str, ...] = ()
    # the words of the name of the list the items are read from, when their entity is their
    # type's other name (``namespaces`` of ``namespace_info`` items): what each item is may be
    # named for the list (``namespace``; ``_fields``)
    listed: tuple[str, ...] = ()
    # the words of the operation's name its members are named with (``salary`` of
    # ``...WDfsSalaries``): what the call is for, kept (``called.py``)
    called: tuple[str, ...] = ()

    def listed_at(self, path: tuple[str, ...] | None) -> DefaultsContext:
        """The context of the items of a list found at ``path`` in a response the description
        gave no item type for (``named_by_list``)."""
        entity, listed = named_by_list(self.entity, self.listed, path)
        return replace(self, entity=entity, listed=listed)

    def to_json(self) -> dict[str, Any]:
        """The non-default members (``spec.json``'s ``response.context``)."""
        out: dict[str, Any] = {}
        if self.entity:
            out["entity"] = list(self.entity)
        if self.keys:
            out["keys"] = list(self.keys)
        if self.graphql:
            out["graphql"] = True
        if self.union:
            out["union"] = True
        if self.members:
            out["members"] = list(self.members)
        if self.one:
            out["one"] = True
        if self.shared:
            out["shared"] = list(self.shared)
        if self.everywhere:
            out["everywhere"] = list(self.everywhere)
        if self.expandable:
            out["expandable"] = list(self.expandable)
        if self.variants:
            out["variants"] = {path: list(names) for path, names in self.variants}
        if self.about:
            out["about"] = list(self.about)
        if self.sent:
            out["sent"] = list(self.sent)
        if self.own:
            out["own"] = self.own
        if self.asked:
            out["asked"] = list(self.asked)
        if self.listed:
            out["listed"] = list(self.listed)
        if self.called:
            out["called"] = list(self.called)
        return out

    @classmethod
    def from_json(cls, data: Any) -> DefaultsContext:
        if not isinstance(data, dict):
            return cls()
        return cls(
            entity=tuple(str(w) for w in data.get("entity", ())),
            keys=tuple(str(k) for k in data.get("keys", ())),
            graphql=bool(data.get("graphql", False)),
            union=bool(data.get("union", False)),
            members=tuple(str(m) for m in data.get("members", ())),
            one=bool(data.get("one", False)),
            shared=tuple(str(m) for m in data.get("shared", ())),
            everywhere=tuple(str(m) for m in data.get("everywhere", ())),
            expandable=tuple(str(m) for m in data.get("expandable", ())),
            variants=tuple(
                (str(path), tuple(str(n) for n in names))
                for path, names in (data.get("variants") or {}).items()
                if isinstance(names, list)
            ),
            about=tuple(str(a) for a in data.get("about", ())),
            sent=tuple(str(m) for m in data.get("sent", ())),
            own=str(data.get("own") or ""),
            asked=tuple(str(a) for a in data.get("asked", ())),
            listed=tuple(str(a) for a in data.get("listed", ())),
            called=tuple(str(a) for a in data.get("called", ())),
        )


@dataclass(frozen=True)
class Decision:
    default_fields: tuple[str, ...] = ()
    identity_fields: tuple[str, ...] = ()


def decide(tree: Any, context: DefaultsContext, *, kind: str, item: bool) -> Decision:
    """The default fields and the identity of the object ``tree`` describes (module doc)."""
    seen = _seen(tree, context)
    if seen is None:
        return Decision()
    return Decision(_defaults(seen, context, kind=kind, item=item), _identity(seen, context))


def decide_fields(tree: Any, context: DefaultsContext, *, kind: str, item: bool) -> tuple[str, ...]:
    """The default fields alone: what the server needs when it reads a response again (the
    identity, which only the generator records, is not worked out)."""
    seen = _seen(tree, context)
    return () if seen is None else _defaults(seen, context, kind=kind, item=item)


def _defaults(
    tree: dict[str, Any], context: DefaultsContext, *, kind: str, item: bool
) -> tuple[str, ...]:
    """The default fields of a seen tree; a map of records (the tree itself, or in it) is
    chosen on as a list of its entries, a failed entry with its reason."""
    if is_map(tree):  # each entry is chosen on as a list's item is
        entry = _seen(tree[EVERY_KEY], context)
        chosen = () if entry is None else _defaults(entry, context, kind=kind, item=True)
        return _entries(chosen + entry_reports(tree[EVERY_KEY], chosen))
    listed = maps_as_lists(tree)
    chosen = _fields(listed, context, kind=kind, item=item)
    if listed is tree:
        return chosen
    return _with_reports(tree, tuple(through_maps(tree, p) for p in chosen))


def _identity(tree: dict[str, Any], context: DefaultsContext) -> tuple[str, ...]:
    """The identity fields of a seen tree, read through its maps as ``_defaults`` reads."""
    if is_map(tree):
        entry = _seen(tree[EVERY_KEY], context)
        return () if entry is None else _entries(_identity(entry, context))
    listed = maps_as_lists(tree)
    identity = tuple(identity_fields(listed, context.entity, context.keys))
    return identity if listed is tree else tuple(through_maps(tree, p) for p in identity)


def _with_reports(tree: Any, chosen: tuple[str, ...]) -> tuple[str, ...]:
    """``chosen`` with the reports (``entry_reports``) of each map whose entries it reads."""
    added: list[str] = []
    for where, entry in map_entries(tree):
        prefix = ".".join(where + (EVERY_KEY,))
        inner = tuple(p[len(prefix) + 1 :] for p in chosen if p.startswith(prefix + "."))
        if inner:
            added.extend(f"{prefix}.{p}" for p in entry_reports(entry, inner))
    return chosen + tuple(added)


def entry_reports(entry: Any, chosen: tuple[str, ...]) -> tuple[str, ...]:
    """Why an entry of a map failed, when it says (``errors: [{code, detail}]`` beside the
    record it would hold, as a bulk read by keys answers): its error report's reason as a
    batch write's failed record says it (``failures.why_failed``), so that a failed entry
    reads as failed rather than vanishing."""
    entry = unwrap(entry)
    out: list[str] = []
    for key, sub in entry.items() if isinstance(entry, dict) else ():
        if not named_as_report(key):
            continue
        inner = unwrap(sub)
        if is_leaf(inner):
            out.append(key)
        elif isinstance(inner, dict):
            out.extend(f"{key}.{p}" for p in why_failed(inner, []))
    return tuple(p for p in out if p not in chosen)


def _entries(paths: tuple[str, ...]) -> tuple[str, ...]:
    """Paths chosen on a map's entry, as they read on the map (``*.id``)."""
    return tuple(f"{EVERY_KEY}.{p}" for p in paths)


def _seen(tree: Any, context: DefaultsContext) -> dict[str, Any] | None:
    """The object the defaults are chosen on (GraphQL: without its nested connections; an
    expandable member by what names it, ``_as_sent``)."""
    tree = unwrap(tree)
    if not isinstance(tree, dict) or not tree:
        return None
    if context.sent:  # the caller's own values answered back: unless they are all there is
        tree = {k: v for k, v in tree.items() if k not in context.sent} or tree
    for path in context.expandable:
        tree = _sent_at(tree, path.split("."))
    return without_nested_connections(tree, context.sent) if context.graphql else tree


def _sent_at(tree: Any, segs: list[str]) -> Any:
    """``tree`` with the expandable member at the path ``segs`` (lists read through) as the
    defaults read it (``_as_sent``); ``tree`` itself when the path is not in it."""
    if isinstance(tree, list):
        inner = _sent_at(tree[0], segs) if tree else None
        return tree if not tree or inner is tree[0] else [inner]
    if not isinstance(tree, dict) or segs[0] not in tree:
        return tree
    sub = tree[segs[0]]
    new = _sent_at(sub, segs[1:]) if len(segs) > 1 else _sent_list(sub)
    return tree if new is sub else {**tree, segs[0]: new}


def _sent_list(member: Any) -> Any:
    """An expandable member, or a list of them, as ``_as_sent`` reads it."""
    if isinstance(member, list) and member:
        inner = _sent_list(member[0])
        return member if inner is member[0] else [inner]
    return _as_sent(member)


def _fields(
    tree: dict[str, Any], context: DefaultsContext, *, kind: str, item: bool
) -> tuple[str, ...]:
    item = item and not one_resource(context.one, kind)  # its page, also inside a list
    defaults = _chosen(tree, context, kind=kind, item=item)
    if item and defaults and (itself := named_for_itself(tree, context.listed)) is not None:
        # what each item is, named for its list (``namespaces[].namespace``) beside a type
        # of another name the rules read it by
        defaults = tuple(defaults) + (() if itself in defaults else (itself,))
    if item and defaults and (own := listed_own_id(tree, context.listed)) not in (None, *defaults):
        defaults = tuple(defaults) + (str(own),)  # its own id, named for its list (``post_id``)
    if defaults and context.called:  # the values the operation is named for (called.py)
        defaults = tuple(defaults) + tuple(
            p for p in called_members(tree, context.called) if p not in defaults
        )
    if not item and context.about:  # what the call is for, named by its path
        defaults = tuple(defaults) + _named_by_path(
            tree, context.about, tuple(defaults), set_by=kind == "update", entity=context.entity
        )
    if context.graphql and defaults:  # mutation payloads: did it work? (also said one level
        # down, by a union of outcomes: ``artworkOrError { success }`` beside ``artwork``)
        defaults = _success_flags(tree, tuple(defaults)) + tuple(defaults)
    if defaults and not item and kind not in PAGE_KINDS:  # what else it did, and if not, why
        if context.graphql:  # a mutation's payload type holds what it did, made for it
            defaults = tuple(defaults) + records_beside(tree, tuple(defaults), context.keys)
        elif kind in WRITE_KINDS:  # a REST write's answer made for it: values set up beside
            defaults = tuple(defaults) + records_beside(tree, tuple(defaults), rest=True)
        defaults += tuple(p for p in write_reports(tree) if p not in defaults)
    elif defaults and item and kind in WRITE_KINDS:  # a write's record that failed says why
        defaults = tuple(defaults) + entry_reports(tree, tuple(defaults))
    if context.union:  # which member each item is, and its identity and label
        labels = tuple(m for m in context.members if m not in defaults)
        defaults = ("__typename",) + tuple(d for d in defaults if d != "__typename") + labels
    defaults = _every_variant_named(tuple(defaults), context.variants)
    # one end of a pair the rules above added (what names a variant: ``min_instances``) brings
    # the other, as the defaults' own do (``pairs.py``)
    defaults = with_counterparts(tuple(defaults), tree)
    return whole_compounds(tree, tuple(defaults))  # ``{seconds, nanos}`` whole


def _success_flags(tree: dict[str, Any], chosen: tuple[str, ...]) -> tuple[str, ...]:
    """The payload's ``success`` flag, and that of a member the defaults read into."""
    flags = ["success"] if tree.get("success") == "boolean" else []
    for key, sub in tree.items():
        if isinstance(sub, dict) and sub.get("success") == "boolean":
            if any(p.startswith(key + ".") for p in chosen) and f"{key}.success" not in chosen:
                flags.append(f"{key}.success")
    return tuple(flags)


def _named_by_path(
    tree: dict[str, Any],
    about: tuple[str, ...],
    chosen: tuple[str, ...],
    set_by: bool = False,
    entity: tuple[str, ...] = (),
) -> tuple[str, ...]:
    """The object's scalar members, or lists of scalars, named as the operation's path ends
    (``about``): ``sentiment`` of ``POST /s1/sentiment``, ``balance`` of ``GET
    /accounts/{id}/balance``; an object or a list of objects so named is the payload the
    other rules read (``collections.py``), not a value to keep whole. A flag named as the
    action the path ends with is done is what the call did (``archived`` of ``POST
    /constants/{id}/archive``, ``published`` of ``.../publish``).

    An update (``set_by``) set what its path ends with: a member whose last word is so named
    counts too (``usage_limits`` of ``PUT /keys/limits``, the flag ``is_deactivated`` of
    ``PUT /keys/deactivate``), and so named, an object of at most ``SET_LEAVES`` scalars is
    kept whole (``configured_rules: {punctuation: {apostrophe}, ...}`` of ``PUT
    /style_rules/{id}/configured_rules``): the values the call set. Not where the path ends
    with the object's own collection (``PUT /creatives`` of a creative: the resource, not a
    member it set; its ``companionCreatives`` are not)."""
    done = {form for name in about for form in (name + "d", name + "ed")}
    own = "".join(entity[-1:])
    set_by = set_by and not any(a in (own, own + "s", own + "es") for a in about)
    found: list[str] = []
    for key, node in tree.items():
        value = node[0] if isinstance(node, list) and node else node
        names = {norm(key)} | ({norm(words(key)[-1])} if set_by and words(key) else set())
        named = bool(names & set(about)) or (bool(names & done) and base_type(value) == "boolean")
        if named and is_leaf(value) and key not in chosen:
            found.append(key)
        elif named and set_by and isinstance(node, dict):
            leaves = _leaf_paths(node, key)
            if 0 < len(leaves) <= SET_LEAVES:
                found += [p for p in leaves if p not in chosen]
    return tuple(found)


SET_LEAVES = 8  # the most scalars an object an update set (``_named_by_path``) is kept with


def _leaf_paths(node: dict[str, Any], prefix: str) -> list[str]:
    """The dotted paths of an object's scalars, through its objects (not its lists)."""
    out: list[str] = []
    for key, sub in node.items():
        if isinstance(sub, dict):
            out += _leaf_paths(sub, f"{prefix}.{key}")
        elif is_leaf(sub):
            out.append(f"{prefix}.{key}")
    return out


def _every_variant_named(
    chosen: tuple[str, ...], variants: tuple[tuple[str, tuple[str, ...]], ...]
) -> tuple[str, ...]:
    """A member below the object that is a union of variants (``context.variants``), kept by
    what names one of them (``subject.title``), is kept by what names each (``subject.name``
    for the variant without a title): a value holds one variant, so the others cost nothing
    where it is not theirs, and no item's member shapes down to nothing."""
    for path, names in variants:
        said = [path + "." + n for n in names]
        at = [i for i, p in enumerate(chosen) if p in said]
        if at:  # the rules named it by one variant's name
            more = tuple(p for p in said if p not in chosen)
            chosen = chosen[: at[-1] + 1] + more + chosen[at[-1] + 1 :]
    return chosen


def _chosen(
    tree: dict[str, Any], context: DefaultsContext, *, kind: str, item: bool
) -> tuple[str, ...]:
    if context.graphql and kind in WRITE_KINDS and not item:
        # a write's payload type (``{success, lastSyncId, issue {...}}``) is an envelope
        # around the resource it changed: that resource's defaults, read through; one whose
        # payload is a list of records (``{featureFlags: [...]}``) answers those records, each
        # kept as a write's record is
        found = find_payload(tree)
        listed = _records_at(tree, found.collection)
        if listed is not None and found.collection:
            prefix = ".".join(found.collection)
            entity = tuple(words(found.collection[-1]))
            chosen = choose_default_fields(
                listed, item=True, kind=kind, entity=entity, keys=context.keys
            )
            return tuple(f"{prefix}.{p}" for p in chosen)
        envelope = found.envelope
        inner: Any = tree
        for depth, key in enumerate(envelope or ()):
            inner = unwrap(inner.get(key)) if isinstance(inner, dict) else None
            if isinstance(inner, dict) and settings_fields(inner):  # not a wrapper of its part
                envelope = envelope[: depth + 1] if envelope else envelope
                break
        if envelope and isinstance(inner, dict):
            prefix = ".".join(envelope)
            chosen = choose_default_fields(
                inner, kind=kind, entity=tuple(words(envelope[-1])), keys=context.keys
            )
            return tuple(f"{prefix}.{p}" for p in chosen)
    edge = edge_member(tree)
    if edge is not None:  # an edge's resource, read through it (edges.py)
        inner = _chosen(tree[edge], context, kind=kind, item=item)
        return tuple(f"{edge}.{p}" for p in inner)
    return tuple(
        choose_default_fields(
            tree,
            item=item,
            kind=kind,
            entity=context.entity,
            keys=context.keys,
            shared=context.shared,
            everywhere=context.everywhere,
            groups=True,
        )
    )


def _records_at(tree: dict[str, Any], path: tuple[str, ...] | None) -> dict[str, Any] | None:
    """The record a list of records at ``path`` holds, when nothing but scalars and error
    reports sits beside it (None: no such list there)."""
    node: Any = tree
    for key in path or ():
        node = node.get(key) if isinstance(node, dict) else None
    record = unwrap(node) if isinstance(node, list) else None
    if not path or not isinstance(record, dict) or not record:
        return None
    beside = [v for k, v in tree.items() if k != path[0] and not named_as_report(k)]
    if any(isinstance(unwrap(v), dict) for v in beside):
        return None  # a resource beside the list (``{order, fulfillments}``): what it changed
    return record


def _as_sent(member: Any) -> Any:
    """An expandable member as the defaults read it: the related object by what names it (its
    identity, label and handle), none of its other members: the API sends its id unless the
    caller expands it (a path into it keeps that string: ``fields.py``)."""
    node = unwrap(member)
    if not isinstance(node, dict):
        return member
    ids = identity_fields(node)[:1]
    said = {k for k in node if k in ids or is_label(k) or k == handle(node)}
    kept = {k: v for k, v in node.items() if k in said and is_leaf(v)}
    return kept or member  # nothing names it: not a related object, read as described


def without_nested_connections(tree: dict[str, Any], sent: tuple[str, ...] = ()) -> dict[str, Any]:
    """The tree minus nested connections (each costs a paged sub-query upstream), except
    label-like lists (``labels.nodes.name`` is worth it): not chosen as default fields. Not
    when they are all the object holds besides its ``__typename`` and what the caller sent
    (``sent``): a mutation's payload ``{clientMutationId, organizations: {nodes}}`` answers
    with the organizations it changed, and without them it said nothing."""
    if connections_only(tree, sent):  # each node as a listed one reads
        return {k: _nodes_without_connections(v) for k, v in tree.items()}
    return {
        k: _labels_by_scalars(v) if _connection(v) else v
        for k, v in tree.items()
        if not _nested_connection(k, v)
    }


def _connection(sub: Any) -> bool:
    return isinstance(sub, dict) and ("nodes" in sub or "edges" in sub)


def _labels_by_scalars(sub: dict[str, Any]) -> dict[str, Any]:
    """A label-like connection beside the object's own members, its nodes read by their
    scalar members (``labels.nodes.name``, not the label's ``parent.name``): the loader
    describes each connection's nodes whole, as a root connection's."""
    nodes = sub.get("nodes")
    if not isinstance(nodes, list) or not nodes or not isinstance(nodes[0], dict):
        return sub
    node = {
        k: ("any" if isinstance(v, dict) else ["any"] if isinstance(v, list) and v and
            isinstance(v[0], dict) else v)
        for k, v in nodes[0].items()
    }  # fmt: skip
    return {**sub, "nodes": [node]}


def _nested_connection(key: str, sub: Any) -> bool:
    """A nested connection the defaults leave out (not a label-like list)."""
    return _connection(sub) and norm(key) not in LABEL_ARRAYS


def connections_only(tree: dict[str, Any], sent: tuple[str, ...] = ()) -> bool:
    """Whether the object holds nested connections and nothing else but its ``__typename``
    and what the caller sent (``without_nested_connections`` keeps them)."""
    rest = [k for k, v in tree.items() if not _nested_connection(k, v)]
    return len(rest) < len(tree) and all(k == "__typename" or k in sent for k in rest)


def _nodes_without_connections(sub: Any) -> Any:
    """A connection's ``nodes`` without their own nested connections."""
    nodes = sub.get("nodes") if isinstance(sub, dict) else None
    if not isinstance(nodes, list) or not nodes or not isinstance(nodes[0], dict):
        return sub
    return {**sub, "nodes": [without_nested_connections(nodes[0])]}
