import pytest

from generator.runtime.arguments import split_controls, validate_arguments
from generator.runtime.errors import InvalidArguments
from generator.runtime.model import Binding, Limits, ResponseConfig, Tool

SCHEMA = {
    "type": "object",
    "properties": {
        "owner": {"type": "string"},
        "per_page": {"type": "integer", "maximum": 100},
        "fields": {"type": "array", "items": {"type": "string"}},
        "detail_level": {"enum": ["concise", "detailed"]},
        "response_format": {"enum": ["json", "markdown"]},
    },
    "required": ["owner"],
    "additionalProperties": False,
}
TOOL = Tool("t", "t", "", SCHEMA, {}, Binding("http"), (), ResponseConfig(), Limits())


def test_every_violation_is_listed_with_its_place() -> None:
    with pytest.raises(InvalidArguments) as info:
        validate_arguments(TOOL, {"per_page": "ten", "extra": 1, "detail_level": "verbose"})
    msg = info.value.message
    assert "'owner' is a required property" in msg
    assert "per_page" in msg and "'ten' is not of type 'integer'" in msg
    assert "extra" in msg and "detail_level" in msg
    assert "Accepted arguments: detail_level, fields, owner, per_page, response_format" in msg


def test_none_arguments_are_an_empty_object() -> None:
    with pytest.raises(InvalidArguments):
        validate_arguments(TOOL, None)


def test_huge_strings_produce_a_bounded_message() -> None:
    with pytest.raises(InvalidArguments) as info:
        validate_arguments(TOOL, {"owner": "x", "per_page": "y" * 100_000})
    assert len(info.value.message) < 2000


def test_controls_are_split_from_api_arguments() -> None:
    controls, api = split_controls({"owner": "o", "fields": ["id"], "response_format": "markdown"})
    assert api == {"owner": "o"}
    assert controls.fields == ["id"] and controls.response_format == "markdown"
    assert controls.detail_level == "concise"
