"""An update's answer keeps what did not take as the call set it (issue 33, writes24), on a
description in the
structure of DocuSign's eSignature ``PUT /v2/accounts/{accountId}/settings/tabs`` (eSignature
v2, /work/outside23writes/docusign-esignature.rest.swagger-v2.json, MIT; members abridged
and renamed): a settings object of string flags, each beside its metadata object, sent and
answered whole. The write profile kept one flag of the answer (the first), so an agent whose
flag did not take never saw it. A member the call sent is kept where the answer holds another
value for it; one answered as sent says nothing the caller does not hold, and the rest stays
lean."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.pipeline import load_with_overlay
from generator.preview.tools import runtime_model
from generator.runtime.config.settings import settings_from_env
from generator.runtime.executor import ServerRuntime
from generator.runtime.shaping.sent import sent_fields
from tests.support.upstream import Reply, Upstream

FLAGS = ["allowTabOrder", "approveDeclineTabsEnabled", "calculatedFieldsEnabled",
         "checkboxTabsEnabled", "dataFieldRegexEnabled", "dataFieldSizeEnabled",
         "firstLastEmailTabsEnabled", "listTabsEnabled", "noteTabsEnabled",
         "radioTabsEnabled", "senderToChangeTabAssignmentsEnabled", "textTabsEnabled"]  # fmt: skip
META = {"type": "object", "properties": {
    "options": {"type": "array", "items": {"type": "string"}},
    "rights": {"type": "string"}, "uiHint": {"type": "string"}, "uiOrder": {"type": "string"},
    "uiType": {"type": "string"}}}  # fmt: skip
SETTINGS: dict[str, Any] = {"type": "object", "properties": {}}
for flag in FLAGS:
    SETTINGS["properties"][flag] = {"type": "string"}
    SETTINGS["properties"][f"{flag}Metadata"] = {"$ref": "#/definitions/settingsMetadata"}
ACCOUNT = [{"name": "accountId", "in": "path", "required": True, "type": "string"}]
DOCUMENT = {
    "swagger": "2.0",
    "info": {"title": "Tabs", "version": "2"},
    "host": "api.example.test",
    "schemes": ["https"],
    "paths": {
        "/v2/accounts/{accountId}/settings/tabs": {
            "get": {"operationId": "getTabSettings", "parameters": ACCOUNT,
                    "responses": {"200": {"description": "ok",
                                          "schema": {"$ref": "#/definitions/tabSettings"}}}},
            "put": {"operationId": "putTabSettings", "consumes": ["application/json"],
                    "parameters": [*ACCOUNT, {"name": "tabSettings", "in": "body",
                                              "schema": {"$ref": "#/definitions/tabSettings"}}],
                    "responses": {"200": {"description": "ok",
                                          "schema": {"$ref": "#/definitions/tabSettings"}}}},
        }
    },
    "definitions": {"tabSettings": SETTINGS, "settingsMetadata": META},
}  # fmt: skip
META_VALUE = {"options": ["true", "false"], "rights": "editable", "uiHint": "available",
              "uiOrder": "1", "uiType": "checkbox"}  # fmt: skip
ANSWER = {k: v for flag in FLAGS for k, v in ((flag, "true"), (f"{flag}Metadata", META_VALUE))}
ANSWER["noteTabsEnabled"] = "false"


async def _put(tmp_path: Path, body: dict[str, Any]) -> Any:
    path = tmp_path / "tabs.json"
    path.write_text(json.dumps(DOCUMENT))
    model = runtime_model(load_with_overlay(path, name="tabs")[0])
    (tool,) = [t for t in model.tools if "put" in t.name]
    whole = [p.arg for p in tool.params if p.location in ("body_whole", "body")]
    args: dict[str, Any] = {"accountId": "a1"}
    if any(p.location == "body_whole" for p in tool.params):
        args[whole[0]] = body
    else:
        by_wire = {p.wire: p.arg for p in tool.params if p.location == "body"}
        args.update({by_wire[k]: v for k, v in body.items()})
    with Upstream() as api:
        api.route("PUT", "/v2/accounts/a1/settings/tabs", Reply.json(ANSWER))
        runtime = ServerRuntime(model, settings_from_env(model, {"TABS_BASE_URL": api.url}))
        try:
            out = await runtime.call(tool.name, args)
        finally:
            await runtime.aclose()
    assert not out.is_error, out.parts
    return json.loads(out.parts[0])


@pytest.mark.anyio
async def test_an_update_shows_a_flag_that_did_not_take_as_set(tmp_path: Path) -> None:
    # the answer says radio tabs on (as sent, "TRUE" and "true" alike) and note tabs off (sent on)
    shaped = await _put(tmp_path, {"radioTabsEnabled": "TRUE", "noteTabsEnabled": "true"})
    assert shaped["noteTabsEnabled"] == "false"
    assert "radioTabsEnabled" not in shaped  # as sent: the caller holds it
    assert "listTabsEnabledMetadata" not in shaped  # the rest stays lean
    assert len(shaped) < len(ANSWER) // 2


@pytest.mark.anyio
async def test_a_nested_member_that_did_not_take_is_shown_at_its_path(tmp_path: Path) -> None:
    shaped = await _put(tmp_path, {"textTabsEnabledMetadata": {"uiOrder": "4"}})
    assert shaped["textTabsEnabledMetadata"] == {"uiOrder": "1"}


def test_a_json_api_body_is_read_inside_its_record_without_its_type() -> None:
    # ``{data: {type, attributes: {first_name}}}`` sent, the record ``data`` holds answered
    # (Twine Health's JSON:API, the directory's tuning half): its name, not its ``type``
    record = {"id": "p1", "type": "patient", "attributes": {"first_name": "Jack", "age": 7}}
    sent = ((("data", "type"), "person"), (("data", "attributes", "first_name"), "jack "))
    assert sent_fields(record, sent) == ["attributes.first_name"]
    assert sent_fields(record, ((("data", "attributes", "first_name"), "JACK"),)) == []
