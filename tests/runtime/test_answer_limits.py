"""The bounds on what parsing an upstream answer may build (upstream/answer_limits.py): what
counts (values, nesting, integer digits) and what does not (what strings, comments and CDATA
hold, fractions and exponents)."""

from __future__ import annotations

import json

import pytest

from generator.runtime.config.settings import AnswerLimits
from generator.runtime.errors import UpstreamError
from generator.runtime.upstream.answer_limits import check_json, check_xml

LIMITS = AnswerLimits(max_elements=10, max_depth=3, max_integer_digits=5)


@pytest.mark.parametrize(
    "text",
    [
        "[1,2,3]",
        json.dumps({"a": "[[[[[[[,,,,,,,,,,,,,", "b": [1, {"c": []}]}),
        json.dumps({"a": 1.123456, "b": 1e300, "c": "1234567", "d": -12345}),
        '"a \\" [[[[[ string"',
        "[[[]]]",
        "[" + ",".join(["1"] * 9) + "]",
    ],
)
def test_json_within_the_bounds_passes(text: str) -> None:
    check_json(text, LIMITS, "X")


@pytest.mark.parametrize(
    "text, words",
    [
        ("[[[[1]]]]", "nests deeper than 3 levels (X_MAX_RESPONSE_DEPTH)"),
        ("[" + ",".join(["1"] * 10) + "]", "more than 10 values (X_MAX_RESPONSE_ELEMENTS)"),
        (json.dumps([{"a": 1, "b": 2}] * 4), "more than 10 values"),
        ('{"a": 123456}', "an integer of 6 digits, more than the 5 (X_MAX_INTEGER_DIGITS)"),
        ("[-123456]", "an integer of 6 digits"),
    ],
)
def test_json_past_a_bound_is_refused_naming_it(text: str, words: str) -> None:
    with pytest.raises(UpstreamError) as refused:
        check_json(text, LIMITS, "X")
    message = refused.value.message.replace(" this server reads (", " (")
    message = message.replace(" levels, the most this server parses (", " levels (")
    message = message.replace(" values, the most this server parses (", " values (")
    assert words in message and "not parsed" in message


def test_xml_counts_elements_and_depth_but_not_what_comments_and_cdata_hold() -> None:
    check_xml('<a><b/><c x="1>2">t</c><!-- <d><d><d><d> --></a>', LIMITS, "X")
    check_xml("<?xml version='1.0'?><r><![CDATA[<a><a><a><a>]]></r>", LIMITS, "X")
    with pytest.raises(UpstreamError, match="deeper than 3"):
        check_xml("<a><b><c><d>x</d></c></b></a>", LIMITS, "X")
    with pytest.raises(UpstreamError, match="more than 10 elements"):
        check_xml("<r>" + "<i/>" * 10 + "</r>", LIMITS, "X")
