"""A single resource's page shows what a person reads on it (issue 33, item 4; prac27):
every name a person is known by on their own page, the tags attached to it by name and
colour (not when each tag was made, nor by whom), and its facts without its pictures.
Synthesized structures, no vendor's text; each test fails on the rules before."""

from __future__ import annotations

from generator.runtime.shaping.defaults import choose_default_fields

# A person's profile with a plain name beside the names people know them by, one restated in
# another notation, a name in parts, and a handle.
PROFILE = {
    "username": "string",
    "name": "string",
    "display_name": "string",
    "display_name_normalized": "string",
    "real_name": "string",
    "real_name_normalized": "string",
    "first_name": "string",
    "last_name": "string",
    "email": "string:email",
    "title": "string",
    "phone": "string",
    "pronouns": "string",
    "team": "string",
    "skype": "string",
    "updated": "integer",
}


def test_a_persons_page_keeps_every_name_they_are_known_by() -> None:
    page = set(choose_default_fields(PROFILE, kind="read", entity=("user", "profile")))
    # before: a plain ``name`` and one more (``display_name``); the real name was left out
    assert {"name", "display_name", "real_name"} <= page
    # not restated in another notation
    assert not {"display_name_normalized", "real_name_normalized"} & page
    # a list of people stays lean: its item keeps a handle and one name people know
    item = set(choose_default_fields(PROFILE, item=True, kind="read", entity=("user",)))
    assert "real_name" not in item or "display_name" not in item


TAG = {
    "id": "string",
    "name": "string",
    "color": "string",
    "description": "string",
    "createdAt": "string:date-time",
    "updatedAt": "string:date-time",
    "creator": {"id": "string", "name": "string", "email": "string:email"},
}
# A work item whose page carries its tags and its status checks: a tag is shown by its name
# and colour; a check (no colour: not a tag) still by when it changed.
ITEM = {
    "id": "string",
    "identifier": "string",
    "title": "string",
    "description": "string",
    "createdAt": "string:date-time",
    "updatedAt": "string:date-time",
    "labels": [TAG],
    "checks": [
        {"id": "integer", "name": "string", "state": "string", "updated_at": "string:date-time"}
    ],
}


def test_a_pages_tags_are_shown_by_name_and_colour_not_by_when_or_who() -> None:
    page = set(choose_default_fields(ITEM, kind="read", entity=("item",)))
    assert {"labels.name", "labels.color"} <= page  # before: no colour
    # before: each tag's ``updatedAt`` and ``creator``, which say nothing of the item
    assert not {"labels.updatedAt", "labels.createdAt"} & page
    assert not any(p.startswith("labels.creator") for p in page)
    # an element with a state and no colour keeps its time (not a tag)
    assert "checks.updated_at" in page


def test_a_list_of_items_does_not_take_the_tags_colour() -> None:
    item = set(choose_default_fields(ITEM, item=True, kind="read", entity=("item",)))
    assert "labels.color" not in item


def test_an_element_with_a_colour_and_a_state_is_not_a_tag() -> None:
    stage = {"id": "string", "name": "string", "color": "string", "status": "string",
             "updated_at": "string:date-time"}  # fmt: skip
    board = {"id": "string", "name": "string", "description": "string", "stages": [stage]}
    page = set(choose_default_fields(board, kind="read", entity=("board",)))
    assert "stages.updated_at" in page


SERVER = {
    "id": "string",
    "name": "string",
    "icon": "string",
    "splash": "string",
    "banner": "string",
    "cover_image": "string",
    "region": "string",
    "tier": "integer",
    "locale": "string",
    "timezone": "string",
    "owner_id": "string",
    "member_count": "integer",
}


def test_a_pages_facts_are_not_its_pictures() -> None:
    page = set(choose_default_fields(SERVER, kind="read", entity=("server",)))
    assert "icon" in page  # the picture that stands for it (``own_picture``)
    # before: ``splash`` and ``banner`` took two of the four facts' slots
    assert not {"splash", "banner", "cover_image"} & page
    assert {"region", "tier", "locale", "timezone"} <= page
