"""Issue 33, point 4 (the thirty-first round): one resource's page keeps what a person reads
there, a list's item stays lean: an element listed on a page says when it changed and when it
was made; a page keeps the link its content is fetched at."""

from __future__ import annotations

from generator.runtime.shaping.defaults import choose_default_fields

# A check listed on the page of what it checked: its name, state and two times.
CHECK = {
    "id": "integer",
    "context": "string",
    "state": "string",
    "description": "string",
    "created_at": "string:time",
    "updated_at": "string:time",
}


def test_an_element_on_a_page_says_when_it_changed_and_when_it_was_made() -> None:
    commit_status = {"sha": "string", "state": "string", "checks": [CHECK]}
    page = set(choose_default_fields(commit_status, kind="read"))
    assert {"checks.updated_at", "checks.created_at"} <= page
    item = set(choose_default_fields(commit_status, item=True, kind="read"))
    assert not {"checks.updated_at", "checks.created_at"} & item


def test_an_element_on_a_page_keeps_one_time_of_each_sort() -> None:
    """Two times that both say when it changed (a time and its UTC twin) are one time on the
    page; a made time is not joined by another sort (a due or closing time)."""
    twin = {"Name": "string", "Status": "string", "Updated": "string:time",
            "UpdatedUtc": "string:time"}  # fmt: skip
    made = {"name": "string", "status": "string", "created_at": "string:time",
            "closed_at": "string:time"}  # fmt: skip
    page = set(choose_default_fields({"Id": "integer", "Name": "string", "Plays": [twin]},
                                     kind="read"))  # fmt: skip
    assert len({"Plays.Updated", "Plays.UpdatedUtc"} & page) == 1
    page = set(choose_default_fields({"id": "integer", "title": "string", "steps": [made]},
                                     kind="read"))  # fmt: skip
    assert not {"steps.created_at", "steps.closed_at"} <= page


FILE = {
    "name": "string",
    "path": "string",
    "sha": "string",
    "size": "integer",
    "type": "string",
    "url": "string:uri",
    "html_url": "string:uri",
    "git_url": "string:uri",
    "download_url": "string:uri",
}


def test_a_file_s_page_keeps_the_link_its_content_is_fetched_at() -> None:
    page = set(choose_default_fields(FILE, kind="read"))
    assert {"html_url", "download_url"} <= page
    assert "git_url" not in page
    item = set(choose_default_fields(FILE, item=True, kind="read"))
    assert "download_url" not in item
