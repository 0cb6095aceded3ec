"""What a write's answer keeps of the things beside its resource (issue 33, writes23):
synthesized bodies with the structure of write answers from descriptions outside the corpus
(FusionAuth's consent, Lob's check, Mailgun's domain; no vendor's text); each test fails on
the rules before its fix."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.beside import records_beside
from generator.runtime.shaping.decision import DefaultsContext, decide_fields
from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.roles.identity import identity_fields
from generator.runtime.shaping.trees import field_tree_from_value


def _grant(i: int) -> dict[str, Any]:
    return {
        "role": {"id": f"role_{i}", "name": f"Role {i}"},
        "roleId": f"role_{i}",
        "grantedBy": "user_7",
        "id": f"grant_{i}",
        "createdAt": "2024-05-01T12:34:56Z",
        "status": "active",
        "userId": "user_1",
    }


def test_a_bare_id_is_the_objects_own_before_an_id_named_by_part_of_its_name() -> None:
    """A ``userRole`` answered beside the user's ``userRoles`` holds ``roleId`` (the role it
    grants) and its own ``id``. ``roleId`` is an id after the last word of the object's name,
    so it was taken for the object's own id, and the object was said by the role's id: the
    grant the call made or changed lost its id. Beside a bare ``id``, an id named by only part
    of the name is a reference; named by all of it (``userRoleId``), or alone, it stays own."""
    tree = field_tree_from_value(_grant(1))
    assert identity_fields(tree, ("user", "role"))[0] == "id"
    body = {"userRole": _grant(1), "userRoles": [_grant(1), _grant(2)]}
    answer = json.loads(shape(body, ShapeConfig(kind="update")).chunks[0])
    assert answer["userRole"]["id"] == "grant_1"
    # no bare id beside it: the id named by part of the name is still the one
    alone = {k: v for k, v in _grant(1).items() if k != "id"}
    assert identity_fields(field_tree_from_value(alone), ("user", "role"))[0] == "roleId"
    # beside another kind of id (a POSIX account's Unix ``uid``), it stays first
    posix = {"accountId": "acc_1", "uid": "1001", "username": "ada", "primary": True}
    assert identity_fields(field_tree_from_value(posix), ("posix", "account"))[0] == "accountId"
    # named by the whole name, it is the object's own before the bare id
    whole = {"userRoleId": "ur_1", **_grant(1)}
    assert identity_fields(field_tree_from_value(whole), ("user", "role"))[0] == "userRoleId"


ADDRESS = {
    "id": "string",
    "name": "string",
    "company": "string",
    "email": "string",
    "address_line1": "string",
    "address_city": "string",
    "address_state": "string",
    "address_zip": "string",
    "metadata": "any",
    "date_created": "string:time",
    "object": "string",
}
PAYMENT = {
    "id": "string",
    "description": "string",
    "number": "integer",
    "amount": "number",
    "status": "string:enum",
    "from": ADDRESS,
    "to": ADDRESS,
    "bank_account": {"id": "string", "bank_name": "string", "routing_number": "string"},
    "memo": "string",
    "send_date": "string:time",
    "date_created": "string:time",
    "object": "string:const",
}


def test_a_writes_related_records_of_one_schema_are_kept_alike() -> None:
    """A payment sent by post answers the address it comes ``from`` and the one it goes
    ``to``, two related records of one schema. The relations' rank took one of them (by its
    id and name) and left the other out, so the answer read as if the payment had one
    address, and the address the call made for the recipient lost its id. On a write's
    answer, one such record taken takes each alike; a read's relations keep their rank."""
    chosen = choose_default_fields(PAYMENT, kind="create", entity=("payment",))
    assert "from.id" in chosen and "to.id" in chosen
    assert "from.name" in chosen and "to.name" in chosen
    # parts of one schema named by a natural key, no id (a trigger's ``{key, type, value}``
    # parameters, a dozen of them): each is not taken for one of them taken
    param = {"key": "string", "type": "string:enum", "value": "string"}
    trigger = {"triggerId": "string", "name": "string", "interval": param}
    trigger.update({f"setting{i}": param for i in range(8)})
    chosen = choose_default_fields(trigger, kind="create", entity=("trigger",))
    assert not any(p.startswith("setting") for p in chosen)
    # related records of which the one taken kept its name alone (a team's default state):
    # no id the next call takes, the other stays out by its rank
    state = {"id": "string", "name": "string", "color": "string", "type": "string"}
    team: dict[str, Any] = {"id": "string", "key": "string", "name": "string"}
    team.update(description="string", defaultState=state, triageState=state)
    team.update(createdAt="string:time")
    chosen = choose_default_fields(team, kind="create", entity=("team",))
    assert "defaultState.name" in chosen and not any(p.startswith("triage") for p in chosen)


MESSAGE = "Site created; publish the records below to verify it"
SITE = {"id": "site_1", "name": "example.org", "state": "unverified", "created_at": "2024-05-01"}
RECORDS = [
    {
        "record_type": "TXT",
        "name": "example.org",
        "value": "v=check1 include:mx.test",
        "valid": "no",
    },
    {"record_type": "CNAME", "name": "mail.example.org", "value": "mx.test", "valid": "no"},
]


def test_the_records_a_rest_write_set_up_beside_its_resource_are_kept() -> None:
    """Adding a site answers a message, the site made and, beside it, the DNS records the
    caller must publish (records with no id: a type, a name, a value). The defaults kept the
    message and the site and left the lists out; the records' values were lost, the one
    thing the caller must act on. In a REST write's answer made for the call (not itself a
    resource), such lists beside the resource keep their records' own defaults as a list's
    items; records with ids, and a resource's own lists, are read as before."""
    body = {"message": MESSAGE, "site": SITE, "verification_records": RECORDS}
    tree = field_tree_from_value(body)
    chosen = decide_fields(tree, DefaultsContext(entity=("site",)), kind="create", item=False)
    assert "verification_records.value" in chosen
    assert "verification_records.record_type" in chosen
    config = ShapeConfig(kind="create", context=DefaultsContext(entity=("site",)))
    answer = json.loads(shape(body, config).chunks[0])
    assert [r["value"] for r in answer["verification_records"]] == [r["value"] for r in RECORDS]
    assert answer["site"]["id"] == "site_1"
    # the site itself with its own list of records (the answer is the resource: its parts),
    # or records with ids beside it (related resources): not read here
    own = field_tree_from_value(dict(SITE, records=RECORDS))
    assert records_beside(own, ("id", "name"), rest=True) == ()
    named = field_tree_from_value(dict(body, verification_records=[dict(RECORDS[0], id="r1")]))
    assert records_beside(named, ("site.id", "message"), rest=True) == ()
    # an answer with an id of its own (a deployment started, its build beside its jobs) is
    # the resource: its lists are its parts
    started = {"deploymentId": 7, "build": {"id": 3, "branch": "main"}, "jobs": RECORDS}
    assert records_beside(field_tree_from_value(started), ("deploymentId",), rest=True) == ()


def _field(i: int, kind: str) -> dict[str, Any]:
    return {
        "conditionalParentLabel": f"Parent {i}",
        "customFieldId": f"cf_{i}",
        "documentId": "doc_1",
        "fieldId": f"{kind}_{i}",
        "fieldLabel": f"{kind} field {i}",
        "pageNumber": 1,
        "recipientId": "rcp_1",
        "status": "active",
        "xPosition": 10 * i,
        "yPosition": 20 * i,
    }


def test_a_lists_records_are_known_by_the_id_the_lists_name_gives_them() -> None:
    """Placing fields on a document answers them in one list per type (``signatureFields``,
    ``dateFields``, ...), each record holding its ``fieldId``, a ``customFieldId`` (the
    custom field it was made from), ids of its document and recipient, and labels. The
    record's entity, named by its list, is ``(signature, fields)``: ``fieldId`` did not read
    as its own id (the plural), so the records read as having no identity of their own and
    kept none (several lists of records: ``written.written_records``), and the label of the parent
    the field's condition reads (``conditionalParentLabel``) stood for their own
    ``fieldLabel``: the fields the call placed could not be addressed. An id named by the
    singular of the list's name is the record's own; a label qualified as another thing's
    (``parent``) comes after the record's own."""
    tree = field_tree_from_value(_field(1, "signature"))
    assert identity_fields(tree, ("signature", "fields"))[0] == "fieldId"
    assert identity_fields(tree, ("date", "categories")) != ("fieldId",)  # not a field's list
    body = {f"{k}Fields": [_field(i, k) for i in (1, 2)] for k in ("signature", "date")}
    answer = json.loads(shape(body, ShapeConfig(kind="create")).chunks[0])
    for key in ("signatureFields", "dateFields"):
        assert [r.get("fieldId") for r in answer[key]] == [r["fieldId"] for r in body[key]]
        assert [r.get("fieldLabel") for r in answer[key]] == [r["fieldLabel"] for r in body[key]]
    # ``categories`` -> ``categoryId``
    category = field_tree_from_value({"parentId": "c0", "categoryId": "c1", "name": "Shoes"})
    assert identity_fields(category, ("shop", "categories"))[0] == "categoryId"
