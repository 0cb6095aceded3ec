"""Reads of descriptions nobody tuned for (issue 33, session 24): losses seen by eye on
vendors' own descriptions of an alert manager, a crypto exchange and an air-quality forecast,
each reproduced on a synthesized description of the same structure
(``tests/fixtures/specs/untuned_reads24.yaml``, no vendor's text): an alert's maps of strings
(its labels and annotations), numbers written as strings (prices, quantities, balances) and a
series named with a noise word inside it (``sea_salt_aerosol``), a trip planner's plan (its
itineraries beside the places it was asked about, each leg between two places). Each fails on
the rules before its fix."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.pipeline import load_spec
from generator.runtime.output import shape_config_for, shape_output
from generator.runtime.shaping.roles.noise import is_noise

from tests.support.loading import shaped_json, tools_by_name

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "untuned_reads24.yaml"


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return tools_by_name(SPEC)


def shaped(tools: dict[str, Any], name: str, body: Any) -> Any:
    return shaped_json(tools[name], body)


def _alert(n: int) -> dict[str, Any]:
    return {
        "fingerprint": f"f{n}",
        "labels": {"alertname": "DiskFull", "instance": f"db-{n}", "severity": "page"},
        "annotations": {"summary": f"disk of db-{n} is 95% full"},
        "startsAt": "2024-05-01T12:34:56Z",
        "updatedAt": "2024-05-01T12:40:00Z",
        "endsAt": "2024-05-01T13:34:56Z",
        "generatorURL": f"https://prometheus.example/graph?g{n}",
        "receivers": [{"name": "oncall"}],
        "status": {"state": "active", "silencedBy": []},
    }


def test_a_listed_record_nothing_names_keeps_its_maps_of_strings(tools) -> None:
    """An alert has no name, title or text of its own: its labels (which alert, where) and
    annotations (what it says) are what it is; they were left out for its link and times."""
    answer = shaped(tools, "list_alerts", [_alert(1), _alert(2)])
    assert answer[1]["labels"] == _alert(2)["labels"]
    assert answer[0]["annotations"]["summary"] == "disk of db-1 is 95% full"
    assert answer[0]["status"]["state"] == "active" and answer[0]["fingerprint"] == "f1"


def test_a_map_of_strings_and_a_decimal_string_are_marked_in_the_field_tree() -> None:
    """The loader says a map of strings is one (``any:strings``), not any value, and a string
    holding a decimal is a number written as a string (``number:decimal``)."""
    spec, _ = load_spec(SPEC, name=None)
    trees = {o.tool_name: o.response.field_tree for o in spec.operations}
    alert, trade = trees["list_alerts"], trees["list_trades"]
    assert isinstance(alert, dict) and isinstance(trade, dict)
    assert alert["labels"] == "any:strings" and alert["fingerprint"] == "string"
    assert trade["price"] == "number:decimal"


def test_listed_prices_and_quantities_written_as_strings_are_kept(tools) -> None:
    """A trade's price and quantity are strings holding decimals (the description's examples
    say ``"9638.99000000"``): its figures, dropped for its flags."""
    trade = {
        "id": 7,
        "price": "9638.99000000",
        "qty": "0.02077200",
        "quoteQty": "200.21000000",
        "time": 1592887772684,
        "isBuyerMaker": True,
        "isBestMatch": True,
    }
    (answer,) = shaped(tools, "list_trades", [trade])
    assert answer["price"] == "9638.99000000" and answer["qty"] == "0.02077200", answer
    assert answer["id"] == 7


def test_a_page_of_figures_keeps_all_of_them(tools) -> None:
    """A market ticker is a record of figures (prices and volumes written as strings, a
    count): what it answers; the profile's few counts left out its last price."""
    body = {
        "symbol": "BNBBTC",
        "priceChange": "-94.99999800",
        "priceChangePercent": "-95.960",
        "weightedAvgPrice": "0.29628482",
        "openPrice": "99.00000000",
        "highPrice": "100.00000000",
        "lowPrice": "0.10000000",
        "lastPrice": "4.00000200",
        "volume": "8913.30000000",
        "quoteVolume": "15.30000000",
        "openTime": 1499783499040,
        "closeTime": 1499869899040,
        "firstId": 28385,
        "lastId": 28460,
        "count": 76,
    }
    answer = shaped(tools, "get_ticker", body)
    figures = [k for k, v in body.items() if isinstance(v, str) and k != "symbol"]
    assert {k: answer.get(k) for k in figures} == {k: body[k] for k in figures}
    assert answer["symbol"] == "BNBBTC" and answer["count"] == 76


def test_balances_said_by_figures_beside_their_currency_are_kept(tools) -> None:
    """An account's balances ``{asset, free, locked}``: amounts in the asset they name."""
    body = {
        "uid": 3,
        "accountType": "SPOT",
        "canTrade": True,
        "canWithdraw": True,
        "canDeposit": True,
        "updateTime": 123456789,
        "balances": [
            {"asset": "BTC", "free": "0.50000000", "locked": "0.00000000"},
            {"asset": "ETH", "free": "12.00000000", "locked": "1.50000000"},
        ],
        "permissions": ["SPOT"],
    }
    answer = shaped(tools, "get_account", body)
    assert answer["balances"][1] == {"asset": "ETH", "free": "12.00000000", "locked": "1.50000000"}


def test_a_series_named_with_a_noise_word_inside_it_is_kept(tools) -> None:
    """``sea_salt_aerosol``: ``salt`` qualifies what is measured, it is no cryptographic salt;
    every other series of the forecast was kept, this one left out."""
    body = {
        "latitude": 52.5,
        "longitude": 13.4,
        "timezone": "GMT",
        "hourly": {
            "time": ["2024-05-01T00:00", "2024-05-01T01:00"],
            "dust": [1.0, 2.0],
            "ozone": [50.0, 52.0],
            "sea_salt_aerosol": [0.4, 0.6],
            "birch_pollen": [3.0, 1.0],
        },
    }
    answer = shaped(tools, "get_forecast", body)
    hourly = answer.get("hourly", answer)
    assert hourly["sea_salt_aerosol"] == [0.4, 0.6], answer
    assert hourly["dust"] == [1.0, 2.0]


@pytest.mark.parametrize(
    "key",
    ["salt", "password_salt", "passwordSalt", "client_salt_b64", "user_avatar_url",
     "content_hash_value", "api_token_expiry", "hash", "token", "secret_sauce_recipe",
     "enable_signature_checking", "last_checksum_verified"],
)  # fmt: skip
def test_a_noise_word_that_names_ends_or_is_a_credential_stays_noise(key: str) -> None:
    assert is_noise(key)


def test_a_noise_word_only_qualifying_a_compound_is_not_noise() -> None:
    assert not is_noise("sea_salt_aerosol") and not is_noise("seaSaltAerosol")


def _place(name: str, n: int) -> dict[str, Any]:
    return {
        "name": name,
        "stopId": f"stop-{n}",
        "lat": 52.5 + n / 100,
        "lon": 13.4,
        "arrival": "2024-05-01T08:00:00Z",
        "departure": "2024-05-01T08:01:00Z",
        "track": str(n),
    }


def _leg(mode: str, a: str, b: str, n: int) -> dict[str, Any]:
    return {
        "mode": mode,
        "from": _place(a, n),
        "to": _place(b, n + 1),
        "duration": 600,
        "startTime": "2024-05-01T08:01:00Z",
        "endTime": "2024-05-01T08:11:00Z",
        "distance": 800.0,
        "headsign": b,
        "routeShortName": "M10" if mode != "WALK" else "",
        "realTime": False,
        "legGeometry": {"points": "_p~iF~ps|U_ulLnnqC_mqNvxq`@", "precision": 6, "length": 3},
    }


def _itinerary(n: int) -> dict[str, Any]:
    return {
        "id": f"it-{n}",
        "duration": 1800,
        "startTime": "2024-05-01T08:00:00Z",
        "endTime": "2024-05-01T08:30:00Z",
        "transfers": 1,
        "legs": [_leg("WALK", "Home", "Main St", 1), _leg("BUS", "Main St", "Station", 2)],
    }


def test_a_plan_keeps_its_itineraries_and_each_legs_ends(tools) -> None:
    """``{from, to, direct: [...], itineraries: [...]}``: two lists of one schema beside the
    places asked about, no identity of its own. Its itineraries were reduced to their ids and
    the answer fell back to the generic projection (its places' ids not kept): now each
    itinerary keeps what a list's item keeps, and each leg where it starts and ends and how."""
    body = {
        "requestParameters": {"from": "Home"},
        "from": _place("Home", 0),
        "to": _place("Station", 9),
        "direct": [_itinerary(0)],
        "itineraries": [_itinerary(1), _itinerary(2)],
        "previousPageCursor": "p0",
        "nextPageCursor": "n1",
    }
    tool = tools["plan"]
    out = shape_output(body, tool, shape_config_for(tool))
    assert not any("generic projection" in note for note in out.notes), out.notes
    answer = json.loads(out.chunks[0])
    assert answer["from"]["name"] == "Home" and answer["to"]["name"] == "Station"
    second = answer["itineraries"][1]
    assert second["id"] == "it-2"
    bus = second["legs"][1]
    assert (bus["from"]["name"], bus["to"]["name"], bus["mode"]) == ("Main St", "Station", "BUS")
    assert "legGeometry" not in json.dumps(answer)  # an encoded polyline: no payload


def test_one_itinerary_keeps_each_legs_ends(tools) -> None:
    """One itinerary's page: its legs said by their names only read as a list of vehicles;
    where each starts and ends, and how, is what a person reads."""
    answer = shaped(tools, "trip", _itinerary(3))
    walk, bus = answer["legs"]
    assert (walk["from"]["name"], walk["to"]["name"], walk["mode"]) == ("Home", "Main St", "WALK")
    assert bus["to"]["name"] == "Station"
