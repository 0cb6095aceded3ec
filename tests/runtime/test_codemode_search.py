"""Code mode's search ranking on small synthesized operation tables: each case ranked the
wrong operation first before the rule it names, and the right one after."""

from __future__ import annotations

from typing import Any

from generator.runtime.codemode.search import rank
from generator.runtime.model import ServerModel, model_from_json
from tests.support.operations import op as operation


def op(name: str, method: str, path: str, description: str, **extra: Any) -> dict[str, Any]:
    """An operation whose answer says nothing (its fields are not what the ranking reads)."""
    extra.setdefault("response", {"collection_path": "", "default_fields": []})
    return operation(name, method, path, description, **extra)


def table(*tools: dict[str, Any]) -> ServerModel:
    return model_from_json(
        {
            "server": {"name": "t", "env_prefix": "T", "mode": "code", "title": "T"},
            "tools": list(tools),
        }
    )


def first(model: ServerModel, query: str) -> str:
    return rank(model, query)[0][1].name


def test_a_name_word_the_task_did_not_ask_for_costs_more_than_a_weaker_match() -> None:
    # the general listing before its narrower relatives, even when they spell the owner
    # ("in_org") in their name and the general one only in its path
    model = table(
        op("teams_list", "GET", "/orgs/{org}/teams", "Lists all teams in an organization"),
        op("teams_list_child_in_org", "GET", "/orgs/{org}/teams/{slug}/teams", "List child teams"),
        op("teams_list_members_in_org", "GET", "/orgs/{org}/teams/{slug}/members", "List members"),
        op("orgs_get", "GET", "/orgs/{org}", "Get an organization"),
        op("users_get", "GET", "/users/{user}", "Get a user"),
        op("gists_list", "GET", "/gists", "List gists"),
        op("repos_get", "GET", "/repos/{repo}", "Get a repository"),
    )
    assert first(model, "teams in an organization") == "teams_list"


def test_a_post_to_one_item_is_an_update_and_a_post_to_the_collection_a_create() -> None:
    model = table(
        op("post_subscriptions", "POST", "/subscriptions", "Creates a subscription."),
        op("post_subscriptions_id", "POST", "/subscriptions/{id}", "Updates a subscription."),
        op("get_subscriptions", "GET", "/subscriptions", "Lists subscriptions."),
        op("get_subscriptions_id", "GET", "/subscriptions/{id}", "Retrieves a subscription."),
        op("post_prices", "POST", "/prices", "Creates a price."),
    )
    assert first(model, "change a subscription") == "post_subscriptions_id"
    assert first(model, "make a new subscription") == "post_subscriptions"


def test_a_phrasal_verb_means_its_one_verb() -> None:
    labels = "/issues/{number}/labels"
    model = table(
        op("issues_add_labels", "POST", labels, "Add labels to an issue"),
        op("issues_remove_label", "DELETE", labels + "/{name}", "Remove a label from an issue"),
        op("issues_list_labels", "GET", labels, "List labels on an issue"),
        op("issues_create_label", "POST", "/labels", "Create a label"),
        op("hooks_list", "GET", "/hooks", "List hooks"),
        op("hooks_disable", "POST", "/hooks/{id}/disable", "Disable a hook"),
        op("hooks_update", "PATCH", "/hooks/{id}", "Update a hook"),
    )
    assert first(model, "take a label off an issue") == "issues_remove_label"
    assert first(model, "turn off a hook") == "hooks_disable"


def test_a_deprecated_operation_comes_after_its_replacement() -> None:
    model = table(
        op("teams_get_legacy", "GET", "/teams/{id}", "Deprecated. Get a team (legacy)"),
        op("teams_get_by_name", "GET", "/orgs/{org}/teams/{slug}", "Get a team by name"),
        op("orgs_get", "GET", "/orgs/{org}", "Get an organization"),
    )
    assert first(model, "get a team") == "teams_get_by_name"


def test_the_first_sentence_of_a_description_says_more_than_the_rest() -> None:
    model = table(
        op(
            "post_charges_charge_mark",
            "POST",
            "/charges/{charge}/mark",
            "Marks a charge. A " "refunded charge cannot be marked.",
        ),
        op("post_charges_charge_undo", "POST", "/charges/{charge}/undo", "Refunds a charge."),
        op("get_charges", "GET", "/charges", "Lists charges."),
        op("get_payouts", "GET", "/payouts", "Lists payouts."),
    )
    assert first(model, "refund a charge") == "post_charges_charge_undo"


def test_the_first_person_is_the_signed_in_user() -> None:
    model = table(
        op(
            "users_list_following_for_user",
            "GET",
            "/users/{user}/following",
            "List who a user follows",
        ),
        op(
            "users_list_followed_by_authenticated_user",
            "GET",
            "/user/following",
            "List who the authenticated user follows",
        ),
        op("users_follow", "PUT", "/user/following/{user}", "Follow a user"),
        op("gists_list", "GET", "/gists", "List gists"),
    )
    assert first(model, "who am I following") == "users_list_followed_by_authenticated_user"
    assert first(model, "accounts I follow") == "users_list_followed_by_authenticated_user"


def test_one_asks_for_an_operation_on_one_item() -> None:
    model = table(
        op("pulls_list", "GET", "/pulls", "List pull requests"),
        op("pulls_get", "GET", "/pulls/{number}", "Get a pull request"),
        op("pulls_create", "POST", "/pulls", "Create a pull request"),
        op("events_list", "GET", "/events", "List events"),
        op("events_get", "GET", "/events/{id}", "Retrieve an event"),
    )
    assert first(model, "show one pull request") == "pulls_get"
    assert first(model, "details of an event") == "events_get"
    assert first(model, "show pull requests") == "pulls_list"


def test_archiving_is_an_update() -> None:
    model = table(
        op("get_products", "GET", "/products", "List products"),
        op("post_products", "POST", "/products", "Create a product"),
        op("post_products_id", "POST", "/products/{id}", "Update a product"),
        op("get_products_id", "GET", "/products/{id}", "Retrieve a product"),
        op("delete_products_id", "DELETE", "/products/{id}", "Delete a product"),
        op("get_prices", "GET", "/prices", "List prices"),
        op("get_events", "GET", "/events", "List events"),
        op("get_payouts", "GET", "/payouts", "List payouts"),
    )
    assert first(model, "archive a product") == "post_products_id"


def test_detail_nouns_ask_for_one_item_and_are_not_words_to_look_for() -> None:
    model = table(
        op("orgs_get", "GET", "/orgs/{org}", "Get an organization"),
        op("orgs_list", "GET", "/organizations", "List organizations"),
        op(
            "scim_get_information",
            "GET",
            "/scim/organizations/{org}/users/{id}",
            "Get the provisioning information of a user in an organization",
        ),
        op("gists_list", "GET", "/gists", "List gists"),
    )
    assert first(model, "information about an organization") == "orgs_get"


def test_a_compound_word_is_not_an_abbreviation_of_its_first_part() -> None:
    # "username" is "user" + "name", both words of the API: it does not match "user"
    model = table(
        op(
            "users_get_authenticated",
            "GET",
            "/user",
            "Get the authenticated user. Shows the profile of the signed-in user.",
        ),
        op("users_get_by_username", "GET", "/users/{username}", "Get a user."),
        op("users_list", "GET", "/users", "List users"),
        op("repos_get", "GET", "/repos/{name}", "Get a repository by its name"),
        op("gists_list", "GET", "/gists", "List gists"),
    )
    assert first(model, "profile of a user by username") == "users_get_by_username"


def test_a_query_method_reads_as_a_get_does() -> None:
    # OpenAPI 3.2's QUERY: a read that carries its filter as a body; a task that asks to
    # find records means it, not the create beside it
    model = table(
        op("create_record", "POST", "/records", "Creates a record."),
        op("search_records", "QUERY", "/records", "Records matching a filter."),
    )
    assert first(model, "find records") == "search_records"
