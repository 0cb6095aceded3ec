"""The judge on two bodies found by running every tool of the tuning half: a list of notices
beside the answer's list, and a body that says nothing but flags beside its links."""

from __future__ import annotations

from generator.preview.judge import judge

RESULTS = [
    {"formatted": f"Place {i}", "confidence": i, "geometry": {"lat": i + 0.5}} for i in (1, 2)
]
LICENSES = [{"name": f"Licence {i}", "url": f"https://example.org/licence/{i}"} for i in (1, 2)]


def test_notices_beside_the_answers_list_are_no_records_it_answered() -> None:
    """A geocoder answers its results with the licences that come with every answer
    (``{licenses: [{name, url}], results: [...], status, rate}``): the judge took the
    licences, the one list of named objects, for the records the call answered and failed
    the answer that kept the results. Notices beside another list of objects are neither
    the payload nor the answer's records; a list of licences alone still is a payload."""
    body = {"documentation": "https://example.org/docs", "licenses": LICENSES, "results": RESULTS,
            "total_results": 2}  # fmt: skip
    kept = {"results": RESULTS, "total_results": 2}
    assert judge(body, kept, kind="read", template="/geocode/{format}").lost == []
    dropped = {"total_results": 2}
    assert judge(body, dropped, kind="read", template="/geocode/{format}").lost
    alone = judge({"licenses": LICENSES}, {}, kind="read", template="/licenses")
    assert alone.lost


LINKS = {
    "next": {"href": "/api/v2/flags/2", "type": "application/json"},
    "self": {"href": "/api/v2/flags/1", "type": "application/json"},
}


def test_a_body_of_flags_beside_its_links_keeps_a_flag() -> None:
    """A flag's setting for one user (``{_links: {self: {href}}, _value: true, setting:
    true}``): its only strings are its links' addresses, so the judge found "every value of
    the body" lost in ``{setting: true}``. A body that says nothing but flags beside its
    links keeps one of them, by name and value; its links alone are not its answer."""
    body = {"_links": LINKS, "_value": True, "setting": True}
    assert judge(body, {"setting": True}, kind="read", template="/flags/{key}").lost == []
    assert "every value of the body" in judge(body, {}, kind="read", template="/flags/{key}").lost
    shown_links = {"_links": {"self": {"href": "/api/v2/flags/1"}}}
    assert "every value of the body" in judge(body, shown_links, kind="read", template="/x").lost
    wrong = judge(body, {"setting": False}, kind="read", template="/flags/{key}")
    assert "every value of the body" in wrong.lost
