"""What a successful response looks like: media type, collection path, field tree, defaults.

The success response is the first ``2xx`` (200 before 201 ..., ``2XX`` last) that has JSON
content, else the first with XML content (read by the server into the tree JSON would give;
its layout: xml_layout.py); ``default`` is used only when the operation declares no ``2xx``
response at all (when it does, ``default`` describes errors). The field tree follows the shared format (type
string | nested dict | one-element list), merges ``allOf``, unions ``oneOf``/``anyOf``, skips
``writeOnly`` properties, stops at ``MAX_DEPTH`` nested objects ("any" below; an object of
one member, a wrapper, costs no level), at fewer levels when a tree would name more than
``MAX_FIELDS`` fields (Stripe's expandable objects), and at recursive refs ("any").

Payload: ``runtime/shaping/collections.find_payload`` on the whole tree (the same rules the
server applies to an undescribed response): an array body has ``collection_path == ""``; a
wrapper's payload list is found whatever its key and siblings (``{total_count, workflow_runs}``,
``{apiVersion, kind, metadata, items}``, JSON:API ``data``, HAL ``_embedded.things``); a wrapper
around one resource (``{"data": {...}}``) sets ``envelope_path``. ``field_tree`` and
``default_fields`` then describe ONE item (or the enveloped resource), ``schema_name`` is its
component name when it has one, and ``wrapper_tree`` keeps the list wrapper's own fields. The loader chooses no defaults: it
records what they are chosen from (``context``: the entity and the path keys, and the item's
unbounded ``decision_tree``), and ``generator/decisions.py`` decides once the overlay is applied.
Scalar leaves carry schema hints (``string:time``, ``string:enum``...: runtime/shaping/names.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from ..ir.models import ResponseShape
from ..runtime.upstream.media import XML, media_kind
from ..runtime.shaping.called import called_words
from ..runtime.shaping.chunking import get_at
from ..runtime.shaping.collections import LIST_KEYS, Payload, dotted, find_payload, is_meta_key
from ..runtime.shaping.decision import DefaultsContext, named_by_list
from ..runtime.shaping.names import DECIMAL, STRINGS_MAP, base_type, decimal_string, is_leaf
from ..runtime.shaping.names import integer_string, norm, schema_hint
from ..runtime.shaping.names import with_hint, words
from ..runtime.shaping.roles.label import is_label, label_rank
from ..runtime.shaping.roles.people import is_person
from ..runtime.shaping.roles.identity import addressed_by, identity_fields, is_id_name
from ..runtime.shaping.roles.relation import stub_text
from ..runtime.shaping.trees import EVERY_KEY, is_map, unwrap
from .document import Document
from .refs import RefResolver, Resolved, is_ref
from .schemas import TYPE_SLIPS
from .xml_layout import xml_layout

MAX_DEPTH = 4
MAX_FIELDS = 1000  # field names in one tree; deeper levels are cut (to "any") to stay under it
EXPANDABLE_DEPTH = 2  # expandables are looked for in the object and one level down
SCALARS = ("string", "integer", "number", "boolean", "null")
_SUCCESS = re.compile(r"2(\d\d|XX)")


def is_json_media_type(media_type: str) -> bool:
    base = media_type.split(";")[0].strip().lower()
    return base == "application/json" or base.endswith("+json") or base in ("*/*", "application/*")


def merge_trees(a: Any, b: Any) -> Any:
    """Union of two field trees (None = nothing known yet)."""
    if a is None or a == b:
        return b if a is None else a
    if b is None:
        return a
    if isinstance(a, dict) and isinstance(b, dict):
        merged = dict(a)
        for key, value in b.items():
            merged[key] = merge_trees(merged.get(key), value)
        return merged
    if isinstance(a, list) and isinstance(b, list):
        return [merge_trees(a[0], b[0])]
    records = _records_either(a, b)
    if records is not None:
        return records
    a_container, b_container = isinstance(a, (dict, list)), isinstance(b, (dict, list))
    if a_container and b_container:
        return "any"  # an object in one branch, an array of values in another
    if a_container or b_container:
        return a if a_container else b
    if "null" in (a, b):
        return b if a == "null" else a
    if base_type(a) == base_type(b):
        return base_type(a)  # the same type with different hints: no hint
    if {base_type(a), base_type(b)} == {"integer", "number"}:
        return "number"
    return "any"


def _records_either(a: Any, b: Any) -> dict[str, Any] | None:
    """An object in one branch and a list of objects in another (a path that answers one file
    or a folder's entries, ``oneOf: [[entry], file, symlink]``): the members of both, as the
    object's tree (a list's items are read through it), so that no branch's members are lost
    to the order the branches come in; None for any other pair."""
    one, many = (a, b) if isinstance(a, dict) else (b, a)
    if not (isinstance(one, dict) and isinstance(many, list) and many):
        return None
    item = many[0]
    return merge_trees(one, item) if isinstance(item, dict) and item else None


def _level_sizes(tree: Any, limit: int) -> list[int]:
    """Number of field names at each object level, counted until ``limit`` is passed."""
    sizes: list[int] = []
    level = [tree]
    total = 0
    while level and total <= limit:
        next_level: list[Any] = []
        count = 0
        for node in level:
            while isinstance(node, list):
                node = node[0]
            if isinstance(node, dict):
                count += len(node)
                next_level.extend(node.values())
        if not count:
            break
        sizes.append(count)
        total += count
        level = next_level
    return sizes


def bounded_tree(tree: Any, max_depth: int = MAX_DEPTH, max_fields: int = MAX_FIELDS) -> Any:
    """A copy of ``tree`` cut to at most ``max_depth`` object levels, fewer when needed to keep
    at most ``max_fields`` names (the first level is always kept whole)."""
    depth, total = 0, 0
    for size in _level_sizes(tree, max_fields)[:max_depth]:
        if depth and total + size > max_fields:
            break
        depth, total = depth + 1, total + size
    return trim_tree(tree, max(depth, 1))


def is_wrapper(tree: Any) -> bool:
    """An object of one member (no map of records): a wrapper around its member, which costs
    no depth level (``{"topics": {"results": {"topics": {"segments": [...]}}}}`` keeps the
    segments' members): it names one field, so the field count stays bounded."""
    return isinstance(tree, dict) and len(tree) == 1 and EVERY_KEY not in tree


def trim_tree(tree: Any, depth: int) -> Any:
    """Replace objects nested deeper than ``depth`` by "any" (a wrapper costs no level)."""
    if isinstance(tree, dict):
        if depth <= 0:
            return "any"
        below = depth if is_wrapper(tree) else depth - 1
        return {k: trim_tree(v, below) for k, v in tree.items()}
    if isinstance(tree, list):
        return [trim_tree(tree[0], depth)]
    return tree


def _counted(name: str, raw: Any) -> bool:
    """A member (``raw``: its schema, its reference followed) holding an integer written as a
    string (``names.integer_string``) whose name is neither an identity's nor a person's: a
    figure, as a number is."""
    return (
        isinstance(raw, dict)
        and integer_string(raw)
        and not is_id_name(name)
        and not is_person(name)
    )


class FieldTreeBuilder:
    def __init__(self, resolver: RefResolver):
        self.resolver = resolver
        self._memo: dict[tuple[str, int], Any] = {}

    def tree(self, node: Any, doc: Document, max_depth: int = MAX_DEPTH) -> Any:
        return self._tree(node, doc, max_depth, ()) or "any"

    def _tree(
        self, node: Any, doc: Document, depth: int, stack: tuple[tuple[str, int], ...]
    ) -> Any:
        """Subtree of ``node`` with ``depth`` object levels left. Results per (ref, depth) are
        memoised; a ref met again at the same depth (a cycle through items/allOf/anyOf only,
        which consumes no depth) is "any". Cycles through properties end at depth 0."""
        if is_ref(node):
            target = self.resolver.deref(node, doc, "")
            entry = (str(target.key), depth)
            if entry in self._memo:
                return self._memo[entry]
            if entry in stack:
                return "any"
            result = self._tree(target.value, target.doc, depth, stack + (entry,))
            self._memo[entry] = result
            return result
        if not isinstance(node, dict):
            return None
        raw_type = node.get("type")
        written = (
            [raw_type]
            if isinstance(raw_type, str)
            else [t for t in raw_type if isinstance(t, str)] if isinstance(raw_type, list) else []
        )
        # a type name that is not JSON Schema's, read as meant (``int``, ``String``: schemas.py)
        types = [TYPE_SLIPS.get(t.strip().lower(), (t, None))[0] or t for t in written]
        props = node.get("properties")
        result = None
        if isinstance(props, dict) and props:
            if depth <= 0:
                result = "any"
            else:
                result = {}
                raws: dict[str, Any] = {}  # each member's schema, its reference followed
                for name, prop in props.items():
                    raw = (
                        self.resolver.deref(prop, doc, "").value if isinstance(prop, dict) else prop
                    )
                    if isinstance(raw, dict) and raw.get("writeOnly") is True:
                        continue
                    result[name], raws[name] = prop, raw
                below = depth if len(result) == 1 else depth - 1  # a wrapper: ``is_wrapper``
                for name, prop in result.items():
                    result[name] = self._tree(prop, doc, below, stack) or "any"
                    if result[name] == "string" and _counted(name, raws[name]):
                        result[name] = DECIMAL  # ``score: {type: string, format: int64}``
                entries = node.get("additionalProperties")
                if isinstance(entries, dict) and result:
                    # its members are entries of the map it is (``{default: Edge}`` beside
                    # ``additionalProperties: Edge``: one key a generator wrote down)
                    mapped = self._map(entries, doc, depth, stack)
                    if is_map(mapped) and all(v == mapped[EVERY_KEY] for v in result.values()):
                        result = mapped
        elif "items" in node or "array" in types:
            result = [self._tree(node.get("items"), doc, depth, stack) or "any"]
        elif "object" in types or "additionalProperties" in node:
            result = self._map(node.get("additionalProperties"), doc, depth, stack)
        else:
            known = [t for t in types if t in SCALARS]
            non_null = [t for t in known if t != "null"]
            if not known and ("enum" in node or "const" in node or "format" in node):
                non_null = [_json_type_of_enum(node)]
            if len(non_null) == 1:
                result = with_hint(non_null[0], schema_hint(node))
                if result == "string" and decimal_string(node):  # ``"0.00100000"``
                    result = DECIMAL
            elif non_null:
                result = "number" if set(non_null) == {"integer", "number"} else "any"
            elif known:
                result = "null"
        for key in ("allOf", "anyOf", "oneOf"):
            parts = node.get(key)
            if isinstance(parts, list):
                for part in parts:
                    result = merge_trees(result, self._tree(part, doc, depth, stack))
        return result

    def _map(
        self, entries: Any, doc: Document, depth: int, stack: tuple[tuple[str, int], ...]
    ) -> Any:
        """An object without members of its own: a map of records (``{"*": subtree}``) when
        its ``additionalProperties`` describe objects with members, else any value (a map of
        strings, tags, an open object: kept as sent; a map of strings says so, ``STRINGS_MAP``)."""
        if depth <= 0 or not isinstance(entries, dict):
            return "any"
        sub = self._tree(entries, doc, depth - 1, stack)
        if isinstance(sub, str) and base_type(sub) == "string":
            return STRINGS_MAP
        return {EVERY_KEY: sub} if isinstance(sub, dict) and sub and not is_map(sub) else "any"


def _json_type_of_enum(node: dict[str, Any]) -> str:
    """The JSON type a typeless ``enum``/``const``/``format`` schema implies."""
    enum = node.get("enum")
    values = enum if isinstance(enum, list) else [node.get("const")]
    kinds = {type(v) for v in values if v is not None}
    if kinds <= {bool} and kinds:
        return "boolean"
    if kinds <= {int} and kinds:
        return "integer"
    if kinds <= {int, float} and kinds:
        return "number"
    return "string"


def _success_codes(responses: dict[str, Any]) -> list[str]:
    """2xx codes in order (``2XX`` sorts after the digits); ``default`` only without any 2xx."""
    codes = sorted(c for c in responses if _SUCCESS.fullmatch(c))
    if codes:
        return codes
    return ["default"] if "default" in responses else []


@dataclass(frozen=True)
class SuccessBody:
    """The success response's body as described: its media type, and its JSON schema (with the
    document it sits in) when the body is JSON. ``described``: a 2xx with content at all."""

    media_type: str | None = None
    schema: Any = None
    doc: Document | None = None
    described: bool = False

    @property
    def json(self) -> bool:
        return self.media_type is not None and is_json_media_type(self.media_type)

    @property
    def xml(self) -> bool:
        return self.media_type is not None and media_kind(self.media_type) == XML


def success_body(responses: Any, doc: Document, resolver: RefResolver) -> SuccessBody:
    """The first success response with content (JSON first within it; module doc)."""
    if not isinstance(responses, dict):
        return SuccessBody()
    first_media: str | None = None
    xml: SuccessBody | None = None  # the first XML body, when no success response has JSON
    for code in _success_codes(responses):
        response = resolver.deref(responses[code], doc, "")
        content = response.value.get("content") if isinstance(response.value, dict) else None
        if not isinstance(content, dict):
            continue
        for media_type in content:
            first_media = first_media or media_type
        json_types = sorted((m for m in content if is_json_media_type(m)), key=media_rank)
        if json_types:
            media = content[json_types[0]]
            schema = media.get("schema") if isinstance(media, dict) else None
            return SuccessBody(json_types[0], schema, response.doc, True)
        xml_types = sorted(m for m in content if media_kind(m) == XML)
        if xml is None and xml_types and isinstance(content[xml_types[0]], dict):
            xml = SuccessBody(xml_types[0], content[xml_types[0]].get("schema"), response.doc, True)
    if xml is not None:  # read into the tree JSON would give (runtime/upstream/xml_body.py)
        return xml
    return SuccessBody(first_media, described=first_media is not None)


def body_tree(body: SuccessBody, resolver: RefResolver, builder: FieldTreeBuilder) -> Any:
    """The JSON (or XML) body's full field tree (one level deeper than the shipped one), or
    None."""
    if not (body.json or body.xml) or body.schema is None or body.doc is None:
        return None
    return builder.tree(body.schema, body.doc, MAX_DEPTH + 1)


def build_response_shape(
    body: SuccessBody,
    resolver: RefResolver,
    builder: FieldTreeBuilder,
    *,
    keys: tuple[str, ...] = (),
    about: tuple[str, ...] = (),
    tree: Any = None,
    own_key: str | None = None,
    one: bool = False,
    written: bool = False,
    path_names: tuple[str, ...] = (),
    addressed: tuple[str, ...] = (),
    method_of: tuple[str, ...] = (),
    operation_id: str | None = None,
) -> ResponseShape:
    """``operation_id``: the operation's name, whose words name the values it is for
    (``called.py``); ``method_of``: the names of the collection a custom method acts on
    (``operation_kind.method_collection``: ``jobs`` of ``jobs:search``); ``addressed``: the names of the object a path ending with parameters addresses
    (``operation_kind.path_addressed``); ``path_names``: the names the operation's path ends with (``operation_kind.path_about``:
    a member of one object named so is what the call is for, ``DefaultsContext.about``); ``written``: the method writes (POST, PUT, PATCH, DELETE: its answer is the object it
    wrote, also at its own address); ``one``: the operation's path names one object (``addresses.addresses_one``); ``tree``: the body's full field tree when the caller has it (``body_tree``); ``keys``:
    the path parameters that address one object of the response (its item, for a list): identity hints
    (``roles.identity.addressed_by``); ``about``: the normalised names of what the operation is
    about (its path's last segment, a batch request's list): a list of that name in the answer
    is the payload even next to an identity (``{Id, Status, Things: [...]}``); ``own_key``: the
    parameter the path ends with, no key of a list's items (``addresses.own_parameter``)."""
    if not (body.json or body.xml) or body.doc is None:
        return ResponseShape(media_type=body.media_type)
    shape = _shape(
        body.schema, body.media_type or "", body.doc, resolver, builder, keys, about, tree,
        own_key=own_key, one=one, written=written, path_names=path_names, addressed=addressed,
        operation_id=operation_id,
        method_of=method_of,
    )  # fmt: skip
    if body.xml and body.schema is not None:
        shape = replace(shape, xml=xml_layout(body.schema, body.doc, resolver))
    return shape


def media_rank(media_type: str) -> tuple[int, str]:
    """Sort key: application/json first, then other JSON types (``+json``), then wildcards."""
    base = media_type.split(";")[0].strip().lower()
    return (0 if base == "application/json" else 1 if base.endswith("+json") else 2, media_type)


def _shape(
    schema: Any,
    media_type: str,
    doc: Document,
    resolver: RefResolver,
    builder: FieldTreeBuilder,
    keys: tuple[str, ...] = (),
    about: tuple[str, ...] = (),
    tree: Any = None,
    own_key: str | None = None,
    one: bool = False,
    written: bool = False,
    path_names: tuple[str, ...] = (),
    addressed: tuple[str, ...] = (),
    method_of: tuple[str, ...] = (),
    operation_id: str | None = None,
) -> ResponseShape:
    """The response's payload (``collections.find_payload``: a list under any key, an
    envelope around one resource, or the body), its field tree and what its default fields
    are chosen from (``generator/decisions.py`` chooses them)."""
    if schema is None:
        return ResponseShape(media_type=media_type)
    body = resolver.deref(schema, doc, "") if isinstance(schema, dict) else None
    name = body.name if body is not None else None
    full = tree if tree is not None else builder.tree(schema, doc, MAX_DEPTH + 1)
    # a body named by the member the address of one object names (``{thing_id}``) is that
    # object when written (``POST /things``, ``PUT /things/{thing_id}``) or read at a
    # collection's address; a read of one object's address keeps its rule
    named = keys if written else tuple(k for k in keys if k != own_key)
    payload = find_payload(full, about=about, keys=named, kinds=method_of)
    if (
        payload.collection
        and named != keys
        and _of_scalars(get_at(full, payload.collection))
        and not is_id_name(payload.collection[-1].rstrip("sS"))
    ):
        # a list of scalars is no page of the object's entries (a subscription's
        # ``event_types``): the body holding the member its address names is that object;
        # not a list of ids (``billingId``: of billing info, the ids are what it answers)
        payload = find_payload(full, about=about, keys=keys, kinds=method_of)
    if (
        payload.collection is not None
        and len(payload.collection) > 1
        and named != keys
        and norm(payload.collection[0]) not in LIST_KEYS
    ):
        # a list inside a part of a body that holds the member its address names (a query's
        # ``params.filters`` beside its ``queryId`` at ``/query/{queryId}``): the object, its
        # parts' lists part of it; not a page (a race's entries sit at the body's top)
        payload = find_payload(full, about=about, keys=keys, kinds=method_of)
    if payload.collection and _named_for(full, addressed):
        payload = Payload()  # the object the address names, its list beside it a part
    own = ""
    if payload.collection is not None:  # a list at ``/races/{raceid}``: the race's entries
        keys = tuple(k for k in keys if k != own_key)  # (``loaders/addresses.own_parameter``)
        own = own_key or ""  # what names the race, beside its entries
    if payload.collection is not None:
        name = _item_name(_schema_at(body, payload.collection, resolver), resolver, name)
    elif payload.envelope is not None:
        name = _member_name(body, payload.envelope, resolver) or name
    where = payload.collection if payload.collection is not None else payload.envelope
    item_tree = _subtree(full, where or ())
    field_tree = bounded_tree(item_tree) if item_tree else None
    # an item of no named schema is what its list is named (``quotes``); the list's name,
    # when the type has another, is what it is listed as
    entity, listed = named_by_list(tuple(words(name)) if name else (), (), payload.collection)
    shared: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    if payload.collection is not None:  # a union's items: the members its variants share
        decided = _items_of(_schema_at(body, payload.collection, resolver))
        shared = shared_members(decided, builder)
    else:
        decided = _schema_at(body, payload.envelope or (), resolver)
    if one and payload.collection is not None:  # the one object in a list, or a list found
        one = own_key is not None and names_items(item_tree, own_key, entity)  # by a filter
    wrapper: dict[str, Any] | None = None
    if payload.collection and isinstance(full, dict):
        wrapper = {k: trim_tree(v, 2) for k, v in full.items() if k != payload.collection[0]}
    return ResponseShape(
        schema_name=name,
        media_type=media_type,
        collection_path=dotted(payload.collection),
        envelope_path=dotted(payload.envelope),
        field_tree=field_tree if isinstance(field_tree, dict) and field_tree else None,
        wrapper_tree=wrapper or None,
        context=DefaultsContext(
            entity=entity,
            keys=keys,
            one=one,
            shared=shared[0],
            everywhere=shared[1],
            expandable=expandables(decided, builder.resolver),
            variants=variant_names(decided, builder),
            about=path_names if payload.collection is None else (),
            own=own if payload.collection else "",
            listed=listed,
            called=called_words(unwrap(item_tree) if item_tree else None, operation_id),
        ),
        decision_tree=item_tree or None,
    )


def expandables(
    found: Resolved | None, resolver: RefResolver, depth: int = EXPANDABLE_DEPTH
) -> tuple[str, ...]:
    """The members of the object ``found`` describes that are *expandable*: described as
    either a string (the related object's id, what the API sends unless asked to expand it)
    or the whole object (``anyOf: [{type: string}, {$ref: price}]``), or as a list of such,
    in its order; then, ``depth`` levels down, those of its objects and of its lists' items,
    as dotted paths (a line item's ``price.product``, ``discounts``)."""
    if found is None or not isinstance(found.value, dict) or depth <= 0:
        return ()
    out: list[str] = []
    deeper: list[str] = []
    for name, prop in _members(resolver.deref(found.value, found.doc, ""), resolver):
        items = _items_of(prop)
        items = resolver.deref(items.value, items.doc, "") if items is not None else None
        if _id_or_object(prop, resolver) or (items is not None and _id_or_object(items, resolver)):
            out += [name] if name not in out else []
        else:
            below = expandables(items or prop, resolver, depth - 1)
            deeper += [f"{name}.{p}" for p in below if f"{name}.{p}" not in deeper]
    return tuple(out + [p for p in deeper if p.split(".")[0] not in out])


def _members(node: Resolved, resolver: RefResolver) -> list[tuple[str, Resolved]]:
    """The properties of an object schema, its ``allOf`` parts' too, and, when it is only a
    wrapper around one object (``anyOf: [{$ref: address}]``, nullable), that object's."""
    value = node.value if isinstance(node.value, dict) else {}
    parts = [node] + [
        resolver.deref(part, node.doc, "")
        for part in value.get("allOf") or []
        if isinstance(part, dict)
    ]
    branches = [b for key in ("anyOf", "oneOf") for b in value.get(key) or []]
    if len(branches) == 1 and isinstance(branches[0], dict) and not value.get("properties"):
        parts.append(resolver.deref(branches[0], node.doc, ""))
    out: list[tuple[str, Resolved]] = []
    for part in parts:
        props = part.value.get("properties") if isinstance(part.value, dict) else None
        for name, prop in props.items() if isinstance(props, dict) else ():
            if isinstance(prop, dict):
                out.append((name, resolver.deref(prop, part.doc, "")))
    return out


def variant_names(
    found: Resolved | None, builder: FieldTreeBuilder, depth: int = EXPANDABLE_DEPTH
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The members of the object ``found`` describes, ``depth`` levels down (lists' items
    read through), that are a union of two or more object variants (``oneOf``/``anyOf``: a
    notification's ``subject``, an issue, a pull request or a release), each as its dotted
    path and what names each variant (``variant_name``; a reference's, ``{id, type, summary,
    self}``, also by its one text: ``roles.relation.stub_text``): the decision keeps them all when
    it keeps the member (``DefaultsContext.variants``)."""
    resolver = builder.resolver
    if found is None or not isinstance(found.value, dict) or depth <= 0:
        return ()
    out: list[tuple[str, tuple[str, ...]]] = []
    for name, prop in _members(resolver.deref(found.value, found.doc, ""), resolver):
        items = _items_of(prop)
        node = resolver.deref(items.value, items.doc, "") if items is not None else prop
        value = node.value if isinstance(node.value, dict) else {}
        branches = [b for key in ("oneOf", "anyOf") for b in value.get(key) or []]
        trees = [builder.tree(b, node.doc, 1) for b in branches if isinstance(b, dict)]
        named = [variant_name(t) for t in trees if isinstance(t, dict) and t]
        # a reference's variant (``{id, type, summary, self}``) by its one text beside its id
        texts = [stub_text(t) for t in trees if isinstance(t, dict) and t]
        if len(named) >= 2:
            said = tuple(dict.fromkeys(n for n in named + texts if n))
            out += [(name, said)] if said else []
        else:
            out += [(f"{name}.{p}", n) for p, n in variant_names(node, builder, depth - 1)]
    return tuple(out)


def variant_name(tree: dict[str, Any]) -> str | None:
    """What names one variant of a union: its first label (``title``, ``name``), else its
    identity (``id``)."""
    labels = sorted((k for k, v in tree.items() if is_label(k) and is_leaf(v)), key=label_rank)
    if labels:
        return labels[0]
    ids = identity_fields(tree)
    return ids[0] if ids else None


def _id_or_object(member: Resolved, resolver: RefResolver) -> bool:
    """A free string in one branch of its ``anyOf``/``oneOf``, an object with members in
    another."""
    schema = member.value
    if not isinstance(schema, dict):
        return False
    branches = [
        resolver.deref(b, member.doc, "").value
        for key in ("anyOf", "oneOf")
        if isinstance(schema.get(key), list)
        for b in schema[key]
        if isinstance(b, dict)
    ]
    strings = any(  # an id: a free string, not a value of a list (``enum``, ``const``)
        isinstance(b, dict) and b.get("type") == "string" and not {"enum", "const"} & set(b)
        for b in branches
    )
    objects = any(isinstance(b, dict) and isinstance(b.get("properties"), dict) for b in branches)
    return strings and objects


SHARED = 0.75  # a member of at least this share of a union's variants is shared by them


def _items_of(found: Resolved | None) -> Resolved | None:
    """The schema of a list's items (``found`` is the list's)."""
    items = (
        found.value.get("items") if found is not None and isinstance(found.value, dict) else None
    )
    return Resolved(items, found.doc, "") if isinstance(items, dict) and found else None


def shared_members(
    found: Resolved | None, builder: FieldTreeBuilder
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """When ``found`` is a union of two or more object variants (``oneOf``/``anyOf``, beside
    members of its own every variant has): the members at least ``SHARED`` of the variants
    have, in the order of the merged tree (a timeline's events: ``event``, ``actor``, ``id``,
    ``created_at``; not the ``label`` or the ``commit`` message only some of them carry);
    then those every variant has (a declared ``discriminator`` first); ``((), ())`` when it
    is no union or every member is shared. The decision chooses among these first
    (``DefaultsContext.shared``, ``everywhere``)."""
    if found is None or not isinstance(found.value, dict):
        return (), ()
    node = builder.resolver.deref(found.value, found.doc, "")
    schema, doc = node.value, node.doc
    if not isinstance(schema, dict):
        return (), ()
    branches = [
        part
        for key in ("oneOf", "anyOf")
        if isinstance(schema.get(key), list)
        for part in schema[key]
    ]
    own = builder.tree({k: v for k, v in schema.items() if k not in ("oneOf", "anyOf")}, doc)
    base = set(own) if isinstance(own, dict) else set()
    variants = [builder.tree(part, doc, 1) for part in branches]
    members = [set(v) | base for v in variants if isinstance(v, dict)]
    if len(members) < 2:
        return (), ()
    order: list[str] = list(own) if isinstance(own, dict) else []
    for variant in variants:
        if isinstance(variant, dict):
            order += [k for k in variant if k not in order]
    shared = tuple(k for k in order if sum(k in m for m in members) >= SHARED * len(members))
    if len(shared) == len(order):
        return (), ()
    tag = schema.get("discriminator")
    named = tag.get("propertyName") if isinstance(tag, dict) else None
    everywhere = [k for k in shared if all(k in m for m in members)]
    if isinstance(named, str) and named in everywhere:
        everywhere = [named] + [k for k in everywhere if k != named]
    return shared, tuple(everywhere)


def _named_for(tree: Any, addressed: tuple[str, ...]) -> bool:
    """A member of the body named for the object its address names and a metadata word
    (``workerDeploymentVersionInfo`` at ``/worker-deployment-versions/{name}/{build_id}``):
    that object, the answer, not a wrapper's metadata beside a list."""
    if not isinstance(tree, dict) or not addressed:
        return False
    return any(
        isinstance(sub, dict)
        and is_meta_key(key)
        and len(words(key)) > 1
        and "".join(words(key)[:-1]) in addressed
        for key, sub in tree.items()
    )


def _of_scalars(node: Any) -> bool:
    """A list whose elements are scalars (``[string]``)."""
    return isinstance(node, list) and bool(node) and is_leaf(node[0])


def _subtree(tree: Any, path: tuple[str, ...]) -> dict[str, Any] | None:
    node = tree
    for key in path:
        while isinstance(node, list):
            node = node[0] if node else None
        if not isinstance(node, dict):
            return None
        node = node.get(key)
    while isinstance(node, list):
        node = node[0] if node else None
    return node if isinstance(node, dict) and node else None


def _schema_at(
    body: Resolved | None, path: tuple[str, ...], resolver: RefResolver
) -> Resolved | None:
    """The schema of the member at ``path`` (through properties, also an ``allOf`` part's: a
    page's wrapper composed of a pagination schema and the list, ``_members``): its value, the
    document it is written in and its component name when it is reached through a ref
    (``body`` itself for an empty path)."""
    found = body
    for key in path:
        if found is None:
            return None
        members = _members(resolver.deref(found.value, found.doc, ""), resolver)
        found = next((schema for name, schema in members if name == key), None)
    return found


def _member_name(body: Resolved | None, path: tuple[str, ...], resolver: RefResolver) -> str | None:
    """What the one resource an envelope wraps is (``{data: {audience, member: {...}}}``):
    its schema's name when it is a named schema, else the member's own key when that names
    something (``member``), not a wrapper's word (``data``, ``result``); None: the body's
    name stands."""
    found = _schema_at(body, path, resolver)
    if found is None:
        return None
    if found.name:
        return found.name
    key = path[-1]
    return None if norm(key) in LIST_KEYS or is_meta_key(key) else key


def _item_name(found: Resolved | None, resolver: RefResolver, fallback: str | None) -> str | None:
    if found is None or not isinstance(found.value, dict):
        return fallback
    items = found.value.get("items")
    if is_ref(items):
        return resolver.deref(items, found.doc, "").name
    return fallback


def names_items(item_tree: Any, own_key: str, entity: tuple[str, ...]) -> bool:
    """The parameter a path ends with names the items of the list it answers (their identity:
    ``{InvoiceID}`` of ``/Invoices/{InvoiceID}`` answering ``{Invoices: [{InvoiceID, ...}]}``):
    the list holds that one object, whose page is kept (``DefaultsContext.one``). A parameter
    that names no item's identity (``{date}`` of ``/GamesByDate/{date}``, ``{playerid}`` of
    news about a player, ``{msg_id}`` of a message's delivery attempts that each hold their
    ``msgId`` beside an ``id`` of their own, ``{sink_id}`` of the messages a sink polls) filters
    a list: its items stay lean."""
    ids = identity_fields(item_tree, entity) if isinstance(item_tree, dict) else ()
    if not ids or not addressed_by(ids[0], (own_key,)):
        return False
    # a member of the items the parameter names whole other than their identity is what it
    # filters by (``{msg_id}`` answering attempts ``[{id, msgId, ...}]``): a list, not one object
    named = [k for k, v in item_tree.items() if norm(k) == norm(own_key) and k != ids[0]]
    if named:
        return False
    # a parameter that ends with the identity's name (``{sink_id}`` and ``id``) names the
    # items only when what qualifies it is what they are (``{thing_id}`` and things), when
    # the description says what they are
    qualifiers = words(own_key)[: -len(words(ids[0]))] if norm(ids[0]) != norm(own_key) else []
    singular = {e.rstrip("s") for e in entity}
    return not (entity and qualifiers and not {q.rstrip("s") for q in qualifiers} <= singular)
