"""A listed item's parts (issue 33, lean lists): a part kept beside a list's item names a
related thing (its label, its own id, a bare key); a part reduced to one of its own scalars
(an address's house number, a routing's host, a metadata's language code) is a detail of the
item, which its page shows. Shapes synthesized from the tuning half of the directory corpus
(a railway's regional offices, a cloud's storage access controls, a dataset list)."""

from generator.runtime.shaping.defaults import choose_default_fields

OFFICE = {
    "number": "integer",
    "name": "string",
    "email": "string:email",
    "address": {"street": "string", "houseNumber": "string", "city": "string"},
}
CONTROL = {
    "id": "string",
    "entity": "string",
    "role": "string",
    "projectTeam": {"projectNumber": "string", "team": "string"},
}
DATASET = {
    "name": "string",
    "displayName": "string",
    "createTime": "string:time",
    "exampleCount": "integer",
    "translationDatasetMetadata": {"sourceLanguageCode": "string", "targetLanguageCode": "string"},
}


def test_a_listed_items_part_reduced_to_its_own_detail_is_left_to_its_page():
    for tree, part in [(OFFICE, "address"), (CONTROL, "projectTeam"),
                       (DATASET, "translationDatasetMetadata")]:  # fmt: skip
        chosen = choose_default_fields(tree, item=True, kind="read")
        assert not any(p.startswith(f"{part}.") for p in chosen), chosen
        search = choose_default_fields(tree, item=True, kind="search")
        assert not any(p.startswith(f"{part}.") for p in search), search


def test_one_resource_and_a_writes_records_keep_such_a_part():
    for tree, part in [(OFFICE, "address"), (CONTROL, "projectTeam")]:
        page = choose_default_fields(tree, item=False, kind="read")
        assert any(p.startswith(f"{part}.") for p in page), page


def test_a_listed_items_related_things_stay():
    tree = {
        "id": "string",
        "name": "string",
        "namespace": {"id": "string", "name": "string"},  # a related thing: name and id
    }
    chosen = choose_default_fields(tree, item=True, kind="read")
    assert "namespace.name" in chosen and "namespace.id" in chosen
    labelled = {
        "id": "integer",
        "title": "string",
        "category": {"label": "string", "rank": "integer"},
    }
    assert "category.label" in choose_default_fields(labelled, item=True, kind="read")
    keyed = {
        "name": "string",
        "protected": "boolean",
        "commit": {"sha": "string", "url": "string:uri"},
    }
    assert "commit.sha" in choose_default_fields(keyed, item=True, kind="read")


def test_a_part_saying_how_the_item_fares_stays():
    tree = {
        "OwnerWebId": "string",
        "CanRead": "boolean",
        "HasAdmin": "boolean",
        "WebException": {"StatusCode": "integer", "Errors": ["string"]},
    }
    chosen = choose_default_fields(tree, item=True, kind="read")
    assert "WebException.StatusCode" in chosen


def test_a_part_holding_the_items_own_value_stays():
    tree = {
        "reportId": "string",
        "title": "string",
        "created_at": {"value": "string", "format": "string"},  # a time held as an object
        "price": {"convertedFromValue": "string", "currency": "string"},  # an amount
        "deviceIdentifier": {"serialNumber": "string", "model": "string"},  # its identifier
        "metadata": {"storagePath": "string", "reportDataStartTime": "string"},  # where it is
    }
    for part in ("created_at", "price", "deviceIdentifier", "metadata"):
        alone = {k: v for k, v in tree.items() if k in ("reportId", "title", part)}
        chosen = choose_default_fields(alone, item=True, kind="read")
        assert any(p.startswith(f"{part}.") for p in chosen), (part, chosen)
