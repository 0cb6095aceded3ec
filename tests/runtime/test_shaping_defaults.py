"""Default fields by role: names split into words, types and schema hints; never one API's names."""

import json

import pytest

from generator.runtime.shaping.defaults import (
    choose_default_fields, field_tree_from_value, identity_fields, is_count, is_money, is_person,
    nested_identity,
)  # fmt: skip
from generator.runtime.shaping.position import position_paths
from generator.runtime.shaping.names import words


@pytest.mark.parametrize(
    "name, expected",
    [
        ("customerId", ("customer", "id")),
        ("created_at", ("created", "at")),
        ("CreatedAt", ("created", "at")),
        ("HTMLUrl", ("html", "url")),
        ("NextMarker", ("next", "marker")),
        ("friendly-name", ("friendly", "name")),
        ("userID", ("user", "id")),
    ],
)
def test_names_split_into_words_whatever_the_case_style(name, expected):
    assert words(name) == expected


def test_identity_keeps_id_next_to_a_natural_key_that_may_be_null():
    tree = {"id": "string", "number": "string", "status": "string:enum", "total": "integer"}
    chosen = choose_default_fields(tree)
    assert chosen[:2] == ("id", "number")


def test_an_entity_id_and_foreign_keys_are_kept():
    tree = {"orderId": "string", "customer_id": "string", "state": "string", "note": "string"}
    assert identity_fields(tree, ("order",)) == ("orderId",)
    chosen = choose_default_fields(tree, entity=("order",))
    assert "orderId" in chosen and "customer_id" in chosen


@pytest.mark.parametrize("label", ["friendly_name", "displayName", "ProductTitle", "tag_name"])
def test_qualified_names_and_titles_are_labels(label):
    tree = {"sid": "string", label: "string", "uri": "string:uri", "flags": "integer"}
    assert label in choose_default_fields(tree, item=True)


def test_a_plain_label_wins_over_a_qualified_one():
    tree = {"id": "integer", "account_name": "string", "name": "string", "size": "integer"}
    chosen = choose_default_fields(tree, item=True)
    assert "name" in chosen and "account_name" not in chosen


def test_items_without_a_title_keep_their_primary_field():
    tree = {"sha": "string", "path": "string", "mode": "string", "url": "string:uri"}
    assert {"sha", "path"} <= set(choose_default_fields(tree, item=True))


def test_state_nested_in_an_object_and_the_outcome_next_to_the_status():
    tree = {
        "id": "string",
        "title": "string",
        "state": {"id": "string", "name": "string", "color": "string"},
        "status": "string:enum",
        "conclusion": "string:enum",
    }
    chosen = choose_default_fields(tree)
    assert {"state.name", "status"} <= set(chosen)
    assert "conclusion" in choose_default_fields({"id": "integer", "conclusion": "string"})


def test_parts_without_identity_are_seen_through():
    # a resource whose name lives in metadata and whose phase lives in status
    item = {
        "metadata": {"name": "string", "uid": "string", "creationTimestamp": "string:time"},
        "spec": {"nodeName": "string", "replicas": "integer"},
        "status": {"phase": "string", "podIP": "string"},
    }
    chosen = choose_default_fields(item, item=True)
    assert {"metadata.name", "metadata.uid", "status.phase"} <= set(chosen)
    # a JSON:API resource: attributes are the resource's own fields
    resource = {
        "id": "string",
        "type": "string",
        "attributes": {"title": "string", "status": "string", "body": "string"},
    }
    chosen = choose_default_fields(resource, item=True)
    assert {"id", "attributes.title", "attributes.status"} <= set(chosen)


def test_one_resource_shows_its_body_and_both_timestamps_list_items_a_preview_too():
    tree = {
        "id": "integer", "title": "string", "body": "string", "createdAt": "string:time",
        "updatedAt": "string:time", "author": {"login": "string", "id": "integer"},
    }  # fmt: skip
    whole = choose_default_fields(tree)
    assert {"body", "createdAt", "updatedAt", "author.login"} <= set(whole)
    listed = choose_default_fields(tree, item=True)
    # one time, when it was made (the page shows when it changed too), and a preview
    assert "createdAt" in listed and "updatedAt" not in listed
    assert listed.index("body") > listed.index("author.login")  # a preview, after the rest
    # a list item with neither: when it happened (a message's ``ts``)
    message = {"text": "string", "ts": "string", "user": "string", "type": "string"}
    assert "ts" in choose_default_fields({**message, "reactions": ["any"]}, item=True)


def test_people_reduce_to_a_readable_identity_and_opaque_ids_are_skipped():
    tree = {"id": "string", "name": "string", "owner": {"id": "string", "email": "string:email"},
            "last_edited_by": {"id": "string"}}  # fmt: skip
    chosen = choose_default_fields(tree)
    assert "owner.email" in chosen
    assert not any(c.startswith("last_edited_by") for c in chosen)


def test_decisive_counts_and_money_are_kept():
    tree = {"id": "integer", "title": "string", "additions": "integer", "deletions": "integer",
            "amount_due": "integer", "currency": "string", "url": "string:uri"}  # fmt: skip
    chosen = set(choose_default_fields(tree))
    assert {"additions", "deletions", "amount_due", "currency"} <= chosen


def test_constant_discriminators_and_noise_are_dropped():
    tree = {"id": "string", "object": "string:const", "apiVersion": "string:const",
            "name": "string", "avatar_url": "string:uri", "etag": "string",
            "node_id": "string"}  # fmt: skip
    chosen = choose_default_fields(tree)
    # (one resource's own picture is shown on its page: test_shaping_pages)
    assert not {"object", "apiVersion", "etag", "node_id"} & set(chosen)
    assert "avatar_url" not in choose_default_fields(tree, item=True)
    varying = choose_default_fields(
        {"id": "string", "type": "string:enum", "name": "string"}, item=True
    )
    assert "type" in varying


def test_lists_inside_one_object_are_its_content():
    tree = {"sha": "string", "truncated": "boolean",
            "tree": [{"path": "string", "type": "string", "sha": "string", "url": "string:uri"}]}  # fmt: skip
    chosen = choose_default_fields(tree)
    assert "tree.path" in chosen


@pytest.mark.parametrize("kind", ["create", "update"])
def test_a_write_answer_is_shaped_as_a_read_of_the_resource_it_changed(kind):
    tree = {
        "id": "string", "number": "integer", "name": "string", "status": "string",
        "created": "integer", "description": "string", "metadata": {"a": "string"},
        "html_url": "string:uri", "amount": "integer", "currency": "string",
        "owner": {"login": "string"},
    }  # fmt: skip
    chosen = choose_default_fields(tree, kind=kind)
    # what the caller needs next and did not send: the id and number the server assigned,
    # the name that recognises it, its state, its page, the amount it came to, who it is by
    assert {"id", "number", "name", "status", "html_url", "amount", "owner.login"} <= set(chosen)
    # not the text the caller sent once that fills its answer (issue 33: writes answer lean),
    # no times
    assert "description" not in chosen and "created" not in chosen
    assert set(chosen) < set(choose_default_fields(tree, kind="read"))


WRITTEN = {
    "id": "string", "number": "integer", "name": "string", "status": "string",
    "kind": "string:enum", "html_url": "string:uri", "amount": "integer",
    "project": {"id": "string", "name": "string"}, "team_id": "string",
    "tags": [{"name": "string", "color": "string"}], "owner": {"login": "string"},
}  # fmt: skip


@pytest.mark.parametrize("kind", ["create", "update"])
def test_a_write_answer_leaves_out_what_the_caller_named(kind):
    # issue 33: what it belongs to (the project, the team the caller named in the request) and
    # its kind (sent too) cost a write's answer tokens and tell the caller nothing new
    chosen = set(choose_default_fields(WRITTEN, kind=kind))
    assert {"id", "number", "name", "status", "html_url", "amount", "owner.login"} <= chosen
    assert not {"project.id", "project.name", "team_id", "kind"} & chosen
    assert {"project.name", "kind"} & set(choose_default_fields(WRITTEN, kind="read"))


def test_a_delete_answers_which_resource_went():
    # the resource as it was when it went: its identity, label and final state; not its
    # page, amount, lists, relations or kind, which went with it
    chosen = set(choose_default_fields(WRITTEN, kind="delete"))
    assert {"id", "name", "status"} <= chosen
    assert not {"html_url", "amount", "tags.name", "project.name", "kind"} & chosen
    batch = choose_default_fields(WRITTEN, kind="delete", item=True)
    assert {"id", "name", "status"} <= set(batch) and "html_url" not in batch


@pytest.mark.parametrize("kind", ["create", "update", "delete"])
def test_a_write_answer_keeps_its_outcome_beside_the_envelope(kind):
    # issue 33: a write's answer nothing identifies, around a small record nothing names
    # (the outcome: ``deleted: true``), beside a code and a message: the outcome is what the
    # call answered; without it the answer says only that a call was made
    body = {
        "result": {"deleted": True, "affected": 2},
        "return_code": 0,
        "return_message": "A sentence about the call that was made, long enough to cut.",
    }
    chosen = set(choose_default_fields(field_tree_from_value(body), kind=kind))
    assert {"result.deleted", "result.affected"} <= chosen
    # a record with an identity of its own is a resource, chosen by its own rules; metadata
    # beside the outcome is not the outcome
    meta = {"data": {"enabled": True}, "meta": {"request_id": "r1"}, "code": 0}
    chosen = set(choose_default_fields(field_tree_from_value(meta), kind=kind))
    assert "data.enabled" in chosen and "meta.request_id" not in chosen


@pytest.mark.parametrize("kind", ["update", "delete"])
def test_a_write_answer_keeps_the_member_its_path_parameter_names(kind):
    # issue 33: a resource addressed by a member named like a secret (``/triggers/{token}``):
    # its answer keeps that member (the caller sent it; it says which one went), while a read
    # of a like object, or a member no parameter names, stays hidden
    tree = field_tree_from_value(
        {"token": "t-1", "created_at": "2024-05-01T12:34:56Z", "last_used": "never"}
    )
    assert "token" in choose_default_fields(tree, kind=kind, keys=("token",))
    assert "token" not in choose_default_fields(tree, kind=kind)
    assert "token" not in choose_default_fields(tree, kind="read", keys=("token",))
    wider = field_tree_from_value(
        {"token": "t-1", "created_at": "2024-05-01T12:34:56Z", "updated_at": "2024-05-02",
         "deleted_at": "2024-05-03", "last_used": "never"}
    )  # fmt: skip
    assert "token" in choose_default_fields(wider, kind=kind, keys=("token",))


@pytest.mark.parametrize("kind", ["create", "update", "delete"])
def test_a_write_answer_keeps_the_lists_of_scalars_it_answers(kind):
    # issue 33: a write's answer nothing identifies whose lists of scalars say what the call
    # did (the ids it deleted and those it failed on; the values a policy now allows) had
    # been reduced to its status and message: a list of ids reads as relations
    batch = {"status": "ok", "message": "done", "ids": ["a1", "a2"], "failed": []}
    chosen = set(choose_default_fields(field_tree_from_value(batch), kind=kind))
    assert {"ids", "status"} <= chosen
    policy = {
        "constraint": "c1", "version": 3, "etag": "e",
        "listPolicy": {"allowedValues": ["x", "y"], "deniedValues": ["z"], "inherit": True,
                       "all": "ALL_VALUES_UNSPECIFIED", "suggestedValue": "x"},
    }  # fmt: skip
    chosen = set(choose_default_fields(field_tree_from_value(policy), kind=kind))
    assert {"listPolicy.allowedValues", "listPolicy.deniedValues"} <= chosen
    # a resource with an identity of its own keeps its lists by its own rules
    named = {"id": "t1", "name": "Team", "member_ids": ["u1", "u2"], "aliases": ["t"]}
    assert "member_ids" not in choose_default_fields(field_tree_from_value(named), kind=kind)


def test_an_identity_below_is_the_member_a_path_parameter_names():
    # issue 33: an answer with no identity of its own whose part holds an ``id`` and the
    # member the API addresses the object by (``{accessId}``): that member is the identity
    # (what the next call takes), the part's own id beside it
    body = {
        "kind": "key",
        "metadata": {"id": "x-1", "accessId": "a-1", "state": "active", "email": "s@x.io"},
        "secret": "s",
    }
    tree = field_tree_from_value(body)
    assert identity_fields(tree, keys=("accessId",), written=True) == (
        "metadata.accessId",
        "metadata.id",
    )
    assert identity_fields(tree) == ("metadata.id",)
    # one of several parts of one schema (two digests) is not which one it is
    twins = {"exitCode": 0, "stdoutDigest": {"hash": "h1", "sizeBytes": 3},
             "stderrDigest": {"hash": "h2", "sizeBytes": 4}}  # fmt: skip
    both = identity_fields(field_tree_from_value(twins), keys=("sizeBytes",), written=True)
    assert not any(p.endswith("sizeBytes") for p in both)
    chosen = choose_default_fields(tree, kind="create", keys=("accessId",))
    assert {"metadata.accessId", "metadata.id"} <= set(chosen)


def test_a_generation_keeps_its_content_however_deep():
    completion = {
        "id": "string", "object": "string", "created": "integer", "model": "string",
        "choices": [{"index": "integer", "finish_reason": "string",
                     "message": {"role": "string", "content": "string"}}],
        "usage": {"prompt_tokens": "integer", "completion_tokens": "integer"},
    }  # fmt: skip
    assert "choices.message.content" in choose_default_fields(completion, kind="generate")
    text = {"id": "string", "choices": [{"text": "string", "index": "integer"}]}
    assert "choices.text" in choose_default_fields(text, kind="generate")
    vectors = {"data": [{"embedding": ["number"], "index": "integer"}], "model": "string"}
    assert "data.embedding" in choose_default_fields(vectors, kind="generate")


def test_an_acknowledgement_is_shown_whole():
    status = {"ok": "boolean", "status": "string", "message": "string", "code": "integer"}
    assert choose_default_fields(status, kind="acknowledge") == tuple(status)


def test_a_budget_not_a_field_count_bounds_the_selection():
    wide = {f"field{i}_count": "integer" for i in range(40)}
    wide.update({"id": "string", "name": "string"})
    assert len(choose_default_fields(wide, item=True)) <= 6


def test_nested_identity_prefers_a_readable_label():
    assert nested_identity({"id": "integer", "login": "string"}) == "login"
    # a relation said in one field: its qualified full name, readable and unique
    assert (
        nested_identity({"id": "integer", "full_name": "string", "name": "string"}) == "full_name"
    )
    assert nested_identity({"id": "integer", "name": "string", "slug": "string"}) == "name"
    assert nested_identity({"nodes": [{"id": "string", "title": "string"}]}) == "nodes.title"
    assert nested_identity([{"plain_text": "string", "href": "string"}]) == "plain_text"


def test_identity_fallbacks_never_leave_an_object_without_identity():
    assert identity_fields({"reason": "string", "unread": "boolean"}) == ("reason",)
    assert identity_fields({"x": {"y": "string"}, "thing_id": "string"}) == ("thing_id",)
    assert identity_fields({"only": {"nested": "string"}}) == ()


def test_defaults_are_deterministic():
    value = {"id": 1, "title": "t", "user": {"login": "u"}, "labels": [{"name": "bug"}]}
    tree = field_tree_from_value(value)
    assert choose_default_fields(tree) == choose_default_fields(json.loads(json.dumps(tree)))


def test_field_tree_from_value_merges_array_items_hints_values_and_bounds_depth():
    tree = field_tree_from_value([{"a": 1, "b": None}, {"b": "x", "c": [{"d": True}]}])
    assert tree == [{"a": "integer", "b": "string", "c": [{"d": "boolean"}]}]
    deep = {"a": {"b": {"c": {"d": {"e": 1}}}}}
    assert field_tree_from_value(deep, max_depth=2) == {"a": {"b": "any"}}
    hinted = field_tree_from_value({"t": "2024-01-02T03:04:05Z", "u": "https://x.test/a",
                                    "e": "a@b.example"})  # fmt: skip
    assert hinted == {"t": "string:time", "u": "string:uri", "e": "string:email"}


def test_an_item_named_by_nothing_but_its_link_keeps_the_link():
    tree = {"hidden": "boolean", "image": "string:uri", "width": "integer", "height": "integer"}
    assert "image" in choose_default_fields(tree, item=True)


def test_a_plain_title_wins_over_a_file_name():
    tree = {"id": "string", "filename": "string", "title": "string", "size": "integer"}
    chosen = choose_default_fields(tree, item=True)
    assert "title" in chosen and "filename" not in chosen


def test_lists_of_amounts_inside_one_object_are_kept_and_lists_of_sizes_are_not():
    tree = {
        "id": "string",
        "name": "string",
        "totals": [{"amount": "integer", "currency": "string"}],
        "images": [{"height": "integer", "width": "integer", "url": "string:uri"}],
    }
    chosen = choose_default_fields(tree)
    assert "totals.amount" in chosen
    assert not any(c.startswith("images.") for c in chosen)


# ------------------------------------------------------------- rules added with the yardstick


@pytest.mark.parametrize(
    "key, person",
    [
        ("assignee", True), ("requested_reviewers", True), ("created_by", True),
        ("customer_email", True), ("author_name", True),
        ("customer_address", False), ("author_association", False), ("sort_by", False),
        ("user_id", False), ("owner_url", False),
    ],
)  # fmt: skip
def test_a_person_is_a_role_noun_not_an_attribute_of_one(key, person):
    assert is_person(key) is person


def test_a_total_of_things_is_a_count_and_an_amount_due_is_money():
    assert not is_money("total_private_repos", "integer") and is_count(
        "total_private_repos", "integer"
    )
    assert is_money("amount_due", "integer") and is_money("net_total", "number")
    assert is_money("price_cents", "integer") and not is_money("status", "integer")


def test_the_objects_own_state_wins_over_a_parts_state_and_money_comes_early():
    tree = {
        "id": "string", "status": "string:enum", "payment_status": "string:enum",
        "automatic_tax": {"enabled": "boolean", "status": "string:enum"},
        "billing_address": {"state": "string", "city": "string"},
        **{f"setting_{i}": "string" for i in range(30)},
        "amount_total": "integer", "currency": "string",
    }  # fmt: skip
    chosen = choose_default_fields(tree)
    assert {"status", "payment_status", "amount_total", "currency"} <= set(chosen)
    assert "automatic_tax.status" not in chosen and "billing_address.state" not in chosen
    k8s = {"metadata": {"name": "string", "uid": "string"}, "status": {"phase": "string"}}
    assert "status.phase" in choose_default_fields(k8s)  # no state of its own: the part's


def test_a_link_objects_resource_says_its_own_state_beside_the_links_qualified_one():
    # a plan's add-on link (no identity of its own, a qualified state) holding the add-on: the
    # add-on's one-word status is where the resource stands, on its page and after a write
    addon = {
        "id": "string",
        "name": "string",
        "description": "string",
        "key": "string",
        "version": "integer",
        "currency": "string",
        "status": "string:enum",
        **{t: "string:date-time" for t in ("createdAt", "updatedAt", "effectiveFrom")},
    }
    link = {"createdAt": "string:date-time", "updatedAt": "string:date-time",
            "addon": addon, "fromPlanPhase": "string", "maxQuantity": "integer"}  # fmt: skip
    for kind in ("read", "create", "update"):
        chosen = choose_default_fields(link, kind=kind, entity=("plan", "addon"))
        assert {"addon.id", "addon.status"} <= set(chosen), (kind, chosen)
    assert "fromPlanPhase" in choose_default_fields(link, entity=("plan", "addon"))
    # an object with an identity of its own keeps its state, not its relation's
    order = {"id": "string", "payment_status": "string", **{f"s{i}": "string" for i in range(9)},
             "customer": {"name": "string", "status": "string"}}  # fmt: skip
    assert "customer.status" not in choose_default_fields(order, kind="update")


def test_a_handle_is_an_identity_so_the_display_name_is_still_the_label():
    tree = {"login": "string", "id": "integer", "name": "string", "bio": "string",
            "public_repos": "integer", "avatar_url": "string:uri"}  # fmt: skip
    assert {"login", "name"} <= set(choose_default_fields(tree))
    repo = {"id": "integer", "full_name": "string", "name": "string", "size": "integer"}
    assert "name" not in choose_default_fields(repo, item=True)  # a full name is the label


def test_where_an_item_lives_is_kept_next_to_its_name():
    tree = {"name": "string", "path": "string", "sha": "string", "url": "string:uri",
            "score": "number"}  # fmt: skip
    assert {"name", "path", "sha"} <= set(choose_default_fields(tree, item=True))


def test_a_global_node_id_is_not_an_identity_next_to_a_natural_key():
    commit = {"sha": "string", "node_id": "string", "message": "string"}
    assert identity_fields(commit) == ("sha",)
    ref = {"ref": "string", "node_id": "string", "url": "string:uri"}
    assert identity_fields(ref) == ("node_id",)  # nothing else identifies it


def test_path_parameters_name_the_identity_the_api_addresses_objects_by():
    cert = {"thumbprint": "string", "thumbprintAlgorithm": "string", "state": "string",
            "url": "string:uri"}  # fmt: skip
    assert identity_fields(cert, keys=("thumbprint",))[0] == "thumbprint"
    assert "thumbprint" in choose_default_fields(cert, keys=("thumbprint",))
    issue = {"id": "integer", "number": "integer", "title": "string"}
    assert identity_fields(issue, keys=("issue_number",)) == ("id", "number")
    assert identity_fields({"name": "string", "size": "integer"}, keys=("repo",)) == ("name",)


def test_a_second_own_id_a_path_parameter_names_is_kept_beside_the_first():
    """Coolify's environment variables ``{id, uuid, key, value}``, addressed at
    ``/applications/{uuid}/envs/{env_uuid}``: the list kept ``id`` and the natural ``key`` and
    dropped the ``uuid`` the next call takes."""
    env = {"id": "integer", "uuid": "string", "key": "string", "value": "string",
           "comment": "string"}  # fmt: skip
    entity = ("environment", "variable")
    assert identity_fields(env, entity, ("env_uuid",)) == ("id", "uuid")
    assert "uuid" in choose_default_fields(env, item=True, entity=entity, keys=("env_uuid",))
    # with no parameter naming it, the natural key still comes next to the id; a member of
    # another kind a parameter names comes before it, as before
    assert identity_fields(env, entity) == ("id", "key")
    assert identity_fields(env, entity, ("env_key", "env_uuid")) == ("id", "key")


def test_a_parameter_that_names_the_objects_type_inside_addresses_the_member_without_it():
    """``/customers/{external_customer_id}``: the customer's ``external_id`` is what the next
    call takes; the list kept the service's own ``lago_id``-like id and dropped it."""
    customer = {"billing_id": "string", "external_id": "string", "slug": "string",
                "name": "string", "email": "string"}  # fmt: skip
    keys = ("external_customer_id",)
    assert "external_id" in identity_fields(customer, ("customer", "object"), keys)
    assert "external_id" in choose_default_fields(
        customer, item=True, entity=("customer",), keys=keys
    )
    # only the object's own type may stand inside: another word does not make it the member
    assert "external_id" not in identity_fields(customer, ("invoice",), keys)
    assert "external_id" not in identity_fields(customer, (), keys)
    # a member that names a word of the type is its parent's: ``containerId`` of a version
    version = {"containerId": "string", "containerVersionId": "string", "name": "string"}
    assert identity_fields(version, ("container", "version"), ("containerVersionId",)) == (
        "containerVersionId",
    )


def test_list_items_take_discriminators_that_may_vary_type_first_and_named_relations_only():
    tree = {"id": "string", "object": "string", "type": "string", "created": "string:time",
            "project_id": "string", "milestone": {"id": "integer", "title": "string"}}  # fmt: skip
    chosen = choose_default_fields(tree, item=True)
    # one discriminator per item (a list holds many), the one that varies most: ``type``, not
    # ``object`` (``object: "invoice"`` on every item; the pipeline drops constant ones)
    assert "type" in chosen and "object" not in chosen
    assert "object" not in choose_default_fields(tree, item=True, kind="search")
    assert "milestone.title" in chosen and "project_id" not in chosen
    assert "project_id" in choose_default_fields({**tree, "milestone": "string"})


def test_a_small_object_of_numbers_is_a_count_of_one_resource():
    tree = {"sha": "string", "message": "string",
            "stats": {"additions": "integer", "deletions": "integer", "total": "integer"},
            "size": {"width": "integer", "height": "integer", "unit": "string"}}  # fmt: skip
    chosen = choose_default_fields(tree)
    assert "stats" in chosen and not any(c.startswith("size") for c in chosen)
    assert "stats" not in choose_default_fields(tree, item=True)


def test_noise_is_recognised_in_one_word_names_and_pk_is_an_id():
    tree = {"ETag": "string", "pk": "integer", "Staff": "string", "End": "string:time"}
    chosen = choose_default_fields({**tree, **{f"x{i}": "string" for i in range(5)}})
    assert "ETag" not in chosen and chosen[0] == "pk"


def test_a_name_is_never_noise_even_when_it_names_a_secret_or_a_node():
    tree = {"number": "integer", "state": "string:enum", "secret": "string",
            "secret_type_display_name": "string", "url": "string:uri"}  # fmt: skip
    chosen = choose_default_fields(tree, item=True)
    assert "secret_type_display_name" in chosen and "secret" not in chosen


def test_a_label_inside_a_details_part_does_not_stand_for_the_objects_text():
    tree = {"id": "string", "billing_details": {"name": "string", "phone": "string"},
            "description": "string", "amount": "integer", "paid": "boolean",
            "refunded": "boolean", "captured": "boolean"}  # fmt: skip
    chosen = choose_default_fields(tree)
    assert {"billing_details.name", "description", "paid", "refunded"} <= set(chosen)


def test_the_objects_own_page_is_its_link_not_a_link_to_a_collection():
    tree = {
        "id": "integer", "login": "string", "name": "string", "url": "string:uri",
        "public_members_url": "string:uri", "repos_url": "string:uri", "html_url": "string:uri",
    }  # fmt: skip
    chosen = choose_default_fields(tree)
    assert "html_url" in chosen
    assert "public_members_url" not in chosen and "url" not in chosen
    # a project's homepage elsewhere is a human link, not the object's own page
    first = {"id": "integer", "name": "string", "homepage": "string:uri", "html_url": "string:uri"}
    assert "html_url" in choose_default_fields(first)
    assert "homepage" not in choose_default_fields(first)


def test_a_plain_link_comes_before_a_sharing_copy_and_a_null_link_is_no_link():
    tree = {"id": "string", "title": "string", "url": "string:uri", "public_url": "string:uri"}
    chosen = choose_default_fields(tree | {"created_time": "string:time", "note": "string"})
    assert "url" in chosen and "public_url" not in chosen
    # read from a response whose public link is null: the plain one is the link
    value = {"id": "a1", "title": "T", "url": "https://x.example/p/a1", "public_url": None,
             "created_time": "2024-01-01T00:00:00Z", "note": "n"}  # fmt: skip
    assert "url" in choose_default_fields(field_tree_from_value(value))
    # a hosted page is a human link when nothing better exists
    hosted = {"id": "string", "status": "string", "hosted_invoice_url": "string:uri",
              "amount_due": "integer", "currency": "string"}  # fmt: skip
    assert "hosted_invoice_url" in choose_default_fields(hosted)


def test_flags_that_say_what_it_is_come_before_features_and_settings():
    tree = {
        "id": "integer", "name": "string", "allow_forking": "boolean", "has_issues": "boolean",
        "has_wiki": "boolean", "is_template": "boolean", "private": "boolean",
        "delete_branch_on_merge": "boolean", "paid": "boolean",
    }  # fmt: skip
    chosen = choose_default_fields(tree)
    assert {"private", "is_template", "paid"} <= set(chosen)
    assert not {"allow_forking", "delete_branch_on_merge"} & set(chosen)


def test_flags_that_are_news_only_when_true_are_always_taken_and_use_no_slot():
    tree = {"id": "integer", "title": "string", "archived": "boolean", "locked": "boolean",
            "in_trash": "boolean", "draft": "boolean"}  # fmt: skip
    listed = choose_default_fields(tree, item=True)
    assert {"archived", "locked", "in_trash", "draft"} <= set(listed)


def test_a_list_item_keeps_the_flags_that_say_what_it_is_not_its_settings() -> None:
    # a list holds many items: flags pick them (what it is), its settings are for its page
    tree = {"id": "string", "name": "string", "modifiedTime": "string:date-time",
            "keepForever": "boolean", "published": "boolean",
            "publishedOutsideDomain": "boolean", "archived": "boolean"}  # fmt: skip
    flags = {"keepForever", "published", "publishedOutsideDomain"}
    for kind in ("read", "search"):
        listed = choose_default_fields(tree, item=True, kind=kind)
        assert flags & set(listed) == {"published"}, (kind, listed)
        assert {"id", "name", "archived"} <= set(listed)  # news when true: free
    assert len(flags & set(choose_default_fields(tree))) > 1  # its page: more
    # a flag named for a place (``...Domain``) is a setting, not where the item lives
    hosted = {"id": "string", "name": "string", "host": "string", "draft": "boolean",
              "fork": "boolean", "publishedOutsideDomain": "boolean"}  # fmt: skip
    listed = choose_default_fields(hosted, item=True)
    assert {"host", "draft", "fork"} <= set(listed) and "publishedOutsideDomain" not in listed


def test_a_list_items_parts_named_only_by_a_number_are_left_out_named_ones_kept():
    # a tournament in a schedule: its rounds by number say nothing to pick it by; a list's
    # item keeps the parts a name, a person or a state says (an issue's labels by name)
    tree = {"TournamentID": "integer", "Name": "string", "Rounds": [{"Number": "integer",
            "Par": "integer"}]}  # fmt: skip
    assert not any(p.startswith("Rounds") for p in choose_default_fields(tree, item=True))
    assert any(p.startswith("Rounds") for p in choose_default_fields(tree))  # its page: yes
    batch = choose_default_fields(tree, item=True, kind="create")  # a write's records: as before
    assert any(p.startswith("Rounds") for p in batch)
    named = {"id": "integer", "title": "string", "labels": [{"id": "integer", "key": "string",
             "name": "string"}]}  # fmt: skip
    assert "labels.name" in choose_default_fields(named, item=True)
    coded = {"id": "string", "title": "string", "subject": [{"code": "string"}]}  # by a code
    assert not any(p.startswith("subject") for p in choose_default_fields(coded, item=True))
    keyed = {"id": "string", "name": "string", "rounds": [{"key": "string", "par": "integer"}]}
    assert not any(p.startswith("rounds") for p in choose_default_fields(keyed, item=True))


def test_a_list_item_keeps_a_figure_its_part_wraps():
    # a count held in a part of its own (``followers: {href, total}``) is the item's figure,
    # beside its own scalars; an item held in parts only (``{metadata, status}``) counts by them
    tree = {"id": "string", "name": "string", "popularity": "integer",
            "followers": {"href": "string", "total": "integer"}}  # fmt: skip
    assert "followers.total" in choose_default_fields(tree, item=True)
    deployment = {
        "apiVersion": "string",
        "kind": "string",
        "metadata": {"name": "string", "uid": "string"},
        "spec": {"replicas": "integer"},
        "status": {"readyReplicas": "integer"},
    }
    assert "spec.replicas" in choose_default_fields(deployment, item=True)  # held in parts


def test_a_list_items_parts_of_named_lists_of_scalars_are_for_its_page():
    # a job in a list: its variant part's argument and file lists are not what picks it
    job = {"jobUuid": "string", "done": "boolean", "placement": {"clusterName": "string"},
           "hadoopJob": {"args": ["string"], "fileUris": ["string"], "jarFileUris": ["string"],
                         "mainClass": "string"}}  # fmt: skip
    assert not any(p.startswith("hadoopJob") for p in choose_default_fields(job, item=True))
    written = choose_default_fields(job, item=True, kind="create")  # a write's records: as before
    assert "hadoopJob.args" in written
    ranges = {"version": "string", "services": {"api": ["string"], "web": ["string"]}}
    for item in (True, False):  # the object's own named lists stay, an item's too
        flat = {"verifiable": "boolean", "hooks": ["string"], "web": ["string"]}
        assert {"hooks", "web"} <= set(choose_default_fields(flat, item=item))
    assert "services.api" in choose_default_fields(ranges)


def test_a_list_item_is_not_dated_by_an_element_of_a_list_inside_it():
    # price intervals of a spot history: the first interval's end is not when the item was
    item = {
        "error": "string",
        "success": "boolean",
        "data": {"name": "string", "intervals": [{"end": "string:time", "high": "number"}]},
    }
    assert "data.intervals.end" not in choose_default_fields(item, item=True)
    commit = {"sha": "string", "commit": {"message": "string", "author": {
              "name": "string", "date": "string:time"}}}  # fmt: skip
    assert "commit.author.date" in choose_default_fields(commit, item=True)  # a signature


def test_a_map_of_typed_properties_gives_its_title_entry_as_the_label():
    # an entry tagged with a type and named like its payload member: {type, title: [runs]}
    runs = [{"type": "string", "plain_text": "string", "href": "null"}]
    tree = {
        "object": "string", "id": "string", "url": "string:uri",
        "properties": {
            "Status": {"id": "string", "type": "string", "status": {"name": "string"}},
            "Title": {"id": "string", "type": "string", "title": runs},
        },
    }  # fmt: skip
    for item in (False, True):
        assert "properties.Title.title.plain_text" in choose_default_fields(tree, item=item)
    # without the tag it is an ordinary nested object, not read through
    untagged = {"id": "string", "url": "string:uri",
                "properties": {"Title": {"id": "string", "title": runs}}}  # fmt: skip
    assert "properties.Title.title.plain_text" not in choose_default_fields(untagged)


def test_a_list_item_is_dated_by_its_making_first_said_by_its_text_or_named():
    times = {"created_time": "string:time", "last_edited_time": "string:time"}
    comment = {"id": "string", "body": "string", "author": {"login": "string"}, **times}
    listed = choose_default_fields(comment, item=True)
    assert "created_time" in listed and "last_edited_time" not in listed
    issue = {"id": "string", "title": "string", "body": "string", **times}
    listed = choose_default_fields(issue, item=True)
    assert "created_time" in listed and "last_edited_time" not in listed
    # one resource shows both
    assert {"created_time", "last_edited_time"} <= set(choose_default_fields(comment))


def test_a_response_read_six_levels_deep_still_shows_rich_text():
    value = {
        "id": "p1",
        "properties": {
            "Title": {
                "id": "t",
                "type": "title",
                "title": [{"plain_text": "Groceries", "text": {"content": "Groceries"}}],
            }
        },
    }
    tree = field_tree_from_value(value)
    assert tree["properties"]["Title"]["title"][0]["plain_text"] == "string"


def test_a_tagged_union_shows_the_label_and_text_of_whichever_variant_an_item_holds():
    runs = lambda text: [{"plain_text": text, "href": None}]  # noqa: E731
    items = [
        {"id": "b1", "type": "child_page", "child_page": {"title": "Roadmap"}},
        {"id": "b2", "type": "child_database", "child_database": {"title": "Tasks"}},
        {"id": "b3", "type": "paragraph", "paragraph": {"rich_text": runs("Hello"), "color": "x"}},
        {"id": "b4", "type": "heading_1", "heading_1": {"rich_text": runs("Intro"), "color": "x"}},
        {"id": "b5", "type": "to_do", "to_do": {"rich_text": runs("Buy milk"), "checked": False}},
    ]
    tree = field_tree_from_value(items)
    assert tree[0]["type"] == "string:tag"  # the value names the member holding the content
    chosen = choose_default_fields(tree, item=True)
    for path in ("child_page.title", "child_database.title", "paragraph.rich_text.plain_text",
                 "heading_1.rich_text.plain_text", "to_do.rich_text.plain_text"):  # fmt: skip
        assert path in chosen
    assert not any(p.endswith((".color", ".checked")) for p in chosen)
    # a type that names no member is an ordinary discriminator: no variants are mirrored
    plain = [{"id": "1", "type": "a", "a_info": {"title": "x"}, "b_info": {"title": "y"}}]
    assert field_tree_from_value(plain)[0]["type"] == "string"


# ----------------------------------------------------------- gaps the run-time invariants found


def test_the_member_an_object_is_addressed_by_keeps_a_natural_key_next_to_it():
    # no plain id: {voucher_code} addresses it; its order number is a natural key too
    tree = {"VoucherCode": "string", "DealerCode": "string", "OrderNumber": "string",
            "CountryCode": "string", "Email": "string", "CreatedDate": "string:time"}  # fmt: skip
    assert identity_fields(tree, keys=("voucher_code",)) == ("VoucherCode", "OrderNumber")
    # a ``*Code`` nobody addresses it by is no identity (country_code, currency_code)
    assert identity_fields(tree) == ("OrderNumber",)
    # a file addressed by {path} keeps its sha
    content = {"type": "string", "name": "string", "path": "string", "sha": "string",
               "size": "integer", "url": "string:uri"}  # fmt: skip
    assert identity_fields(content, keys=("owner", "repo", "path")) == ("path", "sha")


def test_an_id_of_another_member_is_a_reference_not_the_own_id():
    tree = {"actor": "string", "actor_id": "integer", "org": "string", "org_id": "integer",
            "_document_id": "string", "action": "string", "target_login": "string"}  # fmt: skip
    assert identity_fields(tree)[0] == "_document_id"
    ticket = {"user_id": "integer", "user": {"login": "string"}, "ticket_id": "integer"}
    assert identity_fields(ticket) == ("ticket_id",)


def test_an_object_without_identity_takes_the_id_named_after_its_part():
    game = {"AwayTeamID": "integer", "GameID": "integer", "HomeTeamID": "integer",
            "Status": "string"}  # fmt: skip
    item = {"Game": game, "Plays": [{"PlayID": "integer", "Result": "string"}]}
    assert identity_fields(item) == ("Game.GameID",)
    assert "Game.GameID" in choose_default_fields(item, item=True)
    request = {
        "challenge": "string",
        "subject": "string",
        "sid": "string",
        "client": {"client_id": "string", "client_name": "string", "owner": "string"},
    }
    assert "client.client_id" in choose_default_fields(request)


def test_a_part_gives_its_first_id_when_nothing_else_identifies_the_object():
    feature = {
        "type": "string",
        "geometry": {"type": "string", "coordinates": ["number"]},
        "properties": {"FacName": "string", "RegistryID": "string", "SourceID": "string"},
    }
    assert identity_fields(feature) == ("properties.RegistryID",)


def test_a_rule_that_routes_to_a_person_takes_the_persons_id():
    rule = {"contact": {"id": "number", "type": "string:enum"}, "index": "number",
            "type": "string:enum"}  # fmt: skip
    assert identity_fields(rule) == ("contact.id",)


def test_an_object_with_a_login_is_a_person_whatever_it_is_called():
    build = {"url": "string:uri", "status": "string", "error": {"message": "string"},
             "pusher": {"login": "string", "id": "integer", "name": "string",
                        "avatar_url": "string:uri"},
             "commit": "string", "created_at": "string:time"}  # fmt: skip
    chosen = choose_default_fields(build)
    assert "pusher.login" in chosen and "pusher.name" not in chosen and "pusher.id" not in chosen


def test_a_wrapper_of_one_object_is_read_through():
    item = {
        "data": {
            "id": "string",
            "type": "string",
            "attributes": {"name": "string", "updated_at": "string:time"},
        }
    }
    chosen = choose_default_fields(item, item=True)
    assert chosen[0] == "data.id"
    assert {"data.attributes.name", "data.attributes.updated_at"} <= set(chosen)


def test_a_title_given_in_several_languages_is_the_label_before_a_code():
    item = {"Id": "integer", "StockCode": "string", "EAN": "string",
            "Title": [{"LanguageCode": "string", "Text": "string"}],
            "Price": "number"}  # fmt: skip
    chosen = choose_default_fields(item, item=True)
    assert "Title.Text" in chosen and "StockCode" not in chosen


def test_without_a_label_a_related_object_named_by_one_comes_with_the_link():
    suite = {"id": "integer", "head_sha": "string", "status": "string", "url": "string:uri",
             "app": {"id": "integer", "slug": "string", "name": "string"},
             "updated_at": "string:time"}  # fmt: skip
    chosen = choose_default_fields(suite, item=True)
    assert chosen.index("url") < chosen.index("app.name") < chosen.index("status")


def test_a_person_reduced_to_an_email_shows_the_name_too():
    commit = {"sha": "string", "message": "string",
              "author": {"name": "string", "email": "string", "date": "string"}}  # fmt: skip
    assert {"author.email", "author.name"} <= set(choose_default_fields(commit))
    # a login is a handle people are known by: no name next to it
    issue = {"id": "integer", "title": "string", "user": {"login": "string", "name": "string"}}
    chosen = choose_default_fields(issue, item=True)
    assert "user.login" in chosen and "user.name" not in chosen


def test_a_person_sent_as_null_gives_way_to_the_next_one():
    gist = {"id": "string", "description": "string", "user": "null",
            "owner": {"login": "string", "id": "integer"}, "comments": "integer"}  # fmt: skip
    assert "owner.login" in choose_default_fields(gist, item=True)


def test_a_container_keeps_every_list_it_holds():
    schedule = {
        "team": "string",
        "schedule": [{"rotationName": "string", "oncall": "string", "shiftRoll": "number"}],
        "overrides": [{"start": "number", "end": "number", "orig": "string", "over": "string"}],
    }
    tops = {p.split(".")[0] for p in choose_default_fields(schedule)}
    assert {"schedule", "overrides"} <= tops
    methods = {k: [{"label": "string", "extId": "string", "deviceType": "string"}]
               for k in ("devices", "emails", "phones")}  # fmt: skip
    # a container's lists are what it answers: each record as a list's item (pages.py)
    each = {f"{k}.{m}" for k in methods for m in ("label", "extId")}
    assert each <= set(choose_default_fields(methods))
    # an object with a label of its own is no container: its lists take their slots, and
    # lists of one schema side by side keep the same members (issue 33): all or none
    named = {"name": "string", **methods}
    chosen = set(choose_default_fields(named))
    labels = {"devices.label", "emails.label", "phones.label"}
    assert "name" in chosen and (labels <= chosen or not labels & chosen)


def test_parallel_parts_that_give_only_a_state_are_shown_by_their_own_defaults():
    check = {"host": "string", "uri": "string", "reason": "string", "is_valid": "boolean",
             "dns_resolves": "boolean", "https_error": "string"}  # fmt: skip
    chosen = choose_default_fields({"domain": check, "alt_domain": check})
    assert {"domain.host", "alt_domain.host"} <= set(chosen)


def test_a_number_counting_updated_things_is_a_count_not_a_time():
    """``updatedReplicas`` is how many were updated, not when: the bare quantity comes first,
    its shares with it (``test_shaping_quantity_shares.py``), as counts."""
    tree = {
        "metadata": {"name": "string", "uid": "string"},
        "status": {"updatedReplicas": "integer", "readyReplicas": "integer", "replicas": "integer"},
    }
    assert choose_default_fields(tree, item=True) == (
        "metadata.uid", "metadata.name", "status.replicas", "status.updatedReplicas",
        "status.readyReplicas",
    )  # fmt: skip
    assert "updatedAt" in choose_default_fields({"id": "string", "updatedAt": "integer"})


def test_a_report_of_a_few_scalars_keeps_its_one_list_of_records():
    """``{teamSlug, start, end, userLogs: [...]}``: the records are what the report holds, each
    by its identity (even an opaque one) and its lean defaults; the report's scalars stay."""
    record = {
        "userId": "string",
        "total": {"hours": "number", "minutes": "number"},
        "log": [{"on": "string", "off": "string"}],
    }
    tree = {"teamSlug": "string", "start": "string", "end": "string", "userLogs": [record]}
    chosen = choose_default_fields(tree)
    assert "userLogs.userId" in chosen and "teamSlug" in chosen
    # a resource with more of its own is not a report: a list of opaque records stays out
    resource = dict(tree, id="string", name="string", status="string:enum", size="integer")
    assert not any(p.startswith("userLogs") for p in choose_default_fields(resource))


def test_resources_side_by_side_are_each_shaped_by_their_own_defaults():
    """A write answering ``{content: {file}, commit: {commit}}``: two resources, each with its
    identity, label and page, not only an id from each (the commit's author is the caller:
    ``test_shaping_lean_writes.test_a_writes_author_is_the_caller``)."""
    file = {
        "name": "string", "path": "string", "sha": "string", "size": "integer",
        "html_url": "string", "download_url": "string", "type": "string",
    }  # fmt: skip
    commit = {
        "sha": "string", "node_id": "string", "html_url": "string", "message": "string",
        "author": {"name": "string", "email": "string", "date": "string:date-time"},
        "tree": {"sha": "string", "url": "string"},
    }  # fmt: skip
    chosen = choose_default_fields({"content": file, "commit": commit}, kind="create")
    assert {"content.sha", "content.name", "content.path", "content.html_url"} <= set(chosen)
    assert {"commit.sha", "commit.message", "commit.html_url"} <= set(chosen)
    # one object beside a part of it is no pair of peers: its own defaults as before
    alone = choose_default_fields({"content": file, "links": {"self": "string"}}, kind="create")
    assert not any(p.startswith("links") for p in alone)


def test_what_it_belongs_to_comes_before_a_qualified_relation():
    """``team`` (one word: what the object belongs to) before ``inheritedFrom`` or
    ``convertedFromIssue`` (a relation qualified by what it is for), whatever the schema order."""
    related = {"id": "string", "name": "string"}
    tree = {
        "id": "string", "name": "string",
        "inheritedFrom": dict(related), "convertedFromIssue": dict(related), "team": dict(related),
    }  # fmt: skip
    chosen = choose_default_fields(tree, item=True)
    assert "team.name" in chosen
    assert not any(p.startswith(("inheritedFrom", "convertedFromIssue")) for p in chosen)


def test_a_commit_in_a_list_is_dated_by_its_signature():
    """An item with no time of its own or in its parts is dated by one deeper down: a commit
    by ``commit.author.date`` (a list of commits without dates lost when they happened)."""
    commit = {
        "sha": "string", "html_url": "string",
        "commit": {
            "message": "string", "comment_count": "integer",
            "author": {"name": "string", "email": "string", "date": "string:date-time"},
        },
        "author": {"login": "string", "id": "integer"},
    }  # fmt: skip
    assert "commit.author.date" in choose_default_fields(commit, item=True)
    dated = dict(commit, created_at="string:date-time")  # a time of its own: that one
    chosen = choose_default_fields(dated, item=True)
    assert "created_at" in chosen and "commit.author.date" not in chosen


def test_how_much_it_matters_is_kept_after_where_it_stands():
    """``priority``/``severity``/``urgency`` (an ordinal of its own) are states ranked after
    ``state``/``status``: a task list keeps both."""
    tree = {"id": "string", "title": "string", "state": "string:enum", "priority": "integer",
            "estimate": "integer", "sortOrder": "number", "boardOrder": "number"}  # fmt: skip
    chosen = choose_default_fields(tree, item=True)
    assert {"state", "priority"} <= set(chosen)
    assert chosen.index("state") < chosen.index("priority")


def test_a_list_items_own_text_comes_before_the_lists_inside_it():
    # A chat message as a schema describes it: identity, labels, a link, times, a person, and
    # lists of attachments and files whose fields compete for the item's budget. Its text is
    # what the item is; a nested list's fields are not worth more.
    message = {
        "client_msg_id": "string", "username": "string", "name": "string",
        "permalink": "string:uri", "thread_ts": "string", "ts": "string", "user": "string",
        "text": "string", "type": "string", "subtype": "string", "reply_count": "integer",
        "files": [{"id": "string", "name": "string", "username": "string", "state": "string",
                   "title": "string", "mode": "string", "size": "integer"}],
        "attachments": [{"id": "integer", "fallback": "string", "image_url": "string:uri"}],
        "is_starred": "boolean", "is_intro": "boolean", "is_delayed_message": "boolean",
        "upload": "boolean", "display_as_bot": "boolean", "team": "string",
    }  # fmt: skip
    chosen = choose_default_fields(message, item=True)
    assert "text" in chosen
    assert "client_msg_id" in chosen


def test_a_quantity_asked_for_is_shown_with_the_one_observed_and_settings_in_seconds_come_after():
    # A controller-style list item: the wanted count in one part, what is in another (beside
    # a list of conditions), and settings counted in seconds next to the wanted count.
    item = {
        "metadata": {"uid": "string", "name": "string", "namespace": "string",
                     "creationTimestamp": "string:date-time"},
        "spec": {"minReadySeconds": "integer", "progressDeadlineSeconds": "integer",
                 "replicas": "integer", "paused": "boolean", "selector": {"app": "string"}},
        "status": {"conditions": [{"type": "string", "status": "string", "reason": "string"}],
                   "availableReplicas": "integer", "readyReplicas": "integer",
                   "replicas": "integer", "updatedReplicas": "integer",
                   "observedGeneration": "integer"},
    }  # fmt: skip
    chosen = choose_default_fields(item, item=True)
    assert "spec.replicas" in chosen and "status.replicas" in chosen
    assert "spec.minReadySeconds" not in chosen


def test_the_count_of_a_list_beside_it_is_not_the_objects_quantity():
    issue = {
        "id": "string", "title": "string", "state": {"name": "string"},
        "cycle": {"id": "string", "name": "string"},
        "sharing": {"isShared": "boolean", "sharedWithCount": "integer",
                    "viewerOnly": "boolean", "sharedWithUsers": [{"id": "string"}]},
    }  # fmt: skip
    assert "sharing.sharedWithCount" not in choose_default_fields(issue)


def test_a_natural_key_named_after_the_object_comes_before_one_named_after_what_it_holds():
    run = {
        "id": "integer", "name": "string", "head_branch": "string", "head_sha": "string",
        "run_number": "integer", "head_commit": {"id": "string", "message": "string"},
        "head_repository": {"id": "integer", "full_name": "string"},
    }  # fmt: skip
    assert identity_fields(run, entity=("workflow", "run")) == ("id", "run_number")
    assert identity_fields(run) == ("id", "run_number")  # head_sha is the head commit's


def test_a_date_taken_from_a_person_two_objects_down_comes_with_their_name():
    commit = {
        "sha": "string", "html_url": "string:uri", "url": "string:uri",
        "commit": {"message": "string", "comment_count": "integer",
                   "author": {"name": "string", "email": "string", "date": "string:date-time"},
                   "committer": {"name": "string", "email": "string",
                                 "date": "string:date-time"},
                   "tree": {"sha": "string", "url": "string:uri"}},
        "author": {"login": "string", "id": "integer", "avatar_url": "string:uri"},
        "parents": [{"sha": "string", "url": "string:uri"}],
    }  # fmt: skip
    chosen = choose_default_fields(commit, item=True)
    assert "commit.author.date" in chosen and "commit.author.name" in chosen


def test_a_person_beside_a_written_resource_keeps_who_it_is():
    # a membership a create answers: the group and the member side by side, the member's
    # handle in a part of a part (the write profile takes no relations: the person is reduced
    # to who it is however deep its parts say it)
    membership = {
        "group": {"id": "integer"},
        "member": {"id": "integer", "usage": {"online": "boolean"},
                   "business_card": {"headline": "string", "company_name": "string"},
                   "persona": {"id": "integer", "identity": {"username": "string",
                                                             "avatar_uri": "string:uri"}}},
    }  # fmt: skip
    chosen = choose_default_fields(membership, kind="create")
    assert "group.id" in chosen and "member.id" in chosen
    assert "member.persona.identity.username" in chosen


def test_a_written_resource_without_a_label_is_named_by_what_it_belongs_to():
    # an allow-list entry has an id and no label: the enterprise's name says which one it is
    # (the run-time invariants want a label one object down kept), as a read's relations do
    entry = {"id": "string", "domain": "string", "direction": "string:enum",
             "enterprise": {"id": "string", "name": "string", "type": "string"}}  # fmt: skip
    assert "enterprise.name" in choose_default_fields(entry, kind="create")
    named = {**entry, "name": "string"}
    assert "enterprise.name" not in choose_default_fields(named, kind="create")


def test_a_person_resource_is_said_by_its_handle_however_its_parts_hold_it() -> None:
    """A user read by its id whose handle sits two parts down (``persona.identity.username``)
    keeps it beside a headline; one with a handle of its own needs nothing more; an object
    that is not a person is not looked into for one."""
    user = {
        "id": 1001,
        "card": {"headline": "Engineer", "company_name": "Acme", "industry": "tools"},
        "persona": {"id": 7, "identity": {"username": "ada", "avatar_uri": "https://x/a.png"}},
        "profile": {"first_name": "Ada", "last_name": "L"},
    }
    tree = field_tree_from_value(user)
    chosen = choose_default_fields(tree, entity=("user",))
    assert "persona.identity.username" in chosen and "id" in chosen
    own = dict(user, login="ada")
    assert "persona.identity.username" not in choose_default_fields(
        field_tree_from_value(own), entity=("user",)
    )
    assert "persona.identity.username" not in choose_default_fields(tree, entity=("widget",))


def test_a_line_of_a_price_list_is_said_by_its_amount_with_its_currency() -> None:
    """The prices of a category (a list of objects known by a name) keep each price's amount
    and currency beside its name: a price reduced to its name lost what it says. A name
    written as one word that ends in a money word is money (``grossamount``)."""
    category = {
        "uid": "c1",
        "name": "Bikes",
        "price": [
            {
                "uid": f"p{i}",
                "name": f"Day {i}",
                "href": f"https://api.example/prices/p{i}",
                "grossamount": 7.5 + i,
                "taxrate": 19.0,
                "currency": "EUR",
                "interval": 24,
            }
            for i in range(3)
        ],
    }
    chosen = choose_default_fields(field_tree_from_value(category), entity=("category",))
    assert {"price.name", "price.grossamount", "price.currency"} <= set(chosen)
    assert "price.href" not in chosen
    assert is_money("grossamount", "number") and is_money("unitPrice", "integer")
    assert not is_money("percents", "number") and not is_money("amounts_count", "integer")


def test_a_writes_records_parts_are_not_lean_as_a_reads_list_items_are():
    # a write answering records whose parts are chosen as a read's would be (``{buy, sell}``):
    # the list-item rules (a part's named lists of scalars) stay for what a read lists
    side = {"avg": "number", "highToLow": "boolean", "forQuery": {"hours": "integer",
            "regions": ["integer"], "systems": ["integer"], "types": ["integer"]}}  # fmt: skip
    tree = {"buy": side, "sell": side}
    written = choose_default_fields(tree, item=True, kind="create")
    assert {"buy.forQuery.regions", "sell.forQuery.types"} <= set(written)
    listed = choose_default_fields(tree, item=True, kind="read")
    assert not any(p.endswith((".regions", ".systems", ".types")) for p in listed)


# issue 33: writes on a larger tuning pool (the directory's unselected tuning descriptions)


@pytest.mark.parametrize("kind", ["create", "update", "delete"])
def test_a_write_answer_spread_over_parts_keeps_each_part(kind):
    # issue 33: a write that computes (a transformed item beside an overview of what was
    # done), nothing identifying the answer or its parts: what it produced is spread over
    # them, so each part is answered by its own defaults, not only the one a value came from
    body = {
        "item": {"table": {"headers": [{"name": "h"}], "rows": [{"values": [{"text": "s"}]}]},
                 "value": "v"},
        "overview": {"transformedBytes": "12", "summaries": [
            {"field": {"name": "email"}, "results": [{"code": "SUCCESS", "count": "3"}]}]},
    }  # fmt: skip
    chosen = choose_default_fields(field_tree_from_value(body), kind=kind)
    assert "item.value" in chosen
    assert any(p.startswith("overview.summaries.") for p in chosen)


@pytest.mark.parametrize("kind", ["create", "update", "delete"])
def test_lists_of_people_of_one_schema_are_kept_alike(kind):
    # issue 33: a deal's buyer and seller contacts (lists of one schema of people): a write's
    # one people slot took one of them; siblings of one schema keep the same members, so the
    # other comes with it (an agent compares them)
    contacts = [{"email": "a@example.com", "name": "A"}]
    body = {"dealId": "d-1", "name": "Deal", "state": "open", "revision": "3",
            "buyerContacts": contacts, "sellerContacts": contacts}  # fmt: skip
    chosen = set(choose_default_fields(field_tree_from_value(body), kind=kind))
    assert "buyerContacts.name" in chosen and "sellerContacts.name" in chosen


@pytest.mark.parametrize("kind", ["create", "update", "delete"])
def test_a_write_answer_around_a_resource_keeps_that_resources_state(kind):
    # issue 33 (writes on a larger tuning pool): a write answering its resource under a
    # member named like a state word (``result``), beside a flag and a list of errors: the
    # resource has a ``status`` of its own, so it is no state object reduced to its label;
    # its status is what the answer says the resource now is
    thing = {"id": "t-1", "name": "Widget", "status": "active", "description": "text " * 40}
    body = {"result": thing, "success": True, "errors": [{"code": 7, "message": "m"}]}
    chosen = choose_default_fields(field_tree_from_value(body), kind=kind)
    assert {"result.id", "result.name", "result.status"} <= set(chosen)
    # a state that is an object without a state of its own is still reduced to its label
    issue = {"id": 1, "title": "t", "status": {"id": 3, "name": "Open", "colour": "red"}}
    assert "status.name" in choose_default_fields(field_tree_from_value(issue), kind=kind)


@pytest.mark.parametrize("kind", ["create", "update", "delete"])
def test_a_write_answer_says_where_the_resource_stands_before_how_it_fares(kind):
    # issue 33: a write's answer has room for one state; of ``health`` and ``state`` (both
    # single words) it is the lifecycle state, whatever the members' order, that says what
    # the call left the resource as
    node = {"name": "node-1", "description": "text " * 40, "health": "HEALTHY",
            "state": "DELETING", "createTime": "2024-05-01T12:34:56Z"}  # fmt: skip
    chosen = choose_default_fields(field_tree_from_value(node), kind=kind)
    assert "state" in chosen and "health" not in chosen
    assert {"state", "health"} <= set(choose_default_fields(field_tree_from_value(node)))


@pytest.mark.parametrize("kind", ["create", "update", "delete"])
def test_a_write_answers_each_record_by_the_id_named_for_its_list(kind):
    # issue 33: a batch write's envelope (its own id and status) around records whose id is
    # named for the list (``Widgets: [{WidgetID, Name, Status}]``): each record keeps that id
    # beside its name (the caller's next call takes it); a read's page keeps its list lean
    body = {
        "Id": "req-1", "Status": "OK", "ProviderName": "p", "DateTimeUTC": "2024-05-01T12:34:56Z",
        "Widgets": [{"WidgetID": "w-1", "Name": "one", "Status": "ACTIVE"}],
    }  # fmt: skip
    tree = field_tree_from_value(body)
    assert {"Widgets.WidgetID", "Widgets.Name"} <= set(choose_default_fields(tree, kind=kind))
    order = {"id": 1, "name": "o", "line_items": [{"line_item_id": "l-1", "title": "t"}]}
    chosen = choose_default_fields(field_tree_from_value(order), kind=kind)
    assert "line_items.line_item_id" in chosen
    # an id named for something else (what the record refers to) is no record's own id
    refs = {"id": 1, "name": "o", "lines": [{"product_id": "p-1", "title": "t"}]}
    assert "lines.product_id" not in choose_default_fields(field_tree_from_value(refs), kind=kind)


@pytest.mark.parametrize("item", [True, False])
def test_when_a_picture_changed_is_not_the_objects_time(item):
    # issue 33 (leaner reads): a player whose only time is when its headshot changed keeps no
    # time rather than the picture's; its own time still comes first when it has one
    player = {
        "PlayerID": 1, "Name": "p", "Status": "Active",
        "UsaTodayHeadshotUpdated": "2024-05-01T12:34:56Z", "photo_updated_at": "2024-05-01",
    }  # fmt: skip
    chosen = choose_default_fields(field_tree_from_value(player), item=item)
    assert "UsaTodayHeadshotUpdated" not in chosen and "photo_updated_at" not in chosen
    assert {"PlayerID", "Name", "Status"} <= set(chosen)
    player["Updated"] = "2024-05-02T12:34:56Z"
    assert "Updated" in choose_default_fields(field_tree_from_value(player), item=item)
    # an object that is itself a picture is dated by it
    image = {"id": 1, "title": "t", "image_updated_at": "2024-05-01T12:34:56Z"}
    tree = field_tree_from_value(image)
    assert "image_updated_at" in choose_default_fields(tree, item=item, entity=("image",))


def _person(n: int) -> dict:
    return {"id": f"u-{n}", "name": f"Person {n}", "email": f"p{n}@example.com"}


@pytest.mark.parametrize("kind", ["read", "search"])
def test_a_listed_task_names_who_has_it_before_who_filed_it(kind):
    # issue 33 (reads choose better): a list's item keeps one person; of a task's creator and
    # its assignee (or a project's lead, a goal's owner) a person reading the list asks who has
    # it now, not who filed it; whose words it is (a message's sender) still comes first
    task = {
        "id": "t-1", "title": "Fix it", "state": {"id": "s-1", "name": "Todo"},
        "createdAt": "2024-05-01T12:34:56Z", "creator": _person(1), "assignee": _person(2),
    }  # fmt: skip
    chosen = choose_default_fields(field_tree_from_value(task), item=True, kind=kind)
    assert "assignee.name" in chosen and not any(p.startswith("creator.") for p in chosen)
    project = {"id": "p-1", "name": "Launch", "creator": _person(1), "lead": _person(2)}
    chosen = choose_default_fields(field_tree_from_value(project), item=True, kind=kind)
    assert "lead.name" in chosen and not any(p.startswith("creator.") for p in chosen)
    issue = {"id": 1, "title": "Bug", "user": {"login": "a"}, "assignee": {"login": "b"}}
    chosen = choose_default_fields(field_tree_from_value(issue), item=True, kind=kind)
    assert "user.login" in chosen and "assignee.login" not in chosen
    message = {"id": "m-1", "text": "hi", "sender": _person(1), "owner": _person(2)}
    chosen = choose_default_fields(field_tree_from_value(message), item=True, kind=kind)
    assert "sender.name" in chosen and not any(p.startswith("owner.") for p in chosen)


def test_the_user_a_credential_logs_in_as_is_no_person() -> None:
    """A webhook's ``basic_auth_user`` took the person's place in its list item, and the
    ``created_by`` who made it was left out beside its ``created`` time (Vikunja)."""
    assert not is_person("basic_auth_user") and not is_person("proxy_auth_username")
    assert is_person("user") and is_person("created_by") and is_person("customer_email")
    webhook = {
        "id": "integer",
        "target_url": "string",
        "basic_auth_user": "string",
        "basic_auth_password": "string",
        "created": "string:time",
        "created_by": {"id": "integer", "username": "string", "email": "string"},
        "events": ["string"],
    }
    chosen = choose_default_fields(webhook, item=True)
    assert "created_by.username" in chosen and "basic_auth_user" not in chosen, chosen


def test_a_flag_named_for_a_person_takes_no_person_s_place() -> None:
    """A team's ``isOwner: true`` (whether the caller owns it) took the person's place in its
    list item, and the ``createdBy`` who made it was left out beside its ``createdAt`` time
    (Rocket.Chat's user teams, outside material)."""
    team = {
        "_id": "string",
        "name": "string",
        "type": "integer",
        "createdAt": "string",
        "createdBy": {"_id": "string", "username": "string"},
        "_updatedAt": "string",
        "roomId": "string",
        "isOwner": "boolean",
    }
    chosen = choose_default_fields(team, item=True)
    assert "createdBy.username" in chosen, chosen


def test_a_listed_record_of_ids_keeps_the_values_it_holds() -> None:
    """A room's role assignments: each an id, the room's id, the user and the roles it holds.
    The item kept its id and its user and left its ``roles`` out, so the list said who but
    not what (Rocket.Chat's description, outside material). A record whose own scalars are
    only ids keeps its lists of values; a record with a label of its own does not."""
    assignment = {
        "_id": "string",
        "rid": "string",
        "u": {"_id": "string", "username": "string", "name": "string"},
        "roles": ["string"],
    }
    chosen = choose_default_fields(assignment, item=True)
    assert "roles" in chosen and "u.username" in chosen, chosen
    labelled = dict(assignment, name="string", status="string:enum")
    assert "roles" not in choose_default_fields(labelled, item=True)


def test_an_identified_record_made_of_lists_of_numbers_keeps_them() -> None:
    """A tag's detail lists what uses it, by kind: ``{id, label, seriesIds: [...],
    indexerIds: [...], ...}``. The items kept their id and label only, the usages the call
    exists to give were left out (Sonarr's description, outside material). An identified
    object most of whose members are named lists of numbers keeps them all; one or two such
    lists beside a record's fields stay out of a list's item."""
    usage = ("delayProfileIds", "importListIds", "notificationIds", "indexerIds", "seriesIds")
    tag = {"id": "integer", "label": "string", **{k: ["integer"] for k in usage}}
    chosen = choose_default_fields(tag, item=True)
    assert set(usage) <= set(chosen) and "label" in chosen, chosen
    issue = {"id": "integer", "title": "string", "state": "string:enum", "body": "string",
             "created_at": "string:time", "label_ids": ["integer"]}  # fmt: skip
    assert "label_ids" not in choose_default_fields(issue, item=True)


def test_a_writes_computed_result_identified_only_by_its_source_is_kept_whole() -> None:
    """A document's extraction answers the document's id and what it read from it: the
    classification and 27 extracted fields, of which the defaults kept three, as a
    record's few (Onfido's description, outside material). A write's answer whose own
    scalars are only the ids of what it was made from, the rest flat records, is what the
    call computed: each part whole. A created record with an id of its own stays lean."""
    data = {f"field_{n}": "string" for n in range(20)}
    extraction = {
        "document_id": "string",
        "document_classification": {"issuing_country": "string", "document_type": "string",
                                    "subtype": "string", "version": "string"},
        "extracted_data": {"document_number": "string", "first_name": "string", **data},
    }  # fmt: skip
    chosen = choose_default_fields(extraction, kind="create", entity=("extraction",))
    assert {f"extracted_data.{k}" for k in data} <= set(chosen), chosen
    assert "document_classification.subtype" in chosen
    record = dict(extraction, id="string")
    assert len(choose_default_fields(record, kind="create", entity=("extraction",))) < 10


def test_a_term_or_keyword_names_a_record_with_no_label() -> None:
    """A glossary term updated: ``{id, term, description, translations}``. Nothing named it,
    so its answer kept the id and the description and left out the term itself (Phrase's
    description, outside material); a rank task kept its locale, not the keyword it tracks.
    A term or keyword is the primary field of a record with no label."""
    term = {"id": "string", "term": "string", "description": "string",
            "case_sensitive": "boolean", "translatable": "boolean",
            "translations": [{"locale_code": "string", "content": "string"}],
            "created_at": "string:time", "updated_at": "string:time"}  # fmt: skip
    assert "term" in choose_default_fields(term, kind="update", entity=("glossary", "term"))
    task = {"task_id": "string", "keyword": "string", "localization_code": "string",
            "status": "string"}  # fmt: skip
    assert "keyword" in choose_default_fields(task, item=True)


def test_a_listed_record_nothing_names_is_not_said_by_its_flag_alone() -> None:
    """A capacity check answers, for each server asked about, its plan, facility, quantity and
    whether it is available: the items kept ``available`` alone, a list of ``true`` that says
    nothing of what is available (Equinix Metal's description, outside material). A list's
    record that nothing names, of which the rules picked only flags, is chosen as one
    record's; a record with an id keeps its flag beside its id as before."""
    server = {"quantity": "string", "available": "boolean", "facility": "string", "plan": "string"}
    chosen = choose_default_fields(server, item=True)
    assert {"available", "facility", "plan"} <= set(chosen), chosen
    named = dict(server, id="string")
    assert "id" in choose_default_fields(named, item=True)


def test_a_listed_person_keeps_the_name_people_know_it_by_beside_its_handle():
    # a directory's users (synthesized): ``name`` is the handle, ``real_name`` who it is
    user = {"id": "string", "name": "string", "real_name": "string", "is_admin": "boolean",
            "is_app_user": "boolean", "updated": "integer", "tz": "string", "color": "string",
            "deleted": "boolean", "profile": {"email": "string", "title": "string"}}  # fmt: skip
    assert {"id", "name", "real_name"} <= set(choose_default_fields(user, item=True))
    # a list of users, its type a role noun: the display name beside the name
    member = {"id": "string", "name": "string", "displayName": "string", "email": "string",
              "active": "boolean", "admin": "boolean", "createdAt": "string:date-time",
              "url": "string:uri", "createdIssueCount": "integer"}  # fmt: skip
    chosen = choose_default_fields(member, item=True, entity=("user",))
    assert {"name", "displayName"} <= set(chosen)
    # not a thing a person has: a listed repository keeps one label, and a message its
    # text, not its sender's handle beside another name
    assert "displayName" not in choose_default_fields(member, item=True, entity=("project",))
    message = {"type": "string", "user": "string", "username": "string", "name": "string",
               "old_name": "string", "text": "string", "ts": "string"}  # fmt: skip
    assert "old_name" not in choose_default_fields(message, item=True)
    # a name in parts restates a display name: not a second label
    attendee = {"userId": "string", "displayName": "string", "firstName": "string",
                "lastName": "string", "phoneNumber": "string", "email": "string"}  # fmt: skip
    assert "firstName" not in choose_default_fields(attendee, item=True, entity=("user",))


def test_ciphertext_is_noise_and_a_message_keeps_its_own_rich_text():
    # a conversation's item, a union of a message (``content: [{type, text}]``) and a tool's
    # output (``output.text``), beside the ciphertext its sender passes back (OpenAI's items)
    block = {"type": "string:const", "text": "string", "file_id": "string", "filename": "string"}
    tree = {
        "type": "string:const", "id": "string", "status": "string:enum", "role": "string:enum",
        "content": [block], "name": "string", "output": {"type": "string", "text": "string"},
        "encrypted_content": "string", "created_by": "string",
    }  # fmt: skip
    for item in (False, True):
        chosen = choose_default_fields(tree, item=item, kind="read")
        assert "content.text" in chosen and "output.text" in chosen
        assert "encrypted_content" not in chosen
    from generator.runtime.shaping.roles.noise import is_noise

    assert not is_noise("encrypted")  # the flag saying whether something is


def test_a_generations_segments_keep_the_labels_they_carry():
    # a transcription's topics: each segment (a span of the text) with its topics, each a
    # label beside how sure it is; not a transcript's timed words, each with its speaker
    segment = {"text": "string", "start_word": "number", "end_word": "number",
               "topics": [{"topic": "string", "confidence_score": "string"}]}  # fmt: skip
    word = {"word": "string", "start": "number", "end": "number", "confidence": "number",
            "speaker": "integer"}  # fmt: skip
    tree = {
        "summary": {"text": "string"},
        "topics": {"results": {"topics": {"segments": [segment]}}},
        "utterances": [{"id": "string", "transcript": "string", "words": [word]}],
    }
    chosen = choose_default_fields(tree, kind="generate")
    assert "topics.results.topics.segments.topics.topic" in chosen
    assert "topics.results.topics.segments.topics.confidence_score" in chosen
    assert not any(p.startswith("utterances.words") for p in chosen)


def test_a_rendering_of_a_member_beside_it_is_never_a_default():
    # a search result's shape (Google Custom Search's Result): markup twins of its title,
    # snippet and display URL, and its link written for display beside the plain link
    result = {
        "cacheId": "string", "title": "string", "htmlTitle": "string", "snippet": "string",
        "htmlSnippet": "string", "link": "string", "displayLink": "string",
        "formattedUrl": "string", "htmlFormattedUrl": "string", "mime": "string",
    }  # fmt: skip
    for item in (True, False):
        chosen = choose_default_fields(result, item=item)
        assert "link" in chosen and "title" in chosen
        assert not {"htmlTitle", "htmlSnippet", "htmlFormattedUrl", "displayLink"} & set(chosen)
    # the page itself is no rendering: ``html_url`` beside an API ``url`` stays the link
    issue = {"id": "integer", "title": "string", "url": "string:uri", "html_url": "string:uri",
             "body": "string", "body_html": "string"}  # fmt: skip
    chosen = choose_default_fields(issue)
    assert "html_url" in chosen and "body_html" not in chosen


def test_a_list_of_people_keeps_who_a_part_says_each_one_is():
    # an activity's actors, each a union of variants (the shape of Google Drive Activity v2's
    # Actor: empty objects mark the variants that say nothing); who acted is only said two
    # parts down, by a person's name
    actor = {
        "administrator": "any", "anonymous": "any",
        "impersonation": {"impersonatedUser": {"deletedUser": "any", "knownUser": "any"}},
        "system": {"type": "string:enum"},
        "user": {"deletedUser": "any", "unknownUser": "any",
                 "knownUser": {"isCurrentUser": "boolean", "personName": "string"}},
    }  # fmt: skip
    activity = {"actors": [actor], "timeRange": {"endTime": "string", "startTime": "string"},
                "timestamp": "string:time"}  # fmt: skip
    chosen = choose_default_fields(activity, item=True, kind="search", listed=True)
    assert "actors.user.knownUser.personName" in chosen
    assert "timestamp" in chosen


def test_a_value_written_for_reading_gives_way_to_the_value():
    # a figure sent raw and formatted (NaviPlan's plan API: ``{raw, formattedDecimal,
    # formattedNoDecimal}``), a type beside its formatted twin
    figure = {"raw": "number", "formattedDecimal": "string", "formattedNoDecimal": "string"}
    entity = {"id": "integer", "name": "string", "businessType": "string",
              "businessTypeFormatted": "string", "currentValue": figure}  # fmt: skip
    chosen = choose_default_fields(entity)
    assert "businessTypeFormatted" not in chosen
    assert not [p for p in chosen if p.startswith("currentValue.formatted")]
    # the figure alone, an object nothing names whose settings are all kept: its value once
    assert choose_default_fields(figure) == ("raw",)


def test_a_part_named_for_what_it_describes_gives_the_object_its_id() -> None:
    """EPA's criminal case report (the public API directory, epa.gov/case 1.0.0, CC0) answers
    ``{CRCaseInformation: {CaseIdentifier, ...}, CRDefendants: [{DocketNumber, Name}], ...}``:
    the report has no id of its own, and its case information names the case by an id
    qualified by a word of the part's name. The defendants' docket numbers were taken instead
    (another thing's, in a list), and the invariants, wanting the case's id, sent the generic
    projection."""
    report = {
        "CRCaseInformation": {"CaseIdentifier": "1000", "CaseSummary": "A summary",
                              "FiscalYear": "2004"},
        "CRDefendants": [{"DefendantType": "Principal", "DocketNumber": "04-203", "Name": "G S"}],
        "Message": "Success",
    }  # fmt: skip
    tree = field_tree_from_value(report)
    assert identity_fields(tree) == ("CRCaseInformation.CaseIdentifier",)
    # an id qualified by another thing's name is still not taken from a part before a key
    other = {**report, "CRCaseInformation": {"ContactIdentifier": "9", "CaseSummary": "A"}}
    assert identity_fields(field_tree_from_value(other)) == ("CRDefendants.DocketNumber",)
    # a part not named as information about something (a box score's referee) is a related
    # thing: its id is not the object's
    box = {"MainReferee1": {"RefereeId": 3, "FirstName": "Ann"}, "Goals": [{"GoalNumber": 1}]}
    assert identity_fields(field_tree_from_value(box)) == ("Goals.GoalNumber",)


def test_a_resource_name_takes_the_id_of_what_the_object_is_about_beside_it() -> None:
    """A Cloud Identity membership (the public API directory, googleapis.com/cloudidentity v1,
    CC0) is read by its full name (``/v1/{name}``); once ``name`` was known as its identity
    the member's id (``preferredMemberKey.id``) was left out: the name says where the
    membership is, not who the member is. A plain ``name`` label with no address keeps its
    old reading."""
    membership = {"name": "groups/g/memberships/m", "createTime": "2024-05-01T00:00:00Z",
                  "preferredMemberKey": {"id": "ada@example.com", "namespace": "ns"},
                  "roles": [{"name": "MEMBER"}]}  # fmt: skip
    tree = field_tree_from_value(membership)
    assert identity_fields(tree, keys=("name",)) == ("name", "preferredMemberKey.id")
    company = {"name": "projects/p/companies/c", "displayName": "Acme", "size": "BIG"}
    assert identity_fields(field_tree_from_value(company), keys=("name",)) == ("name",)


def test_a_first_or_last_login_is_a_moment_not_the_items_identity():
    """A group's members listed as ``{id, displayName, primaryEmail, firstLogin, lastLogin}``
    (learnifier, tuning half): ``firstLogin`` ends in a handle word but is when the person first
    signed in; it is not kept as the item's natural key beside its ``id`` (the item's one time
    is when it was made)."""
    tree = {"displayName": "string", "firstLogin": "string:time", "id": "string",
            "lastLogin": "string:time", "locked": "boolean", "primaryEmail": "string:email",
            "created": "string:time"}  # fmt: skip
    chosen = choose_default_fields(tree, item=True)
    assert {"id", "displayName", "primaryEmail", "created"} <= set(chosen)
    assert "firstLogin" not in chosen and "lastLogin" not in chosen
    # a login of its own is still the person's handle
    assert "login" in choose_default_fields({"login": "string", "id": "integer"}, item=True)


def test_a_settings_part_is_not_a_relation_named_by_its_flag():
    """Transfer configurations listed with ``emailPreferences: {enableFailureEmail}`` (Google's
    BigQuery Data Transfer, extra material): the part is a setting; a flag named after an
    e-mail is not the address that names a related thing, so the item does not keep it. A
    part named by an address of its own still is."""
    tree = {"id": "string", "name": "string", "state": "string:enum",
            "emailPreferences": {"enableFailureEmail": "boolean"},
            "nextRunTime": "string:time", "dataRefreshWindowDays": "integer"}  # fmt: skip
    chosen = choose_default_fields(tree, item=True)
    assert {"id", "name", "state"} <= set(chosen)
    assert not any(c.startswith("emailPreferences") for c in chosen)
    tree["owner"] = {"email": "string:email", "active": "boolean"}
    assert "owner.email" in choose_default_fields(tree, item=True)


def test_a_wrapped_flag_is_still_the_value_its_part_holds():
    """Naviplan's liabilities wrap each flag as ``{rawValue: true}`` (tuning half): the flag is
    the part's value, kept as before; only a flag named after something else is no name."""
    tree = {"id": "string", "description": "string", "insuredForLife": {"rawValue": "boolean"}}
    assert "insuredForLife.rawValue" in choose_default_fields(tree)


def test_a_read_of_a_page_of_settings_keeps_the_settings() -> None:
    """A user's settings: groups of switches and choices, nothing naming the object or its
    groups (Zoom's ``user_settings``, tuning half). The defaults kept two of 32 settings
    (``closed_caption`` and ``auto_delete_cmr_days``) and dropped the rest (``join_before_host``,
    ``waiting_room``...): the settings are what such a read answers. Kept, all of them; a
    single group of a few, or a record with a name, is chosen as before; and a list's item
    stays lean."""
    flags = {f"switch_{i}": "boolean" for i in range(12)}
    tree = {
        "in_meeting": {**flags, "closed_caption": "boolean", "entry_exit_chime": "string:enum"},
        "recording": {"auto_recording": "string:enum", "auto_delete_cmr_days": "integer",
                      **{f"record_{i}": "boolean" for i in range(8)}},
        "scheduled_meeting": {"join_before_host": "boolean", "host_video": "boolean",
                              "audio_type": "string:enum"},
        "telephony": {"third_party_audio": "boolean", "audio_conference_info": "string"},
    }  # fmt: skip
    chosen = choose_default_fields(tree, kind="read")
    assert "scheduled_meeting.join_before_host" in chosen
    assert "in_meeting.switch_11" in chosen and "recording.auto_recording" in chosen
    assert len(chosen) == 14 + 10 + 3 + 2
    assert len(choose_default_fields(tree, kind="read", item=True)) < 10
    named = {"name": "string", "id": "string", **tree}
    assert len(choose_default_fields(named, kind="read")) < 10


def test_a_listed_place_keeps_where_it_is() -> None:
    """A map's markers (``{id, lat, lon, city, state, country}``, Immich's description,
    outside material) kept their id and the ``state`` they are in, taken for where they stand,
    and lost their position: a marker is where it is. A place read keeps the pair in its part
    (``geometry.location``), the nearest part first; a search's hit only when no label names
    it (the search's median reduction, held-back half, fell from 85.2% to 82.2% with it);
    one half of a pair is no position."""
    marker = {"id": "string", "lat": "number", "lon": "number", "city": "string",
              "state": "string", "country": "string"}  # fmt: skip
    chosen = choose_default_fields(marker, item=True, kind="read")
    assert {"lat", "lon"} <= set(chosen), chosen
    place = {"place_id": "string", "name": "string", "vicinity": "string",
             "geometry": {"location": {"lat": "number", "lng": "number"},
                          "viewport": {"northeast": {"lat": "number", "lng": "number"}}}}  # fmt: skip
    chosen = choose_default_fields(place, item=True, kind="read")
    assert {"geometry.location.lat", "geometry.location.lng"} <= set(chosen), chosen
    # a search's hit named by a label is told apart by it: its position is left to its page
    hit = choose_default_fields(place, item=True, kind="search")
    assert not any(p.startswith("geometry") for p in hit), hit
    assert {"lat", "lon"} <= set(choose_default_fields(marker, item=True, kind="search"))
    assert position_paths({"id": "string", "name": "string", "latitude": "number"}) == ()
    geocoded = {"formatted": "string", "confidence": "integer",
                "bounds": {"northeast": {"lat": "number", "lng": "number"}},
                "geometry": {"lat": "number", "lng": "number"}}  # fmt: skip
    assert position_paths(geocoded) == ("geometry.lat", "geometry.lng")


def test_a_read_of_a_page_of_figures_keeps_every_figure() -> None:
    """The status of a server's job queues: per queue, its counts by state and whether it
    is active or paused, nothing naming a queue but its member's name (Immich's description,
    outside material). The defaults kept each queue's ``completed`` count and nothing else: no
    failed or waiting job, no paused queue. A read of a page of figures and switches keeps
    them all; a page of free text is no such page; a list's item stays lean."""
    queue = {
        "jobCounts": {k: "integer" for k in ("active", "completed", "delayed", "failed",
                                             "paused", "waiting")},
        "queueStatus": {"isActive": "boolean", "isPaused": "boolean"},
    }  # fmt: skip
    assert len(choose_default_fields(queue, kind="read")) == 8
    queues = {name: queue for name in ("thumbnailGeneration", "metadataExtraction", "library",
                                       "sidecar", "search", "migration", "backgroundTask",
                                       "faceDetection", "facialRecognition", "notifications",
                                       "duplicateDetection", "videoConversion")}  # fmt: skip
    chosen = choose_default_fields(queues, kind="read")
    assert "library.jobCounts.failed" in chosen and "search.queueStatus.isPaused" in chosen
    assert len(chosen) == 8 * 12
    assert len(choose_default_fields(queue, kind="read", item=True)) < 8
    texts = {"notes": {f"note_{i}": "string" for i in range(8)}}
    assert len(choose_default_fields(texts, kind="read")) < 8


def test_a_listed_record_said_by_its_label_alone_keeps_the_entries_it_lists() -> None:
    """A search's facets (``[{fieldName, counts: [{value, count}]}]``) and an explore page's
    groups (``[{fieldName, items: [{value, data: {...}}]}]``, Immich's description, outside
    material) kept each record's name and none of its entries: a facet without its values.
    A listed record the rules said by its label alone, nothing identifying it, keeps what its
    list of entries holds, as one record's."""
    facet = {"fieldName": "string", "counts": [{"value": "string", "count": "integer"}]}
    chosen = choose_default_fields(facet, item=True, kind="search")
    assert {"counts.value", "counts.count"} <= set(chosen), chosen
    group = {"fieldName": "string",
             "items": [{"value": "string", "data": {"id": "string", "checksum": "string"}}]}  # fmt: skip
    assert "items.value" in choose_default_fields(group, item=True, kind="read")


def test_a_listed_link_of_ids_only_keeps_every_id() -> None:
    """A permission links two things, any two of ten kinds (``{userId, deviceId, groupId,
    geofenceId, ...}``, one id per kind, two of them set: Traccar's description, outside
    material). The listed permissions kept their ``userId`` alone: what each grants was
    lost. A record of ids of different things and nothing else is a link whatever the number
    of kinds it may relate, and keeps them all (an empty one is left out with its value)."""
    kinds = ("user", "device", "group", "geofence", "notification", "calendar", "attribute",
             "driver", "managedUser", "command")  # fmt: skip
    permission = {f"{k}Id": "integer" for k in kinds}
    chosen = choose_default_fields(permission, item=True, kind="read")
    assert set(chosen) == set(permission), chosen
    described = {**permission, "createdAt": "string:time", "note": "string"}
    assert len(choose_default_fields(described, item=True, kind="read")) < len(permission)


def test_a_span_kept_by_its_start_keeps_its_end() -> None:
    """A team membership, an appointment, an open house: a listed record kept the start of
    its span (``startTime``, ``start_date``) and not its end, so a membership that had ended
    read as current (tuning half; Traccar's trips, outside material). The end comes with the
    start, unless the span's length is kept beside it."""
    span = {"id": "string", "name": "string", "status": "string",
            "startTime": "string:time", "endTime": "string:time"}  # fmt: skip
    assert {"startTime", "endTime"} <= set(choose_default_fields(span, item=True))
    dated = {"id": "string", "name": "string", "start_date": "string", "end_date": "string"}
    assert {"start_date", "end_date"} <= set(choose_default_fields(dated, item=True))
    timed = {**span, "duration": "integer"}
    chosen = choose_default_fields(timed, item=True)
    assert "duration" in chosen and "endTime" not in chosen


def test_a_person_said_by_a_name_of_its_own_keeps_the_handle_its_part_holds() -> None:
    """A thread's members: each a guild member said by its ``nick`` (often unset), the user
    it is in a part (``member: {nick, roles, user: {id, username}}``, Discord's description,
    outside material). The member kept its nickname alone and the judge found its handle lost;
    a person said by a name of its own keeps the handle its part holds beside it."""
    item = {"id": "string", "user_id": "string", "join_timestamp": "string:time",
            "member": {"nick": "string", "roles": ["string"],
                       "user": {"id": "string", "username": "string"}}}  # fmt: skip
    chosen = choose_default_fields(item, item=True, kind="read")
    assert {"member.nick", "member.user.username"} <= set(chosen), chosen
