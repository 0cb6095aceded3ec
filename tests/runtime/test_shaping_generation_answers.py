"""A generation's answer, shaped by default as a generated server shapes it: what it produced
stays whole (an alternative's text, a transcription's text beside its segments), and how it
was produced (its model and version, the tokens it was billed for, when and how long) is left
out; a recognised record keeps what it found beside how sure it is. The operations are
classified by the loader (a recognition answering measured results is a generation)."""

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
CHAT = {
    "id": "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
    "object": "chat.completion",
    "created": 1741569952,
    "model": "model-2024-08-06",
    "system_fingerprint": "fp_44709d6fcb",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": TEXT, "refusal": None},
            "logprobs": None,
            "finish_reason": "stop",
        }
    ],
    "usage": {"prompt_tokens": 19, "completion_tokens": 10, "total_tokens": 29},
}
CANDIDATES = {
    "candidates": [
        {"content": {"parts": [{"text": TEXT}], "role": "model"}, "finishReason": "STOP"}
    ],
    "usageMetadata": {"promptTokenCount": 4, "candidatesTokenCount": 40},
    "modelVersion": "model-1.5",
}
TRANSCRIPTION = {
    "language": "english",
    "duration": 8.47,
    "text": TEXT,
    "segments": [
        {"id": n, "start": 2.0 * n, "end": 2.0 * n + 2, "text": TEXT[:40]} for n in (0, 1)
    ],
}
RECOGNIZED = {
    "results": [{"alternatives": [{"transcript": TEXT, "confidence": 0.98}], "channelTag": 1}],
    "totalBilledTime": "9s",
}
PLATES = {
    "credit_cost": 1,
    "processing_time": {"total": 2.5},
    "epoch_time": 1714560000.5,
    "results": [
        {"plate": plate, "confidence": c, "region": "us-ca", "processing_time_ms": 7.5}
        for plate, c in (("7ABC123", 91.2), ("8XYZ987", 84.0))
    ],
}
ARGUMENTS = '{"location": "Boston, MA", "unit": "celsius"}'
TOOL_CALLS: dict[str, Any] = (
    {  # with tools, the answer is the calls the model asks for, its text null
        "id": "chatcmpl-abc123",
        "object": "chat.completion",
        "created": 1699896916,
        "model": "model-0125",
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_abc123",
                            "type": "function",
                            "function": {"name": "get_current_weather", "arguments": ARGUMENTS},
                        }
                    ],
                },
                "finish_reason": "tool_calls",
            }
        ],
        "usage": {"prompt_tokens": 82, "completion_tokens": 17, "total_tokens": 99},
    }
)
FUNCTION_CALL: dict[str, Any] = {
    "candidates": [
        {
            "content": {
                "parts": [
                    {
                        "functionCall": {
                            "name": "find_theaters",
                            "args": {"location": "Mountain View, CA", "movie": "Barbie"},
                        }
                    }
                ],
                "role": "model",
            },
            "finishReason": "STOP",
        }
    ],
    "modelVersion": "model-1.5",
}
ECHOED = {  # a completion that answers the prompt it was sent back beside its text
    "id": "cmpl-7a1b",
    "object": "text_completion",
    "choices": [{"text": TEXT, "index": 0, "finish_reason": "stop"}],
    "prompt": [{"text": "<s>[INST] Tell me about the museum. [/INST]", "index": 0}],
}
EMBEDDINGS = {  # vectors a concise answer leaves out: each record keeps which input it is
    "id": "embd-aad6fc62b17349b192ef09225058bc45",
    "object": "list",
    "data": [
        {
            "embedding": [round(0.001 * (n + i), 4) for i in range(64)],
            "index": n,
            "object": "embedding",
        }
        for n in (0, 1)
    ],
    "model": "embed-1",
    "usage": {"prompt_tokens": 15, "total_tokens": 15},
}
BODIES = {
    "createChatCompletion": ("/v1/chat/completions", CHAT),
    "createToolsChatCompletion": ("/v2/chat/completions", TOOL_CALLS),
    "generateFunctionCall": ("/v2/models/{model}:generateContent", FUNCTION_CALL),
    "createCompletion": ("/v1/completions", ECHOED),
    "createEmbeddings": ("/v1/embeddings", EMBEDDINGS),
    "generateContent": ("/v1/models/{model}:generateContent", CANDIDATES),
    "createTranscription": ("/v1/audio/transcriptions", TRANSCRIPTION),
    "recognizeSpeech": ("/v1/speech:recognize", RECOGNIZED),
    "recognizePlates": ("/v2/recognize", PLATES),
}


def _schema(value: Any) -> dict[str, Any]:
    if isinstance(value, dict):
        return {"type": "object", "properties": {k: _schema(v) for k, v in value.items()}}
    if isinstance(value, list):
        return {"type": "array", "items": _schema(value[0])}
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int):
        return {"type": "integer"}
    if isinstance(value, float):
        return {"type": "number"}
    return {"type": "string", "nullable": value is None}


@pytest.fixture(scope="module")
def tools(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for op, (path, body) in BODIES.items():
        params = [{"name": "model", "in": "path", "required": True, "schema": {"type": "string"}}]
        paths[path] = {
            "post": {
                "operationId": op,
                "parameters": params if "{model}" in path else [],
                "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {"application/json": {"schema": _schema(body)}},
                    }
                },
            }
        }
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "generations", "version": "1"},
        "servers": [{"url": "https://api.example.com"}],
        "paths": paths,
    }
    file = tmp_path_factory.mktemp("spec") / "generations.json"
    file.write_text(json.dumps(spec))
    loaded, _ = load_spec(file, name=None)
    _, pairs = tools_of(loaded)
    return {op.id: (op.kind, tool) for op, tool in pairs}


def test_every_operation_is_a_generation(tools) -> None:
    """``generateFunctionCall`` too: its answer, the call it asks for, has no identity."""
    assert {name: kind for name, (kind, _) in tools.items()} == {op: "generate" for op in BODIES}


def shaped(tools: dict[str, Any], name: str) -> Any:
    body = BODIES[name][1]
    tool = tools[name][1]
    out = json.loads(shape_output(body, tool, shape_config_for(tool)).chunks[0])
    assert judge(body, out, kind="generate").lost == []
    return out


def test_a_completion_answers_its_text_not_when_or_by_which_model(tools) -> None:
    out = shaped(tools, "createChatCompletion")
    assert out["choices"][0]["message"]["content"] == TEXT
    assert out["choices"][0]["finish_reason"] == "stop"
    assert out["id"] == CHAT["id"]
    for gone in ("created", "object", "model", "system_fingerprint", "usage"):
        assert gone not in out


def test_an_alternatives_text_stays_whole_and_usage_is_left_out(tools) -> None:
    out = shaped(tools, "generateContent")
    assert out["candidates"][0]["content"]["parts"][0]["text"] == TEXT  # not a preview
    assert "usageMetadata" not in out and "modelVersion" not in out


def test_a_transcriptions_text_beside_its_segments_stays_whole(tools) -> None:
    out = shaped(tools, "createTranscription")
    assert out["text"] == TEXT
    assert [s["text"] for s in out["segments"]] == [TEXT[:40]] * 2


def test_a_recognition_keeps_its_transcript(tools) -> None:
    out = shaped(tools, "recognizeSpeech")
    assert out["results"][0]["alternatives"][0]["transcript"] == TEXT


def test_a_recognised_record_keeps_what_was_found_beside_how_sure(tools) -> None:
    out = shaped(tools, "recognizePlates")
    assert [r["plate"] for r in out["results"]] == ["7ABC123", "8XYZ987"]
    assert [r["confidence"] for r in out["results"]] == [91.2, 84.0]
    assert all("processing_time_ms" not in r for r in out["results"])
    for gone in ("credit_cost", "processing_time", "epoch_time"):
        assert gone not in out


def test_a_completion_answering_with_tool_calls_keeps_each_call(tools) -> None:
    out = shaped(tools, "createToolsChatCompletion")
    call = out["choices"][0]["message"]["tool_calls"][0]
    assert call["id"] == "call_abc123"  # the tool's result answers it by this id
    assert call["function"] == {"name": "get_current_weather", "arguments": ARGUMENTS}
    assert "type" not in call  # its kind: ``tool_calls`` says it
    assert "usage" not in out and "model" not in out


def test_a_candidates_function_call_keeps_its_name_and_arguments(tools) -> None:
    out = shaped(tools, "generateFunctionCall")
    call = out["candidates"][0]["content"]["parts"][0]["functionCall"]
    assert call == FUNCTION_CALL["candidates"][0]["content"]["parts"][0]["functionCall"]


def test_a_completion_leaves_out_the_prompt_it_echoes(tools) -> None:
    out = shaped(tools, "createCompletion")
    assert out["choices"][0]["text"] == TEXT
    assert "prompt" not in out


def test_embeddings_left_out_keep_the_index_of_the_input_each_embeds(tools) -> None:
    out = shaped(tools, "createEmbeddings")
    assert [r.get("index") for r in out["data"]] == [0, 1]
    assert all("embedding" not in r for r in out["data"])  # an encoding, named in a note
