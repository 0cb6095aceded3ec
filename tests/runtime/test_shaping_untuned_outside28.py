"""Descriptions nobody tuned for (issue 33, session 28): structures seen on descriptions
published in vendors' own repositories (generator/bench/data/outside-sources.md,
outside27outside), re-made as a small synthesized fixture
(``tests/fixtures/specs/untuned_outside28.yaml``). Each fails on the rules before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "untuned_outside28.yaml"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


def _link(i: int) -> dict[str, Any]:
    return {
        "selfLink": f"https://api.example.com/v3/links/ab{i}",
        "code": f"ab{i}",
        "shortUrl": f"https://s.example/ab{i}",
        "longUrl": f"https://www.example.org/articles/{i}/a-long-path",
        "dateCreated": f"2024-05-0{i}T12:00:00Z",
        "visits": {"total": 10 * i},
        "tags": ["news"],
        "title": None,
        "crawlable": False,
    }


def test_an_object_whose_type_is_a_url_keeps_its_urls(tools) -> None:
    """A schema named for a URL (``ShortUrl``) holds URLs that are what it is: a short link's
    ``shortUrl`` and the ``longUrl`` it sends to. Before, they were links among others, and
    each listed short link was its code, its date and its visits: not where it leads. The
    API's own link to the record (``selfLink``) is not one of them."""
    body = {
        "links": {"data": [_link(1), _link(2)], "pagination": {"currentPage": 1, "pagesCount": 1}}
    }
    items = shaped_json(tools["list_links"], body)["links"]["data"]
    assert [i["longUrl"] for i in items] == [_link(1)["longUrl"], _link(2)["longUrl"]]
    assert [i["shortUrl"] for i in items] == [_link(1)["shortUrl"], _link(2)["shortUrl"]]
    assert not any("selfLink" in i for i in items)
    one = shaped_json(tools["get_link"], _link(3))
    assert one["longUrl"] == _link(3)["longUrl"] and one["shortUrl"] == _link(3)["shortUrl"]


def test_a_version_comes_with_what_it_is_the_version_of(tools) -> None:
    """An object with no label whose ``version`` stands in for one (``{id, framework,
    version, ...}``) keeps the one plain string beside it that the version is of: ``1.4`` alone
    names nothing. Before, each overview was its id, ``version`` and a count."""
    rows = [
        {"id": "o1", "framework": "CIS-AWS", "version": "1.4", "passed": 3, "failed": 1,
         "total_checks": 4},
        {"id": "o2", "framework": "SOC2", "version": "2017", "passed": 5, "failed": 0,
         "total_checks": 5},
    ]  # fmt: skip
    items = shaped_json(tools["list_overviews"], {"data": rows})["data"]
    assert [(i["framework"], i["version"]) for i in items] == [("CIS-AWS", "1.4"), ("SOC2", "2017")]


def test_a_write_of_a_resource_known_by_its_name_keeps_its_label(tools) -> None:
    """A resource identified by a bare ``name`` and nothing else (``files/7``: a resource name)
    is identified by it, not called by it: a create's answer keeps the label beside it
    (``filename``). Before, the name counted as its label and the answer was ``{name}``."""
    body = {
        "name": "files/7",
        "createTime": "2024-05-01T12:00:00Z",
        "filename": "report-may.pdf",
        "type": "application/pdf",
        "size": "48213",
    }
    shaped = shaped_json(tools["create_file"], body)
    assert shaped["name"] == "files/7"
    assert shaped["filename"] == "report-may.pdf"


def test_listed_records_with_no_id_keep_the_number_they_are_known_by(tools) -> None:
    """A page's list whose records have no id of their own, only a ``number`` beside the id of
    the repository they target (``target_repo_id``: a reference), keeps each record's number
    beside its title: the next call about it takes the number. Before, the target's id was
    taken for the records' identity, and each was its title, state and time."""
    requests = [
        {"number": 41, "title": "Fix the cache", "state": "open", "target_repo_id": 9,
         "source_branch": "fix-cache", "updated": 1714560000},
        {"number": 42, "title": "Add a flag", "state": "merged", "target_repo_id": 9,
         "source_branch": "flag", "updated": 1714563600},
    ]  # fmt: skip
    body = {"name": "main", "sha": "3f2a9c1", "merge_requests": requests}
    shaped = shaped_json(tools["get_branch"], body)
    assert [r.get("number") for r in shaped["merge_requests"]] == [41, 42]
    assert [r["title"] for r in shaped["merge_requests"]] == ["Fix the cache", "Add a flag"]


def test_a_create_keeps_where_to_download_what_it_made(tools) -> None:
    """A create's answer keeps the link named for a download (``label_download: {pdf, png,
    href}``: the file the call made, a shipping label): its plain link, as it keeps a URL
    handed for an upload. Before, the label was bought and the answer said its id and
    tracking number but not where the label is. A part named so that holds more than links
    (``form_download: {href, type}``) is not one."""
    body = {
        "label_id": "se-1",
        "status": "completed",
        "tracking_number": "9400100000000000000000",
        "created_at": "2024-05-01T12:00:00Z",
        "carrier_code": "usps",
        "label_download": {
            "pdf": "https://files.example.com/se-1.pdf",
            "png": "https://files.example.com/se-1.png",
            "href": "https://files.example.com/se-1",
        },
        "form_download": {"href": "https://files.example.com/form-1", "type": "customs"},
    }
    shaped = shaped_json(tools["create_label"], body)
    assert shaped["label_download"] == {"href": "https://files.example.com/se-1"}
    assert shaped["label_id"] == "se-1"
    assert "form_download" not in shaped


def _key(deactivated: bool) -> dict[str, Any]:
    return {
        "key_id": "k1",
        "label": "ci",
        "creation_time": "2024-05-01T12:00:00Z",
        "is_deactivated": deactivated,
        "usage_limits": {"characters": 50000, "audio_minutes": 30},
    }


def test_an_update_keeps_what_its_path_says_it_set(tools) -> None:
    """An update whose path ends with what it sets (``PUT /keys/limits``, ``PUT
    /keys/deactivate``) keeps the member named so by its last word: the small object it set
    (``usage_limits``), the flag the action is done (``is_deactivated``). Before, both answers
    were the key's id and label: the call's effect was not in its answer."""
    limits = shaped_json(tools["set_key_limits"], _key(False))
    assert limits["usage_limits"] == {"characters": 50000, "audio_minutes": 30}
    assert limits["key_id"] == "k1"
    off = shaped_json(tools["deactivate_key"], _key(True))
    assert off["is_deactivated"] is True


def test_a_listed_record_keeps_the_code_its_own_address_takes(tools) -> None:
    """A list's records keep, beside their id, the member a sibling's path parameter names
    once qualified by the record's type (``customer_code`` of a customer for
    ``/customer/{code}``): the next call, to read one, takes it. Before, each listed customer
    was its id, name and e-mail, and the code to fetch it was dropped."""
    rows = [
        {"id": 7, "customer_code": "CUS_a1", "first_name": "Ada", "last_name": "Obi",
         "email": "ada@example.com", "phone": None, "createdAt": "2024-05-01T12:00:00Z"},
        {"id": 8, "customer_code": "CUS_b2", "first_name": "Bola", "last_name": "Eze",
         "email": "bola@example.com", "phone": None, "createdAt": "2024-05-02T12:00:00Z"},
    ]  # fmt: skip
    items = shaped_json(tools["list_customers"], {"status": True, "data": rows})["data"]
    assert [i["customer_code"] for i in items] == ["CUS_a1", "CUS_b2"]
    assert [i["id"] for i in items] == [7, 8]


def _grant(i: int) -> dict[str, Any]:
    return {
        "id": f"p{i}",
        "hasPassword": False,
        "expirationDateTime": None,
        "createdDateTime": f"2024-05-0{i}T12:00:00Z",
        "grantedToV2": {"user": {"id": f"u{i}", "displayName": f"Member {i}"}},
        "roles": ["viewer"],
    }


def test_a_grant_says_who_it_is_granted_to(tools) -> None:
    """A member named for whom the record was given (``grantedToV2``, ``shared_with``,
    a participle of giving before ``to`` or ``with``, a version after it) is a
    person: a listed permission keeps who has it. Before, each permission was its id alone."""
    items = shaped_json(tools["list_permissions"], {"value": [_grant(1), _grant(2)]})["value"]
    assert [i["grantedToV2"]["user"]["displayName"] for i in items] == ["Member 1", "Member 2"]


def test_a_part_named_link_keeps_its_url(tools) -> None:
    """A part named by a link word alone (``link: {type, webUrl, displayName}``) is a link: its
    URL is what it is, kept beside its name. Before, creating a sharing link answered the
    permission's id and the link's name, not the link."""
    body = {
        "id": "p9",
        "hasPassword": False,
        "createdDateTime": "2024-05-09T12:00:00Z",
        "link": {"type": "view", "preventsDownload": False,
                 "webUrl": "https://cloud.example.com/s/Xy12", "displayName": "For the team"},
        "roles": ["viewer"],
    }  # fmt: skip
    shaped = shaped_json(tools["create_link"], body)
    assert shaped["link"]["webUrl"] == "https://cloud.example.com/s/Xy12"
    assert shaped["id"] == "p9"


def test_where_one_is_invited_is_no_person() -> None:
    """``invited_to`` names where one is invited (an enterprise), not who: an invite keeps the
    person it waits on whole (``actionable_by``) beside it, as before ``granted_to`` became a
    person (a file-storage API's invites: the outside set of the twenty-eighth round)."""
    from generator.runtime.shaping.defaults import choose_default_fields
    from generator.runtime.shaping.roles.people import is_person

    assert is_person("granted_to") and not is_person("invited_to")
    org = {"id": "string", "type": "string", "name": "string"}
    user = {**org, "login": "string"}
    invite = {
        "id": "string", "type": "string", "invited_to": org, "actionable_by": user,
        "invited_by": user, "status": "string", "created_at": "string:time",
    }  # fmt: skip
    chosen = choose_default_fields(invite, kind="read")
    assert {"actionable_by.id", "actionable_by.name"} <= set(chosen), chosen
