"""Which path parameters address one object of an operation's response (identity hints for
the defaults: ``runtime/shaping/roles/identity.addressed_by``).

- An item path's last parameter addresses its object (``/certs/{thumbprint}``); a collection's
  items are addressed by the parameter of the path one level down (``/things`` ->
  ``{thingKey}`` of ``/things/{thingKey}``; also when the collection is written with a
  trailing slash, ``/things/``). A format suffix is the same address
  (``/Messages/{Sid}.json`` beside ``/Messages.json``), and so is a query written into the
  path (``/v1/skills/{skill_id}/versions?beta=true``).
- A collection's other address: ``/releases/tags/{tag}`` beside ``/releases`` and
  ``/releases/{release_id}``, where ``/releases/tags`` is no path of its own and whose GET
  answers with the same schema as the item path's GET (the same objects, found by another
  member: ``tag_name``). An action on an item (``/orders/CreateInvoice/{id}``), a sub-resource
  or a different answer (an image, another schema) is not an address.
- An item's action (``POST /constants/{key}/archive``: a path one literal below an item path,
  with no GET and nothing below it, also written with a trailing slash) that answers with
  the item's schema (the schema the item path's GET answers with, or one of that answer's
  members': ``{constant: Constant}``) answers about that item: the item path's parameters
  address it too (the archived ``constant: {id, key, ...}`` beside the gates it passed). An
  action answering something else (a task that names the index it works on: ``{taskUid,
  indexUid, status}``) is not addressed so. A sub-resource a GET reads
  (``/users/{id}/settings``), a collection under the item (``/issues/{n}/comments`` with
  ``/{comment_id}`` below) and a method of a sub-collection
  (``/spreadsheets/{id}/values:batchUpdate``: the ranges it wrote) are not actions.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import defaultdict
from typing import Any, Iterator

from ..runtime.shaping.roles.identity import is_id_name, is_natural_key, own_identity_key
from ..runtime.shaping.roles.words import w
from .document import Document
from .refs import RefResolver, Resolved
from .response_shape import success_body

LAST_PARAM = re.compile(r"^(.*)/\{([^{}/]+)\}/?$")
ACTION = re.compile(r"^(.*/\{[^{}/]+\})/([^{}/]+)/?$")  # an item path, then one literal
OTHER_ADDRESS = re.compile(r"^(.*)/([^{}/]+)/\{([^{}/]+)\}/?$")
# a last segment of several parameters joined by literals (``{kind}-{release}``)
COMPOUND_PARAMS = re.compile(r"^(.*)/((?:[^{}/]*\{[^{}/]+\}){2,}[^{}/]*)/?$")
PARAM = re.compile(r"\{\+?([^{}/]+)\}")
FULL_PARAM = re.compile(r"\{\+?([^{}/]+)\}")  # a whole segment that is one parameter
METHOD = re.compile(r"\{\+?([^{}/]+)\}:[A-Za-z]\w*")  # a custom method of what it names
# A format suffix after the last segment (``/Messages/{Sid}.json`` beside ``/Messages.json``):
# the same address written with the format it answers in.
FORMAT_SUFFIX = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,5}$")


def _bare(path: str) -> str:
    """The path without a query written into it (``/v1/skills/{skill_id}?beta=true``: the
    same address), a format suffix and a trailing slash."""
    return FORMAT_SUFFIX.sub("", path.split("?", 1)[0].rstrip("/")) or "/"


def addresses_one(path: str) -> bool:
    """The path names one object: its last segment is a parameter (``/things/{id}``,
    ``/Messages/{Sid}.json``); what a GET of it answers is that object's page, also when the
    API wraps it in a list (``{Things: [{...}]}``: ``DefaultsContext.one``)."""
    return LAST_PARAM.match(_bare(path)) is not None


def address_keys(
    paths: dict[str, Any], doc: Document, resolver: RefResolver
) -> dict[str, tuple[str, ...]]:
    """Path -> the path parameters that address one object of its response (module doc)."""
    ordered = sorted(p for p in paths if p.startswith("/"))
    known = {path.rstrip("/") or "/" for path in ordered}
    suffixed = {_bare(p): p for p in ordered if _bare(p) != (p.rstrip("/") or "/")}
    written: dict[str, str] = {}  # a collection as the description writes it (``/apis/``)
    for path in ordered:
        written.setdefault(path.rstrip("/") or "/", path)
    keys: dict[str, tuple[str, ...]] = {}
    for path in ordered:
        found = LAST_PARAM.match(_bare(path))
        if found:
            keys[path] = (found.group(2),) + tuple(
                k for k in keys.get(path, ()) if k != found.group(2)
            )
            collection = found.group(1) or "/"
            at = suffixed.get(collection) or written.get(collection, collection)
            if found.group(2) not in keys.get(at, ()):
                # an item path is also the collection of the path one level down
                # (``/keys/{set}`` and ``/keys/{set}/{kid}``): both address its objects
                keys[at] = keys.get(at, ()) + (found.group(2),)
    for path in ordered:  # ``/runtimes/{kind}-{release}``: all its parameters address it
        compound = _compound_address(path)
        if compound is not None:
            collection, params = compound
            keys[path] = params + tuple(k for k in keys.get(path, ()) if k not in params)
            at = suffixed.get(collection) or written.get(collection, collection)
            keys[at] = keys.get(at, ()) + tuple(p for p in params if p not in keys.get(at, ()))
    children: dict[str, list[str]] = defaultdict(list)  # item paths by their collection
    for path in ordered:
        if (collection := parent(path)) is not None:
            children[collection].append(path)
    for path in ordered:
        other = OTHER_ADDRESS.match(path)
        if not other or other.group(1) not in known:
            continue
        collection, literal, param = other.groups()
        if f"{collection}/{literal}" in known:
            continue  # a sub-collection (``/issues/{n}/comments``), not another address
        items = [p for p in children[collection] if p != path]
        answer = get_schema_name(paths[path], doc, resolver)
        if answer is None or answer not in {
            get_schema_name(paths[i], doc, resolver) for i in items
        }:
            continue
        for addressed in [collection, *items]:
            if param not in keys.get(addressed, ()):
                keys[addressed] = keys.get(addressed, ()) + (param,)
    for path in ordered:
        if path in keys or (item := _acted_on(path, paths, known, ordered)) is None:
            continue
        item = written.get(item, item)  # as the description writes it (``/users/{id}/``)
        read = _schema_names(paths[item], "get", doc, resolver)
        if any(
            read[0] & acted[0] or read[1] & acted[1]
            for method in ("post", "put", "patch")
            for acted in [_schema_names(paths[path], method, doc, resolver)]
        ):
            keys[path] = keys.get(item, ())
    _by_schema(keys, paths, ordered, doc, resolver)
    _by_full_name(keys, ordered, known)
    return keys


def _compound_address(path: str) -> tuple[str, tuple[str, ...]] | None:
    """The collection and the parameters of a path whose last segment is several parameters
    joined by literals (``/runtimes/{kind}-{release}``, ``/files/{name}.{ext}``), each named
    without the pattern a template may write after it (``{kind: [^-]+}``: ``kind``); None for
    any other path."""
    found = COMPOUND_PARAMS.match(_bare(path))
    if not found:
        return None
    params = tuple(dict.fromkeys(n.split(":", 1)[0].strip() for n in PARAM.findall(found.group(2))))
    if len(params) < 2 or not all(params):
        return None
    return found.group(1) or "/", params


def _lowered(segments: list[str]) -> tuple[str, ...]:
    return tuple(s.lower() for s in segments)


def _by_full_name(keys: dict[str, tuple[str, ...]], ordered: list[str], known: set[str]) -> None:
    """A collection below a parent's full name (``/v3/{parent}/companies``) whose objects a
    read by full name addresses (``/v3/{name}``: literals that are no path of their own, then
    one parameter where the collection has another, holding a whole resource name such as
    ``projects/p/companies/c``) takes that read's parameter; also a method on such a
    collection (``/v1/{parent}/things:search``), and a custom method of a resource named so
    (``/v2/{name}:undelete``: the folder it restores). Not ``/users/{id}`` for
    ``/users/{id}/repos`` (the same parameter: their owner), nor a read whose literals are a
    collection (``/users``), nor one by a qualified parameter (``/v1/{groupName}``: groups
    only, not the group stats of ``/v1/{projectName}/groupStats``)."""
    flat: dict[tuple[str, ...], str] = {}
    for path in ordered:
        segments = [s for s in _bare(path).split("/") if s]
        if len(segments) < 2:
            continue
        literals = segments[:-1]
        if any("{" in s for s in literals) or "/" + "/".join(literals) in known:
            continue
        read = FULL_PARAM.fullmatch(segments[-1])
        if read and len(w(read.group(1))) == 1:  # not ``{groupName}``: groups only
            flat.setdefault(_lowered(literals), read.group(1))
    if not flat:
        return
    for path in ordered:
        if path in keys:
            continue
        segments = [s for s in _bare(path).split("/") if s]
        method = METHOD.fullmatch(segments[-1]) if segments else None
        reader = flat.get(_lowered(segments[:-1])) if len(segments) > 1 else None
        if method and reader and method.group(1) == reader:
            keys[path] = (reader,)  # ``/v2/{name}:undelete``: a method of what it names
            continue
        for at in range(1, len(segments) - 1):
            name = flat.get(_lowered(segments[:at]))
            parent = FULL_PARAM.fullmatch(segments[at])
            if name and parent and parent.group(1) != name:
                keys[path] = (name,)
                break


def _by_schema(
    keys: dict[str, tuple[str, ...]],
    paths: dict[str, Any],
    ordered: list[str],
    doc: Document,
    resolver: RefResolver,
) -> None:
    """A collection no parameter of its own addresses, whose GET lists the objects an item
    path's GET answers with (the same named schema: the items of a list it is or holds),
    takes that item path's parameter, for each of its operations: resource-oriented APIs
    read every resource by one flat full name (``GET /v3/{name}`` answers a ``Company``;
    ``GET /v3/{parent}/companies`` lists them, ``POST`` there creates one). Not an action
    answering such an object (``POST /instances/{instance}/createEphemeral`` answers an
    ``SslCert`` read at ``/sslCerts/{sha1Fingerprint}``, whose point is the certificate it
    mints). Schemas several item paths read take each one's."""
    read: dict[str, tuple[str, ...]] = {}
    for path in ordered:
        found = LAST_PARAM.match(_bare(path))
        name = get_schema_name(paths[path], doc, resolver) if found else None
        if found and name and found.group(2) not in read.get(name, ()):
            read[name] = read.get(name, ()) + (found.group(2),)
    if not read:
        return
    for path in ordered:
        if path in keys:
            continue
        listed = _listed_objects(paths[path], "get", doc, resolver)
        taken = tuple(k for n in listed if n in read for k in read[n])
        if taken:
            keys[path] = tuple(dict.fromkeys(taken))


def _listed_objects(path_item: Any, method: str, doc: Document, resolver: RefResolver) -> list[str]:
    """The names of the objects an operation answers a list of: the items of a list it is,
    or of the lists it holds (a page: ``{companies: [Company], nextPageToken}``)."""
    answer = _answer(path_item, method, doc, resolver)
    if answer is None or not isinstance(answer.value, dict):
        return []
    if answer.value.get("type") == "array" or "items" in answer.value:
        items = answer.value.get("items")
        named = resolver.deref(items, answer.doc, "").name if isinstance(items, dict) else None
        return [named] if named else []
    found: list[str] = []
    for member in (answer.value.get("properties") or {}).values():
        if not isinstance(member, dict):
            continue
        value = resolver.deref(member, answer.doc, "")
        items = value.value.get("items") if isinstance(value.value, dict) else None
        if isinstance(items, dict) and (named := resolver.deref(items, value.doc, "").name):
            found.append(named)
    return found


def _schema_names(
    path_item: Any, method: str, doc: Document, resolver: RefResolver
) -> tuple[set[str], set[str]]:
    """The names of the schemas an operation answers with: its success body's, and those of
    the body's members (``{constant: {$ref: Constant}, bypassedGates: [...]}``). Compared
    level by level: an answer that is one of the item's members (its ``spec``) is a part."""
    answer = _answer(path_item, method, doc, resolver)
    if answer is None:
        return set(), set()
    members = answer.value.get("properties") if isinstance(answer.value, dict) else None
    found = {
        resolver.deref(member, answer.doc, "").name
        for member in (members or {}).values()
        if isinstance(member, dict)
    }
    return ({answer.name} if answer.name else set()), {n for n in found if n}


def _acted_on(path: str, paths: dict[str, Any], known: set[str], ordered: list[str]) -> str | None:
    """The item path whose item ``path`` acts on (module doc), None when it is no action."""
    action = ACTION.match(path)
    if action is None or action.group(1) not in known or ":" in action.group(2):
        return None  # ``/{id}/values:batchUpdate``: a method of the item's sub-collection
    operations = paths[path] if isinstance(paths[path], dict) else {}
    if "get" in operations or not any(m in operations for m in ("post", "put", "patch")):
        return None  # a sub-resource read, or no write
    if next(_below(path, ordered), None) is not None:
        return None  # a collection under the item
    return action.group(1)


def _below(path: str, ordered: list[str]) -> Iterator[str]:
    """The paths below ``path`` (``ordered`` is sorted: they are contiguous), not ``path``
    itself written with a trailing slash (``/{key}/archive/``)."""
    below = path.rstrip("/") + "/"
    for at in range(bisect_left(ordered, below), len(ordered)):
        if not ordered[at].startswith(below):
            return
        if ordered[at] != below:
            yield ordered[at]


def acted_key(path: str, tree: Any, ordered: list[str], entity: tuple[str, ...] = ()) -> str | None:
    """The parameter naming the item a write acts on below its address (``{recipientId}`` of
    ``DELETE /recipients/{recipientId}/bulk_recipients``: an item path, then one literal)
    when the one object the write answers (``tree``, its field tree) has a member of the
    parameter's very name (a scalar; the parameter named as an id), compared without case or
    separators, and no identity of its own (``id``, ``key``, ``entity``'s id): that member says which
    item the call changed, as the path's own parameter does on ``/things/{id}``
    (``address_keys`` takes only paths ending with a parameter). Not when the literal is a
    collection whose items have paths of their own (``ordered``, the description's paths
    sorted: ``POST /customers/{id}/wallets`` beside ``/customers/{id}/wallets/{code}``
    answers a wallet, which the customer's parameter does not name)."""
    found = ACTION.match(_bare(path))
    if not found or not isinstance(tree, dict):
        return None
    collection = path.rstrip("/")
    if any(
        (item := LAST_PARAM.match(p)) and item.group(1) == collection for p in _below(path, ordered)
    ):
        return None
    if any(own_identity_key(k, entity) or (is_natural_key(k) and len(w(k)) == 1) for k in tree):
        return None  # an identity of its own (``id``, ``key``): another object (a task)
    param = LAST_PARAM.match(found.group(1))
    if param is None or not is_id_name(param.group(2)):
        return None  # (``{instance}``: an answer's ``instance`` names its parent)
    name = param.group(2)
    wanted = "".join(w(name))
    scalar = any("".join(w(k)) == wanted and isinstance(v, str) for k, v in tree.items())
    return name if scalar else None


def own_parameter(path: str) -> str | None:
    """The parameter a path ends with (``{raceid}`` of ``/races/{raceid}``): it addresses what
    the path answers with when that is one object; a list there is that object's list, and the
    parameter addresses none of its items (each entry of a race repeats the race's id)."""
    found = LAST_PARAM.match(_bare(path))
    return found.group(2) if found else None


def parent(path: str) -> str | None:
    found = LAST_PARAM.match(path)
    return found.group(1) if found else None


def get_schema_name(path_item: Any, doc: Document, resolver: RefResolver) -> str | None:
    """The name of the schema a path's GET answers with (its ``$ref``), None without one."""
    answer = _answer(path_item, "get", doc, resolver)
    return answer.name if answer is not None else None


def _answer(path_item: Any, method: str, doc: Document, resolver: RefResolver) -> Resolved | None:
    """The schema an operation of a path answers with on success, None without one."""
    item = resolver.deref(path_item, doc, "")
    operation = item.value.get(method) if isinstance(item.value, dict) else None
    if not isinstance(operation, dict):
        return None
    body = success_body(operation.get("responses"), item.doc, resolver)
    if not isinstance(body.schema, dict) or body.doc is None:
        return None
    return resolver.deref(body.schema, body.doc, "")
