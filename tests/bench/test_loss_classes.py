"""The coarse classes the directory report counts the judge's findings by (held-back half:
aggregates only)."""

from __future__ import annotations

from generator.bench.loss_classes import answer_form, classes, name_class
from generator.preview.judge import judge


def _rows(body, shaped, kind="read", template=None, arguments=None):
    verdict = judge(body, shaped, template=template, kind=kind)
    return classes(body, shaped, verdict, kind=kind, template=template, arguments=arguments)


def test_naming_classes_are_made_of_the_name_shape_only() -> None:
    assert name_class("id") == name_class("_uuid") == "id"
    assert name_class("order_id") == name_class("orderId") == "<word>_id"
    assert name_class("key") == name_class("countryCode") == name_class("sha") == "key-like"
    assert name_class("sid") == "other"


def test_an_identity_lost_at_the_top_in_a_wrapper_and_in_items() -> None:
    assert _rows({"id": "a1", "name": "x", "size": 3}, {"size": 3}) == [
        ("identities", "id · top", "shaped"),
        ("labels", "top", "shaped"),
        ("resource", "identity or label · top", "shaped"),  # the answered resource too
    ]
    assert ("identities", "id · wrapper", "shaped") in _rows(
        {"data": {"id": "a1", "size": 3}}, {"size": 3}
    )
    body = {"items": [{"thing_id": "t1", "size": 3}, {"thing_id": "t2", "size": 4}]}
    rows = _rows(body, {"items": [{"size": 3}, {"size": 4}]})
    assert rows == [("identities", "<word>_id · item", "shaped")] * 2


def test_a_lost_list_by_depth_item_type_and_name() -> None:
    body = {"widgets": [{"id": "w1"}, {"id": "w2"}], "count": 2}
    rows = _rows(body, {"count": 2})
    assert ("lists", "depth 1 · objects · noun", "shaped") in rows
    assert rows.count(("identities", "any · with the list", "shaped")) == 2
    assert ("lists", "depth 1 · scalars · container", "shaped") in _rows(
        {"data": ["a", "b"], "total": 2}, {"total": 2}
    )
    assert ("lists", "body · objects", "empty") in _rows([{"id": "a"}, {"id": "b"}], {})


def test_the_answer_form() -> None:
    assert answer_form({"name": "sent"}, "update", False, {"name": "sent"}) == "echo"
    assert answer_form({"name": "sent"}, "read", False, {"name": "sent"}) == "shaped"
    assert answer_form({}, "update", False, {}) == "empty"
    assert answer_form({"a": 1}, "update", True, {}) == "fallback"


def test_a_path_identity_finding_by_member_class_and_place() -> None:
    body = {"thing_key": "k1", "size": 3}
    rows = _rows(body, {"size": 3}, kind="update", template="/things/{thing_key}")
    assert ("path identities", "key-like · top", "shaped") in rows


def test_the_report_counts_findings_by_class_for_both_halves() -> None:
    from pathlib import Path

    from generator.bench.breadth_calls import Call, Case, SpecResult
    from generator.bench.directory_report import Run, loss_rows

    def result(group: str, losses: list[tuple[str, str, str]]) -> SpecResult:
        call = Call("secret-api", "secret_tool", "example", kind="update", losses=losses)
        return SpecResult(Case("secret-api", Path("x"), group=group), calls=[call])

    row = ("identities", "id · wrapper", "shaped")
    run = Run([result("tuning", [row]), result("held-back", [row, row])], [], [], 5, 1, 1.0)
    table = "\n".join(loss_rows(run))
    assert "| identities | update | id · wrapper | shaped | 1 | 2 |" in table
    assert "secret" not in table  # classes and counts, never a name


def test_an_identity_lost_beside_a_key_the_answer_kept_says_so() -> None:
    """An object with no plain id whose ``external_id`` the judge demands while the answer
    kept its ``token`` (a key the judge does not read as an identity): the loss may be the
    judge's, and its class says so."""
    body = {"token": "t-1", "external_id": "e-1", "status": "done", "size": 3}
    rows = _rows(body, {"token": "t-1", "status": "done"}, kind="create")
    assert ("identities", "<word>_id · top · key kept", "shaped") in rows
    rows = _rows(body, {"status": "done"}, kind="create")
    assert ("identities", "<word>_id · top", "shaped") in rows
