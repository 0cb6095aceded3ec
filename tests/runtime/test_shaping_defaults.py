"""Default fields by role: names split into words, types and schema hints; never one API's names."""

import json

import pytest

from generator.runtime.shaping.defaults import (
    choose_default_fields, field_tree_from_value, identity_fields, nested_identity,
)  # fmt: skip
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


def test_one_resource_shows_its_body_and_both_timestamps_list_items_do_not():
    tree = {
        "id": "integer", "title": "string", "body": "string", "createdAt": "string:time",
        "updatedAt": "string:time", "author": {"login": "string", "id": "integer"},
    }  # fmt: skip
    whole = choose_default_fields(tree)
    assert {"body", "createdAt", "updatedAt", "author.login"} <= set(whole)
    listed = choose_default_fields(tree, item=True)
    assert "body" not in listed and "updatedAt" in listed and "createdAt" not in listed


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
    assert not {"object", "apiVersion", "avatar_url", "etag", "node_id"} & set(chosen)
    varying = choose_default_fields(
        {"id": "string", "type": "string:enum", "name": "string"}, item=True
    )
    assert "type" in varying


def test_lists_inside_one_object_are_its_content():
    tree = {"sha": "string", "truncated": "boolean",
            "tree": [{"path": "string", "type": "string", "sha": "string", "url": "string:uri"}]}  # fmt: skip
    chosen = choose_default_fields(tree)
    assert "tree.path" in chosen


def test_write_operations_echo_a_few_fields():
    tree = {
        "id": "string", "name": "string", "status": "string", "created": "integer",
        "description": "string", "metadata": {"a": "string"}, "html_url": "string:uri",
        "amount": "integer", "currency": "string", "owner": {"login": "string"},
    }  # fmt: skip
    chosen = choose_default_fields(tree, write=True)
    assert 1 <= len(chosen) <= 4 and chosen[0] == "id"


def test_a_budget_not_a_field_count_bounds_the_selection():
    wide = {f"field{i}_count": "integer" for i in range(40)}
    wide.update({"id": "string", "name": "string"})
    assert len(choose_default_fields(wide, item=True)) <= 6


def test_nested_identity_prefers_a_readable_label():
    assert nested_identity({"id": "integer", "login": "string"}) == "login"
    assert nested_identity({"id": "integer", "full_name": "string", "name": "string"}) == "name"
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
