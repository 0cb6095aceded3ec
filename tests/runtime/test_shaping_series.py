"""Series an operation answers (``runtime/shaping/series.py``): a list of numbers or of arrays
that holds most of the answer's values is kept by default, whatever the description's
defaults chose, and encodings, lists of ids and a generation's numbers stay out. Bodies
synthesized from the shapes real APIs answer with (a metric's data points, a price history, a
boundary's coordinates, daily figures)."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.series import answered_series

PAIRS = [[1700000000 + 60 * i, round(0.5 + i * 0.37, 2)] for i in range(12)]
PRICES = [round(100 + i * 1.5, 2) for i in range(12)]

# A sensor's time series as a list of them answers it: five scalars label the data points.
SENSOR = {
    "id": "string",
    "name": "string",
    "unit": "string",
    "description": "string",
    "created_at": "string:time",
    "data": [["number"]],
}


def _sensor(n: int) -> dict[str, Any]:
    return {
        "id": f"t{n}",
        "name": f"Roof sensor {n}",
        "unit": "C",
        "description": "A temperature sensor on the roof of the north building",
        "created_at": "2024-01-01T00:00:00Z",
        "data": PAIRS,
    }


def _shaped(body: Any, tree: dict[str, Any], *, kind: str = "read", listed: bool) -> Any:
    config = ShapeConfig(
        default_fields=choose_default_fields(tree, item=listed, kind=kind),
        collection_path="" if listed else None,
        field_tree=tree,
        kind=kind,
    )
    return json.loads(shape(body, config).chunks[0])


def test_a_list_of_series_keeps_each_items_data_points() -> None:
    """Each item's five labels took the defaults' room and the points, most of its values,
    were dropped: the list said which sensors there are, not what they measured."""
    assert "data" not in choose_default_fields(SENSOR, item=True)  # the description alone
    shaped = _shaped([_sensor(n) for n in range(3)], SENSOR, listed=True)
    assert [item["data"] for item in shaped] == [PAIRS] * 3
    assert all(item["name"].startswith("Roof sensor") for item in shaped)


def test_a_metric_query_keeps_the_points_of_its_series() -> None:
    """A search answering a metric query: a payload list of series, each labelled by a
    dozen scalars around its ``pointlist``."""
    series = {
        "metric": "string",
        "display_name": "string",
        "scope": "string",
        "expression": "string",
        "interval": "integer",
        "length": "integer",
        "start": "integer",
        "end": "integer",
        "unit": "string",
        "pointlist": [["number"]],
    }
    tree = {"status": "string", "query": "string", "series": [series]}
    body = {
        "status": "ok",
        "query": "avg:cpu{*}",
        "series": [
            {
                "metric": "cpu",
                "display_name": "cpu",
                "scope": "host:a",
                "expression": "avg:cpu{host:a}",
                "interval": 60,
                "length": 12,
                "start": 1,
                "end": 2,
                "unit": "percent",
                "pointlist": PAIRS,
            }
        ],
    }
    config = ShapeConfig(
        default_fields=choose_default_fields(series, item=True, kind="search"),
        collection_path="series",
        field_tree=tree,
        kind="search",
    )
    shaped = json.loads(shape(body, config).chunks[0])
    assert shaped["series"][0]["pointlist"] == PAIRS


def test_a_resources_part_that_holds_its_series_is_kept_with_its_axis() -> None:
    """A boundary's ``geometry.coordinates`` and a link's ``daily`` figures are in a part:
    kept, and the dates the figures were counted on with them (a list as long as they)."""
    boundary = {
        "type": "string",
        "id": "string",
        "properties": {"name": "string", "kind": "string", "population": "integer"},
        "geometry": {"type": "string", "coordinates": [["number"]]},
    }
    line = [[13.4 + i / 100, 52.5 + i / 100] for i in range(12)]
    body = {
        "type": "Feature",
        "id": "b1",
        "properties": {"name": "Ward 1", "kind": "ward", "population": 1200},
        "geometry": {"type": "LineString", "coordinates": line},
    }
    assert _shaped(body, boundary, listed=False)["geometry"]["coordinates"] == line
    stats = {
        "id": "string",
        "name": "string",
        "created": "string:time",
        "description": "string",
        "daily": {"dates": ["string"], "views": ["integer"], "clicks": ["integer"]},
    }
    dates = [f"2024-01-{d:02}" for d in range(1, 13)]
    daily = {"dates": dates, "views": list(range(12)), "clicks": list(range(3, 15))}
    body = {"id": "l1", "name": "Promo", "created": "2024-01-01T00:00:00Z", "daily": daily}
    body["description"] = "the link we sent to the mailing list"
    assert _shaped(body, stats, listed=False)["daily"] == daily


def test_a_write_answering_the_values_it_wrote_keeps_them() -> None:
    """An update of a range of cells answers what it changed and the rows it wrote, in a part
    (``updatedData.values``, rows of cells): the write's lean profile kept the id only."""
    tree = {
        "spreadsheetId": "string",
        "updatedRange": "string",
        "updatedRows": "integer",
        "updatedColumns": "integer",
        "updatedCells": "integer",
        "updatedData": {"range": "string", "majorDimension": "string", "values": [["string"]]},
    }
    rows = [["Region", "Q1", "Q2"], ["North", "120", "135"], ["South", "98", "110"]]
    rows += [["East", "101", "99"]]
    body = {
        "spreadsheetId": "1abc",
        "updatedRange": "Sheet1!A1:C4",
        "updatedRows": 4,
        "updatedColumns": 3,
        "updatedCells": 12,
        "updatedData": {"range": "Sheet1!A1:C4", "majorDimension": "ROWS", "values": rows},
    }
    assert "updatedData.values" not in choose_default_fields(tree, kind="update")
    shaped = _shaped(body, tree, kind="update", listed=False)
    assert shaped["updatedData"]["values"] == rows
    assert shaped["spreadsheetId"] == "1abc"


def test_a_few_numbers_beside_the_record_are_not_its_answer() -> None:
    """Series that hold less than half the values are left to the defaults (a record's
    ``scores`` beside its labels), and so are a list's items' lists of ids, whatever their
    length: its relations, for its page."""
    record = {"id": "r1", "name": "Run", "owner": "ana", "state": "done", "scores": [1.5, 2]}
    assert answered_series(record, listed=False) == ()
    team = {"id": 7, "name": "Core", "member_ids": list(range(40))}
    assert answered_series([team], listed=True) == ()
    assert answered_series({"data": _sensor(1)}, listed=False) == ("data.data",)


def test_encodings_and_a_generations_numbers_are_not_series() -> None:
    """An embedding's vector is an encoding (left out of a concise answer with a note), not
    data points; a generation answers its content, not its token ids."""
    vector = [((i * 37) % 100) / 100 - 0.5 + 0.001 for i in range(128)]
    item = {"object": "embedding", "index": 0, "embedding": vector}
    assert answered_series([item], listed=True) == ()
    tree = {"object": "string", "index": "integer", "embedding": ["number"]}
    shaped = _shaped([item], tree, kind="create", listed=True)
    assert "embedding" not in shaped[0]
    completion = {"model": "m", "response": "Hello there.", "context": list(range(300, 400))}
    assert answered_series(completion, listed=False, kind="generate") == ()


def test_the_operators_defaults_are_not_second_guessed() -> None:
    config = ShapeConfig(
        default_fields=("id", "name"),
        collection_path="",
        field_tree=SENSOR,
        operator_defaults=True,
    )
    shaped = json.loads(shape([_sensor(1)], config).chunks[0])
    assert shaped == [{"id": "t1", "name": "Roof sensor 1"}]


def test_defaults_read_again_from_the_response_keep_its_series() -> None:
    """The description promised ``{id, title}`` and the items came with other members: the
    defaults read from the response itself keep the data points too."""
    tree = {"id": "string", "title": "string"}
    body = [{"sensor_key": f"k{n}", **_sensor(n)} for n in range(2)]
    for item in body:
        item.pop("id")
    config = ShapeConfig(
        default_fields=choose_default_fields(tree, item=True), collection_path="", field_tree=tree
    )
    result = shape(body, config)
    assert result.repaired
    assert [item["data"] for item in json.loads(result.chunks[0])] == [PAIRS] * 2


def test_a_write_that_set_a_groups_members_answers_their_ids() -> None:
    """An update of a group's members answers the group with the ids it now holds, most of
    its values: what the call did (a list of ids is a relation elsewhere)."""
    tree = {
        "id": "integer",
        "name": "string",
        "updated_at": "string:time",
        "user_ids": ["integer"],
        "role_ids": ["integer"],
    }
    body = {
        "id": 7,
        "name": "Core",
        "updated_at": "2024-01-01T00:00:00Z",
        "user_ids": [101, 102, 103, 104],
        "role_ids": [3, 4],
    }
    assert "user_ids" not in choose_default_fields(tree, kind="update")
    shaped = _shaped(body, tree, kind="update", listed=False)
    assert (shaped["user_ids"], shaped["role_ids"]) == ([101, 102, 103, 104], [3, 4])


INSIGHTS = """
openapi: 3.0.3
info: {title: Analytics, version: "1"}
paths:
  /insights:
    get:
      operationId: queryInsights
      responses:
        "200":
          description: a saved report's counts
          content:
            application/json:
              schema:
                type: object
                properties:
                  computed_at: {type: string}
                  date_range:
                    type: object
                    properties:
                      from_date: {type: string}
                      to_date: {type: string}
                  headers: {type: array, items: {type: string}}
                  series: {type: object, description: event -> date -> count}
"""


def test_a_report_keeps_its_counts_by_key_that_its_description_leaves_open(tmp_path: Any) -> None:
    """An analytics report (Mixpanel's Insights layout): its ``series`` is an open object in
    the description, counts by event and by date in the response. It was dropped for an
    envelope around ``date_range``, the one object described; it is what the report answers."""
    from generator.pipeline import load_spec
    from generator.preview.tools import tools_of
    from generator.runtime.output import shape_config_for

    described = tmp_path / "insights.yaml"
    described.write_text(INSIGHTS, encoding="utf-8")
    spec, _ = load_spec(described, name=None)
    config = shape_config_for(tools_of(spec)[1][0][1])
    assert config.envelope_path is None  # not the date range alone
    weeks = [f"2024-0{m}-01" for m in range(1, 7)]
    body = {
        "computed_at": "2024-07-01T10:00:00",
        "date_range": {"from_date": weeks[0], "to_date": weeks[-1]},
        "headers": ["$event"],
        "series": {
            event: {week: 100 * n + i for i, week in enumerate(weeks)}
            for n, event in enumerate(["Signed up", "Viewed page", "Purchased"], start=1)
        },
    }
    answer = json.loads(shape(body, config).chunks[0])
    assert answer["series"] == body["series"]
    # counts by key are a series found in the response too (a map of numbers, one level)
    daily = {"id": "r1", "name": "Visits", "unit": "views", "daily": dict.fromkeys(weeks, 7)}
    assert answered_series(daily, listed=False) == ("daily",)
    # named measures are a record, not counts by key
    scored = {"id": "s1", "sentiment": {"magnitude": 0.9, "score": 0.6}}
    assert answered_series(scored, listed=False) == ()


def test_points_written_as_records_are_a_series() -> None:
    """Wikimedia's per-page metrics (the public API directory, wikimedia.org 1.0.0, CC0)
    answer ``{items: [{project, page-title, editor-type, granularity, results: [{timestamp,
    abs_bytes_diff}, ...]}]}``: the points were dropped, and since ``page-title`` was read as
    paging's (a ``page_*`` name), the item kept only its ``editor-type`` and the invariants
    sent the generic projection. Points written as records (numbers at one time) are a
    series; a page's title is its label. Records named by an id, or holding other text, are
    not points."""
    tree = {"project": "string", "page-title": "string", "editor-type": "string",
            "granularity": "string",
            "results": [{"timestamp": "string:time", "abs_bytes_diff": "integer"}]}  # fmt: skip
    points = [{"timestamp": f"2024-05-{d:02d}T00:00:00Z", "abs_bytes_diff": d * 3}
              for d in range(1, 9)]  # fmt: skip
    body = [{"project": "en.wikipedia", "page-title": f"Page {n}", "editor-type": "user",
             "granularity": "daily", "results": points} for n in range(3)]  # fmt: skip
    assert "page-title" in choose_default_fields(tree, item=True)
    shaped = _shaped(body, tree, listed=True)
    assert [item["results"] for item in shaped] == [points] * 3
    assert [item["page-title"] for item in shaped] == ["Page 0", "Page 1", "Page 2"]
    people = [{"id": n, "timestamp": "2024-05-01T00:00:00Z", "edits": n} for n in range(8)]
    ranked = [{"user_text": "Ada", "timestamp": "2024-05-01T00:00:00Z", "edits": n}
              for n in range(8)]  # fmt: skip
    assert answered_series({"top": people}, listed=False) == ()
    assert answered_series({"top": ranked}, listed=False) == ()
