"""A listed item's lists said by their names alone (issue 33, lean lists): an item of what a
read lists, named by a label of its own, leaves out a list inside it whose records (no id of
their own: parts of the item, not related things) it would show by their names and nothing
else (an image's display sizes, a product's rating aspects, an instance's file shares): one
picks the item by its own name, identity, state and time; the names of its parts are its
page's, and no other list takes that list's slot. Kept: a list that classifies the item (its
labels, tags, topics, categories, genres), people, related things with ids, records said by
more than their name (a state, an amount), the list a group holds (an item that is only an
identity, a label and that list: a conference and its teams), an item with no name of its
own, a search's hit (what tells unknown things apart) and one resource's page.

And a read's listed item planned for a moment of its own (a call's or a meeting's start) is
dated by it: no other time of it stands in for a time of change or creation it lacks.

Shapes synthesized from the tuning half of the directory corpus (an image library, a product
feed, a file-storage instance list, a sports league's hierarchy, a restaurant search, a
telephony API's call log, a meeting API)."""

from generator.runtime.shaping.defaults import choose_default_fields

IMAGE = {
    "id": "string",
    "title": "string",
    "caption": "string",
    "date_created": "string:time",
    "display_sizes": [{"name": "string", "uri": "string:uri", "is_watermarked": "boolean"}],
}
PRODUCT = {
    "itemId": "string",
    "title": "string",
    "price": {"value": "string", "currency": "string"},
    "ratingAspects": [{"name": "string", "description": "string", "count": "integer"}],
}
INSTANCE = {
    "name": "string",
    "state": "string",
    "tier": "string",
    "createTime": "string:time",
    "fileShares": [{"name": "string", "capacityGb": "string"}],
}


def _under(chosen: tuple[str, ...], key: str) -> bool:
    return any(p.startswith(f"{key}.") for p in chosen)


def test_a_listed_items_list_said_by_names_alone_is_left_to_its_page():
    for tree, key in [(IMAGE, "display_sizes"), (PRODUCT, "ratingAspects"),
                      (INSTANCE, "fileShares")]:  # fmt: skip
        chosen = choose_default_fields(tree, item=True, kind="read")
        assert not _under(chosen, key), chosen
        assert chosen[0] in ("id", "itemId", "name"), chosen  # what it is picked by stays


def test_a_search_hit_keeps_such_a_list():
    # a search's hits tell unknown things apart (a restaurant's cuisines, by their names)
    restaurant = {
        "Id": "integer",
        "Name": "string",
        "IsDelivery": "boolean",
        "Cuisines": [{"Name": "string", "SeoName": "string"}],
    }
    assert _under(choose_default_fields(restaurant, item=True, kind="search"), "Cuisines")


def test_one_resource_keeps_such_a_list():
    for tree, key in [(IMAGE, "display_sizes"), (PRODUCT, "ratingAspects"),
                      (INSTANCE, "fileShares")]:  # fmt: skip
        assert _under(choose_default_fields(tree, item=False, kind="read"), key)


def test_a_list_that_classifies_the_item_stays():
    for key in ("labels", "tags", "topics", "categories", "genre"):
        tree = {
            "id": "integer",
            "title": "string",
            "state": "string",
            key: [{"id": "integer", "name": "string", "color": "string"}],
        }
        assert f"{key}.name" in choose_default_fields(tree, item=True, kind="read"), key


def test_people_and_records_said_by_more_than_their_names_stay():
    people = {
        "id": "string",
        "title": "string",
        "artists": [{"name": "string", "id": "string"}],
    }
    assert _under(choose_default_fields(people, item=True, kind="read"), "artists")
    stated = {
        "id": "string",
        "name": "string",
        "lineItems": [{"title": "string", "lineItemFulfillmentStatus": "string"}],
    }
    chosen = choose_default_fields(stated, item=True, kind="read")
    assert "lineItems.title" in chosen and "lineItems.lineItemFulfillmentStatus" in chosen


def test_the_list_a_group_holds_stays():
    group = {
        "ConferenceID": "integer",
        "Name": "string",
        "Teams": [{"TeamID": "integer", "Name": "string", "City": "string"}],
    }
    assert "Teams.Name" in choose_default_fields(group, item=True, kind="read")
    unnamed = {  # no name of its own: what it says is in its list
        "version": "string",
        "released": "string:time",
        "changes": [{"title": "string"}],
    }
    assert _under(choose_default_fields(unnamed, item=True, kind="read"), "changes")


# ------------------------------------------------------------------ a planned item's one time
# A call log's entry and a scheduled meeting (synthesized from the tuning half's telephony and
# meeting APIs): no time of change or creation, a moment it is planned for, and another time.
CALL = {
    "id": "integer",
    "phoneNumber": "string",
    "state": "string",
    "answerTime": "string:time",
    "startTime": "string:time",
    "duration": "integer",
}
MEETING = {
    "meetingId": "integer",
    "subject": "string",
    "endTime": "string:time",
    "startTime": "string:time",
    "duration": "integer",
}


def test_a_listed_item_planned_for_a_moment_is_dated_by_it_alone():
    chosen = choose_default_fields(CALL, item=True, kind="read")
    assert "startTime" in chosen and "answerTime" not in chosen, chosen
    chosen = choose_default_fields(MEETING, item=True, kind="read")
    # its length kept, the span's end is not needed (``pairs.with_counterparts``)
    assert "startTime" in chosen and "endTime" not in chosen, chosen


def test_an_item_with_no_planned_time_keeps_when_it_happened():
    message = {"id": "string", "text": "string", "ts": "string:time", "edited": "string:time"}
    assert "ts" in choose_default_fields(message, item=True, kind="read")
    run = {"id": "integer", "name": "string", "status": "string", "completed_at": "string:time"}
    assert "completed_at" in choose_default_fields(run, item=True, kind="read")
    # one resource keeps its times
    page = choose_default_fields(CALL, item=False, kind="read")
    assert "answerTime" in page and "startTime" in page


def test_related_things_with_ids_stay_and_no_other_list_takes_the_slot():
    track = {
        "id": "string",
        "title": "string",
        "artists": [{"id": "string", "name": "string"}],  # no person word: related things
    }
    assert _under(choose_default_fields(track, item=True, kind="read"), "artists")
    child = {
        "id": "string",
        "name": "string",
        "price": "number",
        "images": [{"file_name": "string"}],
        "inventory": [{"warehouse_id": "string", "quantity": "number", "priority": "integer"}],
    }
    chosen = choose_default_fields(child, item=True, kind="read")
    assert not _under(chosen, "images") and not _under(chosen, "inventory"), chosen
