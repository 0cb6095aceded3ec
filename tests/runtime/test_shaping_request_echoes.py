"""A list's wrapper without what answers the request back (issue 33, reads): an agent knows the
``term``, ``limit`` and ``expand`` it sent; what the answer says (a total, a cursor, a next
page's token, a subject) stays, and a single object keeps everything."""

import json
from dataclasses import replace
from pathlib import Path

from generator.runtime.shaping.decision import DefaultsContext
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from tests.support.loading import load_decided


def items(n: int):
    return [{"id": 100 + i, "title": f"Ticket {i}", "priority": i} for i in range(n)]


def answer(value, config):
    result = shape(value, config)
    assert len(result.chunks) == 1
    return json.loads(result.chunks[0])


# what a search's request sends (its query parameters), as the description names it
ASKED = ("searchTerm", "limit", "page", "per_page", "expand", "callback", "cursor", "total")


def test_a_lists_wrapper_leaves_out_what_echoes_the_request():
    body = {
        "search_term": "printer",  # ``searchTerm`` was sent
        "Limit": 25,
        "expand": "owner,tags",
        "callback": None,
        "parameters": {"searchTerm": "printer", "per_page": 25},  # a part of echoes only
        "paging": {"page": 2, "total": 40},  # the page as sent goes, the total stays
        "total": 40,  # sent as a flag (``total=true``), answered as the count
        "cursor": "c2",  # sent as this page's cursor, answered as the next one
        "nextPageToken": "t3",
        "source": "index-b",  # not sent: said about the answer
        "results": items(3),
    }
    config = ShapeConfig(collection_path="results", context=DefaultsContext(asked=ASKED))
    out = answer(body, config)
    assert set(out) == {"paging", "total", "cursor", "nextPageToken", "source", "results"}
    assert out["paging"] == {"total": 40}
    assert len(out["results"]) == 3
    # the call sent its term and page size: what it left out and the server chose stays (an
    # ``expand`` by default); a page's position left out is the first page of the default size
    sent = frozenset({"searchterm", "perpage"})
    out = answer(body, replace(config, sent=sent))
    assert set(out) == {"expand", "paging", "total", "cursor", "nextPageToken", "source", "results"}
    # without what the request sends, nothing is taken for an echo
    out = answer(body, ShapeConfig(collection_path="results"))
    assert {"search_term", "Limit", "parameters"} <= set(out)


def test_a_value_the_server_chose_for_what_the_call_left_out_stays():
    # a list of the day's best sellers: ``published_date`` left out, the answer says which day
    body = {"published_date": "2016-03-20", "num_results": 2, "language": "",
            "rate": {"limit": 2500, "remaining": 2499}, "results": items(2)}  # fmt: skip
    asked = ("published_date", "language", "limit")
    config = ShapeConfig(collection_path="results", context=DefaultsContext(asked=asked))
    out = answer(body, replace(config, sent=frozenset()))
    # an empty value says nothing; a quota's limit is no page's
    assert set(out) == {"published_date", "num_results", "rate", "results"}
    assert out["rate"] == {"limit": 2500, "remaining": 2499}
    out = answer(body, replace(config, sent=frozenset({"publisheddate"})))
    assert "published_date" not in out


def test_a_part_holding_records_or_more_than_echoes_stays():
    body = {
        "query": {"searchTerm": "printer", "matched": 3},  # ``matched`` is not an echo
        "expand": {"owner": {"id": 7, "name": "Ann"}},  # records, not what was sent
        "results": items(2),
    }
    config = ShapeConfig(collection_path="results", context=DefaultsContext(asked=ASKED))
    out = answer(body, config)
    assert out["query"] == {"matched": 3}
    assert "results" in out


def test_one_object_keeps_what_echoes_the_request():
    body = {"data": {"id": 5, "title": "Ticket 5", "limit": 25}, "limit": 25, "page": 1}
    config = ShapeConfig(envelope_path="data", context=DefaultsContext(asked=ASKED))
    out = answer(body, config)
    assert out.get("limit") == 25


SPEC = """
openapi: 3.0.3
info: {title: Search, version: "1"}
paths:
  /orgs/{org_id}/search:
    get:
      operationId: search
      parameters:
        - {name: org_id, in: path, required: true, schema: {type: string}}
        - {name: search-term, in: query, schema: {type: string}}
        - {name: per_page, in: query, schema: {type: integer}}
        - {name: X-Trace, in: header, schema: {type: string}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  searchTerm: {type: string}
                  total: {type: integer}
                  results:
                    type: array
                    items:
                      type: object
                      properties: {id: {type: integer}, title: {type: string}}
  /orgs/{org_id}:
    get:
      operationId: org
      parameters:
        - {name: org_id, in: path, required: true, schema: {type: string}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties: {org_id: {type: string}, name: {type: string}}
"""


def test_the_loader_says_what_a_lists_request_sends(tmp_path: Path):
    path = tmp_path / "search.yaml"
    path.write_text(SPEC)
    spec, _ = load_decided(path)
    ops = {op.id: op for op in spec.operations}
    # its query parameters; no header, no path parameter (it names the object the list is at)
    assert ops["search"].response.context.asked == ("search-term", "per_page")
    assert ops["org"].response.context.asked == ()  # one object: its answer keeps them
