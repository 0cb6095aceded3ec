"""What a list's item or a hit says when it says it inside a part: a changelog entry's changes,
a search hit's document under a reserved name, a trace's spans inside their groups."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.containers import group_list
from generator.runtime.shaping.decision import DefaultsContext, decide
from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape

CHANGE = {
    "description": "string",
    "kind": "string:enum",
    "links": [{"name": "string", "url": "string:uri"}],
}
CHANGELOG_ENTRY = {
    "version": "string", "ts": "integer", "changes": [CHANGE],
    "contains_security_updates": "boolean", "prerelease": "boolean",
}  # fmt: skip


def _shaped(body: Any, config: ShapeConfig) -> Any:
    return json.loads("".join(shape(body, config).chunks))


def test_an_item_with_no_words_of_its_own_keeps_the_texts_of_its_parts() -> None:
    """Artifact Hub's changelog: each version says what changed only in its ``changes``."""
    chosen = decide(CHANGELOG_ENTRY, DefaultsContext(), kind="read", item=True).default_fields
    assert "changes.description" in chosen and "version" in chosen
    # an element of a list inside a record, said by its parts' texts, is left as it was
    inside = choose_default_fields(CHANGELOG_ENTRY, item=True, kind="read")
    assert "changes.description" not in inside
    body = [
        {"version": "1.2.0", "ts": 1700000000, "prerelease": False,
         "contains_security_updates": True,
         "changes": [{"description": "Fix the login redirect loop", "kind": "fixed"},
                     {"description": "Add dark mode", "kind": "added"}]},
        {"version": "1.1.0", "ts": 1690000000, "prerelease": False,
         "contains_security_updates": False,
         "changes": [{"description": "Speed up search", "kind": "changed"}]},
    ]  # fmt: skip
    config = ShapeConfig(kind="read", field_tree=CHANGELOG_ENTRY, collection_path="",
                         default_fields=chosen)  # fmt: skip
    text = json.dumps(_shaped(body, config))
    assert "Fix the login redirect loop" in text and "Speed up search" in text


def test_an_item_that_names_itself_keeps_its_parts_lean() -> None:
    """An entity an analysis found, with its name: its passages are not repeated per item."""
    entity = {
        "id": "string",
        "name": "string",
        "mentions": [{"text": "string", "offset": "integer"}],
    }
    chosen = choose_default_fields(entity, item=True, kind="read")
    assert "mentions.text" not in chosen


HIT = {
    "_id": "integer",
    "_score": "integer",
    "_source": "any",
    "highlight": "any",
    "table": "string",
}


def test_a_hits_document_under_a_reserved_name_is_what_it_says() -> None:
    """A search engine's hit (Manticore, Elasticsearch): ``_source`` is the document found, not
    metadata; free-form, it is kept whole; described, by its own defaults."""
    chosen = choose_default_fields(HIT, item=True, kind="search")
    assert "_source" in chosen and "_id" in chosen
    body = {
        "took": 3,
        "hits": {
            "total": 1,
            "hits": [
                {
                    "_id": 7,
                    "_score": 2,
                    "table": "books",
                    "_source": {"title": "Dune", "year": 1965},
                }
            ],
        },
    }
    config = ShapeConfig(kind="search", field_tree=HIT, collection_path="hits.hits",
                         default_fields=chosen)  # fmt: skip
    assert _shaped(body, config)["hits"]["hits"][0]["_source"] == {"title": "Dune", "year": 1965}
    described = {**HIT, "_index": "string",
                 "_source": {"title": "string", "author": "string", "isbn": "string"}}  # fmt: skip
    chosen = choose_default_fields(described, item=True, kind="search")
    assert "_source.title" in chosen
    # reserved links beside a record's own words stay metadata
    record = {"id": "string", "title": "string", "_links": {"self": {"href": "string"}}}
    assert not any(p.startswith("_") for p in choose_default_fields(record, item=True))


KV = {"key": "string", "value": {"stringValue": "string", "intValue": "string"}}
SPAN = {
    "traceId": "string", "spanId": "string", "parentSpanId": "string", "traceState": "string",
    "name": "string", "kind": "integer", "startTimeUnixNano": "string",
    "endTimeUnixNano": "string", "attributes": [KV], "droppedAttributesCount": "integer",
    "events": [{"name": "string", "timeUnixNano": "string", "attributes": [KV]}],
    "links": [{"traceId": "string", "spanId": "string", "attributes": [KV]}],
    "status": {"code": "integer", "message": "string"},
}  # fmt: skip
RESOURCE_SPANS = {
    "resource": {"attributes": [KV], "droppedAttributesCount": "integer"},
    "schemaUrl": "string:uri",
    "scopeSpans": [{"scope": {"name": "string", "version": "string"},
                    "schemaUrl": "string:uri", "spans": [SPAN]}],
}  # fmt: skip


def test_a_traces_spans_inside_their_groups_keep_what_a_span_is() -> None:
    """Jaeger's trace (OpenTelemetry's ``resourceSpans[].scopeSpans[].spans[]``): the groups
    say nothing of themselves, so their spans are the list's records, each with its ids, its
    place in the tree, its times, its status and its attributes, not reduced to its name."""
    chosen = decide(RESOURCE_SPANS, DefaultsContext(), kind="read", item=True).default_fields
    spans = {
        p.removeprefix("scopeSpans.spans.") for p in chosen if p.startswith("scopeSpans.spans.")
    }
    assert {"spanId", "traceId", "parentSpanId", "name", "startTimeUnixNano",
            "endTimeUnixNano", "status.code"} <= spans, chosen  # fmt: skip
    assert {"attributes.key", "attributes.value"} <= spans or "attributes" in spans, chosen
    body = {"resourceSpans": [{"schemaUrl": "https://opentelemetry.io/schemas/1.21.0",
        "scopeSpans": [{"scope": {"name": "checkout"}, "spans": [{
            "traceId": "5b8efff798038103d269b633813fc60c", "spanId": "eee19b7ec3c1b174",
            "parentSpanId": "eee19b7ec3c1b173", "name": "POST /cart", "kind": 2,
            "startTimeUnixNano": "1544712660000000000", "endTimeUnixNano": "1544712661000000000",
            "attributes": [{"key": "http.status_code", "value": {"intValue": "200"}}],
            "status": {"code": 1}}]}]}]}  # fmt: skip
    config = ShapeConfig(kind="read", field_tree=RESOURCE_SPANS, collection_path="resourceSpans",
                         default_fields=chosen)  # fmt: skip
    span = _shaped(body, config)["resourceSpans"][0]["scopeSpans"][0]["spans"][0]
    assert span["parentSpanId"] == "eee19b7ec3c1b173" and span["endTimeUnixNano"]
    assert span["attributes"] == [{"key": "http.status_code", "value": {"intValue": "200"}}]


def test_a_list_items_tags_stay_out_and_a_named_group_is_no_group() -> None:
    """A resource's ``tags: [{key, value}]`` (not named as its data) stay out of a list's item;
    an object with a name of its own holding a list is a record, its list reduced as before;
    a parent id not named by the record's own identity is another thing's."""
    tagged = {"id": "string", "name": "string", "tags": [{"key": "string", "value": "string"}]}
    assert choose_default_fields(tagged, item=True, kind="read") == ("id", "name")
    named = {"name": "string", "schemaUrl": "string:uri",
             "steps": [{"id": "string", "name": "string", "duration": "integer",
                        "startedAt": "string:time", "endedAt": "string:time"}]}  # fmt: skip
    assert group_list(named) is None and group_list(RESOURCE_SPANS) == "scopeSpans"
    assert "steps.startedAt" not in choose_default_fields(named, item=True, kind="read")
    # a group inside a list's element (not the item a read answers) is left as it was
    report = {"id": "string", "reports": [{"changes": [{"element": "string", "oldValue": "string",
                                                        "newValue": "string"}]}]}  # fmt: skip
    assert choose_default_fields(report, kind="read", item=True) == choose_default_fields(
        report, kind="read", item=True, groups=False
    )
    other = {"id": "string", "name": "string", "parentOrgId": "string", "traceId": "string"}
    chosen = choose_default_fields(other, item=True, kind="read")
    assert "traceId" not in chosen and "parentOrgId" not in chosen
    unit = {"id": "string", "name": "string", "parent_id": "string", "kind": "string",
            "created_at": "string:time", "size": "integer"}  # fmt: skip
    assert "parent_id" not in choose_default_fields(unit, item=True, kind="read")


def test_times_in_units_since_the_epoch_nodes_of_a_tree_and_pairs_of_data() -> None:
    """Each part of the rule above alone: a time named in units since the epoch
    (``startTimeUnixNano``, ``created_unix_ms``) is a time; a record whose parent is named by its own identity keeps that
    link and the id of its thread; an item's ``attributes: [{key, value}]`` are its data."""
    timed = {"id": "string", "title": "string", "startTimeUnixNano": "string",
             "endTimeUnixNano": "string", "size": "integer"}  # fmt: skip
    chosen = choose_default_fields(timed, item=True, kind="read")
    assert {"startTimeUnixNano", "endTimeUnixNano"} <= set(chosen), chosen
    made = {"id": "string", "title": "string", "created_unix_ms": "integer", "size": "integer"}
    assert "created_unix_ms" in choose_default_fields(made, item=True, kind="read")
    took = {"id": "string", "title": "string", "processing_time_ms": "integer",
            "width": "integer", "height": "integer", "format": "string"}  # fmt: skip
    assert "processing_time_ms" not in choose_default_fields(took, item=True, kind="read")
    comment = {"id": "string", "body": "string", "parent_id": "string", "thread_id": "string",
               "score": "integer", "created_at": "string:time"}  # fmt: skip
    chosen = choose_default_fields(comment, item=True, kind="read")
    assert {"parent_id", "thread_id"} <= set(chosen), chosen
    event = {"id": "string", "name": "string", "attributes": [{"key": "string", "value": "string"}]}
    chosen = choose_default_fields(event, item=True, kind="read")
    assert {"attributes.key", "attributes.value"} <= set(chosen), chosen


def test_a_link_between_two_things_keeps_both_ends() -> None:
    """Zipkin's dependency links (``{parent, child, callCount, errorCount}``): the child the
    parent calls is half of what the link says; a record that keeps neither end is left be."""
    link = {"parent": "string", "child": "string", "callCount": "integer", "errorCount": "integer"}
    chosen = choose_default_fields(link, item=True, kind="read")
    assert {"parent", "child"} <= set(chosen), chosen
    transfer = {"id": "string", "name": "string", "from": "string", "to": "string",
                "amount": "number", "currency": "string", "status": "string"}  # fmt: skip
    chosen = choose_default_fields(transfer, item=True, kind="read")
    assert "from" not in chosen and "to" not in chosen
