"""Identity: what the API addresses the object by. Always taken.

``id``/``uuid``/``guid``/``uid``/``pk`` (alone, or after the entity's own name: ``orderId`` in
an order), then a member the API addresses the object by (the path parameter of the operation
that reads one: ``{thumbprint}``, ``{issue_number}`` -> ``number``), else a natural key
(``key``, ``slug``, ``number``, ``sha``, ``login``, ``username``, ``handle``, a qualified
``full_name``/``fullPath``), else the first ``*Id``/``*_id`` scalar (a global ``node_id`` only
when nothing else identifies it; one naming another member, ``actor_id`` next to ``actor``, is
a reference and comes last; beside a ``metadata`` part with a plain id, that id: ``{metadata:
{id, createdAt}, tenantId}`` is the record's, ``tenantId`` its tenant's). ``id`` is kept next to a natural key (a natural key may be null: a
draft invoice has no number), and so is the member the API addresses it by when it has no
plain id (``{voucher_code}`` -> ``VoucherCode`` and ``OrderNumber``; ``{path}`` -> ``path`` and
``sha``). An object with no identity of its own takes one from below: its first nested *part*
with an id, a natural key or an id named after the part (a resource's ``metadata.uid``,
``game.GameID``, ``client.client_id``; a part shaped like a person gives its handle; on a
read, first the part's member a path parameter names with the part: ``user.id`` for a
membership read at ``/members/{user_id}``), else a
related person's handle or id (``contact.id``), else the first ``*Id`` of a part (a GeoJSON
feature's ``properties.RegistryID``); not an object with a label of its own, known by that label
rather than by an element of a list it holds or a part's stray ``*Id``.
"""

from __future__ import annotations

from typing import Any

from ..names import base_type, hint, is_leaf
from ..trees import alike, unwrap
from .label import NOT_OWN, is_full_name, is_label, label_rank, pair_value
from .noise import NOISE_WORDS, is_credential, is_noise
from .people import handle, is_person, is_person_node, is_person_object, own_name
from .words import leaf_keys, plural, w

ID_WORDS = frozenset({"id", "uuid", "guid", "uid", "oid", "pk", "identifier"})
NATURAL_KEY_WORDS = frozenset(
    {"key", "slug", "number", "sha", "login", "username", "handle", "arn", "urn"}
)
# what qualifies an id as that of a thing the object goes from or to (``target_repo_id``,
# ``source_branch_id``): a reference, not the object's own id
DIRECTION_WORDS = frozenset({"source", "target", "origin", "destination", "from", "to"})
# what a key orders a listing by, not what names the object (``sortKey`` beside ``page``)
ORDERING_WORDS = frozenset({"sort", "sorting", "orderby"})
# a key qualified by one of these is another moment's (``firstLogin``, ``last_login``: when the
# person signed in; ``last_sha``: an earlier commit's), not what names the object
MOMENT_WORDS = frozenset({"first", "last", "latest", "recent"})
# a bare version of an object known by its name alone: the name and the version say which one
# (a prompt's, a package's ``{name, version}``), as ``{owner, repo}`` do for a repository
VERSION_NAMES = frozenset({("version",), ("revision",)})
FIXED = frozenset({"enum", "const"})  # a value of a few the schema names


def _string(node: Any) -> bool:
    return node is None or base_type(node) == "string"


def is_id_name(key: str) -> bool:
    return w(key)[-1] in ID_WORDS


def own_identity_key(key: str, entity: tuple[str, ...] = ()) -> bool:
    """``id``, ``uuid``... alone or after the entity's own name (``orderId`` in an order)."""
    ws = w(key)
    if ws[-1] not in ID_WORDS:
        return False
    return len(ws) == 1 or (bool(entity) and ws[:-1] == entity[-len(ws[:-1]) :])


def singular(word: str) -> str:
    """``tabs`` -> ``tab``, ``categories`` -> ``category``; a word not plural as it is."""
    if not plural(word):
        return word
    return word[:-3] + "y" if word.endswith("ies") else word[:-1]


# plurals made with ``es`` after a hissing sound (``addresses``, ``classes``, ``matches``)
ES_PLURALS = ("sses", "ches", "shes", "xes", "zzes")


def singulars(word: str) -> set[str]:
    """The singulars a plural may stand for: ``singular``'s (it takes off the ``s`` alone,
    right for ``licenses``) and, for an ``es`` plural, also without the ``es``
    (``addresses``: ``addresse`` or ``address``)."""
    return {singular(word)} | ({word[:-2]} if word.endswith(ES_PLURALS) else set())


def itself_names(entity: tuple[str, ...]) -> set[tuple[str, ...]]:
    """The names of the member that is the object ``entity`` names (its words): the entity's
    name or its last word, made singular when it is a list's (``quotes``: ``quote``;
    ``ip_addresses``: ``ip_address`` or ``address``; ``singular`` takes off the ``s`` alone,
    right for ``licenses``, so an ``es`` plural is tried both ways). Empty for no entity."""
    if not entity:
        return set()
    ones = singulars(entity[-1])
    return {entity, entity[-1:]} | {(*entity[:-1], one) for one in ones} | {(o,) for o in ones}


def named_for_itself(tree: dict[str, Any], entity: tuple[str, ...]) -> str | None:
    """The member named for what the object is (``quote`` of a quote, ``joke`` of a joke, the
    ``resource`` of a tenant resource, a season's ``Season``): a string or a number that *is*
    the object, whatever else it says of it (its author, its length). An item of a list named
    for what it holds kept its author and id and not itself. Not a credential (a token's
    ``token``: hidden by the secrets rule) nor noise."""
    if not entity:
        return None
    names = itself_names(entity)  # a list's item named by its list (``quotes``)
    for key, node in tree.items():
        if w(key) in names and is_leaf(node) and not (is_noise(key) or is_credential(key)):
            if base_type(node) in ("string", "integer", "number"):
                return key
    return None


def listed_own_id(tree: dict[str, Any], listed: tuple[str, ...]) -> str | None:
    """The id after the singular of the name of the list the object is an item of: ``post_id``
    of a ``posts`` item, its own id whatever its type is named (a ``PostSearchResult``, whose
    rules read ``group_id``, the group it was posted in, as what it is)."""
    names = itself_names(listed)
    for key, node in tree.items():
        ws = w(key)
        if len(ws) > 1 and ws[-1] in ID_WORDS and ws[:-1] in names and is_leaf(node):
            return key
    return None


def with_what_each_is(element: Any, own: list[str], listed_as: str | None = None) -> list[str]:
    """An element's own defaults, a list inside it kept by a member of its items
    (``namedPorts.name``) with what each of those items is (``namedPorts.port``,
    ``named_for_itself``): an element's first few defaults stop before it. ``listed_as``: the
    name of the list the element is an item of, whose item is what it names too (a
    ``submitters`` item's ``submitter``)."""
    out = list(own)
    for p in own:
        key, _, rest = p.partition(".")
        inner = unwrap(element.get(key)) if isinstance(element, dict) and rest else None
        if isinstance(element.get(key), list) and isinstance(inner, dict):
            itself = named_for_itself(inner, w(key))
            if itself is not None and f"{key}.{itself}" not in out:
                out.insert(out.index(p) + 1, f"{key}.{itself}")
    itself = named_for_itself(element, w(listed_as)) if listed_as and out else None
    return out + [itself] if itself is not None and itself not in out else out


def _listed_own(leaves: list[str], entity: tuple[str, ...]) -> list[str]:
    """The own id of a list's item named by the list (``entity`` ends with a plural): the id
    after the singular of its name (``tabId`` in an ``approveTabs`` item, ``categoryId`` in a
    ``categories`` item, ``queueMessageId`` in a ``queueMessages`` item); of several, those
    after the most of the name (not the ``messageId`` a queue's message refers to)."""
    if not entity or singular(entity[-1]) == entity[-1]:
        return []
    named = entity[:-1] + (singular(entity[-1]),)
    found = [k for k in leaves if len(w(k)) > 1 and own_identity_key(k, named)]
    most = max((len(w(k)) for k in found), default=0)
    return [k for k in found if len(w(k)) == most]


def _part_of_name(key: str, entity: tuple[str, ...]) -> bool:
    """``key`` is an id after only the last words of the entity's name: ``consentId`` in a
    ``userConsent``, which may be the consent's id (the object refers to a consent) as
    well as its own; beside a bare ``id`` it is the reference (``identity_fields``; beside a
    ``uid`` it stays first: a POSIX account's ``accountId`` and its Unix user's ``uid``)."""
    qualifier = w(key)[:-1]
    return 0 < len(qualifier) < len(entity)


def is_natural_key(key: str) -> bool:
    """``number``, ``slug``, ``sha``, ``login``... and qualified full names (``full_name``,
    ``fullPath``: unique where a plain name is not); never a key that opens something
    (``privateKey``, ``api_key``: a credential, ``noise.is_credential``), nor one a page is
    sorted by (``{page, pageSize, sortKey, sortDirection, records: [...]}``: a list's wrapper,
    not one resource named by its ``sortKey``), nor another moment's (``firstLogin``)."""
    if is_full_name(key):
        return True
    ws = w(key)
    natural = ws[-1] in NATURAL_KEY_WORDS and ws[0] not in NOT_OWN | ORDERING_WORDS | MOMENT_WORDS
    natural = natural and len(ws) <= 2
    return natural and not is_credential(key)


def has_id(tree: Any) -> bool:
    """An identifier of its own (not only a name): a related entity, not a part."""
    tree = unwrap(tree)
    if not isinstance(tree, dict):
        return False
    return any(own_identity_key(k) or is_natural_key(k) for k in leaf_keys(tree))


def has_own_identity(tree: Any, entity: tuple[str, ...] = ()) -> bool:
    """An id (``GameID`` in a ``Game``, with its ``entity`` name; ``tabId`` in an item of
    ``approveTabs``: ``_listed_own``), a natural key or a plain label of its own."""
    tree = unwrap(tree)
    if not isinstance(tree, dict):
        return False
    leaves = leaf_keys(tree)
    return any(
        own_identity_key(k, entity) or is_natural_key(k) or (is_label(k) and len(w(k)) == 1)
        for k in leaves
    ) or bool(_listed_own(leaves, entity))


def named_after(key: str, params: tuple[str, ...]) -> bool:
    """The member is qualified by a path parameter's name (``tag_name`` for ``{tag}``): it
    is that other thing's name or id."""
    return w(key)[:-1] in {w(p) for p in params}


def addressed_by(key: str, params: tuple[str, ...], entity: tuple[str, ...] = ()) -> bool:
    """The API addresses the object by this member: a path parameter has its name
    (``{thumbprint}``), ends with it (``{issue_number}`` -> ``number``), names what the
    member is the name or id of (``{tag}`` -> ``tag_name``), is the member without the
    object's type it is qualified by (``{code}`` -> ``customer_code`` of a customer), or is its name with the
    object's own type named inside (``{external_customer_id}`` -> ``external_id`` of a
    customer, ``entity``); compared without case or separators too (``meetingid`` for
    ``{meetingId}``: one word to the splitter)."""
    ws = w(key)
    return any(
        (len(w(p)) >= len(ws) and w(p)[-len(ws) :] == ws)
        or "".join(w(p)) == "".join(ws)
        or _names_inside(w(p), ws, entity)
        or _qualified_by_type(w(p), ws, entity)
        or _initialled(w(p), key)
        for p in params
    ) or (ws[-1] in ("name", "id") and named_after(key, params))


def _qualified_by_type(
    param: tuple[str, ...], member: tuple[str, ...], entity: tuple[str, ...]
) -> bool:
    """The member is ``param`` qualified by the object's own type (``entity``, less the words
    a schema's name adds for its place in a response, ``SCHEMA_WORDS``): ``customer_code`` of a
    ``CustomerListResponseArray`` for ``/customer/{code}``, as a sibling reads one; not
    ``accountId`` of an ``AccountUserProfile`` (the account's)."""
    qualifier = member[: len(member) - len(param)]
    while len(entity) > 1 and entity[-1] in SCHEMA_WORDS:
        entity = entity[:-1]
    return (
        bool(param)
        and len(member) > len(param)
        and member[len(qualifier) :] == param
        and (qualifier == entity)
    )


def _qualified_once(tree: dict[str, Any], leaves: list[str], keys: tuple[str, ...]) -> list[str]:
    """The one string member that is a path parameter qualified by one word, when no other
    member is so named nor named the parameter alone (``batch_code`` of a bulk charge for
    ``/bulkcharge/{code}``, whatever the word: the type qualifies it in ``_qualified_by_type``),
    asked only of an object with no natural key (a user's ``login`` is what ``/users/{username}``
    takes, not its ``twitter_username``). Not for an id (``{id}`` -> ``user_id`` is a reference), a credential, nor a member named
    after an object beside it (``country_code`` next to ``country``: that one's)."""
    found: list[str] = []
    for p in keys:
        param = w(p)
        if not param or param[-1] == "id" or any(w(k) == param for k in leaves):
            continue
        named = [k for k in leaves if len(w(k)) == len(param) + 1 and w(k)[1:] == param]
        if len(named) == 1 and base_type(tree[named[0]]) == "string":
            key = named[0]
            if not is_credential(key) and not refers(key, tree):
                found.append(key)
    return found[:1] if len(found) == 1 else []


# Words a schema's name adds to the type it describes (``CustomerListResponseArray``).
SCHEMA_WORDS = frozenset(
    {"response", "array", "list", "object", "body", "dto", "model", "item", "items", "data",
     "result", "results", "schema", "fetch", "get", "info", "details", "detail", "resource"}
)  # fmt: skip


def initialled_id(key: str) -> bool:
    """A member named by an initial and ``id`` (``kid``: a key's id, as JSON Web Keys name
    it; ``gid``, ``pid``): three letters, the last two ``id``."""
    return len(key) == 3 and key.isalpha() and key.lower().endswith("id") and key.lower() != "aid"


def _initialled(param: tuple[str, ...], key: str) -> bool:
    """``param`` names the member by its initial: ``kid`` for ``{keyId}``, ``{idpKeyId}``
    (the initial of the word before ``id``)."""
    return (
        initialled_id(key)
        and len(param) >= 2
        and param[-1] == "id"
        and key.lower() == param[-2][0] + "id"
    )


def _names_inside(param: tuple[str, ...], member: tuple[str, ...], entity: tuple[str, ...]) -> bool:
    """``param`` is ``member`` with words of ``entity`` (the object's type) put inside it:
    ``external_customer_id`` for ``external_id`` of a ``CustomerObject``."""
    if len(member) < 2 or not entity or len(param) <= len(member):
        return False
    if any(x in entity for x in member):
        return False  # ``{containerVersionId}`` names a version, not its ``containerId``
    extra = len(param) - len(member)
    return any(
        param[:at] == member[:at]
        and param[at + extra :] == member[at:]
        and all(x in entity or (plural(x) and x[:-1] in entity) for x in param[at : at + extra])
        for at in range(1, len(member))
    )


def identity_fields(
    field_tree: Any,
    entity: tuple[str, ...] = (),
    keys: tuple[str, ...] = (),
    written: bool = False,
) -> tuple[str, ...]:
    """The object's own identity fields (never empty when the object has any scalar that is
    not noise);
    ``keys``: the path parameters that address one such object (``addressed_by``);
    ``written``: the object is a write's answer (``_addressed_below``)."""
    tree = unwrap(field_tree)
    if not isinstance(tree, dict):
        return ()
    leaves = leaf_keys(tree)
    own = [k for k in leaves if own_identity_key(k, entity)] or _listed_own(leaves, entity)
    # a bare ``id`` before an id named by a part of the name (not ``uid`` nor ``uuid``:
    # other ids)
    if any(w(k) == ("id",) for k in own):
        own.sort(key=lambda k: _part_of_name(k, entity))
    elif own and (meta := _meta_identity(tree)):  # ``{metadata: {id}, workflowId}`` of a
        own = [meta, *own]  # cron workflow: its own id first, the workflow's after it
    addressed = sorted(  # by the first parameter naming it (the operation's own first, those
        # of a segment of several after: ``number`` of ``{pullreq_number}`` before the
        # ``source_branch`` of ``{target_branch}...{source_branch}``), the member a parameter
        # names whole before one it ends with
        (k for k in leaves if addressed_by(k, keys, entity) and k not in own),
        key=lambda k: (
            next(i for i, p in enumerate(keys) if addressed_by(k, (p,), entity)),
            not any("".join(w(p)) == "".join(w(k)) for p in keys),
        ),
    )  # ``resourceName`` before ``name`` for ``{resourceName}``; then a second own key the API
    # addresses it by (``uuid`` beside ``id`` for ``{env_uuid}``), before a natural key
    addressed += [k for k in own[1:] if addressed_by(k, keys, entity)]
    if not any(is_natural_key(k) for k in leaves):  # ``login`` beside ``twitter_username``
        addressed = addressed or _qualified_once(tree, leaves, keys)
    natural = sorted(
        (
            k
            for k in leaves
            if is_natural_key(k)
            and k not in own + addressed
            and not _persons_title(k, tree, entity)
        ),
        key=lambda k: natural_rank(k, tree, entity),
    )
    # a second own key (``identifier`` next to ``id``) after natural keys
    natural += [k for k in own[1:] if k not in addressed]
    if not own:  # no plain id: the first ``*Id`` is the stable one next to a natural key
        # (or one named by its initial: a JSON Web Key's ``kid``, unless a part has an id the
        # object is known by: a login request's ``client.client_id`` beside its session's
        # ``sid``)
        ids = [k for k in leaves if is_id_name(k) and w(k)[0] not in NOT_OWN]
        initialled = [k for k in leaves if initialled_id(k) and _string(tree[k]) and k not in ids]
        if initialled and not _identity_below(tree):
            ids += initialled
        # ``actor_id`` next to ``actor``: a reference, last; one the API addresses it by
        # first (the ``PlayerID`` of ``{playerid}`` before a ``DraftKingsPlayerID``)
        ids.sort(key=lambda k: (refers(k, tree), k not in addressed))
        noisy = [k for k in ids if set(w(k)) & NOISE_WORDS]  # node_id next to a sha: no
        # nor an id of a thing it goes from or to (``target_repo_id`` beside a pull request's
        # ``number``): a reference, where a natural key names the object itself
        noisy += [k for k in ids if refers(k, tree) or w(k)[0] in DIRECTION_WORDS]
        own = [k for k in ids if not ((natural or addressed) and k in noisy)][:1]
        if ids and (meta := _meta_identity(tree)):
            own = [meta]  # ``{metadata: {id}, tenantId}``: the record's own, not its tenant's
    # the member the API addresses it by stands for a plain id: a natural key comes next to it
    # (not twice: the first ``*Id`` may be the member the API addresses it by, ``{settingId}``)
    others = [k for k in addressed + natural if k not in own[:1]]
    chosen = (own[:1] + others[:1]) if own else addressed[:1] + natural[:1]
    if not own:  # known by no id of its own but by what its address says: each member a
        # parameter of its address names (``/runtimes/{kind}-{release}``: both), one each
        chosen += [k for k in _by_each_key(addressed, keys, entity) if k not in chosen]
    if chosen == addressed[:1] and addressed and is_label(addressed[0]):
        # a resource name (``name`` read at ``/v1/{name}``) says where the object is, not
        # what it is about: a part's id comes beside it (a membership's
        # ``preferredMemberKey.id``: who the member is)
        part = _identity_below(tree, labelled=True)
        chosen += [part] if part else []
    if not chosen:  # a labelled value named as an id: ``{"id": {"label": "ID", "value": 7}}``
        pairs = {k: pair_value(v) for k, v in tree.items() if isinstance(v, dict)}
        chosen = [f"{k}.{v}" for k, v in pairs.items() if v and own_identity_key(k, entity)][:1]
    if not chosen:
        below = _addressed_below(tree, keys) if written else _named_below(tree, keys)
        if below:
            return below
        found = _identity_below(tree, labelled=any(is_label(k) for k in leaves))
        if found:
            return (found,)
    if not chosen:  # its label, else its first scalar that is not noise (a page's cursor,
        # a secret: ``{columnHeader, data, nextPageToken}`` is not known by its cursor); an
        # open object (``annotations: {type: object}``) last: it names nothing
        labels = sorted((k for k in leaves if is_label(k)), key=label_rank)
        plain = sorted(
            (k for k in leaves if not is_noise(k)),
            key=lambda k: isinstance(tree[k], str) and base_type(tree[k]) == "any",
        )
        chosen = labels[:1] or plain[:1]
    if not own and chosen and is_label(chosen[0]):  # known by its name alone: which version
        # (not one of a few named formats, ``version: V1 | V2``: how it is written)
        versions = [k for k in leaves if w(k) in VERSION_NAMES and hint(tree[k]) not in FIXED]
        chosen += [k for k in versions if k not in chosen][:1]
    return tuple(chosen)


def _by_each_key(addressed: list[str], keys: tuple[str, ...], entity: tuple[str, ...]) -> list[str]:
    """The first member each path parameter names, in the parameters' order, when
    ``addressed`` holds members named by two of them or more."""
    found = [next((k for k in addressed if addressed_by(k, (p,), entity)), None) for p in keys]
    named = [k for k in dict.fromkeys(found) if k is not None]
    return named if len(named) >= 2 else []


def minted_id(tree: Any, keys: tuple[str, ...] = ()) -> str | None:
    """A write's record known by a bare ``Id`` beside one id qualified by one word (``{Id,
    MessageId, MD5OfMessageBody}``: a batch send's result per entry): the bare one may be the
    caller's own entry key answered back, and the qualified one the identity the service gave
    the record, what a later call needs: that member. Not an id of an object the record holds
    (``actor_id`` next to ``actor``), nor one named after a path parameter (the parent the
    record is under), nor one whose qualifier says it is not the record's own (``parentId``);
    none when there are several (references, not one identity)."""
    tree = unwrap(tree)
    if not isinstance(tree, dict):
        return None
    leaves = leaf_keys(tree)
    bare = [k for k in leaves if is_id_name(k) and len(w(k)) == 1]
    if len(bare) != 1 or w(bare[0])[0] != "id":
        return None
    params = {w(p)[0] for p in keys if w(p)}
    found = [
        k for k in leaves
        if is_id_name(k) and len(w(k)) == 2 and w(k)[0] not in NOT_OWN | params
        and not refers(k, tree) and not named_after(k, keys)
    ]  # fmt: skip
    return found[0] if len(found) == 1 else None


def _persons_title(key: str, tree: dict[str, Any], entity: tuple[str, ...]) -> bool:
    """A person's full title (``fullTitle``: their name with their job, ``"Ada, Coach at
    X"``) beside a name of their own: no qualified unique name (a repository's
    ``full_name``) but what they do; their name says who they are (``label_steps``)."""
    return (
        w(key)[-1] == "title"
        and is_person_object(tree, entity)
        and any(own_name(k) for k in leaf_keys(tree))
    )


def natural_rank(key: str, tree: dict[str, Any], entity: tuple[str, ...]) -> int:
    """Natural keys, the object's own first: named after the object (``run_number`` in a
    workflow run), then bare (``number``), then other qualified ones (``full_name``), last
    those named after an object it holds (``head_sha`` next to ``head_commit``: that one's)."""
    ws = w(key)
    if len(ws) == 1:
        return 1
    if entity and ws[:-1] == entity[-len(ws[:-1]) :]:
        return 0
    related = any(
        k != key and w(k)[:1] == ws[:1] and isinstance(unwrap(v), dict) for k, v in tree.items()
    )
    return 3 if related else 2


def refers(key: str, tree: dict[str, Any]) -> bool:
    """A ``*_id`` of another thing the object holds, a member of that name (``actor_id`` next
    to ``actor``): a reference, not the object's own id."""
    qualifier = w(key)[:-1]
    return bool(qualifier) and any(w(k) == qualifier for k in tree if k != key)


def _addressed_below(tree: dict[str, Any], keys: tuple[str, ...]) -> tuple[str, ...]:
    """A write's answer with no identity of its own whose part (no list's elements, no
    person, no links, none of several parts of one schema) holds the member a path parameter
    names (``metadata.accessId`` for
    ``{accessId}``): that member, what the next call takes, and the part's own id beside it
    (``metadata.id``)."""
    for key, sub in tree.items():
        if not isinstance(sub, dict) or is_person(key) or is_noise(key):
            continue
        if any(alike(sub, unwrap(v)) for k, v in tree.items() if k != key):
            continue  # one of several parts of one schema (two digests): not which one it is
        named = sorted(  # the member a parameter names whole first (as above)
            (k for k in leaf_keys(sub) if addressed_by(k, keys)),
            key=lambda k: not any("".join(w(p)) == "".join(w(k)) for p in keys),
        )
        if named:
            own = [k for k in identity_fields(sub, w(key)) if k != named[0]]
            first = (
                own[0]
                if own and (own_identity_key(own[0], w(key)) or is_natural_key(own[0]))
                else None
            )
            return tuple(f"{key}.{k}" for k in [named[0], *([first] if first else [])])
    return ()


def _named_below(tree: dict[str, Any], keys: tuple[str, ...]) -> tuple[str, ...]:
    """A read's object with no identity of its own that the API addresses by a part's member,
    the path parameter naming the part and the member (``{user_id}`` -> ``user.id`` of a
    membership ``{user: {id, username}, joined_at}``): that member, what the next call takes
    (the last parameter first: the one that addresses the object, not what it belongs to);
    else the one part holding a member the parameter names whole, a name of several words
    (``device.devEui`` for ``{devEui}`` of ``{device: {devEui, applicationId, name},
    createdAt, lastSeenAt}``: not the part's first ``*Id``, what it belongs to), also when
    the parameter runs its words together (``score.HomeTeam`` for ``{hometeam}``)."""
    for param in reversed(keys):
        name = "".join(w(param))
        whole = []
        for key, sub in tree.items():
            if isinstance(sub, dict):  # a part, not a list's elements
                joined = [k for k in leaf_keys(sub) if "".join(w(key) + w(k)) == name]
                if joined:
                    return (f"{key}.{joined[0]}",)
                whole += [  # of several words, as the parameter or the member writes it
                    f"{key}.{k}" for k in leaf_keys(sub)
                    if "".join(w(k)) == name and max(len(w(param)), len(w(k))) > 1
                ]  # fmt: skip
        if len(whole) == 1:
            return (whole[0],)
    return ()


# the last word of a part's name that says it describes something (``CRCaseInformation``,
# ``order_details``, ``account_summary``): the rest of its name says what
ABOUT_WORDS = frozenset({"information", "info", "details", "detail", "summary", "overview"})


def _named_in(key: str, entity: tuple[str, ...]) -> bool:
    """An id qualified by what a part named as information about something describes
    (``CaseIdentifier`` of a ``CRCaseInformation``): that thing's id, the object's."""
    ws = w(key)
    return (
        is_id_name(key)
        and len(ws) > 1
        and len(entity) > 1
        and entity[-1] in ABOUT_WORDS
        and set(ws[:-1]) <= set(entity[:-1])
    )


# the part where a record keeps its own id and times (``metadata: {id, createdAt}``)
RECORD_META_WORDS = frozenset({"meta", "metadata"})


def _meta_identity(tree: dict[str, Any]) -> str | None:
    """``metadata.id``: the id of the record's metadata part (``{metadata: {id, createdAt,
    updatedAt}, tenantId, workflowId}``), its own where the ``*Id`` members beside it name
    what it belongs to; None when the part has no plain id (a Kubernetes object's
    ``metadata`` names it by ``name``, found below)."""
    for key, sub in tree.items():
        if isinstance(sub, dict) and "".join(w(key)) in RECORD_META_WORDS:  # not ``oidc_meta``
            ids = [k for k in leaf_keys(sub) if own_identity_key(k)]
            if ids:
                return f"{key}.{ids[0]}"
    return None


def _identity_below(tree: dict[str, Any], labelled: bool = False) -> str | None:
    """An object with no identity of its own takes one from below: the first part with an id,
    a natural key or an id named after the part (``game.GameID``, ``client.client_id``), else
    the first related person's handle or id (a rule that routes to ``contact: {id, type}``),
    else the first ``*Id`` of a part (a GeoJSON feature's ``properties.RegistryID``). An object
    with a label of its own (``labelled``: a dataset's ``name``) is known by that label: not by
    the key of an element of a list it holds (a descriptor's ``labels[].key``: another thing's)
    nor by a stray ``*Id`` of a part (``tablesDatasetMetadata.mlUseColumnSpecId``: a reference)."""

    nested = [
        (key, unwrap(sub))
        for key, sub in tree.items()
        if isinstance(unwrap(sub), dict) and not (labelled and isinstance(sub, list))
    ]
    parts = [(k, sub) for k, sub in nested if not is_person(k)]
    people = [(k, sub) for k, sub in nested if isinstance(tree[k], dict) and is_person(k)]
    for group in (parts, people):
        for key, sub in group:
            entity = w(key) if isinstance(tree[key], dict) else ()  # a list's: its elements'
            inner = identity_fields(sub, entity)
            first = inner[0].split(".")[0] if inner else ""
            if inner and (
                own_identity_key(first, entity) or is_natural_key(first) or _named_in(first, entity)
            ):
                found = handle(sub) if is_person_node(key, sub) else None
                return f"{key}.{found or inner[0]}"
    for key, sub in [] if labelled else parts:
        if not isinstance(tree[key], dict) or is_person_node(key, sub) or is_noise(key):
            continue  # a list's elements are not a part of it, nor a person, nor links
        ids = [k for k in leaf_keys(sub) if is_id_name(k) and w(k)[0] not in NOT_OWN]
        ids.sort(key=lambda k: refers(k, sub))
        if ids:
            return f"{key}.{ids[0]}"
    return None
