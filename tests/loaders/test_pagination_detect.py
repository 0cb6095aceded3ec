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


def _paged_reads(tmp_path: Path) -> dict[str, PaginationSpec | None]:
    """A list and a read by id that share ``page`` and ``limit`` arguments (a description
    copying its list's parameters onto the read of one object: Audiobookshelf's series)."""
    import json

    paging = [
        {"name": "page", "in": "query", "schema": {"type": "integer"}},
        {"name": "limit", "in": "query", "schema": {"type": "integer"}},
    ]
    series = {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "progress": {
                "type": "object",
                "properties": {"itemIds": {"type": "array", "items": {"type": "string"}}},
            },
        },
    }

    def ok(schema: dict) -> dict:
        return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}

    doc = {
        "openapi": "3.0.0",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/series": {
                "get": {
                    "operationId": "listSeries",
                    "parameters": paging,
                    "responses": ok({"type": "array", "items": series}),
                }
            },
            "/series/{id}": {
                "get": {
                    "operationId": "getSeries",
                    "parameters": [
                        {
                            "name": "id",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string"},
                        },
                        *paging,
                    ],
                    "responses": ok(series),
                }
            },
            "/shelves/{id}": {
                "get": {
                    "operationId": "getShelf",
                    "parameters": [
                        {
                            "name": "id",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string"},
                        },
                        *paging,
                    ],
                    "responses": ok(
                        {
                            "type": "object",
                            "properties": {"books": {"type": "array", "items": series}},
                        }
                    ),
                }
            },
        },
    }
    path = tmp_path / "series.json"
    path.write_text(json.dumps(doc))
    spec, _ = load_openapi(path, name="se")
    return {op.tool_name: op.pagination for op in spec.operations}


def test_page_arguments_on_a_read_of_one_object_with_no_list_do_not_page_it(tmp_path) -> None:
    ops = _paged_reads(tmp_path)
    assert ops["list_series"] == PaginationSpec("page", size_arg="limit", page_arg="page")
    assert ops["get_series"] is None  # one series: no list to page, no paging note
    # one object holding a list: the list may be what the arguments page
    assert ops["get_shelf"] == PaginationSpec("page", size_arg="limit", page_arg="page")
