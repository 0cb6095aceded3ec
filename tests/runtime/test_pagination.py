"""Upstream pagination at run time: the next request's arguments for each style."""

from generator.runtime.model import model_from_json
from generator.runtime.upstream.pagination import bound_page_size, next_arguments, next_link


def tool(pagination: dict | None, collection: str | None = "", params: list | None = None):
    spec = {
        "server": {"name": "t", "env_prefix": "T"},
        "tools": [
            {
                "name": "list_things",
                "input_schema": {
                    "type": "object",
                    "properties": {"page": {"type": "integer"}, "per_page": {"type": "integer"}},
                },
                "binding": {"kind": "http", "method": "GET", "path": "/things"},
                "params": params
                or [
                    {"arg": "page", "location": "query", "wire": "page"},
                    {"arg": "per_page", "location": "query", "wire": "per_page"},
                ],
                "response": {"collection_path": collection},
                "pagination": pagination,
            }
        ],
    }
    return model_from_json(spec).tools[0]


LINK = {"style": "link", "page_arg": "page", "size_arg": "per_page", "max_size": 100}


def test_a_link_header_gives_the_next_page_arguments_and_its_absence_ends() -> None:
    t = tool(LINK)
    headers = {
        "link": '<https://api.x/things?per_page=10&page=3>; rel="next", '
        '<https://api.x/things?page=9>; rel="last"'
    }
    assert next_link(headers) == "https://api.x/things?per_page=10&page=3"
    args = {"per_page": 10, "page": 2, "fields": ["id"]}
    assert next_arguments(t, args, headers, [{}] * 10) == {
        "per_page": 10,
        "page": 3,
        "fields": ["id"],
    }
    assert next_arguments(t, args, {}, [{}] * 10) is None


def test_page_size_is_bounded() -> None:
    t = tool(LINK)
    assert bound_page_size(t, {"per_page": 500}) == {"per_page": 100}
    assert bound_page_size(t, {"per_page": 5}) == {"per_page": 5}


def test_page_and_offset_styles_stop_on_a_short_page() -> None:
    t = tool({"style": "page", "page_arg": "page", "size_arg": "per_page"})
    assert next_arguments(t, {"per_page": 2}, {}, [1, 2]) == {"per_page": 2, "page": 2}
    assert next_arguments(t, {"per_page": 2, "page": 2}, {}, [1]) is None
    stripe_search = {"data": [1], "next_page": "tok_2"}
    assert next_arguments(
        tool({"style": "page", "page_arg": "page"}, "data"), {}, {}, stripe_search
    ) == {"page": "tok_2"}
    off = tool({"style": "offset", "offset_arg": "page", "size_arg": "per_page"})
    assert next_arguments(off, {"per_page": 3}, {}, [1, 2, 3]) == {"per_page": 3, "page": 3}
    assert next_arguments(off, {"per_page": 3, "page": 3}, {}, [4]) is None


def test_cursor_styles_read_the_body_or_the_last_item() -> None:
    notion = tool(
        {
            "style": "cursor",
            "cursor_arg": "page",
            "next_field": "next_cursor",
            "more_field": "has_more",
        },
        "results",
    )
    body = {"results": [{"id": "a"}], "has_more": True, "next_cursor": "c2"}
    assert next_arguments(notion, {}, {}, body) == {"page": "c2"}
    assert next_arguments(notion, {}, {}, {**body, "has_more": False}) is None
    assert next_arguments(notion, {"page": "c2"}, {}, body) is None  # same cursor: no loop
    stripe = tool(
        {
            "style": "cursor",
            "cursor_arg": "page",
            "more_field": "has_more",
            "cursor_item_field": "id",
        },
        "data",
    )
    body = {"data": [{"id": "cus_1"}, {"id": "cus_2"}], "has_more": True}
    assert next_arguments(stripe, {"per_page": 2}, {}, body) == {"per_page": 2, "page": "cus_2"}
    assert next_arguments(stripe, {}, {}, {"data": [], "has_more": True}) is None


def test_a_tool_without_pagination_never_continues_upstream() -> None:
    t = tool(None)
    assert next_arguments(t, {}, {"link": '<http://x?page=2>; rel="next"'}, []) is None


def test_page_and_offset_walks_stop_at_the_totals_the_body_states() -> None:
    """Issue 33: an answer whose metadata says 2 of 2 records was offered with more pages (no
    page size was passed, so every non-empty page looked full) and walking it made 49 more
    requests. The body's own totals end the walk."""
    page = tool({"style": "page", "page_arg": "page", "size_arg": "per_page"}, "records")
    two_of_two = {"records": [{"id": 1}, {"id": 2}], "meta": {"total": 2, "page": 1}}
    assert next_arguments(page, {}, {}, two_of_two) is None
    one_of_two = {"records": [{"id": 1}], "total_count": 2}
    assert next_arguments(page, {}, {}, one_of_two) == {"page": 2}
    assert next_arguments(page, {"page": 2}, {}, {"records": [{"id": 2}], "total_count": 2}) is None
    by_pages = {"records": [{"id": 1}] * 5, "pagination": {"totalPages": 3}}
    assert next_arguments(page, {"page": 2}, {}, by_pages) == {"page": 3}
    assert next_arguments(page, {"page": 3}, {}, by_pages) is None
    offset = tool({"style": "offset", "offset_arg": "page", "size_arg": "per_page"}, "records")
    assert next_arguments(offset, {}, {}, {"records": [1, 2], "totalResults": 2}) is None
    assert next_arguments(offset, {}, {}, {"records": [1, 2], "totalResults": 5}) == {"page": 2}


def test_page_and_offset_walks_stop_at_the_totals_the_headers_state() -> None:
    """A bare array whose response headers say how many pages or records there are (Vikunja's
    ``x-pagination-total-pages``, ``X-Total-Count``) was offered with a next page whatever
    they said (no page size was passed, so every non-empty page looked full)."""
    page = tool({"style": "page", "page_arg": "page", "size_arg": "per_page"})
    items = [{"id": 1}, {"id": 2}]
    assert next_arguments(page, {}, {"x-pagination-total-pages": "1"}, items) is None
    assert next_arguments(page, {}, {"x-pagination-total-pages": "2"}, items) == {"page": 2}
    assert next_arguments(page, {}, {"X-Total-Count": "2"}, items) is None
    assert next_arguments(page, {}, {"X-Total-Count": "9"}, items) == {"page": 2}
    # a page's own count says nothing of the total
    assert next_arguments(page, {}, {"x-pagination-result-count": "2"}, items) == {"page": 2}
    offset = tool({"style": "offset", "offset_arg": "page", "size_arg": "per_page"})
    assert next_arguments(offset, {}, {"X-Total": "2"}, items) is None
