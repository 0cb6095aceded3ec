"""Concise default fields: the heuristic on real responses, and its identity guarantee."""

import json
from pathlib import Path

import pytest

from generator.runtime.shaping.defaults import (
    MAX_DEFAULT_FIELDS, choose_default_fields, field_tree_from_value, guess_collection_path,
    identity_fields,
)  # fmt: skip
from generator.runtime.shaping.chunking import get_at
from generator.runtime.shaping.fields import parse_path, project

RESPONSES = Path(__file__).resolve().parents[1] / "fixtures" / "responses"
ALL = sorted(
    p.relative_to(RESPONSES).as_posix()
    for p in RESPONSES.glob("*/*.json")
    if p.name != "fixtures3.json"
)


def load(name: str):
    return json.loads((RESPONSES / name).read_text(encoding="utf-8"))


def defaults_for(name: str) -> tuple[str, ...]:
    return choose_default_fields(field_tree_from_value(load(name)))


def test_github_issue_defaults_are_the_concise_set():
    fields = defaults_for("github/issue.json")
    assert fields[:2] == ("number", "title")  # the natural key replaces the internal id
    assert "id" not in fields
    for expected in (
        "state",
        "html_url",
        "user.login",
        "labels.name",
        "assignees.login",
        "updated_at",
    ):
        assert expected in fields
    assert "assignee.login" not in fields  # the assignees list already says it
    assert "url" not in fields  # the API address, html_url is the human one
    assert "body" not in fields
    assert len(fields) <= MAX_DEFAULT_FIELDS


def test_repository_defaults_reduce_the_owner_to_its_login():
    fields = defaults_for("github/full-repository.json")
    assert {"name", "full_name", "owner.login", "html_url", "private"} <= set(fields)


def test_stripe_defaults_keep_money_and_status():
    fields = defaults_for("stripe/charge.json")
    assert {"id", "object", "status", "amount", "currency", "customer"} <= set(fields)
    invoice = defaults_for("stripe/invoice.json")
    assert {"hosted_invoice_url", "amount_due", "due_date", "status"} <= set(invoice)


def test_notion_defaults_skip_opaque_people_and_keep_the_url():
    fields = defaults_for("notion/pages.retrieve.json")
    assert {"id", "object", "url", "last_edited_time"} <= set(fields)
    assert not any(f.startswith(("created_by", "last_edited_by")) for f in fields)


def test_camel_case_names_match_the_same_rules():
    tree = {"id": "string", "title": "string", "isDraft": "boolean", "updatedAt": "string",
            "author": {"login": "string"}, "url": "string", "state": "string"}  # fmt: skip
    assert set(choose_default_fields(tree)) == {
        "id", "title", "isDraft", "updatedAt", "author.login", "url", "state"
    }  # fmt: skip


def test_items_without_a_title_keep_their_text():
    fields = defaults_for("github/issue-comment-items.json")
    assert "body" in fields and "id" in fields


def test_a_tree_of_objects_only_gets_its_childrens_defaults():
    fields = defaults_for("github-graphql/prStatusChecksWithStatesByCount.json")
    assert fields and all(f.startswith("data.") for f in fields)


def test_defaults_are_deterministic():
    tree = field_tree_from_value(load("github/pull-request.json"))
    assert choose_default_fields(tree) == choose_default_fields(json.loads(json.dumps(tree)))


def test_identity_fallbacks_never_leave_an_object_without_identity():
    assert identity_fields({"reason": "string", "unread": "boolean"}) == ("reason",)
    assert identity_fields({"x": {"y": "string"}, "thing_id": "string"}) == ("thing_id",)
    assert identity_fields({"only": {"nested": "string"}}) == ()


@pytest.mark.parametrize("name", ALL)
def test_every_shaped_item_of_the_corpus_keeps_an_identity_field(name):
    value = load(name)
    path = guess_collection_path(value)
    items = get_at(value, parse_path(path)) if path is not None else [value]
    if not isinstance(items, list):
        items = [value]
    tree = field_tree_from_value(items)
    fields = choose_default_fields(tree)
    ident = identity_fields(tree)
    for item in items:
        shaped = project(item, fields)
        present = [k for k in ident if k in item]
        if present:
            assert any(k in shaped for k in present), (name, ident, fields)


def test_field_tree_from_value_merges_array_items_and_bounds_depth():
    tree = field_tree_from_value([{"a": 1, "b": None}, {"b": "x", "c": [{"d": True}]}])
    assert tree == [{"a": "integer", "b": "string", "c": [{"d": "boolean"}]}]
    deep = {"a": {"b": {"c": {"d": {"e": 1}}}}}
    assert field_tree_from_value(deep, max_depth=2) == {"a": {"b": "any"}}


def test_collection_guessing_on_the_corpus():
    assert guess_collection_path(load("github/issue-items.json")) == ""
    assert guess_collection_path(load("stripe/file.links.list.json")) == "data"
    assert guess_collection_path(load("notion/search.json")) == "results"
    assert guess_collection_path(load("github/workflow-run-paginated.json")) == "workflow_runs"
    assert (
        guess_collection_path(load("github-graphql/issueList.json"))
        == "data.repository.issues.nodes"
    )
    assert guess_collection_path(load("github/issue.json")) is None


def item_defaults_for(name: str) -> tuple[str, ...]:
    value = load(name)
    items = get_at(value, parse_path(guess_collection_path(value)))
    return choose_default_fields(field_tree_from_value(items), item=True)


def test_list_items_get_the_lean_profile_without_losing_what_names_them():
    commits = item_defaults_for("github/commit-items.json")
    assert {"sha", "commit.message", "author.login"} <= set(commits)
    assert "html_url" not in commits and "committer.login" not in commits  # one person
    notifications = item_defaults_for("github/cli.notifications.json")
    assert {"reason", "subject.title", "repository.full_name"} <= set(notifications)
    issues = item_defaults_for("github/issue-items.json")
    assert set(issues) < set(defaults_for("github/issue-items.json"))
    assert len(issues) <= 7


def test_rich_text_titles_and_bodies_become_their_plain_text():
    comments = item_defaults_for("notion/comments.list.top_page.json")
    assert "rich_text.plain_text" in comments and "id" in comments
    source = defaults_for("notion/data_sources.retrieve.json")
    assert "title.plain_text" in source
    tree = {"id": "string", "title": [{"plain_text": "string", "href": "string"}]}
    assert choose_default_fields(tree, item=True) == ("id", "title.plain_text")
