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
    assert '- (arguments): missing required property "owner"' in msg
    assert '- per_page: expected integer, got string "ten"' in msg
    assert '- (arguments): unexpected property "extra"' in msg
    assert '- detail_level: "verbose" is not one of: "concise", "detailed"' in msg
    assert "Accepted arguments: detail_level, fields, owner, per_page, response_format" in msg


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        ({"owner": None}, "- owner: expected string, got null"),
        ({"owner": "o", "per_page": None}, "- per_page: expected integer, got null"),
        ({"owner": {"a": 1}}, "- owner: expected string, got object"),
        ({"owner": "o", "per_page": True}, "- per_page: expected integer, got boolean true"),
        ({"owner": "o", "per_page": 1.5}, "- per_page: expected integer, got number 1.5"),
        ({"owner": "o", "per_page": 500}, "- per_page: 500 is more than the maximum 100"),
        ({"owner": "o", "fields": [None]}, "- fields[0]: expected string, got null"),
        ({"owner": "o", "fields": "id"}, '- fields: expected array, got string "id"'),
    ],
)
def test_violations_are_told_in_json_words(arguments: dict, said: str) -> None:
    """The model sent JSON: it reads null, true, integer and object, never None or 'quotes'."""
    with pytest.raises(InvalidArguments) as info:
        validate_arguments(TOOL, arguments)
    msg = info.value.message
    assert said in msg, msg
    assert "None" not in msg and "True" not in msg and "'" not in msg


def test_the_fallback_replaces_python_words() -> None:
    from generator.runtime.violations import json_words

    assert (
        json_words("None is not valid under {'a': True}") == 'null is not valid under {"a": true}'
    )


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


COERCING = Tool(
    "c",
    "c",
    "",
    {
        "type": "object",
        "properties": {
            "petId": {"type": "string"},
            "limit": {"type": "integer"},
            "ratio": {"type": "number"},
            "flag": {"type": "boolean"},
            "either": {"type": ["string", "integer"]},
            "level": {"enum": [1, 2, 3]},
            "filter": {
                "type": "object",
                "properties": {"ids": {"type": "array", "items": {"$ref": "#/$defs/d0"}}},
            },
        },
        "$defs": {"d0": {"type": "integer"}},
    },
    {},
    Binding("http"),
    (),
    ResponseConfig(),
    Limits(),
)


def test_exactly_parsing_strings_and_integer_ids_are_coerced() -> None:
    args = validate_arguments(
        COERCING,
        {
            "petId": 7,
            "limit": "10",
            "ratio": "-1.5e2",
            "flag": "true",
            "level": "2",
            "filter": {"ids": ["1", 2]},
        },
    )
    assert args["petId"] == "7"
    assert args["limit"] == 10 and isinstance(args["limit"], int)
    assert args["ratio"] == -150.0
    assert args["flag"] is True
    assert args["level"] == 2
    assert args["filter"] == {"ids": [1, 2]}


def test_values_the_schema_accepts_are_left_alone() -> None:
    args = validate_arguments(COERCING, {"either": "5", "ratio": 3, "limit": 4.0})
    assert args == {"either": "5", "ratio": 3, "limit": 4.0}


@pytest.mark.parametrize(
    "name, value",
    [
        ("limit", "1.5"),
        ("limit", " 1"),
        ("limit", True),
        ("flag", 1),
        ("flag", "yes"),
        ("flag", "True "),
        ("petId", 1.5),
        ("petId", True),
        ("petId", ["7"]),
        ("ratio", "nan"),
        ("ratio", "1e999"),
        ("level", "4"),
    ],
)
def test_no_coercion_across_other_types(name: str, value: object) -> None:
    with pytest.raises(InvalidArguments) as info:
        validate_arguments(COERCING, {name: value})
    assert name in info.value.message


OVERLAPPING = {
    "type": "object",
    "properties": {
        "target": {
            "oneOf": [
                {"type": "object", "properties": {"email": {"type": "string"}}},
                {"type": "object", "properties": {"phone": {"type": "string"}}},
            ]
        },
        "amount": {"oneOf": [{"type": "number"}, {"type": "integer"}]},
    },
    "additionalProperties": False,
}


def test_input_valid_under_overlapping_one_of_branches_is_accepted() -> None:
    tool = Tool("t", "t", "", OVERLAPPING, {}, Binding("http"), (), ResponseConfig(), Limits())
    # valid under both branches of each oneOf: strict oneOf would refuse all of these
    args = {"target": {"email": "a@example.test"}, "amount": 3}
    assert validate_arguments(tool, args) == args
    with pytest.raises(InvalidArguments) as info:  # valid under none: still refused
        validate_arguments(tool, {"target": "a@example.test", "amount": "x"})
    assert '- target: "a@example.test" matches none of the accepted forms' in info.value.message
