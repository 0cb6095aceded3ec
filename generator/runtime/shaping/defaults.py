"""Concise default fields: what an agent needs from an object it has not asked about.

The rules work on a field tree (``trees``/``names``: names, JSON types, schema hints) and never
on one API's field names. A field's **role** comes from the words of its name (``customerId``
-> ``customer``, ``id``; camelCase, snake_case, PascalCase alike), its type and its schema hint
(``format: date-time``, ``uri``, ``email``, ``enum``, ``const``), and its position:

- **identity**: ``id``/``uuid``/``guid``/``uid``/``pk`` (alone, or after the entity's own
  name), then a member the API addresses the object by (the path parameter of the operation
  that reads one: ``{thumbprint}``, ``{issue_number}`` -> ``number``), else a natural key
  (``key``, ``slug``, ``number``, ``sha``, ``login``, ``username``, ``handle``, a qualified
  ``full_name``/``fullPath``), else the first ``*Id``/``*_id`` scalar (a global ``node_id``
  only when nothing else identifies it; one naming another member, ``actor_id`` next to
  ``actor``, is a reference and comes last). ``id`` is kept next to a
  natural key (a natural key may be null: a draft invoice has no number), and so is the
  member the API addresses it by when it has no plain id (``{voucher_code}`` ->
  ``VoucherCode`` and ``OrderNumber``; ``{path}`` -> ``path`` and ``sha``). An object with no
  identity of its own takes one from below: its first nested *part* with an id, a natural key
  or an id named after the part (a resource's ``metadata.uid``, ``game.GameID``,
  ``client.client_id``; a part shaped like a person gives its handle), else a related
  person's handle or id (``contact.id``), else the first ``*Id`` of a part (a GeoJSON
  feature's ``properties.RegistryID``). An object whose one member is an object (``{data:
  {...}}``) is a wrapper: what it wraps is read through.
- **label**: a name whose last word is ``name``, ``title``, ``label``, ``subject``,
  ``caption``, ``headline``, ``heading``, ``login``, ``username``, ``nickname``, ``handle`` or
  ``filename`` (``display_name``, ``friendlyName``, ``tag_name``...; the plain word first). A
  handle taken as the identity (``login``) does not stand for the label: the display name is
  taken too; a qualified full name does. No label: a label-named rich value (``Title:
  [{LanguageCode, Text}]``), else the item's primary field (``path``, ``file``, ``ref``,
  ``tag``, ``email``, ``host``...), else its text (below), else its link (an image's URL)
  and a related object one level down named by a label (a check suite's ``app.name``). Rich
  text (an array of runs) is read through its text member
  (``title.plain_text``). In a tagged union (a ``type`` naming the member that holds the
  content) what is chosen inside one variant member is chosen in every variant that has the
  same path, for the price of one (``child_page.title`` and ``child_database.title``;
  ``paragraph.rich_text.plain_text`` and ``heading_1.rich_text.plain_text``): an object holds
  one variant. A tagged entry named like its payload member is read through that member
  (a map of typed properties: ``properties.Title: {type, title: [runs]}`` ->
  ``properties.Title.title.plain_text``); a labelled value (``{"label": "Email", "value":
  ...}``) through its value.
- **locator**: where the object lives (last word ``path``, ``ref``, ``email``, ``domain``,
  ``host``): next to its name, it tells two things of the same name apart.
- **state**: last word ``state``, ``status``, ``phase``, ``stage``, ``conclusion``,
  ``result``, ``outcome``, ``condition``, ``health`` or ``resolution``; an object in that place
  is reduced to its label (``state.name``). The object's own states come first; a part's state
  (``status.phase``) only when it has none (``automatic_tax.status`` is a feature's, not the
  object's). Other enums of its own come after them (in a list item, only without a state).
- **money**: ``amount``, ``price``, ``cost``, ``total``, ``balance``, ``fee``, ``tax``,
  ``cents`` (not a count such as ``total_repos``) with ``currency``: right after the state.
- **content**: last word ``body``, ``description``, ``text``, ``content``, ``message``,
  ``comment``, ``note(s)``, ``details``, ``bio``, ``abstract`` or ``markdown``: one object shows
  it (cut to ``max_chars``); a list item shows a **preview** when the budget allows (the
  pipeline cuts it to ``list_items.PREVIEW_CHARS``), or as its label when it has no other.
- **time**: hint ``time`` or a last word ``at``/``on``/``time``/``date``/``timestamp`` or a
  participle like ``created``/``updated``; updated before created before others (due, closed).
  A list item takes one: when it last changed, or, for an item said by its text rather than a
  name (a comment, a message), when it was written.
- **people**: a role noun last (``user``, ``author``, ``owner``, ``creator``, ``assignee``,
  ``reporter``, ``requester``, ``sender``, ``recipient``, ``actor``, ``member``,
  ``committer``, ``reviewer``, ``customer``, ``contact``, ``person``, ``employee``, ``agent``;
  ``requested_reviewers``), a participle + ``by`` (``created_by``), or a handle or name
  qualified by one (``customer_email``); not a person's attribute (``customer_address``,
  ``author_association``). Reduced to a readable identity (a handle: login, username, email;
  else a name); reduced to an email, its name comes too (an address is not who it is: git's
  ``Name <email>``). A person sent as null is no person (a tree read from a value). An object
  with a handle of its own (``login``, ``username``) is a person whatever it is called
  (``pusher``): never seen through as a part.
- **counts**: integers named as a plural noun or ``count``/``total``/``size``; for one
  resource also a small object of numbers only (``stats: {additions, deletions, total}``).
- **relations**: ``*_id`` scalars of other entities and nested objects that have an identity
  of their own, reduced to a label that is also a key (``full_name``, ``login``), else their
  label, else their id; named ones first, and a list item takes only named ones
  (``milestone.title``, not an opaque ``project_id``). An expandable
  reference sent as a plain id string stays that string (projection keeps a scalar where an
  object was expected).
- **lists inside one object** (a tree's entries, a status's checks) are its content: each
  element reduced to its identity, label and state. A *container* (one resource with no
  identity or label of its own or in its parts: ``{available: [...], pending: [...]}``)
  keeps every list of objects it holds, each element reduced so (else to its first own
  default field), whatever the budget.
- **discriminators** (``type``, ``kind``, ``object``, ``class``; ``type``/``kind`` first):
  never a ``const``; in a list's items the pipeline drops one that is the same on every item,
  unless it names the member that holds the item's content (``{"type": "paragraph",
  "paragraph": {...}}``: a tagged union) or is all the items have.
- **flags**: booleans. Flags that are only news when true (``archived``, ``locked``,
  ``in_trash``: ``ALARM_FLAGS``) are always taken and use no slot (concise output drops them
  when false). The slots go to what the object *is* (one word: ``private``, ``draft``;
  ``is_*``; a participle: ``merged``, ``paid``) before what it *has* (``has_*``) before
  settings (``allow_forking``, ``maintainer_can_modify``).
- **link** (one resource): its own page (``html_url``, ``web_url``, ``permalink``), else its
  one plain ``url`` (among many links a plain one is the API's), else a sharing or hosted copy
  (``public_url``, ``hosted_invoice_url``); a link to a collection (``public_members_url``: a
  plural noun before the link word) is not a page, and a link sent as null is no link.
- never by default: API links (``url`` next to a human ``html_url``/``web_url``), avatars,
  etags, signatures, checksums and other unrecognised fields: ask with ``fields``.

A flat object of at most three fields is kept whole. Choosing: roles are filled in the
profile's order while an estimate of the field's tokens (its name plus a typical value for its
role) fits the profile's **token budget**; identity is always taken. Profiles: ``OBJECT`` (one
resource, ``get_*``), ``ITEM`` (each item of a list: enough to pick the items worth a closer
look) and ``WRITE`` (what a create/update/delete echoes: identity, label, state, a human URL).
Nested *parts* (objects without an identity of their own: ``attributes``, ``status``,
``spec``) are seen through, one level, after the object's own fields of the same role. An
object of objects only that nothing identifies and whose parts gave at most their states
(``{domain: {...}, alt_domain: {...}}``) takes each part's own defaults. The result is
deterministic for a given tree (the pipeline may read a second one from the response itself
when the description's defaults break an invariant: ``pipeline.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .names import base_type, hint, is_leaf, norm, words
from .trees import field_tree_from_value, unwrap

__all__ = [
    "LABEL_ARRAYS",
    "choose_default_fields",
    "field_tree_from_value",
    "identity_fields",
    "nested_identity",
    "norm",
    "own_identity_key",
]

ID_WORDS = frozenset({"id", "uuid", "guid", "uid", "oid", "pk", "identifier"})
NATURAL_KEY_WORDS = frozenset(
    {"key", "slug", "number", "sha", "login", "username", "handle", "arn", "urn"}
)
LABEL_WORDS = frozenset(
    {"name", "title", "label", "subject", "caption", "headline", "heading", "login",
     "username", "nickname", "handle", "filename"}
)  # fmt: skip
PRIMARY_WORDS = frozenset(
    {"path", "file", "ref", "tag", "email", "domain", "host", "hostname", "address", "symbol",
     "version", "code", "key", "slug", "value"}
)  # fmt: skip
LOCATOR_WORDS = frozenset({"path", "filepath", "ref", "email", "domain", "host", "hostname"})
STATE_WORDS = frozenset(
    {"state", "status", "phase", "stage", "conclusion", "result", "outcome", "condition",
     "health", "resolution", "reason"}
)  # fmt: skip
CONTENT_WORDS = frozenset(
    {"body", "description", "text", "content", "message", "comment", "note", "notes",
     "details", "bio", "abstract", "markdown", "summary"}
)  # fmt: skip
TIME_LAST = frozenset({"at", "on", "time", "date", "timestamp", "ts", "datetime"})
TIME_WORDS = frozenset(
    {"created", "updated", "modified", "edited", "changed", "deleted", "closed", "published",
     "started", "finished", "completed", "expires", "expiry", "due", "merged", "ended"}
)  # fmt: skip
RECENT_WORDS = frozenset({"updated", "modified", "edited", "changed"})
PEOPLE_WORDS = frozenset(
    {"user", "users", "author", "authors", "owner", "owners", "creator", "assignee",
     "assignees", "reporter", "requester", "sender", "recipient", "actor", "member", "members",
     "committer", "reviewer", "reviewers", "customer", "contact", "person", "employee",
     "agent", "by"}
)  # fmt: skip
MONEY_WORDS = frozenset(
    {"amount", "price", "cost", "total", "balance", "fee", "tax", "subtotal", "cents"}
)
COUNT_WORDS = frozenset({"count", "total", "size", "quantity", "qty", "length"})
KIND_WORDS = frozenset({"type", "kind", "object", "class"})
URL_WORDS = frozenset({"url", "uri", "href", "link", "permalink"})
HUMAN_URL_WORDS = frozenset(
    {"html", "web", "public", "permalink", "share", "hosted", "browser", "view", "homepage"}
)  # fmt: skip
PAGE_URL_WORDS = frozenset({"html", "web", "permalink", "browser", "view"})
NOISE_WORDS = frozenset(
    {"avatar", "gravatar", "etag", "signature", "checksum", "icon", "thumbnail", "node",
     "hash", "salt", "secret", "password", "token"}
)  # fmt: skip
# Flags that are only news when true (compared without separators: ``in_trash``, ``inTrash``).
ALARM_FLAGS = frozenset(
    {"archived", "intrash", "deleted", "locked", "disabled", "canceled", "cancelled",
     "delinquent", "cancelatperiodend", "refunded", "disputed", "isarchived", "isdeleted",
     "islocked", "spam", "suspended", "blocked"}
)  # fmt: skip
IRREGULAR_PARTICIPLES = frozenset(
    {"paid", "sent", "built", "done", "hidden", "shown", "frozen", "written", "read", "unread",
     "seen", "unseen", "held", "kept", "lost", "won", "bound", "taken", "given", "chosen"}
)  # fmt: skip
TEXT_MEMBERS = ("plaintext", "text", "content", "value")
# A person's stable readable identity comes before a display name (which may be null).
HANDLE_WORDS = ("login", "username", "handle", "email")
# Arrays kept by name in GraphQL trees (loaders/graphql_tree.py): a list of labels or people.
LABEL_ARRAYS = ("labels", "assignees", "tags", "topics", "categories", "reviewers",
                "requestedreviewers")  # fmt: skip
_NOT_OWN_ID = frozenset(
    {"request", "trace", "correlation", "next", "prev", "previous", "continuation", "page",
     "cursor", "parent", "external", "idempotency"}
)  # fmt: skip


@dataclass(frozen=True)
class Profile:
    """Token budget and how many fields of each role one default selection takes."""

    budget: int
    identity: int
    label: int
    state: int
    content: int
    time: int
    people: int
    money: int
    counts: int
    relations: int
    lists: int
    url: int
    flags: int
    kinds: int
    parts: bool = True


OBJECT = Profile(budget=260, identity=2, label=1, state=2, content=1, time=2, people=2,
                 money=2, counts=2, relations=2, lists=2, url=1, flags=3, kinds=1)  # fmt: skip
ITEM = Profile(budget=80, identity=2, label=1, state=2, content=1, time=1, people=1, money=1,
               counts=1, relations=1, lists=1, url=0, flags=1, kinds=2)  # fmt: skip
WRITE = Profile(budget=45, identity=2, label=1, state=1, content=0, time=0, people=0, money=0,
                counts=0, relations=0, lists=0, url=1, flags=0, kinds=0, parts=False)  # fmt: skip
SMALL = 3  # a flat object with at most this many fields is kept whole

# Typical value sizes in tokens, per role (the field name is counted from its length).
VALUE_TOKENS = {"identity": 9, "label": 8, "state": 3, "content": 80, "preview": 24, "time": 11,
                "person": 6, "money": 3, "count": 2, "relation": 9, "list": 15, "url": 22,
                "flag": 2, "kind": 3}  # fmt: skip


# ---------------------------------------------------------------------------- role tests


def _w(key: str) -> tuple[str, ...]:
    return words(key) or (key.lower(),)


def is_id_name(key: str) -> bool:
    return _w(key)[-1] in ID_WORDS


def own_identity_key(key: str, entity: tuple[str, ...] = ()) -> bool:
    """``id``, ``uuid``... alone or after the entity's own name (``orderId`` in an order)."""
    ws = _w(key)
    if ws[-1] not in ID_WORDS:
        return False
    return len(ws) == 1 or (bool(entity) and ws[:-1] == entity[-len(ws[:-1]) :])


def is_natural_key(key: str) -> bool:
    """``number``, ``slug``, ``sha``, ``login``... and qualified full names (``full_name``,
    ``fullPath``: unique where a plain name is not)."""
    if is_full_name(key):
        return True
    ws = _w(key)
    return ws[-1] in NATURAL_KEY_WORDS and ws[0] not in _NOT_OWN_ID and len(ws) <= 2


def is_full_name(key: str) -> bool:
    """``full_name``, ``fullPath``: a qualified name, unique where a plain name is not."""
    ws = _w(key)
    return ws[0] == "full" and len(ws) == 2 and (ws[-1] in LABEL_WORDS or ws[-1] == "path")


def is_label(key: str) -> bool:
    ws = _w(key)
    return ws[-1] in LABEL_WORDS and ws[0] not in _NOT_OWN_ID


def label_rank(key: str) -> int:
    """Plain ``name``/``title``/``label`` first, then other one-word labels (``subject``,
    ``filename``) and display names (``display_name``), then other qualified names."""
    ws = _w(key)
    if len(ws) == 1:
        return 0 if ws[0] in ("name", "title", "label") else 1
    return 1 if ws[0] in ("display", "friendly", "full", "common") else 2


def is_locator(key: str) -> bool:
    return _w(key)[-1] in LOCATOR_WORDS


def is_state(key: str) -> bool:
    return _w(key)[-1] in STATE_WORDS


def state_rank(key: str) -> int:
    """``state``/``status`` before qualified ones (``mergeable_state``) and reasons."""
    ws = _w(key)
    return 2 if ws[-1] == "reason" else 0 if len(ws) == 1 else 1


def is_content(key: str) -> bool:
    return _w(key)[-1] in CONTENT_WORDS


def is_time(key: str, leaf: Any) -> bool:
    ws = _w(key)
    if hint(leaf) == "time":
        return True
    if base_type(leaf) not in ("string", "integer", "number", "any") or set(ws) & MONEY_WORDS:
        return False
    return ws[-1] in TIME_LAST or ws[-1] in TIME_WORDS or ws[0] in TIME_WORDS and len(ws) <= 2


def time_rank(key: str) -> int:
    ws = set(_w(key))
    return 0 if ws & RECENT_WORDS else 1 if ws & {"created", "creation"} else 2


def is_person(key: str) -> bool:
    """A role noun last (``assignee``, ``requested_reviewers``, ``created_by``), or a person's
    handle or name qualified by one (``customer_email``); not ``customer_address`` or
    ``author_association`` (a person's attribute, not the person)."""
    ws = _w(key)
    if ws[-1] == "by":  # created_by, approved_by; not sort_by
        return len(ws) > 1 and ws[-2].endswith("ed")
    if ws[-1] in PEOPLE_WORDS:
        return True
    return ws[-1] in (*HANDLE_WORDS, "name") and bool(set(ws[:-1]) & PEOPLE_WORDS)


def _is_person_node(key: str, node: Any) -> bool:
    """A person by its role (``is_person``) or by its shape: an object with a handle of its own
    (``login``, ``username``) is a person whatever it is called (``pusher``, ``merged_by``)."""
    if is_person(key):
        return True
    tree = unwrap(node)
    return isinstance(tree, dict) and any(
        _w(k)[-1] in HANDLE_WORDS[:3] and len(_w(k)) == 1 for k in _leaf_keys(tree)
    )


def is_url(key: str, leaf: Any) -> bool:
    return hint(leaf) == "uri" or _w(key)[-1] in URL_WORDS


def is_human_url(key: str) -> bool:
    """A page a person opens (``html_url``, ``web_url``, ``hosted_invoice_url``,
    ``permalink``); not a link to a collection (``public_members_url``: a plural noun before
    the link word names what the API lists there)."""
    ws = _w(key)
    if not set(ws) & HUMAN_URL_WORDS:
        return False
    return not (len(ws) > 2 and ws[-1] in URL_WORDS and _plural(ws[-2]))


def human_url_rank(key: str) -> int:
    """The object's own page (``html_url``, ``web_url``) before a sharing or hosted copy
    (``public_url``, ``hosted_invoice_url``)."""
    return 0 if set(_w(key)) & PAGE_URL_WORDS else 1


def is_kind(key: str) -> bool:
    ws = _w(key)
    return ws[-1] in KIND_WORDS or ws == ("api", "version")


def is_noise(key: str) -> bool:
    """Avatars, etags, hashes, secrets...; a name is never noise (``secret_type_display_name``
    names a kind of secret, ``nodeName`` a machine)."""
    if key.startswith("_"):
        return True
    ws = _w(key)
    if ws[-1] in LABEL_WORDS and len(ws) > 1:
        return False
    return bool(set(ws) & NOISE_WORDS) or norm(key) in NOISE_WORDS


def is_money(key: str, leaf: Any) -> bool:
    """``amount``, ``amount_due``, ``net_total``; not a count (``total_private_repos``)."""
    ws = _w(key)
    if base_type(leaf) not in ("integer", "number") or not set(ws) & MONEY_WORDS:
        return False
    return ws[-1] in MONEY_WORDS or not (ws[-1] in COUNT_WORDS or _plural(ws[-1]))


def is_count(key: str, leaf: Any) -> bool:
    ws = _w(key)
    if base_type(leaf) not in ("integer", "number"):
        return False
    return ws[-1] in COUNT_WORDS or _plural(ws[-1])


def _plural(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


def is_flag(key: str, leaf: Any) -> bool:
    return base_type(leaf) == "boolean"


def is_alarm_flag(key: str) -> bool:
    """A flag that is only news when true (``archived``, ``in_trash``, ``is_locked``): the
    defaults always take it (concise output leaves it out when false, so it costs nothing)."""
    return norm(key) in ALARM_FLAGS


def flag_rank(key: str) -> int:
    """What the object is (``private``, ``draft``, ``is_template``, ``merged``, ``paid``)
    before what it has (``has_issues``), before settings (``allow_forking``,
    ``maintainer_can_modify``)."""
    ws = _w(key)
    if len(ws) == 1 or ws[0] == "is" or _participle(ws[-1]) and len(ws) <= 2:
        return 0
    return 1 if ws[0] == "has" else 2


def _participle(word: str) -> bool:
    return word.endswith("ed") or word in IRREGULAR_PARTICIPLES


# ---------------------------------------------------------------------------- reductions


def _leaf_keys(tree: dict[str, Any]) -> list[str]:
    return [k for k, v in tree.items() if is_leaf(v) and base_type(v) != "null" or v is None]


def nested_identity(subtree: Any) -> str | None:
    """Relative path of the most readable identity of a nested object: its label, else a
    natural key, else its id; GraphQL connections reduce through ``nodes``/``edges.node``;
    rich text through its text member."""
    tree = unwrap(subtree)
    if not isinstance(tree, dict):
        return None
    value = _pair_value(tree)
    if value is not None:
        return value
    leaves = _leaf_keys(tree)
    labels = sorted((k for k in leaves if is_label(k)), key=label_rank)
    # a label that is also a key (``full_name``, ``login``): readable and unique
    full = [k for k in labels if is_natural_key(k)][:1]
    for group in (
        full,
        labels,
        [k for k in leaves if _w(k)[-1] in PRIMARY_WORDS and not is_noise(k)],
        [k for k in leaves if is_natural_key(k)],
        [k for k in leaves if own_identity_key(k)],
        [k for k in leaves if is_id_name(k)],
    ):
        if group:
            return group[0]
    text = _text_member(tree)
    if text is not None:
        return text
    idx = {norm(k): k for k in tree}
    for wrapper, inner in (("nodes", None), ("edges", "node")):
        key = idx.get(wrapper)
        if key is None:
            continue
        element = unwrap(tree[key])
        if inner is not None and isinstance(element, dict) and inner in element:
            sub = nested_identity(element[inner])
            return f"{key}.{inner}.{sub}" if sub else None
        sub = nested_identity(element)
        return f"{key}.{sub}" if sub else None
    return None


def _numbers_only(tree: Any) -> bool:
    """A flat object of two to four numbers: counts read together."""
    tree = unwrap(tree)
    return (
        isinstance(tree, dict)
        and 2 <= len(tree) <= 4
        and all(base_type(v) in ("integer", "number") for v in tree.values())
    )


def _pair_value(tree: dict[str, Any]) -> str | None:
    """A labelled value (``{"label": "Email", "value": ...}``, ``{"name": ..., "value": ...}``):
    the value is the data, the label only names it."""
    if len(tree) != 2:
        return None
    idx = {norm(k): k for k in tree}
    if "value" in idx and set(idx) - {"value"} <= {"label", "name", "key", "title"}:
        return idx["value"]
    return None


def _text_member(tree: Any) -> str | None:
    """The text member of rich text runs (``plain_text``, ``text``...), if any."""
    if not isinstance(tree, dict):
        return None
    idx = {norm(k): k for k in tree if is_leaf(tree[k])}
    for name in TEXT_MEMBERS:
        if name in idx:
            return idx[name]
    return None


def text_path(key: str, node: Any) -> str | None:
    """Where the text of a rich value is, relative to it: its text member (``plain_text`` of
    rich text runs), or, for a tagged entry named like its payload member (``title: {type,
    title: [runs]}``, a map of typed properties), that member's text (``title.plain_text``)."""
    tree = unwrap(node)
    if not isinstance(tree, dict):
        return None
    direct = _text_member(tree)
    if direct is not None:
        return direct
    if not any(is_kind(k) for k in tree):
        return None
    same = next((k for k in tree if norm(k) == norm(key) and not is_leaf(tree[k])), None)
    inner = _text_member(unwrap(tree[same])) if same is not None else None
    return f"{same}.{inner}" if inner else None


def _readable(path: str | None) -> bool:
    return path is not None and not is_id_name(path.rsplit(".", 1)[-1])


def _handle(tree: Any) -> str | None:
    """A person's handle (login before username before handle before email), if any."""
    leaves = _leaf_keys(tree) if isinstance(tree, dict) else []
    ranked = sorted(
        (k for k in leaves if _w(k)[-1] in HANDLE_WORDS),
        key=lambda k: HANDLE_WORDS.index(_w(k)[-1]),
    )
    return ranked[0] if ranked else None


def _has_id(tree: Any) -> bool:
    """An identifier of its own (not only a name): a related entity, not a part."""
    tree = unwrap(tree)
    if not isinstance(tree, dict):
        return False
    return any(own_identity_key(k) or is_natural_key(k) for k in _leaf_keys(tree))


def has_own_identity(tree: Any) -> bool:
    tree = unwrap(tree)
    if not isinstance(tree, dict):
        return False
    return any(
        own_identity_key(k) or is_natural_key(k) or (is_label(k) and len(_w(k)) == 1)
        for k in _leaf_keys(tree)
    )


def addressed_by(key: str, params: tuple[str, ...]) -> bool:
    """The API addresses the object by this member: a path parameter has its name
    (``{thumbprint}``), or ends with it (``{issue_number}`` -> ``number``)."""
    ws = _w(key)
    return any(_w(p)[-len(ws) :] == ws for p in params if len(_w(p)) >= len(ws))


def identity_fields(
    field_tree: Any, entity: tuple[str, ...] = (), keys: tuple[str, ...] = ()
) -> tuple[str, ...]:
    """The object's own identity fields (never empty when the object has any scalar);
    ``keys``: the path parameters that address one such object (``addressed_by``)."""
    tree = unwrap(field_tree)
    if not isinstance(tree, dict):
        return ()
    leaves = _leaf_keys(tree)
    own = [k for k in leaves if own_identity_key(k, entity)]
    addressed = [k for k in leaves if addressed_by(k, keys) and k not in own]
    natural = [k for k in leaves if is_natural_key(k) and k not in own + addressed]
    if not own:  # no plain id: the first ``*Id`` is the stable one next to a natural key
        ids = [k for k in leaves if is_id_name(k) and _w(k)[0] not in _NOT_OWN_ID]
        ids.sort(key=lambda k: _refers(k, tree))  # ``actor_id`` next to ``actor``: a reference
        noisy = [k for k in ids if set(_w(k)) & NOISE_WORDS]  # node_id next to a sha: no
        own = [k for k in ids if not ((natural or addressed) and k in noisy)][:1]
    # the member the API addresses it by stands for a plain id: a natural key comes next to it
    chosen = (own[:1] + (addressed + natural)[:1]) if own else addressed[:1] + natural[:1]
    if not chosen:  # a labelled value named as an id: ``{"id": {"label": "ID", "value": 7}}``
        pairs = {k: _pair_value(v) for k, v in tree.items() if isinstance(v, dict)}
        chosen = [f"{k}.{v}" for k, v in pairs.items() if v and own_identity_key(k, entity)][:1]
    if not chosen:
        found = _identity_below(tree)
        if found:
            return (found,)
    if not chosen:
        labels = sorted((k for k in leaves if is_label(k)), key=label_rank)
        chosen = labels[:1] or leaves[:1]
    return tuple(chosen)


def _refers(key: str, tree: dict[str, Any]) -> bool:
    """A ``*_id`` of another thing the object holds, a member of that name (``actor_id`` next
    to ``actor``): a reference, not the object's own id."""
    qualifier = _w(key)[:-1]
    return bool(qualifier) and any(_w(k) == qualifier for k in tree if k != key)


def _identity_below(tree: dict[str, Any]) -> str | None:
    """An object with no identity of its own takes one from below: the first part with an id,
    a natural key or an id named after the part (``game.GameID``, ``client.client_id``), else
    the first related person's handle or id (a rule that routes to ``contact: {id, type}``),
    else the first ``*Id`` of a part (a GeoJSON feature's ``properties.RegistryID``)."""
    nested = [(key, unwrap(sub)) for key, sub in tree.items() if isinstance(unwrap(sub), dict)]
    parts = [(k, sub) for k, sub in nested if not is_person(k)]
    people = [(k, sub) for k, sub in nested if isinstance(tree[k], dict) and is_person(k)]
    for group in (parts, people):
        for key, sub in group:
            entity = _w(key) if isinstance(tree[key], dict) else ()  # a list's: its elements'
            inner = identity_fields(sub, entity)
            first = inner[0].split(".")[0] if inner else ""
            if inner and (own_identity_key(first, entity) or is_natural_key(first)):
                handle = _handle(sub) if _is_person_node(key, sub) else None
                return f"{key}.{handle or inner[0]}"
    for key, sub in parts:
        if not isinstance(tree[key], dict) or _is_person_node(key, sub) or is_noise(key):
            continue  # a list's elements are not a part of it, nor a person, nor links
        ids = [k for k in _leaf_keys(sub) if is_id_name(k) and _w(k)[0] not in _NOT_OWN_ID]
        ids.sort(key=lambda k: _refers(k, sub))
        if ids:
            return f"{key}.{ids[0]}"
    return None


# ---------------------------------------------------------------------------- choosing


class _Picker:
    def __init__(self, profile: Profile):
        self.profile = profile
        self.left = profile.budget
        self.chosen: list[str] = []
        self.roles: list[str] = []
        self.used: set[str] = set()

    def add(self, path: str | None, role: str, *, force: bool = False, cost: int = 0) -> bool:
        if path is None or path in self.chosen:
            return False
        top = path.split(".", 1)[0]
        cost = cost or (len(path) + 3) // 4 + VALUE_TOKENS[role]
        if not force and cost > self.left:
            return False
        self.left -= cost
        self.chosen.append(path)
        self.roles.append(role)
        self.used.add(top)
        return True


@dataclass(frozen=True)
class _Field:
    path: str  # relative to the object
    key: str  # the last segment
    node: Any  # the subtree
    part: bool  # inside a nested part (one level down)


def _fields(tree: dict[str, Any], parts: bool) -> list[_Field]:
    """The object's own members, then the members of its parts (see module doc)."""
    out = [_Field(k, k, v, False) for k, v in tree.items()]
    if not parts:
        return out
    own = has_own_identity(tree)
    for key, sub in tree.items():
        inner = sub if isinstance(sub, dict) else None
        if inner is None or _is_person_node(key, inner) or is_noise(key):
            continue
        if own and _has_id(inner):
            continue  # a relation, reduced as a whole
        out.extend(_Field(f"{key}.{k}", k, v, True) for k, v in inner.items())
    return out


def choose_default_fields(
    field_tree: Any,
    *,
    item: bool = False,
    write: bool = False,
    entity: tuple[str, ...] = (),
    keys: tuple[str, ...] = (),
) -> tuple[str, ...]:
    """The concise default selection for an object tree (module doc): ``item=True`` for the
    items of a list response, ``write=True`` for what a write operation returns."""
    profile = ITEM if item else WRITE if write else OBJECT
    tree = unwrap(field_tree)
    if not isinstance(tree, dict) or not tree:
        return ()
    if len(tree) <= SMALL and all(is_leaf(v) for v in tree.values()) and not write:
        return tuple(tree)  # a small flat object: nothing worth leaving out
    ((key, only),) = tree.items() if len(tree) == 1 else ((None, None),)
    if key is not None and isinstance(only, dict) and not is_person(key):  # ``{data: {...}}``
        inner = choose_default_fields(only, item=item, write=write, entity=_w(key), keys=keys)
        return tuple(f"{key}.{p}" for p in inner)  # a wrapper: what it wraps, read through
    pick = _Picker(profile)
    fields = [f for f in _fields(tree, profile.parts) if not is_noise(f.key)]
    leaves = [f for f in fields if is_leaf(f.node)]
    objects = [f for f in fields if isinstance(f.node, dict)]
    arrays = [f for f in fields if isinstance(f.node, list)]

    def take(
        candidates: list[_Field], role: str, limit: int, path: Callable[[_Field], str | None]
    ) -> int:
        taken = 0
        for f in candidates:
            if taken >= limit:
                break
            if f.path.split(".", 1)[0] in pick.used and not f.part:
                continue
            if pick.add(path(f), role):
                taken += 1
        return taken

    own_path: Callable[[_Field], str | None] = lambda f: f.path  # noqa: E731

    # identity (always)
    for ident in identity_fields(tree, entity, keys)[: profile.identity]:
        pick.add(ident, "identity", force=True)
    # label, else primary field, else rich text, else text
    labels = sorted(
        (f for f in leaves if is_label(f.key)), key=lambda f: (f.part, label_rank(f.key))
    )
    # an identity that is a label names the object, unless it is a handle (``login``): then
    # the display name is taken too; a full name does name it
    said = {p.rsplit(".", 1)[-1] for p in pick.chosen}
    naming = [f for f in labels if not is_natural_key(f.key) or is_full_name(f.key)]
    if not any(f.key in said for f in naming):
        if not take(labels, "label", profile.label, own_path):
            primary = [f for f in leaves if _w(f.key)[-1] in PRIMARY_WORDS and not f.part]
            rich = [
                f for f in objects + arrays
                if (is_label(f.key) or is_content(f.key)) and text_path(f.key, f.node)
            ]  # fmt: skip
            rich_label = [f for f in rich if is_label(f.key)]  # ``Title: [{lang, text}]``
            text = [f for f in leaves if is_content(f.key) and base_type(f.node) == "string"]
            named = [  # a related thing one level down named by a label (``app.name``)
                f for f in objects
                if not f.part and not is_noise(f.key) and not is_person(f.key)
                and _has_id(f.node) and is_label((_reduce(f) or "").rsplit(".", 1)[-1])
            ]  # fmt: skip
            links = [f for f in leaves if is_url(f.key, f.node) and not f.part]
            rich_path: Callable[[_Field], str | None] = lambda f: (  # noqa: E731
                f"{f.path}.{text_path(f.key, f.node)}"
            )
            if not (
                take(rich_label, "label", 1, rich_path)
                or take(primary, "label", 1, own_path)
                or take(rich, "label", 1, rich_path)
                or take(text, "label", 1, own_path)
            ):  # nothing of its own names it: its link, and what it relates to by name
                take(links, "label", 1, own_path)
                take(named, "label", 1, _reduce)
    if not write:  # where it lives tells two things of the same name apart (a file's path)
        take([f for f in leaves if is_locator(f.key) and not f.part], "label", 1, own_path)
    # state: named states (an object in that place reduced to its label), then other enums
    states = sorted(
        (f for f in fields if is_state(f.key) and not is_noise(f.key)),
        key=lambda f: (state_rank(f.key), f.part),
    )
    if item and any(state_rank(f.key) < 2 for f in states):  # a reason only without a state
        states = [f for f in states if state_rank(f.key) < 2]
    if any(not f.part and state_rank(f.key) < 2 and _reduce(f) for f in states):
        states = [f for f in states if not f.part]  # its own state, not a part's (tax.status)
    named = take(states, "state", profile.state, _reduce)
    if profile.state > 1 and not (item and named):
        enums = [f for f in leaves if hint(f.node) == "enum" and not is_kind(f.key) and not f.part]
        take(enums, "state", 1, own_path)
    own_leaves = [f for f in leaves if not f.part]  # parts give identity, label, state, time
    money = [f for f in own_leaves if is_money(f.key, f.node)]
    if take(money, "money", profile.money, own_path):  # amounts decide: before text and times
        take([f for f in own_leaves if _w(f.key)[-1] == "currency"], "money", 1, own_path)

    def content(role: str) -> None:
        if any(is_content(p.rsplit(".", 1)[-1]) for p in pick.chosen):
            return  # its text already names it
        text = [f for f in leaves if is_content(f.key) and base_type(f.node) in ("string", "any")]
        if take(text, role, profile.content, own_path):
            return
        rich = [
            f for f in objects + arrays if is_content(f.key) and _text_member(unwrap(f.node) or {})
        ]
        take(rich, role, profile.content, lambda f: f"{f.path}.{_text_member(unwrap(f.node))}")

    if profile.content and not item:
        content("content")
    if profile.url:  # one resource: the link a person can open, before times and people
        urls = [  # a link the response sends as null is no link (a tree read from a value)
            f for f in leaves
            if is_url(f.key, f.node) and not f.part and base_type(f.node) != "null"
        ]  # fmt: skip
        human = [f for f in urls if is_human_url(f.key)]
        plain = [f for f in urls if _w(f.key) in (("url",), ("uri",), ("link",))]
        plain = plain if len(urls) <= 2 else []  # among many links a plain one is the API's
        # its own page, else its one plain link, else a sharing or hosted copy
        pages = [f for f in human if human_url_rank(f.key) == 0]
        take(pages + plain + [f for f in human if f not in pages], "url", profile.url, own_path)
    times = sorted(
        (f for f in leaves if is_time(f.key, f.node)), key=lambda f: (f.part, time_rank(f.key))
    )
    recent = [f for f in times if time_rank(f.key) < 2]  # updated, then created
    mine = [f for f in fields if not f.part]
    if item and any(is_content(f.key) for f in mine) and not any(is_label(f.key) for f in mine):
        # an item said by its text, not named (a comment, a message): dated by its writing
        recent.sort(key=lambda f: time_rank(f.key) != 1)
    take(recent, "time", profile.time, own_path)
    people = [  # a person the response sends as null is no person (a tree read from a value)
        f for f in fields if is_person(f.key) and not f.part and base_type(f.node) != "null"
    ]  # fmt: skip
    taken = 0
    for f in people:  # an email is an address, not a name: the person's name comes with it
        if taken >= profile.people or f.path in pick.used:
            continue
        paths = _person_paths(f)
        if paths and pick.add(paths[0], "person"):
            taken += 1
            for extra in paths[1:]:
                pick.add(extra, "person", force=True, cost=2)
    lists = [f for f in arrays if isinstance(unwrap(f.node), dict) and not f.part]
    # a container (no identity or label of its own: ``{available: [...], pending: [...]}``)
    # holds its lists: each one is kept, its elements reduced
    container = not item and not any(
        is_id_name(k) or is_natural_key(k) or is_label(k)
        for sub in [tree, *(v for v in tree.values() if isinstance(v, dict))]
        for k in _leaf_keys(sub)
    )
    taken = 0
    for f in lists:
        if (taken >= profile.lists and not container) or f.path in pick.used:
            continue
        element = unwrap(f.node)
        ident = (_handle(element) if is_person(f.key) else None) or nested_identity(element)
        by_link = ident is not None and (is_url(ident, None) or is_noise(ident.rsplit(".", 1)[-1]))
        if by_link and not container:
            continue  # elements named only by a link: not worth a default slot
        if ident is None or by_link:  # no readable identity: the element's own lean defaults
            own = [
                p for p in choose_default_fields(element, item=True)
                if not is_url(p.rsplit(".", 1)[-1], None) or container
            ][:3]  # fmt: skip
            said = [p.rsplit(".", 1)[-1] for p in own]
            if not own or not (
                container
                or any(is_state(k) or is_content(k) or is_money(k, "number") for k in said)
            ):
                continue  # elements with no name, state, text or amount (sizes): not a default
            if pick.add(f"{f.path}.{own[0]}", "list", force=container):
                taken += 1
                for extra in own[1:]:
                    pick.add(f"{f.path}.{extra}", "state", force=True, cost=1)
            continue
        paths = [f"{f.path}.{ident}"]
        if is_person(f.key) and not _readable(ident) and not container:
            continue
        states = sorted((k for k in _leaf_keys(element) if is_state(k)), key=state_rank)
        paths += [f"{f.path}.{k}" for k in states[:1] if k != ident]
        cost = sum((len(p) + 3) // 4 for p in paths) + VALUE_TOKENS["list"]
        if pick.add(paths[0], "list", cost=cost, force=container):
            taken += 1
            for extra in paths[1:]:
                pick.add(extra, "state", force=True, cost=1)
    if profile.content and item:  # a preview (the pipeline cuts it to PREVIEW_CHARS)
        content("preview")
    counts = [f for f in own_leaves if is_count(f.key, f.node) and not is_time(f.key, f.node)]
    if not item:  # a small object of numbers only (``stats: {additions, deletions, total}``)
        counts += [f for f in objects if not f.part and _numbers_only(f.node)]
    take(counts, "count", profile.counts, own_path)
    relations = [
        f for f in leaves + objects
        if not f.part and not is_person(f.key) and _w(f.key)[0] not in _NOT_OWN_ID
        and (is_id_name(f.key) and base_type(f.node) != "null" if is_leaf(f.node)
             else _has_id(f.node) or _readable(nested_identity(f.node)))
    ]  # fmt: skip
    # by name (``milestone.title``) before an opaque id; a list's items: by name only
    readable = [_readable(_reduce(f)) for f in relations]
    relations = [f for f, r in zip(relations, readable) if r] + [
        f for f, r in zip(relations, readable) if not r and not item
    ]
    take(relations, "relation", profile.relations, _reduce)
    if not item:
        scalar_lists = [
            f for f in arrays
            if is_leaf(unwrap(f.node)) and not f.part and not is_id_name(f.key.rstrip("sS"))
        ]  # fmt: skip
        take(scalar_lists, "relation", 1, own_path)
    flags = [f for f in own_leaves if is_flag(f.key, f.node)]
    for f in flags:  # news only when true: always taken, dropped when false (pipeline)
        if is_alarm_flag(f.key) and profile.flags:
            pick.add(f.path, "flag", force=True, cost=1)
    ranked = sorted((f for f in flags if not is_alarm_flag(f.key)), key=lambda f: flag_rank(f.key))
    take(ranked, "flag", profile.flags, own_path)
    take([f for f in times if time_rank(f.key) == 2], "time", 1 if not item else 0, own_path)
    kinds = sorted(
        (f for f in leaves if is_kind(f.key) and hint(f.node) != "const" and not f.part),
        key=lambda f: _w(f.key)[-1] in ("object", "class"),  # ``type`` varies more often
    )  # a list's items: the pipeline drops a discriminator that is the same on every item
    take(kinds, "kind", profile.kinds, own_path)
    # objects only, nothing identifies the whole and its parts gave at most their states
    # (``{domain: {...}, alt_domain: {...}}``): what each of them is, by its own defaults
    objects_only = all(isinstance(v, dict) for v in tree.values())
    if not pick.chosen or (objects_only and set(pick.roles) <= {"state"}):
        pick = _Picker(profile)
        _add_from_children(tree, pick, item)
    if any(hint(v) == "tag" for v in tree.values()):
        _every_variant(tree, pick)
    return tuple(pick.chosen)


def _every_variant(tree: dict[str, Any], pick: _Picker) -> None:
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


def _has_path(tree: Any, segs: list[str]) -> bool:
    for seg in segs:
        tree = unwrap(tree)
        if not isinstance(tree, dict) or seg not in tree:
            return False
        tree = tree[seg]
    return True


def _reduce(f: _Field) -> str | None:
    """``key`` if scalar (or array of scalars), else ``key.<readable identity>``."""
    inner = unwrap(f.node)
    if is_leaf(inner):
        return f.path
    ident = nested_identity(inner)
    return f"{f.path}.{ident}" if ident else None


def _reduce_person(f: _Field) -> str | None:
    """A person reduced to a readable identity; an opaque id alone is left out; a scalar (a
    reference sent as an id string) is kept as it is."""
    inner = unwrap(f.node)
    if is_leaf(inner):
        return f.path
    ident = _handle(inner) or nested_identity(inner)
    return f"{f.path}.{ident}" if _readable(ident) else None


def _person_paths(f: _Field) -> list[str]:
    """A person reduced (``_reduce_person``); reduced to an email, its name too (git's
    ``Name <email>``: an address says where to write, the name says who it is)."""
    path = _reduce_person(f)
    inner = unwrap(f.node)
    if path is None or is_leaf(inner) or _w(path.rsplit(".", 1)[-1])[-1] != "email":
        return [path] if path else []
    names = sorted((k for k in _leaf_keys(inner) if is_label(k)), key=label_rank)
    return [path] + [f"{f.path}.{k}" for k in names[:1]]


def _add_from_children(tree: dict[str, Any], pick: _Picker, item: bool) -> None:
    """A tree with objects only (GraphQL ``{"data": {...}}``): defaults of each child object."""
    for key, sub in tree.items():
        inner = unwrap(sub)
        if isinstance(inner, dict):
            for path in choose_default_fields(inner, item=item, entity=_w(key)):
                pick.add(f"{key}.{path}", "relation", force=True)
