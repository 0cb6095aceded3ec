"""Write answers (issue 33, session 30): what a create keeps of its links. Structures re-made
as a small synthesized fixture (``tests/fixtures/specs/writes30.yaml``); each test failed on
the rules before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "writes30.yaml"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


def test_a_link_to_a_list_of_downloads_is_not_a_download_the_create_made(tools) -> None:
    """A create's answer keeps the link named for a download (``download_url``: the file the
    call made); a link named for the plural (``downloads_url``) is the address of the
    record's list of downloads, one API link among its others (``releases_url``), which
    the agent does not need after the write. Before, the created project's answer kept it
    beside its id, name and page."""
    project = {
        "id": 7,
        "full_name": "acme/rocket",
        "html_url": "https://example.com/acme/rocket",
        "downloads_url": "https://api.example.com/repos/acme/rocket/downloads",
        "releases_url": "https://api.example.com/repos/acme/rocket/releases{/id}",
        "created_at": "2024-05-01T12:00:00Z",
    }
    shaped = shaped_json(tools["create_project"], project)
    assert shaped["id"] == 7 and shaped["full_name"] == "acme/rocket"
    assert "downloads_url" not in shaped
    export = {
        "id": 9,
        "name": "May report",
        "download_url": "https://files.example.com/exports/9.csv",
        "created_at": "2024-05-01T12:00:00Z",
    }
    made = shaped_json(tools["create_export"], export)
    assert made["download_url"] == "https://files.example.com/exports/9.csv"
