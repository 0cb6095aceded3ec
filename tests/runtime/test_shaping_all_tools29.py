"""Losses found by running every tool of the directory's tuning half (not five per kind):
payload lists, wrapper-only answers and answered records. Synthesized bodies."""

import json

from generator.runtime.shaping.collections import find_payload, find_payload_in_value
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.trees import field_tree_from_value


def _report_page() -> dict:
    link = {"href": "/v2/reports/list", "method": "POST", "parameters": [{"name": "request"}]}
    errors = [
        {"line": i, "title": f"Row {i}", "sku": f"sku-{i}",
         "errors": [{"code": f"E{i}", "message": "The category is missing."}]}
        for i in (1, 2, 3)
    ]  # fmt: skip
    return {
        "paginationResult": {"entryCount": 25, "pageCount": 38, "totalEntryCount": 943,
                             "links": {"first": link, "next": link}},
        "productErrors": errors,
    }  # fmt: skip


def test_a_page_of_a_report_words_list_is_that_list_not_its_paging_object() -> None:
    """A report read a page at a time (``{paginationResult: {pageCount, totalEntryCount,
    links}, productErrors: [...]}``): the list's name ends with a report word, so it was no
    candidate, and the paging object, the one object member left, was taken for an envelope
    around one resource: the answer kept the page's counts and none of the errors. An object
    named for paging that holds a paging scalar says where a page of the list stands."""
    body = _report_page()
    assert find_payload_in_value(body).collection == ("productErrors",)
    assert find_payload(field_tree_from_value(body)).collection == ("productErrors",)
    out = json.loads(shape(body, ShapeConfig()).chunks[0])
    assert [e["title"] for e in out["productErrors"]] == ["Row 1", "Row 2", "Row 3"]
    # an error report beside one resource stays what it was: the envelope's details
    report = {"data": {"id": 7, "name": "x", "state": "open", "owner": {"id": 1}},
              "errors": [{"code": "E1", "message": "m"}]}  # fmt: skip
    assert find_payload_in_value(report).collection is None
    # a paging object with an id of its own is a resource, not a page's position
    owned = {**body, "paginationResult": {"id": 7, "pageCount": 38, "name": "p"}}
    assert find_payload_in_value(owned).collection is None


def _message(i: int) -> dict:
    return {"id": 100 + i, "author": {"id": i, "profile": {"first_name": f"Ann {i}"}},
            "text": {"parsed": f"Hello {i}"}, "timestamp": f"2024-05-0{i}T12:00:00Z"}  # fmt: skip


def test_a_list_item_left_with_nothing_but_a_flag_is_read_again() -> None:
    """A list of conversation statuses whose third item holds only a flag and a part the
    description names but the defaults left out (``{archived: true, bubbled: {latest_message:
    {id, text, ...}}}``, the others ``{archived, conversation, unseen_message, new_count}``):
    the item kept ``{archived: true}``, a flag that tells no conversation from another. An item
    kept down to flags while a part it held has values is read again from itself."""
    items = [{"archived": i == 2, "conversation": {"id": 100 + i, "first_message": _message(i)},
              "unseen_message": _message(i), "new_count": i} for i in (1, 2)]  # fmt: skip
    items.append({"archived": True, "bubbled": {"latest_message": _message(3)}})
    tree = {
        **field_tree_from_value(items[0]),
        "bubbled": {"latest_message": field_tree_from_value(_message(1))},
    }
    out = json.loads(
        shape({"data": items}, ShapeConfig(collection_path="data", field_tree=tree)).chunks[0]
    )
    third = out["data"][2]
    assert set(third) != {"archived"}
    assert "2024-05-03T12:00:00Z" in json.dumps(third) or "103" in json.dumps(third)
    assert out["data"][0]["conversation"] == {"id": 101}  # the others as they were
    # a flag the defaults keep beside the item's identity stays as it is
    flagged = [{"id": i, "enabled": True, "config": {"url": f"https://x.test/{i}"}} for i in (1, 2)]
    kept = json.loads(shape({"data": flagged}, ShapeConfig(collection_path="data")).chunks[0])
    assert all("id" in item for item in kept["data"])


def test_an_error_report_beside_the_answer_is_no_part_that_hides_it() -> None:
    """A menu read in an envelope that always carries its error report (``{ErrorResponse:
    {Code, Message, Errors: [...]}, Errors: [...], HasErrors, Menu: {Categories: [...]}}``):
    the report object counted as one of two object members, so the body was no wrapper and
    the defaults chose the report's messages and left the menu out. An object named for
    errors, with no id of its own, is the envelope's report, not the answer."""
    categories = [
        {"Id": i, "Name": f"Pizzas {i}", "Description": "Stone-baked.",
         "MenuItems": [{"Name": "Margherita"}]}
        for i in (1, 2)
    ]  # fmt: skip
    body = {
        "ErrorResponse": {"Code": 7, "Message": "Something failed.",
                          "Errors": [{"Code": 7, "Message": "m"}]},
        "Errors": [{"ExceptionName": "E1", "Content": "c"}],
        "HasErrors": False,
        "Menu": {"Categories": categories, "MenuCardDetails": {"Currency": "GBP"}},
    }  # fmt: skip
    assert find_payload_in_value(body).collection == ("Menu", "Categories")
    out = json.loads(shape(body, ShapeConfig()).chunks[0])
    assert [c["Name"] for c in out["Menu"]["Categories"]] == ["Pizzas 1", "Pizzas 2"]
    # a resource whose name ends with a report word is still a resource
    logged = {"errorLog": {"id": 7, "name": "nightly", "entries": [{"line": 1}]},
              "job": {"id": 8, "name": "build", "steps": [{"n": 1}]}}  # fmt: skip
    assert find_payload_in_value(logged) == find_payload_in_value(
        {"log": logged["errorLog"], "job": logged["job"]}
    )


def test_links_that_are_records_not_addresses_are_no_metadata() -> None:
    """A network interconnect's diagnostics (``{result: {arpCaches: [...], links:
    [{circuitId, googleDemarc, lacpStatus}], macAddress}}``): ``links`` is a metadata word,
    so its list was no candidate and the ARP cache, the one list left, was taken for the
    payload; the physical links, with their circuits, were dropped. A list named links whose
    items carry no address and an id or a name of their own is a list of records."""
    links = [{"circuitId": f"c-{i}", "googleDemarc": f"demarc {i}",
              "lacpStatus": {"state": "ACTIVE"}} for i in (1, 2)]  # fmt: skip
    arp = [{"ipAddress": f"10.0.0.{i}", "macAddress": f"m{i}"} for i in (1, 2)]
    body = {"result": {"arpCaches": arp, "links": links, "macAddress": "m0"}}
    assert find_payload_in_value(body).collection is None
    out = json.loads(shape(body, ShapeConfig()).chunks[0])
    assert [link["circuitId"] for link in out["result"]["links"]] == ["c-1", "c-2"]
    # hypermedia links (an address in each) stay metadata beside the list
    hyper = [{"rel": "next", "href": "https://x.test/p/2", "id": "n"}]
    assert find_payload_in_value({"items": arp, "links": hyper}).collection == ("items",)
    # beside another list named by a metadata word, they are no payload either: an
    # aggregation's results kept only its links (``{aggregations: [...], links: [...]}``)
    counted = {"aggregations": [{"count(*)": 86}, {"count(*)": 87}], "links": hyper * 2}
    assert find_payload_in_value(counted).collection == ("aggregations",)
    # described with open records (``aggregations: [any]``): the links are still not its list
    described = {"aggregations": ["any"], "links": [{"href": "string", "rel": "string"}]}
    assert find_payload(described).collection != ("links",)


def test_a_resource_beside_the_list_a_response_sent_is_kept_when_read_again() -> None:
    """A patient's management record described as one object (``{identifier, patient,
    condition, observations, ...}``) answered ``{condition: {id, status, ...}, encounters:
    [...]}``: the described defaults dropped the encounters, the response was read again as
    the list it holds, and that reading kept the list alone, the condition and its state
    gone. Read again by its items, a list keeps the resource beside it as a list read by the
    description does: its identity, label and state."""
    condition = {"id": 7, "code": "C-7", "status": "active", "severity": "mild",
                 "description": "Long text about it.", "group": {"id": 1, "name": "Unit 1"}}  # fmt: skip
    encounters = [{"id": i, "date": f"2024-05-0{i}", "encounterType": "visit",
                   "observations": [{"id": 10 + i, "name": "bp", "value": "120"}]}
                  for i in (1, 2)]  # fmt: skip
    tree = {
        "condition": field_tree_from_value(condition),
        "identifier": "string",
        "patient": {"identifier": "string", "groupCode": "string"},
        "observations": [{"id": "integer", "name": "string", "value": "string"}],
    }
    fields = ("identifier", "condition.id", "condition.status", "patient.identifier")
    config = ShapeConfig(field_tree=tree, default_fields=fields)
    result = shape({"condition": condition, "encounters": encounters}, config)
    out = json.loads(result.chunks[0])
    assert out["condition"]["status"] == "active" and out["condition"]["id"] == 7
    assert [e["id"] for e in out["encounters"]] == [1, 2]


def test_a_reports_records_keep_what_they_say_in_words() -> None:
    """An editorial feature (``{id, start, end, type, selection: [{available, summary:
    {long}, asset: {id, type, title, ...}}]}``): a report, its one list what it holds, each
    pick kept by its first few defaults (the asset's id and title, when it is available) and
    not the text that says why it was picked, its ``summary.long``, past them. A report's
    records keep their own text too, as a preview."""
    blurb = "Remember the crime series from last year? This is its prequel, set in a law firm."
    picks = [
        {"available": f"2018-09-0{i}T00:00:00Z", "summary": {"long": f"{blurb} ({i})"},
         "attribute": [],
         "asset": {"id": f"a-{i}", "type": "episode", "title": f"Episode {i}",
                   "category": [{"code": "drama", "name": "Drama"}]}}
        for i in (1, 2)
    ]  # fmt: skip
    body = {"id": "f-1", "start": "2018-08-31T23:00:00Z", "end": "2018-09-30T22:59:59Z",
            "type": "monthly", "selection": picks}  # fmt: skip
    out = json.loads(shape(body, ShapeConfig()).chunks[0])
    for pick in out["selection"]:
        assert pick["summary"]["long"].startswith("Remember the crime series")
        assert pick["asset"]["id"].startswith("a-")
