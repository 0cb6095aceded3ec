"""Parts of one family: the variants of one result side by side (issue 33).

Found on an outside description (a feature-flag service's evaluation answers a boolean
evaluation, a variant evaluation and an error part side by side, sharing their reason, time
and key): on a page the variant part kept only what the family shares, without the result
that tells it apart. Reproduced on a synthesized body of the same structure (no vendor's
text)."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.pipeline import ShapeConfig, shape


def _answer(body: Any, kind: str = "read") -> Any:
    result = shape(body, ShapeConfig(kind=kind))
    assert not result.violations
    return json.loads(result.chunks[0])


def _check() -> dict[str, Any]:
    shared = {
        "reason": "DEFAULT_REASON",
        "requestId": "req_5a1c9e",
        "durationMillis": 4.5,
        "timestamp": "2024-06-01T08:00:00Z",
        "ruleKey": "rul_77ab01",
        "groupKeys": ["grp_a", "grp_b"],
    }
    return {
        "type": "RANKED_CHECK_RESULT",
        "passCheck": {"passed": True, **shared},
        "rankCheck": {"matched": True, "tierKey": "tier_gold", "tierData": "data 1", **shared},
        "failure": {"ruleKey": "rul_77ab01", "spaceKey": "spc_01", "reason": "NO_FAILURE"},
    }


def test_each_variant_of_one_result_keeps_what_tells_it_apart() -> None:
    answer = _answer(_check())
    assert answer["passCheck"]["passed"] is True
    # the ranked variant keeps its own result, not only the reason and time it shares
    assert answer["rankCheck"]["tierKey"] == "tier_gold"
    assert answer["rankCheck"]["matched"] is True


def test_a_variant_keeping_its_own_member_gets_no_more() -> None:
    answer = _answer(_check())
    # the failure part already says its own ``spaceKey``: nothing added to it
    assert answer["failure"] == {"ruleKey": "rul_77ab01", "spaceKey": "spc_01"}
    assert "requestId" not in answer["rankCheck"]


def test_a_variant_named_by_its_label_gets_no_more() -> None:
    body = _check()
    body["rankCheck"]["name"] = "Gold tier"
    answer = _answer(body)
    # its name tells it apart already
    assert answer["rankCheck"]["name"] == "Gold tier"
    assert "tierKey" not in answer["rankCheck"]
