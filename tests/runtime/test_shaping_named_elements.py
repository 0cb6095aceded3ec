"""The elements of a list inside one resource a read answers, named by a label of their
own, show their text's first words as a listed item does; an element that is its text
and a report's reason keep the longer preview. Synthesized bodies with the structure of
single-resource reads of the tuning half and the practitioners' material (an access
policy's conditions, an analysis's sentences, a page's comments; no vendor's text); fails
on the rules before."""

from __future__ import annotations

import json

from generator.runtime.shaping.list_items import ITEM_PREVIEW_CHARS, PREVIEW_CHARS
from generator.runtime.shaping.pipeline import ShapeConfig, shape

TEXT = (
    "Grants read access until the end of the quarter, after which the binding lapses and the "
    "members must ask again through the usual review."
)
BODY = {  # an access policy: its bindings, each with a condition named by its title
    "version": 3,
    "auditConfigs": [{"service": f"service-{i}.example.com"} for i in range(2)],
    "bindings": [
        {
            "role": f"roles/viewer{i}",
            "members": ["user:a@example.com"],
            "condition": {"title": f"Until quarter end {i}", "description": TEXT},
        }
        for i in range(3)
    ],
}


def _chars(text: str) -> int:
    return len(text.rstrip("…").rstrip())


def test_a_named_element_of_a_list_inside_one_resource_shows_a_listed_items_preview() -> None:
    answer = json.loads(shape(BODY, ShapeConfig(kind="read")).chunks[0])
    conditions = [b["condition"] for b in answer["bindings"]]
    assert len(conditions) == 3 and all(c["title"].startswith("Until") for c in conditions)
    assert all(_chars(c["description"]) <= ITEM_PREVIEW_CHARS for c in conditions)
    assert all(TEXT.startswith(c["description"].rstrip("…")) for c in conditions)


def test_an_element_that_is_its_text_keeps_the_longer_preview() -> None:
    body = {
        "id": "an_1",
        "name": "Review analysis",
        "sentences": [{"score": 0.5 + i / 10, "text": TEXT} for i in range(3)],
        "comments": [{"id": f"c{i}", "body": TEXT} for i in range(3)],  # an id names no text
    }
    answer = json.loads(shape(body, ShapeConfig(kind="read")).chunks[0])
    texts = [s["text"] for s in answer["sentences"]] + [c["body"] for c in answer["comments"]]
    assert len(texts) == 6 and all(ITEM_PREVIEW_CHARS < _chars(t) <= PREVIEW_CHARS for t in texts)
