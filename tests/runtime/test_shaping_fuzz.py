"""Any JSON an upstream sends must shape: lone surrogates, huge numbers, huge strings, deep and
wide values, in both formats and both detail levels, through ``shape`` and ``shape_output``;
and the results respect the budget (checked on the text sent)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.runtime.executor import ServerRuntime
from generator.runtime.model import Tool, model_from_json
from generator.runtime.output import shape_output
from generator.runtime.config.settings import AnswerLimits, Settings
from generator.runtime.shaping.pipeline import ShapeConfig, shape
from generator.runtime.shaping.tokens import count_tokens
from tests.support.upstream import Reply, Upstream

LONE = '{"name":"x \\ud83d","\\udc00key":["\\udfff",1]}'  # valid JSON, no UTF-8 form
HUGE_INT = '{"id":' + "9" * 5000 + ',"name":"big"}'  # over Python's 4,300-digit int limit


def _spec(limits: dict | None = None, adapters: list | None = None) -> dict:
    return {
        "server": {"name": "demo", "env_prefix": "DEMO", "base_url": "http://unused"},
        "tools": [
            {
                "name": "get_thing",
                "input_schema": {"type": "object", "properties": {}},
                "binding": {"kind": "http", "method": "GET", "path": "/thing"},
                "response": {"collection_path": None},
                **({"limits": limits} if limits else {}),
                **({"adapters": adapters} if adapters else {}),
            }
        ],
    }


def _tool(adapters: list | None = None) -> Tool:
    return model_from_json(_spec(adapters=adapters)).tools[0]


def _encodable(text: str) -> None:
    text.encode("utf-8")  # raises on a lone surrogate


@pytest.mark.parametrize("response_format", ["json", "markdown"])
@pytest.mark.parametrize("detail_level", ["concise", "detailed"])
def test_a_lone_surrogate_shapes_as_a_replacement_character(response_format, detail_level):
    value = json.loads(LONE)
    for fields in (None, ["*"]):
        result = shape(
            value,
            ShapeConfig(),
            fields=fields,
            detail_level=detail_level,
            response_format=response_format,
        )
        for chunk in result.chunks:
            _encodable(chunk)
        assert "x \ufffd" in result.chunks[0]
    adapted = shape_output(
        value,
        _tool([{"name": "summary", "options": {"fields": {"n": "name"}}}]),
        ShapeConfig(),
        response_format=response_format,
    )
    assert "x \ufffd" in adapted.chunks[0]


@pytest.mark.anyio
@pytest.mark.parametrize("body", [LONE, HUGE_INT])
@pytest.mark.parametrize("response_format", ["json", "markdown"])
async def test_the_server_answers_any_json_body(body: str, response_format: str) -> None:
    with Upstream() as up:
        up.route("GET", "/thing", Reply(200, body.encode()))
        # digits past Python's int limit: read when the operator allows that many
        limits = AnswerLimits(max_integer_digits=10_000)
        settings = Settings(base_url=up.url, answer_limits=limits)
        runtime = ServerRuntime(model_from_json(_spec()), settings)
        outcome = await runtime.call(
            "get_thing", {"fields": ["*"], "response_format": response_format}
        )
        await runtime.aclose()
    assert not outcome.is_error, outcome.parts
    for part in outcome.parts:
        _encodable(part)
    if body is HUGE_INT:  # kept as its text (then cut like any long string)
        assert "99999999" in outcome.parts[0] and "big" in outcome.parts[0]
    else:
        assert "x \ufffd" in outcome.parts[0]


@pytest.mark.anyio
async def test_an_integer_past_the_digit_limit_is_refused_by_default() -> None:
    with Upstream() as up:
        up.route("GET", "/thing", Reply(200, HUGE_INT.encode()))
        runtime = ServerRuntime(model_from_json(_spec()), Settings(base_url=up.url))
        outcome = await runtime.call("get_thing", {"fields": ["*"]})
        await runtime.aclose()
    assert outcome.is_error and "DEMO_MAX_INTEGER_DIGITS" in outcome.parts[0]


# ------------------------------------------------------------------------------ the fuzz

keys = st.text(max_size=10) | st.sampled_from(["id", "name", "title", "items", "a", "\ud83d"])
scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**4300, max_value=10**4400)  # beyond Python's print limit
    | st.floats()  # nan and infinities too (Python's json reads NaN, Infinity)
    | st.text(max_size=60)
    | st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), max_size=4)
    | st.text(min_size=3000, max_size=6000, alphabet="ab \n\u00e9\U0001f600")  # huge strings
)


def _deep(depth: int) -> object:
    value: object = "bottom"
    for i in range(depth):
        value = {"a": value} if i % 2 else [value]
    return value


json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=8)
    | st.dictionaries(keys, children, max_size=8)
    | st.lists(st.integers(), min_size=200, max_size=400)  # wide
    | st.dictionaries(st.text(min_size=1, max_size=6), st.integers(), min_size=60, max_size=120)
    | st.integers(min_value=90, max_value=300).map(_deep),  # deeper than any nesting limit
    max_leaves=40,
)

CONFIG = ShapeConfig(chunk_threshold_tokens=150, chunk_tokens=200, max_chars=80)
RESERVE = 20
PAGE = CONFIG.chunk_tokens - RESERVE


def _check(result, max_tokens: int) -> None:
    assert result.chunks
    for chunk, tokens in zip(result.chunks, result.token_counts, strict=True):
        _encodable(chunk)
        assert tokens == count_tokens(chunk)
        assert tokens <= max_tokens, (tokens, chunk[:200])
    for note in result.notes:
        _encodable(note)


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    value=json_values,
    response_format=st.sampled_from(["json", "markdown"]),
    detail_level=st.sampled_from(["concise", "detailed"]),
    fields=st.none() | st.just(["*"]),
    collection=st.sampled_from([None, "", "items"]),
)
def test_shape_takes_any_json_and_keeps_the_budget(
    value, response_format, detail_level, fields, collection
):
    config = ShapeConfig(**{**CONFIG.__dict__, "collection_path": collection})
    result = shape(
        value,
        config,
        fields=fields,
        detail_level=detail_level,
        response_format=response_format,
        footer_reserve_tokens=RESERVE,
    )
    # one page within the threshold, or pages within the page budget (page 1 with its notes)
    _check(result, max(CONFIG.chunk_threshold_tokens, PAGE))
    if len(result.chunks) > 1:
        notes = count_tokens(" ".join(result.notes)) if result.notes else 0
        assert result.token_counts[0] + notes <= PAGE
    if response_format == "json":
        for chunk in result.chunks:
            json.loads(chunk)


CAP = 300


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    value=json_values,
    response_format=st.sampled_from(["json", "markdown"]),
    detail_level=st.sampled_from(["concise", "detailed"]),
)
def test_shape_output_takes_any_json_and_a_token_cap_holds_in_every_format(
    value, response_format, detail_level
):
    plain = shape_output(
        value, _tool(), CONFIG, detail_level=detail_level, response_format=response_format
    )
    _check(plain, max(CONFIG.chunk_threshold_tokens, CONFIG.chunk_tokens))
    capped_tool = _tool([{"name": "token_cap", "options": {"max_tokens": CAP}}])
    capped = shape_output(
        value, capped_tool, ShapeConfig(max_chars=80), detail_level=detail_level,
        response_format=response_format,
    )  # fmt: skip
    _check(capped, CAP)
    assert len(capped.chunks) == 1
    notes = sum(count_tokens(n) for n in capped.notes)
    assert capped.token_counts[0] + notes <= CAP


@pytest.mark.parametrize("detail_level", ["concise", "detailed"])
def test_deeply_nested_lists_render_as_markdown_in_linear_time(detail_level) -> None:
    # each level of lists rendered its items twice: 2^depth (a hang at depth ~40)
    value = {"a": _deep(80)}
    result = shape(value, CONFIG, detail_level=detail_level, response_format="markdown")
    assert "bottom" in "".join(result.chunks) or result.notes
