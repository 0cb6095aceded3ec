"""Concise default fields, chosen from a field tree when no overlay names them.

Field names are compared normalised (lower case, ``_`` and ``-`` removed), so ``created_at``
and ``createdAt`` are the same rule. There are two profiles: ``OBJECT`` for a response that is
one resource (``get_issue``: enough to decide without a second call, at most 12 fields) and
``ITEM`` for the items of a list response (``list_issues``: enough to pick the items worth a
closer look, at most 7 fields; the counts per rule below are the object's, the item's in
brackets). ``choose_default_fields`` picks, in this order, until the profile is full:

1. identity: the scalar fields among ``IDENTITY`` present at the top level (at most 3 [2], in
   that priority order); ``id`` is left out when a natural key the API addresses the
   resource by is present (``number``, ``login``, ``full_name``...). When none is present,
   the first scalar whose name ends in ``id``, else the first scalar field, so every item
   always keeps an identity field.
   An item with no title-like scalar gets a label: a rich-text title (Notion's
   ``title.plain_text``), else its text (a comment's ``body``, ``rich_text.plain_text``),
   cut to ``max_chars`` like every string.
2. state: the first of ``STATE`` (state, status, ...) and the first of ``KIND`` (type, object...).
3. one human URL [none: a list item is named by its identity]: the first of ``HUMAN_URLS``;
   plain ``url`` only when at most one other ``*_url`` field exists (GitHub's ``url`` is the
   API address, its human one is ``html_url``).
4. money: ``amount``-like fields (at most 2) and ``currency``.
5. one timestamp: updated if present, else created (``updated_at``, ``last_edited_time``,
   ``created``...).
6. people: up to 2 [1] of ``PEOPLE`` (user, assignee, author, owner...), reduced to a
   readable identity (``user.login``); a person whose only identity is an opaque id (Notion's
   ``created_by.id``) is left out, and so is one whose plural list is present (``assignee``
   next to ``assignees``); scalars (Stripe's ``customer`` id) are kept as they are.
7. up to 2 [1] labels-like arrays reduced to identity (``labels.name``, ``assignees.login``).
8. decision booleans (draft, merged, private, archived, locked, paid...), at most 2 [1], then
   one more timestamp (closed, merged, due...) [none].
9. other nested objects (not arrays) reduced to a readable identity
   (``repository.full_name``, ``milestone.title``, a commit's ``commit.message``; not opaque
   ids such as Notion's ``parent.page_id``), at most 3 [2].

A nested object's identity is its best field among ``NESTED_IDENTITY`` (login before id,
full_name before name...), or the first ``*_id`` scalar; GraphQL connections reduce through
``nodes`` / ``edges.node``. A tree with no scalar at all (GraphQL ``{"data": {...}}``) gets
the defaults of each child object, prefixed (``data.repository.name``...). Other long text
(an issue's body, a description) is not a default: ask with ``fields`` or ``detailed``.
The result is deterministic for a given tree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_DEFAULT_FIELDS = 12
MAX_IDENTITY = 3


IDENTITY = (
    "id", "number", "key", "slug", "login", "username", "name", "fullname", "namewithowner",
    "title", "sha", "email", "handle", "displayname", "uuid",
)  # fmt: skip
NESTED_IDENTITY = (
    "login", "fullname", "namewithowner", "username", "name", "title", "slug", "key",
    "number", "email", "ref", "sha", "id", "label", "message", "summary",
)  # fmt: skip
# Keys an API addresses a resource by (GitHub's issue number, a login, owner/repo): when one
# is present the internal ``id`` is left out of the defaults.
NATURAL_KEYS = ("number", "key", "slug", "login", "username", "fullname", "namewithowner", "handle")
STATE = ("state", "status", "conclusion", "statereason", "phase")
KIND = ("type", "object", "kind", "action", "event")
HUMAN_URLS = (
    "htmlurl", "weburl", "permalink", "permalinkurl", "hostedinvoiceurl", "hostedurl",
    "shareurl",
)  # fmt: skip
MONEY = ("amount", "amounttotal", "amountdue", "amountpaid", "total", "amountremaining",
         "balance", "price", "unitamount")  # fmt: skip
CURRENCY = ("currency",)
TIMESTAMPS_FIRST = ("updatedat", "updated", "lasteditedtime", "updatedon", "modifiedat",
                    "createdat", "created", "createdtime", "createdon")  # fmt: skip
TIMESTAMPS_MORE = ("closedat", "mergedat", "dueon", "duedate", "due", "completedat",
                   "currentperiodend", "expiresat", "pushedat", "startedat", "publishedat")  # fmt: skip
PEOPLE = ("user", "assignee", "author", "owner", "creator", "createdby", "sender", "actor",
          "committer", "customer", "requestedby", "reviewer", "member")  # fmt: skip
LABEL_ARRAYS = ("labels", "assignees", "tags", "topics", "categories", "reviewers",
                "requestedreviewers")  # fmt: skip
DECISION_BOOLEANS = ("draft", "merged", "private", "archived", "locked", "paid", "closed",
                     "disabled", "deleted", "intrash", "canceled", "cancelatperiodend",
                     "delinquent", "protected", "unread", "captured", "refunded", "active",
                     "completed", "resolved", "mergeable")  # fmt: skip
TITLE_LIKE = ("title", "name", "fullname", "namewithowner", "subject", "message", "summary",
              "login", "filename")  # fmt: skip
TEXT = ("body", "text", "content", "plaintext", "message")
# Rich text: an array of runs whose readable form is one member (Notion's ``plain_text``).
RICH_TEXT = ("richtext", "description")
PLAIN_TEXT = ("plaintext", "content", "text")


def norm(name: str) -> str:
    return name.lower().replace("_", "").replace("-", "")


# ---------------------------------------------------------------------------- field trees


def field_tree_from_value(value: Any, max_depth: int = 4, sample: int = 200) -> Any:
    """Describe a JSON value as a field tree (arrays: union of the first ``sample`` items)."""
    return _tree(value, max_depth, sample)


def _scalar_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "any"


def _tree(value: Any, depth: int, sample: int) -> Any:
    if isinstance(value, dict):
        if depth <= 0:
            return "any"
        return {str(k): _tree(v, depth - 1, sample) for k, v in value.items()}
    if isinstance(value, list):
        if depth <= 0 or not value:
            return ["any"]
        merged: Any = None
        for item in value[:sample]:
            sub = _tree(item, depth - 1, sample)
            merged = sub if merged is None else _merge_trees(merged, sub)
        return [merged]
    return _scalar_type(value)


def _merge_trees(a: Any, b: Any) -> Any:
    if a == b:
        return a
    if isinstance(a, dict) and isinstance(b, dict):
        out = dict(a)
        for key, sub in b.items():
            out[key] = _merge_trees(out[key], sub) if key in out else sub
        return out
    if isinstance(a, list) and isinstance(b, list):
        return [_merge_trees(a[0], b[0])] if a and b else (a or b)
    if a == "null":
        return b
    if b == "null":
        return a
    if isinstance(a, dict) or isinstance(a, list):
        return a
    if isinstance(b, dict) or isinstance(b, list):
        return b
    return "any"


# ---------------------------------------------------------------------------- choosing


def _unwrap(tree: Any) -> Any:
    while isinstance(tree, list):
        tree = tree[0] if tree else None
    return tree


def _is_scalar(sub: Any) -> bool:
    return sub is None or (isinstance(sub, str) and sub != "object")


def _index(tree: dict[str, Any]) -> dict[str, str]:
    """normalised name -> original key (first wins, deterministic: tree order)."""
    out: dict[str, str] = {}
    for key in tree:
        out.setdefault(norm(key), key)
    return out


def identity_fields(field_tree: Any) -> tuple[str, ...]:
    """Top-level identity fields of an object tree (never empty when a scalar field exists)."""
    tree = _unwrap(field_tree)
    if not isinstance(tree, dict):
        return ()
    idx = _index(tree)
    names = [n for n in IDENTITY if n in idx and _is_scalar(tree[idx[n]])]
    if "id" in names and any(n in NATURAL_KEYS for n in names):
        names.remove("id")
    if names:
        return tuple(idx[n] for n in names[:MAX_IDENTITY])
    for key, sub in tree.items():
        if _is_scalar(sub) and norm(key).endswith("id"):
            return (key,)
    for key, sub in tree.items():
        if _is_scalar(sub):
            return (key,)
    return ()


def nested_identity(subtree: Any) -> str | None:
    """Relative path of the single best identity field of a nested object, if any."""
    tree = _unwrap(subtree)
    if not isinstance(tree, dict):
        return None
    idx = _index(tree)
    for name in NESTED_IDENTITY:
        key = idx.get(name)
        if key is not None and _is_scalar(tree[key]):
            return key
    for key, sub in tree.items():
        if _is_scalar(sub) and norm(key).endswith("id"):
            return key
    for wrapper, inner in (("nodes", None), ("edges", "node")):
        key = idx.get(wrapper)
        if key is not None:
            element = _unwrap(tree[key])
            if inner is not None and isinstance(element, dict) and inner in element:
                sub = nested_identity(element[inner])
                return f"{key}.{inner}.{sub}" if sub else None
            sub = nested_identity(element)
            return f"{key}.{sub}" if sub else None
    return None


def _reduce(key: str, sub: Any) -> str | None:
    """``key`` if scalar (or array of scalars), else ``key.<identity>``."""
    inner = _unwrap(sub)
    if _is_scalar(inner):
        return key
    ident = nested_identity(inner)
    return f"{key}.{ident}" if ident else None


@dataclass(frozen=True)
class Profile:
    """How many fields of each kind a default selection takes (see module doc)."""

    max_fields: int
    identity: int
    url: int
    people: int
    labels: int
    booleans: int
    more_timestamps: int
    nested: int


# One object (get_issue): enough to decide without a second call.
OBJECT = Profile(max_fields=MAX_DEFAULT_FIELDS, identity=MAX_IDENTITY, url=1, people=2,
                 labels=2, booleans=2, more_timestamps=1, nested=3)  # fmt: skip
# An item of a list (list_issues): enough to pick the items worth a closer look; the get
# tool (or ``fields``) says the rest, so no URL, one person, fewer flags and nested objects.
ITEM = Profile(max_fields=7, identity=2, url=0, people=1, labels=1, booleans=1,
               more_timestamps=0, nested=2)  # fmt: skip


def choose_default_fields(field_tree: Any, *, item: bool = False) -> tuple[str, ...]:
    """The concise default selection for an object tree, or with ``item=True`` for the items
    of a list response (a leaner profile); see module doc."""
    profile = ITEM if item else OBJECT
    tree = _unwrap(field_tree)
    if not isinstance(tree, dict) or not tree:
        return ()
    idx = _index(tree)
    chosen: list[str] = []
    used: set[str] = set()

    def add(path: str | None, key: str) -> bool:
        if path is None or key in used or len(chosen) >= profile.max_fields:
            return False
        used.add(key)
        chosen.append(path)
        return True

    def first_scalars(names: tuple[str, ...], limit: int) -> None:
        taken = 0
        for name in names:
            key = idx.get(name)
            if key is not None and taken < limit and _is_scalar(tree[key]) and add(key, key):
                taken += 1

    for key in identity_fields(tree)[: profile.identity]:
        add(key, key)
    if not any(_is_scalar(tree[idx[n]]) for n in TITLE_LIKE if n in idx):
        _add_label(tree, idx, add)
    first_scalars(STATE, 1)
    first_scalars(KIND, 1)
    if profile.url:
        _add_url(tree, idx, add)
    first_scalars(MONEY, 2)
    first_scalars(CURRENCY, 1)
    first_scalars(TIMESTAMPS_FIRST, 1)
    people = 0
    for name in PEOPLE:
        key = idx.get(name)
        if key is None:
            continue
        if (name + "s") in idx:  # assignee next to assignees: the list says it
            used.add(key)
            continue
        if people < profile.people and add(_reduce_person(key, tree[key]), key):
            people += 1
        used.add(key)  # over the profile's count: not taken again as a nested object
    taken = 0
    for name in LABEL_ARRAYS:
        key = idx.get(name)
        if key is not None and taken < profile.labels:
            taken += add(_reduce(key, tree[key]), key)
    bools = [n for n in DECISION_BOOLEANS if n in idx] + [
        n[2:] for n in idx if n.startswith("is") and n[2:] in DECISION_BOOLEANS
    ]
    taken = 0
    for name in bools:
        key = idx.get(name) or idx.get("is" + name)
        if key is not None and taken < profile.booleans and tree[key] in ("boolean", "any", None):
            taken += add(key, key)
    first_scalars(TIMESTAMPS_MORE, profile.more_timestamps)
    taken = 0
    for key, sub in tree.items():
        if key in used or not isinstance(sub, dict) or taken >= profile.nested:
            continue
        if _person_like(key):  # last_edited_by, triggering_actor: people, see rule 6
            if people < profile.people and add(_reduce_person(key, sub), key):
                people += 1
            used.add(key)
        elif _readable(nested_identity(sub)):
            taken += add(_reduce(key, sub), key)
    if not chosen:
        _add_from_children(tree, add, item)
    return tuple(chosen)


def _person_like(key: str) -> bool:
    name = norm(key)
    return name.endswith("by") or name.endswith(PEOPLE)


def _add_label(tree: dict[str, Any], idx: dict[str, str], add: Any) -> None:
    """An item with no title-like scalar: a rich-text title (Notion's ``title.plain_text``),
    else its text (``body``, ``rich_text.plain_text``...)."""
    for name in TITLE_LIKE + TEXT + RICH_TEXT:
        key = idx.get(name)
        if key is None:
            continue
        path = key if _is_scalar(tree[key]) else _plain_text(key, tree[key])
        if path is not None and add(path, key):
            return


def _plain_text(key: str, sub: Any) -> str | None:
    """``key.plain_text`` (or ``.content``/``.text``) of rich text runs, if they have one."""
    inner = _unwrap(sub)
    if not isinstance(inner, dict):
        return None
    inner_idx = _index(inner)
    for text in PLAIN_TEXT:
        sub_key = inner_idx.get(text)
        if sub_key is not None and _is_scalar(inner[sub_key]):
            return f"{key}.{sub_key}"
    return None


def _readable(ident: str | None) -> bool:
    """An identity an agent can read (login, name, title...), not an opaque ``*id``."""
    return ident is not None and not norm(ident.rsplit(".", 1)[-1]).endswith("id")


def _reduce_person(key: str, sub: Any) -> str | None:
    """A person reduced to a readable identity (login, name, email...); opaque ids are skipped
    (Notion's ``created_by.id`` is a UUID an agent cannot use), scalars are kept."""
    inner = _unwrap(sub)
    if _is_scalar(inner):
        return key
    ident = nested_identity(inner)
    return f"{key}.{ident}" if _readable(ident) else None


def _add_from_children(tree: dict[str, Any], add: Any, item: bool) -> None:
    """A tree with objects only (GraphQL ``{"data": {...}}``): defaults of each child object."""
    for key, sub in tree.items():
        inner = _unwrap(sub)
        if isinstance(inner, dict):
            for path in choose_default_fields(inner, item=item):
                add(f"{key}.{path}", f"{key}.{path}")


def _add_url(tree: dict[str, Any], idx: dict[str, str], add: Any) -> None:
    for name in HUMAN_URLS:
        key = idx.get(name)
        if key is not None and _is_scalar(tree[key]):
            add(key, key)
            return
    key = idx.get("url")
    if key is not None and _is_scalar(tree[key]):
        others = [n for n in idx if n.endswith("url") and n != "url"]
        if len(others) <= 1:
            add(key, key)


# ---------------------------------------------------------------------------- collections

COLLECTION_KEYS = ("data", "results", "items", "nodes", "edges", "records", "entries", "values")
PAGINATION_KEYS = ("totalcount", "hasmore", "nextcursor", "pageinfo", "next", "count",
                   "incompleteresults", "nextpagetoken", "total")  # fmt: skip


def guess_collection_path(value: Any, max_depth: int = 5) -> str | None:
    """Where the list of items is, for a response whose spec does not say (bench, fallback).

    ``""`` for a top-level array; a dot path to an array of objects held under a collection
    key (``data``, ``results``, ``items``, ``nodes``...) or next to pagination keys
    (``total_count``, ``has_more``...); descends through ``data`` and single-key objects
    (GraphQL ``{"data": {"repository": {"issues": {"nodes": [...]}}}}``). None otherwise.
    """
    if isinstance(value, list):
        return ""
    path: list[str] = []
    node = value
    for _ in range(max_depth):
        if not isinstance(node, dict):
            return None
        idx = _index(node)
        paginated = any(n in idx for n in PAGINATION_KEYS)
        arrays = [k for k, v in node.items() if isinstance(v, list) and _objects(v)]
        for key in arrays:
            if norm(key) in COLLECTION_KEYS or (paginated and len(arrays) == 1):
                return ".".join([*path, key])
        dicts = [k for k, v in node.items() if isinstance(v, dict)]
        if "data" in node and isinstance(node["data"], dict):
            step = "data"
        elif len(node) == 1 and dicts:
            step = dicts[0]
        elif len(dicts) == 1:
            step = dicts[0]
        else:
            return None
        path.append(step)
        node = node[step]
    return None


def _objects(items: list[Any]) -> bool:
    return bool(items) and all(isinstance(i, dict) for i in items[:20])
