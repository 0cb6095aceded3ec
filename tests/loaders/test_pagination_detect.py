"""Pagination styles detected on the real GitHub, Stripe and Notion specs of the corpus."""

from pathlib import Path

import pytest

from generator.ir import PaginationSpec
from generator.loaders.openapi import load_openapi
from tests.support.paths import GITHUB_REST, NOTION, OPENAPI


@pytest.fixture(scope="module")
def github():
    spec, _ = load_openapi(GITHUB_REST, name="gh")
    return {op.tool_name: op for op in spec.operations}


@pytest.fixture(scope="module")
def notion():
    spec, _ = load_openapi(NOTION, name="no")
    return {op.tool_name: op for op in spec.operations}


def test_github_lists_page_with_link_headers_and_a_bounded_per_page(github) -> None:
    assert github["issues_list_for_repo"].pagination == PaginationSpec(
        "link", size_arg="per_page", max_size=100, page_arg="page"
    )
    assert github["repos_get"].pagination is None
    assert github["issues_create"].pagination is None


def test_notion_cursor_lists_use_start_cursor_and_next_cursor(notion) -> None:
    users = notion["get_users"].pagination
    assert users is not None and users.style == "cursor"
    assert (users.cursor_arg, users.next_field, users.more_field, users.size_arg) == (
        "start_cursor",
        "next_cursor",
        "has_more",
        "page_size",
    )
    assert notion["post_search"].pagination.cursor_arg == "start_cursor"  # a POST body cursor
    assert notion["retrieve_a_block"].pagination is None


def test_stripe_lists_use_starting_after_with_the_last_item_id() -> None:
    spec, _ = load_openapi(OPENAPI / "stripe.spec3.yaml", name="st")
    ops = {op.tool_name: op for op in spec.operations}
    customers = ops["get_customers"].pagination
    assert customers == PaginationSpec(
        "cursor",
        size_arg="limit",
        max_size=100,
        cursor_arg="starting_after",
        more_field="has_more",
        cursor_item_field="id",
    )
    search = ops["get_customers_search"].pagination
    assert search is not None and search.style == "page"  # next_page token
    assert ops["get_customers_customer"].pagination is None


def test_paging_signs_in_a_list_wrapper_choose_the_style() -> None:
    spec, _ = load_openapi(Path(__file__).parent / "fixtures" / "paging_signs.yaml", name="ps")
    ops = {op.tool_name: op.pagination for op in spec.operations}
    assert ops["list_assistants"] == PaginationSpec(
        "cursor", size_arg="limit", cursor_arg="after", next_field="last_id", more_field="has_more"
    )
    assert ops["list_events"] == PaginationSpec(
        "cursor", cursor_arg="offset", next_field="next_page.offset"
    )
    assert ops["list_odata"] == PaginationSpec("link", next_link_field="@odata.nextLink")
    assert ops["list_queues"] == PaginationSpec(
        "cursor", cursor_arg="Marker", next_field="NextMarker", more_field="IsTruncated"
    )
    assert ops["list_pages"] == PaginationSpec("link", next_link_field="links.next")
