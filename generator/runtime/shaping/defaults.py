"""Concise default fields: what an agent needs from an object it has not asked about.

The rules work on a field tree (``trees``/``names``: names, JSON types, schema hints) and never
on one API's field names. Each role has its module under ``roles/`` with its rule in the
docstring; this module runs them in order on one object, as the declared table ``STEPS`` (role, the
step that picks and ranks its candidates, when it applies):

identity (always) -> label (else primary field, text, link) and locator -> state -> money ->
content (one resource) -> its own page -> times -> people -> preview (a list item's text, before
the lists inside it) -> lists inside it -> counts -> flags -> relations -> other times ->
discriminators and categories.

Roles are filled in that order while an estimate of each field's tokens fits the profile's
budget (``picking.py``). Profiles: ``PAGE`` (one resource a read answers: its page,
``pages.py``), ``OBJECT`` (one resource otherwise), ``WRITE`` (what a create, update or delete
answers with) and ``ITEM`` (each item of a list: enough to pick the items worth a closer look);
a container's records are shaped as items (``containers.py``); ``kinds.py`` says what each kind of operation adds (a generation's
content, an acknowledgement whole). Nested *parts* (objects
without an identity of their own: ``attributes``, ``status``, ``spec``) are seen through, one
level, after the object's own fields of the same role.

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

from dataclasses import dataclass
from typing import Any, Callable

from .names import base_type, hint, is_leaf, norm
from .picking import Field, Picker, Profile, Selection
from .roles.content import is_content
from .roles.identity import (
    has_id, has_own_identity, identity_fields, is_id_name, own_identity_key,
)  # fmt: skip
from .roles.kinds import is_kind
from .roles.label import is_label, label_rank
from .roles.links import is_url
from .roles.noise import is_noise, minted
from .roles.people import is_person, is_person_node
from .roles.quantity import is_count, is_money
from .roles.relation import nested_identity
from .roles.state import is_alarm_flag
from .roles.words import w
from .containers import container_lists
from .kinds import WRITE_KINDS, generated_content_paths, profile_for
from .relation_steps import take_lists, take_people, take_relations
from .steps import (
    take_content, take_counts, take_flags, take_identity, take_kinds, take_label, take_link,
    take_money, take_other, take_recent, take_states, take_value,
)  # fmt: skip
from .trees import field_tree_from_value, unwrap

__all__ = [
    "LABEL_ARRAYS", "STEPS", "Step", "choose_default_fields", "field_tree_from_value", "identity_fields",
    "has_own_identity", "is_alarm_flag", "is_content", "is_count", "is_id_name", "is_kind",
    "is_label", "is_money", "is_person", "is_url", "label_rank", "nested_identity", "norm",
    "own_identity_key",
]  # fmt: skip

# Arrays kept by name in GraphQL trees (loaders/graphql_tree.py): a list of labels or people.
LABEL_ARRAYS = ("labels", "assignees", "tags", "topics", "categories", "reviewers",
                "requestedreviewers")  # fmt: skip

SMALL = 3  # a flat object with at most this many fields is kept whole
BARE = 6  # an acknowledgement with at most this many flat fields is a bare status: kept whole


def is_series(node: Any) -> bool:
    """A list of scalars or of lists of scalars (``points: [[2024, 1, 5, 1500], ...]``): the
    data of a small object that names it (``{name, points}``), kept with its name."""
    if not isinstance(node, list):
        return False
    inner = unwrap(node)
    return is_leaf(inner) and inner is not None and inner != "any"


def _embedded(sub: Any) -> bool:
    """A member that holds other resources under a reserved name (HAL ``_embedded``: lists of
    objects, or objects with an identity), not links (``_links``: ``{self: {href}}``)."""
    return isinstance(sub, dict) and any(
        isinstance(unwrap(v), dict) and (isinstance(v, list) or has_own_identity(v))
        for v in sub.values()
    )


# The members a page of a list carries beside the list: counts, positions, cursors, links.
PAGING_WORDS = frozenset(
    {"total", "count", "limit", "offset", "next", "previous", "prev", "cursor", "page", "pages",
     "more", "href", "url", "link", "size", "start", "end", "after", "before", "info", "first",
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
        inner = sub if isinstance(sub, dict) else None
        if inner is None or is_person_node(key, inner) or is_noise(key):
            continue
        if own and has_id(inner):
            continue  # a relation, reduced as a whole
        out.extend(Field(f"{key}.{k}", k, v, True) for k, v in inner.items())
    return out


@dataclass(frozen=True)
class Step:
    """One row of the rules: the role it fills, the step that picks its candidates (each
    step's docstring says which members qualify and in what rank; the profile, ``kinds.py``,
    says how many it takes and the picker, ``picking.py``, whether their tokens still fit the
    budget), and when it applies (the profile, whether the object is a list's item, the
    operation's kind)."""

    role: str
    take: Callable[[Selection], None]
    when: Callable[[Profile, bool, str], bool] = lambda profile, item, kind: True

    def applies(self, profile: Profile, item: bool, kind: str) -> bool:
        return self.when(profile, item, kind)


def _one_read(profile: Profile, item: bool, kind: str) -> bool:
    """One resource a read answers with: its body or description, cut to ``max_chars``."""
    return bool(profile.content) and not item and kind not in WRITE_KINDS


def _preview(profile: Profile, item: bool, kind: str) -> bool:
    """A list item or a write's answer: its text as a short preview (the pipeline cuts it)."""
    return bool(profile.content) and (item or kind in WRITE_KINDS)


# The rules, in the order their roles are filled while the budget lasts (module doc). A
# fallback follows the table in ``choose_default_fields``: an object nothing here picked from
# (or whose parts gave only their states) takes each part's own defaults.
STEPS: tuple[Step, ...] = (
    Step("identity", take_identity),  # always: what the next call takes
    Step("label", take_label),  # else the primary field, a text, a link; and where it lives
    Step("value", take_value),  # what a typed record holds (a DNS record's data)
    Step("state", take_states),  # its own state before a part's; then priority
    Step("money", take_money),  # an amount with its currency
    Step("content", lambda sel: take_content(sel, "content"), _one_read),
    Step("url", take_link, lambda profile, item, kind: bool(profile.url)),  # its own page
    Step("time", take_recent),  # when it changed, when it was made
    Step("people", take_people),  # reduced to a handle, else a name
    Step("preview", lambda sel: take_content(sel, "preview"), _preview),
    Step("lists", take_lists),  # lists inside one resource: each element's label and state
    Step("counts", take_counts),  # decisive counts and quantities
    Step("flags", take_flags),  # what it is before what it has, before settings
    Step("relations", take_relations),  # what it belongs to, by label or key with its id
    Step("other", take_other),  # other times
    Step("kinds", take_kinds),  # discriminators and categories
)


def choose_default_fields(
    field_tree: Any,
    *,
    item: bool = False,
    kind: str = "read",
    entity: tuple[str, ...] = (),
    keys: tuple[str, ...] = (),
) -> tuple[str, ...]:
    """The concise default selection for an object tree (module doc): ``item=True`` for the
    items of a list response; ``kind``: what the operation does (``kinds.py``)."""
    profile = profile_for(kind, item)
    tree = unwrap(field_tree)
    if not isinstance(tree, dict) or not tree:
        return ()
    if kind == "acknowledge" and len(tree) <= BARE and all(is_leaf(v) for v in tree.values()):
        return tuple(tree)  # a bare status: all of it, one line
    if len(tree) <= SMALL and all(is_leaf(v) or is_series(v) for v in tree.values()):
        kept = tuple(  # nothing worth leaving out (a create's minted credential is kept)
            k for k in tree if not is_noise(k) or (kind == "create" and not item and minted(k))
        )
        return kept or tuple(tree)  # but its secrets, hashes and avatars
    ((key, only),) = tree.items() if len(tree) == 1 else ((None, None),)
    if key is not None and isinstance(only, dict) and not is_person(key):  # ``{data: {...}}``
        inner = choose_default_fields(only, item=item, kind=kind, entity=w(key), keys=keys)
        return tuple(f"{key}.{p}" for p in inner)  # a wrapper: what it wraps, read through
    fields = [f for f in _fields(tree, profile.parts) if not is_noise(f.key)]
    leaves = [f for f in fields if is_leaf(f.node)]
    sel = Selection(
        tree=tree,
        profile=profile,
        item=item,
        kind=kind,
        fields=fields,
        pick=Picker(profile),
        choose_item=lambda element: choose_default_fields(element, item=True),
        entity=entity,
        keys=keys,
        leaves=leaves,
        objects=[f for f in fields if isinstance(f.node, dict)],
        arrays=[f for f in fields if isinstance(f.node, list)],
        own_leaves=[f for f in leaves if not f.part],  # parts give identity, label, state, time
    )
    for step in STEPS:
        if step.applies(profile, item, kind):
            step.take(sel)
    container_lists(sel, lambda e: choose_default_fields(e, item=True, kind=kind))
    pick = sel.pick
    # objects only, nothing identifies the whole and its parts gave at most their states
    # (``{domain: {...}, alt_domain: {...}}``): what each of them is, by its own defaults
    objects_only = all(isinstance(v, dict) for v in tree.values())
    # or resources side by side (a file and the commit that wrote it): each by its own defaults
    peers = objects_only and sum(has_own_identity(v, w(k)) for k, v in tree.items()) >= 2
    if not pick.chosen or (objects_only and set(pick.roles) <= {"state"}) or peers:
        pick = Picker(profile)
        _add_from_children(tree, pick, item, kind if peers else "read")
    if any(hint(v) == "tag" for v in tree.values()):
        _every_variant(tree, pick)
    _same_schema_siblings(tree, pick)
    _named_lists(tree, pick)
    if not item:
        _tables(tree, pick)
    if kind == "create" and not item:  # the credential a create minted: shown once
        for key, sub in tree.items():
            if is_leaf(sub) and base_type(sub) == "string" and minted(key):
                pick.add(key, "identity", force=True)
    if kind == "generate":  # the content produced for the caller, however deep
        for path in generated_content_paths(tree):
            pick.add(path, "content", force=True)
    return tuple(pick.chosen)


def _every_variant(tree: dict[str, Any], pick: Picker) -> None:
    """A tagged union (a discriminator naming the member that holds the content, hint
    ``tag``): what was chosen inside one variant member (``child_page.title``,
    ``paragraph.rich_text.plain_text``) is chosen in every member that has the same path
    (``child_database.title``, ``heading_1.rich_text.plain_text``), for the price of one: an
    object holds one variant."""
    for path in list(pick.chosen):
        top, _, rest = path.partition(".")
        if not rest or not isinstance(unwrap(tree.get(top)), dict):
            continue
        segs = rest.split(".")
        for key, sub in tree.items():
            if key != top and not is_person(key) and _has_path(sub, segs):
                pick.add(f"{key}.{rest}", "label", force=True, cost=1)


def _named_lists(tree: dict[str, Any], pick: Picker) -> None:
    """An object nothing identifies or names whose members are mostly named lists of scalars
    (address ranges per service: ``{hooks: [...], web: [...], api: [...]}``, also one level
    down, ``services: {api: [...], web: [...]}``): the lists are what it holds, all of them."""
    if has_own_identity(tree) or any(is_label(k) and is_leaf(v) for k, v in tree.items()):
        return
    scopes = [("", tree)] + [(f"{k}.", v) for k, v in tree.items() if isinstance(v, dict)]
    for prefix, scope in scopes:
        lists = [k for k, v in scope.items() if is_series(v) and not is_noise(k)]
        if len(lists) >= 2 and 2 * len(lists) >= len(scope):
            for key in lists:
                pick.add(prefix + key, "list", force=True)


def _tables(tree: dict[str, Any], pick: Picker) -> None:
    """One resource's table of figures: a member mapping names to small records of one
    schema that hold numbers only (ratings per game variant: ``perfs: {blitz: {games, rating,
    rd}, bullet: {...}}``; usage per period) is what a person reads on its page: kept whole."""
    for key, sub in tree.items():
        if not isinstance(sub, dict) or len(sub) < 2 or is_noise(key) or is_person(key):
            continue
        rows = list(sub.values())
        first = rows[0]
        if not isinstance(first, dict) or not 2 <= len(first) <= 6:
            continue
        numeric = all(base_type(v) in ("integer", "number", "boolean") for v in first.values())
        if numeric and all(row == first for row in rows[1:]):
            pick.add(key, "count", force=True)


def _same_schema_siblings(tree: dict[str, Any], pick: Picker) -> None:
    """Members of one schema side by side (a tournament's ``created``, ``started`` and
    ``finished`` lists of the same items; parts without an identity) keep the same members:
    what was chosen inside one of them is chosen inside each (the budget paid for it once: an
    agent compares them). Related objects (with an identity of their own: a ``team`` beside an
    ``inheritedFrom``) are relations, each taken by its own rank."""
    groups: dict[str, list[str]] = {}
    for key, sub in tree.items():
        inner = unwrap(sub)
        related = not isinstance(sub, list) and has_own_identity(inner)  # a relation: its own rank
        if isinstance(inner, dict) and inner and not is_person(key) and not related:
            shape = repr(sorted((k, repr(v)) for k, v in inner.items()))
            groups.setdefault(f"{isinstance(sub, list)}:{shape}", []).append(key)
    for members in groups.values():
        if len(members) < 2:
            continue
        rests: list[str] = []
        for path in pick.chosen:
            top, _, rest = path.partition(".")
            if top in members and rest and rest not in rests:
                rests.append(rest)
        for key in members:
            for rest in rests:
                pick.add(f"{key}.{rest}", "relation", force=True, cost=1)


def _has_path(tree: Any, segs: list[str]) -> bool:
    for seg in segs:
        tree = unwrap(tree)
        if not isinstance(tree, dict) or seg not in tree:
            return False
        tree = tree[seg]
    return True


def _add_from_children(tree: dict[str, Any], pick: Picker, item: bool, kind: str) -> None:
    """A tree with objects only (GraphQL ``{"data": {...}}``): defaults of each child object."""
    for key, sub in tree.items():
        inner = unwrap(sub)
        if isinstance(inner, dict):
            for path in choose_default_fields(inner, item=item, kind=kind, entity=w(key)):
                pick.add(f"{key}.{path}", "relation", force=True)
