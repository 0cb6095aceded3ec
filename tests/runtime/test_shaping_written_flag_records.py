"""A write's listed records that say only flags (issue 33, writes24), on synthesized trees of
the structure of GrowthBook's ``PUT /v1/settings/approvals`` (/work/outside13w/growthbook.yaml,
MIT): an update answering ``{requireReviews: [{requireReviewOn, projects: [...],
environments: [...], blockSelfApproval, ...}], approvalFlows: {...}}``, rules that nothing
names. Each rule kept ``requireReviewOn`` alone: the answer said ``true, false, true`` and
not which projects or environments each rule covers (the judge: every value of the body
lost). A read's listed record that said only flags is chosen as one record is
(``said_by.said_by_flags``); a write's listed record now is too. A record with an identity
stays lean."""

from __future__ import annotations

import json

from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape

RULE = {
    "requireReviewOn": "boolean",
    "projects": ["string"],
    "resetReviewOnChange": "boolean",
    "environments": ["string"],
    "featureRequireEnvironmentReview": "boolean",
    "featureRequireMetadataReview": "boolean",
    "blockSelfApproval": "boolean",
    "autopublishOnApproval": "boolean",
    "requiredApproverTeams": ["string"],
}


def test_a_written_rule_says_what_it_covers_beside_its_flag() -> None:
    for kind in ("create", "update", "delete"):
        chosen = choose_default_fields(RULE, item=True, kind=kind)
        assert {"projects", "environments"} <= set(chosen), (kind, chosen)


def test_the_shaped_answer_keeps_a_value_of_each_rule() -> None:
    fields = choose_default_fields(RULE, item=True, kind="update")
    config = ShapeConfig(
        default_fields=fields,
        field_tree=RULE,
        collection_path="requireReviews",
        kind="update",
    )
    body = {
        "requireReviews": [
            {**{k: True for k, v in RULE.items() if v == "boolean"}, "projects": ["web"],
             "environments": ["production"], "requiredApproverTeams": []},
            {**{k: False for k, v in RULE.items() if v == "boolean"}, "projects": ["api"],
             "environments": ["staging"], "requiredApproverTeams": ["ops"]},
        ]
    }  # fmt: skip
    shaped = json.loads(shape(body, config).chunks[0])
    rules = shaped["requireReviews"]
    assert [r["projects"] for r in rules] == [["web"], ["api"]]
    assert [r["environments"] for r in rules] == [["production"], ["staging"]]


def test_a_written_record_with_an_identity_stays_lean() -> None:
    record = {"id": "string", **RULE}
    chosen = choose_default_fields(record, item=True, kind="update")
    assert "id" in chosen and "environments" not in chosen, chosen
