"""Single resources get room, lists stay lean, writes answer what the caller needs next (issue
33, item 4). Synthesized structures, no vendor's text; each test fails on the rules before
``pages.py`` and ``containers.py``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.runtime.shaping.decision import DefaultsContext, decide, decide_fields
from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from tests.support.loading import load_decided, shaped_json, tools_by_name

FIXTURES = Path(__file__).parents[1] / "fixtures" / "decision"

PERSON = {"login": "string", "id": "integer", "avatar_url": "string:uri", "url": "string:uri"}
BRANCH = {"label": "string", "ref": "string", "sha": "string", "user": PERSON}
# A change request as a code host describes it: its own times (opened, updated, closed,
# merged), the people on it (who opened it, who merged it, who is asked to review) and its
# figures (lines added and removed, files changed).
CHANGE = {
    "id": "integer",
    "number": "integer",
    "title": "string",
    "state": "string",
    "body": "string",
    "html_url": "string:uri",
    "user": PERSON,
    "merged_by": PERSON,
    "requested_reviewers": [PERSON],
    "assignees": [PERSON],
    "labels": [{"id": "integer", "name": "string", "color": "string"}],
    "milestone": {"id": "integer", "title": "string", "state": "string"},
    "head": BRANCH,
    "base": BRANCH,
    "created_at": "string:time",
    "updated_at": "string:time",
    "closed_at": "string:time",
    "merged_at": "string:time",
    "draft": "boolean",
    "merged": "boolean",
    "comments": "integer",
    "commits": "integer",
    "additions": "integer",
    "deletions": "integer",
    "changed_files": "integer",
}


def test_one_resource_a_read_answers_keeps_its_page() -> None:
    page = set(choose_default_fields(CHANGE, kind="read"))
    # every time that says what happened to it, not only when it changed and was made
    assert {"created_at", "updated_at", "closed_at", "merged_at"} <= page
    # everyone on it, by handle
    assert {"user.login", "merged_by.login", "requested_reviewers.login"} <= page
    # its figures
    assert {"additions", "deletions", "changed_files"} <= page
    assert "milestone.title" in page


def test_a_person_on_a_page_keeps_its_id_beside_its_handle() -> None:
    page = set(choose_default_fields(CHANGE, kind="read"))
    # the id is what a call about them takes; the handle says who they are
    assert {"user.login", "user.id", "merged_by.id", "requested_reviewers.id"} <= page
    assert not {"user.avatar_url", "user.url"} & page
    write = set(choose_default_fields(CHANGE, kind="update"))
    assert "user.id" not in write  # a write's receipt: who, by one handle


def test_a_person_on_a_list_item_keeps_its_id_beside_its_handle() -> None:
    """Hand-written servers show who with the id a call about them takes in their lists too
    (a code host's comments, reviews, commits and runs: ``user: {login, id}``; a chat's
    messages: ``author: {id, username}``), not the person's links or picture (issue 33: before,
    a list's item kept the handle alone and the id was lost)."""
    item = set(choose_default_fields(CHANGE, item=True, kind="read"))
    assert {"user.login", "user.id"} <= item
    assert not {"user.avatar_url", "user.url"} & item
    message = {
        "id": "string",
        "content": "string",
        "timestamp": "string:time",
        "author": {"id": "string", "username": "string", "avatar": "string", "bot": "boolean"},
    }
    listed = set(choose_default_fields(message, item=True, kind="search"))
    assert {"author.username", "author.id"} <= listed and "author.avatar" not in listed
    # a write's records stay receipts: who, by one handle
    assert "author.id" not in choose_default_fields(message, item=True, kind="create")


def test_a_list_item_of_the_same_schema_stays_lean() -> None:
    item = choose_default_fields(CHANGE, item=True, kind="read")
    page = choose_default_fields(CHANGE, kind="read")
    assert len(item) < len(page) / 2
    assert "merged_at" not in item and "additions" not in item


def test_a_get_of_one_object_answered_in_a_list_wrapper_keeps_its_page() -> None:
    spec, _ = load_decided(FIXTURES / "one_in_a_list.yaml")
    ops = {op.id: op for op in spec.operations}
    one, many = ops["getWidget"].response, ops["getWidgets"].response
    assert one.collection_path == many.collection_path == "Widgets"
    assert one.context.one and not many.context.one
    assert {"DueDate", "ShippedDate", "ClosedDate"} <= set(one.default_fields)
    assert not {"ShippedDate", "ClosedDate"} & set(many.default_fields)
    # the server reading the defaults again from a response decides the same way
    context = DefaultsContext.from_json(one.context.to_json())
    assert context.one
    again = decide_fields(one.field_tree, context, kind="read", item=True)
    assert again == one.default_fields


def test_a_list_found_by_a_filter_in_its_path_stays_a_list_of_lean_items() -> None:
    """``/WidgetsByDate/{date}`` ends with a parameter but answers a list whose items that
    parameter does not name (their identity is ``WidgetID``): each item stays lean, not a page
    (before, every item of such a list kept a page)."""
    spec, _ = load_decided(FIXTURES / "one_in_a_list.yaml")
    ops = {op.id: op for op in spec.operations}
    by_date = ops["getWidgetsByDate"].response
    assert by_date.collection_path == ""
    assert not by_date.context.one
    assert not {"ShippedDate", "ClosedDate"} & set(by_date.default_fields)
    assert len(by_date.default_fields) < len(ops["getWidget"].response.default_fields)


def test_the_one_flag_is_for_reads_only() -> None:
    tree = CHANGE
    context = DefaultsContext(one=True)
    read = decide(tree, context, kind="read", item=True).default_fields
    listed = decide(tree, DefaultsContext(), kind="read", item=True).default_fields
    assert len(read) > len(listed)
    update = decide(tree, context, kind="update", item=True).default_fields
    assert update == decide(tree, DefaultsContext(), kind="update", item=True).default_fields


def _artist(i: int) -> dict:
    return {
        "id": f"ar{i}",
        "name": f"Artist {i}",
        "href": f"https://api.example.com/artists/ar{i}",
        "popularity": 40 + i,
        "genres": ["folk"],
        "images": [{"url": "https://img.example.com/a.jpg", "height": 64, "width": 64}],
    }


def _album(i: int) -> dict:
    return {
        "id": f"al{i}",
        "name": f"Album {i}",
        "release_date": "2020-01-01",
        "total_tracks": 10,
        "href": f"https://api.example.com/albums/al{i}",
        "artists": [{"id": "ar1", "name": "Artist 1"}],
        "available_markets": ["US", "GB", "DE"],
    }


def _page(items: list[dict]) -> dict:
    return {"href": "https://api.example.com/search", "limit": 2, "offset": 0, "total": 90,
            "next": "https://api.example.com/search?offset=2", "items": items}  # fmt: skip


def test_a_search_across_kinds_keeps_each_hit_not_only_its_name() -> None:
    """A search answering a page of hits per kind (``{artists: {items}, albums: {items}}``):
    a container, not one resource with lists inside; each hit keeps what a list's item keeps,
    its identity first (the next call takes it)."""
    body = {"artists": _page([_artist(1), _artist(2)]), "albums": _page([_album(1), _album(2)])}
    out = json.loads(shape(body, ShapeConfig(kind="search")).chunks[0])
    for kind in ("artists", "albums"):
        for hit in out[kind]["items"]:
            assert set(hit) > {"name"} and "id" in hit, hit
    assert out["albums"]["items"][0]["release_date"] == "2020-01-01"


def test_lists_inside_one_resource_stay_reduced() -> None:
    """The same lists inside an object with an identity of its own stay its parts, each by its
    label and its own id (and on the page, its date: ``list_steps.page_extras``), not
    whole hits."""
    album = {k: "string" for k in _album(1)}
    chosen = choose_default_fields({"id": "string", "name": "string", "albums": [album]})
    assert {"albums.name", "albums.id"} <= set(chosen)
    assert not {"albums.href", "albums.artists.name", "albums.available_markets"} & set(chosen)


MESSAGE = {
    "id": "string",
    "channel_id": "string",
    "content": "string",
    "timestamp": "string:time",
    "edited_timestamp": "string:time",
    "author": {"id": "string", "name": "string", "email": "string:email"},
    "mentions": [{"id": "string", "username": "string"}],
    "mention_roles": ["string"],
    "pinned": "boolean",
    "type": "integer",
}


def test_a_write_answers_what_the_caller_needs_next_not_what_it_sent() -> None:
    """A create answers with its identity and what recognises it; the text the caller sent is
    a short preview at most, not the caller (its author: ``test_shaping_lean_writes``), no
    time of another kind."""
    chosen = choose_default_fields(MESSAGE, kind="create")
    assert chosen[0] == "id"
    assert not any(p.startswith("author") for p in chosen)
    assert "author.id" in choose_default_fields(MESSAGE, kind="read")
    assert "edited_timestamp" not in chosen


def test_a_lean_write_still_keeps_an_object_s_label_and_its_minted_secret() -> None:
    """Leaner writes break no invariant: a reaction said by who made it keeps that person's
    handle (its label; a bare ``user`` is not taken for the caller); a key a create minted is
    still in its answer, and a read of the same object leaves the secret out."""
    reaction = {
        "id": 1,
        "user": {"login": "octo", "id": 1, "url": "https://api.example.com/users/octo"},
        "content": "heart",
        "created_at": "2024-01-01T00:00:00Z",
    }
    shaped = shape(reaction, ShapeConfig(kind="create"))
    assert not shaped.violations and not shaped.notes
    assert json.loads(shaped.chunks[0])["user"] == {"login": "octo"}
    key = {
        "id": "string",
        "name": "string",
        "created_at": "string:time",
        "expires_at": "string:time",
        "scopes": ["string"],
        "token": "string",
        "owner": {"id": "string", "name": "string", "email": "string:email"},
    }
    assert "token" in choose_default_fields(key, kind="create")
    assert "token" not in choose_default_fields(key, kind="read")


LONG = "A sentence about what this link is for, long enough to be cut. " * 5


def test_the_texts_of_a_resource_s_listed_parts_are_previews() -> None:
    """One resource a read answers with keeps its own text (to ``max_chars``), but each element
    of a list inside it (its links, each with a description) shows its text as a list's items
    do, a short preview ending with the ellipsis alone, as a listed item's does (before, each
    element's text was kept whole, then ended ``… [N more chars]``: a count said on every
    element helps no one pick one); an operator's own marker stays as configured."""
    body = {
        "id": "t1",
        "title": "A task",
        "notes": LONG,
        "links": [
            {"key": f"k{i}", "kind": "item", "description": LONG, "url": f"https://x.test/{i}"}
            for i in range(3)
        ],
    }
    config = ShapeConfig(kind="read", max_chars=1000)
    out = json.loads(shape(body, config).chunks[0])
    assert out["notes"] == LONG  # its own text, whole
    assert len(out["links"]) == 3
    for link in out["links"]:
        assert link["description"].startswith(LONG[:40])
        assert len(link["description"]) <= 81 and link["description"].endswith("…")
        assert "more chars" not in link["description"]
    own = ShapeConfig(kind="read", max_chars=1000, truncation_marker=" [cut {cut}]")
    out = json.loads(shape(body, own).chunks[0])
    assert all("[cut " in link["description"] for link in out["links"])


# What a person reads on one resource's page (issue 33, item 4: the practitioners' yardstick):
# the keys a related object is known by, a state's category, the thing's own dates, its second
# name, the facts no role took. A list's item of the same schema stays as lean as it was.


def test_a_page_says_a_related_object_s_keys_beside_its_label() -> None:
    page = set(choose_default_fields(CHANGE, kind="read"))
    # a branch: the label it was reduced to, and the ref and commit a next call takes
    assert {"head.label", "head.ref", "head.sha", "base.ref", "base.sha"} <= page
    item = set(choose_default_fields(CHANGE, item=True, kind="read"))
    assert not {"head.sha", "base.sha"} & item


TEAM = {"id": "string", "name": "string", "key": "string"}
WORK_ITEM = {
    "id": "string",
    "title": "string",
    "state": {"id": "string", "name": "string", "type": "string", "color": "string"},
    "team": TEAM,
    "cycle": {"id": "string", "name": "string"},
    "project": {"id": "string", "name": "string"},
    "milestone": {"id": "string", "name": "string"},
    "release": {"id": "string", "title": "string"},
    "template": {"id": "string", "name": "string"},
    "added_to_cycle_at": "string:date-time",
    "added_to_project_at": "string:date-time",
    "added_to_team_at": "string:date-time",
    "auto_archived_at": "string:date-time",
    "auto_closed_at": "string:date-time",
    "snoozed_until_at": "string:date-time",
    "due_date": "string:date",
    "created_at": "string:date-time",
    "updated_at": "string:date-time",
}


def test_a_page_says_its_state_s_category_and_id_beside_its_name() -> None:
    page = set(choose_default_fields(WORK_ITEM, kind="read"))
    assert {"state.name", "state.type", "state.id"} <= page
    assert "state.color" not in page
    item = choose_default_fields(WORK_ITEM, item=True, kind="read")
    assert "state.type" not in item


def test_a_page_takes_six_relations_each_with_its_key() -> None:
    page = set(choose_default_fields(WORK_ITEM, kind="read"))
    relations = {"team", "cycle", "project", "milestone", "release", "template"}
    assert relations <= {p.split(".", 1)[0] for p in page}
    assert {"team.name", "team.id", "team.key"} <= page


def test_a_page_s_own_dates_come_before_dates_qualified_by_something_else() -> None:
    page = choose_default_fields(WORK_ITEM, kind="read")
    assert "due_date" in page
    assert not {"auto_closed_at", "snoozed_until_at"} & set(page)


def test_a_page_keeps_a_second_name_but_not_one_restated_in_another_notation() -> None:
    profile = {
        "display_name": "string",
        "display_name_normalized": "string",
        "real_name": "string",
        "real_name_normalized": "string",
        "email": "string:email",
        "team": "string",
    }
    page = set(choose_default_fields(profile, kind="read"))
    assert {"display_name", "real_name"} <= page
    assert not {"display_name_normalized", "real_name_normalized"} & page


ACCOUNT = {
    "login": "string",
    "id": "integer",
    "avatar_url": "string:uri",
    "html_url": "string:uri",
    "followers_url": "string:uri",
    "name": "string",
    "company": "string",
    "location": "string",
    "bio": "string",
    "followers": "integer",
    "following": "integer",
    "public_repos": "integer",
    "created_at": "string:date-time",
    "updated_at": "string:date-time",
}


def test_a_page_keeps_the_one_word_facts_no_role_took() -> None:
    page = set(choose_default_fields(ACCOUNT, kind="read"))
    assert {"company", "location", "following"} <= page
    assert "followers_url" not in page  # links stay out (its own picture: the next test)
    item = set(choose_default_fields(ACCOUNT, item=True, kind="read"))
    assert not {"company", "location"} & item
    assert not {"company", "location"} & set(choose_default_fields(ACCOUNT, kind="update"))


def test_a_page_with_no_date_of_its_own_is_dated_by_its_signature() -> None:
    signature = {"name": "string", "email": "string:email", "date": "string:date-time"}
    commit = {
        "sha": "string",
        "html_url": "string:uri",
        "commit": {"message": "string", "author": signature, "committer": signature},
        "author": PERSON,
        "committer": PERSON,
        "stats": {"additions": "integer", "deletions": "integer", "total": "integer"},
    }
    page = set(choose_default_fields(commit, kind="read"))
    assert {"commit.author.date", "commit.author.name"} <= page


STATUS = {"id": "integer", "state": "string", "description": "string", "context": "string",
          "target_url": "string:uri", "created_at": "string:time", "updated_at": "string:time"}  # fmt: skip
CHANGED_FILE = {"sha": "string", "filename": "string", "status": "string", "additions": "integer",
                "deletions": "integer", "changes": "integer", "blob_url": "string:uri",
                "patch": "string"}  # fmt: skip


def test_a_page_shows_each_listed_part_s_figures_and_date_a_list_s_item_does_not() -> None:
    """On one resource's page, an element of a list inside it says, beside its name and state,
    its figures and when it was made or changed: a commit's changed files with the lines added
    and removed, a combined status's statuses with their time (before, only the name and
    state; an element named by an opaque id, by three of its own defaults). A list's item of
    the same schema stays lean."""
    commit = {"sha": "string", "message": "string", "files": [CHANGED_FILE], "statuses": [STATUS]}
    page = set(choose_default_fields(commit, kind="read"))
    assert {"files.filename", "files.additions", "files.deletions"} <= page
    assert "files.patch" not in page and "files.blob_url" not in page
    dated = {"statuses.created_at", "statuses.updated_at"}
    assert "statuses.state" in page and dated & page
    item = set(choose_default_fields(commit, item=True, kind="read"))
    assert not {"files.additions", "files.deletions"} & item
    assert not dated & item


def test_a_page_s_listed_part_dated_there_says_who_beside_when() -> None:
    """A release's page shows each asset's time: it came without the asset's uploader, and
    the judge read a person reduced to a time. The time comes with who, by handle."""
    user = {"login": "string", "id": "integer", "avatar_url": "string:uri", "site_admin": "boolean"}
    asset = {
        "id": "integer",
        "name": "string",
        "state": "string",
        "size": "integer",
        "download_count": "integer",
        "updated_at": "string:time",
        "uploader": user,
    }
    release = {"id": "integer", "tag_name": "string", "name": "string", "assets": [asset]}
    page = set(choose_default_fields(release, kind="read"))
    assert "assets.updated_at" in page
    assert "assets.uploader.login" in page
    assert "assets.uploader.avatar_url" not in page


def test_a_singleton_nothing_names_keeps_its_few_settings() -> None:
    """A read of one settings object (no identity, no label: Saleor's gift card settings)
    kept its enum and dropped the period beside it; the write of it kept the period (read
    as an envelope around it) and dropped the enum. At most six settings in all, its own or
    those of parts nothing names, are now all kept, on a read and on a write alike."""
    settings = {"expiryType": "string", "expiryPeriod": {"amount": "integer", "type": "string"}}
    kept = ("expiryType", "expiryPeriod.amount", "expiryPeriod.type")
    assert choose_default_fields(settings, kind="read") == kept
    payload = {"giftCardSettings": settings, "errors": [{"field": "string", "message": "string"}]}
    context = DefaultsContext(graphql=True)
    chosen = decide(payload, context, kind="update", item=False).default_fields
    assert chosen[:3] == tuple(f"giftCardSettings.{p}" for p in kept)
    # a list's item, a named object, or more settings: the usual rules
    assert choose_default_fields(settings, kind="read", item=True) != kept
    named = {"name": "string", **settings}
    assert "expiryPeriod.amount" not in choose_default_fields(named, kind="read")


# A person as a code host describes it: its handle, id, its own web page, its API link and
# picture.
LINKED = {**PERSON, "html_url": "string:uri"}


def test_a_person_on_a_page_keeps_its_own_page_a_list_item_does_not() -> None:
    """A page shows each name on it as a link to that person's page (issue 33: hand-written
    servers keep ``user.html_url`` on one issue, pull request, commit or run); a list's item
    stays lean and a write's receipt says who by one handle. Not the API link nor the
    picture."""
    change = {**CHANGE, "user": LINKED, "merged_by": LINKED, "requested_reviewers": [LINKED]}
    page = set(choose_default_fields(change, kind="read"))
    assert {"user.html_url", "merged_by.html_url", "requested_reviewers.html_url"} <= page
    assert not {"user.url", "user.avatar_url"} & page
    item = set(choose_default_fields(change, item=True, kind="read"))
    assert {"user.login", "user.id"} <= item and "user.html_url" not in item
    assert "user.html_url" not in choose_default_fields(change, kind="update")


# A commit as a code host describes it: its sha, its git data (message, and who wrote and who
# committed it, each a signature with its date) and the accounts of those people.
SIGNATURE = {"name": "string", "email": "string", "date": "string:time"}
COMMIT = {
    "sha": "string",
    "html_url": "string:uri",
    "commit": {"message": "string", "author": SIGNATURE, "committer": SIGNATURE},
    "author": LINKED,
    "committer": LINKED,
    "parents": [{"sha": "string", "url": "string:uri"}],
}


def test_a_page_dated_through_its_parts_keeps_each_signature() -> None:
    """A commit read by its sha has no date of its own: its page is dated by who wrote it and
    who committed it, each signature whole (git's ``Name <email>`` and when); a list's item is
    dated by one of them, by name (before, the page kept the author's date and name only)."""
    page = set(choose_default_fields(COMMIT, kind="read"))
    for who in ("author", "committer"):
        assert {f"commit.{who}.name", f"commit.{who}.email", f"commit.{who}.date"} <= page
    item = set(choose_default_fields(COMMIT, item=True, kind="read"))
    assert {"commit.author.date", "commit.author.name"} <= item
    assert not {"commit.author.email", "commit.committer.date"} & item


def test_a_pages_facts_are_named_by_one_word_then_two() -> None:
    """A page shows the facts no role took: one-word ones first (``company``), then those
    named by two words (``sort_order``, ``run_attempt``: issue 33, hand-written servers keep
    them on one issue, one run); not three (before, only one-word names were facts). A list's
    item stays lean."""
    run = {
        "id": "integer",
        "name": "string",
        "status": "string",
        "created_at": "string:time",
        "company": "string",
        "sort_order": "number",
        "run_attempt": "integer",
        "home_page_style": "string",
    }
    page = choose_default_fields(run, kind="read")
    assert {"company", "sort_order", "run_attempt"} <= set(page)
    assert page.index("company") < page.index("sort_order")
    assert "home_page_style" not in page
    item = choose_default_fields(run, item=True, kind="read")
    assert not {"sort_order", "run_attempt"} & set(item)


# A build run as a CI service describes it: the commit it ran on is known by an opaque id and
# its message, no name of its own.
RUN = {
    "id": "integer",
    "name": "string",
    "status": "string",
    "conclusion": "string",
    "created_at": "string:time",
    "head_commit": {
        "id": "string",
        "tree_id": "string",
        "message": "string",
        "timestamp": "string:time",
    },
    "workflow": {"id": "integer", "name": "string", "description": "string"},
}


def test_a_related_object_known_by_an_id_is_named_on_a_page_by_its_text() -> None:
    page = choose_default_fields(RUN, kind="read")
    # the commit the run ran on: its id, and the message a person reads it by
    assert {"head_commit.id", "head_commit.message"} <= set(page)
    # a related object with a name is read by its name, not its description
    assert "workflow.name" in page and "workflow.description" not in page
    # a list's items stay lean: the commit by its id alone
    assert "head_commit.message" not in choose_default_fields(RUN, kind="read", item=True)
    # a flag named like a text is a setting, not a text
    flagged = {**RUN, "display": {"id": "string", "text": "boolean", "warning": "integer"}}
    assert "display.text" not in choose_default_fields(flagged, kind="read")
    # a resource with a text of its own is read there, not in a related object's text
    own = {**RUN, "content": "string", "document": {"id": "string", "content": "string"}}
    kept = choose_default_fields(own, kind="read")
    assert "content" in kept and "document.content" not in kept
    assert "head_commit.message" not in kept
    # a write answers lean as before
    assert "head_commit.message" not in choose_default_fields(RUN, kind="update")


def _widget(i: int) -> dict:
    return {
        "WidgetID": f"w{i}",
        "Name": f"Widget {i}",
        "Status": "ACTIVE",
        "Total": 10.5 * i,
        "CurrencyCode": "EUR",
        "CreatedDateUTC": "2024-05-01T12:00:00Z",
        "UpdatedDateUTC": "2024-05-02T12:00:00Z",
        "DueDate": "2024-05-03T12:00:00Z",
        "ShippedDate": "2024-05-04T12:00:00Z",
        "ClosedDate": "2024-05-05T12:00:00Z",
        "Quantity": i,
        "Weight": 1.5,
        "Reference": f"ref {i}",
        "Owner": {"Name": "Ann", "Email": "ann@example.com"},
        "Reviewer": {"Name": "Bo", "Email": "bo@example.com"},
    }


def test_a_get_of_one_object_answered_with_several_items_shows_lean_items() -> None:
    """A path that names one object (``/Widgets/{WidgetID}``) answered with a list of several
    items is a list to pick from: each item is shaped as a list's item, not as a page (before,
    every item kept a whole page); answered with one item, that item keeps its page."""
    spec, _ = load_decided(FIXTURES / "one_in_a_list.yaml")
    ops = {op.id: op for op in spec.operations}
    one, many = ops["getWidget"].response, ops["getWidgets"].response
    config = ShapeConfig(
        default_fields=one.default_fields,
        collection_path=one.collection_path,
        field_tree=one.field_tree,
        kind="read",
        context=DefaultsContext.from_json(one.context.to_json()),
    )
    several = json.loads(shape({"Widgets": [_widget(i) for i in (1, 2, 3)]}, config).chunks[0])
    items = several["Widgets"]
    assert [item["WidgetID"] for item in items] == ["w1", "w2", "w3"]
    assert all(item["Name"] for item in items)
    assert not any({"ShippedDate", "ClosedDate"} & set(item) for item in items)
    assert set(items[0]) == {k for k in many.default_fields if "." not in k} | (
        {k.split(".")[0] for k in many.default_fields if "." in k}
    )
    alone = json.loads(shape({"Widgets": [_widget(1)]}, config).chunks[0])["Widgets"][0]
    assert {"ShippedDate", "ClosedDate"} <= set(alone)


# A read answering an exchange's envelope whose data is a container of lists of records
# (synthesized: a journey planner's routes between places, and the places and operators the
# routes name): each list is what the call answers.
ROUTE = {
    "origin_id": "string",
    "destination_id": "string",
    "operator_id": "string",
    "mode": "string",
    "fare": "number",
    "duration": "number",
    "co2": "number",
    "departs_at": "string:time",
}
PLACE = {
    "id": "string",
    "name": "string",
    "name_long": "string",
    "slug": "string",
    "city": "string",
    "region": "string",
    "country": "string",
    "geoname_id": "string",
    "lat": "number",
    "lng": "number",
    "type": "string",
}
OPERATOR = {
    "id": "string",
    "name": "string",
    "code": "string",
    "mode": "string",
    "logo_img": "string",
    "attributes": ["string"],
}
PLANNED = {
    "status": {"code": "number", "message": "string"},
    "request": {"version": "string", "endpoint": "string", "distance_miles": "number"},
    "data": {"routes": [ROUTE], "places": [PLACE], "operators": [OPERATOR]},
    "response": {"url": "string", "time": "number"},
}


def test_a_data_container_of_lists_is_shaped_as_lists_not_kept_whole() -> None:
    """The data of a read's envelope holding only lists of records (``data: {routes: [...],
    places: [...]}``) is what the call answers: each list's records are shaped as a list's
    items (lean), each still there by its identity and label; before, the page took the whole
    ``data`` as one free-form member, every record whole."""
    chosen = set(choose_default_fields(PLANNED, kind="read"))
    assert "data" not in chosen
    for name, record in (("places", PLACE), ("operators", OPERATOR), ("routes", ROUTE)):
        item = choose_default_fields(record, item=True, kind="read")
        assert item and {f"data.{name}.{p}" for p in item} <= chosen
        assert {p for p in chosen if p.startswith(f"data.{name}.")} < {
            f"data.{name}.{k}" for k in record
        }
    assert {"data.places.id", "data.places.name", "data.operators.name"} <= chosen


def test_a_data_member_of_value_lists_stays_whole() -> None:
    """A product's ``values`` holding lists of values (each said by its data, its locale and
    its scope; no identity or label) are the product's own data, not lists of records: the
    page keeps them whole, as before."""
    value = {"data": "string", "locale": "string", "scope": "string"}
    product = {
        "identifier": "string",
        "family": "string",
        "enabled": "boolean",
        "created": "string:time",
        "values": {"name": [value], "description": [value], "color": [value]},
    }
    assert "values" in choose_default_fields(product, kind="read")


def test_a_related_object_on_a_page_says_what_a_list_of_them_would() -> None:
    # A change request's branch names the repository it lives in; a task's project is an
    # object of its own whose state and dates a list of projects shows. On the page of one
    # resource a related object kept by its label keeps a few more of what its list item would
    # show (a nested label, its state, a date; not its kind, colour or text): what a person
    # reads about it on the page. A list's item stays lean.
    repo: dict[str, Any] = {
        "id": "integer",
        "full_name": "string",
        "private": "boolean",
        "url": "string:uri",
    }
    change: dict[str, Any] = {
        **CHANGE,
        "head": {**BRANCH, "repo": repo},
        "base": {**BRANCH, "repo": repo},
    }
    page = set(choose_default_fields(change, kind="read"))
    assert {"head.ref", "head.sha", "head.repo.full_name", "base.repo.full_name"} <= page
    item = set(choose_default_fields(change, kind="read", item=True))
    assert not {p for p in item if p.startswith(("head.repo.", "base.repo."))}
    project = {"id": "string", "name": "string", "state": "string", "color": "string",
               "kind": "string", "description": "string", "targetDate": "string:date"}  # fmt: skip
    task = {"id": "string", "title": "string", "project": project, "createdAt": "string:time"}
    kept = set(choose_default_fields(task, kind="read"))
    assert {"project.name", "project.id", "project.state"} <= kept
    assert not {"project.color", "project.kind", "project.description"} & kept
    assert "project.state" not in choose_default_fields(task, kind="read", item=True)


def test_related_objects_on_a_page_say_more_alike_and_never_only_when() -> None:
    """The outside breadth caught three ways the rule above could say less than it seems: a
    related file kept its ``created_at`` without who created it (a person said by a time
    alone); an invoice's ``supplier`` said more than its ``customer`` of the same schema (the
    customer, a person, is left to the people rule); an ``account`` said less than the
    ``host`` beside it, a type with the account's members and more."""
    person = {"id": "string", "name": "string", "login": "string"}
    item = {"id": "string", "name": "string", "size": "integer", "sha1": "string",
            "created_at": "string:time", "created_by": person}  # fmt: skip
    page = set(choose_default_fields({"id": "string", "role": "string", "item": item}))
    assert "item.name" in page
    assert not any(p.startswith("item.created_at") for p in page) or "item.created_by.name" in page
    party = {"id": "string", "name": "string", "key": "string", "currency": "string",
             "taxCode": "string", "status": "string"}  # fmt: skip
    invoice = {"id": "string", "number": "string", "total": "number",
               "customer": party, "supplier": party}  # fmt: skip
    kept = set(choose_default_fields(invoice, kind="read"))
    assert "supplier.name" in kept and "customer.name" in kept
    assert not {"supplier.key", "supplier.currency", "supplier.status"} & kept
    account = {"id": "string", "slug": "string", "name": "string", "type": "string",
               "currency": "string", "isArchived": "boolean"}  # fmt: skip
    host = {**account, "platformFeePercent": "number", "totalHostedCollectives": "integer"}
    card = {"id": "string", "name": "string", "last4": "string", "account": account, "host": host}
    kept = set(choose_default_fields(card, kind="read"))
    said = [
        {p.split(".", 1)[1] for p in kept if p.startswith(f"{k}.")} for k in ("account", "host")
    ]
    assert said[0] == said[1]


COMPONENT = {"name": "string", "source_commit_hash": "string"}
# An event on one resource whose part (the deployment it made) lists its components in lists
# of one schema side by side, and opening hours as parts of one schema per day.
DEPLOYMENT = {
    "id": "string",
    "cause": "string",
    "phase": "string",
    "tier_slug": "string",
    "created_at": "string:time",
    "spec": {"name": "string", "region": "string"},
    "jobs": [COMPONENT],
    "services": [COMPONENT],
    "static_sites": [COMPONENT],
    "workers": [COMPONENT],
}
EVENT = {
    "event": {
        "id": "string",
        "type": "string",
        "created_at": "string:time",
        "deployment_id": "string",
        "deployment": DEPLOYMENT,
    }
}


def test_lists_of_one_schema_inside_a_page_s_part_keep_the_same_members() -> None:
    """The deployment an event shows keeps its services and workers as it keeps its jobs:
    only the first list of the four had been kept, and the judge's sibling check failed."""
    chosen = choose_default_fields(EVENT)
    lists = ("jobs", "services", "static_sites", "workers")
    kept = [k for k in lists if f"event.deployment.{k}.name" in chosen]
    assert kept == list(lists), chosen
    # a list's item stays lean: its part's lists are not made whole for each item
    item = choose_default_fields(EVENT["event"], item=True)
    assert len([k for k in lists if f"deployment.{k}.name" in item]) <= 1, item


# A run of a pipeline as a CI service describes it: the workflows it called, each a small
# record (where it lives, the commit and the branch it was read at), and the runs before it.
CALLING_RUN: dict[str, Any] = {
    "id": "integer",
    "name": "string",
    "status": "string",
    "html_url": "string:uri",
    "created_at": "string:time",
    "called_workflows": [{"path": "string", "sha": "string", "ref": "string"}],
    "parents": [{"sha": "string", "url": "string:uri", "html_url": "string:uri"}],
}
# A venue with the reviews people left on it: each by its author, when, and its rating.
VENUE: dict[str, Any] = {
    "id": "string",
    "name": "string",
    "status": "string",
    "reviews": [
        {"author_name": "string", "rating": "integer", "text": "string", "time": "integer"}
    ],
}


def test_a_page_shows_its_small_records_whole_and_a_list_s_item_stays_lean() -> None:
    """Each element of a list of small records (three scalars) says something: the page keeps
    all three, not only what names it; beside the page a person opens, an API link stays out."""
    page = set(choose_default_fields(CALLING_RUN, kind="read"))
    assert {"called_workflows.path", "called_workflows.sha", "called_workflows.ref"} <= page
    assert {"parents.sha", "parents.html_url"} <= page
    assert "parents.url" not in page
    # a list's item does not grow
    item = set(choose_default_fields(CALLING_RUN, kind="read", item=True))
    assert not {p for p in item if p.startswith(("called_workflows.", "parents."))}, item
    # a search's answer holds hits, a list's items: its records are not shown whole
    hits = set(choose_default_fields(CALLING_RUN, kind="search"))
    assert "called_workflows.sha" not in hits, hits


def test_a_page_s_records_keep_their_measure() -> None:
    """A review on a page is read by who wrote it, when, and its rating."""
    page = set(choose_default_fields(VENUE, kind="read"))
    assert {"reviews.author_name", "reviews.rating"} <= page, page
    item = set(choose_default_fields(VENUE, kind="read", item=True))
    assert "reviews.rating" not in item, item


# A business as a directory of places describes it: its website, and two API links.
BUSINESS: dict[str, Any] = {
    "id": "string",
    "name": "string",
    "category": "string",
    "website": "string:uri",
    "url": "string:uri",
    "uri": "string",
}


def test_a_page_keeps_its_website_and_a_list_s_item_stays_lean() -> None:
    """Among several links, a plain one is the API's; the one named for the object's website
    is the page a person opens: its page keeps it, a list's item does not grow."""
    page = set(choose_default_fields(BUSINESS, kind="read"))
    assert "website" in page, page
    item = set(choose_default_fields(BUSINESS, kind="read", item=True))
    assert "website" not in item, item
    # beside its own page, the website is not needed
    page = set(choose_default_fields({**BUSINESS, "html_url": "string:uri"}, kind="read"))
    assert "html_url" in page and "website" not in page, page


def test_a_page_s_small_records_leave_out_the_kind_each_repeats() -> None:
    """A small record's kind (``@type: "item"`` in every one) says nothing on its own."""
    tags = [{"@id": "string", "@type": "string", "name": "string"}]
    page = set(choose_default_fields({"@id": "string", "name": "string", "tags": tags}))
    assert {"tags.@id", "tags.name"} <= page and "tags.@type" not in page, page


def test_a_page_shows_the_picture_that_stands_for_the_resource_a_list_s_item_does_not() -> None:
    """One resource's page shows the picture that stands for it beside its name: its avatar,
    icon or logo, one of its own members holding text (a person's ``avatar_url``, a server's
    ``icon``, a company's ``logo_url``); not a banner or a cover beside it, nor a hash of a
    picture, nor the pictures of the people and parts on it, nor a list's item's."""
    page = set(choose_default_fields(ACCOUNT, kind="read"))
    assert "avatar_url" in page
    server = {"id": "string", "name": "string", "icon": "string", "icon_hash": "string",
              "banner": "string", "owner": PERSON, "member_count": "integer"}  # fmt: skip
    page = set(choose_default_fields(server, kind="read"))
    assert "icon" in page
    assert not {"icon_hash", "owner.avatar_url"} & page
    company = {"id": "integer", "name": "string", "logo_url": "string:uri",
               "cover_image": "string:uri", "avatar_updated_at": "string:date-time"}  # fmt: skip
    page = set(choose_default_fields(company, kind="read"))
    assert "logo_url" in page and "cover_image" not in page
    assert "avatar_url" not in set(choose_default_fields(ACCOUNT, item=True, kind="read"))
    assert "avatar_url" not in set(choose_default_fields(ACCOUNT, kind="update"))
    # parts side by side that nothing names, each chosen by its own defaults: not a page
    domain = {"domain": "string", "status": "string", "icon": "string", "verified": "boolean"}
    page = set(choose_default_fields({"primary": domain, "alternate": domain}, kind="read"))
    assert "primary.domain" in page and not {"primary.icon", "alternate.icon"} & page


def test_a_page_says_what_the_resource_is_under_a_list_s_item_does_not() -> None:
    """One resource's page says its parent, the record it sits under (a sub-task's parent
    task, a channel's category: ``parent: {id, title}``, ``parent_id``), by its label and id,
    after the relations its slot took: a ``parent`` is not someone else's on a page, as it is
    on a list's item (``roles/label.NOT_OWN``, where ``parent_name`` and a page's
    ``next_page_id`` say another thing)."""
    related = {"id": "string", "name": "string"}
    task = {"id": "string", "title": "string", "state": "string", "team": related,
            "project": related, "parent": {"id": "string", "title": "string",
                                           "state": "string"},
            "created_at": "string:date-time"}  # fmt: skip
    page = set(choose_default_fields(task, kind="read"))
    assert {"parent.title", "parent.id"} <= page
    assert {"team.name", "project.name"} <= page  # the relations it had stay
    item = set(choose_default_fields(task, item=True, kind="read"))
    assert not {"parent.title", "parent.id"} & item
    channel = {"id": "string", "name": "string", "topic": "string", "parent_id": "string",
               "position": "integer", "next_page_id": "string"}  # fmt: skip
    page = set(choose_default_fields(channel, kind="read"))
    assert "parent_id" in page and "next_page_id" not in page


def test_a_page_s_list_of_pairs_keeps_each_value_with_its_name() -> None:
    """Found from outside (a directory service's user page, issue 33): a user's
    ``attributes: [{name, value: [...]}]`` kept each value and dropped the name saying which
    attribute it is (a pair alone is read by its value; a list of them needs both)."""
    user = {
        "id": "u-1",
        "displayName": "Ada",
        "email": "ada@example.com",
        "attributes": [
            {"name": "department", "value": ["research"]},
            {"name": "office", "value": ["B-12"]},
        ],
    }
    tree = {"id": "string", "displayName": "string", "email": "string",
            "attributes": [{"name": "string", "value": ["string"]}]}  # fmt: skip
    chosen = choose_default_fields(tree, kind="read")
    assert {"attributes.name", "attributes.value"} <= set(chosen)
    out = json.loads(shape(user, ShapeConfig(kind="read")).chunks[0])
    assert out["attributes"] == user["attributes"]
    # a pair beside what else its record holds (``schema``): its values too, though a list
    tree["attributes"] = [{"name": "string", "value": ["string"], "schema": {"id": "string"}}]
    assert {"attributes.name", "attributes.value"} <= set(choose_default_fields(tree))
    # a single part held as a pair is still said by its value alone
    assert "color.name" not in choose_default_fields(
        {"id": "string", "title": "string", "color": {"name": "string", "value": "string"}},
        kind="read",
    )


def test_a_page_s_labelled_records_keep_their_own_ids() -> None:
    """Found from outside (a directory service's user page, issue 33): a user's ``groups: [{id,
    displayName, creationDate, uuid, attributes}]`` kept each group's name and time but not its numeric id, which
    a call about the group takes (a related object keeps its id beside its label already). A
    list's item stays lean: its groups are said by their names alone."""
    group = {
        "id": "integer",
        "displayName": "string",
        "creationDate": "string:time",
        "uuid": "string",
        "attributes": [{"name": "string", "value": ["string"]}],
    }
    tree = {"id": "string", "displayName": "string", "email": "string", "groups": [group]}
    chosen = choose_default_fields(tree, kind="read")
    assert {"groups.displayName", "groups.id"} <= set(chosen)
    admins = {"id": 1001, "displayName": "admins", "creationDate": "2024-01-02T03:04:05Z"}
    admins |= {"uuid": "0da3fadd-7ed4-60d8", "attributes": []}
    user = {"id": "u-1", "displayName": "Ada", "email": "ada@example.com", "groups": [admins]}
    out = json.loads(shape(user, ShapeConfig(kind="read")).chunks[0])
    assert out["groups"][0]["id"] == 1001
    assert "groups.id" not in choose_default_fields(tree, item=True, kind="read")


def test_related_objects_of_one_schema_say_what_the_first_said() -> None:
    """Found from outside (a GraphQL event's page, issue 33): its ``host`` kept its ``slug``
    beside its name (the key a call about it takes) and its ``parent``, an account of nearly
    the same schema, kept the host's other listed members but not the slug: the judge's
    schema-siblings check flagged it. What the first of such objects says by the rules, the
    others say too (where they have it)."""
    account = {
        "status": "string",
        "kind": "string",
        "balance": "number",
        "id": "string",
        "legacyId": "integer",
        "slug": "string",
        "type": "string",
        "name": "string",
        "legalName": "string",
        "description": "string",
        "currency": "string",
        "imageUrl": "string:uri",
        "createdAt": "string:time",
        "updatedAt": "string:time",
        "isActive": "boolean",
        "isArchived": "boolean",
        "tags": ["string"],
    }
    host = account | {
        "isTrustedHost": "boolean",
        "platformFeePercent": "number",
        "termsUrl": "string:uri",
        "totalHostedAccounts": "integer",
        "hostFeePercent": "number",
        "isOpenToApplications": "boolean",
        "isFirstPartyHost": "boolean",
    }
    tree: dict[str, Any] = {"id": "string", "slug": "string", "name": "string"}
    tree |= {"startsAt": "string:time", "endsAt": "string:time", "host": host, "parent": account}
    chosen = choose_default_fields(tree, kind="read")
    assert {"host.slug", "host.name", "parent.name", "parent.slug"} <= set(chosen)
    of_host = {p.split(".", 1)[1] for p in chosen if p.startswith("host.")}
    assert {p.split(".", 1)[1] for p in chosen if p.startswith("parent.")} == of_host & set(account)


_WORKSPACE = {
    "WorkspaceID": "w1",
    "Name": "Acme",
    "LegalName": "Acme Trading Ltd",
    "Status": "ACTIVE",
    "BaseCurrency": "NZD",
    "CountryCode": "NZ",
    "Timezone": "Pacific/Auckland",
    "Plan": "TEAM",
    "TaxNumber": "101-2-303",
    "CreatedDateUTC": "2020-01-01T00:00:00Z",
}


def test_a_read_answering_one_item_and_no_more_pages_keeps_its_page() -> None:
    """A read of a singleton no parameter names (``/Workspace``) answered in a list of one
    (``{Workspaces: [{...}]}``) has nothing to pick from: the item keeps its page (its legal
    name, currency, country), as a path naming one object keeps it (before, it was shaped as
    a list's lean item); answered with several items, each stays lean. A list the operation
    pages (``/Projects?page=``) answering one item may be one page of many: lean."""
    tools = tools_by_name(FIXTURES / "singleton_in_a_list.yaml")
    read, paged = tools["get_workspace"], tools["get_projects"]
    alone = shaped_json(read, {"Workspaces": [_WORKSPACE]})["Workspaces"][0]
    assert {"LegalName", "BaseCurrency", "CountryCode"} <= set(alone)
    two = [_WORKSPACE, dict(_WORKSPACE, WorkspaceID="w2")]
    for item in shaped_json(read, {"Workspaces": two})["Workspaces"]:
        assert item["Name"] == "Acme" and not {"LegalName", "BaseCurrency"} & set(item)
    page = shaped_json(paged, {"Projects": [_WORKSPACE]})["Projects"][0]
    assert page["WorkspaceID"] == "w1"
    assert not {"LegalName", "BaseCurrency", "CountryCode"} & set(page)


# A company as a directory of companies describes it (synthesized): its headquarters' address,
# a part of its own detail with no identity and no label.
COMPANY: dict[str, Any] = {
    "company_id": "string",
    "name": "string",
    "website": "string:uri",
    "employee_count": "integer",
    "hq_address": {
        "street": "string",
        "city": "string",
        "state": "string",
        "postal_code": "string",
        "country": "string",
    },
}


def test_a_page_shows_a_small_part_of_its_own_detail_whole() -> None:
    """A company's page shows its headquarters' address whole, not one line of it (before:
    ``hq_address.state`` alone); a list's item leaves the part out; an address of many
    values is read by its lines (``postal.address_lines``), not its county or box."""
    page = set(choose_default_fields(COMPANY, kind="read"))
    address = {f"hq_address.{k}" for k in COMPANY["hq_address"]}
    assert address <= page, page
    item = set(choose_default_fields(COMPANY, kind="read", item=True))
    assert not {p for p in item if p.startswith("hq_address.")}, item
    big = {
        **COMPANY,
        "hq_address": {**COMPANY["hq_address"], "county": "string", "po_box": "string"},
    }
    lines = {p for p in choose_default_fields(big, kind="read") if p.startswith("hq_")}
    assert lines == address, lines


def test_a_listed_item_s_pairs_named_by_the_same_words_keep_their_values() -> None:
    """Found on the tuning half (a tax-rate read listing locations, each with ``rates:
    [{data_name, data_value, type}]``): each rate kept its name and not its value, and once
    lists said by names alone were left out of listed items, the rates went whole. A pair
    named by the same words (``data_name`` and ``data_value``) is a pair as ``{name, value}``
    is: the value comes with the name."""
    rate = {"data_name": "string", "data_value": "string", "type": "string"}
    location = {"id": "integer", "name": "string", "state": "string", "zip": "string"}
    chosen = choose_default_fields(location | {"rates": [rate]}, item=True, kind="read")
    assert {"rates.data_name", "rates.data_value"} <= set(chosen)
