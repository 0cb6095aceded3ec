"""What the caller sent, as the judge reads it (judge_request.py): the content check
(judge_content.py) leaves out a write's receipt answering back the caller's own text.
Synthesized from the structure found from outside: a ticket reply whose receipt holds the
reply's HTML body."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.pipeline import load_with_overlay
from generator.preview.judge import judge
from generator.preview.judge_content import generated_content
from generator.preview.judge_request import Request, request_of
from generator.preview.tools import tools_of

DESCRIPTION = """
openapi: 3.0.3
info: {title: Replies, version: '1'}
servers: [{url: 'https://replies.example.test'}]
paths:
  /tickets/{ticket_id}/reply:
    post:
      operationId: replyTicket
      parameters: [{name: ticket_id, in: path, required: true, schema: {type: string}}]
      requestBody:
        content:
          application/json:
            schema:
              oneOf:
                - type: object
                  required: [message_type, body]
                  properties:
                    message_type: {type: string, enum: [comment]}
                    body: {type: string}
                    email: {type: string}
                - type: object
                  required: [message_type, admin_id]
                  properties:
                    message_type: {type: string, enum: [note]}
                    admin_id: {type: string}
      responses:
        '200':
          description: the ticket part
          content: {application/json: {schema: {$ref: '#/components/schemas/Part'}}}
  /labels:
    put:
      operationId: createLabel
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                title: {type: string}
                description: {type: string}
                hex_color: {type: string}
                links:
                  type: array
                  items: {type: object, properties: {description: {type: string}}}
      parameters: [{name: priority, in: query, schema: {type: integer}}]
      responses:
        '201':
          description: the label
          content: {application/json: {schema: {type: object}}}
components:
  schemas:
    Part:
      type: object
      properties:
        id: {type: string}
        body: {type: string}
"""
REPLY = (
    "<h2>An Unordered HTML List</h2>\n<ul>\n<li>Coffee</li>\n<li>Tea</li>\n<li>Milk</li>\n"
    "</ul>\n<h2>An Ordered HTML List</h2>\n<ol>\n<li>Coffee</li>\n<li>Tea</li>\n</ol>"
)
PART = {
    "type": "ticket_part",
    "id": "156",
    "part_type": "note",
    "body": REPLY,
    "created_at": 1734537884,
    "author": {"id": "991267943", "type": "admin", "name": "Ciaran Lee"},
    "attachments": [],
}
STORY = (
    "Once upon a time a small robot learned to paint the sea, and every evening it added "
    "one more wave to the canvas by the harbour."
)
RECEIPT = {"id": "156", "body": REPLY[:36] + "…", "author": {"name": "Ciaran Lee"}}


def _tools(tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "replies.yaml"
    path.write_text(DESCRIPTION, encoding="utf-8")
    spec, _ = load_with_overlay(path)
    _, pairs = tools_of(spec)
    return {tool.name: tool for _, tool in pairs}


def test_the_request_body_members_are_read_from_the_listed_schema(tmp_path) -> None:
    tools = _tools(tmp_path)
    whole = request_of(tools["reply_ticket"])  # a body sent whole, through its oneOf branches
    assert whole.members == {("message", "type"), ("body",), ("email",), ("admin", "id")}
    flat = request_of(tools["create_label"], {"title": "Urgent", "priority": 2})
    assert flat.members == {("title",), ("description",), ("hex", "color"), ("links",)}
    assert flat.texts == ("Urgent",) and flat.takes("Description") and not flat.takes("body")
    assert not flat.takes("priority__query")  # a query argument is not in the body


def test_a_writes_receipt_answering_back_the_callers_text_has_no_generated_content(
    tmp_path,
) -> None:
    """A ticket reply answers the part it created, whose ``body`` is the reply the caller
    wrote (an HTML list); the receipt shows its first 36 characters and a marker. The judge
    took the body for generated content (long prose, most of the part's text) and the receipt
    for "content missing". Text in a member the request body takes, answered back in the
    record a write creates, is the caller's; a generation's answer is still judged, and so
    is a call whose request the judge is not told."""
    request = request_of(_tools(tmp_path)["reply_ticket"])
    verdict = judge(PART, RECEIPT, kind="create", request=request)
    assert verdict.answer.content == 0 and verdict.lost == []
    assert verdict.answer.resource == verdict.answer.resource_kept == 1
    # not told the request: the old reading
    assert judge(PART, RECEIPT, kind="create").lost == ["generated content body"]
    # a generation answering in a member its request also takes still generated it
    assert generated_content(PART, request, "generate") == [("body", REPLY)]
    assert judge(PART, RECEIPT, kind="generate", request=request).lost != []


def test_a_list_the_caller_wrote_answered_back_is_not_a_list_of_alternatives(tmp_path) -> None:
    """A created label answers the ``links`` its request took, each with a description: with
    the label's own description the caller's, the links' descriptions were the longest text
    left and taken for the alternatives of a generation."""
    request = request_of(_tools(tmp_path)["create_label"])
    text = "A note the caller wrote about this link, long enough to read as prose."
    label = {
        "id": "l-1",
        "title": "Urgent",
        "description": STORY,
        "links": [{"description": text, "type": "doc"}, {"description": text, "type": "doc"}],
    }
    assert generated_content(label, request, "create") == []
    assert generated_content(label, None, "create") == []  # the old reading: no share either
    assert generated_content({**label, "description": "short"}, None, "create") != []


def test_a_text_the_caller_sent_is_not_generated_content() -> None:
    """Whatever the member and the operation: text equal to a string the caller sent
    (whitespace aside) is answered back, not produced."""
    sent = Request(texts=(" ".join(REPLY.split()),))
    echoed = {"ok": True, "message": REPLY}
    assert generated_content(echoed) == [("message", REPLY)]
    assert generated_content(echoed, sent, "generate") == []
    alternatives = {"choices": [{"text": REPLY}]}
    assert generated_content(alternatives, sent) == []
    assert generated_content(alternatives, Request(texts=("something else entirely",))) != []


def test_a_write_that_sent_no_body_answers_what_the_resource_held() -> None:
    """Archiving a saved group (``POST /saved-groups/{id}/archive``, no body) answers the
    group, whose ``description`` is most of its text; the receipt leaves it out. The judge
    took the description for content the call generated ("generated content missing"): a
    write that sent nothing but the resource's address wrote no text, its answer's texts are
    what the resource held. Its description is what it says it is, whoever wrote it, after
    any write (Growthbook's archive takes options: ``ignoreWarnings``). Another long text a
    write with a body did not send, and a call whose request the judge is not told, are
    judged as before."""
    group = {
        "id": "grp_1",
        "name": "Beta testers",
        "owner": "owner 1",
        "description": STORY,
        "archived": True,
    }
    receipt = {"id": "grp_1", "name": "Beta testers", "archived": True}
    assert judge(group, receipt, kind="update", request=Request(body=False)).lost == []
    with_body = Request(frozenset({("name",)}))
    notes = {**group, "notes": STORY}
    del notes["description"]
    assert judge(notes, receipt, kind="update", request=with_body).lost == [
        "generated content notes"
    ]
    assert judge(notes, receipt, kind="update").lost == ["generated content notes"]
    # its description is what the record says it is: not produced by an archive whose body
    # holds only options (``{ignoreWarnings: true}``), nor by any other write
    assert judge(group, receipt, kind="update", request=with_body).lost == []
    assert judge(group, receipt, kind="create", request=with_body).lost == []
    assert judge(group, receipt, kind="read").lost == ["generated content description"]
    # a generation that sent no body still generated its text
    assert judge(group, receipt, kind="generate", request=Request(body=False)).lost != []
