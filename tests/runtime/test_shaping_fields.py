"""Field projection, exclusion and validation on real recorded responses."""

import json
from pathlib import Path

from generator.runtime.shaping.fields import (
    PathTrie, check_paths, exclude, flatten_tree, parse_path, project,
)  # fmt: skip
from generator.runtime.shaping.defaults import field_tree_from_value

RESPONSES = Path(__file__).resolve().parents[1] / "fixtures" / "responses"


def load(name: str):
    return json.loads((RESPONSES / name).read_text(encoding="utf-8"))


def test_parse_path_splits_on_dots_and_ignores_empty_segments():
    assert parse_path("owner.login") == ("owner", "login")
    assert parse_path(" a..b. ") == ("a", "b")
    assert parse_path("*") == ("*",)


def test_projection_keeps_original_nesting_and_key_order():
    issue = load("github/issue.json")
    got = project(issue, ["title", "user.login", "number", "id"])
    assert got == {
        "id": issue["id"],
        "number": issue["number"],
        "title": issue["title"],
        "user": {"login": issue["user"]["login"]},
    }
    assert list(got) == [k for k in issue if k in got]  # order of the response, not the request


def test_projection_through_arrays_applies_per_element():
    issue = load("github/issue.json")
    got = project(issue, ["labels.name", "assignees.login"])
    assert got["labels"] == [{"name": label["name"]} for label in issue["labels"]]
    assert got["assignees"] == [{"login": a["login"]} for a in issue["assignees"]]


def test_projection_on_a_top_level_list_applies_to_each_item():
    items = load("github/cli.events.json")
    got = project(items, ["id", "repo.name"])
    assert len(got) == len(items)
    assert all(set(g) <= {"id", "repo"} for g in got)
    assert [g["repo"]["name"] for g in got] == [i["repo"]["name"] for i in items]


def test_missing_fields_are_simply_absent():
    user = load("github/private-user.json")
    got = project(user, ["login", "no_such_field", "plan.no_such_either"])
    assert got == {"login": user["login"], "plan": {}}


def test_a_path_through_null_keeps_the_null():
    items = load("github/issue-search-result-item-paginated.json")["items"]
    assert items[0]["assignee"] is None
    assert project(items[0], ["assignee.login"]) == {"assignee": None}


def test_star_selects_everything_and_a_star_segment_selects_all_keys_below():
    page = load("notion/pages.retrieve.db_page.json")
    assert project(page, ["*"]) == page
    got = project(page, ["id", "parent.*"])
    assert got == {"id": page["id"], "parent": page["parent"]}
    got = project(page, ["properties.*.type"])
    assert set(got["properties"]) == set(page["properties"])
    assert all(set(v) == {"type"} for v in got["properties"].values())


def test_wildcard_and_exact_children_merge():
    trie = PathTrie.build(["a.*.x", "a.b.y"])
    a = trie.child("a")
    merged = a.child("b") if a is not None else None
    assert merged is not None and set(merged.children) == {"x", "y"}


def test_exclusion_drops_paths_everywhere_including_inside_arrays():
    repos = load("github/minimal-repository-items.json")
    got = exclude(repos, ["owner", "permissions", "description", "topics"])
    assert len(got) == len(repos)
    for original, shaped in zip(repos, got):
        assert "owner" not in shaped and "permissions" not in shaped
        assert shaped["full_name"] == original["full_name"]
    issue = load("github/issue.json")
    got = exclude(issue, ["labels.url", "user"])
    assert all("url" not in label and "name" in label for label in got["labels"])
    assert "user" not in got


def test_exclusion_does_not_mutate_the_input():
    issue = load("github/issue.json")
    before = json.dumps(issue)
    exclude(issue, ["labels.url"])
    project(issue, ["labels.name"])
    assert json.dumps(issue) == before


def test_validation_accepts_known_paths_and_explains_unknown_ones():
    issue = load("github/issue.json")
    tree = field_tree_from_value(issue)
    ok = check_paths(["title", "user.login", "labels.name", "*", "user.*"], tree)
    assert ok.ok
    bad = check_paths(["titel", "user.logn", "login"], tree)
    assert bad.unknown == ["titel", "user.logn", "login"]
    assert "title" in bad.suggestions["titel"]
    assert "user.login" in bad.suggestions["user.logn"]
    assert "user.login" in bad.suggestions["login"]  # same leaf name elsewhere
    assert "title" in bad.valid_top_level and bad.valid_top_level == sorted(bad.valid_top_level)


def test_validation_rejects_paths_below_scalars():
    tree = {"title": "string", "user": {"login": "string"}}
    assert check_paths(["title.x"], tree).unknown == ["title.x"]


def test_validation_accepts_anything_without_a_tree_or_below_open_subtrees():
    assert check_paths(["anything.at.all"], None).ok
    tree = {"meta": "any", "extra": None, "obj": "object", "list": [{"a": "string"}]}
    assert check_paths(["meta.x.y", "extra.z", "obj.k", "list.a"], tree).ok
    assert not check_paths(["list.b"], tree).ok


def test_flatten_tree_lists_every_path_through_arrays():
    tree = {"id": "integer", "labels": [{"name": "string"}], "user": {"login": "string"}}
    assert flatten_tree(tree) == ["id", "labels", "labels.name", "user", "user.login"]
