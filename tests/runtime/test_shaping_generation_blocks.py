"""A generation that answers a list of blocks of several kinds (a discriminated ``oneOf``): its
text blocks and the blocks that are calls it asks for (a string name beside what the call
takes), however the call's kind is named; and a generation named for no generation (``POST
/v1/messages``, ``POST /responses``) known by the tokens it was billed for.

The schemas are cut down from the Anthropic API's Messages description (``Message``,
``ResponseTextBlock``, ``ResponseToolUseBlock``: github tryAGI/Anthropic
``src/libs/Anthropic/openapi.yaml``, MIT) and the OpenAI description's ``Response`` output
items (``/work/outside11/openai.yaml``: ``OutputMessage``, ``FunctionToolCall``, MIT); the
bodies follow their examples."""

from __future__ import annotations

import json
from typing import Any

import pytest

from generator.pipeline import load_spec
from generator.preview.judge import judge
from generator.preview.tools import tools_of
from generator.runtime.output import shape_config_for, shape_output

TEXT = (
    "The museum opened in the spring and drew visitors from across the region to its new "
    "wing of modern paintings and sculpture, the largest the city has seen in a century."
)
STRING = {"type": "string"}
USAGE = {
    "type": "object",
    "properties": {"input_tokens": {"type": "integer"}, "output_tokens": {"type": "integer"}},
}


def _const(value: str) -> dict[str, Any]:
    return {"type": "string", "const": value}


SCHEMAS: dict[str, Any] = {
    "TextBlock": {
        "type": "object",
        "required": ["type", "text"],
        "properties": {
            "type": _const("text"),
            "text": STRING,
            "citations": {"type": "array", "nullable": True, "items": {"type": "object"}},
        },
    },
    "ToolUseBlock": {
        "type": "object",
        "required": ["type", "id", "name", "input"],
        "properties": {
            "type": _const("tool_use"),
            "id": STRING,
            "name": STRING,
            "input": {"type": "object", "additionalProperties": True},
        },
    },
    "ThinkingBlock": {
        "type": "object",
        "properties": {"type": _const("thinking"), "thinking": STRING, "signature": STRING},
    },
    "Message": {
        "type": "object",
        "properties": {
            "id": STRING,
            "type": _const("message"),
            "role": _const("assistant"),
            "content": {
                "type": "array",
                "items": {
                    "oneOf": [
                        {"$ref": "#/components/schemas/TextBlock"},
                        {"$ref": "#/components/schemas/ToolUseBlock"},
                        {"$ref": "#/components/schemas/ThinkingBlock"},
                    ],
                    "discriminator": {"propertyName": "type"},
                },
            },
            "model": STRING,
            "stop_reason": {"type": "string", "enum": ["end_turn", "tool_use", "max_tokens"]},
            "stop_sequence": {"type": "string", "nullable": True},
            "usage": {"$ref": "#/components/schemas/Usage"},
        },
    },
    "Usage": USAGE,
    "OutputMessage": {
        "type": "object",
        "properties": {
            "type": _const("message"),
            "id": STRING,
            "status": STRING,
            "role": _const("assistant"),
            "content": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "type": _const("output_text"),
                        "text": STRING,
                        "annotations": {"type": "array", "items": {"type": "object"}},
                    },
                },
            },
        },
    },
    "FunctionToolCall": {
        "type": "object",
        "properties": {
            "type": _const("function_call"),
            "id": STRING,
            "call_id": STRING,
            "name": STRING,
            "arguments": STRING,
            "status": STRING,
        },
    },
    "Response": {
        "type": "object",
        "properties": {
            "id": STRING,
            "object": _const("response"),
            "created_at": {"type": "number"},
            "status": STRING,
            "model": STRING,
            "output": {
                "type": "array",
                "items": {
                    "anyOf": [
                        {"$ref": "#/components/schemas/OutputMessage"},
                        {"$ref": "#/components/schemas/FunctionToolCall"},
                    ]
                },
            },
            "temperature": {"type": "number"},
            "tool_choice": STRING,
            "usage": {"$ref": "#/components/schemas/Usage"},
        },
    },
}
OPERATIONS = {  # operationId: (path, summary, schema)
    "messages_post": ("/v1/messages", "Create a Message", "Message"),
    "createResponse": ("/responses", "Create a model response", "Response"),
}

TOOL_USE: dict[str, Any] = {
    "id": "msg_01Aq9w938a90dw8q",
    "type": "message",
    "role": "assistant",
    "content": [
        {
            "type": "text",
            "text": "I'll look up the weather in San Francisco for you.",
            "citations": None,
        },
        {
            "type": "tool_use",
            "id": "toolu_01A09q90qw90lq917835lq9",
            "name": "get_weather",
            "input": {"location": "San Francisco, CA", "unit": "celsius"},
        },
    ],
    "model": "claude-opus-4-6",
    "stop_reason": "tool_use",
    "stop_sequence": None,
    "usage": {"input_tokens": 2095, "output_tokens": 503},
}
TEXT_ONLY: dict[str, Any] = {
    "id": "msg_013Zva2CMHLNnXjNJJKqJ2EF",
    "type": "message",
    "role": "assistant",
    "content": [{"type": "text", "text": TEXT, "citations": None}],
    "model": "claude-opus-4-6",
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {"input_tokens": 2095, "output_tokens": 503},
}
FUNCTION_CALL: dict[str, Any] = {
    "id": "resp_67ccd3a9da748190baa7f1570fe91ac6",
    "object": "response",
    "created_at": 1741476777,
    "status": "completed",
    "model": "gpt-4o-2024-08-06",
    "output": [
        {
            "type": "function_call",
            "id": "fc_67ca09c6bedc8190a7abfec07b1a1332",
            "call_id": "call_unLAR8MvFNptuiZK6K6HCy5k",
            "name": "get_current_weather",
            "arguments": '{"location":"Boston, MA","unit":"celsius"}',
            "status": "completed",
        }
    ],
    "temperature": 1,
    "tool_choice": "auto",
    "usage": {"input_tokens": 291, "output_tokens": 23},
}
MESSAGE_OUTPUT: dict[str, Any] = {
    "id": "resp_67ccd3a9da748190baa7f1570fe91ac604becb25c45c1d41",
    "object": "response",
    "created_at": 1741476777,
    "status": "completed",
    "model": "gpt-4o-2024-08-06",
    "output": [
        {
            "type": "message",
            "id": "msg_67ccd3acc8d48190a77525dc6de64b4104becb25c45c1d41",
            "status": "completed",
            "role": "assistant",
            "content": [{"type": "output_text", "text": TEXT, "annotations": []}],
        }
    ],
    "temperature": 1,
    "tool_choice": "auto",
    "usage": {"input_tokens": 328, "output_tokens": 52},
}


@pytest.fixture(scope="module")
def tools(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for op, (path, summary, schema) in OPERATIONS.items():
        paths[path] = {
            "post": {
                "operationId": op,
                "summary": summary,
                "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {
                            "application/json": {
                                "schema": {"$ref": f"#/components/schemas/{schema}"}
                            }
                        },
                    }
                },
            }
        }
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "generations", "version": "1"},
        "servers": [{"url": "https://api.example.com"}],
        "paths": paths,
        "components": {"schemas": SCHEMAS},
    }
    file = tmp_path_factory.mktemp("spec") / "blocks.json"
    file.write_text(json.dumps(spec))
    loaded, _ = load_spec(file, name=None)
    _, pairs = tools_of(loaded)
    return {op.id: (op.kind, tool) for op, tool in pairs}


def shaped(tools: dict[str, Any], name: str, body: Any) -> Any:
    tool = tools[name][1]
    out = json.loads(shape_output(body, tool, shape_config_for(tool)).chunks[0])
    assert judge(body, out, kind="generate").lost == []
    return out


def test_an_answer_billed_in_tokens_is_a_generation_whatever_its_name(tools) -> None:
    assert {name: kind for name, (kind, _) in tools.items()} == {
        "messages_post": "generate",
        "createResponse": "generate",
    }


def test_a_tool_use_block_keeps_its_id_name_and_input_beside_the_text(tools) -> None:
    out = shaped(tools, "messages_post", TOOL_USE)
    text, call = out["content"]
    assert text["text"] == TOOL_USE["content"][0]["text"]
    assert {k: call[k] for k in ("id", "name", "input")} == {
        k: TOOL_USE["content"][1][k] for k in ("id", "name", "input")
    }
    assert out["stop_reason"] == "tool_use"
    for gone in ("usage", "model"):
        assert gone not in out


def test_a_text_answer_costs_nothing_for_the_calls_it_does_not_make(tools) -> None:
    """The members of the call blocks are kept by default; a text block has none of them,
    and none is added (no nulls, no empty objects), so a text answer is its text."""
    out = shaped(tools, "messages_post", TEXT_ONLY)
    assert out["content"] == [{"type": "text", "text": TEXT}]
    assert set(out) == {"id", "content", "stop_reason"}


def test_an_output_item_that_is_a_function_call_keeps_its_call_id_name_and_arguments(
    tools,
) -> None:
    out = shaped(tools, "createResponse", FUNCTION_CALL)
    (call,) = out["output"]
    expected = FUNCTION_CALL["output"][0]
    for key in ("call_id", "name", "arguments"):
        assert call[key] == expected[key]
    assert "usage" not in out and "temperature" not in out


def test_an_output_message_keeps_its_text_whole(tools) -> None:
    out = shaped(tools, "createResponse", MESSAGE_OUTPUT)
    assert out["output"][0]["content"][0]["text"] == TEXT
