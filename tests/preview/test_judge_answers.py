"""The judge's answer checks (judge_answers.py, judge_content.py): generated content, the answered resource, the
acknowledgement. Hand-made bodies of the shapes writes answer with; each check passes when
the data is kept and fires when it is lost."""

from __future__ import annotations

import copy
from typing import Any

from generator.preview.judge import judge
from generator.preview.judge_content import beginning_kept, generated_content
from generator.preview.judge_answers import (
    judge_empty,
    one_resource,
    records,
    state_values,
)

ANSWER = (
    "The capital of France is Paris. It has been the country's capital since the tenth "
    "century and is its largest city by far."
)
CHAT = {
    "id": "chatcmpl-7QyqpwdfhqwajicIEznoc6Q47XAyW",
    "object": "chat.completion",
    "created": 1677652288,
    "model": "small-model-1",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": ANSWER},
            "finish_reason": "stop",
        }
    ],
    "usage": {"prompt_tokens": 9, "completion_tokens": 31, "total_tokens": 40},
}
STORY = (
    "Once upon a time a small robot learned to paint the sea, and every evening it added "
    "one more wave to the canvas by the harbour."
)
TEXT_COMPLETION: dict = {
    "id": "cmpl-uqkvlQyYK7bGYrRHQ0eXlWi7",
    "object": "text_completion",
    "created": 1589478378,
    "model": "small-model-1",
    "choices": [
        {"text": STORY, "index": 0, "finish_reason": "length"},
        {"text": "A second, shorter alternative about the same robot.", "index": 1},
    ],
}
BATCH = {
    "Id": "3bd5cf64-8c5a-4b6f-b3c4-2d2a1f0e9a11",
    "Status": "OK",
    "ProviderName": "Writes test app",
    "DateTimeUTC": "/Date(1573755038314)/",
    "Things": [
        {"ThingID": "t-0001", "Name": "First thing", "Status": "ACTIVE"},
        {"ThingID": "t-0002", "Name": "Second thing", "Status": "ACTIVE"},
    ],
}
HAL: dict = {
    "_links": {"self": {"href": "https://api.example.com/orders/o-123"}},
    "_embedded": {
        "order": {"id": "o-123", "title": "Order for Ada", "status": "pending", "total": 4200}
    },
}
CREATED = {
    "id": 981,
    "name": "Crash on start",
    "status": "open",
    "number": 42,
    "url": "https://tracker.example.com/issues/42",
}


# ---------------------------------------------------------------------- generated content


def test_a_chat_completion_keeps_its_message_content() -> None:
    assert generated_content(CHAT) == [("choices/0/message/content", ANSWER)]
    kept = {"id": CHAT["id"], "choices": [{"message": {"content": ANSWER}}]}
    verdict = judge(CHAT, kept)
    assert verdict.answer.content == verdict.answer.content_kept == 1 and verdict.lost == []


def test_a_chat_completion_reduced_to_its_id_loses_the_content() -> None:
    verdict = judge(CHAT, {"id": CHAT["id"]})
    assert verdict.answer.content == 1 and verdict.answer.content_kept == 0
    assert verdict.lost == ["generated content choices/0/message/content"]
    assert verdict.identities_kept == 1  # the older checks alone would have passed it


def test_a_text_completion_keeps_the_text_of_every_alternative() -> None:
    found = generated_content(TEXT_COMPLETION)
    assert [where for where, _ in found] == ["choices/0/text", "choices/1/text"]
    both = {"choices": [{"text": STORY}, {"text": TEXT_COMPLETION["choices"][1]["text"]}]}
    assert judge(TEXT_COMPLETION, both).answer.content_kept == 1
    first_only = {"choices": [{"text": STORY}]}
    verdict = judge(TEXT_COMPLETION, {"id": TEXT_COMPLETION["id"], **first_only})
    assert verdict.answer.content_kept == 0 and verdict.lost == ["generated content choices/1/text"]


def test_generated_content_may_be_cut_with_a_marker_but_not_silently() -> None:
    marked = STORY[:60] + "… [73 more chars]"
    assert beginning_kept(STORY, {"text": marked})
    assert not beginning_kept(STORY, {"text": STORY[:60]})  # a silent cut
    assert not beginning_kept(STORY, {"text": STORY[:20] + "… [113 more chars]"})  # too short
    assert beginning_kept(STORY, f"## Result\n\ntext: {STORY}\nindex: 0")  # a text page


def test_a_transcription_or_summary_is_content_at_the_top_level() -> None:
    transcription = {
        "task": "transcribe",
        "language": "english",
        "text": STORY,
        "segments": [{"id": 0, "start": 0.0, "end": 4.2, "text": STORY[:40]}],
    }
    assert generated_content(transcription) == [("text", STORY)]
    segments = {"segments": [{"id": 0, "text": STORY[:40]}]}
    assert judge(transcription, segments).lost == ["generated content text"]
    assert judge(transcription, {**segments, "text": STORY}).lost == []
    assert generated_content({"data": {"summary": STORY}}) == [("summary", STORY)]


def test_a_record_with_a_description_among_many_fields_has_no_generated_content() -> None:
    record = {f"field_{n}": f"value number {n} of the record" for n in range(12)}
    record.update(id="r-1", description=STORY)
    assert generated_content(record) == []
    key = {"id": 3, "raw_key": "-----BEGIN KEY-----\\nmQENBFayYZ0BCAC4hScoJXXpyR+MXGcrBxE" * 4}
    assert generated_content(key) == []  # an encoded blob is not prose
    assert generated_content([{"text": STORY}]) == []  # a list body is judged as a list


COPYRIGHT = "Copyright (c) 2016 The Example Times Company.  All Rights Reserved."


def test_a_copyright_or_attribution_line_is_not_generated_content() -> None:
    """A list envelope ``{status, copyright, num_results, results: [...]}``: its records are
    side data to the content check, so the copyright line was most of the answer's text and
    was judged generated content, and a result leaving the boilerplate out "lost content".
    A member named for a copyright, an attribution, a license or a disclaimer, or a short
    copyright line, is a notice; a completion is still content, and a text that merely
    speaks of copyright is still prose."""
    books = [{"id": n, "title": f"Book {n}", "rank": n} for n in range(1, 4)]
    envelope = {"status": "OK", "copyright": COPYRIGHT, "num_results": 3, "results": books}
    assert generated_content(envelope) == []
    assert judge(envelope, {"results": books}).lost == []
    attributed = {
        "code": 200,
        "attributionText": "Data provided by Example Comics and its partners worldwide",
        "data": {"total": 1, "results": [{"id": 7, "name": "Hero"}]},
    }
    assert generated_content(attributed) == []
    lined = {"note": "© 2024 Example Maps contributors, shared under open terms", "value": 3}
    assert generated_content(lined) == []
    assert (
        generated_content({"licenseText": "Use of this data is subject to the terms below"}) == []
    )
    # beside a notice, a generation's text is content, the notice left out of the share
    completion = {"completion": STORY[:60], "disclaimer": "Generated text may be wrong. " * 4}
    assert generated_content(completion) == [("completion", STORY[:60])]
    essay = {"answer": "Copyright law protects original works of authorship from copying."}
    assert generated_content(essay) == [("answer", essay["answer"])]


# ---------------------------------------------------------------------- the answered resource


def test_a_batch_envelope_answers_with_its_records() -> None:
    assert records(BATCH) == (("Things",), BATCH["Things"])
    kept = {"Things": [{"ThingID": "t-0001", "Name": "First thing"}, {"ThingID": "t-0002"}]}
    verdict = judge(BATCH, kept)
    assert verdict.answer.resource == verdict.answer.resource_kept == 1


def test_a_batch_envelope_reduced_to_its_own_fields_loses_the_records() -> None:
    envelope_only = {k: v for k, v in BATCH.items() if k != "Things"}
    verdict = judge(BATCH, envelope_only)
    assert verdict.answer.resource == 1 and verdict.answer.resource_kept == 0
    assert "answered records Things: the identity of 2 of 2 records" in verdict.lost
    one_lost = judge(BATCH, {"Things": [{"ThingID": "t-0001"}]})
    assert one_lost.answer.resource_kept == 0


def test_a_resource_whose_list_is_its_own_is_not_a_batch() -> None:
    team = {"id": 5, "name": "Core", "members": [{"id": 1, "name": "Ada"}]}
    assert records(team) is None and one_resource(team) is team


def test_a_labelled_resource_with_a_list_of_related_records_is_not_a_batch() -> None:
    """An update answers a column spec by its ``name`` with a list of the columns it
    correlates with: the judge took that list for the records of a batch and demanded their
    ids, though the body is one resource (it has a label) and its list is part of it."""
    column = {
        "name": "projects/p/datasets/d/tableSpecs/t/columnSpecs/c",
        "etag": "e1",
        "dataType": {"typeCode": "FLOAT64", "nullable": True},
        "topCorrelatedColumns": [
            {"columnSpecId": "c2", "correlationStats": {"cramersV": 0.5}},
            {"columnSpecId": "c3", "correlationStats": {"cramersV": 0.2}},
        ],
    }
    assert records(column) is None and one_resource(column) is column
    verdict = judge(column, {"name": column["name"], "dataType": {"typeCode": "FLOAT64"}})
    assert not any(lost.startswith("answered records") for lost in verdict.lost)
    assert verdict.answer.resource_kept == 1
    assert judge(column, {"etag": "e1"}).answer.resource_kept == 0


def test_a_hal_create_answers_with_the_resource_in_embedded() -> None:
    assert one_resource(HAL) is HAL["_embedded"]["order"]
    kept = {"id": "o-123", "title": "Order for Ada", "status": "pending"}
    assert judge(HAL, kept).answer.resource_kept == 1
    verdict = judge(HAL, {"_links": HAL["_links"]})
    assert verdict.answer.resource == 1 and verdict.answer.resource_kept == 0
    assert any(lost.startswith("answered resource") for lost in verdict.lost)


def test_a_create_keeps_identity_label_and_state() -> None:
    kept = {"id": 981, "number": 42, "name": "Crash on start", "status": "open"}
    verdict = judge(CREATED, kept)
    assert verdict.answer.resource_kept == 1 and verdict.lost == []
    verdict = judge(CREATED, {"id": 981, "name": "Crash on start"})
    assert verdict.answer.resource_kept == 0
    assert verdict.lost == ["answered resource: its state 'open'"]
    verdict = judge(CREATED, {"status": "open", "name": "Crash on start"})
    assert verdict.answer.resource_kept == 0 and verdict.lost == ["identity of the body"]


def test_state_is_the_objects_own_not_a_nested_things() -> None:
    location = {"id": "l-1", "display_name": "Shop", "address": {"state": "CA", "city": "SF"}}
    assert state_values(location) == []
    jsonapi = {"id": "p-1", "type": "plan", "attributes": {"status": "active", "size": 3}}
    assert state_values(jsonapi) == ["active"]
    assert state_values({"status": "open", "review_status": "none"}) == ["open"]
    assert state_values({"id": 7, "name": "Core", "triageIssueState": "triage"}) == []
    untyped = judge(CREATED, {"id": 981, "name": "Crash on start"}, typed=False)
    assert untyped.answer.resource_kept == 1  # a tree's strings may stand for objects


# ---------------------------------------------------------------------- acknowledgements


def test_an_acknowledgement_is_kept_when_the_result_says_it_succeeded() -> None:
    for shaped in ({"ok": True}, "Done: HTTP 200.", {"result": "success"}):
        verdict = judge({"ok": True}, shaped)
        assert verdict.answer.acknowledgements == verdict.answer.acknowledgements_kept == 1
    verdict = judge({"ok": True}, {})
    assert verdict.answer.acknowledgements_kept == 0
    assert verdict.lost == [
        "acknowledgement: the result neither keeps the body nor says it succeeded"
    ]


def test_a_flag_that_is_the_outcome_must_be_kept() -> None:
    body = {"url": "https://api.example.com/protection", "enabled": True}
    assert judge(body, copy.deepcopy(body)).answer.acknowledgements_kept == 1
    assert judge(body, {"url": body["url"]}).answer.acknowledgements_kept == 0
    refused = {"success": False, "message": "quota exceeded"}
    assert judge(refused, "Done: HTTP 200.").answer.acknowledgements_kept == 0


def test_an_empty_answer_is_kept_when_the_result_says_it_succeeded() -> None:
    assert judge_empty("Done: HTTP 204, no content.", is_error=False).acknowledgements_kept == 1
    assert judge_empty("", is_error=False).acknowledgements_kept == 0
    assert judge_empty("Upstream returned HTTP 500", is_error=True).acknowledgements_kept == 0


def test_a_mutation_payload_answers_with_its_resource_not_its_sync_id() -> None:
    body = {"lastSyncId": 1001, "success": True, "comment": {"id": "c-1", "body": "Looks good"}}
    assert one_resource(body) is body["comment"]
    assert judge(body, {"comment": {"id": "c-1"}, "success": True}).lost == []


def test_a_request_id_in_the_envelope_metadata_is_not_the_answers_identity() -> None:
    # A JSON:API create whose answer has no id of its own yet, next to the envelope's
    # metadata: the request's id identifies the call, not the created record.
    body = {
        "data": {
            "type": "health_metric",
            "attributes": {"value": 121, "occurred_at": "2017-03-14T11:00:57.000Z"},
        },
        "meta": {"req_id": "req_313bda546b", "ignored": ["a", "b"]},
    }
    shaped = {"data": {"type": "health_metric", "attributes": {"value": 121}}}
    assert not judge(body, shaped).lost
    # a record's own ``<thing>_id`` still identifies it
    record = {"order_id": "ord_1", "total": 5}
    assert judge({"order": record}, {"order": {"total": 5}}).lost == ["identity of the body"]


def test_a_primary_key_or_a_string_id_is_the_objects_own_identity() -> None:
    # An attachment updated: ``{pk, model_type, model_id, comment}``; ``model_id`` is the record
    # it is attached to, not its identity: keeping ``pk`` keeps it, dropping ``pk`` loses it.
    record = {"pk": 41, "model_type": "part", "model_id": 7, "comment": "datasheet"}
    assert judge(record, {"pk": 41, "comment": "datasheet"}).lost == []
    assert judge(record, {"model_id": 7, "comment": "datasheet"}).lost == ["identity of the body"]
    message = {"sid": "SM1f0e", "account_sid": "AC9b", "body": "hello", "status": "sent"}
    assert judge(message, {"sid": "SM1f0e", "status": "sent"}).lost == []
    assert judge(message, {"account_sid": "AC9b", "status": "sent"}).lost != []


def test_the_details_of_an_error_beside_the_answer_are_not_its_payload() -> None:
    body: dict = {
        "results": "$TargetDedicated = 2",
        "timestamp": "2024-05-01T12:34:56Z",
        "error": {"code": "InvalidFormula", "message": "The formula has a syntax error.",
                  "values": [{"name": "line", "value": "1"}, {"name": "column", "value": "7"}]},
    }  # fmt: skip
    shaped = {"results": body["results"], "timestamp": body["timestamp"],
              "error": {"message": body["error"]["message"]}}  # fmt: skip
    assert not judge(body, shaped).lost
    # a list that is the answer, under an envelope, is still judged
    listing = {"data": {"items": [{"id": "a"}, {"id": "b"}]}, "count": 2}
    assert judge(listing, {"count": 2}).lost


def test_an_alternatives_own_text_is_its_content_before_a_text_one_level_down() -> None:
    note = "Parking is metered for twelve hours at most, a dollar an hour."
    deeper = "Short term parking is available from five until two, twelve hours at most."
    body = {"stations": [{"code": "F06", "notes": note, "short_term": {"notes": deeper}}]}
    # the station's own note is what it says; the judge no longer asks for the longer note
    # of one of its parts instead (two texts side by side: a record, not a generation)
    assert ("stations/0/short_term/notes", deeper) not in generated_content(body)
    assert not judge(body, {"stations": [{"code": "F06", "notes": note}]}).lost
    # one level down when the alternative has no text of its own (a chat completion's choice)
    assert generated_content(CHAT) == [("choices/0/message/content", ANSWER)]


def test_an_object_keeping_an_id_named_after_a_call_is_identified() -> None:
    """A created span has its own ``spanId`` and its parent's ``parentSpanId``: the judge
    read a ``span`` id as a call's (like ``request_id``) and demanded the parent's id alone,
    so a result keeping the span's own id lost its identity."""
    span = {
        "name": "projects/p/traces/t/spans/s1",
        "spanId": "s1",
        "parentSpanId": "s0",
        "startTime": "2024-05-01T12:00:00Z",
        "endTime": "2024-05-01T12:00:01Z",
    }
    kept = judge(span, {"name": span["name"], "spanId": "s1", "endTime": span["endTime"]})
    assert kept.identities_kept == kept.identified == 1
    assert "identity of the body" not in kept.lost
    assert "identity of the body" in judge(span, {"endTime": span["endTime"]}).lost
    envelope = {"request_id": "r1", "data": [{"id": 1, "name": "a"}]}
    assert judge(envelope, {"data": [{"id": 1, "name": "a"}]}).lost == []


def test_a_part_identified_no_better_than_the_body_is_not_the_resource_it_wraps() -> None:
    """A changed configuration answers ``{productId, kind, configurationVariables: {mcmId,
    variableSet}, managedProperty: [...]}``: the judge took the body for an envelope (no
    plain ``id``, two scalars) around ``configurationVariables`` (a resource by its
    ``mcmId``), so an answer keeping the configuration's own ``productId`` and its properties
    lost "the identity of the body". A body with a ``<thing>Id`` of its own is the resource
    when the part beside it is identified no better; it still loses its identity when the
    answer drops it, and an envelope's request id, or a part with a plain ``id``, is still
    seen through."""
    body = {
        "productId": "app:com.example.notes",
        "kind": "managedConfiguration",
        "configurationVariables": {
            "mcmId": "mcm-4471",
            "kind": "configurationVariables",
            "variableSet": [{"placeholder": "$user$", "userValue": "al"}],
        },
        "managedProperty": [
            {"key": "sync_interval", "valueInteger": 15},
            {"key": "offline_mode", "valueBool": True},
        ],
    }
    shaped = {"productId": body["productId"], "managedProperty": body["managedProperty"]}
    kept = judge(body, shaped, kind="update")
    assert kept.lost == []
    assert kept.identified == kept.identities_kept == 1
    assert one_resource(body) is body
    dropped = judge(body, {"managedProperty": body["managedProperty"]}, kind="update")
    assert "identity of the body" in dropped.lost
    # an envelope is still seen through: a request id is no identity, a plain ``id`` is one
    wrapped = {"request_id": "r-9", "thing": {"thingId": "t-1", "size": 3}}
    assert one_resource(wrapped) == wrapped["thing"]
    related = {"accountId": "a-1", "thing": {"id": "t-1", "name": "T"}}
    assert one_resource(related) == related["thing"]
    assert "identity of the body" in judge(related, {"accountId": "a-1"}).lost


def test_a_body_holding_the_member_its_path_names_is_that_object_not_a_list_wrapper() -> None:
    """An update of ``/records/{recordKey}`` answers the record: ``recordKey``, its value and
    a dozen settings, and the ``tags`` the caller set. Nothing in it is named ``id`` or
    ``name``, so the judge took it for a wrapper whose payload was ``tags``, and a lean answer
    keeping the key, the value and the description "lost its payload list". The member the
    path names makes the body that object, its lists part of it; a wrapper the path names
    nothing of still has its list judged."""
    record = {
        "recordKey": "rk-7",
        "value": "blue",
        "description": "The colour the dashboard starts with for every new member.",
        "createdAt": "2024-05-01T12:00:00Z",
        "updatedAt": "2024-05-02T12:00:00Z",
        "priority": 3,
        "enabled": True,
        "retries": 5,
        "tags": ["ui", "defaults"],
    }
    shaped = {"recordKey": "rk-7", "value": "blue", "description": record["description"]}
    at = "/records/{recordKey}"
    assert judge(record, shaped, template=at, kind="update").lost == []
    assert judge(record, shaped, template="/records", siblings=(at,), kind="create").lost == []
    lost = judge(record, {"value": "blue"}, template=at, kind="update").lost
    assert any("recordKey" in x for x in lost)  # its identity still counts
    # without a path naming a member, a record of more scalars than a wrapper carries is no
    # wrapper of its list either (``test_a_record_of_settings_is_no_wrapper_of_its_list...``)
    assert judge(record, shaped, kind="update").lists == 0
    page = {"page": 1, "total": 3, "ids": ["rk-1", "rk-2", "rk-3"]}
    assert judge(page, {"page": 1}, template="/records", siblings=(at,)).lost == [
        "payload list ids (3 items)"
    ]


def test_the_member_named_for_what_the_path_addresses_is_the_resource() -> None:
    """An update of ``/release_notes/{id}`` answers ``{release_note: {summary, timestamp,
    type, source, pipeline: {id, type}}}``: the note has no id nor label of its own and few
    scalars, so the judge saw it as an envelope around its one identified part, the
    ``pipeline`` it refers to, and an answer keeping the note's summary "lost the identity of
    the body" (and the path's ``{id}`` on the pipeline). The member named for what the path
    addresses is the resource; without a path the old reading stands."""
    body = {
        "release_note": {
            "summary": "Build passed: cache timeout raised to thirty seconds",
            "timestamp": "2024-05-01T12:00:00Z",
            "type": "release_note",
            "source": "build-pipeline-7",
            "pipeline": {"id": "PIPE42", "type": "pipeline_reference"},
        }
    }
    shaped = {"release_note": {"summary": body["release_note"]["summary"]}}
    verdict = judge(body, shaped, template="/release_notes/{id}", kind="update")
    assert verdict.lost == []
    assert one_resource(body, "release_note") is body["release_note"]
    assert "identity of the body" in judge(body, shaped, kind="update").lost


def test_a_related_objects_state_is_not_the_answered_resources() -> None:
    """An updated credit note ``{credit_note: {ledger_id, number, credit_status, ...,
    customer: {ledger_id, name, email, state: "CA"}}}`` has no state member of its own, so the
    judge took its state from a part: the customer's ``state``, where the customer lives, and
    an answer keeping the note's id, number and credit status "lost its state 'CA'". A part
    with an identity of its own is a related object, not a property bag; a bag's state (a
    JSON:API ``attributes: {status}``) still counts."""
    note = {
        "ledger_id": "1a90-77",
        "number": "CN-1234-2",
        "credit_status": "available",
        "total_amount_cents": 120,
        "customer": {"ledger_id": "c-42", "name": "Gavin", "email": "g@example.com", "state": "CA"},
    }
    assert state_values(note) == []
    kept = {k: note[k] for k in ("ledger_id", "number", "credit_status")}
    shaped = {"credit_note": {**kept, "customer": {"name": "Gavin"}}}
    lost = judge({"credit_note": note}, shaped, template="/credit_notes/{ledger_id}").lost
    assert lost == []
    bag = {"ledger_id": "1a90-77", "attributes": {"status": "open", "size": 3}}
    assert state_values(bag) == ["open"]


def test_a_body_stating_what_its_path_addresses_is_that_answer_not_a_list_wrapper() -> None:
    """``GET /stores/{store}/builds/{build}/reachability`` answers the reachability, a value
    of the body's own, beside what it is about: ``{buildInfo: {build: {seriesName, buildId},
    createdAt, queueInfos: [...], labels: {...}, isCurrent}, reachability, updatedAt}``. The
    body has no identity nor label and few scalars, so the judge took it for a wrapper and the
    list one level down, beside the build's other members, for its payload; an answer
    keeping the reachability "lost its payload list" (and, as a batch envelope, its records'
    identities). A scalar member named for what the path addresses makes the body that
    answer; without the path the old reading stands."""
    body: dict[str, Any] = {
        "buildInfo": {
            "build": {"seriesName": "Series name 1", "buildId": "bui_02fa8450a3"},
            "createdAt": "2024-05-01T12:34:56Z",
            "queueInfos": [
                {"name": "Queue 1", "type": "QUEUE_TYPE_WORKFLOW", "firstPoll": "2024-05-01"},
                {"name": "Queue 2", "type": "QUEUE_TYPE_ACTIVITY", "firstPoll": "2024-05-02"},
            ],
            "labels": {"key1": "value 1", "key2": "value 2"},
            "isCurrent": True,
        },
        "reachability": "REACHABILITY_REACHABLE",
        "updatedAt": "2024-05-01T12:34:56Z",
    }
    shaped = {"reachability": "REACHABILITY_REACHABLE", "updatedAt": "2024-05-01T12:34:56Z"}
    at = "/stores/{store}/builds/{build}/reachability"
    verdict = judge(body, shaped, template=at, kind="read")
    assert verdict.lost == [] and verdict.lists == 0
    assert records(body, "reachability") is None
    assert one_resource(body, "reachability") is body
    # without the path, the nested list is still taken for the payload
    assert judge(body, shaped, kind="read").lost == ["payload list buildInfo/queueInfos (2 items)"]
    # a list the answer holds at its own level is still its payload
    listed = {"reachability": "REACHABLE", "queues": body["buildInfo"]["queueInfos"]}
    lost = judge(listed, {"reachability": "REACHABLE"}, template=at, kind="read").lost
    assert lost == ["payload list queues (2 items)"]
    # a result with none of the body's values is still a loss
    assert judge(body, {"ok": True}, template=at).lost == ["every value of the body"]


def test_the_answer_a_body_states_to_what_its_path_asks_for_must_be_kept() -> None:
    """``POST /v1/sentiment`` answers the text's id, the text it was sent and the score it
    exists to compute; a result keeping the id and the text kept the resource's identity and
    lost what the call was for. A path ending with a parameter addresses an object: its
    member named like it (a token's ``token``) is a part of it, not the answer."""
    body = {"id": "d-1", "language": "en", "text": "Great food.", "sentiment": 0.8}
    at = "/v1/sentiment"
    lost = judge(body, {"id": "d-1", "text": "Great food."}, template=at, kind="create").lost
    assert lost == ["answered resource: its answer sentiment"]
    kept = {"id": "d-1", "sentiment": 0.8}
    assert judge(body, kept, template=at, kind="create").lost == []
    token = {"id": 7, "label": "ci", "token": "abcd1234", "created": "2024-05-01"}
    shaped = {"id": 7, "label": "ci"}
    assert judge(token, shaped, template="/profile/tokens/{tokenId}", kind="update").lost == []


def test_an_empty_text_of_the_body_is_no_value_the_result_lost() -> None:
    """A batch check answers a map of its checks, each with a flag and an error report whose
    message is empty (``""``: no error). The result kept each check's flag; the judge counted
    the empty message as the body's only value, found it nowhere and said the result lost
    every value of the body and its acknowledgement. An empty text says nothing; a result
    that keeps none of the flags still loses the acknowledgement."""
    body = {"result": {"c-1": {"allowed": True, "error": {"message": ""}}}}
    at = "/stores/{store_id}/batch-check"
    kept = {"result": {"c-1": {"allowed": True}}}
    for kind in ("read", "create"):
        assert judge(body, kept, template=at, kind=kind).lost == []
    lost = judge(body, {"result": {}}, template=at, kind="read").lost
    assert lost == ["acknowledgement: the result neither keeps the body nor says it succeeded"]


TOOL_CALLS: dict[str, Any] = {
    "id": "chatcmpl-abc123",
    "object": "chat.completion",
    "choices": [
        {
            "index": 0,
            "message": {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_abc123",
                        "type": "function",
                        "function": {
                            "name": "get_current_weather",
                            "arguments": '{"location": "Boston, MA"}',
                        },
                    }
                ],
            },
            "finish_reason": "tool_calls",
        }
    ],
}


def test_a_generation_answering_with_tool_calls_keeps_each_calls_name_and_arguments() -> None:
    lost = judge(
        TOOL_CALLS,
        {"id": "chatcmpl-abc123", "choices": [{"finish_reason": "tool_calls"}]},
        kind="generate",
    )
    assert lost.answer.content == 1 and lost.answer.content_kept == 0
    assert any("tool_calls/0/function/name" in item for item in lost.lost)
    call = {
        "id": "call_abc123",
        "function": TOOL_CALLS["choices"][0]["message"]["tool_calls"][0]["function"],
    }
    kept = {
        "id": "chatcmpl-abc123",
        "choices": [{"message": {"tool_calls": [call]}, "finish_reason": "tool_calls"}],
    }
    verdict = judge(TOOL_CALLS, kept, kind="generate")
    assert verdict.lost == [] and verdict.answer.content_kept == 1  # its kind is not asked for


TOOL_USE: dict[str, Any] = {  # the Anthropic API's Messages example with a tool_use block
    "id": "msg_01Aq9w938a90dw8q",
    "type": "message",
    "role": "assistant",
    "content": [
        {"type": "text", "text": "I'll look up the weather in San Francisco for you."},
        {
            "type": "tool_use",
            "id": "toolu_01A09q90qw90lq917835lq9",
            "name": "get_weather",
            "input": {"location": "San Francisco, CA"},
        },
    ],
    "stop_reason": "tool_use",
}


def test_a_content_block_that_is_a_call_is_kept_whatever_its_kind_is_named() -> None:
    """A block of a list of blocks with a kind, a name and what the call takes (``input``)
    is a call the generation asks for, as ``tool_calls`` are."""
    text_only = {"id": TOOL_USE["id"], "content": [TOOL_USE["content"][0]]}
    lost = judge(TOOL_USE, text_only, kind="generate").lost
    assert any("content/1/name" in item for item in lost)
    assert any("content/1/input/location" in item for item in lost)
    kept = {"id": TOOL_USE["id"], "content": TOOL_USE["content"]}
    assert judge(TOOL_USE, kept, kind="generate").lost == []


def test_a_generations_function_call_arguments_object_is_judged_by_its_values() -> None:
    body = {
        "candidates": [
            {
                "content": {
                    "parts": [
                        {
                            "functionCall": {
                                "name": "find_theaters",
                                "args": {"location": "Mountain View, CA"},
                            }
                        }
                    ]
                }
            }
        ]
    }
    assert judge(
        body,
        {"candidates": [{"content": {"parts": [{"functionCall": {"name": "find_theaters"}}]}}]},
        kind="generate",
    ).lost
    assert judge(body, copy.deepcopy(body), kind="generate").lost == []


AI_ANSWER = {  # an answer produced with the help of models its agent lists: how, not what
    "answer": "Public APIs matter because they let other teams build on the platform.",
    "created_at": "2012-12-12T10:53:43-08:00",
    "completion_reason": "done",
    "ai_agent_info": {
        "models": [
            {
                "name": "azure__openai__gpt_4o_mini",
                "provider": "azure",
                "supported_purpose": "chat",
            },
            {
                "name": "azure__openai__text_embedding",
                "provider": "azure",
                "supported_purpose": "embedding",
            },
        ],
        "processor": "basic_text",
    },
}


def test_a_generations_own_text_makes_its_body_an_answer_not_a_wrapper_of_a_parts_list() -> None:
    shaped = {"answer": AI_ANSWER["answer"], "completion_reason": "done"}
    verdict = judge(AI_ANSWER, shaped, kind="generate")
    assert verdict.lost == [] and verdict.lists == 0
    assert records(AI_ANSWER, nested=False) is None
    assert judge(AI_ANSWER, shaped, kind="read").lost  # not a generation: a wrapper's list


def test_a_generations_structured_answer_makes_its_body_an_answer_too() -> None:
    body = {**AI_ANSWER, "answer": {"vendor": "Acme", "total": "42.10"}}
    shaped = {"answer": body["answer"], "completion_reason": "done"}
    assert judge(body, shaped, kind="generate").lost == []
    assert judge(body, shaped, kind="read").lost


def test_a_graphql_type_name_is_no_value_the_result_must_keep() -> None:
    """A union of outcomes answers ``{"__typename": "DeleteSuccess", "success": true}``: the
    judge counted the type's name as the body's only value, so ``{"success": true}`` lost
    every value and its acknowledgement, while a result keeping the type's name alone passed
    whatever the member held. ``__typename`` names the type of a value; the data is the rest."""
    acked = {"artworkOrError": {"__typename": "DeleteSuccess", "success": True}}
    assert judge(acked, {"artworkOrError": {"success": True}}, kind="delete").lost == []
    needed = {"orderOrError": {"__typename": "ActionRequired", "action": {"url": "u-1"}}}
    lost = judge(needed, {"orderOrError": {"__typename": "ActionRequired"}}, kind="create").lost
    assert "every value of the body" in lost


def test_a_related_object_with_an_id_of_its_own_lends_the_answer_no_label() -> None:
    """An invoice (identified by its ``number``, no name of its own) answers its customer, a
    related object identified by ``lago_id``-style ids (``<thing>_id``, no plain ``id``): the
    judge read the customer as a property bag of the invoice and demanded the customer's
    name as the invoice's label, so an update that kept the invoice's number, status and
    total lost a label it never had. A bag without an identity (``attributes``) still lends
    its label."""
    invoice = {
        "invoice": {
            "lago_id": "inv-1",
            "number": "LAG-001",
            "status": "finalized",
            "total_amount_cents": 100,
            "customer": {"lago_id": "c-1", "external_id": "x-1", "name": "Gavin Belson"},
        }
    }
    kept = {"invoice": {"lago_id": "inv-1", "number": "LAG-001", "status": "finalized"}}
    at = "/invoices/{lago_id}"
    assert judge(invoice, kept, template=at, kind="update").lost == []
    bag = {"data": {"id": "t-1", "attributes": {"name": "Thing one", "size": 3}}}
    lost = judge(bag, {"data": {"id": "t-1"}}, template="/things/{id}", kind="update").lost
    assert lost == ["label of the body"]


def test_a_parents_id_is_not_what_the_objects_own_parameter_names() -> None:
    """A session created at ``/agent_runners/{agent_runner_id}/sessions`` (read at
    ``.../sessions/{agent_runner_session_id}``) answers its own ``id`` beside its runner's
    ``agent_runner_id``. Taking the thing (``session``) from inside the parameter left
    ``agent_runner_id``, so the judge said the session lost the member its parameter names
    when it kept its ``id``: the parent's id is named by the parent's parameter. The
    parameter ends with the thing and ``id``: it names the session's ``id``."""
    body = {"id": "s-1", "agent_runner_id": "r-1", "title": "Fix the build", "state": "new"}
    at = "/agent_runners/{agent_runner_id}/sessions"
    one = "/agent_runners/{agent_runner_id}/sessions/{agent_runner_session_id}"
    shaped = {"id": "s-1", "title": "Fix the build", "state": "new"}
    verdict = judge(body, shaped, template=at, siblings=(one,), kind="create")
    assert verdict.lost == [] and verdict.check("path identities").judged == 1
    lost = judge(body, {"title": "Fix the build"}, template=at, siblings=(one,), kind="create")
    assert "path identities: (body) lost id (named by {agent_runner_session_id})" in lost.lost


def test_a_part_nothing_identifies_beside_the_bodys_own_id_is_no_envelope() -> None:
    """Starting an activity at ``/activities/{activityId}`` answers the run it started
    (``runId``, ``started``) and a ``link`` part describing where it sits, whose ``activity``
    member holds the ``activityId`` the caller sent. The judge unwrapped the body through its
    one object member as an envelope and judged ``link.activity`` as the answer, so a result
    keeping the run lost the activity's path identity. A body with an id of its own
    (``runId``) around a part nothing identifies is the answer; the part is its own."""
    body = {
        "runId": "run-1",
        "started": True,
        "link": {"activity": {"namespace": "ns", "activityId": "act-1", "runId": "run-1"}},
    }
    at = "/namespaces/{namespace}/activities/{activityId}"
    verdict = judge(body, {"runId": "run-1", "started": True}, template=at, kind="create")
    assert verdict.lost == []
    lost = judge(body, {"started": True}, template=at, kind="create").lost
    assert "identity of the body" in lost


def test_the_member_a_path_parameter_names_identifies_the_answer() -> None:
    """An account holder updated at ``/account_holders/{account_holder_token}`` answers its
    ``token`` (what the path names: the next call takes it) beside ``external_id``, the
    caller's own reference. A result keeping the token was said to lose the body's identity
    because only ``*_id`` members counted. The member the path names identifies the object
    as its own ids do; a result keeping neither still loses it."""
    body = {"token": "t-1", "external_id": "ext-1", "email": "a@example.com", "status": "OK"}
    at = "/account_holders/{account_holder_token}"
    kept = {"token": "t-1", "email": "a@example.com", "status": "OK"}
    assert judge(body, kept, template=at, kind="update").lost == []
    lost = judge(body, {"email": "a@example.com", "status": "OK"}, template=at, kind="update")
    assert "identity of the body" in lost.lost


def test_the_id_of_the_call_is_no_value_an_acknowledgement_must_keep() -> None:
    """Capabilities answered as flags by network beside the call's ``request_id``: the result
    kept every flag, and the judge, counting the request id among the flags' other values,
    said it lost the acknowledgement. The id of the call is envelope metadata; losing the
    flags still fails."""
    body = {"networks": {"rtp": {"credit": True}, "rfp": {"debit": True}}, "request_id": "r-9"}
    at = "/transfer/capabilities/get"
    kept = {"networks": {"rtp": {"credit": True}, "rfp": {"debit": True}}}
    ack = "acknowledgement: the result neither keeps the body nor says it succeeded"
    assert ack not in judge(body, kept, template=at, kind="update").lost
    assert ack in judge(body, {"networks": {}}, template=at, kind="update").lost


def test_a_page_that_came_back_empty_is_said_by_its_empty_list() -> None:
    """A list read answering no items beside the page's position it was asked for and a
    flag (``{overrides: [], limit: 25, offset: 0, more: false}``): the result keeping the
    empty list and the flag says there is none (the position is the request's own, left out
    as its echo); the judge wanted the limit or offset too. Dropping the list, or the flag,
    still fails."""
    body = {"overrides": [], "limit": 25, "offset": 0, "more": False}
    at = "/schedules/{id}/overrides"
    ack = "acknowledgement: the result neither keeps the body nor says it succeeded"
    assert judge(body, {"overrides": [], "more": False}, template=at, kind="read").lost == []
    assert ack in judge(body, {"more": False}, template=at, kind="read").lost
    assert ack in judge(body, {"overrides": []}, template=at, kind="read").lost


def test_a_record_of_settings_is_no_wrapper_of_its_list_of_values() -> None:
    """A scheduled report created in bulk answers its settings (paused, how often, which job,
    its date range and key, its start and end) and ``report_keys``, a list of strings among
    them. With no identity or label, the judge took the record for a wrapper around its
    longest list of scalars and counted that list as the payload lost. A wrapper carries a
    few scalars beside its list (``{ids: [...], next}``); a record of more is what it is."""
    body = {
        "paused": "false",
        "repeat_every": "DAY",
        "job": "create_credit_report",
        "date_range": "last7",
        "date_key": "created_at",
        "start_date": "2022-10-31",
        "report_keys": ["name", "date"],
    }
    shaped = {k: v for k, v in body.items() if k != "report_keys"}
    verdict = judge(body, shaped, template="/task_schedulers/bulk", kind="create")
    assert verdict.lists == 0 and verdict.lost == []
    ids = {"ids": ["a", "b"], "next": "c-2"}
    assert judge(ids, {"next": "c-2"}, template="/things/bulk", kind="delete").lists == 1


EVALUATION: dict[str, Any] = {  # flipt's OFREP evaluation (outside material), synthesized
    "type": "VARIANT_EVALUATION_RESPONSE_TYPE",
    "booleanResponse": {
        "enabled": True,
        "reason": "UNKNOWN_EVALUATION_REASON",
        "requestId": "req_09e9b9a0c4",
        "requestDurationMillis": 7.5,
        "timestamp": "2024-05-01T12:34:56Z",
        "flagKey": "fla_14b5f76f50",
        "segmentKeys": ["seg_fa8566bd6b", "seg_a177b323c2"],
    },
    "variantResponse": {
        "match": True,
        "segmentKeys": ["seg_fa8566bd6b", "seg_a177b323c2"],
        "reason": "UNKNOWN_EVALUATION_REASON",
        "variantKey": "var_886a6a9396",
        "requestId": "req_09e9b9a0c4",
        "timestamp": "2024-05-01T12:34:56Z",
        "flagKey": "fla_14b5f76f50",
    },
}


def test_values_listed_in_a_part_that_is_a_record_are_not_the_payload() -> None:
    """The segments an evaluation matched are a member of its boolean record (six scalars
    beside them), not what the body answers: an answer keeping the records' flags and keys
    without them lost no payload list (it was judged to have lost
    ``booleanResponse/segmentKeys``)."""
    shown = {
        "booleanResponse": {"enabled": True, "flagKey": "fla_14b5f76f50"},
        "variantResponse": {"match": True, "variantKey": "var_886a6a9396"},
    }
    verdict = judge(EVALUATION, shown, kind="read", template="/ofrep/v1/evaluate/flags/{key}")
    assert verdict.lists == 0 and verdict.lost == []


def test_values_listed_in_a_wrapper_part_are_still_the_payload() -> None:
    """The guard: values listed in a part with no more than a wrapper's scalars (a count) are
    what the body answers, and lost when left out."""
    body = {"type": "list", "result": {"count": 2, "segmentKeys": ["seg_fa8566bd6b", "seg_a1"]}}
    verdict = judge(body, {"result": {"count": 2}}, kind="read", template="/segments")
    assert verdict.lists == 1 and verdict.lost[0] == "payload list result/segmentKeys (2 items)"
    kept = judge(body, {"result": {"segmentKeys": ["seg_fa8566bd6b", "seg_a1"]}}, kind="read")
    assert kept.lists_kept == 1 and kept.lost == []


def _category(name: str) -> dict[str, Any]:  # icons8's categories (tuning half), its example
    icon = {"common_icon_id": 0, "created": "", "id": 0, "name": "", "svg": "", "url": ""}
    return {
        "category_code": "",
        "category_name": "",
        "subcategory": [{"icons": [icon], "subcategory_code": "", "subcategory_name": ""}],
        **({"api_code": name.replace(" ", "_"), "name": name} if name else {}),
    }


CATEGORIES = {"result": {"categories": [_category(n) for n in ("", "Alphabet", "Very Basic")]}}


def test_a_list_item_of_nothing_but_empty_strings_and_zeros_is_kept_by_any_item() -> None:
    """A description's example whose first item is all scaffold (``""`` and ``0``) says
    nothing there: the answer's item for it (``{"subcategory": [{}]}``, its empty values left
    out) keeps all there was, and the list is kept (it was judged lost)."""
    shown = {
        "result": {
            "categories": [{"subcategory": [{}]}, {"name": "Alphabet"}, {"name": "Very Basic"}]
        }
    }
    verdict = judge(CATEGORIES, shown, kind="read", template="/api/iconsets/v3/categories")
    assert verdict.lists_kept == verdict.lists == 1 and verdict.lost == []


def test_a_list_whose_item_with_values_is_emptied_or_dropped_is_still_lost() -> None:
    """The guard: an item that said something and is shown empty, or a placeholder item
    dropped from the list, loses the list."""
    emptied = {"result": {"categories": [{}, {}, {"name": "Very Basic"}]}}
    verdict = judge(CATEGORIES, emptied, kind="read", template="/api/iconsets/v3/categories")
    assert verdict.lost[0] == "payload list result/categories (3 items)"
    dropped = {"result": {"categories": [{"name": "Alphabet"}, {"name": "Very Basic"}]}}
    verdict = judge(CATEGORIES, dropped, kind="read", template="/api/iconsets/v3/categories")
    assert verdict.lost[0] == "payload list result/categories (3 items)"


def _voter_info(bag: dict[str, Any]) -> dict[str, Any]:  # civicinfo's voterinfo (tuning half)
    return {
        "kind": "civicinfo#voterInfoResponse",
        "precinctId": "pre_169f1d29b4",
        "mailOnly": True,
        "language": "en",
        "contestCount": 2,
        "region": "KS",
        "normalizedInput": bag,
        "election": {"id": "2000", "name": "VIP Test Election", "electionDay": "2031-06-06"},
    }


ADDRESS = {"line1": "1263 Pacific Ave", "city": "Kansas City", "state": "KS", "zip": "66102"}


def test_the_state_beside_an_addresss_city_and_zip_is_a_region_not_a_state() -> None:
    """A voter's normalized address (``{line1, city, state, zip}``) is no state of the answer:
    leaving its ``state`` out lost no resource state (it was judged ``its state``)."""
    body = _voter_info(ADDRESS)
    shown = {"precinctId": "pre_169f1d29b4", "election": {"id": "2000", "name": "VIP Test"}}
    assert state_values(body) == []
    assert judge(body, shown, kind="read", template="/civicinfo/v2/voterinfo").lost == []
    # an address's status is still its state
    assert state_values({"id": "a1", "status": "verified", **ADDRESS}) == ["verified"]


def test_the_state_of_a_property_bag_that_is_no_address_is_still_judged() -> None:
    """The guard: the same answer whose bag says where it stands loses that state."""
    body = _voter_info({"state": "suspended", "plan": "pro", "seats": 3})
    shown = {"precinctId": "pre_169f1d29b4", "election": {"id": "2000", "name": "VIP Test"}}
    assert state_values(body) == ["suspended"]
    verdict = judge(body, shown, kind="read", template="/civicinfo/v2/voterinfo")
    assert verdict.lost == ["answered resource: its state 'suspended'"]


def test_a_list_of_hits_each_holding_a_resource_is_a_list_of_records() -> None:
    """A job search (Google's Cloud Talent Solution v3, the public API directory, CC0)
    answers ``matchingJobs: [{job: {name, title}, jobSummary}]`` beside facets keyed by
    ``key``: the hits hold the jobs, so the facets are not the one list of records the
    answer is about (the judge wanted their keys once the defaults kept the jobs)."""
    body = {
        "matchingJobs": [{"job": {"name": "projects/p/jobs/1", "title": "Welder"},
                          "jobSummary": "Welds"}],
        "histogramResults": {"customAttributeHistogramResults": [
            {"key": "shift", "stringValueHistogramResult": {"night": 2}}]},
    }  # fmt: skip
    assert records(body) is None
    facets_only = {"histogramResults": body["histogramResults"]}
    assert records(facets_only) is not None


def test_a_relay_payload_is_not_identified_by_the_callers_mutation_id() -> None:
    """A Relay mutation's payload (Cirrus CI's ``batchAbort``: ``{tasks: [...],
    clientMutationId}``) answers back the id the caller gave its mutation: the call's, not
    the resource's; a result that keeps the tasks with their ids loses nothing (the judge
    read ``clientMutationId`` as the identity of the body)."""
    tasks = [{"id": "t-1", "name": "lint", "status": "ABORTED"}, {"id": "t-2", "name": "test"}]
    body = {"tasks": tasks, "clientMutationId": "abort-1"}
    kept = {"tasks": [{"id": "t-1", "name": "lint"}, {"id": "t-2", "name": "test"}]}
    verdict = judge(body, kept, kind="update")
    assert "identity of the body" not in verdict.lost
    assert verdict.lost == []
    # the tasks' own ids are still demanded
    assert judge(body, {"tasks": [{"name": "lint"}, {"name": "test"}]}, kind="update").lost
