"""A bulk job a write starts answers how much of the work was done (issue 33, writes24), on
synthesized trees of the structure of Klaviyo's catalog API (``POST /catalog-category-bulk-
create-jobs`` answering ``{data: {type, id, attributes: {status, total_count,
completed_count, failed_count, errors, created_at, ...}}}``; /work/outside23writes/
klaviyo-catalogs.json, MIT). The write profile took the job's status and errors and left its
counts out: the answer said the job was processing, not that 9 of 10 records were done and
1 failed. A write's record that says where it stands keeps its counts of one kind together;
a record with one count, or counts of no state, keeps to the usual rules."""

from __future__ import annotations

from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape

ERROR = {"id": "string", "code": "string", "title": "string", "detail": "string"}
JOB = {  # the record ``data`` holds (the loader's envelope)
    "type": "string:const",
    "id": "string",
    "attributes": {
        "status": "string:enum",
        "created_at": "string:time",
        "total_count": "integer",
        "completed_count": "integer",
        "failed_count": "integer",
        "completed_at": "string:time",
        "errors": [ERROR],
        "expires_at": "string:time",
    },
    "links": {"self": "string"},
}
COUNTS = ("total_count", "completed_count", "failed_count")


def test_a_jobs_counts_stay_in_the_answer_of_the_write_that_started_it() -> None:
    for kind in ("create", "update", "delete"):
        chosen = choose_default_fields(JOB, kind=kind)
        for count in COUNTS:
            assert f"attributes.{count}" in chosen, (kind, chosen)
        assert "id" in chosen and "attributes.status" in chosen


def test_the_shaped_answer_says_how_much_was_done() -> None:
    body = {
        "data": {
            "type": "catalog-category-bulk-create-job",
            "id": "01J9",
            "attributes": {
                "status": "processing",
                "created_at": "2022-11-08T00:00:00+00:00",
                "total_count": 10,
                "completed_count": 9,
                "failed_count": 1,
                "completed_at": None,
                "errors": [{"id": "e1", "code": "invalid", "title": "Invalid", "detail": "x"}],
                "expires_at": "2022-11-15T00:00:00+00:00",
            },
            "links": {"self": "https://a.example/jobs/01J9"},
        },
        "links": {"self": "https://a.example/jobs/01J9"},
    }
    fields = choose_default_fields(JOB, kind="create")
    config = ShapeConfig(default_fields=fields, field_tree=JOB, kind="create", envelope_path="data")
    text = shape(body, config).chunks[0]
    for value in ('"completed_count":9', '"failed_count":1', '"total_count":10'):
        assert value in text.replace(" ", ""), text


def test_one_count_or_counts_without_a_state_keep_to_the_usual_rules() -> None:
    one = {
        "id": "string",
        "name": "string",
        "status": "string:enum",
        "description": "string",
        "member_count": "integer",
        "owner": {"id": "string", "login": "string"},
        "tags": ["string"],
    }
    assert "member_count" not in choose_default_fields(one, kind="update")
    stateless = {
        "id": "string",
        "name": "string",
        "description": "string",
        "total_count": "integer",
        "failed_count": "integer",
        "owner": {"id": "string", "login": "string"},
        "tags": ["string"],
    }
    chosen = choose_default_fields(stateless, kind="update")
    assert not {"total_count", "failed_count"} <= set(chosen), chosen
