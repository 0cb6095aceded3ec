"""Reads of descriptions nobody tuned for (issue 33, session 23): defects seen by eye on
vendors' own OpenAPI descriptions of monitoring, weather and transport APIs (an alert
manager's silences, a weather forecast's current readings and units), each reproduced here
on a synthesized body of the same structure (no vendor's text); each test fails on the rules
before its fix and checks what the caller needs stays."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.pipeline import ShapeConfig, shape

TEXT = (
    "A note written by whoever made the record, several sentences long, so that the shaping "
    "of long texts applies to it as it would to what a real service answers."
)


def _answer(body: Any, kind: str = "read") -> Any:
    result = shape(body, ShapeConfig(kind=kind))
    assert not result.violations
    return json.loads(result.chunks[0])


# ------------------------------------------------------------ a list of name/value records


def _silence(n: int) -> dict[str, Any]:
    """A rule that mutes what its matchers match: each matcher a pair (the label it reads and
    the value it wants) with flags saying how it compares."""
    return {
        "id": f"sil-{n}",
        "status": {"state": "active"},
        "matchers": [
            {"name": "service", "value": f"checkout-{n}", "isRegex": False, "isEqual": True},
            {"name": "region", "value": "eu-.*", "isRegex": True, "isEqual": True},
        ],
        "startsAt": "2024-05-01T12:34:56Z",
        "endsAt": "2024-05-02T12:34:56Z",
        "createdBy": "ops",
        "comment": TEXT,
    }


def test_a_pair_with_flags_keeps_its_value_on_a_page() -> None:
    """``{name, value, isRegex}``: the name alone says which label, not what it must be."""
    answer = _answer(_silence(1))
    assert answer["matchers"][0]["name"] == "service"
    assert answer["matchers"][0]["value"] == "checkout-1"
    assert answer["matchers"][1]["value"] == "eu-.*"


def test_a_pair_with_flags_keeps_its_value_in_a_list_item() -> None:
    answer = _answer([_silence(1), _silence(2)])
    assert [m["value"] for m in answer[1]["matchers"]] == ["checkout-2", "eu-.*"]
    assert answer[0]["id"] == "sil-1"


def test_a_keyed_pair_keeps_its_value_beside_a_setting() -> None:
    """A job's headers ``{key, value, enabled}`` on its page: which header and its value (a
    page shows such a small record whole, its flag too: ``list_steps.page_extras``)."""
    body = {
        "id": "job-1",
        "name": "nightly",
        "status": "ok",
        "headers": [{"key": "X-Trace", "value": "on", "enabled": True}],
    }
    (header,) = _answer(body)["headers"]
    assert header["key"] == "X-Trace" and header["value"] == "on", header


def test_a_record_named_by_a_label_keeps_no_value_of_another_name() -> None:
    """Only a bare ``value`` is a pair's: a stage named by ``name`` with a ``valueType``
    and an ``id`` is a resource said by its name and id, as before."""
    body = {
        "id": "job-1",
        "name": "nightly",
        "status": "ok",
        "stages": [{"id": "s1", "name": "build", "valueType": "text", "enabled": True}],
    }
    stages = _answer(body)["stages"]
    assert all("valueType" not in s for s in stages)
    assert stages[0]["name"] == "build"


# ------------------------------------------------- parts keyed like the series they go with


def _forecast() -> dict[str, Any]:
    """A weather answer: hourly series by quantity, their units by the same names, and the
    current reading of each (a time, the window it covers, and one number per quantity)."""
    names = ["temperature_2m", "rain", "wind_speed_10m", "cloud_cover", "snowfall"]
    hours = [f"2024-05-01T{h:02d}:00" for h in range(6)]
    hourly: dict[str, Any] = {"time": hours}
    hourly.update({n: [float(i + h) for h in range(6)] for i, n in enumerate(names)})
    return {
        "latitude": 52.5,
        "longitude": 13.4,
        "timezone": "Europe/Berlin",
        "hourly": hourly,
        "hourly_units": {"time": "iso8601", **{n: f"unit-{n}" for n in names}},
        "current": {"time": hours[0], "interval": 900, **{n: 1.5 for n in names}},
        "current_units": {"time": "iso8601", "interval": "seconds", **{n: "u" for n in names}},
    }


def test_units_and_current_readings_keyed_like_the_series_are_kept() -> None:
    answer = _answer(_forecast())
    assert answer["hourly"]["rain"] == [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    assert answer["hourly_units"]["wind_speed_10m"] == "unit-wind_speed_10m"
    assert answer["current"]["temperature_2m"] == 1.5
    assert answer["current"]["snowfall"] == 1.5
    assert answer["current_units"]["rain"] == "u"


def test_a_part_that_shares_no_names_with_the_series_is_not_kept_whole() -> None:
    """A part of other scalars beside the series (its settings) stays as the defaults chose."""
    body = _forecast()
    body["settings"] = {f"option_{i}": f"value {i}" for i in range(8)}
    body["settings"]["rain"] = "on"
    answer = _answer(body)
    assert len(answer.get("settings", {})) < 9
