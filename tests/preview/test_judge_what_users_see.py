"""The judge's checks of what users see (issue 33): people, the identity a path parameter names,
schema siblings, series, encodings. Synthesized bodies of the structures the issue found (a
Gitea issue list, Twilio's ``sid`` and ``uri``, a Lichess rating history and tournaments, a
chat completion with logprobs); each check passes a result that keeps what it judges and
fails one that loses it."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any

from generator.bench.breadth_calls import Call, Case, SpecResult
from generator.bench.breadth_report import report
from generator.preview.judge import judge
from generator.preview.judge_checks import CHECKS
from generator.preview.judge_encodings import is_byte_array, is_embedding
from generator.preview.judge_paths import (
    named_member,
    object_params,
    one_value_for_all,
    sibling_paths,
)
from generator.preview.judge_roles import labels


def _person(login: str, name: str) -> dict[str, Any]:
    return {
        "id": abs(hash(login)) % 1000,
        "login": login,
        "full_name": name,
        "email": f"{login}@example.com",
        "avatar_url": f"https://git.example.com/avatars/{login}",
        "last_login": "2024-03-01T09:30:00Z",
        "created": "2020-01-02T10:00:00Z",
    }


ISSUES = [
    {
        "id": 101 + n,
        "number": 7 + n,
        "title": f"Crash on start {n}",
        "state": "open",
        "user": _person("ada", "Ada Lovelace"),
        "assignee": _person("bob", "Bob Builder"),
        "assignees": [_person("bob", "Bob Builder"), _person("cy", "Cy Young")],
        "labels": [{"id": 1, "name": "bug", "color": "ee0701"}],
        "created_at": "2024-04-01T08:00:00Z",
        "updated_at": "2024-04-02T08:00:00Z",
    }
    for n in range(3)
]


def _issues(**kept: Any) -> list[dict[str, Any]]:
    """The issues as the defaults would shape them: identity, label, times, plus ``kept``."""
    base = [
        {"number": i["number"], "title": i["title"], "updated_at": i["updated_at"]} for i in ISSUES
    ]
    return [{**b, **kept} for b in base]


def _check(verdict: Any, name: str) -> tuple[int, int]:
    found = verdict.check(name)
    return found.judged, found.kept


# ---------------------------------------------------------------------- people


def test_people_reduced_to_their_handles_pass() -> None:
    kept = [
        {
            **b,
            "user": {"login": "ada"},
            "assignee": {"login": "bob"},
            "assignees": [{"login": "bob"}, {"login": "cy"}],
        }
        for b in _issues()
    ]
    verdict = judge(ISSUES, kept)
    assert _check(verdict, "people") == (12, 12) and verdict.lost == []


def test_an_ordering_named_by_is_not_a_person() -> None:
    # ``orderBy`` names how a list is sorted, not who did something: dropping it is no loss,
    # while ``written_by`` (an irregular participle) is a person like ``created_by``.
    body: list[dict[str, Any]] = [
        {
            "id": i,
            "title": f"Report {i}",
            "updated_at": "2024-03-01T09:30:00Z",
            "orderBy": {"name": "updated", "direction": "desc"},
            "written_by": {"username": f"u{i}", "last_seen": "2024-03-01T09:30:00Z"},
        }
        for i in range(3)
    ]
    kept = [{"id": b["id"], "title": b["title"], "updated_at": b["updated_at"]} for b in body]
    verdict = judge(body, kept)
    assert _check(verdict, "people") == (3, 0)
    assert [f.fields for f in verdict.findings] == [("written_by.username",)]
    with_people = [
        {**k, "written_by": {"username": b["written_by"]["username"]}} for k, b in zip(kept, body)
    ]
    assert judge(body, with_people).lost == []


def test_a_person_reduced_to_a_timestamp_fails_and_says_where() -> None:
    kept = [
        {**b, "user": {"login": "ada"}, "assignee": {"last_login": "2024-03-01T09:30:00Z"}}
        for b in _issues()
    ]
    for item in kept:
        item["assignees"] = [{"last_login": "2024-03-01T09:30:00Z"}] * 2
    verdict = judge(ISSUES, kept)
    assert verdict.lost == [  # (people are not judged as schema siblings: by their handle)
        "people: [0].assignee reduced to {last_login}: lost its handle/name (login) "
        "(and 2 more like it)",
        "people: [0].assignees[0] reduced to {last_login}: lost its handle/name (login) "
        "(and 5 more like it)",
    ]
    assert _check(verdict, "people") == (12, 3)
    assert [f.fields for f in verdict.findings] == [("assignee.login",), ("assignees.login",)]
    # the old checks alone passed it: the date was read as a handle (``last_login``)
    assert verdict.identities_kept == verdict.identified == 3


def test_a_person_left_out_while_the_item_keeps_its_times_and_nobody_fails() -> None:
    verdict = judge(ISSUES, _issues())  # when, but not who
    assert verdict.lost[0].startswith("people: [0].user left out while [0] keeps its times")
    assert verdict.findings[0].fields == ("user.login",)
    # an item that keeps who it is assigned to has chosen among its people: not a loss
    kept = [{**b, "assignee": {"login": "bob"}, "assignees": ["bob", "cy"]} for b in _issues()]
    assert judge(ISSUES, kept).lost == []
    # an item reduced to what it is (no time of its own) may leave its people out
    lean = [{"number": i["number"], "title": i["title"]} for i in ISSUES]
    assert _check(judge(ISSUES, lean), "people") == (0, 0) and judge(ISSUES, lean).lost == []


def _member(n: int) -> dict[str, Any]:  # who it is is said by its parts only
    return {
        "id": 1000 + n,
        "profile": {"first_name": f"Ada{n}", "last_name": "Lovelace"},
        "persona": {"identity": {"username": f"ada{n}", "avatar_uri": "https://x.test/a.png"}},
        "usage": {"joined_at": "2020-01-02T10:00:00Z", "online": True},
    }


HOOKS: list[dict[str, Any]] = [{"id": n, "name": f"hook {n}", "user": _member(n)} for n in range(3)]


def test_a_person_whose_handle_is_in_a_part_is_judged_by_it() -> None:
    reduced = [
        {"id": h["id"], "name": h["name"], "user": {"usage": {"joined_at": "2020-01-02T10:00:00Z"}}}
        for h in HOOKS
    ]
    verdict = judge(HOOKS, reduced)
    assert _check(verdict, "people") == (3, 0)
    assert verdict.lost[0].startswith("people: [0].user reduced to")
    assert verdict.findings[0].fields == ("user.persona.identity.username",)  # a handle first
    kept = [
        {
            "id": h["id"],
            "name": h["name"],
            "user": {
                "persona": {"identity": {"username": h["user"]["persona"]["identity"]["username"]}}
            },
        }
        for h in HOOKS
    ]
    assert _check(judge(HOOKS, kept), "people") == (3, 3)


def test_a_repository_whose_owner_is_only_a_last_login_fails() -> None:
    repo = {
        "id": 5,
        "name": "forge",
        "full_name": "ada/forge",
        "owner": _person("ada", "Ada Lovelace"),
        "updated_at": "2024-04-02T08:00:00Z",
    }
    shaped = {"id": 5, "full_name": "ada/forge", "owner": {"last_login": "2024-03-01T09:30:00Z"}}
    assert judge(repo, shaped).lost == [
        "people: owner reduced to {last_login}: lost its handle/name (login)"
    ]
    assert judge(repo, {**shaped, "owner": {"full_name": "Ada Lovelace"}}).lost == []
    assert judge(repo, {**shaped, "owner": "ada"}).lost == []  # a person shaped to its handle


def test_a_date_is_never_a_label_or_a_handle() -> None:
    assert labels({"last_login": "2024-03-01T09:30:00Z"}) == []
    assert labels({"login": "ada", "last_login": "2024-03-01T09:30:00Z"}) == ["ada"]
    assert labels({"title": "2024-03-01 release notes"}) == ["2024-03-01 release notes"]


def test_only_objects_under_a_persons_name_and_shaped_like_one_are_people() -> None:
    body = {
        "id": 1,
        "title": "Deploy",
        "created_at": "2024-04-01T08:00:00Z",
        "target": {"name": "prod", "region": "eu"},  # not a person's name
        "owner": {"id": 9, "created": "2020-01-02T10:00:00Z"},  # no handle or name
        "created_by": {"username": "ada"},
    }
    verdict = judge(body, {"id": 1, "title": "Deploy", "created_at": "2024-04-01T08:00:00Z"})
    assert _check(verdict, "people") == (1, 0)
    assert verdict.lost == ["people: created_by left out while (body) keeps its times (username)"]


def test_a_project_that_keeps_its_lead_has_chosen_among_its_people() -> None:
    """A project's ``lead`` is a person (the shaping's role nouns hold it too): a result that
    keeps who leads it, by name, beside when it was made, says who; its creator left out is
    a choice among its people, not a loss. A lead reduced to no name still loses it."""
    body = {
        "id": "p-1",
        "name": "Launch",
        "createdAt": "2024-04-01T08:00:00Z",
        "lead": {"id": "u-1", "name": "Ada", "email": "ada@example.com"},
        "creator": {"id": "u-2", "displayName": "Bo"},
    }
    kept = {k: body[k] for k in ("id", "name", "createdAt", "lead")}
    assert judge(body, kept).lost == []
    nameless = {**kept, "lead": {"id": "u-1"}}
    assert judge(body, nameless).lost[0].startswith("people: lead reduced to {id}")


# ---------------------------------------------------------------------- path identities

TWILIO_LIST = "/2010-04-01/Accounts/{AccountSid}/Messages.json"
TWILIO_ONE = "/2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json"
TEMPLATES = [
    "/2010-04-01/Accounts.json",
    "/2010-04-01/Accounts/{AccountSid}.json",
    TWILIO_LIST,
    TWILIO_ONE,
    "/2010-04-01/Accounts/{AccountSid}/Messages/{MessageSid}/Media.json",
]


def _message(n: int) -> dict[str, Any]:
    sid = f"SM{n:032x}"
    return {
        "sid": sid,
        "account_sid": "AC" + "0" * 32,
        "body": f"Hello number {n}",
        "status": "delivered",
        "date_created": "Thu, 30 Jul 2015 20:12:31 +0000",
        "uri": f"/2010-04-01/Accounts/AC{'0' * 32}/Messages/{sid}.json",
    }


MESSAGES: dict[str, Any] = {"messages": [_message(n) for n in range(3)], "page": 0, "page_size": 50}


def test_the_parameters_that_name_the_objects_an_operation_answers() -> None:
    assert sibling_paths(TWILIO_LIST, TEMPLATES) == (TWILIO_ONE,)
    assert object_params(TWILIO_LIST, (TWILIO_ONE,)) == [("Sid", "Message")]
    assert object_params(TWILIO_ONE) == [("Sid", "Message")]
    account = object_params("/2010-04-01/Accounts/{AccountSid}.json")
    assert named_member({"sid": "AC1", "owner_account_sid": "AC0"}, account) == (
        "sid",
        "AccountSid",
    )
    issue = object_params("/repos/{owner}/{repo}/issues/{issue_number}")
    assert named_member({"id": 101, "number": 7}, issue) == ("number", "issue_number")
    assert named_member({"id": 3, "name": "Rex"}, object_params("/pets/{petId}")) == (
        "id",
        "petId",
    )
    assert object_params("/pets") == [] and object_params(None) == []
    # a dotted method is an address of its own, not a format suffix: a room's role
    # assignments (``/rooms.roles``) are not the rooms ``/rooms.media/{rid}`` names
    rooms = ("/api/v1/rooms.media/{rid}", "/api/v1/rooms.roles")
    assert sibling_paths("/api/v1/rooms.roles", rooms) == ()
    assert object_params("/api/v1/rooms.roles", rooms[:1], items=True) == []
    # what holds one value on every listed item tells none apart: it addresses none of them
    methods = [{"type": "cert", "status": "ACTIVE"}, {"type": "cert", "status": "INACTIVE"}]
    by_type = object_params("/authenticators/{id}/methods/{methodType}")
    assert named_member(methods[0], by_type) == ("type", "methodType")
    assert one_value_for_all(methods, by_type, ())
    assert not one_value_for_all([methods[0], dict(methods[1], type="sms")], by_type, ())
    assert not one_value_for_all(methods[:1], by_type, ())
    assert not one_value_for_all([methods[0], methods[0]], by_type, ())  # a repeated example
    # the thing named inside the parameter: ``{external_customer_id}`` names ``external_id``
    customer = object_params("/customers/{external_customer_id}")
    assert named_member({"lago_id": "c-1", "external_id": "x-1"}, customer) == (
        "external_id",
        "external_customer_id",
    )
    assert named_member({"lago_id": "c-1", "external_ref": "x-1"}, customer) is None
    # a list's items are not named by the parameter that chooses the list
    assert object_params("/me/top/{type}", items=True) == []
    assert object_params("/me/top/{type}") == [("type", "top")]
    # a segment of several parameters is named by its last
    cert = "/certificates(thumbprintAlgorithm={thumbprintAlgorithm},thumbprint={thumbprint})"
    assert object_params(cert) == [("thumbprint", "")]


def test_a_member_a_parents_parameter_names_is_not_the_objects_own_id() -> None:
    """Netlify's sessions of an agent runner (``/agent_runners/{agent_runner_id}/sessions``
    beside ``.../sessions/{agent_runner_session_id}``): each session's ``agent_runner_id`` is
    the runner's, named by the path's own ``{agent_runner_id}``, not the session's id with
    ``session`` taken from inside: the parameter names the session's ``id``."""
    runner = "/agent_runners/{agent_runner_id}/sessions"
    one = runner + "/{agent_runner_session_id}"
    sessions = [{"id": f"s-{n}", "agent_runner_id": "r-1", "title": f"Session {n}"} for n in (1, 2)]
    kept = [{"id": s["id"], "title": s["title"]} for s in sessions]
    verdict = judge(sessions, kept, template=runner, siblings=(one,))
    assert verdict.lost == [] and _check(verdict, "path identities") == (2, 2)
    read = judge(sessions[0], kept[0], template=one)
    assert read.lost == [] and _check(read, "path identities") == (1, 1)
    # the parameter names the session's own ``id``: a list keeping the runner's id loses it
    runners = [{"title": s["title"], "agent_runner_id": "r-1"} for s in sessions]
    verdict = judge(sessions, runners, template=runner, siblings=(one,))
    assert _check(verdict, "path identities") == (2, 0)
    # with no parent of that name the member is still the session's, taken from inside
    alone = "/sessions/{agent_runner_session_id}"
    lost = judge(sessions[0], kept[0], template=alone)
    assert _check(lost, "path identities") == (1, 0)


def test_list_items_that_keep_a_link_in_place_of_their_sid_fail() -> None:
    links = {"messages": [{"body": m["body"], "uri": m["uri"]} for m in MESSAGES["messages"]]}
    verdict = judge(MESSAGES, links, template=TWILIO_LIST, siblings=(TWILIO_ONE,))
    assert verdict.lost == [
        *(f"identity of item {i}" for i in range(3)),
        "path identities: messages[0] lost sid (named by {Sid}); keeps uri in its place "
        "(and 2 more like it)",
    ]
    assert _check(verdict, "path identities") == (3, 0)
    assert verdict.findings[-1].fields == ("sid",)
    # a ``sid`` is the item's own identity too (the identity check once saw none: no ``id``)
    assert verdict.identified == 3
    sids = {"messages": [{"sid": m["sid"], "body": m["body"]} for m in MESSAGES["messages"]]}
    kept = judge(MESSAGES, sids, template=TWILIO_LIST, siblings=(TWILIO_ONE,))
    assert kept.lost == [] and _check(kept, "path identities") == (3, 3)
    # without the templates the check judges nothing (callers that do not know them)
    assert _check(judge(MESSAGES, links), "path identities") == (0, 0)


def test_a_fetched_resource_keeps_the_member_its_path_names() -> None:
    one = _message(1)
    links = {"body": one["body"], "status": one["status"], "uri": one["uri"]}
    verdict = judge(one, links, template=TWILIO_ONE)
    assert verdict.lost == [
        "identity of the body",
        "path identities: (body) lost sid (named by {Sid}); keeps uri in its place",
    ]
    assert judge(one, {"sid": one["sid"], "status": "delivered"}, template=TWILIO_ONE).lost == []
    issue = ISSUES[0]
    template = "/repos/{owner}/{repo}/issues/{issue_number}"
    shaped = {"id": issue["id"], "title": issue["title"], "state": "open"}  # old checks: content
    assert judge(issue, shaped, template=template).lost == [
        "path identities: (body) lost number (named by {issue_number})"
    ]


# ---------------------------------------------------------------------- schema siblings


def _tournament(n: int, status: str) -> dict[str, Any]:
    return {
        "id": f"t{status[:2]}{n}",
        "fullName": f"Hourly {status} arena {n}",
        "createdBy": "lichess",
        "startsAt": 1700000000000 + n,
        "nbPlayers": 10 * n,
        "status": status,
    }


TOURNAMENTS = {
    group: [_tournament(n, group) for n in range(2)] for group in ("created", "started", "finished")
}


def _lean(items: list[dict[str, Any]], *members: str) -> list[dict[str, Any]]:
    return [{k: i[k] for k in members} for i in items]


def test_lists_of_one_schema_that_keep_different_members_fail() -> None:
    shaped = {
        "created": _lean(TOURNAMENTS["created"], "id", "fullName"),
        "started": _lean(TOURNAMENTS["started"], "fullName"),
        "finished": _lean(TOURNAMENTS["finished"], "fullName"),
    }
    verdict = judge(TOURNAMENTS, shaped)
    assert verdict.lost == [
        "schema siblings: started lost id, kept by its siblings created, finished",
        "schema siblings: finished lost id, kept by its siblings created, started",
    ]
    assert [f.fields for f in verdict.findings] == [("started.id",), ("finished.id",)]
    same = {k: _lean(v, "id", "fullName") for k, v in TOURNAMENTS.items()}
    assert judge(TOURNAMENTS, same).lost == [] and _check(
        judge(TOURNAMENTS, same), "schema siblings"
    ) == (1, 1)


def test_lists_of_one_schema_with_optional_members_are_siblings_each_loss_said() -> None:
    """Lichess's ``created`` items keep ``id``, ``started`` and ``finished`` their names: the
    lists differ by their optional members (``secondsToStart``, ``winner``)."""
    body = copy.deepcopy(TOURNAMENTS)
    for item in body["created"]:
        item["secondsToStart"] = 30
    for item in body["finished"]:
        item["winner"] = {"name": "ada", "id": "ada"}
    shaped = {
        "created": _lean(body["created"], "id"),
        "started": _lean(body["started"], "fullName", "status"),
        "finished": _lean(body["finished"], "fullName", "status"),
    }
    verdict = judge(body, shaped)
    assert verdict.lost == [
        "schema siblings: created lost fullName, status, kept by its siblings started, finished",
        "schema siblings: started lost id, kept by its siblings created, finished",
        "schema siblings: finished lost id, kept by its siblings created, started",
    ]
    assert _check(verdict, "schema siblings") == (1, 0)  # one group
    assert verdict.findings[0].fields == ("created.fullName", "created.status")
    unlike = {"a": [{"id": 1, "x": 1, "y": 2, "z": 3}], "b": [{"id": 2, "p": 1, "q": 2, "r": 3}]}
    assert _check(judge(unlike, {"a": [{"id": 1}]}), "schema siblings") == (0, 0)


def test_a_sibling_list_left_out_while_the_others_are_kept_fails() -> None:
    shaped = {k: _lean(v, "id", "fullName") for k, v in TOURNAMENTS.items() if k != "finished"}
    assert judge(TOURNAMENTS, shaped).lost == [
        "schema siblings: finished left out while its siblings created, started are kept"
    ]


def test_a_member_a_sibling_has_no_value_for_is_not_asked_of_it() -> None:
    body = copy.deepcopy(TOURNAMENTS)
    for item in body["started"]:
        item["createdBy"] = None  # concise results leave nulls out
    shaped = {k: _lean(v, "id", "createdBy") for k, v in body.items() if k != "started"}
    shaped["started"] = _lean(body["started"], "id")
    assert judge(body, shaped).lost == []


# ---------------------------------------------------------------------- series

RATING_HISTORY = [
    {"name": "Bullet", "points": [[2011, 0, 8, 1472], [2011, 0, 10, 1332], [2011, 1, 2, 1410]]},
    {"name": "Blitz", "points": [[2011, 7, 29, 1332], [2012, 2, 1, 1501]]},
    {"name": "Puzzles", "points": [[2013, 4, 5, 1620]]},
]


def test_counts_by_key_are_a_series_the_answer_keeps() -> None:
    weeks = [f"2024-0{m}-01" for m in range(1, 7)]
    series = {e: {w: 10 * n + i for i, w in enumerate(weeks)} for n, e in enumerate("abc", 1)}
    body = {"computed_at": "2024-07-01", "unit": "week", "series": series}
    lost = judge(body, {"computed_at": "2024-07-01", "unit": "week"}, kind="search")
    assert _check(lost, "series") == (3, 0)  # each event's counts
    assert _check(judge(body, body, kind="search"), "series") == (3, 3)
    # a few counts beside a record's many members label it: not its answer
    record = {"id": "r1", "name": "n", "title": "t", "owner": "o", "tally": {"open": 1, "done": 2}}
    assert _check(judge(record, {"id": "r1"}, kind="read"), "series") == (0, 0)


def test_a_rating_history_reduced_to_the_series_names_fails() -> None:
    verdict = judge(RATING_HISTORY, [{"name": s["name"]} for s in RATING_HISTORY])
    assert verdict.lists_kept == 1 and verdict.labels_kept == 3  # the older checks passed it
    assert verdict.lost == [
        "series: [0].points lost (3 items, the answer's values) (and 2 more like it)"
    ]
    assert [f.fields for f in verdict.findings] == [("points",)]
    assert judge(RATING_HISTORY, copy.deepcopy(RATING_HISTORY)).lost == []
    assert _check(judge(RATING_HISTORY, RATING_HISTORY), "series") == (3, 3)


def test_a_few_numbers_beside_a_records_fields_are_not_its_payload() -> None:
    body = {"id": 1, "name": "Thing", "state": "on", "owner_team": "core", "tag_ids": [4, 5]}
    assert _check(judge(body, {"id": 1, "name": "Thing"}), "series") == (0, 0)
    series = {"id": "s-1", "metric": "cpu", "values": [0.5, 0.7, 0.9, 0.4, 0.3, 0.6]}
    assert judge(series, {"id": "s-1", "metric": "cpu"}).lost == [
        "series: values lost (6 items, the answer's values)"
    ]


# ---------------------------------------------------------------------- encodings


def _token(text: str, logprob: float) -> dict[str, Any]:
    return {
        "token": text,
        "logprob": logprob,
        "bytes": list(text.encode("utf-8")),
        "top_logprobs": [{"token": text, "logprob": logprob, "bytes": list(text.encode())}],
    }


ANSWER = "The capital of France is Paris, which has been its capital for many centuries."
COMPLETION: dict[str, Any] = {
    "id": "chatcmpl-123",
    "object": "chat.completion",
    "model": "small-model-1",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": ANSWER},
            "logprobs": {"content": [_token(w, -0.1 * n) for n, w in enumerate(ANSWER.split())]},
            "finish_reason": "stop",
        }
    ],
}
LEFT_OUT: dict[str, Any] = {"id": "chatcmpl-123", "choices": [{"message": {"content": ANSWER}}]}


def test_logprobs_kept_in_a_concise_result_fail_as_noise() -> None:
    kept = copy.deepcopy(LEFT_OUT)
    kept["choices"][0]["logprobs"] = COMPLETION["choices"][0]["logprobs"]
    verdict = judge(COMPLETION, kept)
    assert verdict.answer.content_kept == 1  # the content is there: the older checks passed it
    assert verdict.lost == [
        "encodings left out: choices[0].logprobs (logprobs) kept in a concise result: noise"
    ]
    assert (verdict.findings[0].fields, verdict.findings[0].action) == (
        ("choices.logprobs",),
        "exclude",
    )
    assert judge(COMPLETION, kept, concise=False).lost == []  # detailed results may carry them


def test_logprobs_left_out_pass_and_want_a_note() -> None:
    verdict = judge(COMPLETION, LEFT_OUT, notes=[])
    assert verdict.lost == [] and _check(verdict, "encodings left out") == (1, 1)
    assert [str(n) for n in verdict.notices] == [
        "encodings noted: choices[0].logprobs (logprobs) left out without a note"
    ]
    noted = judge(COMPLETION, LEFT_OUT, notes=["[left out: choices.logprobs]"])
    assert noted.notices == [] and _check(noted, "encodings noted") == (1, 1)
    assert _check(judge(COMPLETION, LEFT_OUT), "encodings noted") == (0, 0)  # notes unknown


def _scored(text: str) -> list[dict[str, Any]]:
    return [{"id": n, "text": t, "logprob": -0.1 * n} for n, t in enumerate(text.split())]


def test_per_token_records_scored_by_logprob_are_an_encoding_whatever_their_name() -> None:
    # a text-generation server's details (TGI's ``/generate``): the text again, token by token
    body = {
        "generated_text": ANSWER,
        "details": {
            "finish_reason": "length",
            "tokens": _scored(ANSWER),
            "top_tokens": [_scored(w) for w in ANSWER.split()[:3]],
        },
    }
    kept = judge(body, body, kind="generate")
    assert _check(kept, "encodings left out") == (2, 0)
    lean = {"generated_text": ANSWER, "details": {"finish_reason": "length"}}
    assert _check(judge(body, lean, kind="generate"), "encodings left out") == (2, 2)
    # classes scored by log probability are what a classification answers
    classes = {"labels": [{"label": "positive", "logprob": -0.1}, {"label": "no", "logprob": -2}]}
    assert _check(judge(classes, classes, kind="generate"), "encodings left out") == (0, 0)


def test_byte_arrays_and_embeddings_are_encodings_not_series() -> None:
    assert is_byte_array(list("Hello, world".encode()))
    assert not is_byte_array([1, 2, 3, 4, 5, 6, 7, 8])  # control characters: not text
    assert not is_byte_array([72, 105])  # too short to say
    vector = [round(0.013 * n - 0.4, 4) + 0.0001 for n in range(64)]
    assert is_embedding(vector) and not is_embedding([float(n) for n in range(64)])
    body = {"object": "list", "data": [{"object": "embedding", "index": 0, "embedding": vector}]}
    verdict = judge(body, body)
    assert verdict.lost == [
        "encodings left out: data[0].embedding (embedding of 64 numbers) kept in a concise "
        "result: noise"
    ]
    assert _check(verdict, "series") == (0, 0)
    blob = {"id": "f-1", "name": "notes.txt", "content": list("Meeting at noon, room 4".encode())}
    assert judge(blob, {"id": "f-1", "name": "notes.txt"}).lost == []
    assert judge(blob, blob).lost == [
        "encodings left out: content (byte array) kept in a concise result: noise"
    ]


# ---------------------------------------------------------------------- the verdict and the report


def test_every_verdict_carries_every_named_check() -> None:
    names = [c.name for c in judge({"id": 1}, {"id": 1}).checks]
    assert names == [s.name for s in CHECKS]


def test_the_named_checks_are_integer_fields_judged_then_kept() -> None:
    """A reader of the verdict's fields (``<name>``, then ``<name>_kept``) finds every check."""
    verdict = judge(ISSUES, _issues())
    fields = dataclasses.asdict(verdict.seen)
    assert list(fields)[:4] == ["people", "people_kept", "path_identities", "path_identities_kept"]
    assert (fields["people"], fields["people_kept"]) == _check(verdict, "people") == (12, 0)


def test_the_breadth_report_gives_each_check_a_row_a_column_and_its_failing_patterns() -> None:
    calls = []
    for n, (body, shaped) in enumerate(
        [(ISSUES, _issues()), (RATING_HISTORY, [{"name": s["name"]} for s in RATING_HISTORY])]
    ):
        call = Call("api.yaml", f"tool_{n}", "spec example", "read", "GET", raw=500, shaped=50)
        call.verdict = judge(body, shaped)
        calls.append(call)
    result = SpecResult(Case("api.yaml", Path(__file__)), tools=2, calls=calls)
    text = report([result])
    assert (
        "| people: a person keeps a handle or a name, never only times | 0.0% (0/12) | 100%: NOT met |"
        in text
    )
    assert "### What users see, per HTTP method" in text
    assert "| kind | calls | " + " | ".join(s.name for s in CHECKS) + " |" in text
    assert (
        "| people | user left out while its object keeps its times | 1 | 1 | api.yaml, tool_0: [0].user |"
        in text
    )
    assert "| series | points lost (arrays) | 1 | 1 | api.yaml, tool_1: [0].points |" in text


# ---------------------------------------------------------------------- secrets


def test_a_read_that_shows_a_credential_it_carries_fails_and_a_create_is_not_judged() -> None:
    certificates: list[dict[str, Any]] = [
        {
            "id": f"c{i}",
            "name": f"Certificate {i}",
            "certificateRawData": {"privateKey": f"-----BEGIN KEY----- MIIEv{i}"},
            "token_type": "Bearer token",
        }
        for i in range(2)
    ]
    cursor = "CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA"
    body = {"certificates": certificates, "nextPageToken": cursor}
    leaked = {
        "certificates": [
            {"id": c["id"], "name": c["name"], "certificateRawData": c["certificateRawData"]}
            for c in certificates
        ],
        "nextPageToken": cursor,  # a cursor, not a credential
    }
    verdict = judge(body, leaked, kind="read")
    assert _check(verdict, "secrets hidden") == (2, 0)
    assert [f.fields for f in verdict.findings] == [("certificateRawData.privateKey",)]
    assert verdict.findings[0].action == "exclude"
    hidden = {"certificates": [{"id": c["id"], "name": c["name"]} for c in certificates]}
    assert _check(judge(body, hidden, kind="read"), "secrets hidden") == (2, 2)
    assert _check(judge(body, leaked, kind="create"), "secrets hidden") == (0, 0)  # minted
    # an operator's overlay that includes the key decided the agent needs it
    chosen = ("id", "certificateRawData.privateKey")
    assert _check(judge(body, leaked, kind="read", chosen=chosen), "secrets hidden") == (0, 0)


def test_a_secret_whose_value_other_members_share_is_shown_only_under_its_own_name() -> None:
    # a synthesized body writes one string everywhere: finding it says nothing by itself
    keys = [
        {"clientId": f"k{i}", "clientName": "a string value", "clientSecret": "a string value"}
        for i in range(3)
    ]
    hidden = [{"clientId": k["clientId"], "clientName": k["clientName"]} for k in keys]
    assert _check(judge(keys, hidden, kind="read"), "secrets hidden") == (3, 3)
    assert _check(judge(keys, keys, kind="read"), "secrets hidden") == (3, 0)
    # a value of its own is still found anywhere it went, under any name
    own = [dict(k, clientSecret=f"s3cr3t-value-{i}") for i, k in enumerate(keys)]
    moved = [{"clientId": k["clientId"], "other": k["clientSecret"]} for k in own]
    assert _check(judge(own, moved, kind="read"), "secrets hidden") == (3, 0)


def test_an_id_that_is_the_start_of_a_hashed_token_does_not_show_the_hash() -> None:
    # Phrase's authorizations (the description's example): the id is the first 32 characters
    # of the hashed token; a kept id is not the hash cut short (no truncation marker)
    hashed = "abcd1234cdef1234abcd1234cdef1234" * 2
    tokens = [{"id": hashed[:32], "note": f"Script {i}", "hashed_token": hashed} for i in range(2)]
    kept = [{"id": t["id"], "note": t["note"]} for t in tokens]
    assert _check(judge(tokens, kept, kind="read"), "secrets hidden") == (2, 2)
    cut = [dict(k, hashed_token=hashed[:40] + "…") for k in kept]
    assert _check(judge(tokens, cut, kind="read"), "secrets hidden") == (2, 0)


def test_a_token_the_api_addresses_its_objects_by_is_an_identifier_not_a_secret() -> None:
    # Lithic's cards are read at /v1/cards/{card_token}; every record's ``token`` is its id
    cards = [
        {
            "token": f"7ef7d65c-9023-4da3-b113-3b8583fd795{i}",
            "memo": f"Card {i}",
            "events": [{"token": f"5928e979-f97d-9d14-81fd-7a858666a79{i}", "amount": 12}],
            "pin_token": f"pin-s3cr3t-value-{i}",
        }
        for i in range(2)
    ]
    body = {"data": cards, "has_more": False}
    shown = {"data": [{k: v for k, v in c.items() if k != "pin_token"} for c in cards]}
    siblings = ("/v1/cards/{card_token}",)
    verdict = judge(body, shown, kind="read", template="/v1/cards", siblings=siblings)
    assert _check(verdict, "secrets hidden") == (2, 2)  # the pin token, hidden
    # without the address that names it, a ``token`` is judged as a credential
    assert _check(judge(body, shown, kind="read"), "secrets hidden") == (6, 2)
    # a parameter that ends with the member's name, whatever names the collection
    other = ("/v1/activity/{transaction_token}",)
    verdict = judge(body, shown, kind="read", template="/v1/activity", siblings=other)
    assert _check(verdict, "secrets hidden") == (2, 2)


def test_a_credential_a_path_ending_with_its_name_asks_for_is_not_judged_as_carried() -> None:
    record = {"id": "t1", "name": "Poller token", "token": "tok_9f8e7d6c5b4a"}
    asked = judge(record, record, kind="read", template="/pollers/{id}/token")
    assert _check(asked, "secrets hidden") == (0, 0)  # the read is for it
    carried = judge(record, record, kind="read", template="/pollers/{id}")
    assert _check(carried, "secrets hidden") == (1, 0)


def test_a_credential_that_is_the_whole_answer_is_not_judged_as_carried() -> None:
    token = {"token": "tok_9f8e7d6c5b4a", "expires_in": 3600}
    assert _check(judge(token, token, kind="read"), "secrets hidden") == (0, 0)
    # a resource that carries one is judged
    key = {"id": "k1", "name": "Deploy key", "token": "tok_9f8e7d6c5b4a"}
    assert _check(judge(key, key, kind="read"), "secrets hidden") == (1, 0)


def test_a_list_item_keeping_the_member_its_address_names_keeps_its_identity() -> None:
    """Transfers listed at ``/v1/book_transfers`` are read at
    ``/v1/book_transfers/{book_transfer_token}``: an item keeping its ``token`` can be
    addressed by the next call. The one object of a body was judged so; a list's items were
    not, and an item without its ``external_id`` was judged to have lost its identity."""
    transfers = [
        {
            "token": f"5928e979-f97d-9d14-81fd-7a858666a79{i}",
            "status": "PENDING",
            "external_id": f"ext_a475cb5c1{i}",
            "from_financial_account_token": f"0ce9bad4-56ac-d062-b4f3-4b9b02c56a7{i}",
        }
        for i in range(3)
    ]
    body = {"data": transfers, "has_more": False}
    shown = {"data": [{"token": t["token"], "status": t["status"]} for t in transfers]}
    siblings = ("/v1/book_transfers/{book_transfer_token}",)
    verdict = judge(body, shown, kind="read", template="/v1/book_transfers", siblings=siblings)
    assert verdict.identities_kept == verdict.identified == 3
    assert not any(lost.startswith("identity") for lost in verdict.lost)
    # with no address naming the member, the item's own id is still asked for
    alone = judge(body, shown, kind="read", template="/v1/book_transfers")
    assert alone.identities_kept < alone.identified


TRANSFER = {
    "status": "PENDING",
    "token": "5928e979-f97d-9d14-81fd-7a858666a796",
    "currency": "USD",
    "settled_amount": 500,
    "external_id": "ext_a475cb5c19",
    "from_financial_account_token": "0ce9bad4-56ac-d062-b4f3-4b9b02c56a7f",
    "events": [{"amount": 1250, "result": "APPROVED", "token": "95af6fdc-2706-f786"}],
}
RETRY = "/v1/book_transfers/{book_transfer_token}/retry"


def test_an_action_on_an_item_answering_the_item_keeps_it_by_the_member_its_path_names() -> None:
    """Lithic's ``POST /v1/book_transfers/{book_transfer_token}/retry`` answers the transfer,
    which the next call addresses by its ``token``; an answer keeping the token kept its
    identity (it was judged lost: the path ends with a literal, so no parameter named the
    object, and its identity was taken to be its ``external_id``)."""
    shown = {k: TRANSFER[k] for k in ("status", "token", "currency", "settled_amount")}
    verdict = judge(TRANSFER, shown, kind="update", template=RETRY)
    assert verdict.lost == [] and verdict.identities_kept == verdict.identified == 1
    assert _check(verdict, "path identities") == (1, 1)


def test_an_action_on_an_item_that_drops_the_member_its_path_names_fails() -> None:
    shown = {k: TRANSFER[k] for k in ("status", "currency", "settled_amount")}
    verdict = judge(TRANSFER, shown, kind="update", template=RETRY)
    assert "identity of the body" in verdict.lost
    assert "path identities: (body) lost token (named by {book_transfer_token})" in verdict.lost


def test_a_literal_after_an_items_parameter_that_is_a_collection_names_nothing() -> None:
    """``/accounts/{account_token}/cards`` beside ``/accounts/{account_token}/cards/{card_token}``
    answers cards: the account's parameter does not name what it answers."""
    card = {"account_token": "acc_1", "state": "OPEN", "last_four": "4242"}
    template = "/v1/accounts/{account_token}/cards"
    siblings = ("/v1/accounts/{account_token}/cards/{card_token}",)
    shown = {"state": "OPEN", "last_four": "4242"}
    verdict = judge(card, shown, kind="create", template=template, siblings=siblings)
    assert _check(verdict, "path identities") == (0, 0)


def test_a_parameter_not_named_for_the_collection_before_it_names_no_item() -> None:
    """``POST /v1/{parent}/findings`` creates a finding whose ``parent`` is where it was
    made, not what it is: a finding answered without it lost no path identity (securitycenter,
    extra material)."""
    finding = {"name": "organizations/1/sources/2/findings/f1", "parent": "organizations/1"}
    finding |= {"state": "ACTIVE", "category": "MEDIUM_RISK_ONE"}
    shown = {"name": finding["name"], "state": "ACTIVE"}
    verdict = judge(finding, shown, kind="create", template="/v1/{parent}/findings")
    assert _check(verdict, "path identities") == (0, 0) and verdict.lost == []


EVALUATION: dict[str, Any] = {  # flipt's OFREP evaluation (outside material), synthesized
    "type": "VARIANT_EVALUATION_RESPONSE_TYPE",
    "booleanResponse": {
        "enabled": True,
        "reason": "UNKNOWN_EVALUATION_REASON",
        "requestId": "req_09e9b9a0c4",
        "timestamp": "2024-05-01T12:34:56Z",
        "flagKey": "fla_14b5f76f50",
        "segmentKeys": ["seg_fa8566bd6b", "seg_a177b323c2"],
    },
    "variantResponse": {
        "match": True,
        "segmentKeys": ["seg_fa8566bd6b", "seg_a177b323c2"],
        "reason": "UNKNOWN_EVALUATION_REASON",
        "variantKey": "var_886a6a9396",
        "timestamp": "2024-05-01T12:34:56Z",
        "flagKey": "fla_14b5f76f50",
    },
    "errorResponse": {"flagKey": "fla_14b5f76f50", "namespaceKey": "default", "reason": "x"},
}


def test_a_part_cut_to_what_its_family_shares_fails_and_says_what_it_left_out() -> None:
    """flipt's evaluation answered ``booleanResponse`` with its ``enabled`` but
    ``variantResponse`` with only its ``reason`` and ``timestamp``: the variant the flag
    evaluated to was lost, and the judge said nothing of it."""
    boolean = {"enabled": True, "reason": "UNKNOWN_EVALUATION_REASON", "flagKey": "fla_14b5f76f50"}
    cut = {"reason": "UNKNOWN_EVALUATION_REASON", "timestamp": "2024-05-01T12:34:56Z"}
    shown = {"booleanResponse": boolean, "variantResponse": cut}
    verdict = judge(EVALUATION, shown, kind="read", template="/ofrep/v1/evaluate/flags/{key}")
    assert verdict.lost == [
        "schema siblings: variantResponse kept only what its siblings share (reason, "
        "timestamp), left out its own match, variantKey"
    ]
    assert verdict.findings[0].fields == ("variantResponse.match", "variantResponse.variantKey")
    kept = {"booleanResponse": boolean, "variantResponse": {**cut, "variantKey": "var_886a6a9396"}}
    verdict = judge(EVALUATION, kept, kind="read", template="/ofrep/v1/evaluate/flags/{key}")
    assert verdict.lost == [] and _check(verdict, "schema siblings") == (2, 2)


def test_related_parts_kept_by_their_identity_or_label_pass() -> None:
    """Parts sharing members that the result keeps by their id or name are named, not cut."""
    body = {
        "id": 7,
        "author": {"id": 1, "name": "ada", "url": "u1", "created": "t", "login": "ada"},
        "repo": {"id": 2, "name": "lamp", "url": "u2", "created": "t", "stars": 9},
    }
    shown = {"id": 7, "author": {"login": "ada", "url": "u1"}, "repo": {"name": "lamp"}}
    assert judge(body, shown, kind="read").lost == []
    # an order's total and its totals, both cut to the total (api2cart, tuning half): no part
    # keeps a member of its own, so none is asked to; the parts of another family apart
    order = {
        "id": "o1",
        "total": {
            "custom_fields": {},
            "additional_fields": {},
            "total": 2.5,
            "total_paid": 7.5,
            "total_tax": 1.5,
        },
        "totals": {
            "custom_fields": {},
            "additional_fields": {},
            "total": 2.5,
            "discount": 7.5,
            "tax": 1.5,
        },
        "currency": {"code": "EUR", "rate": 1, "symbol": "E", "total": 2.5},
    }
    lean = {
        "id": "o1",
        "total": {"total": 2.5},
        "totals": {"total": 2.5},
        "currency": {"code": "EUR"},
    }
    assert judge(order, lean, kind="read").lost == []


def test_a_read_below_an_item_is_not_asked_for_the_items_member() -> None:
    """``GET /v1/funding_events/{funding_event_token}/details`` (lithic) answers the event's
    details, ``{token, settlement_summary_url, ...}``: leaving out the token the caller sent is
    no lost path identity (a write on the item, as ``retry``, is asked for it)."""
    details = {"token": "b68b7424-aa69", "settlement_summary_url": "https://example.com/s/1"}
    shown = {"settlement_summary_url": "https://example.com/s/1"}
    template = "/v1/funding_events/{funding_event_token}/details"
    verdict = judge(details, shown, kind="read", template=template)
    assert _check(verdict, "path identities") == (0, 0) and verdict.lost == []
    assert _check(judge(details, shown, kind="update", template=template), "path identities") == (
        1,
        0,
    )


AIP_TEMPLATES = ("/v3/{name}", "/v3/{parent}/companies", "/v3/{parent}/jobs", "/v3/{name}:complete")


def _company(n: int) -> dict[str, Any]:
    """A company of Google's Cloud Talent Solution v3 (the public API directory,
    googleapis.com/jobs/v3, CC0), members abridged."""
    return {
        "name": f"projects/p/tenants/t/companies/c{n}",
        "displayName": f"Acme {n}",
        "externalId": f"ext-{n}",
        "size": "SMALL",
        "suspended": False,
    }


def test_a_resource_read_by_its_full_name_is_identified_by_it() -> None:
    """Resource-oriented APIs read every resource at one flat address (``/v3/{name}``, the
    name a whole path ``projects/p/companies/c``): the companies listed at
    ``/v3/{parent}/companies`` are identified by their ``name``, not by an ``externalId``;
    that name is no label when a ``displayName`` stands beside it. ``/users/{id}`` does not
    name the repos of ``/users/{id}/repos`` (the same parameter: their owner), nor does a
    flat read whose literals are a collection of their own."""
    listing = "/v3/{parent}/companies"
    assert sibling_paths(listing, AIP_TEMPLATES) == ("/v3/{name}",)
    assert object_params(listing, ("/v3/{name}",), items=True) == [("name", "company")]
    assert sibling_paths("/users/{id}/repos", ("/users/{id}", "/users/{id}/repos")) == ()
    stats = ("/v1/{groupName}", "/v1/{projectName}/groupStats")
    assert sibling_paths("/v1/{projectName}/groupStats", stats) == ()
    owned = ("/users", "/users/{user}", "/users/{owner}/repos")
    assert sibling_paths("/users/{owner}/repos", owned) == ()
    companies = [_company(n) for n in range(3)]
    body = {"companies": companies, "nextPageToken": "x"}

    def shaped(*keys: str) -> dict[str, Any]:
        return {"companies": [{k: c[k] for k in keys} for c in companies]}

    def verdict(*keys: str) -> Any:
        return judge(body, shaped(*keys), template=listing, siblings=("/v3/{name}",))

    assert verdict("name", "displayName", "size").lost == []
    lost = verdict("name", "size").lost
    assert lost and all(m.startswith("label") for m in lost)  # the name is no label
    assert any(
        "lost name (named by {name})" in m for m in verdict("displayName", "externalId").lost
    )


def test_a_token_read_at_the_collections_item_path_elsewhere_is_an_identifier() -> None:
    """Lithic's holds (/work/outside12/lithic.yml, Apache-2.0; see the outside sources) are
    listed at ``/v1/financial_accounts/{financial_account_token}/holds`` and read one by one
    at ``/v1/holds/{hold_token}``: a hold's ``token`` is its id, which the defaults now keep;
    the judge, seeing only the list's own collection, took it for a credential the read
    carries. Another collection's item path names nothing here."""
    holds = [{"token": f"5928e979-f97d-9d14-81fd-7a858666a79{i}", "status": "PENDING",
              "pin_token": f"pin-s3cr3t-value-{i}"} for i in range(2)]  # fmt: skip
    body = {"data": holds, "has_more": False}
    shown = {"data": [{k: v for k, v in h.items() if k != "pin_token"} for h in holds]}
    listing = "/v1/financial_accounts/{financial_account_token}/holds"
    templates = (listing, "/v1/holds/{hold_token}", "/v1/cards/{card_token}")
    siblings = sibling_paths(listing, templates)
    assert siblings == ("/v1/holds/{hold_token}",)
    verdict = judge(body, shown, kind="read", template=listing, siblings=siblings)
    assert _check(verdict, "secrets hidden") == (2, 2)  # the pin tokens, hidden
    other = judge(body, shown, kind="read", template=listing, siblings=("/v1/cards/{card_token}",))
    assert _check(other, "secrets hidden") == (4, 2)


def test_a_page_pointer_named_like_an_id_is_no_identity_of_the_body() -> None:
    """A list answered beside where its next page is (``nextPageId``, STACKIT's load
    balancers, outside material): the pointer pages, the runtime follows it with its
    ``continue`` tool, and the judge took it for the body's identity ("identity of the
    body" lost on every such list). The items are the payload and are judged."""
    body = {
        "loadBalancers": [{"name": f"lb-{i}", "status": "READY"} for i in range(3)],
        "nextPageId": "eyJ2IjoibWV0YSJ9",
    }
    shaped = {"loadBalancers": [{"name": f"lb-{i}"} for i in range(3)]}
    template = "/v2/projects/{projectId}/load-balancers"
    siblings = ["/v2/projects/{projectId}/load-balancers/{name}"]
    verdict = judge(body, shaped, paged=True, template=template, siblings=siblings)
    assert verdict.lost == [], verdict.lost
    lost_one = {"loadBalancers": shaped["loadBalancers"][:2] + [{"status": "READY"}]}
    verdict = judge(body, lost_one, paged=True, template=template, siblings=siblings)
    assert verdict.lost, "an item that lost its name is still a loss"


def test_an_id_of_another_moment_is_no_identity_of_the_body() -> None:
    """A batch write's payload beside the id of the last sync (``lastSyncId``, a GraphQL
    API's mutation payloads, outside material): the id names the moment the change was
    synced, not the body, and the judge took it for the body's identity ("identity of the
    body" lost on nine batch writes whose records were all kept). The records are judged."""
    records = [{"id": f"iss-{i}", "title": f"Issue {i}", "priority": i} for i in range(3)]
    body = {"lastSyncId": 1001, "success": True, "issues": records}
    shaped: dict[str, Any] = {
        "success": True,
        "issues": [{"id": r["id"], "title": r["title"]} for r in records],
    }
    verdict = judge(body, shaped, kind="update", template="/issueBatchUpdate")
    assert verdict.lost == [], verdict.lost
    lost_one = {"success": True, "issues": shaped["issues"][:2] + [{"priority": 2}]}
    verdict = judge(body, lost_one, kind="update", template="/issueBatchUpdate")
    assert verdict.lost, "a record that lost its identity is still a loss"


def test_an_id_in_the_metadata_part_is_the_record_s_own_identity() -> None:
    """``{metadata: {id, createdAt}, tenantId, name}`` (a workflow engine's records, outside
    material): the record's own id is in its metadata part; the ``tenantId`` beside it is the
    tenant's, the same on every row. A result that keeps the tenant's id and loses the
    record's cannot be followed up: the judge took ``tenantId`` for the identity and passed
    it."""
    rows: list[dict[str, Any]] = [
        {"metadata": {"id": f"rec-{i}", "createdAt": "2024-05-01T12:00:00Z"},
         "tenantId": "ten-1", "name": f"Hook {i}", "sourceName": "GENERIC"}
        for i in range(3)
    ]  # fmt: skip
    body = {"pagination": {"num_pages": 1}, "rows": rows}
    template = "/tenants/{tenant}/webhooks"
    siblings = ["/tenants/{tenant}/webhooks/{webhook}"]
    lost = {"rows": [{"tenantId": "ten-1", "name": r["name"]} for r in rows]}
    verdict = judge(body, lost, template=template, siblings=siblings)
    assert "identity of item 0" in verdict.lost, verdict.lost
    kept = {"rows": [{"metadata": {"id": r["metadata"]["id"]}, "name": r["name"]} for r in rows]}
    verdict = judge(body, kept, template=template, siblings=siblings)
    assert verdict.lost == [], verdict.lost
