"""Success response -> media type, collection path, field tree (merged, bounded), defaults."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.support.loading import load_decided
from generator.loaders.response_shape import bounded_tree, merge_trees, names_items
from generator.runtime.shaping.collections import find_payload


def collection_key(tree: dict[str, Any]) -> str | None:
    found = find_payload(tree).collection
    return None if found is None else ".".join(found)


def _shape(tmp_path: Path, responses: dict[str, Any], schemas: dict[str, Any] | None = None):
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Shapes", "version": "1"},
        "servers": [{"url": "https://example.test"}],
        "paths": {"/x": {"get": {"operationId": "getX", "responses": responses}}},
        "components": {"schemas": schemas or {}},
    }
    path = tmp_path / "shapes.json"
    path.write_text(json.dumps(doc))
    spec, _ = load_decided(path)
    return spec.operations[0].response


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": "ok", "content": {"application/json": {"schema": schema}}}


ITEM = {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}


def test_stripe_style_list_wrapper(tmp_path: Path) -> None:
    shape = _shape(
        tmp_path,
        {
            "200": _json(
                {
                    "type": "object",
                    "properties": {
                        "object": {"type": "string"},
                        "data": {
                            "type": "array",
                            "items": {"$ref": "#/components/schemas/customer"},
                        },
                        "has_more": {"type": "boolean"},
                        "url": {"type": "string"},
                    },
                }
            )
        },
        {"customer": ITEM},
    )
    assert (shape.collection_path, shape.schema_name) == ("data", "customer")
    assert shape.field_tree == {"id": "integer", "name": "string"}
    assert shape.identity_fields and shape.default_fields


def test_github_style_paginated_wrapper_with_an_unusual_key() -> None:
    assert (
        collection_key({"total_count": "integer", "workflow_runs": [{"id": "integer"}]})
        == "workflow_runs"
    )


def test_a_single_object_with_an_array_is_not_a_collection() -> None:
    # an identity of its own: one resource whose list is part of it
    assert collection_key({"id": "integer", "name": "string", "tags": [{"name": "string"}]}) is None
    # no identity: a wrapper, whatever objects sit next to its list
    assert collection_key({"data": [{"id": "integer"}], "owner": {"login": "string"}}) == "data"
    # two arrays of objects: metadata by name (facets) is not the payload
    assert collection_key({"results": [{"a": "string"}], "facets": [{"b": "string"}]}) == "results"
    # two payload-like arrays and no conventional list key: kept whole
    assert collection_key({"users": [{"a": "string"}], "groups": [{"b": "string"}]}) is None


def test_the_response_schema_gives_hints_and_envelopes(tmp_path: Path) -> None:
    shape = _shape(
        tmp_path,
        {
            "200": _json(
                {
                    "type": "object",
                    "properties": {
                        "data": {
                            "type": "object",
                            "properties": {
                                "id": {"type": "string"},
                                "created": {"type": "string", "format": "date-time"},
                                "kind": {"type": "string", "enum": ["widget"]},
                                "phase": {"type": "string", "enum": ["a", "b"]},
                                "name": {"type": "string"},
                            },
                        },
                        "meta": {"type": "object", "properties": {"v": {"type": "string"}}},
                    },
                }
            )
        },
    )
    assert shape.envelope_path == "data" and shape.collection_path is None
    assert shape.field_tree == {
        "id": "string", "created": "string:time", "kind": "string:const",
        "phase": "string:enum", "name": "string",
    }  # fmt: skip
    assert {"id", "name", "phase", "created"} <= set(shape.default_fields)
    assert "kind" not in shape.default_fields  # a constant discriminator says nothing


def test_first_2xx_wins_and_default_is_only_a_fallback(tmp_path: Path) -> None:
    shape = _shape(
        tmp_path,
        {
            "201": _json(ITEM),
            "200": _json({"type": "array", "items": ITEM}),
            "default": _json({"type": "object", "properties": {"error": {"type": "string"}}}),
        },
    )
    assert shape.collection_path == ""
    only_default = _shape(tmp_path, {"default": _json(ITEM)})
    assert only_default.field_tree == {"id": "integer", "name": "string"}
    no_content = _shape(tmp_path, {"204": {"description": "none"}, "default": _json(ITEM)})
    assert no_content.field_tree is None and no_content.media_type is None


def test_non_json_success_keeps_its_media_type(tmp_path: Path) -> None:
    shape = _shape(
        tmp_path,
        {"200": {"description": "ok", "content": {"text/csv": {"schema": {"type": "string"}}}}},
    )
    assert shape.media_type == "text/csv" and shape.field_tree is None


def test_all_of_merged_and_one_of_unioned(tmp_path: Path) -> None:
    shape = _shape(
        tmp_path,
        {
            "200": _json(
                {
                    "allOf": [
                        {"$ref": "#/components/schemas/Base"},
                        {
                            "type": "object",
                            "properties": {
                                "payload": {
                                    "oneOf": [
                                        {"type": "object", "properties": {"a": {"type": "string"}}},
                                        {
                                            "type": "object",
                                            "properties": {"b": {"type": "integer"}},
                                        },
                                    ]
                                },
                                "value": {"anyOf": [{"type": "integer"}, {"type": "number"}]},
                                "maybe": {"type": "string", "nullable": True},
                                "mixed": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
                                "free": {"type": "object", "additionalProperties": True},
                                "list": {"type": "array", "items": {"type": "string"}},
                            },
                        },
                    ]
                }
            )
        },
        {"Base": {"type": "object", "properties": {"id": {"type": "string"}}}},
    )
    assert shape.field_tree == {
        "id": "string",
        "payload": {"a": "string", "b": "integer"},
        "value": "number",
        "maybe": "string",
        "mixed": "any",
        "free": "any",
        "list": ["string"],
    }
    assert shape.schema_name is None  # the body is inline


def test_untyped_object_body_gives_no_tree(tmp_path: Path) -> None:
    shape = _shape(tmp_path, {"200": _json({"type": "object"})})
    assert shape.media_type == "application/json"
    assert shape.field_tree is None and shape.default_fields == ()


def test_merge_trees() -> None:
    assert merge_trees(None, "string") == "string"
    assert merge_trees("null", "string") == "string"
    assert merge_trees("integer", "number") == "number"
    assert merge_trees("string", "boolean") == "any"
    assert merge_trees({"a": "string"}, {"b": ["integer"]}) == {"a": "string", "b": ["integer"]}
    assert merge_trees("string", {"a": "string"}) == {"a": "string"}
    assert merge_trees({"a": "string"}, ["string"]) == "any"
    assert merge_trees([{"a": "string"}], [{"b": "string"}]) == [{"a": "string", "b": "string"}]


def test_a_union_of_a_list_and_objects_keeps_every_objects_members(tmp_path: Path) -> None:
    # A path that answers a folder's entries or one file (or a link): the file's text and its
    # encoding are members of the union's tree whatever order the branches come in (the old
    # rule made the list and the file "any", which the next object branch replaced).
    def obj(*names: str) -> dict[str, Any]:
        return {"type": "object", "properties": {n: {"type": "string"} for n in names}}

    entry = obj("type", "name", "path", "sha")
    file = obj("type", "name", "path", "sha", "content", "encoding")
    link = obj("type", "name", "path", "sha", "target")
    union = {"oneOf": [{"type": "array", "items": entry}, file, link]}
    shape = _shape(tmp_path, {"200": _json(union)})
    assert shape.field_tree is not None
    assert {"content", "encoding", "target", "name"} <= set(shape.field_tree)
    assert "content" in shape.default_fields
    assert merge_trees([{"a": "string"}], {"b": "string"}) == {"b": "string", "a": "string"}
    assert merge_trees({"b": "string"}, [{"a": "string"}]) == {"b": "string", "a": "string"}


def test_bounded_tree_cuts_levels_to_stay_under_the_budget() -> None:
    wide = {f"f{i}": {f"g{j}": {"h": "string"} for j in range(10)} for i in range(10)}
    assert bounded_tree(wide, max_depth=4, max_fields=1000) == wide  # 10 + 100 + 100 names
    cut = bounded_tree(wide, max_depth=4, max_fields=150)
    assert cut["f0"]["g0"] == "any" and len(cut) == 10
    assert bounded_tree(wide, max_depth=1, max_fields=1000)["f3"] == "any"
    assert bounded_tree(wide, max_depth=4, max_fields=5)["f0"] == "any"  # first level always kept


def test_the_path_parameter_that_reads_one_object_names_its_identity(tmp_path: Path) -> None:
    cert = {
        "type": "object",
        "properties": {
            "thumbprint": {"type": "string"},
            "state": {"type": "string"},
            "url": {"type": "string", "format": "uri"},
            "publicData": {"type": "string"},
        },
    }
    ok = {"200": _json({"$ref": "#/components/schemas/Cert"})}
    listed = {"200": _json({"type": "object", "properties": {
        "value": {"type": "array", "items": {"$ref": "#/components/schemas/Cert"}},
        "nextLink": {"type": "string"},
    }})}  # fmt: skip
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Certs", "version": "1"},
        "servers": [{"url": "https://example.test"}],
        "paths": {
            "/certs": {"get": {"operationId": "listCerts", "responses": listed}},
            "/certs/{thumbprint}": {"get": {
                "operationId": "getCert", "responses": ok,
                "parameters": [{"name": "thumbprint", "in": "path", "required": True,
                                "schema": {"type": "string"}}],
            }},
        },
        "components": {"schemas": {"Cert": cert}},
    }  # fmt: skip
    path = tmp_path / "certs.json"
    path.write_text(json.dumps(doc))
    spec, _ = load_decided(path)
    shapes = {op.id: op.response for op in spec.operations}
    assert shapes["getCert"].identity_fields[0] == "thumbprint"
    assert shapes["listCerts"].collection_path == "value"
    assert shapes["listCerts"].identity_fields[0] == "thumbprint"
    assert "thumbprint" in shapes["listCerts"].default_fields


def test_a_read_of_one_object_beside_its_list_of_strings_is_that_object(tmp_path: Path) -> None:
    """A subscription read at ``/event_subscriptions/{event_subscription_token}`` answers its
    ``token`` beside ``event_types``, a list of strings (the schema of Lithic's
    ``EventSubscription``, /work/outside12/lithic.yml, its example body): the list was taken
    for the payload, the subscription read as a wrapper around it and its ``token`` lost. A
    list of scalars is no page of the object's entries: the member its address names makes
    the body that object, as on a write."""
    subscription: dict[str, Any] = {"type": "object", "properties": {
        "description": {"type": "string"},
        "disabled": {"type": "boolean"},
        "event_types": {"type": "array", "items": {"type": "string", "enum": ["card.created"]}},
        "token": {"type": "string"},
        "url": {"type": "string", "format": "uri"},
    }}  # fmt: skip
    param = [{"name": "event_subscription_token", "in": "path", "required": True,
              "schema": {"type": "string"}}]  # fmt: skip
    listed = {"type": "object", "properties": {
        "data": {"type": "array", "items": {"$ref": "#/components/schemas/Sub"}},
        "has_more": {"type": "boolean"},
    }}  # fmt: skip
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Subs", "version": "1"},
        "servers": [{"url": "https://example.test"}],
        "paths": {
            "/v1/event_subscriptions": {"get": {
                "operationId": "listSubs", "responses": {"200": _json(listed)}}},
            "/v1/event_subscriptions/{event_subscription_token}": {"get": {
                "operationId": "getSub", "parameters": param,
                "responses": {"200": _json({"$ref": "#/components/schemas/Sub"})},
            }},
        },
        "components": {"schemas": {"Sub": subscription}},
    }  # fmt: skip
    path = tmp_path / "subs.json"
    path.write_text(json.dumps(doc))
    spec, _ = load_decided(path)
    shape = {op.id: op.response for op in spec.operations}["getSub"]
    assert shape.collection_path is None
    assert "token" in shape.default_fields and "url" in shape.default_fields
    # a list of ids (billing info's ``billingId``: what it answers) keeps its reading
    subscription["properties"]["billingId"] = subscription["properties"].pop("event_types")
    path.write_text(json.dumps(doc))
    spec, _ = load_decided(path)
    shape = {op.id: op.response for op in spec.operations}["getSub"]
    assert shape.collection_path == "billingId"


def test_a_member_named_for_the_addressed_object_and_info_is_the_answer(tmp_path: Path) -> None:
    """Temporal's ``DescribeWorkerDeploymentVersion`` (/work/outside9/temporal.yaml, MIT)
    answers ``{workerDeploymentVersionInfo: {...}, versionTaskQueues: [...]}`` at
    ``/worker-deployment-versions/{deployment_name}/{build_id}``: ``...Info`` ends with a
    metadata word, so the task queues were taken for the payload and the version itself
    left out. A member named for the object the address names is that object."""
    info = {"type": "object", "properties": {
        "version": {"type": "string"},
        "status": {"type": "string", "enum": ["DRAINING", "CURRENT"]},
        "deploymentName": {"type": "string"},
        "createTime": {"type": "string", "format": "date-time"},
    }}  # fmt: skip
    queue = {"type": "object", "properties": {"name": {"type": "string"},
                                              "type": {"type": "string"}}}  # fmt: skip
    body = {"type": "object", "properties": {
        "workerDeploymentVersionInfo": info,
        "versionTaskQueues": {"type": "array", "items": queue},
    }}  # fmt: skip
    params = [{"name": n, "in": "path", "required": True, "schema": {"type": "string"}}
              for n in ("namespace", "deployment_name", "build_id")]  # fmt: skip
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Versions", "version": "1"},
        "servers": [{"url": "https://example.test"}],
        "paths": {
            "/namespaces/{namespace}/worker-deployment-versions/{deployment_name}/{build_id}": {
                "get": {"operationId": "DescribeWorkerDeploymentVersion", "parameters": params,
                        "responses": {"200": _json(body)}},
            },
        },
    }  # fmt: skip
    path = tmp_path / "versions.json"
    path.write_text(json.dumps(doc))
    spec, _ = load_decided(path)
    shape = spec.operations[0].response
    assert shape.collection_path is None
    assert "workerDeploymentVersionInfo.status" in shape.default_fields
    assert any(p.startswith("versionTaskQueues.") for p in shape.default_fields)


def test_a_list_inside_a_part_of_the_object_its_address_names_is_part_of_it(
    tmp_path: Path,
) -> None:
    """A report query read at ``/query/{queryId}`` answers ``{queryId, kind, timezoneCode,
    metadata: {title, running, ...}, params: {type, filters: [...]}, schedule: {...}}``: the
    filters inside its ``params`` were taken for the payload, and the query's title left out.
    The body holds the member its address names: it is the query. A race's entries at the
    body's top (``/races/{raceid}``) stay its list."""
    query = {"type": "object", "properties": {
        "queryId": {"type": "string"},
        "kind": {"type": "string"},
        "timezoneCode": {"type": "string"},
        "reportDataStartTimeMs": {"type": "string"},
        "metadata": {"type": "object", "properties": {
            "title": {"type": "string"}, "running": {"type": "boolean"},
            "reportCount": {"type": "integer"}}},
        "params": {"type": "object", "properties": {
            "type": {"type": "string"},
            "filters": {"type": "array", "items": {"type": "object", "properties": {
                "type": {"type": "string"}, "value": {"type": "string"}}}}}},
        "schedule": {"type": "object", "properties": {
            "frequency": {"type": "string"}, "endTimeMs": {"type": "string"}}},
    }}  # fmt: skip
    entries = {"type": "object", "properties": {
        "raceId": {"type": "string"}, "season": {"type": "string"}, "round": {"type": "string"},
        "entries": {"type": "array", "items": {"type": "object", "properties": {
            "raceId": {"type": "string"}, "driver": {"type": "string"},
            "position": {"type": "integer"}}}}}}  # fmt: skip

    def read(path: str, name: str, body: dict[str, Any]) -> dict[str, Any]:
        param = path.rsplit("{", 1)[1].rstrip("}")
        return {"get": {"operationId": name, "responses": {"200": _json(body)},
                        "parameters": [{"name": param, "in": "path", "required": True,
                                        "schema": {"type": "string"}}]}}  # fmt: skip

    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Reports", "version": "1"},
        "servers": [{"url": "https://example.test"}],
        "paths": {
            "/query/{queryId}": read("/query/{queryId}", "getQuery", query),
            "/races/{raceId}": read("/races/{raceId}", "getRace", entries),
        },
    }
    path = tmp_path / "reports.json"
    path.write_text(json.dumps(doc))
    spec, _ = load_decided(path)
    shapes = {op.id: op.response for op in spec.operations}
    assert shapes["getQuery"].collection_path is None
    assert "metadata.title" in shapes["getQuery"].default_fields
    assert shapes["getRace"].collection_path == "entries"


def test_a_collections_other_address_names_a_second_identity(tmp_path: Path) -> None:
    # ``/releases/tags/{tag}`` answers with the same schema as ``/releases/{release_id}``:
    # releases are also addressed by their tag, so the tag's name is kept beside the id and
    # the release's own name; an action on an item (POST ``/releases/publish/{id}``) and a
    # different answer under the same kind of path (``/releases/pictures/{width}``) are not.
    release = {"type": "object", "properties": {
        "id": {"type": "integer"}, "tag_name": {"type": "string"},
        "name": {"type": "string"}, "body": {"type": "string"},
        "node_id": {"type": "string"}, "width": {"type": "integer"},
        "html_url": {"type": "string", "format": "uri"},
        "created_at": {"type": "string", "format": "date-time"},
    }}  # fmt: skip
    one = {"200": _json({"$ref": "#/components/schemas/Release"})}
    many = {"200": _json({"type": "array", "items": {"$ref": "#/components/schemas/Release"}})}
    picture = {"200": _json({"$ref": "#/components/schemas/Picture"})}

    def param(name: str) -> list[dict[str, Any]]:
        return [{"name": name, "in": "path", "required": True, "schema": {"type": "string"}}]

    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Releases", "version": "1"},
        "servers": [{"url": "https://example.test"}],
        "paths": {
            "/releases": {"get": {"operationId": "listReleases", "responses": many}},
            "/releases/{release_id}": {"get": {
                "operationId": "getRelease", "responses": one, "parameters": param("release_id")}},
            "/releases/tags/{tag}": {"get": {
                "operationId": "getReleaseByTag", "responses": one, "parameters": param("tag")}},
            "/releases/publish/{id}": {"post": {
                "operationId": "publishRelease", "responses": one, "parameters": param("id")}},
            "/releases/pictures/{width}": {"get": {
                "operationId": "getPicture", "responses": picture, "parameters": param("width")}},
        },
        "components": {"schemas": {"Release": release, "Picture": {
            "type": "object", "properties": {"url": {"type": "string"}}}}},
    }  # fmt: skip
    path = tmp_path / "releases.json"
    path.write_text(json.dumps(doc))
    spec, _ = load_decided(path)
    shapes = {op.id: op.response for op in spec.operations}
    for op_id in ("listReleases", "getRelease"):
        assert shapes[op_id].identity_fields[:2] == ("id", "tag_name"), op_id
        assert "name" in shapes[op_id].default_fields, op_id  # the tag's name is not the label
        assert "width" not in shapes[op_id].identity_fields, op_id


MEMBER = {
    "type": "object",
    "properties": {
        "id": {"type": "integer"},
        "card": {
            "type": "object",
            "properties": {"headline": {"type": "string"}, "company_name": {"type": "string"}},
        },
        "persona": {
            "type": "object",
            "properties": {
                "id": {"type": "integer"},
                "identity": {
                    "type": "object",
                    "properties": {
                        "username": {"type": "string"},
                        "avatar_uri": {"type": "string", "format": "uri"},
                    },
                },
            },
        },
        "profile": {"type": "object", "properties": {"first_name": {"type": "string"}}},
    },
}


def test_an_envelope_names_its_resource_by_its_own_schema_or_key(tmp_path: Path) -> None:
    """The one resource an envelope wraps is what its own schema or key says, not the
    body's (``MembershipCreatedResponse``): a ``member`` is a person, said by its handle even
    two parts down."""
    body: dict = {
        "type": "object",
        "properties": {
            "data": {
                "type": "object",
                "properties": {
                    "audience": {"type": "object", "properties": {"id": {"type": "integer"}}},
                    "member": MEMBER,
                },
            }
        },
    }
    inline = _shape(
        tmp_path,
        {"200": _json({"$ref": "#/components/schemas/MembershipCreatedResponse"})},
        {"MembershipCreatedResponse": body},
    )
    assert inline.envelope_path == "data.member"
    assert inline.context.entity == ("member",)
    assert "persona.identity.username" in inline.default_fields
    assert "card.company_name" not in inline.default_fields
    named = dict(body, properties={"data": {"$ref": "#/components/schemas/Membership"}})
    by_ref = _shape(
        tmp_path,
        {"200": _json({"$ref": "#/components/schemas/MembershipCreatedResponse"})},
        {"MembershipCreatedResponse": named, "Membership": body["properties"]["data"]},
    )
    assert by_ref.envelope_path == "data.member"
    assert by_ref.context.entity == ("member",)  # inline member: its key
    wrapped = _shape(
        tmp_path,
        {"200": _json({"$ref": "#/components/schemas/PersonResponse"})},
        {"PersonResponse": {"type": "object", "properties": {"data": MEMBER}}},
    )
    assert wrapped.envelope_path == "data"
    assert wrapped.context.entity == ("person", "response")  # ``data`` says nothing


def test_a_parameter_names_a_lists_items_only_when_it_names_what_they_are() -> None:
    """``/app/{app_id}/attempt/msg/{msg_id}`` answers a message's delivery attempts, each with
    its own ``id`` beside the ``msgId`` it belongs to; ``/app/{app_id}/poller/{sink_id}`` the
    messages a sink polls: both were read as one object in a list (every item kept whole as
    its page) because ``{msg_id}`` and ``{sink_id}`` end with ``id``."""
    attempt = {"id": "string", "msgId": "string", "status": "integer", "url": "string"}
    assert not names_items(attempt, "msg_id", ("message", "attempt"))
    message = {"id": "string", "eventType": "string", "payload": "any"}
    assert not names_items(message, "sink_id", ("message",))
    # what the path addresses is what the list holds: that one object
    assert names_items({"InvoiceID": "string", "Total": "number"}, "InvoiceID", ("invoice",))
    assert names_items(message, "message_id", ("message",))
    assert names_items(message, "id", ("message",))


def test_an_items_action_answers_about_the_item(tmp_path: Path) -> None:
    """Growthbook's ``POST /constants/{key}/archive`` (/work/outside13w/growthbook.yaml, MIT)
    answers ``{constant: {id, key, ...}, bypassedGates: [{type, outcome, via}]}``. With no
    address for the action's path the gates were taken for the payload and the constant cut
    to its id and name (no ``key``, no ``archived``). An action one literal below an item
    path answers about that item; a sub-resource a GET reads, and a collection under the
    item, and a method of its sub-collection, are not actions; an action answering another
    schema (a task that names the item) is not about the item."""
    constant = {"type": "object", "properties": {
        "id": {"type": "string"}, "key": {"type": "string"}, "name": {"type": "string"},
        "value": {"type": "string"}, "archived": {"type": "boolean"},
        "description": {"type": "string"},
        "dateUpdated": {"type": "string", "format": "date-time"},
    }}  # fmt: skip
    gate = {
        "type": "object",
        "properties": {
            "type": {"type": "string"},
            "outcome": {"type": "string"},
            "via": {"type": "string"},
        },
    }
    answer = {"200": _json({"type": "object", "properties": {
        "constant": {"$ref": "#/components/schemas/Constant"},
        "bypassedGates": {"type": "array", "items": gate}}})}  # fmt: skip
    key = [{"name": "key", "in": "path", "required": True, "schema": {"type": "string"}}]
    index = [{"name": "indexUid", "in": "path", "required": True, "schema": {"type": "string"}}]
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Constants", "version": "1"},
        "servers": [{"url": "https://example.test"}],
        "paths": {
            "/constants/{key}": {"get": {"operationId": "getConstant", "parameters": key,
                "responses": {"200": _json({"type": "object", "properties": {
                    "constant": {"$ref": "#/components/schemas/Constant"}}})}}},
            "/constants/{key}/archive": {"post": {"operationId": "archiveConstant",
                                                  "parameters": key, "responses": answer}},
            "/constants/{key}/publish/": {"post": {"operationId": "publishConstant",
                                                   "parameters": key, "responses": answer}},
            "/constants/{key}/uses": {"get": {"operationId": "listUses", "parameters": key,
                                              "responses": answer}},
            "/constants/{key}/values:batchUpdate": {"post": {
                "operationId": "batchUpdate", "parameters": key, "responses": answer}},
            "/indexes/{indexUid}": {"get": {"operationId": "getIndex", "parameters": index,
                "responses": {"200": _json({"$ref": "#/components/schemas/IndexView"})}}},
            "/indexes/{indexUid}/delete-batch": {"post": {
                "operationId": "deleteBatch", "parameters": index,
                "responses": {"200": _json({"$ref": "#/components/schemas/SummarizedView"})}}},
        },
        "components": {"schemas": {"Constant": constant, "IndexView": {
            "type": "object", "properties": {"uid": {"type": "string"},
                                             "primaryKey": {"type": "string"}}},
            "SummarizedView": {
            "type": "object", "properties": {"taskUid": {"type": "integer"},
                                             "indexUid": {"type": "string"},
                                             "status": {"type": "string"},
                                             "type": {"type": "string"},
                                             "enqueuedAt": {"type": "string"}}}}},
    }  # fmt: skip
    path = tmp_path / "constants.json"
    path.write_text(json.dumps(doc))
    spec, _ = load_decided(path)
    shapes = {op.id: op.response for op in spec.operations}
    archived = shapes["archiveConstant"]
    assert archived.collection_path is None and archived.envelope_path == "constant"
    assert {"key", "archived"} <= set(archived.default_fields)
    # the same action written with a trailing slash (Django REST APIs: ``/publish/``)
    published = shapes["publishConstant"]
    assert (published.collection_path, published.envelope_path) == (None, "constant")
    assert shapes["listUses"].collection_path == "bypassedGates"  # a read: not an action
    # a method of the item's sub-collection (Google's ``values:batchUpdate``) answers that
    assert shapes["batchUpdate"].collection_path == "bypassedGates"
    # an action answering another schema (Meilisearch's task naming the index it works on,
    # /work/outside7/meilisearch.json, MIT) keeps its own identity
    assert "taskUid" in shapes["deleteBatch"].default_fields


def test_wrappers_of_one_member_cost_no_depth_level() -> None:
    # a transcription's topics (Deepgram's ``results.topics.results.topics.segments[]``): the
    # segments lie below three objects of one member each; they are kept, a wide tree is not
    deep = {"a": "string", "topics": {"results": {"topics": {"segments": [
        {"text": "string", "topics": [{"topic": "string", "confidence": "number"}]}
    ]}}}}  # fmt: skip
    kept = bounded_tree(deep, max_depth=2)
    segment = kept["topics"]["results"]["topics"]["segments"][0]
    assert segment["topics"] == ["any"] and segment["text"] == "string"
    assert bounded_tree(deep, max_depth=3) == deep
    wide = {"a": {"b": {"c": "string"}, "d": "string"}, "e": "string"}
    assert bounded_tree(wide, max_depth=2)["a"]["b"] == "any"  # two members: a level


def test_segments_deep_in_wrappers_reach_the_field_tree(tmp_path: Path) -> None:
    item = {"type": "object", "properties": {
        "text": {"type": "string"},
        "start_word": {"type": "number"},
        "topics": {"type": "array", "items": {"type": "object", "properties": {
            "topic": {"type": "string"}, "confidence_score": {"type": "number"}}}},
    }}  # fmt: skip

    def wrapped(*keys: str) -> dict[str, Any]:
        node: dict[str, Any] = {"type": "array", "items": item}
        for key in reversed(keys):
            node = {"type": "object", "properties": {key: node}}
        return node

    body = {"type": "object", "properties": {
        "metadata": {"type": "object", "properties": {"request_id": {"type": "string"},
                                                      "created": {"type": "string"}}},
        "results": {"type": "object", "properties": {
            "summary": {"type": "object", "properties": {"text": {"type": "string"}}},
            "topics": wrapped("results", "topics", "segments"),
        }},
    }}  # fmt: skip
    shape = _shape(tmp_path, {"200": _json(body)})
    assert shape.collection_path == "results.topics.results.topics.segments"
    assert shape.field_tree["topics"] == [{"topic": "string", "confidence_score": "number"}]


def test_a_query_written_into_the_path_is_the_same_address(tmp_path: Path) -> None:
    version = {"type": "object", "properties": {
        "id": {"type": "string"}, "version": {"type": "string"}, "name": {"type": "string"},
        "description": {"type": "string"}, "created_at": {"type": "string"},
        "type": {"type": "string"}, "skill_id": {"type": "string"},
    }}  # fmt: skip
    listed = {"200": _json({"type": "object", "properties": {
        "data": {"type": "array", "items": {"$ref": "#/components/schemas/Version"}},
        "has_more": {"type": "boolean"},
    }})}  # fmt: skip
    param = lambda name: {"name": name, "in": "path", "required": True,  # noqa: E731
                          "schema": {"type": "string"}}  # fmt: skip
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Skills", "version": "1"},
        "servers": [{"url": "https://example.test"}],
        "paths": {
            "/v1/skills/{skill_id}/versions?beta=true": {"get": {
                "operationId": "listVersions", "responses": listed,
                "parameters": [param("skill_id")]}},
            "/v1/skills/{skill_id}/versions/{version}?beta=true": {"get": {
                "operationId": "getVersion",
                "responses": {"200": _json({"$ref": "#/components/schemas/Version"})},
                "parameters": [param("skill_id"), param("version")]}},
        },
        "components": {"schemas": {"Version": version}},
    }  # fmt: skip
    path = tmp_path / "skills.json"
    path.write_text(json.dumps(doc))
    spec, _ = load_decided(path)
    shapes = {op.id: op.response for op in spec.operations}
    assert "version" in shapes["listVersions"].default_fields  # what the next call takes


def _aip_doc() -> dict[str, Any]:
    """A resource-oriented description in the shape of Google's Cloud Talent Solution v3
    (/work/directory2/APIs/googleapis.com/jobs/v3/openapi.yaml, the public API directory,
    CC0; members abridged) and of Cloud SQL's ``createEphemeral`` (sqladmin v1beta4)."""
    company = {"type": "object", "properties": {
        "name": {"type": "string", "description": "The resource name for a company, in the "
                 "format projects/{project_id}/companies/{company_id}."},
        "displayName": {"type": "string"}, "externalId": {"type": "string"},
        "size": {"type": "string", "enum": ["MINI", "SMALL", "BIG"]},
        "eeoText": {"type": "string"}, "suspended": {"type": "boolean"},
    }}  # fmt: skip
    cert = {"type": "object", "properties": {
        "sha1Fingerprint": {"type": "string"}, "certSerialNumber": {"type": "string"},
        "commonName": {"type": "string"}, "instance": {"type": "string"},
        "createTime": {"type": "string", "format": "date-time"}}}  # fmt: skip

    def param(name: str) -> dict[str, Any]:
        return {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}

    def ref(name: str) -> dict[str, Any]:
        return {"200": _json({"$ref": f"#/components/schemas/{name}"})}

    page = {"type": "object", "properties": {
        "companies": {"type": "array", "items": {"$ref": "#/components/schemas/Company"}},
        "nextPageToken": {"type": "string"}}}  # fmt: skip
    job = {"type": "object", "properties": {
        "name": {"type": "string"}, "title": {"type": "string"},
        "requisitionId": {"type": "string"}, "description": {"type": "string"}}}  # fmt: skip
    jobs = {"type": "object", "properties": {
        "jobs": {"type": "array", "items": {"$ref": "#/components/schemas/Job"}}}}  # fmt: skip
    repos = {"type": "array", "items": {"$ref": "#/components/schemas/Job"}}
    certs = "/sql/projects/{project}/instances/{instance}"
    return {
        "openapi": "3.0.3",
        "info": {"title": "Talent", "version": "3"},
        "servers": [{"url": "https://example.test"}],
        "paths": {
            "/v3/{name}": {"get": {"operationId": "getCompany", "parameters": [param("name")],
                                   "responses": ref("Company")}},
            "/v3/{parent}/companies": {
                "get": {"operationId": "listCompanies", "parameters": [param("parent")],
                        "responses": {"200": _json(page)}},
                "post": {"operationId": "createCompany", "parameters": [param("parent")],
                         "responses": ref("Company")}},
            "/v3/{parent}/jobs": {"get": {"operationId": "listJobs", "responses": {
                "200": _json(jobs)}, "parameters": [param("parent")]}},
            "/v3/{parent}/jobs:search": {"post": {"operationId": "searchJobs", "responses": {
                "200": _json({"type": "object", "properties": {
                    "matchingJobs": {"type": "array", "items": {"type": "object", "properties": {
                        "job": {"$ref": "#/components/schemas/Job"},
                        "jobSummary": {"type": "string"}}}},
                    "locationFilters": {"type": "array", "items": {"type": "object",
                        "properties": {"locationType": {"type": "string"},
                                       "radiusInMiles": {"type": "number"}}}},
                    "totalSize": {"type": "integer"}}})},
                "parameters": [param("parent")]}},
            "/v3/{name}:undelete": {"post": {"operationId": "undeleteCompany",
                "parameters": [param("name")], "responses": ref("Company")}},
            "/v3/{groupName}": {"get": {"operationId": "getGroup", "responses": {
                "200": _json(job)}, "parameters": [param("groupName")]}},
            "/v3/{projectName}/groupStats": {"get": {"operationId": "listStats", "responses": {
                "200": _json(repos)}, "parameters": [param("projectName")]}},
            "/users": {"get": {"operationId": "listUsers", "responses": {"200": _json(job)}}},
            "/users/{id}": {"get": {"operationId": "getUser", "parameters": [param("id")],
                                    "responses": {"200": _json(job)}}},
            "/users/{owner}/repos": {"get": {"operationId": "listRepos", "responses": {
                "200": _json(repos)}, "parameters": [param("owner")]}},
            f"{certs}/sslCerts/{{sha1Fingerprint}}": {"get": {
                "operationId": "getCert", "responses": ref("SslCert"),
                "parameters": [param("project"), param("instance"), param("sha1Fingerprint")]}},
            f"{certs}/createEphemeral": {"post": {
                "operationId": "createEphemeral", "responses": ref("SslCert"),
                "parameters": [param("project"), param("instance")]}},
        },
        "components": {"schemas": {"Company": company, "SslCert": cert, "Job": job}},
    }  # fmt: skip


def test_a_resource_read_by_its_full_name_is_identified_by_it_everywhere(tmp_path: Path) -> None:
    """Resource-oriented APIs read every resource at one flat address (``GET /v3/{name}``,
    ``name`` holding ``projects/p/companies/c``); the list at ``/v3/{parent}/companies`` and
    the create there said nothing of the key, so ``name`` was taken as the label, the
    ``displayName`` left out and the invariants, wanting ``externalId``, sent the generic
    projection. A collection listing the schema an item path reads takes that path's
    parameter (not an action answering one: a cert minted by ``createEphemeral``), and one
    below a parent's full name takes the full-name read's (``/v3/{name}``), and a label-named identity the API addresses the object
    by does not stand for its label: the ``displayName`` beside it is taken."""
    path = tmp_path / "talent.json"
    path.write_text(json.dumps(_aip_doc()))
    spec, _ = load_decided(path)
    shapes = {op.id: op.response for op in spec.operations}
    listed, created = shapes["listCompanies"], shapes["createCompany"]
    assert listed.collection_path == "companies"
    assert listed.context.keys == ("name",) and created.context.keys == ("name",)
    # a custom method of the company its full name names (``:undelete``) answers it
    assert shapes["undeleteCompany"].context.keys == ("name",)
    for shape in (listed, created, shapes["getCompany"], shapes["undeleteCompany"]):
        assert shape.identity_fields[:1] == ("name",)
        assert {"name", "displayName"} <= set(shape.default_fields)
    # the jobs: no item path reads a ``Job``, but ``/v3/{name}`` reads whatever is below
    # ``/v3/{parent}``; the ``title`` is their label
    assert shapes["listJobs"].context.keys == ("name",)
    assert {"name", "title"} <= set(shapes["listJobs"].default_fields)
    # a custom method of the jobs collection answers its hits beside other lists
    assert shapes["searchJobs"].collection_path == "matchingJobs"
    assert shapes["listRepos"].context.keys == ()  # ``/users`` is a collection of its own
    # ``{groupName}`` reads groups, not what is below ``{projectName}``
    assert "groupName" not in shapes["listStats"].context.keys
    # an action answering a cert read elsewhere is no collection of certs: what it mints
    # (the certificate) is its point, not the key of the cert
    assert shapes["createEphemeral"].context.keys == ()


def test_a_type_tag_the_description_says_is_always_one_value_is_not_kept(tmp_path: Path) -> None:
    """Google's descriptions tag every resource with ``kind`` (no enum): a ``default`` the
    description names as the value it always holds ('This is always "tasks#task".', 'Value: the
    fixed string "dns#change".') says nothing about the record; a kind that varies is kept."""
    task = {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "title": {"type": "string"},
            "status": {"type": "string"},
            "kind": {"type": "string", "default": "tasks#task",
                     "description": 'Type of the resource. This is always "tasks#task".'},
            "type": {"type": "string", "default": "dns#change",
                     "description": 'Value: the fixed string "dns#change".'},
        },
    }  # fmt: skip
    shape = _shape(
        tmp_path,
        {"200": {"description": "ok", "content": {"application/json": {"schema": task}}}},
    )
    assert shape.field_tree["kind"] == "string:const"
    assert "kind" not in shape.default_fields and "type" not in shape.default_fields
    assert {"id", "title", "status"} <= set(shape.default_fields)
    varying = json.loads(json.dumps(task))
    varying["properties"]["kind"]["description"] = "Type of the resource, often tasks#task."
    shape = _shape(
        tmp_path,
        {"200": {"description": "ok", "content": {"application/json": {"schema": varying}}}},
    )
    assert "kind" in shape.default_fields


def test_a_write_below_an_item_keeps_the_member_its_parameter_names(tmp_path: Path) -> None:
    """DocuSign's ``DELETE .../recipients/{recipientId}/bulk_recipients`` (eSignature v2,
    /work/outside23writes/docusign-esignature.rest.swagger-v2.json, MIT; members abridged)
    answers ``{signer: {...}}``: the recipient the call changed, with no id of its own but its
    ``recipientId``. The path ends with a literal, so no address named the recipient and the
    defaults took ``clientUserId`` for its identity: which recipient changed was lost. A write
    one literal below an item answering an object with the member the item's parameter names
    keeps it; not when the object has an id of its own (a task answering an index's write)."""
    names = ["accessCode", "clientUserId", "email", "faxNumber", "firstName", "lastName",
             "fullName", "name", "note", "recipientId", "recipientType", "roleName",
             "routingOrder", "status", "deliveryMethod", "creationReason"]  # fmt: skip
    members: dict[str, Any] = {n: {"type": "string"} for n in names}
    signer = {"type": "object", "properties": members}
    members["errorDetails"] = {"type": "object", "properties": {
        "errorCode": {"type": "string"}, "message": {"type": "string"}}}  # fmt: skip
    task = {"type": "object", "properties": {
        "id": {"type": "string"}, "recipientId": {"type": "string"},
        "status": {"type": "string"}, "label": {"type": "string"}}}  # fmt: skip
    item = "/templates/{templateId}/recipients/{recipientId}"
    params = [{"name": n, "in": "path", "required": True, "schema": {"type": "string"}}
              for n in ("templateId", "recipientId")]  # fmt: skip
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Recipients", "version": "1"},
        "servers": [{"url": "https://example.test"}],
        "paths": {
            f"{item}/bulk_recipients": {"delete": {
                "operationId": "deleteBulkRecipients", "parameters": params,
                "responses": {"200": _json({"type": "object", "properties": {
                    "signer": {"$ref": "#/components/schemas/Signer"}}})}}},
            f"{item}/resend": {"post": {
                "operationId": "resend", "parameters": params,
                "responses": {"200": _json({"$ref": "#/components/schemas/Task"})}}},
        },
        "components": {"schemas": {"Signer": signer, "Task": task}},
    }  # fmt: skip
    path = tmp_path / "recipients.json"
    path.write_text(json.dumps(doc))
    spec, _ = load_decided(path)
    shapes = {op.id: op.response for op in spec.operations}
    deleted = shapes["deleteBulkRecipients"]
    assert deleted.envelope_path == "signer"
    assert "recipientId" in deleted.default_fields
    assert "recipientId" not in shapes["resend"].context.keys  # the task is named by its id


def test_a_create_in_a_collection_whose_items_have_paths_keeps_the_items_identity(
    tmp_path: Path,
) -> None:
    """Lago's ``POST /customers/{external_customer_id}/wallets`` (outside material) answers
    the wallet it made, named by its ``code`` (``/customers/{...}/wallets/{code}``) beside
    the customer's ``external_customer_id``: the collection's items have paths of their own,
    so the answer is one of them, and the parameter names its parent; its member is not
    what says which wallet (it took the place of ``code``)."""
    members: dict[str, Any] = {n: {"type": "string"} for n in (
        "lago_id", "lago_customer_id", "external_customer_id", "status", "currency", "name",
        "code", "created_at")}  # fmt: skip
    members["balance_cents"] = {"type": "integer"}
    wallet = {"type": "object", "properties": members}
    params = [{"name": "external_customer_id", "in": "path", "required": True,
               "schema": {"type": "string"}}]  # fmt: skip
    one = [*params, {"name": "code", "in": "path", "required": True, "schema": {"type": "string"}}]
    answer = _json({"type": "object", "properties": {"wallet": {"$ref": "#/components/schemas/W"}}})
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Wallets", "version": "1"},
        "servers": [{"url": "https://example.test"}],
        "paths": {
            "/customers/{external_customer_id}/wallets": {"post": {
                "operationId": "createWallet", "parameters": params,
                "responses": {"200": answer}}},
            "/customers/{external_customer_id}/wallets/{code}": {"get": {
                "operationId": "getWallet", "parameters": one,
                "responses": {"200": answer}}},
        },
        "components": {"schemas": {"W": wallet}},
    }  # fmt: skip
    path = tmp_path / "wallets.json"
    path.write_text(json.dumps(doc))
    spec, _ = load_decided(path)
    created = {op.id: op.response for op in spec.operations}["createWallet"]
    assert "external_customer_id" not in created.context.keys
    assert "code" in created.default_fields
