"""Reads answer leaner without losing what they hold (issue 33, reads27): a list's wrapper
leaves out which page it is and how big its pages are, and one resource's page does not give
its facts' slots to pictures held by their hash. Synthesized structures, no vendor's text;
each test fails on the rules before it."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.decision import DefaultsContext
from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape


def _items(n: int) -> list[dict[str, Any]]:
    return [
        {"id": 100 + i, "title": f"Show {i}", "start": "2024-05-01T12:00:00Z"} for i in range(n)
    ]


def _answer(value: Any, config: ShapeConfig) -> Any:
    result = shape(value, config)
    assert len(result.chunks) == 1
    return json.loads(result.chunks[0])


def test_a_lists_wrapper_leaves_out_which_page_it_is_and_its_size_not_its_totals() -> None:
    """A page's position and size the request names otherwise (``page``, ``count``), answered
    as ``_meta: {currentPage, perPage}`` or ``pageInfo: {resultsPerPage}``: the caller asked
    for that page; what says how many there are in all and the cursors stay."""
    body = {
        "_meta": {"currentPage": 2, "pageCount": 5, "perPage": 20, "totalCount": 97},
        "pageInfo": {"resultsPerPage": 20, "totalResults": 97},
        "page": {"number": 2, "size": 20, "totalElements": 97, "totalPages": 5},
        "startIndex": 21,
        "nextPageToken": "t3",
        "previous_page_number": 1,
        "items": _items(3),
    }
    asked = ("page", "count")
    config = ShapeConfig(collection_path="items", context=DefaultsContext(asked=asked))
    out = _answer(body, config)
    assert out["_meta"] == {"pageCount": 5, "totalCount": 97}
    assert out["pageInfo"] == {"totalResults": 97}
    # a page part is no resource beside the list: its totals stay (it was reduced to its
    # ``number``, read as a natural key), its size goes
    assert out["page"] == {"number": 2, "totalElements": 97, "totalPages": 5}
    assert "startIndex" not in out
    assert out["nextPageToken"] == "t3" and out["previous_page_number"] == 1
    assert len(out["items"]) == 3 and all("id" in i and "title" in i for i in out["items"])


def test_a_quota_or_a_lone_limit_is_no_pages_position() -> None:
    """The caller's allowance (``rate: {limit, remaining}``) is not the page's, and a ``limit``
    the request does not send stays (an echo only when it is sent: ``echoed``)."""
    body = {"rate": {"limit": 2500, "remaining": 2499}, "limit": 50, "results": _items(2)}
    out = _answer(body, ShapeConfig(collection_path="results"))
    assert out["rate"] == {"limit": 2500, "remaining": 2499}
    assert out["limit"] == 50
    # a wrapper named and identified as an object is what its list belongs to: a layout's page
    # keeps where it stands among the layout's pages
    body = {"id": "p1", "name": "Front", "page_index": 2, "cells": [{"object_id": "o1"}]}
    out = _answer(body, ShapeConfig(collection_path="cells"))
    assert out["page_index"] == 2


def test_one_resources_facts_are_no_pictures_held_by_their_hash() -> None:
    """A server's page: its one picture (``icon``) is shown by the picture rule; its banner and
    splash image hashes took two of the facts' slots before its tier."""
    server = {
        "id": "string",
        "name": "string",
        "icon": "string",
        "splash": "string",
        "banner": "string",
        "region": "string",
        "tier": "integer",
        "verification": "integer",
        "nsfw": "boolean",
        "description": "string",
    }
    page = set(choose_default_fields(server, kind="read"))
    assert "icon" in page
    assert not {"splash", "banner"} & page
    assert {"region", "tier", "verification"} <= page
