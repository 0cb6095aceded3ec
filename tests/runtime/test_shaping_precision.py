"""What nobody reads is left out of the defaults, decided from structure, types and naming
patterns (issue 33: precision on reads and searches). Synthesized structures; each test fails
on the rules before it."""

from __future__ import annotations

import json

from generator.runtime.shaping.defaults import choose_default_fields, identity_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape

MEMBER = {
    "user": {"id": "string", "username": "string", "avatar": "string"},
    "nick": "string",
    "joined_at": "string:time",
    "flags": "integer",
    "deaf": "boolean",
}


def test_a_bit_field_and_a_limit_are_no_counts() -> None:
    """``flags`` packs booleans in a number and ``max_members`` is a setting: neither is a
    count the object holds (before, both took count slots ahead of the real counts)."""
    group = {
        "id": "string", "name": "string", "flags": "integer", "public_flags": "integer",
        "max_members": "integer", "max_presences": "integer", "member_count": "integer",
        "premium_subscription_count": "integer",
    }  # fmt: skip
    chosen = choose_default_fields(group, kind="read")
    assert {"member_count", "premium_subscription_count"} <= set(chosen)
    assert not {"flags", "public_flags", "max_members", "max_presences"} & set(chosen)
    assert "flags" not in choose_default_fields(MEMBER, item=True)


def test_a_nick_is_a_label() -> None:
    """A member known by a nick in a group (``nick`` beside the person): the name it goes by
    there is its label."""
    assert "nick" in choose_default_fields(MEMBER, item=True)


def test_one_instant_is_shown_once_not_in_each_notation() -> None:
    """``UpdatedUtc`` beside ``Updated`` (and ``created_at_iso`` beside ``created_at``) says the
    same instant again: the plain one is kept, the restatement is not."""
    game = {"GameId": "integer", "Name": "string", "Updated": "string:time",
            "UpdatedUtc": "string", "DateTime": "string:time", "DateTimeUtc": "string:time"}  # fmt: skip
    for item in (True, False):
        chosen = choose_default_fields(game, item=item)
        assert "Updated" in chosen
        assert not {"UpdatedUtc", "DateTimeUtc"} & set(chosen)
    post = {"id": "string", "title": "string", "created_at": "string:time",
            "created_at_iso": "string"}  # fmt: skip
    assert "created_at_iso" not in choose_default_fields(post)


def test_a_wrapper_s_sentences_are_previews_its_counts_and_cursors_whole() -> None:
    """A list's wrapper keeps its counts, cursors and status words whole; a sentence it
    carries beside the list (a status message, the text an analysis ran on) is cut like an
    item's preview, its beginning and the marker (before, it was kept whole)."""
    note = "The request was processed and the results are listed below. " * 4
    body = {
        "message": note,
        "status": "OK",
        "num_results": 2,
        "next_cursor": "c2",
        "results": [{"id": i, "title": f"Story {i}"} for i in range(2)],
    }
    out = json.loads(shape(body, ShapeConfig(kind="read")).chunks[0])
    assert out["num_results"] == 2 and out["next_cursor"] == "c2" and out["status"] == "OK"
    assert out["message"].startswith(note[:40]) and "more chars" in out["message"]
    assert len(out["message"]) < 120
    assert [r["title"] for r in out["results"]] == ["Story 0", "Story 1"]


def test_a_list_item_s_parts_said_only_by_their_text_are_left_out() -> None:
    """Each item of a list (an entity an analysis found) shows its parts by what names them or
    where they stand; parts said only by their text (the passages it was found in) would
    repeat a preview per part in every item (before, they did)."""
    entity = {
        "name": "string",
        "salience": "number",
        "mentions": [{"text": {"content": "string", "beginOffset": "integer"}}],
        "labels": [{"name": "string"}],
    }
    for kind in ("read", "generate"):  # a generation's record holds its own text only
        chosen = choose_default_fields(entity, item=True, kind=kind)
        assert "name" in chosen and "labels.name" in chosen
        assert not any(p.startswith("mentions") for p in chosen)
    # an alternative (no name, no identity) keeps its produced text however deep
    candidate = {"index": "integer", "content": {"parts": [{"text": "string"}]}}
    assert "content.parts.text" in choose_default_fields(candidate, item=True, kind="generate")
    # one resource keeps them: its parts are what a person opens it for
    assert any(p.startswith("mentions") for p in choose_default_fields(entity, kind="read"))


def test_a_search_hit_takes_one_time_as_a_list_item_does() -> None:
    hit = {"id": "string", "name": "string", "description": "string", "owner": "string",
           "created": "string:time", "modified": "string:time", "url": "string:uri"}  # fmt: skip
    chosen = choose_default_fields(hit, item=True, kind="search")
    assert "created" in chosen and "modified" not in chosen
    assert {"created", "modified"} <= set(choose_default_fields(hit, kind="read"))


def test_a_list_item_is_dated_by_when_it_was_made() -> None:
    """Hand-written servers date a list's item by when it came to be (``created_at``, a
    message's ``timestamp``, a member's ``joined_at``), rarely by its last edit; before, the
    item took ``edited_timestamp`` and a membership its ``communication_disabled_until``."""
    message = {"id": "string", "content": "string", "timestamp": "string:time",
               "edited_timestamp": "string:time", "author": {"username": "string"}}  # fmt: skip
    listed = choose_default_fields(message, item=True)
    assert "timestamp" in listed and "edited_timestamp" not in listed
    member = {**MEMBER, "communication_disabled_until": "string:time", "pending": "boolean"}
    listed = choose_default_fields(member, item=True)
    assert "joined_at" in listed and "communication_disabled_until" not in listed
    # what it was added to later is not when it was made
    issue = {"id": "string", "title": "string", "addedToCycleAt": "string:time",
             "updatedAt": "string:time"}  # fmt: skip
    listed = choose_default_fields(issue, item=True)
    assert "updatedAt" in listed and "addedToCycleAt" not in listed
    # one resource: when it changed first, both
    assert {"timestamp", "edited_timestamp"} <= set(choose_default_fields(message))


def test_an_api_version_is_the_last_discriminator() -> None:
    """``apiVersion`` says how a record is written, ``kind`` what it is: a list's item with
    one discriminator slot keeps ``kind`` (before, the first of the two in the schema)."""
    item = {"apiVersion": "string", "kind": "string",
            "metadata": {"name": "string", "namespace": "string", "uid": "string"}}  # fmt: skip
    listed = choose_default_fields(item, item=True)
    assert "kind" in listed and "apiVersion" not in listed


def test_a_read_object_with_no_identity_takes_the_part_member_its_path_names() -> None:
    """A membership read at ``/members/{user_id}`` is addressed by its user's id: that is its
    identity, beside the handle (before: the handle alone, the id lost)."""
    keys = ("guild_id", "user_id")
    assert identity_fields(MEMBER, keys=keys) == ("user.id",)
    listed = choose_default_fields(MEMBER, item=True, keys=keys)
    assert {"user.id", "user.username", "joined_at"} <= set(listed)
    # a part's member the parameter names whole is not enough (``{name}`` and
    # ``metadata.name``): the part's own id stays its identity
    resource = {"kind": "string", "metadata": {"uid": "string", "name": "string"}}
    assert identity_fields(resource, keys=("namespace", "name")) == ("metadata.uid",)


def test_a_named_object_s_colour_is_how_it_is_told_apart() -> None:
    """A label's, a role's, a workflow state's ``color`` beside its name (hand-written servers
    keep it in their lists; before, it was never chosen); not a person's (a setting of
    theirs), not a setting qualified by what it colours, not on a write's answer."""
    label = {"id": "string", "name": "string", "color": "string", "isGroup": "boolean",
             "createdAt": "string:time", "creator": {"id": "string", "name": "string"}}  # fmt: skip
    assert "color" in choose_default_fields(label, item=True)
    assert "color" in choose_default_fields(label)
    role = {"id": "string", "name": "string", "color": "integer", "position": "integer"}
    assert "color" in choose_default_fields(role, item=True, kind="search")
    user = {"id": "string", "name": "string", "real_name": "string", "color": "string"}
    assert "color" not in choose_default_fields(user, item=True)
    themed = {"id": "string", "name": "string", "background_color": "string",
              "created_at": "string:time", "status": "string"}  # fmt: skip
    assert "background_color" not in choose_default_fields(themed, item=True)
    assert "color" not in choose_default_fields(label, kind="create")


def test_a_listed_item_s_preview_ends_with_the_ellipsis_alone() -> None:
    """The items a read or a search lists end their preview with the ellipsis alone: the count
    of cut characters, said again on every item, helps no one pick an item (before, each
    ended ``… [N more chars]``). A write's records end so too, as one record's answer does
    (the caller sent the text); one resource's own text and an operator's own marker keep the
    marker that counts."""
    text = "A long description of the thing, written over several sentences. " * 4
    items = [{"id": i, "name": f"Thing {i}", "description": text} for i in range(3)]
    for kind in ("read", "search"):
        out = json.loads(shape({"things": items}, ShapeConfig(kind=kind)).chunks[0])
        preview = out["things"][0]["description"]
        assert preview.startswith("A long description") and preview.endswith("…")
        assert "more chars" not in preview and len(preview) <= 49
    written = ShapeConfig(collection_path="things", kind="create")
    out = json.loads(shape({"things": items}, written).chunks[0])
    assert out["things"][0]["description"].endswith("…")
    assert "more chars" not in out["things"][0]["description"]
    own = ShapeConfig(kind="read", truncation_marker=" [cut {cut}]")
    out = json.loads(shape({"things": items}, own).chunks[0])
    assert (
        out["things"][0]["description"].endswith("]") and "[cut " in out["things"][0]["description"]
    )


def test_a_list_s_wrapper_leaves_out_its_noise_and_keeps_its_cursors() -> None:
    """A list's wrapper keeps its counts and cursors, not its noise: an ``etag`` or a
    ``checksum`` is what a cache compares, not what an agent reads (before, the wrapper kept
    them beside the list); a cursor named as a token (``nextPageToken``) stays."""
    body = {
        "etag": '"p4oXk2q8Dw3-Xb7LQ0cYHcG8tZ4/Qk1Ynp0mQFh6aPqUe8z"',
        "pageChecksum": "9b74c9897bac770ffc029102a200c5de",
        "nextPageToken": "CAoQAA",
        "nextSyncToken": "CPDAlvWDx70CEPDAlvWDx70CGAU=",
        "totalItems": 2,
        "items": [{"id": f"t{i}", "name": f"Table {i}"} for i in range(2)],
    }
    out = json.loads(shape(body, ShapeConfig(kind="read")).chunks[0])
    assert "etag" not in out and "pageChecksum" not in out
    assert out["nextPageToken"] == "CAoQAA" and out["nextSyncToken"] == body["nextSyncToken"]
    assert out["totalItems"] == 2 and [i["name"] for i in out["items"]] == ["Table 0", "Table 1"]
