"""Tables (``runtime/shaping/columns.py``): rows whose cells are known by their position keep the
names of their columns by default, wherever the answer puts them. Bodies synthesized in the
layouts query APIs publish: a result set's rows of ``{f: [{v}]}`` beside ``schema.fields``, a
session read's rows of arrays beside ``metadata.rowType.fields``, a log query's list of tables
each with ``columns`` and ``rows``, an SQL statement's ``result.data_array`` beside
``manifest.schema.columns``."""

from __future__ import annotations

import json
from typing import Any

from generator.preview.judge import judge
from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.columns import header_paths, tables
from generator.runtime.shaping.trees import field_tree_from_value

CELLS = [["ada", "3", "2024-05-01"], ["bob", "5", "2024-05-02"], ["cy", "8", "2024-05-03"]]
COLUMNS = ["user_name", "visits", "day"]


def _shaped(body: Any, *, collection: str | None, kind: str = "search") -> Any:
    tree = field_tree_from_value(body)
    listed = collection is not None
    item_tree = tree
    for segment in (collection or "").split(".") if collection else ():
        item_tree = item_tree[segment]
    if listed and isinstance(item_tree, list):
        item_tree = item_tree[0]
    config = ShapeConfig(
        default_fields=choose_default_fields(item_tree, item=listed, kind=kind),
        collection_path=collection,
        field_tree=tree,
        kind=kind,
    )
    return json.loads(shape(body, config).chunks[0])


def _result_set() -> dict[str, Any]:
    return {
        "kind": "queryResponse",
        "jobReference": {"jobId": "job_1", "projectId": "p1", "location": "EU"},
        "schema": {
            "fields": [
                {"name": n, "type": "STRING", "mode": "NULLABLE", "description": f"the {n}"}
                for n in COLUMNS
            ]
        },
        "rows": [{"f": [{"v": c} for c in row]} for row in CELLS],
        "totalRows": "3",
        "jobComplete": True,
        "cacheHit": False,
    }


def test_a_result_set_keeps_its_columns_names_beside_its_rows() -> None:
    """The rows are the payload list; the header sits in the wrapper, which kept only its
    metadata: the rows came back as bare values."""
    shaped = _shaped(_result_set(), collection="rows")
    assert [f["name"] for f in shaped["schema"]["fields"]] == COLUMNS
    assert shaped["schema"]["fields"][0] == {"name": "user_name"}  # names only, not the types
    assert [[c["v"] for c in r["f"]] for r in shaped["rows"]] == CELLS
    assert list(shaped).index("schema") < list(shaped).index("rows")  # read before the rows
    found = judge(_result_set(), shaped).check("table columns")
    assert (found.judged, found.kept) == (1, 1)


def test_rows_of_arrays_keep_the_names_in_their_metadata() -> None:
    body = {
        "metadata": {
            "rowType": {"fields": [{"name": n, "type": {"code": "STRING"}} for n in COLUMNS]},
            "transaction": {"id": "dHgx", "readTimestamp": "2024-05-01T12:00:00Z"},
        },
        "rows": CELLS,
        "stats": {"rowCount": "3"},
    }
    shaped = _shaped(body, collection=None, kind="read")
    assert shaped["rows"] == CELLS
    assert [f["name"] for f in shaped["metadata"]["rowType"]["fields"]] == COLUMNS
    assert "type" not in shaped["metadata"]["rowType"]["fields"][0]


def test_each_table_of_a_list_of_tables_keeps_its_columns() -> None:
    body = {
        "tables": [
            {
                "name": "PrimaryResult",
                "columns": [{"name": n, "type": "string"} for n in COLUMNS],
                "rows": CELLS,
            },
            {
                "name": "Totals",
                "columns": [
                    {"name": "metric", "type": "string"},
                    {"name": "value", "type": "long"},
                ],
                "rows": [["visits", 16], ["users", 3]],
            },
        ]
    }
    shaped = _shaped(body, collection="tables")
    assert [[c["name"] for c in t["columns"]] for t in shaped["tables"]] == [
        COLUMNS,
        ["metric", "value"],
    ]
    assert [t["rows"] for t in shaped["tables"]] == [CELLS, [["visits", 16], ["users", 3]]]


def test_a_statement_result_keeps_the_column_names_of_its_manifest() -> None:
    body = {
        "statement_id": "01ef",
        "status": {"state": "SUCCEEDED"},
        "manifest": {
            "format": "JSON_ARRAY",
            "schema": {
                "column_count": 3,
                "columns": [
                    {"name": n, "type_name": "STRING", "type_text": "STRING", "position": i}
                    for i, n in enumerate(COLUMNS)
                ],
            },
            "total_row_count": 3,
        },
        "result": {"chunk_index": 0, "row_offset": 0, "row_count": 3, "data_array": CELLS},
    }
    assert tables(body) == [
        ("result.data_array", "manifest.schema.columns", "manifest.schema.columns.name")
    ]
    # read as one resource, the defaults chose its scalars and left the rows out: the rows
    # hold most of its values once the header (labels) is not counted, so both come back
    shaped = _shaped(body, collection=None, kind="read")
    assert shaped["result"]["data_array"] == CELLS
    assert [c["name"] for c in shaped["manifest"]["schema"]["columns"]] == COLUMNS


def test_no_header_is_added_when_the_rows_are_not_kept_or_nothing_names_columns() -> None:
    body = _result_set()
    assert header_paths(body, False, ["rows", "schema"]) == ()  # the header kept already
    # most of the answer is the rows: left out by the defaults, they come back with the header
    assert header_paths(body, False, ["jobReference.jobId"]) == ("rows", "schema.fields.name")
    # a dataset's record with a small preview table: the defaults may leave the preview out
    dataset: dict[str, Any] = {f"setting_{i}": f"value {i}" for i in range(12)}
    dataset["preview"] = {"columns": [{"name": "a"}, {"name": "b"}], "rows": [["1", "2"]]}
    assert tables(dataset) == [("preview.rows", "preview.columns", "preview.columns.name")]
    assert header_paths(dataset, False, ["setting_0"]) == ()
    # a list of pairs beside a list of two named things that do not describe columns
    line = {"coordinates": [[1.5, 2.5], [3.5, 4.5]], "stops": [{"name": "A"}, {"name": "B"}]}
    assert tables(line) == []
    # rows of one cell say nothing positional
    assert tables({"rows": [["a"], ["b"]], "fields": [{"name": "only"}]}) == []
