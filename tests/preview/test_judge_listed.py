"""The judge's ``named by its list`` check (``preview/judge_listed.py``): an item kept of a list
named for what it holds keeps the member named so. Synthesized bodies of the shapes a reading
of the tuning half found (a quotes feed, an IP access list, a list of links); each passes a
result that keeps the member and fails one that keeps the item without it."""

from __future__ import annotations

from typing import Any

from generator.preview.judge import judge
from generator.preview.judge_checks import CHECKS
from generator.preview.judge_listed import singular

QUOTES: dict[str, Any] = {
    "success": {"total": 2},
    "contents": {
        "quotes": [
            {
                "quote": "Do not worry if you have built your castles in the air.",
                "length": "55",
                "author": "Henry David Thoreau",
                "id": "mYpH8syTM8rf8KFORoAJmQeF",
            },
            {
                "quote": "The day soldiers stop bringing you their problems is the day.",
                "length": "61",
                "author": "Colin Powell",
                "id": "XLa1AmylKv1XF_dXcyhvdweF",
            },
        ]
    },
}
ADDRESSES = {
    "ip_addresses": [
        {"sid": f"IP{n}", "friendly_name": f"office {n}", "ip_address": f"10.0.0.{n}"}
        for n in range(1, 4)
    ]
}


def test_named_by_its_list_is_a_named_failing_check() -> None:
    assert any(spec.name == "named by its list" and spec.fails for spec in CHECKS)


def test_quotes_kept_without_their_quote_fail() -> None:
    kept = {
        "contents": {
            "quotes": [{"author": q["author"], "id": q["id"]} for q in QUOTES["contents"]["quotes"]]
        }
    }
    verdict = judge(QUOTES, kept)
    found = verdict.check("named by its list")
    assert (found.judged, found.kept) == (2, 0), found
    assert any("quote" in lost for lost in verdict.lost), verdict.lost
    # the overlay's field path, relative to the payload list's item
    assert [f.fields for f in verdict.findings if f.check == "named by its list"] == [("quote",)]


def test_a_quote_cut_with_a_marker_is_kept() -> None:
    cut = {
        "contents": {
            "quotes": [
                {"quote": q["quote"][:30] + "…", "id": q["id"]}
                for q in QUOTES["contents"]["quotes"]
            ]
        }
    }
    found = judge(QUOTES, cut).check("named by its list")
    assert (found.judged, found.kept) == (2, 2), found


def test_an_access_list_keeps_its_addresses() -> None:
    lean = {"ip_addresses": [{"sid": a["sid"]} for a in ADDRESSES["ip_addresses"]]}
    assert judge(ADDRESSES, lean).check("named by its list").kept == 0
    assert judge(ADDRESSES, ADDRESSES).check("named by its list").kept == 3


def test_no_plural_no_credential_nothing_judged() -> None:
    tokens = {"authTokens": [{"authToken": "aut_693c285eed", "type": "web"}]}
    assert judge(tokens, {"authTokens": [{"type": "web"}]}).check("named by its list").judged == 0
    status = {"status": [{"status": "ok", "id": 1}]}
    assert judge(status, {"status": [{"id": 1}]}).check("named by its list").judged == 0
    assert [singular(x) for x in ("addresses", "categories", "quotes", "news", "status")] == [
        "address",
        "category",
        "quote",
        None,
        None,
    ]
