"""Output filters on recorded responses: retain, every RFC 6902 op, branches, failures."""

import json

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from generator.runtime.errors import ConfigurationError
from generator.runtime.filters import (
    Branch,
    PointerError,
    apply_filter,
    apply_patches,
    branches_from_json,
    choose_filter_set,
    parse_pointer,
    pointers_read,
    retain,
    failed_test,
)
from tests.support.paths import RESPONSES

USERS = json.loads((RESPONSES / "notion/users.list.json").read_text())
ISSUES = json.loads((RESPONSES / "github/issue-items.json").read_text())
REPO = json.loads((RESPONSES / "github/full-repository.json").read_text())


def test_pointers_follow_rfc_6901() -> None:
    assert parse_pointer("") == ()
    assert parse_pointer("/a~1b/c~0d/0") == ("a/b", "c~d", "0")
    for bad in ("a/b", "/a~2", "/~"):
        with pytest.raises(PointerError):
            parse_pointer(bad)


def test_retain_keeps_only_the_pointed_parts_through_arrays() -> None:
    kept = retain(USERS, ["/results/id", "/results/person/email", "/has_more"])
    assert kept == {
        "results": [
            {"id": "a4f789cc-7bc8-4cf0-82b9-a8ba7d985ecf", "person": {"email": "notion@ramnes.eu"}},
            {"id": "7775f3a3-893f-43fa-b625-460c61094c78"},
        ],
        "has_more": False,
    }
    assert USERS["results"][0]["avatar_url"]  # the input is untouched


def test_retain_with_indexes_wildcards_whole_objects_and_a_bare_list() -> None:
    assert retain(USERS, ["/results/1/bot/owner"]) == {
        "results": [{"bot": {"owner": {"type": "workspace", "workspace": True}}}]
    }
    assert retain(ISSUES, ["/*/number", "/user/login"]) == [
        {"number": ISSUES[0]["number"], "user": {"login": ISSUES[0]["user"]["login"]}}
    ]
    whole = retain(REPO, ["/owner", "/owner/login"])
    assert whole == {"owner": REPO["owner"]}
    assert retain(REPO, [""]) == REPO
    assert retain(REPO, ["/no_such_field"]) == {}


def test_each_patch_operation_on_a_real_repository() -> None:
    ops = [
        {"op": "test", "path": "/owner/login", "value": "octocat"},
        {"op": "add", "path": "/audience", "value": "partners"},
        {"op": "remove", "path": "/permissions"},
        {"op": "replace", "path": "/description", "value": "hidden"},
        {"op": "move", "from": "/stargazers_count", "path": "/stars"},
        {"op": "copy", "from": "/owner/login", "path": "/owner_login"},
    ]
    out = apply_patches(REPO, tuple(ops))
    assert out["audience"] == "partners"
    assert "permissions" not in out and "permissions" in REPO
    assert out["description"] == "hidden"
    assert out["stars"] == REPO["stargazers_count"] and "stargazers_count" not in out
    assert out["owner_login"] == "octocat"


def test_a_star_expands_a_patch_to_every_element() -> None:
    out = apply_patches(USERS, ({"op": "remove", "path": "/results/*/avatar_url"},))
    assert all("avatar_url" not in u for u in out["results"])
    with pytest.raises(jsonpatch.JsonPatchException):
        apply_patches(USERS, ({"op": "remove", "path": "/results/*/person"},))  # bots have none


def test_tests_say_which_one_failed() -> None:
    assert failed_test(USERS, ({"path": "/object", "value": "list"},)) is None
    assert (
        failed_test(USERS, ({"path": "/object", "value": "page"},))
        == "/object is 'list', not 'page'"
    )
    assert failed_test(USERS, ({"path": "/nope", "value": 1},)) == "/nope is missing, not 1"
    assert failed_test(USERS, ({"path": "/results/*/type", "value": "person"},)) is not None


BRANCHES = branches_from_json(
    [
        {"when": [{"path": "/owner/type", "value": "Organization"}], "retain": ["/full_name"]},
        {
            "when": [{"path": "/owner/type", "value": "User"}],
            "retain": ["/full_name", "/owner/login"],
            "patches": [{"op": "add", "path": "/kind", "value": "personal"}],
        },
        {"retain": ["/id"]},
    ]
)


def test_the_first_branch_whose_tests_pass_applies() -> None:
    out = apply_filter(REPO, BRANCHES)
    assert out.applied and out.branch == 1
    assert out.value == {
        "full_name": "octocat/Hello-World",
        "owner": {"login": "octocat"},
        "kind": "personal",
    }
    org = {**REPO, "owner": {**REPO["owner"], "type": "Organization"}}
    assert apply_filter(org, BRANCHES).value == {"full_name": "octocat/Hello-World"}
    bot = {**REPO, "owner": {**REPO["owner"], "type": "Bot"}}
    assert apply_filter(bot, BRANCHES).value == {"id": REPO["id"]}  # the catch-all branch


def test_no_matching_branch_and_a_failing_patch_do_not_apply() -> None:
    bot = {**REPO, "owner": {**REPO["owner"], "type": "Bot"}}
    out = apply_filter(bot, BRANCHES[:2])
    assert not out.applied and out.value is bot and out.note is not None
    assert out.note.startswith("no branch matched: branch 1: /owner/type is 'Bot'")
    failing = (Branch(patches=({"op": "test", "path": "/private", "value": True},)),)
    out = apply_filter(REPO, failing)
    assert not out.applied and out.note is not None and "patch failed in branch 1" in out.note
    missing = (Branch(patches=({"op": "remove", "path": "/absent"},)),)
    assert not apply_filter(REPO, missing).applied


def test_a_filter_says_every_pointer_it_reads() -> None:
    branches = (
        Branch(when=({"op": "test", "path": "/owner/type", "value": "Bot"},), retain=("/id",)),
        Branch(
            patches=(
                {"op": "remove", "path": "/a"},
                {"op": "replace", "path": "/b/0/c", "value": 1},
                {"op": "move", "from": "/d", "path": "/e/f"},
                {"op": "add", "path": "/*/source", "value": "x"},
                {"op": "test", "path": "/g", "value": 2},
            )
        ),
    )
    assert pointers_read(branches) == [
        ("/owner/type", True),
        ("/id", True),
        ("/a", True),
        ("/b/0/c", True),
        ("/d", True),
        ("/e", False),
        ("/*", False),
        ("/g", True),
    ]


def test_the_filter_set_is_chosen_by_name() -> None:
    assert choose_filter_set(("default", "partners"), "", "X_FILTER_SET") == "default"
    assert choose_filter_set(("partners",), "", "X_FILTER_SET") == ""
    assert choose_filter_set(("default", "partners"), "partners", "X") == "partners"
    assert choose_filter_set(("default",), "none", "X") == ""
    with pytest.raises(ConfigurationError, match="known: default, partners"):
        choose_filter_set(("default", "partners"), "partner", "X_FILTER_SET")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda kids: st.lists(kids, max_size=4)
    | st.dictionaries(st.sampled_from("abc0*"), kids, max_size=4),
    max_leaves=20,
)
POINTERS = st.lists(st.sampled_from(["a", "b", "0", "1", "*", "-"]), max_size=3).map(
    lambda tokens: "".join("/" + t for t in tokens)
)
OPS = st.builds(
    lambda op, path, src, value: {"op": op, "path": path, "from": src, "value": value},
    st.sampled_from(["add", "remove", "replace", "move", "copy", "test"]),
    POINTERS,
    POINTERS,
    JSON,
)


@settings(max_examples=300, deadline=None)
@given(JSON, st.lists(POINTERS, max_size=3), st.lists(OPS, max_size=3), st.lists(OPS, max_size=2))
def test_filters_never_raise_on_any_json(value, keep, patches, when) -> None:
    branch = Branch(when=tuple(when), retain=tuple(keep) or None, patches=tuple(patches))
    snapshot = json.dumps(value)
    out = apply_filter(value, (branch,))
    assert json.dumps(value) == snapshot  # the response itself is never modified
    json.dumps(out.value)
    assert out.applied or out.note
