"""The judge's checks of what a generation answers (judge_generated.py, judge_content.py):
an analysis's records keep their type and figures, a report's changes their own members; and
the texts the content check takes for generated (not a policy's condition descriptions, not a
JSON document echoed as a string, not one of a record's several lists). Hand-made bodies of
the shapes language-analysis, prediction and config-report APIs answer with."""

from __future__ import annotations

import copy
from typing import Any

from generator.preview.judge import judge
from generator.preview.judge_content import generated_content

TEXT = (
    "The museum opened in the spring and drew visitors from across the region to its new "
    "wing of modern paintings and sculpture."
)
ENTITIES: dict[str, Any] = {
    "entities": [
        {
            "name": name,
            "type": kind,
            "salience": salience,
            "sentiment": {"score": score, "magnitude": 0.4},
            "mentions": [{"text": {"content": TEXT, "beginOffset": 4}, "type": "PROPER"}],
            "metadata": {"wikipedia_url": f"https://en.wikipedia.org/wiki/{name}"},
        }
        for name, kind, salience, score in (
            ("museum", "LOCATION", 0.61, 0.3),
            ("spring", "EVENT", 0.22, 0.1),
            ("region", "LOCATION", 0.17, -0.2),
        )
    ],
    "language": "en",
}
REPORT: dict[str, Any] = {
    "serviceName": "things.example.com",
    "id": "cfg-2024-05-01",
    "changeReports": [
        {
            "configChanges": [
                {
                    "element": "http.rules[0].get",
                    "oldValue": "/v1/things",
                    "newValue": "/v2/things",
                    "changeType": "MODIFIED",
                    "advices": [{"description": TEXT}],
                },
                {
                    "element": "quota.limits[1]",
                    "oldValue": "",
                    "newValue": "100/min",
                    "changeType": "ADDED",
                    "advices": [{"description": TEXT}],
                },
            ]
        }
    ],
}


def _generated(verdict: Any) -> tuple[int, int]:
    found = verdict.check("generated records")
    return found.judged, found.kept


def test_an_analysis_whose_entities_keep_only_their_names_fails_and_says_what_they_lost() -> None:
    names_only = {"entities": [{"name": e["name"]} for e in ENTITIES["entities"]]}
    verdict = judge(ENTITIES, names_only, kind="generate")
    assert _generated(verdict) == (3, 0)
    assert verdict.lost == [
        "generated records: entities[0] kept {name}: lost its type 'LOCATION'; its figures "
        "(salience, sentiment.score) (and 2 more like it)"
    ]
    finding = verdict.findings[0]
    assert finding.fields == ("type", "salience")  # relative to an item of the list


def test_entities_keeping_their_type_and_salience_pass() -> None:
    kept: dict[str, Any] = {
        "entities": [
            {"name": e["name"], "type": e["type"], "salience": e["salience"]}
            for e in ENTITIES["entities"]
        ],
        "language": "en",
    }
    verdict = judge(ENTITIES, kept, kind="generate")
    assert _generated(verdict) == (3, 3) and verdict.lost == []
    by_part = copy.deepcopy(kept)  # a figure of a part (sentiment.score) is one too
    for e, original in zip(by_part["entities"], ENTITIES["entities"]):
        del e["salience"]
        e["sentiment"] = {"score": original["sentiment"]["score"]}
    assert _generated(judge(ENTITIES, by_part, kind="generate")) == (3, 3)


def test_only_a_generation_is_judged_for_its_records() -> None:
    names_only = {"entities": [{"name": e["name"]} for e in ENTITIES["entities"]]}
    for kind in (None, "read", "search", "create"):
        assert _generated(judge(ENTITIES, names_only, kind=kind)) == (0, 0)


def test_a_category_the_same_on_every_record_tells_none_apart() -> None:
    body = copy.deepcopy(ENTITIES)
    for e in body["entities"]:
        e["type"] = "UNKNOWN"
    kept = {"entities": [{"name": e["name"], "salience": e["salience"]} for e in body["entities"]]}
    assert _generated(judge(body, kept, kind="generate")) == (3, 3)


def test_a_report_whose_changes_keep_only_their_advice_texts_fails() -> None:
    advice_only = {
        "serviceName": REPORT["serviceName"],
        "id": REPORT["id"],
        "changeReports": [
            {"configChanges": [{"advices": [{"description": TEXT}]} for _ in range(2)]}
        ],
    }
    verdict = judge(REPORT, advice_only, kind="generate")
    assert _generated(verdict) == (2, 0)
    assert verdict.lost[0].startswith(
        "generated records: changeReports[0].configChanges[0] kept {advices}: lost its "
        "changeType 'MODIFIED'; its own members (element, oldValue, newValue, changeType)"
    )
    changes = [
        {k: c[k] for k in ("element", "newValue", "changeType")}
        for c in REPORT["changeReports"][0]["configChanges"]
    ]
    kept = {**advice_only, "changeReports": [{"configChanges": changes}]}
    assert _generated(judge(REPORT, kept, kind="generate")) == (2, 2)


def test_the_answers_own_figures_are_judged_and_a_list_left_out_is_not_judged_again() -> None:
    body = {
        "documentSentiment": {"score": 0.8, "magnitude": 3.1},
        "language": "en",
        "sentences": [{"text": {"content": TEXT}, "sentiment": {"score": 0.8}}],
    }
    assert _generated(judge(body, {"language": "en"}, kind="generate")) == (1, 0)
    kept = {"documentSentiment": {"score": 0.8}, "language": "en"}
    assert _generated(judge(body, kept, kind="generate")) == (1, 1)


# ---------------------------------------------------------------------- what is generated content


def test_a_policys_condition_descriptions_are_not_generated_content() -> None:
    policy = {
        "version": 3,
        "etag": "BwWKmjvelug=",
        "bindings": [
            {
                "role": "roles/viewer",
                "members": ["user:ada@example.com"],
                "condition": {"title": "expires", "description": TEXT, "expression": "x"},
            }
        ],
    }
    assert generated_content(policy) == []
    reply = {"id": "r-1", "choices": [{"message": {"role": "assistant", "content": TEXT}}]}
    assert generated_content(reply) == [("choices/0/message/content", TEXT)]


def test_a_json_document_written_as_a_string_is_not_prose() -> None:
    echoed = {
        "pg_id": "d24ac6189b0b11e6966ca68d5edbef41",
        "rmsg": "Capture request accepted",
        "echo_fields": '[ {"product" : "lawn mower deluxe"},{"purchase" : "one year of care"} ]',
    }
    assert generated_content(echoed) == []
    assert generated_content({"summary": TEXT}) == [("summary", TEXT)]


def test_a_records_lists_of_different_schemas_are_its_parts_not_alternatives() -> None:
    basket = {
        "Id": "b-1",
        "Discounts": [{"DiscountType": "percent", "Amount": "10"}],
        "OrderItems": [{"ProductId": 4, "Quantity": 2}],
        "UserPrompt": [{"StatusCode": "c-1", "DefaultMessage": TEXT}],
    }
    assert generated_content(basket) == []
    both = {  # lists of one schema side by side are alternatives still
        "translations": [{"translatedText": TEXT, "model": "m"}],
        "glossaryTranslations": [{"translatedText": TEXT, "model": "m"}],
    }
    assert len(generated_content(both)) == 2
