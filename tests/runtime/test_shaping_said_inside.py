"""What a list's item or a hit says when it says it inside a part: a changelog entry's changes,
a search hit's document under a reserved name, a trace's spans inside their groups."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape

CHANGE = {"description": "string", "kind": "string:enum", "links": [{"name": "string", "url": "string:uri"}]}
CHANGELOG_ENTRY = {
    "version": "string", "ts": "integer", "changes": [CHANGE],
    "contains_security_updates": "boolean", "prerelease": "boolean",
}  # fmt: skip


def _shaped(body: Any, config: ShapeConfig) -> Any:
    return json.loads("".join(shape(body, config).chunks))


def test_an_item_with_no_words_of_its_own_keeps_the_texts_of_its_parts() -> None:
    """Artifact Hub's changelog: each version says what changed only in its ``changes``."""
    chosen = choose_default_fields(CHANGELOG_ENTRY, item=True, kind="read")
    assert "changes.description" in chosen and "version" in chosen
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
    entity = {"id": "string", "name": "string", "mentions": [{"text": "string", "offset": "integer"}]}
    chosen = choose_default_fields(entity, item=True, kind="read")
    assert "mentions.text" not in chosen


HIT = {"_id": "integer", "_score": "integer", "_source": "any", "highlight": "any", "table": "string"}


def test_a_hits_document_under_a_reserved_name_is_what_it_says() -> None:
    """A search engine's hit (Manticore, Elasticsearch): ``_source`` is the document found, not
    metadata; free-form, it is kept whole; described, by its own defaults."""
    chosen = choose_default_fields(HIT, item=True, kind="search")
    assert "_source" in chosen and "_id" in chosen
    body = {"took": 3, "hits": {"total": 1, "hits": [
        {"_id": 7, "_score": 2, "table": "books", "_source": {"title": "Dune", "year": 1965}}]}}
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
