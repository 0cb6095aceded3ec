"""One decision (issue 33, item 1): default fields are chosen once per operation, after the
overlay, from one context that ``spec.json`` carries, so the server's second reading of a
response uses the same inputs."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

from generator.pipeline import build, load_with_overlay
from generator.runtime.model import model_from_json
from generator.runtime.output import shape_config_for
from generator.runtime.shaping.decision import DefaultsContext, decide
from generator.runtime.shaping.defaults import STEPS
from generator.runtime.shaping.picking import VALUE_TOKENS, Profile
from generator.runtime.shaping.pipeline import shape

VOUCHERS = Path(__file__).parent / "fixtures" / "decision" / "vouchers.yaml"


def _ops(spec):
    return {op.id: op for op in spec.operations}


def test_an_overlay_kind_is_decided_with_the_path_keys(tmp_path: Path) -> None:
    """The overlay used to choose again without the entity and the path keys: a voucher
    addressed by ``{voucher_code}`` got ``campaign.id`` as its identity."""
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("operations:\n  getVoucher:\n    kind: update\n", encoding="utf-8")
    spec, _ = load_with_overlay(VOUCHERS, overlay_path=overlay)
    ops = _ops(spec)
    assert ops["getVoucher"].kind == "update"
    assert ops["getVoucher"].response.default_fields[0] == "voucher_code"
    # the campaign is a related resource: its id comes with its name (a write's related
    # resource keeps its identity), never in the voucher's own identity's place
    fields = ops["getVoucher"].response.default_fields
    assert "campaign.id" not in fields or fields.index("campaign.id") > fields.index(
        "campaign.name"
    )
    # the same kind read from the description decides the same
    assert ops["getVoucher"].response.default_fields == ops["redeemVoucher"].response.default_fields


def test_the_loader_chooses_nothing_and_records_the_context() -> None:
    from generator.loaders.openapi import load_openapi

    spec, _ = load_openapi(VOUCHERS)
    shape_ = _ops(spec)["getVoucher"].response
    assert shape_.default_fields == () and shape_.identity_fields == ()
    # ``/vouchers/{voucher_code}`` names one voucher: its read keeps its page (pages.py)
    one = DefaultsContext(entity=("voucher",), keys=("voucher_code",), one=True)
    assert shape_.context == one


def test_spec_json_carries_the_context_and_the_server_decides_the_same() -> None:
    generated = build(VOUCHERS, name="vouchers")
    data = json.loads(generated.files["src/vouchers_mcp/spec.json"])
    [tool] = [t for t in data["tools"] if t["source"] == "getVoucher"]
    context = {"entity": ["voucher"], "keys": ["voucher_code"], "one": True}
    assert tool["response"]["context"] == context
    runtime_tool = model_from_json(data).tool(tool["name"])
    assert runtime_tool is not None
    config = shape_config_for(runtime_tool)
    assert config.context == DefaultsContext(entity=("voucher",), keys=("voucher_code",), one=True)
    decided = decide(
        runtime_tool.response.field_tree, config.context, kind=runtime_tool.kind, item=False
    )
    assert decided.default_fields[0] == "voucher_code"


def test_an_undescribed_response_is_read_with_the_tools_context() -> None:
    """No tree and no defaults (an undescribed body): the server decides from the response
    itself, with the path keys the description gave: a resource addressed by ``{Sid}`` keeps
    its ``sid``, not the ``account_sid`` it also carries."""
    from generator.runtime.shaping.shape_config import ShapeConfig

    body = {
        "account_sid": "AC1",
        "sid": "SM1",
        "api_version": "2010-04-01",
        "status": "sent",
        "to": "+15551234",
        "body": "hello",
        "num_segments": "1",
        "uri": "/2010-04-01/Accounts/AC1/Messages/SM1.json",
        "date_created": "Tue, 01 Oct 2024 10:00:00 +0000",
    }
    keyed = ShapeConfig(context=DefaultsContext(keys=("Sid",)))
    shaped = json.loads(shape(body, keyed).chunks[0])
    assert shaped.get("sid") == "SM1"


def test_the_rules_are_a_declared_table() -> None:
    roles = [step.role for step in STEPS]
    assert roles[:3] == ["identity", "handle", "label"]  # a person says who before a headline
    assert len(roles) == len(set(roles))
    assert {"people", "time", "counts", "relations", "lists"} <= set(roles)


def _rows(steps: tuple) -> list:
    out = []
    for step in steps:
        out.append(step)
        for alternative in step.fallback:
            out += _rows(alternative if isinstance(alternative, tuple) else (alternative,))
    return out


def test_each_row_declares_candidates_rank_slot_and_fallback() -> None:
    """The table's columns are data the step functions read: a row's slot is a count of the
    profile (or a number), what it records is a role the picker prices, and the label's
    fallback is declared in the table, not in code."""
    slots = {f.name for f in fields(Profile)}
    for row in _rows(STEPS):
        assert callable(row.candidates)
        assert isinstance(row.slot, int) or row.slot in slots, row.role
        assert row.records in VALUE_TOKENS, row.role
    label = next(s for s in STEPS if s.role == "label")
    assert label.rank is not None and label.slot == "label"
    assert [getattr(a, "role", None) for a in label.fallback][:2] == ["rich label", "primary"]
