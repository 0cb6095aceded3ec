"""Two ends of one thing kept together where the pairs rule missed them (``shaping/pairs.py``,
issue 33, round 31): a span named by its start's past participle (``startedAt`` and
``finishedAt``, ``dateStarted`` and ``dateEnded``); a range whose one end is described as a
number and the other as a string (an amount written as text); a member a later rule adds
(what names each variant of a union: ``decision._every_variant_named``); a write's answer
(its span's end, a tag's closing half); and a value an update's answer holds otherwise than
the call sent it (``sent.py``). Shapes synthesized from the outside descriptions (a worker's
step runs, a release's deploys, an exchange's asset limits, an autoscaling pool's config, a
created shift, a search preset, a recurring transfer's schedule)."""

import json

from generator.runtime.shaping.decision import DefaultsContext, decide_fields
from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.pipeline import ShapeConfig, shape


def _both(chosen: tuple[str, ...], a: str, b: str) -> bool:
    return (a in chosen) == (b in chosen)


RUN = {
    "id": "string",
    "status": "string:enum",
    "startedAt": "string:time",
    "finishedAt": "string:time",
    "stepId": "string",
}
DEPLOY = {
    "id": "string",
    "environment": "string",
    "name": "string",
    "dateStarted": "string:time",
    "dateFinished": "string:time",
    "url": "string:uri",
}


def test_a_span_started_brings_when_it_finished():
    run = choose_default_fields(RUN, item=True, kind="read")
    assert "startedAt" in run and "finishedAt" in run, run
    deploy = choose_default_fields(DEPLOY, item=True, kind="read")
    assert "dateStarted" in deploy and "dateFinished" in deploy, deploy
    ended = {**DEPLOY, "dateEnded": "string:time"}
    del ended["dateFinished"]
    phase = choose_default_fields(ended, item=True, kind="read")
    assert _both(phase, "dateStarted", "dateEnded"), phase


def test_a_range_one_end_written_as_text_still_brings_the_other():
    limits = {
        "sourceAsset": "string",
        "assetMinAmount": "number:decimal",
        "assetMaxAmount": "string",
        "scale": "string",
        "flexibleAmount": "string",
    }
    chosen = choose_default_fields(limits, item=True, kind="read")
    assert "assetMinAmount" in chosen or "assetMaxAmount" in chosen, chosen
    assert _both(chosen, "assetMinAmount", "assetMaxAmount"), chosen
    # a flag is no end of a range: a boolean does not pair with a number
    flags = {"id": "string", "min_enabled": "boolean", "max_enabled": "integer", "name": "string"}
    from generator.runtime.shaping.pairs import with_counterparts

    assert with_counterparts(("id", "min_enabled"), flags) == ("id", "min_enabled")


POOL = {
    "id": "string",
    "name": "string",
    "status": "string:enum",
    "config": {
        "target_number_instances": "integer",
        "min_instances": "integer",
        "max_instances": "integer",
        "target_cpu_utilization": "number",
        "cooldown_minutes": "integer",
    },
    "created_at": "string:time",
}


def test_what_names_a_variant_brings_its_other_end():
    context = DefaultsContext(variants=(("config", ("target_number_instances", "min_instances")),))
    chosen = decide_fields(POOL, context, kind="read", item=False)
    assert "config.min_instances" in chosen and "config.max_instances" in chosen, chosen


SHIFT = {
    "id": "string",
    "type": "string",
    "start_time": "string:time",
    "end_time": "string:time",
    "self": "string:uri",
    "html_url": "string:uri",
}


def test_a_write_answer_keeps_its_span_and_its_tags_whole():
    created = decide_fields(SHIFT, DefaultsContext(), kind="create", item=True)
    assert _both(created, "start_time", "end_time"), created
    preset = {
        "value": {
            "q": "string",
            "nl_model_id": "string",
            "highlight_start_tag": "string",
            "highlight_end_tag": "string",
            "conversation_id": "string",
            "per_page": "integer",
        }
    }
    chosen = choose_default_fields(preset, kind="update")
    assert _both(chosen, "value.highlight_start_tag", "value.highlight_end_tag"), chosen


def test_a_value_that_did_not_take_as_sent_comes_with_its_other_end():
    transfer = {
        "recurring_transfer_id": "rt-1",
        "status": "active",
        "schedule": {"interval_unit": "week", "start_date": "2022-10-01", "end_date": "2023-10-01"},
    }
    config = ShapeConfig(
        default_fields=("recurring_transfer_id", "status"),
        kind="update",
        sent_values=((("schedule", "start_date"), "2024-05-01"),),
    )
    out = json.loads(shape(transfer, config).chunks[0])
    assert out["schedule"]["start_date"] == "2022-10-01", out
    assert out["schedule"].get("end_date") == "2023-10-01", out


def test_an_end_of_two_pairs_brings_both_and_theirs():
    """A limit named by two pairs' words (the asset converted from and to, its least and most):
    each swap brings its end, and each end so brought its own (no half of either range)."""
    from generator.runtime.shaping.pairs import with_counterparts

    limits = {
        "fromAsset": "string",
        "toAsset": "string",
        "fromAssetMinAmount": "number:decimal",
        "fromAssetMaxAmount": "string",
        "toAssetMinAmount": "string",
        "toAssetMaxAmount": "string",
    }
    chosen = with_counterparts(("fromAsset", "toAsset", "fromAssetMinAmount"), limits)
    assert set(chosen) == set(limits), chosen
