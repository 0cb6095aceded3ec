"""Names: slugs, env prefixes, identifiers, tool names and the argument collision rule."""

from __future__ import annotations

import re

import pytest

from generator.naming import (
    alternative_names,
    assign_arg_names,
    assign_tool_names,
    env_prefix,
    path_name,
    python_identifier,
    sanitize_arg,
    slugify,
    snake_case,
    summary_name,
    tool_name,
)

TOOL_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")


@pytest.mark.parametrize(
    ("title", "slug"),
    [
        ("Swagger Petstore", "swagger-petstore"),
        ("GitHub v3 REST API", "github-v3-rest-api"),
        ("  Stripe API!! ", "stripe-api"),
        ("1Password Connect", "api-1password-connect"),
        ("", "api"),
        ("Ünïcode ✓ Tools", "unicode-tools"),
    ],
)
def test_slugify_gives_a_package_slug(title: str, slug: str) -> None:
    assert slugify(title) == slug
    assert re.fullmatch(r"[a-z][a-z0-9-]*", slugify(title))


def test_slugify_cuts_long_titles_at_a_word() -> None:
    slug = slugify("The Extremely Long Name Of Some Enterprise Management Platform API")
    assert len(slug) <= 40 and not slug.endswith("-")
    assert slug == "the-extremely-long-name-of-some"


def test_env_prefix_upper_cases_and_replaces_dashes() -> None:
    assert env_prefix("swagger-petstore") == "SWAGGER_PETSTORE"
    assert env_prefix("github") == "GITHUB"


@pytest.mark.parametrize(
    ("text", "ident"),
    [
        ("listPets", "list_pets"),
        ("2fa-Code", "_2fa_code"),
        ("class", "class_"),
        ("", "value"),
        ("match", "match_"),
    ],
)
def test_python_identifier(text: str, ident: str) -> None:
    assert python_identifier(text) == ident
    assert ident.isidentifier()


@pytest.mark.parametrize(
    ("text", "snake"),
    [
        ("listPets", "list_pets"),
        ("issues/list-for-repo", "issues_list_for_repo"),
        ("GetCustomersCustomer", "get_customers_customer"),
        ("getHTTPResponse", "get_http_response"),
        ("already_snake", "already_snake"),
    ],
)
def test_snake_case(text: str, snake: str) -> None:
    assert snake_case(text) == snake


def test_tool_name_from_operation_id_or_method_and_path() -> None:
    assert tool_name("listPets", "get", "/pets") == "list_pets"
    assert tool_name("issues/list-for-repo", "get", "/x") == "issues_list_for_repo"
    assert tool_name(None, "get", "/pets/{petId}") == "get_pets_pet_id"
    assert tool_name(None, "delete", "/") == "delete"
    assert tool_name("!!!", "post", "/a/b") == "post_a_b"


def test_unique_short_names_are_kept() -> None:
    names = assign_tool_names({"GET /pets": "list_pets", "POST /pets": "create_pet"})
    assert names == {"GET /pets": "list_pets", "POST /pets": "create_pet"}


def test_colliding_names_all_get_a_hash_of_their_key() -> None:
    names = assign_tool_names({"GET /pets": "list_pets", "POST /pets": "list_pets"})
    assert names["GET /pets"] != names["POST /pets"]
    assert all(
        n.startswith("list_pets_") and len(n) == len("list_pets_") + 8 for n in names.values()
    )


def test_names_do_not_depend_on_order_or_on_unrelated_operations() -> None:
    base = {"GET /a": "same", "GET /b": "same", "GET /c": "x" * 70, "GET /d": "plain"}
    first = assign_tool_names(base)
    reordered = assign_tool_names(dict(reversed(list(base.items()))))
    grown = assign_tool_names({**base, "GET /zzz": "another_tool"})
    assert first == reordered
    assert {k: grown[k] for k in base} == first


def test_long_names_are_cut_to_64_with_a_hash() -> None:
    long = "this_operation_identifier_is_deliberately_much_longer_than_sixty_four_chars"
    names = assign_tool_names({"GET /long": long})
    assert len(names["GET /long"]) == 64
    assert TOOL_NAME.fullmatch(names["GET /long"])
    assert names["GET /long"].startswith(long[:40])


def test_reserved_names_are_avoided() -> None:
    names = assign_tool_names(
        {"GET /continue": "petstore_continue"}, reserved={"petstore_continue"}
    )
    assert names["GET /continue"] != "petstore_continue"
    assert names["GET /continue"].startswith("petstore_continue_")


def test_every_assigned_name_is_valid_and_unique() -> None:
    ids = {f"GET /p{i}": ("dup" if i % 3 == 0 else f"tool.{i}/x") for i in range(50)}
    names = assign_tool_names(ids)
    assert len(set(names.values())) == 50
    assert all(TOOL_NAME.fullmatch(n) for n in names.values())


def test_argument_collision_rule_path_keeps_the_bare_name() -> None:
    params = [("path", "id"), ("query", "id"), ("header", "id"), ("cookie", "id"), ("body", "id")]
    assert assign_arg_names(params) == ["id", "id__query", "id__header", "id__cookie", "id__body"]


def test_argument_collision_without_path_suffixes_every_member() -> None:
    assert assign_arg_names([("query", "body"), ("body_whole", "body")]) == [
        "body__query",
        "body__body",
    ]


def test_reserved_control_arguments_are_always_renamed() -> None:
    params = [
        ("query", "fields"),
        ("body", "detail_level"),
        ("path", "response_format"),
        ("query", "other"),
    ]
    assert assign_arg_names(params) == [
        "fields__query",
        "detail_level__body",
        "response_format__path",
        "other",
    ]


def test_sanitised_duplicates_in_one_location_get_a_hash() -> None:
    names = assign_arg_names([("query", "page[size]"), ("query", "page_size")])
    assert names[0] != names[1]
    assert all(n.startswith("page_size_") for n in names)


def test_argument_names_are_valid_property_names() -> None:
    assert sanitize_arg("X-Request-Id") == "X-Request-Id"
    assert sanitize_arg("$filter") == "filter"
    assert sanitize_arg("a.b") == "a.b"
    assert re.fullmatch(r"arg_[0-9a-f]{6}", sanitize_arg("[]"))
    assert len(sanitize_arg("q" * 100)) == 64


def test_names_too_long_or_colliding_take_the_summary_then_the_path_not_a_hash() -> None:
    long_path = "/widget/{widget_id}/items/{item_id}/properties/{property_id}/history/entries"
    ids = {
        f"DELETE {long_path}": tool_name(None, "delete", long_path),  # 76 characters
        "GET /pets": "list_pets",
        "POST /pets": "list_pets",  # same operationId-derived name
        "GET /items/{id}": "get_item",
        "GET /items/{id}/x": "get_item",
    }
    summaries = {
        f"DELETE {long_path}": "Delete the history entries of a widget item's property",
        "GET /pets": "List all pets",
        "POST /pets": "Create a pet",
    }
    alternatives = {
        key: alternative_names(ids[key], summaries.get(key), *key.lower().split(" ")) for key in ids
    }
    names = assign_tool_names(ids, alternatives=alternatives)
    assert names == {
        f"DELETE {long_path}": "delete_history_entries_widget_item_property",
        "GET /pets": "get_pets",  # its summary's words are the contested list_pets: the path
        "POST /pets": "create_pet",
        "GET /items/{id}": "get_items_by_id",  # no summary: the path's nouns
        "GET /items/{id}/x": "get_items_x",
    }
    assert all(TOOL_NAME.fullmatch(n) and len(n) <= 64 for n in names.values())
    reordered = dict(reversed(list(ids.items())))
    assert assign_tool_names(reordered, alternatives=alternatives) == names


def test_a_hash_is_the_last_resort_when_every_alternative_is_taken() -> None:
    ids = {"GET /a": "same", "GET /b": "same"}
    alternatives = {"GET /a": ["other"], "GET /b": ["other"]}
    names = assign_tool_names(ids, alternatives=alternatives)
    assert names["GET /a"] != names["GET /b"]
    assert all(re.fullmatch(r"same_[0-9a-f]{8}", n) for n in names.values())


@pytest.mark.parametrize(
    ("method", "path", "name"),
    [
        (
            "delete",
            "/widget/{widget_id}/items/{item_id}/properties",
            "delete_widget_items_properties",
        ),
        ("get", "/items/{id}", "get_items_by_id"),
        ("get", "/v1/users/{user}/users/settings", "get_v1_users_settings"),
    ],
)
def test_path_names_keep_the_nouns_once_and_the_most_specific_part(
    method: str, path: str, name: str
) -> None:
    assert path_name(method, path) == name
    assert len(name) <= 64


def test_path_names_too_long_keep_the_last_segments() -> None:
    name = path_name("post", "/" + "/".join(f"segment{i}" for i in range(20)))
    assert name.startswith("post_segment1") and name.endswith("_segment19")
    assert len(name) <= 64


def test_summary_names_drop_filler_words_and_repeats() -> None:
    assert summary_name("Delete a property of an item") == "delete_property_item"
    assert summary_name("[DEPRECATED] Get the items of the item list") == "get_items_list"
    assert summary_name("Pets") == ""
    assert len(summary_name(" ".join(f"word{i}" for i in range(40)))) <= 64


def test_a_segment_without_letters_is_spelled_not_hashed() -> None:
    # ``GET /users`` and ``GET /users/~`` (the current user) are two operations: both used to
    # read ``get_users`` and both ended hash-suffixed; a punctuation segment is now spelled.
    assert tool_name(None, "GET", "/users/~") == "get_users_tilde"
    assert path_name("GET", "/users/~") == "get_users_tilde"
    assert tool_name(None, "GET", "/files/*/meta") == "get_files_asterisk_meta"
    assert tool_name(None, "GET", "/items/{id}") == "get_items_id"  # templates as before
    keys = {
        "GET /users": tool_name(None, "GET", "/users"),
        "GET /users/~": tool_name(None, "GET", "/users/~"),
    }
    assert assign_tool_names(keys) == {"GET /users": "get_users", "GET /users/~": "get_users_tilde"}
