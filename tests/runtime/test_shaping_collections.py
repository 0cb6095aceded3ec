"""Where the payload is: the list under any key, JSON:API, HAL, envelopes; and the invariants."""

import json
from dataclasses import replace
from typing import Any

import pytest

from generator.runtime.shaping.collections import Payload, find_payload, find_payload_in_value
from generator.runtime.shaping.decision import DefaultsContext
from generator.runtime.shaping.invariants import check_invariants, generic_projection
from generator.runtime.shaping.pipeline import ShapeConfig, shape

ITEMS = [
    {"id": "a1", "name": "first", "state": "ok"},
    {"id": "a2", "name": "second", "state": "ok"},
]

WRAPPERS = {
    "kubernetes": (
        {"apiVersion": "v1", "kind": "ThingList",
         "metadata": {"continue": "", "resourceVersion": "7"}, "items": ITEMS},
        ("items",),
    ),
    "meta object next to the list": ({"meta": {"key": "widgets"}, "widgets": ITEMS}, ("widgets",)),
    "odata": ({"@odata.context": "x", "value": ITEMS, "@odata.nextLink": "http://n"}, ("value",)),
    "pascal case": ({"Things": ITEMS, "NextMarker": "m"}, ("Things",)),
    "search results": ({"fooSummaries": ITEMS, "total": 2, "href": "http://h"}, ("fooSummaries",)),
    "json:api": (
        {"data": [{"id": "1", "type": "t", "attributes": {"title": "x"}}],
         "meta": {"count": 1}, "links": {"next": "n"}},
        ("data",),
    ),
    "hal": (
        {"_embedded": {"things": ITEMS}, "_links": {"self": {"href": "x"}},
         "page": {"size": 20, "number": 0}},
        ("_embedded", "things"),
    ),
    "graphql connection": (
        {"data": {"repo": {"issues": {"nodes": ITEMS, "pageInfo": {"hasNextPage": True}}}}},
        ("data", "repo", "issues", "nodes"),
    ),
    "scalar list": ({"ids": [1, 2, 3], "next": "c"}, ("ids",)),
    # formancehq/ledger v2 (MIT): every list and the query run answer their page in a cursor
    "page object holding its data": (
        {"resource": "transactions",
         "cursor": {"pageSize": 15, "hasMore": False, "next": "n", "data": ITEMS}},
        ("cursor", "data"),
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(WRAPPERS))
def test_the_payload_list_is_found_whatever_its_key_and_siblings(name):
    value, path = WRAPPERS[name]
    assert find_payload_in_value(value).collection == path


@pytest.mark.parametrize("name", sorted(WRAPPERS))
def test_the_payload_list_survives_default_shaping(name):
    value, path = WRAPPERS[name]
    result = shape(value, ShapeConfig())
    out = json.loads(result.chunks[0])
    node = out
    for key in path:
        node = node[key]
    assert isinstance(node, list) and len(node) == len(_at(value, path))
    assert not result.violations


def _at(value, path):
    for key in path:
        value = value[key]
    return value


def test_a_list_inside_one_resource_stays_part_of_it():
    completion = {"id": "c1", "object": "chat.completion", "created": 1, "model": "m",
                  "choices": [{"index": 0, "message": {"role": "assistant", "content": "hi"},
                               "finish_reason": "stop"}]}  # fmt: skip
    assert find_payload_in_value(completion).collection is None
    out = json.loads(shape(completion, ShapeConfig()).chunks[0])
    assert out["id"] == "c1" and out["choices"][0]["finish_reason"] == "stop"


def test_an_envelope_around_one_resource_is_seen_through():
    body = {"data": {"id": 7, "name": "x", "state": "open", "owner": {"login": "o"}}}
    assert find_payload_in_value(body).envelope == ("data",)
    out = json.loads(shape(body, ShapeConfig()).chunks[0])
    assert out["data"]["id"] == 7 and out["data"]["state"] == "open"
    picked = json.loads(shape(body, ShapeConfig(envelope_path="data"), fields=["name"]).chunks[0])
    assert picked == {"data": {"name": "x"}}


def test_one_object_beside_a_pages_counts_is_the_answer_they_wrap() -> None:
    """An API that answers every read in its list's envelope (Vonage's user and extension
    APIs: ``{_embedded: {data: {...}}, _links, page, page_size, total_items, total_pages}``
    for ``GET .../users/{user_id}``): the four counts made the body no envelope, so the user
    was read as a person the body mentions, reduced to a name without the id its path
    names, and an extension to one flag. Counts beside one object are no scalars of an
    envelope; other scalars still are (``{data, status, message, code, updated}``)."""
    user = {"id": 869048, "first_name": "John", "last_name": "Smith", "login_name": "jsmith",
            "email": "john.smith@example.com", "extensions": [{"extension_number": "789"}]}  # fmt: skip
    body = {"_embedded": {"data": user}, "_links": {"self": {"href": "https://x.test/u/1"}},
            "page": 1, "page_size": 10, "total_items": 100, "total_pages": 10}  # fmt: skip
    assert find_payload_in_value(body).envelope == ("_embedded", "data")
    out = json.loads(shape(body, ShapeConfig(envelope_path="_embedded.data")).chunks[0])
    assert out["_embedded"]["data"]["id"] == 869048
    assert out["_embedded"]["data"]["login_name"] == "jsmith"
    scalars = {"data": user, "status": "ok", "message": "m", "code": 0, "updated": "2024-05-01"}
    assert find_payload_in_value(scalars).envelope is None
    assert find_payload_in_value({**body, "page": [1]}).envelope is None  # a list beside it
    stats = {"near_earth_object_count": 2, "close_approach_count": 2, "source": "s",
             "last_updated": "2024-05-01", "jpl_url": {"host": "h", "path": "/", "port": 7}}  # fmt: skip
    assert find_payload_in_value(stats).envelope is None  # counts of things: the answer


def test_schema_trees_follow_the_same_rules():
    assert find_payload([{"id": "string"}]).collection == ()
    assert find_payload({"kind": "string", "metadata": {"continue": "string"},
                         "items": [{"id": "string"}]}).collection == ("items",)  # fmt: skip
    order = {"id": "string", "total": "integer", "state": "string", "lines": [{"id": "string"}]}
    assert find_payload(order).collection is None
    assert find_payload({"login": "string", "repos": [{"id": "string"}]}).collection == ("repos",)


def test_invariants_flag_a_dropped_list_lost_identity_and_lost_label():
    raw = {"apiVersion": "v1", "kind": "ThingList", "items": ITEMS}
    assert check_invariants(raw, {"apiVersion": "v1"}, None, "body") == [
        "the list 'items' (2 items) was dropped"
    ]
    lost = check_invariants(raw, {"items": [{"state": "ok"}, {"state": "ok"}]}, ("items",), "list")
    assert lost == [
        "2 of 2 items of 'items' lost their identity",
        "2 of 2 items of 'items' lost their label",
    ]
    assert check_invariants({"meta": {"a": 1}, "x": {"y": 1}}, {"meta": {"a": 1}}, None, "body")


def test_a_default_selection_that_breaks_an_invariant_is_read_again_from_the_response():
    # the spec described the body as one object with these defaults: the list would be lost;
    # the second reading finds the list in the response and shows each item by its defaults
    raw = {"apiVersion": "v1", "kind": "ThingList", "items": ITEMS}
    config = ShapeConfig(default_fields=("apiVersion", "kind"), field_tree={"apiVersion": "string"})
    result = shape(raw, config)
    assert result.violations == [] and result.repaired == ["the list 'items' (2 items) was dropped"]
    out = json.loads(result.chunks[0])
    assert [i["id"] for i in out["items"]] == [i["id"] for i in ITEMS]
    assert not result.notes  # no generic projection
    # an operator's own choice (overlay include) is respected
    chosen = ShapeConfig(default_fields=("kind",), operator_defaults=True)
    assert json.loads(shape(raw, chosen).chunks[0]) == {"kind": "ThingList"}


def test_generic_projection_keeps_two_levels_of_scalars():
    value = {"a": 1, "b": {"c": 2, "d": {"e": 3}}, "l": [{"x": 1, "y": {"z": 2}}], "s": [1, 2]}
    assert generic_projection(value) == {"a": 1, "b": {"c": 2}, "l": [{"x": 1}], "s": [1, 2]}


def test_constant_discriminators_are_dropped_from_list_items_but_varying_ones_kept():
    same = {"data": [{"id": 1, "object": "invoice"}, {"id": 2, "object": "invoice"}]}
    out = json.loads(shape(same, ShapeConfig()).chunks[0])
    assert out["data"] == [{"id": 1}, {"id": 2}]


def test_an_undeclared_member_a_path_parameter_names_is_read_from_the_response():
    """Extension schemas listed with ``id`` (read at ``/extension_schemas/{id}``) beside the
    ``key`` and ``label`` the description declares: the defaults, chosen from the description,
    kept ``key`` as the identity and left ``id`` out, so the next call had nothing to name
    (PagerDuty's description, outside material). An item that loses the member a path
    parameter names is read again from the response."""
    declared = {"key": "string", "label": "string", "description": "string"}
    body = {
        "schemas": [
            {"id": f"P{i}", "type": "schema", "key": f"k{i}", "label": f"Schema {i}",
             "description": "A long description", "url": ""}
            for i in range(2)
        ],
        "more": False,
    }  # fmt: skip
    config = ShapeConfig(
        field_tree=declared, collection_path="schemas", context=DefaultsContext(keys=("id",))
    )
    out = json.loads(shape(body, config).chunks[0])
    assert [s.get("id") for s in out["schemas"]] == ["P0", "P1"], out
    unaddressed = json.loads(shape(body, replace(config, context=DefaultsContext())).chunks[0])
    assert all("id" not in s for s in unaddressed["schemas"])
    # a member holding one value on every item tells none apart: no parameter addresses it
    by_type = replace(config, context=DefaultsContext(keys=("schemaType",)))
    assert json.loads(shape(body, by_type).chunks[0]) == unaddressed


def test_a_conventional_list_with_a_sibling_of_its_schema_is_not_the_one_payload():
    """An application's resource tree: ``nodes`` (a conventional list key) and
    ``orphanedNodes`` beside it, both of one schema, and the hosts they run on. ``nodes`` was
    taken for the payload and the orphaned nodes and hosts were left out (ArgoCD's
    description, outside material): with a sibling of its schema, the conventional key does
    not decide, and the wrapper is shaped whole, each list by its items' defaults."""

    def node(i: int) -> dict[str, Any]:
        return {"kind": "Pod", "name": f"node-{i}", "namespace": "default", "uid": f"u{i}",
                "health": {"status": "Healthy"}, "createdAt": "2024-05-01T12:00:00Z"}  # fmt: skip

    body = {
        "nodes": [node(i) for i in range(3)],
        "orphanedNodes": [node(10 + i) for i in range(2)],
        "hosts": [{"name": f"host-{i}", "systemInfo": {"osImage": "linux"}} for i in range(2)],
        "shardsCount": 2,
    }
    assert find_payload_in_value(body).collection is None
    out = json.loads(shape(body, ShapeConfig()).chunks[0])
    assert [n["name"] for n in out["nodes"]] == ["node-0", "node-1", "node-2"]
    assert [n["name"] for n in out["orphanedNodes"]] == ["node-10", "node-11"]
    assert [h["name"] for h in out["hosts"]] == ["host-0", "host-1"]
    alone = {"nodes": body["nodes"], "hosts": body["hosts"], "shardsCount": 2}
    assert find_payload_in_value(alone).collection == ("nodes",)


def test_an_expandable_reference_sent_as_an_id_string_keeps_the_id():
    config = ShapeConfig(default_fields=("id", "customer.id"), field_tree={"id": "string"})
    out = json.loads(shape({"id": "in_1", "customer": "cus_9"}, config).chunks[0])
    assert out == {"id": "in_1", "customer": "cus_9"}


def test_an_object_made_of_lists_keeps_each_list():
    balance = {
        "object": "balance",
        "livemode": True,
        "available": [{"amount": 5, "currency": "usd"}],
        "pending": [{"amount": 7, "currency": "usd"}],
    }
    assert check_invariants(balance, {"livemode": True}, None, "body") == [
        "the list 'available' (1 items) was dropped"
    ]
    out = json.loads(shape(balance, ShapeConfig()).chunks[0])
    assert out["available"] and out["pending"]


def test_a_constant_discriminator_that_is_all_the_items_have_is_kept():
    events = [{"event_type": "create_user"}, {"event_type": "create_user"}]
    config = ShapeConfig(field_tree={"event_type": "string"}, collection_path="")
    result = shape(events, config)
    assert json.loads(result.chunks[0]) == events and not result.violations


def test_defaults_chosen_from_a_description_the_response_does_not_fit_are_read_again():
    # the description says {id, name}; the response sends {uid, title, ...}
    config = ShapeConfig(
        default_fields=("id", "name"), field_tree={"id": "string", "name": "string"}
    )
    thing = {"uid": "t-1", "title": "First", "size": 3, "colour": "red", "notes": "x" * 50}
    result = shape(thing, config)
    out = json.loads(result.chunks[0])
    assert out["uid"] == "t-1" and out["title"] == "First"
    assert not result.violations and not result.notes
    assert result.repaired == ["only wrapper metadata was left"]  # {} once nulls are pruned


def test_a_list_item_of_another_shape_gets_its_own_defaults():
    # the description's items have number/title; one item sent has only a part with a label
    tree = {"number": "integer", "title": "string", "state": "string",
            "base": {"label": "string", "ref": "string", "sha": "string"}}  # fmt: skip
    config = ShapeConfig(
        default_fields=("number", "title", "state"), field_tree=tree, collection_path=""
    )
    items = [
        {"number": 1, "title": "One", "state": "open", "base": {"label": "a", "ref": "r"}},
        {"_links": {"self": {"href": "h"}}, "base": {"label": "b", "ref": "r", "sha": "s"}},
    ]
    result = shape(items, config)
    out = json.loads(result.chunks[0])
    assert out[0] == {"number": 1, "title": "One", "state": "open"}  # the described defaults
    assert out[1]["base"]["label"] == "b" and "_links" not in out[1]
    assert not result.violations and result.repaired


def test_items_wrapped_in_an_object_that_shape_to_nothing_break_the_invariant():
    # JSON:API-style items whose description left out their ``data`` wrapper: the defaults
    # named the resource's fields, the items are ``{data: {...}}``, and each shaped to ``{}``
    metric = {"type": "metric", "attributes": {"value": 121, "unit": "mg/dl"}}
    raw = {"data": [{"data": metric}, {"data": metric}], "meta": {"count": 2}}
    empty = {"data": [{}, {}], "meta": {"count": 2}}
    assert check_invariants(raw, empty, ("data",), "list") == [
        "2 of 2 items of 'data' lost everything"
    ]
    config = ShapeConfig(
        default_fields=("id", "attributes.value", "type"),
        field_tree={"id": "string", "type": "string", "attributes": {"value": "integer"}},
        collection_path="data",
    )
    result = shape(raw, config)
    out = json.loads(result.chunks[0])
    assert result.repaired and all(item.get("data") for item in out["data"])


# A created resource under a name that ends with a metadata word, beside its related records
# (as Square's payment links answer): the resource, not the related list, is what it answers.
LINKED: dict[str, Any] = {
    "payment_link": {
        "id": "PKVT6XGJ",
        "version": 1,
        "order_id": "o4b7saqp",
        "url": "https://pay.example.org/u/PKVT6XGJ",
        "created_at": "2022-04-25T23:58:01Z",
    },
    "related_resources": {
        "orders": [{"id": "o4b7saqp", "state": "DRAFT", "version": 1, "location_id": "L1"}]
    },
}


def test_a_resource_named_like_metadata_is_not_taken_for_metadata():
    assert find_payload_in_value(LINKED).collection is None
    assert find_payload_in_value(LINKED).envelope is None
    with_parts = {**LINKED, "payment_link": {**LINKED["payment_link"], "options": {"tip": True}}}
    assert find_payload_in_value(with_parts) == find_payload_in_value(LINKED)
    # metadata stays metadata: a link object, HAL's page, a wrapper's page info
    hal = {
        "_links": {"self": {"href": "/things"}},
        "page": {"size": 2, "totalElements": 9, "totalPages": 5, "number": 0},
        "_embedded": {"things": ITEMS},
    }
    assert find_payload_in_value(hal).collection == ("_embedded", "things")
    paged = {"page_info": {"has_next_page": True, "end_cursor": "c2"}, "data": ITEMS[0]}
    assert find_payload_in_value(paged).envelope == ("data",)


def test_a_resource_named_like_metadata_keeps_its_identity_when_shaped():
    config = ShapeConfig(
        default_fields=("payment_link.id", "payment_link.description"),
        field_tree={"payment_link": {"id": "string", "description": "string"}},
    )
    result = shape(LINKED, config)
    assert result.repaired == [] and not result.violations
    assert json.loads(result.chunks[0]) == {"payment_link": {"id": "PKVT6XGJ"}}


def test_a_person_the_description_chose_but_the_response_leaves_null_is_read_again():
    # a gist lists its legacy ``user`` (null) beside its ``owner``: the item kept when, not who
    gists = [
        {"id": f"g{i}", "name": f"Gist {i}", "created_at": "2010-04-14T02:15:15Z",
         "user": None, "owner": {"login": f"octo{i}", "id": i, "site_admin": False}}
        for i in range(3)
    ]  # fmt: skip
    config = ShapeConfig(
        default_fields=("id", "name", "created_at", "user.login"),
        field_tree={"id": "string", "name": "string", "created_at": "string:time",
                    "user": {"login": "string"}, "owner": {"login": "string"}},
        collection_path="",
    )  # fmt: skip
    result = shape(gists, config)
    assert result.repaired == ["3 of 3 items of 'the body' lost their person"]
    assert [g["owner"] for g in json.loads(result.chunks[0])] == [
        {"login": f"octo{i}", "id": i} for i in range(3)
    ]
    # an item that keeps no time, or whose person is kept, is left as chosen
    plain = ShapeConfig(default_fields=("id", "name"), collection_path="")
    assert shape(gists, plain).repaired == []


def test_a_resource_under_a_payload_name_beside_a_list_about_it_is_the_payload():
    """``{data: {group}, policies: [...]}`` (what Outline's ``groups.info`` answers) was taken
    for a list of policies, and the group reduced to its id and name inside it: the one
    resource under a conventional payload name is what it answers."""
    group = {"id": "g1", "name": "Engineering", "description": "All of us", "memberCount": 11}
    policies = [{"id": "g1", "abilities": {"read": True, "update": True}}]
    assert find_payload_in_value({"data": group, "policies": policies}).envelope == ("data",)
    # a list under a payload name stays the list; a list beside a mere scope stays the list
    listed = {"data": [group], "policies": policies, "pagination": {"offset": 0}}
    assert find_payload_in_value(listed).collection == ("data",)
    scoped = {"user": {"id": "u1", "login": "octo"}, "repositories": ITEMS}
    assert find_payload_in_value(scoped).collection == ("repositories",)


def test_an_item_named_by_its_name_keeps_its_identity_when_only_its_parts_have_ids():
    """Temporal's worker deployments: ``{name, createTime, latestVersion: {buildId, status}}``
    kept as ``{name, createTime, latestVersion: {status}}`` was taken for an item that lost its
    identity (its part's ``buildId``), and the whole list fell back to a generic projection."""
    raw = {"items": [{"name": "deploy-a", "createTime": "2024-05-01T00:00:00Z",
                      "latestVersion": {"buildId": "b1", "status": "CURRENT"}}]}  # fmt: skip
    kept = {"items": [{"name": "deploy-a", "latestVersion": {"status": "CURRENT"}}]}
    assert check_invariants(raw, kept, ("items",), "list") == []
    # an own id still has to stay
    own = {"items": [{"id": "d1", "name": "deploy-a", "createTime": "2024-05-01T00:00:00Z"}]}
    assert check_invariants(own, {"items": [{"name": "deploy-a"}]}, ("items",), "list")


def test_a_resource_its_metadata_names_is_one_resource():
    """An Argo CD application set (``{metadata: {name, uid, ...}, spec: {generators: [...]},
    status: {...}}``, no ``apiVersion`` or ``kind`` beside them) was read at run time as a
    wrapper around ``spec.generators``; shaped by its description it then broke that list's
    invariant and fell back. Metadata with an id of its own names one resource, and keeping
    it is no wrapper metadata."""
    body = {
        "metadata": {"name": "guestbook", "uid": "u-1", "namespace": "argocd"},
        "spec": {"generators": [{"list": {"elements": []}}, {"git": {"repoURL": "r"}}]},
        "status": {"conditions": []},
    }
    assert find_payload_in_value(body) == Payload()
    kept = {"metadata": {"name": "guestbook", "uid": "u-1"}}
    assert check_invariants(body, kept, None, "body") == []
    # a list's metadata is still a wrapper's (a Kubernetes List)
    listed = {"metadata": {"resourceVersion": "7", "continue": ""}, "items": ITEMS}
    assert find_payload_in_value(listed).collection == ("items",)
    assert check_invariants(listed, {"metadata": {"resourceVersion": "7"}}, None, "body")


def test_a_related_things_name_is_not_the_objects_label_but_a_bags_is():
    """A webhook ``{id, target_url, created_by: {id, name}}`` kept as ``{id, target_url}``
    fell back to a generic projection: its creator's name was read as its label. A catalog
    object's name in its ``item_data: {name, category_id}`` (a bag that merely refers to a
    category) stays its label."""
    hook = {"id": 1, "target_url": "https://h.example", "created_by": {"id": 7, "name": "Ann"}}
    assert (
        check_invariants([hook], [{"id": 1, "target_url": "https://h.example"}], (), "list") == []
    )
    item = {"id": "W6", "type": "ITEM", "item_data": {"name": "Tea", "category_id": "B1"}}
    lost = check_invariants([item], [{"id": "W6", "item_data": {}}], (), "list")
    assert lost == ["1 of 1 items of 'the body' lost their label"], lost


def test_a_bag_holding_a_handle_still_holds_the_objects_label():
    """A webhook message's ``payload: {type, email, username}`` is its data, not a related
    thing: a handle in a bag is no id of its own, so keeping none of it is a lost label."""
    message = {"id": "m1", "eventType": "user.signup", "timestamp": "2024-05-01T00:00:00Z",
               "payload": {"type": "user.created", "username": "test_user"}}  # fmt: skip
    lost = check_invariants([message], [{"id": "m1", "timestamp": "x"}], (), "list")
    assert lost == ["1 of 1 items of 'the body' lost their label"], lost


def test_an_open_object_beside_one_object_keeps_it_from_being_an_envelope_not_a_list() -> None:
    """``series: {type: object}`` beside ``date_range`` (an analytics report): the body is the
    answer, not the date range; open bags beside a wrapper (``additional_fields``) do not hide
    the list inside it (API2Cart's ``result.result.product``)."""
    report = {
        "computed_at": "string",
        "date_range": {"from_date": "string", "to_date": "string"},
        "series": "any",
    }
    assert find_payload(report) == Payload()
    wrapped = {
        "return_code": "integer",
        "result": {
            "additional_fields": "any",
            "pagination": {"next": "string"},
            "result": {
                "product": [{"id": "string", "name": "string"}],
                "products_count": "integer",
            },
        },
    }
    assert find_payload(wrapped).collection == ("result", "result", "product")


def test_a_flag_or_a_credential_named_like_a_key_is_no_identity_the_answer_must_keep():
    """Casdoor's organization (``{owner, name, useEmailAsUsername: true,
    passwordObfuscatorKey, ...}``): its flag ending in ``Username`` and its credential ending in
    ``Key`` were taken for identities its concise answer lost, and the read fell back to the
    generic projection (every scalar, its salt included)."""
    raw = {"owner": "admin", "name": "acme", "displayName": "Acme",
           "useEmailAsUsername": True, "passwordObfuscatorKey": "k-91f3", "logo": "x.png"}  # fmt: skip
    kept = {"owner": "admin", "name": "acme", "displayName": "Acme"}
    assert check_invariants(raw, kept, None, "body") == []
    # an identity with a value still has to stay
    keyed = {**raw, "project_key": "ACME"}
    assert check_invariants(keyed, kept, None, "body") == ["the object lost its identity"]


def test_an_object_keeping_the_member_a_path_parameter_names_kept_its_identity():
    """A company read at ``/v3/{name}`` answers ``{name, displayName, externalId, ...}``: the
    defaults keep ``name``, what the API addresses it by, and leave the client's own
    ``externalId`` out. The invariants knew only names ending like an id, so the read fell
    back to the generic projection (every scalar of two levels)."""
    from generator.runtime.shaping.decision import DefaultsContext

    raw = {"name": "projects/p/companies/c1", "displayName": "Acme", "externalId": "ext-9",
           "size": "SMALL", "careerSiteUri": "https://example.com/careers",
           "imageUri": "https://example.com/logo.png", "hiringAgency": False}  # fmt: skip
    config = ShapeConfig(
        default_fields=("name", "displayName", "size"),
        field_tree={k: "string" for k in raw},
        context=DefaultsContext(entity=("company",), keys=("name",)),
    )
    result = shape(raw, config)
    assert json.loads(result.chunks[0]) == {
        "name": raw["name"],
        "displayName": "Acme",
        "size": "SMALL",
    }
    assert not any("would have lost data" in n for n in result.notes)
    # addressed by another parameter, ``externalId`` is its identity: the safety net holds
    other = replace(config, context=DefaultsContext(entity=("company",), keys=("companyId",)))
    assert any("would have lost data" in n for n in shape(raw, other).notes)
    # the member must keep the value it had
    kept = {"name": raw["name"], "displayName": "Acme"}
    assert check_invariants(raw, kept, None, "body", keys=("name",)) == []
    assert check_invariants(raw, {**kept, "name": "x"}, None, "body", keys=("name",)) == [
        "the object lost its identity"
    ]


def test_the_id_of_the_exchange_is_no_identity_an_answer_must_keep() -> None:
    """YouTube Analytics v2 answers a delete with ``{errors: {code, requestId, error: [...]}}``
    (the public API directory, googleapis.com/youtubeAnalytics/v2, CC0): the defaults keep
    the codes and leave the request id out, as they do everywhere; the invariants wanted it
    kept as the object's identity and sent the generic projection. An object's own id is
    still demanded."""
    raw = {
        "errors": {
            "code": "BAD_REQUEST",
            "requestId": "req-1",
            "error": [{"code": "bad", "externalErrorMessage": "no such group"}],
        }
    }
    kept = {
        "errors": {
            "code": "BAD_REQUEST",
            "error": [{"code": "bad", "externalErrorMessage": "no such group"}],
        }
    }
    assert check_invariants(raw, kept, None, "body") == []
    owned = {"group": {"groupId": "g-1", "requestId": "req-1", "title": "Mine"}}
    assert check_invariants(owned, {"group": {"title": "Mine"}}, None, "body") == [
        "the object lost its identity"
    ]


def _search_tree() -> Any:
    """A job search's answer, in the shape of Google's Cloud Talent Solution v3
    ``SearchJobsResponse`` (the public API directory, googleapis.com/jobs/v3, CC0; abridged)."""
    job = {"job": {"name": "projects/p/jobs/1", "title": "Welder", "requisitionId": "r-1"},
           "jobSummary": "Welds", "searchTextSnippet": "a <b>welder</b>"}  # fmt: skip
    body = {
        "matchingJobs": [job, job],
        "histogramQueryResults": [{"histogramQuery": "count(admin1)", "histogram": {"CA": 3}}],
        "locationFilters": [{"locationType": "LOCALITY", "radiusInMiles": 5.0}],
        "totalSize": 2,
        "nextPageToken": "n",
    }
    from generator.runtime.shaping.trees import field_tree_from_value

    return field_tree_from_value(body)


def test_a_custom_method_of_a_collection_lists_that_collections_kind() -> None:
    """``POST /v3/{parent}/jobs:search`` answers its hits (``matchingJobs``) beside facet
    lists (``histogramQueryResults``, ``locationFilters``): with several lists the body was
    taken for one object, the defaults kept its counts and dropped the jobs, and the
    invariants sent the generic projection. The one list named as a kind of the collection
    the method acts on (its last word) is the payload; without that name, nothing changes."""
    tree = _search_tree()
    found = find_payload(tree, about=("search", "searchs"), kinds=("job", "jobs"))
    assert found.collection == ("matchingJobs",)
    assert find_payload(tree, about=("search", "searchs")).collection is None
    # a plain path's name is no custom method's: both lists of ``/messages`` are the answer
    assert find_payload(tree, about=("job", "jobs")).collection is None


def test_an_item_whose_values_are_all_in_a_list_never_shapes_to_nothing():
    """An activity log: the description's items have a time, their actors and targets, and one
    item the upstream sent holds only its list of actions (Google's Drive Activity
    description, extra material: a synthesized body). The defaults chosen from the
    description kept none of its members and the item came back ``{}``; an item whose values
    live in a list of records is read again from the response and keeps them."""
    declared = {
        "timestamp": "string",
        "actors": [{"user": {"knownUser": {"personName": "string"}}}],
        "actions": [{"timestamp": "string", "detail": {"edit": {}}}],
    }
    body = {
        "activities": [
            {"timestamp": "2024-05-01T12:00:00Z",
             "actors": [{"user": {"knownUser": {"personName": "people/1"}}}],
             "actions": [{"timestamp": "2024-05-01T12:00:00Z", "detail": {"edit": {}}}]},
            {"actions": [{"timestamp": "2024-05-02T12:00:00Z",
                          "actor": {"user": {"knownUser": {"personName": "people/2"}}}}]},
        ]
    }  # fmt: skip
    config = ShapeConfig(
        field_tree=declared,
        collection_path="activities",
        default_fields=("timestamp", "actors.user.knownUser.personName"),
    )
    assert check_invariants(body, {"activities": [{"timestamp": "x"}, {}]}, ("activities",), "list")
    out = json.loads(shape(body, config).chunks[0])
    second = out["activities"][1]
    assert second["actions"][0]["timestamp"] == "2024-05-02T12:00:00Z", out
    assert out["activities"][0] == {
        "timestamp": "2024-05-01T12:00:00Z",
        "actors": [{"user": {"knownUser": {"personName": "people/1"}}}],
    }


def test_the_member_naming_the_object_a_list_is_read_at_is_kept_beside_the_list() -> None:
    """``GET /requests/{requestId}`` answers the request around the resources it made
    (STACKIT's IaaS description, outside material): the list is the payload and the
    request's own members its wrapper; its ``requestId``, named like the id of an exchange,
    was left out as the call's metadata, and the caller lost what the answer is about."""
    body = {
        "requestId": "req-d61a",
        "requestAction": "CREATE",
        "status": "CREATING",
        "resources": [{"id": "d61a", "status": "CREATING", "type": "SERVER"}],
    }
    config = ShapeConfig(
        field_tree={"id": "string", "status": "string", "type": "string"},
        collection_path="resources",
        context=DefaultsContext(own="requestId"),
    )
    out = json.loads(shape(body, config).chunks[0])
    assert out["requestId"] == "req-d61a", out
    assert out["resources"] == body["resources"]
    unowned = json.loads(shape(body, replace(config, context=DefaultsContext())).chunks[0])
    assert "requestId" not in unowned  # an exchange's id beside a list: still metadata
