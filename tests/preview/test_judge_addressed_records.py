"""The judge and a write answering the thing its path addresses, named by a member of its own
(Sonarr's ``PUT /api/v5/series/{id}/season`` answers the season, ``{seasonNumber, monitored,
statistics: {..., episodeFileQualities: [{id, name, ...}]}, images}``): the season's
statistics' list of qualities was taken for the records of a batch envelope, and the
identity of each counted lost, where the answer kept the season itself. A body named by
``<thing>`` + an identity word is that thing: a list in its parts is part of it. The guard:
a batch envelope that names no such thing still loses its records' identities."""

from __future__ import annotations

from typing import Any

from generator.preview.judge import judge
from generator.preview.judge_answers import records

QUALITIES = [
    {"id": 1001, "name": "Quality 1", "source": "web", "resolution": 720},
    {"id": 1002, "name": "Quality 2", "source": "bluray", "resolution": 1080},
]


def _season() -> dict[str, Any]:
    statistics = {
        "nextAiring": "2024-05-01T12:34:56Z",
        "previousAiring": "2024-04-01T12:34:56Z",
        "episodeFileCount": 2,
        "episodeCount": 2,
        "totalEpisodeCount": 10,
        "monitoredEpisodeCount": 2,
        "sizeOnDisk": 7,
        "releaseGroups": ["group 1", "group 2"],
        "episodeFileQualities": QUALITIES,
        "percentOfEpisodes": 20.0,
    }
    images = [{"coverType": "poster", "url": "https://example.org/p.jpg"}]
    return {"seasonNumber": 2, "monitored": True, "statistics": statistics, "images": images}


TEMPLATE = "/api/v5/series/{id}/season"


def test_a_season_named_by_its_number_is_no_batch_of_its_statistics() -> None:
    body = _season()
    assert records(body, "season") is None
    verdict = judge(body, {"seasonNumber": 2, "monitored": True}, kind="update", template=TEMPLATE)
    assert verdict.lost == []


def test_a_batch_envelope_naming_no_such_thing_still_loses_its_records() -> None:
    body = {"count": 2, "monitored": True, "result": {"qualities": QUALITIES}}
    assert records(body, "season") is not None
    verdict = judge(body, {"count": 2}, kind="update", template=TEMPLATE)
    assert any("answered records" in lost or "payload list" in lost for lost in verdict.lost)
