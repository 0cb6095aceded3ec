"""A read whose answer nothing names (no id, natural key or label among its values) keeps the
lists of values it holds at its top: they are what the read answers (``{schedule: {...}, ids:
[...]}``: the services blocked), not the relations of a record. Synthesized bodies with the
layout real descriptions publish; no vendor's text."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.pipeline import ShapeConfig, shape


def _read(body: dict[str, Any]) -> dict[str, Any]:
    result = shape(body, ShapeConfig(kind="read"))
    assert not result.violations
    out = json.loads(result.chunks[0])
    assert isinstance(out, dict)
    return out


def _schedule() -> dict[str, Any]:
    days = ("sun", "mon", "tue", "wed", "thu", "fri", "sat")
    return {"time_zone": "Europe/Berlin", **{d: {"start": 28800000, "end": 64800000} for d in days}}


def test_an_unnamed_reads_list_of_values_is_its_answer() -> None:
    out = _read({"schedule": _schedule(), "ids": ["svc-video", "svc-chat", "svc-games"]})
    assert out["ids"] == ["svc-video", "svc-chat", "svc-games"]
    assert out["schedule"]["time_zone"] == "Europe/Berlin"


def test_a_named_records_lists_keep_their_own_rules() -> None:
    out = _read(
        {
            "client_id": "cli-7",
            "client_name": "Reporting",
            "redirect_uris": [f"https://app.example.com/cb/{i}" for i in range(3)],
            "grant_types": ["authorization_code", "refresh_token"],
        }
    )
    assert out["client_id"] == "cli-7" and out["client_name"] == "Reporting"
    assert "grant_types" not in out  # the looser rule (no identity member) kept it
