"""Defaults on the first calls to descriptions nobody tuned for (issue 33): defects found on
vendors' own OpenAPI descriptions (a billing API's invoices, a payments API's payments, an
incident tracker's references, an API whose answers are ``{meta: {requestId}, data}``),
each reproduced here on a synthesized body or description of the same structure (no vendor's
text); each test fails on the rules before its fix and checks what the caller needs stays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.pipeline import load_spec
from generator.preview.tools import tools_of
from generator.runtime.output import shape_config_for, shape_output
from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.roles.quantity import is_amount

TEXT = (
    "A long text the caller has just sent with the request, several sentences long, which "
    "the answer only needs to recognise, not to repeat: the caller holds all of it already."
)


def _answer(body: Any, kind: str, **config: Any) -> Any:
    result = shape(body, ShapeConfig(kind=kind, **config))
    assert not result.violations
    return json.loads(result.chunks[0])


# ------------------------------------------------------------------ a page's wrapper by allOf


def _incidents_description() -> dict[str, Any]:
    """A list answered by a wrapper composed of a pagination schema and the list (``allOf``),
    whose items refer to teams by a reference unless asked to expand them (``oneOf``: the
    reference, or the whole team, which alone has a ``name``)."""
    ref = {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "type": {"type": "string"},
            "summary": {"type": "string"},
        },
    }
    team = {
        "allOf": [
            {"$ref": "#/components/schemas/TeamReference"},
            {"type": "object", "properties": {"name": {"type": "string"}}},
        ]
    }
    incident = {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "title": {"type": "string"},
            "status": {"type": "string", "enum": ["triggered", "resolved"]},
            "created_at": {"type": "string", "format": "date-time"},
            "teams": {
                "type": "array",
                "items": {
                    "oneOf": [
                        {"$ref": "#/components/schemas/TeamReference"},
                        {"$ref": "#/components/schemas/Team"},
                    ]
                },
            },
        },
    }
    page = {
        "type": "object",
        "properties": {"limit": {"type": "integer"}, "more": {"type": "boolean"}},
    }
    wrapper = {
        "allOf": [
            {"$ref": "#/components/schemas/Pagination"},
            {
                "type": "object",
                "properties": {
                    "incidents": {
                        "type": "array",
                        "items": {"$ref": "#/components/schemas/Incident"},
                    }
                },
            },
        ]
    }
    ok = {"content": {"application/json": {"schema": wrapper}}, "description": "ok"}
    return {
        "openapi": "3.0.3",
        "info": {"title": "Incidents", "version": "1"},
        "paths": {
            "/incidents": {"get": {"operationId": "listIncidents", "responses": {"200": ok}}}
        },
        "components": {
            "schemas": {
                "TeamReference": ref,
                "Team": team,
                "Incident": incident,
                "Pagination": page,
            }
        },
    }


def test_a_list_wrapped_by_all_of_is_read_through_its_items_schema(tmp_path: Path) -> None:
    """The wrapper's list was looked for through ``properties`` only: behind ``allOf`` its
    items' schema was not found, so the items had no entity and their members' variants were
    not known: the defaults named a team by the whole team's ``name`` alone, and a team sent
    as a reference shaped down to ``{}``. A reference is named by its one text beside its id
    (``stub_text``): it had shaped down to its id alone, the team's name lost."""
    path = tmp_path / "incidents.json"
    path.write_text(json.dumps(_incidents_description()))
    spec, _ = load_spec(path, name=None)
    _, pairs = tools_of(spec)
    tool = dict((op.id, tool) for op, tool in pairs)["listIncidents"]
    config = shape_config_for(tool)
    assert config.context.entity == ("incident",)
    assert ("teams", ("id", "name", "summary")) in config.context.variants
    body = {
        "incidents": [
            {
                "id": "IN1",
                "title": "Disk full",
                "status": "triggered",
                "created_at": "2024-05-01T10:00:00Z",
                "teams": [{"id": "TM1", "type": "team_reference", "summary": "Storage"}],
            }
        ],
        "limit": 25,
        "more": False,
    }
    shaped = json.loads(shape_output(body, tool, config).chunks[0])
    assert shaped["incidents"][0]["teams"] == [{"id": "TM1", "summary": "Storage"}]
    assert shaped["incidents"][0]["title"] == "Disk full"


# ------------------------------------------------------------------ a payment's own names


def _payment() -> dict[str, Any]:
    """A payment as a create answers it: its own text says what it is for; its billing
    address holds the payer's name in parts with their honorific ``title``."""
    return {
        "resource": "payment",
        "id": "tr_7UhSN1zuXS",
        "mode": "live",
        "description": "Order #12345",
        "amount": {"currency": "EUR", "value": "10.00"},
        "billingAddress": {
            "title": "Dhr.",
            "givenName": "Piet",
            "familyName": "Mondriaan",
            "email": "piet@example.org",
            "streetAndNumber": "Keizersgracht 126",
            "postalCode": "1015 CW",
            "city": "Amsterdam",
            "country": "NL",
        },
        "sequenceType": "oneoff",
        "redirectUrl": "https://shop.example.org/order/12345/",
        "webhookUrl": "https://shop.example.org/payments/webhook/",
        "profileId": "pfl_QkEhN94Ba",
        "status": "open",
        "statusReason": {"code": "approved", "message": "The payment was approved."},
        "isCancelable": False,
        "createdAt": "2024-03-20T09:13:37+00:00",
        "expiresAt": "2024-03-20T09:28:37+00:00",
    }


def test_a_part_naming_a_person_in_two_parts_does_not_label_the_object() -> None:
    """The billing address was seen through as a part of the payment: its ``title`` (the
    payer's honorific) became the payment's label and its ``email`` beside it, and the
    payment's own ``description`` was left out. Beside a person's name in its two parts a
    ``title`` is their honorific: the payer is said by their name, the payment by its text."""
    for kind in ("create", "read"):
        out = _answer(_payment(), kind)
        assert out["id"] == "tr_7UhSN1zuXS"
        assert out["description"] == "Order #12345", kind
        assert out["status"] == "open"
        assert "billingAddress" not in out or "title" not in out["billingAddress"], kind


def test_an_objects_own_text_comes_before_a_parts() -> None:
    """A read kept the status part's ``message`` as the payment's text (a body word ranks
    before a description) and left out the payment's own ``description``."""
    body = {k: v for k, v in _payment().items() if k != "billingAddress"}
    body["details"] = {"consumerName": "P. Mondriaan", "consumerAccount": "NL55INGB0000000000"}
    out = _answer(body, "read")
    assert out["description"] == "Order #12345"


# ------------------------------------------------------------------ what an invoice came to


def _invoice() -> dict[str, Any]:
    return {
        "lago_id": "1a90-inv",
        "number": "INV-001-002",
        "issuing_date": "2024-04-30",
        "status": "finalized",
        "payment_status": "succeeded",
        "currency": "EUR",
        "fees_amount_cents": 100,
        "coupons_amount_cents": 10,
        "credit_notes_amount_cents": 10,
        "sub_total_excluding_taxes_amount_cents": 100,
        "taxes_amount_cents": 20,
        "sub_total_including_taxes_amount_cents": 120,
        "total_amount_cents": 110,
        "net_payment_term": 30,
        "version_number": 3,
        "created_at": "2024-04-29T08:59:51Z",
        "updated_at": "2024-04-29T08:59:51Z",
        "customer": {
            "lago_id": "1a90-cus",
            "external_id": "cus-42",
            "name": "Ada Byron",
            "email": "ada@example.com",
            "address_line1": "5230 Penfield Ave",
            "city": "Woodland Hills",
            "country": "US",
            "currency": "EUR",
            "timezone": "UTC",
            "created_at": "2022-04-29T08:59:51Z",
            "updated_at": "2022-04-29T08:59:51Z",
        },
    }


def test_what_an_object_came_to_is_its_total_not_its_first_amount() -> None:
    """Amounts all qualified alike (``fees_amount_cents``, ``total_amount_cents``) were taken
    in the schema's order: an invoice was answered by its fees, not by what it came to."""
    for kind in ("create", "update"):
        out = _answer(_invoice(), kind)
        assert out["total_amount_cents"] == 110, kind
        assert "fees_amount_cents" not in out, kind
    page = _answer({"invoices": [_invoice(), _invoice()]}, "read")
    assert all(item["total_amount_cents"] == 110 for item in page["invoices"])


def test_a_person_record_is_said_by_who_not_when_it_was_made() -> None:
    """A customer without an id the rules read as its own (``lago_id``) was taken for a
    signature (git's ``{name, email, date}``: who and when) and kept its ``created_at``: a
    record of a dozen members is no signature. A signature still keeps its time."""
    page = _answer({"invoices": [_invoice(), _invoice()]}, "read")
    customer = page["invoices"][0]["customer"]
    assert customer["name"] == "Ada Byron"
    assert "created_at" not in customer
    commit = {
        "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e",
        "message": TEXT,
        "author": {"name": "Ada Byron", "email": "ada@example.com", "date": "2024-05-01T12:00Z"},
        "url": "https://git.example.com/commits/6dcb09b",
    }
    out = _answer({"commits": [commit, commit]}, "read")
    assert out["commits"][0]["author"]["date"] == "2024-05-01T12:00Z"


# ------------------------------------------------------------------ the exchange's id


def test_the_exchanges_id_is_no_part_of_an_answer() -> None:
    """``{meta: {requestId}, data: {...}}``: a read of one resource kept ``meta`` whole beside
    it; a list's wrapper already left the request's id out."""
    read = {
        "meta": {"requestId": "req_7a1c", "correlationId": "cor_19"},
        "data": {"id": "api_2cGKbMxR", "name": "payments-production"},
    }
    out = _answer(read, "read", envelope_path="data", default_fields=("id", "name"))
    assert out == {"data": {"id": "api_2cGKbMxR", "name": "payments-production"}}
    counted = {"meta": {"count": 2, "requestId": "req_7a1c"}, "data": read["data"]}
    out = _answer(counted, "read", envelope_path="data", default_fields=("id", "name"))
    assert out["meta"] == {"count": 2}


def test_the_total_of_a_part_is_not_what_an_object_came_to() -> None:
    """``total_tax`` is the tax's total, not the order's: ranked with ``total`` as "named as
    the total", it was taken first where the description lists it first."""
    order = {
        "id": "ord-1",
        "number": "1042",
        "status": "paid",
        "sub_total": 100.0,
        "total_tax": 15.0,
        "total": 115.0,
        "currency": "EUR",
    }
    for kind in ("create", "update"):
        out = _answer(order, kind)
        assert out["total"] == 115.0, kind
        assert "total_tax" not in out and "sub_total" not in out, kind


def test_an_event_list_keeps_its_organizer_not_a_pictures_size() -> None:
    """A fair's list item (Artsy's GraphQL schema) kept its ``contact`` text in its one
    person's slot and dropped the ``organizer`` object, and its ``image`` part kept only its
    ``tileSize`` (a count of a part, how the picture renders). Of one rank, a person object
    comes before a string named as one; a picture's sizes are no quantity of the object."""
    fair = {
        "id": "f1",
        "name": "Spring Fair",
        "activeStartAt": "2024-05-01T12:00:00Z",
        "contact": "Write to the front desk for passes and opening hours of the fair.",
        "organizer": {"id": "o1", "name": "Art Basel", "slug": "art-basel"},
        "image": {"tileSize": 512, "aspectRatio": 1.5, "caption": "The hall"},
        "isActive": True,
    }
    answer = _answer([fair, {**fair, "id": "f2"}], "read")
    assert answer[0]["organizer"]["name"] == "Art Basel"
    assert "tileSize" not in json.dumps(answer)
    assert [item["id"] for item in answer] == ["f1", "f2"]


def test_a_record_keyed_by_related_objects_keeps_its_figure() -> None:
    """A tax configuration's rates (Saleor's GraphQL schema) are records keyed by the objects
    they relate, a country and a tax class, with one figure of their own, the ``rate``: each
    kept its country and class and lost the rate, the whole answer. A record with nothing of
    its own but a figure or two beside related objects keeps them, whatever they are called."""
    rates = [
        {"country": {"code": "DE", "country": "Germany"}, "rate": 19.0,
         "taxClass": {"id": "tc1", "name": "Standard", "metadata": []}},
        {"country": {"code": "DE", "country": "Germany"}, "rate": 7.0,
         "taxClass": {"id": "tc2", "name": "Reduced", "metadata": []}},
    ]  # fmt: skip
    answer = _answer({"country": {"code": "DE"}, "taxClassCountryRates": rates}, "read")
    assert [r["rate"] for r in answer["taxClassCountryRates"]] == [19.0, 7.0]
    assert answer["taxClassCountryRates"][1]["taxClass"]["name"] == "Reduced"


def test_a_write_answering_a_person_keeps_its_id() -> None:
    """A token's verification answers the user it belongs to beside a flag and its errors
    (Saleor's ``tokenVerify``): the user was reduced to a receipt's name, without the id a
    call about them takes. A write whose one identified object is a person keeps its id; a
    person beside the resource a write answers (a comment's author) stays a receipt's."""
    user = {"id": "string", "email": "string", "firstName": "string", "lastName": "string",
            "isStaff": "boolean", "note": "string"}  # fmt: skip
    errors = [{"code": "string", "message": "string", "field": "string"}]
    chosen = choose_default_fields(
        {"user": user, "isValid": "boolean", "errors": errors}, kind="update"
    )
    assert "user.id" in chosen and "user.email" in chosen
    comment = {"id": "string", "body": "string", "author": user}
    assert "author.id" not in choose_default_fields(comment, kind="create")


def test_an_amount_written_as_a_decimal_string_is_money() -> None:
    """A payments server's invoices and payouts (BTCPay's description) write their amounts as
    decimal strings (``amount: "5.00"`` beside ``currency``): not numbers, they were no money,
    and a list of invoices or payouts said none of its amounts, a created invoice neither. A
    string named as an amount beside a currency member of its object is an amount, taken with
    the currency it is in; without a currency beside it, a string stays no amount."""
    invoice = {"id": "string", "amount": "string", "currency": "string", "status": "string",
               "createdTime": "integer:time", "checkout": {"speedPolicy": "string"}}  # fmt: skip
    for kind in ("read", "create"):
        chosen = choose_default_fields(invoice, kind=kind)
        assert "amount" in chosen and "currency" in chosen, kind
    payout = {"id": "p1", "date": "2024-05-01", "state": "AwaitingPayment",
              "originalCurrency": "USD", "payoutAmount": "0.0012", "payoutCurrency": "BTC",
              "originalAmount": "10.00", "destination": "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkf"}  # fmt: skip
    answer = _answer([payout, {**payout, "id": "p2"}], "read")
    assert answer[1]["payoutAmount"] == "0.0012" and answer[1]["payoutCurrency"] == "BTC"
    assert "originalCurrency" not in answer[1]  # the currency of the amount taken
    # a price written as its value beside its currency, before a discount's amount
    item = {"itemId": "v1|1", "title": "Lamp", "discountAmount": "2.00", "priceValue": "9.99",
            "priceCurrency": "USD", "originalPriceValue": "11.99",
            "originalPriceCurrency": "USD", "priceType": "FIXED", "condition": "New"}  # fmt: skip
    listed = _answer([item, {**item, "itemId": "v1|2"}], "read")[1]
    assert (listed["priceValue"], listed["priceCurrency"]) == ("9.99", "USD")
    assert "discountAmount" not in listed and "priceType" not in listed
    assert is_amount("amount", "string", ["amount", "currency"])
    assert not is_amount("tax", "string", ["id", "name", "tax"])  # no currency beside it


def test_a_page_sorted_by_a_key_is_a_list_not_one_resource() -> None:
    """A media manager's history and queue (Radarr's description) answer a page that echoes
    how it is sorted, ``{page, pageSize, sortKey, sortDirection, totalRecords, records}``: the
    ``sortKey`` read as the page's own natural key made it one resource, and each record a
    list element said by its title alone, without the ``id`` a delete or a retry takes. A key
    a page is sorted by names nothing."""
    record = {"id": "integer", "movieId": "integer", "sourceTitle": "string",
              "date": "string:time", "eventType": "string:enum"}  # fmt: skip
    page = {"page": "integer", "pageSize": "integer", "sortKey": "string",
            "sortDirection": "string:enum", "totalRecords": "integer", "records": [record]}  # fmt: skip
    assert "records.id" in choose_default_fields(page, kind="read")
    body = {"page": 1, "pageSize": 2, "sortKey": "date", "sortDirection": "descending",
            "totalRecords": 2, "records": [
                {"id": 7, "movieId": 3, "sourceTitle": "A.Movie.2019.1080p", "eventType": "grabbed",
                 "date": "2024-05-01T12:00:00Z", "data": {"indexer": "x", "size": "1"}},
                {"id": 8, "movieId": 4, "sourceTitle": "B.Movie.2020.720p", "eventType": "grabbed",
                 "date": "2024-05-02T12:00:00Z", "data": {"indexer": "y", "size": "2"}}]}  # fmt: skip
    assert [r["id"] for r in _answer(body, "read")["records"]] == [7, 8]


def test_a_write_answering_a_resource_keeps_its_verdict() -> None:
    """The same verification answered the user and left out ``isValid``, what the call was
    made to learn: a lean write profile takes no flags. A write's answer nothing identifies,
    around the resource it is about, keeps its own flags beside it; a resource's own flags
    stay out of a write's lean answer."""
    user = {"id": "string", "email": "string", "firstName": "string", "isStaff": "boolean"}
    errors = [{"code": "string", "message": "string", "field": "string"}]
    chosen = choose_default_fields(
        {"user": user, "isValid": "boolean", "errors": errors}, kind="update"
    )
    assert "isValid" in chosen
    assert "user.isStaff" not in chosen
    record = {"id": "string", "name": "string", "archived": "boolean", "note": "string"}
    assert "created" in choose_default_fields(
        {"created": "boolean", "record": record}, kind="create"
    )
    assert "archived" not in choose_default_fields(record, kind="create")


def test_an_object_saying_only_what_it_is_is_read_through_its_body() -> None:
    """A JSON:API resource says what it is (``id``, ``type``) and holds everything else in
    ``attributes`` (Twine Health's rewards): its figures were read as a part's, and a reward
    read by its id kept its times and lost ``earned_value`` and the other values. The one
    part holding its scalars is its body, read as its own members; an object with values of
    its own keeps its parts as parts."""
    attributes = {"description": "string", "allocated_at": "string", "allocated_unit": "string",
                  "allocated_value": "number", "earned_at": "string", "earned_value": "number"}  # fmt: skip
    relationships = {"patient": {"data": {"id": "string", "type": "string"}}}
    reward = {"id": "string", "type": "string", "attributes": attributes,
              "relationships": relationships}  # fmt: skip
    chosen = choose_default_fields(reward, kind="read", entity=("reward",), keys=("id",))
    assert "id" in chosen
    assert {"attributes.earned_value", "attributes.allocated_value"} <= set(chosen)
    assert not any(p.startswith("relationships") and p.endswith(".type") for p in chosen)
    named = {**reward, "name": "string"}  # a value of its own: ``attributes`` is a part
    assert "attributes.earned_value" not in choose_default_fields(named, kind="read", item=True)


def test_a_currency_is_named_by_its_code_too() -> None:
    """Firefly III writes every amount as a decimal string (``current_balance: "123.45"``)
    beside ``currency_code``, ``currency_symbol`` and ``currency_decimal_places``: an
    account kept its balance (an amount beside a currency member) without its currency,
    which only a member called ``currency`` alone could say. The code names it too; a bare
    one before one qualified as another's (``primary_currency_code``)."""
    account = {"id": "string", "name": "string", "notes": "string", "active": "boolean",
               "currency_symbol": "string", "currency_code": "string",
               "currency_decimal_places": "integer", "primary_currency_code": "string",
               "current_balance": "string", "created_at": "string:time",
               "account_number": "string"}  # fmt: skip
    chosen = choose_default_fields(account, kind="read", item=True)
    assert "current_balance" in chosen and "currency_code" in chosen
    assert "currency_symbol" not in chosen and "primary_currency_code" not in chosen
