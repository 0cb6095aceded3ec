"""What a write's answer keeps of the records it lists (issue 33, writes): synthesized bodies
with the structure real descriptions have (no vendor's text); each test fails on the rules
before its fix."""

from __future__ import annotations

from typing import Any

import json

from generator.runtime.shaping.collections import find_payload
from generator.runtime.shaping.decision import DefaultsContext
from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.trees import field_tree_from_value


def _favourite(i: int) -> dict[str, Any]:
    return {
        "id": f"fav-{i}",
        "type": "track",
        "domain": f"domain {i}",
        "added_at": f"2024-05-0{i}T12:00:00Z",
    }


BATCH = {"total": 3, "results": [_favourite(1), _favourite(2), _favourite(3)]}


def test_a_discriminator_the_address_names_stays_on_a_writes_records() -> None:
    """A batch create answers the favourites it added, each addressed as
    ``/favourites/{type}/{id}``: its ``type`` is the same on every record of this answer, so it
    was dropped as a constant discriminator, and the next call (``{type}``) had nothing to
    name. A member a path parameter of the tool's context names is part of each record's
    address and stays; without such a parameter the constant tag is still left out."""
    addressed = DefaultsContext(entity=("favourite",), keys=("type",))
    result = shape(BATCH, ShapeConfig(kind="create", context=addressed))
    items = json.loads(result.chunks[0])["results"]
    assert [i["id"] for i in items] == ["fav-1", "fav-2", "fav-3"]
    assert all(i["type"] == "track" for i in items)
    assert not result.violations

    unnamed = DefaultsContext(entity=("favourite",))
    plain = json.loads(shape(BATCH, ShapeConfig(kind="create", context=unnamed)).chunks[0])
    assert [i["id"] for i in plain["results"]] == ["fav-1", "fav-2", "fav-3"]
    assert all("type" not in i for i in plain["results"])


def _widget(i: int, status: str) -> dict[str, Any]:
    return {
        "widgetId": f"w-{i}",
        "name": f"Widget {i}",
        "status": status,
        "size": i,
        "createdAt": "2024-05-01T12:00:00Z",
    }


def test_a_writes_several_lists_of_records_keep_each_records_identity() -> None:
    """A bulk delete answers what went and what did not, two lists of records side by side and
    nothing naming the answer: no one list is its payload, so the body was shaped as one object
    whose lists each gave their label and state, and the ids of the widgets deleted (and of
    those that failed) were gone. Each record keeps the member that identifies it; a read of
    the same body is unchanged."""
    body = {
        "deleted": [_widget(1, "deleted"), _widget(2, "deleted")],
        "failed": [_widget(3, "locked")],
    }
    for kind in ("delete", "update", "create"):
        result = shape(body, ShapeConfig(kind=kind))
        out = json.loads(result.chunks[0])
        assert [r["widgetId"] for r in out["deleted"]] == ["w-1", "w-2"], kind
        assert [r["widgetId"] for r in out["failed"]] == ["w-3"], kind
        assert out["failed"][0]["status"] == "locked" and out["deleted"][0]["name"] == "Widget 1"
        assert "createdAt" not in out["deleted"][0], kind  # still lean
        assert not result.violations


def _both_ways(body: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """The write's answer shaped by defaults decided from the description (a field tree read
    from the body, as the loader gives one) and from the response itself (no description)."""
    described = ShapeConfig(kind=kind, field_tree=field_tree_from_value(body))
    return [
        json.loads(shape(body, config).chunks[0]) for config in (described, ShapeConfig(kind=kind))
    ]


OPERATION = {
    "name": "operations/op-123",
    "done": True,
    "metadata": {
        "@type": "type.example.com/v1.OperationMetadata",
        "createTime": "2024-05-01T12:00:00Z",
        "endTime": "2024-05-01T12:01:00Z",
        "target": "projects/p/instances/i-1",
        "verb": "create",
    },
    "response": {
        "@type": "type.example.com/v1.Instance",
        "name": "projects/p/instances/i-1",
        "displayName": "Build cache",
        "state": "READY",
        "createTime": "2024-05-01T12:00:00Z",
        "tier": "BASIC",
        "capacityGb": 1024,
    },
}


def test_the_resource_a_long_running_operation_carries_keeps_its_identity_and_label() -> None:
    """A write answered by a long-running operation (``{name, done, metadata, response}``)
    carries the created or changed resource in ``response``: it was cut to its ``state``
    (``response: {state: READY}``), and the agent could not say which instance it was nor
    name it in the next call. The resource keeps its name and its display name beside its
    state, as any answered resource does; the operation keeps its own name."""
    for kind in ("create", "update", "delete"):
        for out in _both_ways(OPERATION, kind):
            assert out["name"] == "operations/op-123", kind
            assert out["response"]["name"] == "projects/p/instances/i-1", kind
            assert out["response"]["displayName"] == "Build cache", kind
            assert out["response"]["state"] == "READY", kind
            assert "createTime" not in out["response"], kind  # still a write's lean answer


def test_a_write_answered_by_an_operation_still_running_says_so() -> None:
    """A write answered by a long-running operation that has not finished (``{name, done:
    false}``) was cut to its name: a write's profile takes no flags, so the agent could not
    tell whether to wait and poll. With no state of its own, a flag saying where it stands in
    one participle (``done``) is its state; settings (``autoRenewEnabled``) stay out."""
    running = {
        "name": "operations/op-9",
        "done": False,
        "autoRenewEnabled": True,
        "metadata": {"createTime": "2024-05-01T12:00:00Z", "verb": "create"},
    }
    for kind in ("create", "update", "delete"):
        for out in _both_ways(running, kind):
            assert out["name"] == "operations/op-9", kind
            assert out["done"] is False, kind
            assert "autoRenewEnabled" not in out, kind
    stated = {  # a state of its own says where it stands
        "id": "inv-1",
        "number": "INV-7",
        "status": "open",
        "paid": False,
        "attempted": True,
        "amount_due": 1200,
        "currency": "eur",
        "description": "May hosting",
    }
    for out in _both_ways(stated, "create"):
        assert out["status"] == "open"
        assert "paid" not in out and "attempted" not in out


JOB = {
    "id": "job-1",
    "status": "queued",
    "createdAt": "2024-05-01T12:00:00Z",
    "project": {
        "id": "prj-7",
        "name": "Apollo",
        "visibility": "private",
        "createdAt": "2024-05-01T12:00:00Z",
    },
}


def test_a_related_resource_kept_beside_a_writes_own_id_keeps_its_identity() -> None:
    """A write answering its own id beside a related resource (a job queued for a project)
    kept the project's name and not its id: a label an agent cannot pass to the next call.
    A related object of which something is kept keeps its identity too; a person is still
    reduced to its handle or name (the people rule); a delete's answer says which one went,
    not what it was related to."""
    for kind in ("create", "update"):
        for out in _both_ways(JOB, kind):
            assert out["id"] == "job-1" and out["status"] == "queued", kind
            assert out["project"] == {"id": "prj-7", "name": "Apollo"}, kind
    for out in _both_ways(JOB, "delete"):
        assert out["id"] == "job-1" and "id" not in out.get("project", {})


def test_a_deletes_answer_with_no_id_of_its_own_keeps_the_id_of_the_resource_it_holds() -> None:
    """A delete answered with the ids of what the resource belonged to and the resource
    itself (``{accountId, region, item: {id, title}}``, ``{operationId, resource: {id,
    name}}``) kept the resource's title and not its id: a delete's related resources keep
    no id, as its answer says which one went. With no id of its own (only ids that refer to
    other things), the answer's parts with an id of their own are the one that went or the
    job removing it (``{thingId, status, job: {id, state}}``, of which nothing was kept):
    each keeps its identity; beside an id of the answer's own it is still a related
    resource."""
    held = {"accountId": "acc-1", "region": "eu", "item": {"id": "itm-9", "title": "Lamp"}}
    tree = field_tree_from_value(held)
    out = json.loads(shape(held, ShapeConfig(kind="delete", field_tree=tree)).chunks[0])
    assert out["item"] == {"id": "itm-9", "title": "Lamp"}, out
    queued = {"operationId": "op-3", "resource": {"id": "res-4", "name": "alpha"}}
    tree = field_tree_from_value(queued)
    out = json.loads(shape(queued, ShapeConfig(kind="delete", field_tree=tree)).chunks[0])
    assert out["operationId"] == "op-3" and out["resource"]["id"] == "res-4", out
    job = {"thingId": "t-1", "status": "queued", "job": {"id": "job-5", "state": "pending"}}
    out = json.loads(
        shape(job, ShapeConfig(kind="delete", field_tree=field_tree_from_value(job))).chunks[0]
    )
    assert out["thingId"] == "t-1" and out["job"]["id"] == "job-5", out
    own = {**held, "id": "del-2"}
    out = json.loads(
        shape(own, ShapeConfig(kind="delete", field_tree=field_tree_from_value(own))).chunks[0]
    )
    assert out["id"] == "del-2" and "id" not in out.get("item", {}), out
    order = {
        "id": "ord-1",
        "status": "open",
        "customer": {"id": "cus-9", "name": "Ada Lovelace", "email": "ada@example.com"},
    }
    for out in _both_ways(order, "create"):
        assert out["customer"]["name"] == "Ada Lovelace" and "id" not in out["customer"]


REPOSITORY = {
    "id": 1296269,
    "name": "hello-world",
    "full_name": "octocat/hello-world",
    "html_url": "https://example.com/octocat/hello-world",
    "topics": ["octocat", "atom", "electron", "api"],
    "created_at": "2024-05-01T12:00:00Z",
}


def test_a_written_resources_lists_of_scalars_are_what_the_caller_set() -> None:
    """A create or update answered with the resource's typed lists of scalars (its topics,
    the tags the caller applied): the caller sent them, and they cost a write's answer more
    than its identity. They are left out of a create's or update's answer; a read of the
    same resource keeps them, and a list the description does not type (``messages: [any]``,
    what the call did) stays."""
    tree = field_tree_from_value(REPOSITORY)
    for kind in ("create", "update"):
        out = json.loads(shape(REPOSITORY, ShapeConfig(kind=kind, field_tree=tree)).chunks[0])
        assert out["id"] == 1296269 and "topics" not in out, kind
    read = json.loads(shape(REPOSITORY, ShapeConfig(kind="read", field_tree=tree)).chunks[0])
    assert read["topics"] == ["octocat", "atom", "electron", "api"]
    task = {"messages": ["any"], "result": {"id": "string", "status": "string"}}
    body: dict[str, Any] = {
        "messages": [{"code": "paid", "text": "2 icons left out"}],
        "result": {"id": "t-1", "status": "complete"},
    }
    out = json.loads(shape(body, ShapeConfig(kind="create", field_tree=task)).chunks[0])
    assert out["messages"] == body["messages"] and out["result"]["id"] == "t-1"


def test_a_writes_answer_says_no_time_that_only_says_now() -> None:
    """A small write's answer kept whole (nothing to leave out) carried the times of the call:
    when the server replied, when it made the key. They say only "now" and are left out; a
    moment to come (``due_at``) stays, and a read keeps its times."""
    key = {"id": "k-1", "public_key": "ssh-ed25519 AAAA", "created_at": "2024-05-01T12:00:00Z"}
    replied = {"method": "POST", "schema": "export", "replied_at": "2024-05-01T12:00:00Z"}
    due = {"method": "POST", "schema": "export", "due_at": "2024-06-01T12:00:00Z"}
    for kind in ("create", "update", "delete"):
        assert "created_at" not in json.loads(shape(key, ShapeConfig(kind=kind)).chunks[0])
        assert "replied_at" not in json.loads(shape(replied, ShapeConfig(kind=kind)).chunks[0])
        assert "due_at" in json.loads(shape(due, ShapeConfig(kind=kind)).chunks[0])
    assert "created_at" in json.loads(shape(key, ShapeConfig(kind="read")).chunks[0])


def _removed(i: int) -> dict[str, Any]:
    return {
        "Key": f"reports/2024/q{i}.csv",
        "VersionId": f"v{i}-3f9a",
        "DeleteMarker": True,
        "DeleteMarkerVersionId": f"dm{i}-77c1",
        "Size": 1024 * i,
        "StorageClass": "STANDARD",
        "LastModified": "2024-05-01T12:00:00Z",
    }


BULK_DELETE = {
    "Deleted": [_removed(1), _removed(2)],
    "Errors": [
        {
            "Key": "reports/2024/q3.csv",
            "VersionId": "v3-3f9a",
            "Code": "AccessDenied",
            "Message": "Access Denied",
        }
    ],
    "RequestCharged": "requester",
}


def _bulk(kind: str, body: dict[str, Any]) -> dict[str, Any]:
    """Shaped as the loader describes a batch's answer: its records' list and their tree."""
    config = ShapeConfig(
        kind=kind,
        collection_path="Deleted",
        field_tree=field_tree_from_value(body["Deleted"][0]),
    )
    result = shape(body, config)
    assert not result.violations
    out: dict[str, Any] = json.loads(result.chunks[0])
    return out


def test_a_batch_writes_failed_records_stay_beside_the_records_it_wrote() -> None:
    """A bulk delete answers the objects it deleted as its list and those it could not delete
    under ``Errors``: an error report's name read as the wrapper's metadata, so the list was
    left out and the agent learned of two objects deleted and never of the third that was
    not. The failed records are kept, each by the member the written records are identified
    by and what says why; a read of the same body, and a list of bare error reports, are
    unchanged."""
    out = _bulk("delete", BULK_DELETE)
    assert [r["Key"] for r in out["Deleted"]] == ["reports/2024/q1.csv", "reports/2024/q2.csv"]
    assert out["Errors"] == [
        {"Key": "reports/2024/q3.csv", "VersionId": "v3-3f9a", "Message": "Access Denied"}
    ]
    for kind in ("create", "update"):
        assert _bulk(kind, BULK_DELETE)["Errors"][0]["Key"] == "reports/2024/q3.csv", kind
    assert "Errors" not in _bulk("read", BULK_DELETE)
    bare = {**BULK_DELETE, "Errors": [{"Code": "SlowDown", "Message": "Reduce your rate"}]}
    assert "Errors" not in _bulk("delete", bare)
    # why, said by a status held as an object, and cut to a preview when long
    long = "The object is locked by a retention policy until the end of its legal hold period. " * 3
    nested = {
        **BULK_DELETE,
        "Errors": [{"Key": "reports/2024/q3.csv", "VersionId": "v3-3f9a",
                    "status": {"code": 423, "message": long}}],
    }  # fmt: skip
    failed = _bulk("delete", nested)["Errors"][0]
    assert failed["Key"] == "reports/2024/q3.csv"
    assert failed["status"]["message"].startswith("The object is locked")
    assert len(failed["status"]["message"]) < len(long)


ORDER_TREE = {
    "errors": [{"field": "string", "message": "string", "code": "string", "variants": ["string"]}],
    "order": {"id": "string", "number": "string", "status": "string", "userEmail": "string"},
}


def test_a_failed_writes_error_report_says_which_input_and_why_whole() -> None:
    """A write that did not go through answers with a success status, the resource null and
    an error report beside it. The report's message was cut to the 48-character preview a
    write gives the caller's own text, and the input it is about (``field``) was left out: the
    agent learnt that an email was wrong only as "Enter a valid email address so the…". The
    server's reason is shown whole with the field it names and its code; a write that went
    through shows no report (its list is empty)."""
    context = DefaultsContext(entity=("order",))
    failed = {
        "errors": [
            {
                "field": "email",
                "message": "Enter a valid email address so the order can be confirmed.",
                "code": "INVALID",
                "variants": None,
            }
        ],
        "order": None,
    }
    result = shape(failed, ShapeConfig(kind="create", context=context))
    assert json.loads(result.chunks[0]) == {
        "errors": [
            {
                "field": "email",
                "message": "Enter a valid email address so the order can be confirmed.",
                "code": "INVALID",
            }
        ]
    }
    went = {"errors": [], "order": {"id": "o-1", "number": "1042", "status": "UNCONFIRMED"}}
    shown = json.loads(shape(went, ShapeConfig(kind="create", context=context)).chunks[0])
    assert shown == {"order": {"id": "o-1", "number": "1042", "status": "UNCONFIRMED"}}
    assert field_tree_from_value(failed)  # the tree a described body gives, below
    from generator.runtime.shaping.decision import decide_fields

    chosen = decide_fields(ORDER_TREE, context, kind="update", item=False)
    assert {"errors.field", "errors.message", "errors.code"} <= set(chosen)
    assert "errors.variants" not in chosen


def test_an_amount_written_as_a_decimal_string_is_the_amount_a_write_came_to() -> None:
    """A charge answers its transaction with its amount as ``{value, currencyCode}`` whose
    value is a decimal written as a string (``"10.00"``; a GraphQL custom scalar ``Amount``,
    undescribed in the field tree): read as no number, the receipt of the charge left out the
    amount it came to, as a list of transactions did. Beside a currency, a member named
    ``value`` or for money is the money object's number, whatever its type."""
    from generator.runtime.shaping.decision import decide_fields

    transaction = {
        "id": "string",
        "merchantName": "string",
        "status": "string",
        "orderId": "string",
        "amount": {"value": "any", "currencyCode": "any"},  # custom scalars, both
        "customer": {"id": "string", "firstName": "string", "lastName": "string"},
    }
    context = DefaultsContext(entity=("transaction",), graphql=True)
    charged = decide_fields({"transaction": transaction}, context, kind="create", item=False)
    assert {"transaction.amount.value", "transaction.amount.currencyCode"} <= set(charged)
    listed = decide_fields(transaction, context, kind="read", item=True)
    assert {"amount.value", "amount.currencyCode"} <= set(listed)
    body = {"id": "t-1", "status": "SETTLED", "amount": {"value": "10.00", "currency_code": "EUR"}}
    shown = json.loads(shape(body, ShapeConfig(kind="create")).chunks[0])
    assert shown["amount"] == {"value": "10.00", "currency_code": "EUR"}


def test_a_writes_records_beside_the_resource_it_changed_keep_who_they_are() -> None:
    """A mutation answers the resource it changed with the records the call made or touched
    in lists beside it (lines added to an order, a product's media reordered, the variants a
    checkout made from an order could not take). The defaults kept the resource and left the
    lists out; the run-time invariants then read the defaults again from the response, which
    kept a list and lost the resource's id. Each list keeps its records' identity and label,
    records about other things the one they refer to and why. Only a mutation's payload type,
    made for it: a REST write's lists are its resource's parts."""
    from generator.runtime.shaping.decision import decide_fields

    errors = [{"field": "string", "message": "string", "code": "string"}]
    order = {"id": "string", "number": "string", "status": "string", "customerNote": "string"}
    line = {"id": "string", "productName": "string", "productSku": "string", "quantity": "integer"}
    lines = {"order": order, "orderLines": [line], "errors": errors}
    context = DefaultsContext(graphql=True)
    chosen = decide_fields(lines, context, kind="create", item=False)
    assert {"order.id", "orderLines.id", "orderLines.productName"} <= set(chosen)
    assert "orderLines.productSku" not in chosen and "orderLines.quantity" not in chosen
    rest = decide_fields(lines, DefaultsContext(), kind="create", item=False)
    assert not any(p.startswith("orderLines") for p in rest)
    unavailable = [
        {"variantId": "string", "lineId": "string", "code": "string", "message": "string"}
    ]
    checkout = {"id": "string", "email": "string", "discountName": "string"}
    made = {"unavailableVariants": unavailable, "checkout": checkout, "errors": errors}
    chosen = decide_fields(made, context, kind="update", item=False)
    assert {"checkout.id", "unavailableVariants.variantId", "unavailableVariants.message"} <= set(
        chosen
    )
    body = {
        "order": {"id": "o-1", "number": "1042", "status": "UNFULFILLED", "customerNote": None},
        "orderLines": [
            {"id": "l-1", "productName": "Juice", "productSku": "J-1", "quantity": 2},
            {"id": "l-2", "productName": "Tea", "productSku": "T-1", "quantity": 1},
        ],
        "errors": [],
    }
    fields = decide_fields(lines, context, kind="create", item=False)
    result = shape(body, ShapeConfig(kind="create", context=context, default_fields=fields))
    shown = json.loads(result.chunks[0])
    assert shown["order"]["id"] == "o-1"
    assert shown["orderLines"] == [
        {"id": "l-1", "productName": "Juice"},
        {"id": "l-2", "productName": "Tea"},
    ]
    assert not result.violations


def _outcome_record(i: int, status: str) -> dict[str, Any]:
    return {
        "id": f"rec-{i}",
        "status": status,
        "errors": {"error": [{"message": "not found"}]} if status == "FAILED" else None,
    }


BATCH_DELETE = {
    "match": {  # the request it ran, echoed back
        "class": "City",
        "where": {"operator": "Equal", "path": ["name"], "valueText": "Paris", "operands": []},
    },
    "output": "minimal",
    "dryRun": False,
    "results": {
        "matches": 3,
        "limit": 10000,
        "successful": 2,
        "failed": 1,
        "objects": [
            _outcome_record(1, "SUCCESS"),
            _outcome_record(2, "SUCCESS"),
            _outcome_record(3, "FAILED"),
        ],
    },
}


def test_a_batch_writes_records_in_a_part_beside_its_echoed_request_are_kept() -> None:
    """A batch delete answers the request it ran (``match``) beside a part holding what it
    did: counts and one list of records (``results: {successful, failed, objects: [{id,
    status}]}``). Two parts, so no one member was the payload, and the lean profile kept
    only ``output``: which records went, and which failed, was gone (weaviate's
    ``batch_objects_delete`` has this layout). The part's records keep their identity and
    state, and its counts; the echoed request is not kept; a read of the same body keeps the
    records too."""
    for kind in ("delete", "update", "create"):
        for out in _both_ways(BATCH_DELETE, kind):
            objects = out["results"]["objects"]
            assert [o["id"] for o in objects] == ["rec-1", "rec-2", "rec-3"], kind
            assert [o["status"] for o in objects] == ["SUCCESS", "SUCCESS", "FAILED"], kind
            assert out["results"]["successful"] == 2 and out["results"]["failed"] == 1, kind
            assert "match" not in out, kind


def test_a_write_described_as_its_resource_that_sends_it_in_an_envelope_reads_through_it() -> None:
    """An update described as answering the resource (``{id, name, status}``) sends it inside
    an envelope the description does not mention (``{success, data: {thing: {...}}}``). The
    defaults chosen from the description kept nothing, the second reading of the whole body
    kept only ``success``, and the generic projection (two levels of scalars) showed
    ``{success: true}``: which thing changed was gone. The second reading reads through the
    envelope the response shows, as a first reading of an undescribed answer does."""
    thing = {"id": 7, "name": "Thing 7", "status": "active", "extra": {"a": 1}}
    body = {"success": True, "data": {"thing": thing}}
    described = field_tree_from_value({"id": 1, "name": "x", "status": "s"})
    for kind in ("update", "create", "delete"):
        config = ShapeConfig(
            kind=kind,
            field_tree=described,
            default_fields=("id", "name", "status"),
            context=DefaultsContext(entity=("thing",), keys=("thingId",)),
        )
        result = shape(body, config)
        out = json.loads(result.chunks[0])
        assert out["data"]["thing"]["id"] == 7, kind
        assert out["data"]["thing"]["name"] == "Thing 7", kind
        assert not result.violations


def test_an_exchanges_id_does_not_make_an_envelope_a_resource() -> None:
    """A write answers ``{success, code, msg, request_id, data: {thing: {...}}}``: four scalars
    beside the envelope, one more than an envelope carries, so the body was read as the
    resource and the thing, two levels down, was left out; the invariants then fell back to a
    projection of two levels of scalars, and which thing was written was gone. The id of the
    exchange (``request_id``, ``traceId``) says nothing about the data and is not one of an
    envelope's scalars: the thing is the answer, read through its envelope, described or not."""
    thing = {"id": 11, "name": "Thing 11", "status": "active", "tags": ["a", "b"]}
    for exchange in ("request_id", "traceId", "correlationId"):
        body = {"success": True, "code": 0, "msg": "ok", exchange: "r-1", "data": {"thing": thing}}
        for kind in ("update", "create", "delete"):
            for out in _both_ways(body, kind):
                assert out["data"]["thing"]["id"] == 11, (exchange, kind)
                assert out["data"]["thing"]["name"] == "Thing 11", (exchange, kind)
                assert exchange not in out, (exchange, kind)


def test_two_resources_beside_a_constant_discriminator_are_each_answered() -> None:
    """Assigning a role to a group answers ``{object: "group.role", group: {...}, role:
    {...}}``: two resources side by side and a constant saying what the pair is. The
    constant made the body more than its objects, so it was read as one object: the group
    gave the label and id, the role only its description, and which role was assigned was
    gone. A constant discriminator says nothing: the resources are answered each by its own
    defaults, as without it."""
    group = {"object": "group", "id": "g-1", "name": "Group 1", "created_at": 1714560000}
    role = {
        "object": "role",
        "id": "r-1",
        "name": "Role 1",
        "description": "What the role may do, in a sentence or two of plain text.",
        "permissions": ["read", "write"],
    }
    body = {"object": "group.role", "group": group, "role": role}
    tree = field_tree_from_value(body)
    tree["object"] = "string:const"
    tree["group"]["object"] = tree["role"]["object"] = "string:const"
    context = DefaultsContext(entity=("group", "role", "assignment"), keys=("role_id",))
    for kind in ("update", "create"):
        config = ShapeConfig(kind=kind, field_tree=tree, context=context)
        out = json.loads(shape(body, config).chunks[0])
        assert out["group"]["id"] == "g-1" and out["group"]["name"] == "Group 1", kind
        assert out["role"]["id"] == "r-1" and out["role"]["name"] == "Role 1", kind


def test_a_body_holding_the_member_its_address_names_is_that_object_not_its_list() -> None:
    """An account updated at ``/accounts/{account_token}`` answers its ``token`` beside its
    state, currency and ``auth_rule_tokens``, a list of strings; a webhook subscription
    created beside ``/event_subscriptions/{event_subscription_token}`` its ``token`` beside
    ``event_types``. The list of scalars was taken for the payload (nothing there is named
    ``id``), the account shaped as a wrapper around it, and the token the next call takes
    was gone. The member the address names, read as the identity role reads it (the
    parameter ends with it), makes the body that object."""
    account = {
        "token": "acct-1",
        "state": "ACTIVE",
        "cardholder_currency": "USD",
        "auth_rule_tokens": ["rule-1", "rule-2"],
    }
    tree = field_tree_from_value(account)
    assert find_payload(tree, keys=("account_token",)).collection is None
    assert find_payload(tree).collection == ("auth_rule_tokens",)  # no address: as before
    subscription = {"token": "ep-1", "url": "https://example.com/hook", "disabled": False,
                    "description": "All events", "event_types": ["card.created"]}  # fmt: skip
    sub_tree = field_tree_from_value(subscription)
    assert find_payload(sub_tree, keys=("event_subscription_token",)).collection is None


def test_a_written_resource_says_each_place_in_its_life_it_names_by_one_word() -> None:
    """An experiment updated or started answers ``status: draft`` and ``stage: explore``
    among its settings: the write's answer had room for one state, took ``status`` and left
    out the stage it is in. Each place in its life the resource names by one word is kept on
    a write's answer; a read of a list's items stays lean."""
    body = {
        "id": "b-1",
        "name": "Bandit 1",
        "status": "draft",
        "stage": "explore",
        "owner": "owner 1",
        "hypothesis": "A shorter sign-up form converts better on small screens.",
        "dateCreated": "2024-05-01T12:34:56Z",
        "trackingKey": "trk-1",
    }
    for kind in ("create", "update", "delete"):
        for out in _both_ways(body, kind):
            assert out["status"] == "draft" and out["stage"] == "explore", kind


def test_the_sentence_a_writes_envelope_carries_is_a_preview() -> None:
    """A delete answers ``{code, message, data: {id, name}}`` with a message of a few
    sentences: the envelope's scalars stayed whole beside the deleted thing, so its message
    cost more than the answer. As a list's wrapper does, a write's envelope carries its
    sentence as a preview; its code and the thing stay whole."""
    message = " ".join(["The widget and everything it held were removed for good."] * 4)
    body = {"code": 0, "message": message, "data": {"id": "w-1", "name": "Widget 1"}}
    tree = field_tree_from_value(body)
    config = ShapeConfig(kind="delete", field_tree=tree["data"], envelope_path="data")
    out = json.loads(shape(body, config).chunks[0])
    assert out["data"] == {"id": "w-1", "name": "Widget 1"} and out["code"] == 0
    assert out["message"].startswith("The widget and") and len(out["message"]) < 120


def _bulk_element(i: int) -> dict[str, Any]:
    return {
        "responseType": "CREATE_TRANSACTION",
        "logID": 1000 + i,
        "data": {
            "id": 70 + i,
            "timestamp": "2024-05-01T12:34:56Z",
            "postings": [{"amount": 100, "asset": "USD", "source": "world", "destination": "a"}],
            "reference": f"ref:{i}",
            "metadata": {"admin": "true"},
            "reverted": False,
            "preCommitVolumes": {"a": {"USD": {"input": 0, "output": 0, "balance": 0}}},
            "postCommitVolumes": {"a": {"USD": {"input": 100, "output": 0, "balance": 100}}},
        },
    }


BULK = {"data": [_bulk_element(1), _bulk_element(2)]}


def test_a_batch_elements_written_resource_keeps_its_identity() -> None:
    """A bulk write answers one element per request (formancehq/ledger v2's ``V2BulkResponse``,
    MIT: ``{data: [{responseType, logID, data: {id, postings, ...}}]}``): the lean reading of a
    write's record took the element's own ``logID`` and nothing of the transaction it created,
    so the next call had no transaction id. The part under a payload name holding a resource
    keeps its identity beside the element's."""
    for kind in ("create", "update"):
        described = ShapeConfig(
            kind=kind, field_tree=field_tree_from_value(BULK), collection_path="data"
        )
        for config in (described, ShapeConfig(kind=kind)):
            items = json.loads(shape(BULK, config).chunks[0])["data"]
            assert [i["logID"] for i in items] == [1001, 1002], kind
            assert [i["data"]["id"] for i in items] == [71, 72], kind
    # a read of the same body is not a write's record: unchanged by this rule
    read = json.loads(shape(BULK, ShapeConfig(kind="read")).chunks[0])
    assert len(read["data"]) == 2


def test_a_count_named_by_an_event_is_what_a_write_did_not_when() -> None:
    """A bulk unsubscribe answers its tallies (``{deleted_count, unauthorized_count,
    non_existent_count}``, as PagerDuty's notification-subscriber removals do): the first was
    read as a time (an event word, ``deleted``, before its last word) that says only when the
    call happened, and left out, so the answer said what failed but not how many went. A
    number whose last word is a tally is a count; a real time stays left out."""
    body = {"deleted_count": 1, "unauthorized_count": 1, "non_existent_count": 0}
    for kind in ("delete", "update"):
        out = json.loads(shape(body, ShapeConfig(kind=kind)).chunks[0])
        assert out == body, kind
    timed = {"deleted_count": 2, "deleted_at": "2024-05-01T12:00:00Z"}
    assert json.loads(shape(timed, ShapeConfig(kind="delete")).chunks[0]) == {"deleted_count": 2}


def _sent(i: int) -> dict[str, Any]:
    return {
        "Id": f"entry-{i}",
        "NoteId": f"5fea7756-0ea4-451a-a703-a558b933e27{i}",
        "ChecksumOfBody": f"fafb00f5732ab283681e124bf8747ed{i}",
        "SequenceNumber": f"1000000000000000000{i}",
    }


def test_a_batch_writes_records_keep_the_id_the_service_gave_them() -> None:
    """A batch send answers, per entry, the caller's own entry key (``Id``, sent with the
    entry) and the id the service gave the record (``NoteId``) beside the entries that failed:
    the records kept only the bare ``Id``, the caller's own value, and the id a later call
    needs was gone. It is kept beside it; not a reference the record holds, nor an id named
    after a path parameter (the parent), nor with several qualified ids (references)."""
    failed = [{"Id": "entry-9", "SenderFault": True, "Code": "Invalid", "Message": "too long"}]
    body = {"Successful": [_sent(1), _sent(2)], "Failed": failed}
    for kind in ("create", "delete"):
        out = json.loads(shape(body, ShapeConfig(kind=kind)).chunks[0])
        assert [r["NoteId"] for r in out["Successful"]] == [
            _sent(1)["NoteId"],
            _sent(2)["NoteId"],
        ], kind
        assert out["Successful"][0]["Id"] == "entry-1"
        assert "ChecksumOfBody" not in out["Successful"][0]  # still lean
    # the qualified id names the parent the call addressed: a reference, not left in
    queue = {"Successful": [{**_sent(1), "QueueId": "q-1"}], "Failed": failed}
    keyed = shape(queue, ShapeConfig(kind="create", context=DefaultsContext(keys=("queueId",))))
    assert "QueueId" not in json.loads(keyed.chunks[0])["Successful"][0]
    # two qualified ids: references, neither is the record's one identity
    two = {"Successful": [{**_sent(1), "OwnerId": "u-1"}], "Failed": failed}
    out = json.loads(shape(two, ShapeConfig(kind="create")).chunks[0])
    assert "OwnerId" not in out["Successful"][0] and "NoteId" not in out["Successful"][0]


def test_a_written_configuration_keeps_the_names_of_the_records_it_lists() -> None:
    """An alert configuration replaced by a PUT answers the whole configuration: global
    settings, a routing tree, inhibition rules and the receivers alerts go to, each named
    (STACKIT's observability description, outside material). The answer kept one setting and
    the route's grouping and left every receiver out: the caller could not tell the receivers
    it had just written. A write's answer nothing names keeps the names of the named
    records it lists."""
    tree = {
        "global": {"resolveTimeout": "string", "smtpFrom": "string", "smtpSmarthost": "string",
                   "smtpAuthUsername": "string"},
        "inhibitRules": [{"equal": ["string"], "sourceMatch": {"severity": "string"}}],
        "receivers": [{"name": "string", "emailConfigs": [{"to": "string"}],
                       "webhookConfigs": [{"url": "string"}]}],
        "route": {"receiver": "string", "groupBy": ["string"], "groupWait": "string",
                  "routes": [{"receiver": "string", "match": {"service": "string"}}]},
    }  # fmt: skip
    chosen = choose_default_fields(tree, kind="update")
    assert "receivers.name" in chosen, chosen
