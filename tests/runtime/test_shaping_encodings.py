"""Encodings are not payload in a concise answer (issue 33): a completion's log probabilities
and a token's bytes, an embedding's vector, left out of the concise answer with a note that
names them; detailed answers, explicit ``fields`` and an operator's defaults keep them; the
answer's own payload (a top-level vector) and short lists of small numbers (ids) stay. The
judge (``preview/judge_encodings.py``, written apart) agrees."""

from __future__ import annotations

import base64
import json
from typing import Any

from generator.preview.judge import judge
from generator.runtime.shaping.encodings import drop_encodings, find_encodings
from generator.runtime.shaping.pipeline import ShapeConfig, shape

ANSWER = "The capital of France is Paris, which has been its capital for many centuries."


def _token(text: str, logprob: float) -> dict[str, Any]:
    return {
        "token": text,
        "logprob": logprob,
        "bytes": list(text.encode("utf-8")),
        "top_logprobs": [{"token": text, "logprob": logprob, "bytes": list(text.encode())}],
    }


COMPLETION: dict[str, Any] = {
    "id": "cmpl-9",
    "object": "chat.completion",
    "model": "small-model-1",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": ANSWER},
            "logprobs": {"content": [_token(w, -0.1 * n) for n, w in enumerate(ANSWER.split())]},
            "finish_reason": "stop",
        }
    ],
    "usage": {"prompt_tokens": 12, "completion_tokens": 17},
}
VECTOR = [round((n % 17) / 17 - 0.5, 4) + 0.0001 for n in range(256)]
EMBEDDINGS = {
    "object": "list",
    "data": [{"object": "embedding", "index": i, "embedding": VECTOR} for i in range(2)],
    "model": "embed-small",
    "usage": {"prompt_tokens": 4, "total_tokens": 4},
}


def _shape(body: Any, **kwargs: Any) -> tuple[Any, list[str]]:
    result = shape(body, ShapeConfig(kind="generate"), **kwargs)
    return json.loads(result.chunks[0]), result.notes


def test_a_completions_log_probabilities_are_left_out_with_a_note() -> None:
    shaped, notes = _shape(COMPLETION)
    assert shaped["choices"][0]["message"]["content"] == ANSWER
    assert "logprobs" not in json.dumps(shaped) and "bytes" not in json.dumps(shaped)
    assert any("choices[].logprobs (log probabilities)" in note for note in notes), notes
    verdict = judge(COMPLETION, shaped, notes=notes)
    assert not [f for f in verdict.findings if f.check.startswith("encodings")], verdict.findings


def test_detailed_answers_and_explicit_fields_keep_them() -> None:
    detailed, notes = _shape(COMPLETION, detail_level="detailed")
    assert detailed["choices"][0]["logprobs"] == COMPLETION["choices"][0]["logprobs"]
    assert not any("encodings" in note for note in notes)
    asked, _ = _shape(COMPLETION, fields=["choices.logprobs"])
    assert "logprobs" in asked["choices"][0]


def test_an_embeddings_vectors_are_left_out_of_the_concise_answer() -> None:
    shaped, notes = _shape(EMBEDDINGS)
    assert [item.get("index") for item in shaped["data"]] == [0, 1]
    assert not any("embedding" in item for item in shaped["data"])
    assert any("data[].embedding (vector of 256 numbers)" in note for note in notes), notes


def test_an_operator_naming_the_vector_keeps_it() -> None:
    config = ShapeConfig(
        kind="generate",
        default_fields=("index", "embedding"),
        collection_path="data",
        operator_defaults=True,
    )
    shaped = json.loads(shape(EMBEDDINGS, config).chunks[0])
    assert shaped["data"][0]["embedding"] == VECTOR


def test_the_answers_own_vector_and_short_lists_of_small_numbers_stay() -> None:
    whole = {"data": VECTOR, "model": "embed-small", "usage": {}}
    assert find_encodings(whole) == {}
    ids = {"name": "team", "member_ids": [72, 101, 108, 108, 111, 44, 32, 119, 111], "x": {}}
    assert find_encodings(ids) == {}  # small integers that happen to spell text
    hello = [72, 101, 108, 108, 111, 44, 32, 119, 111]
    named = {"tokens": [{"token": "Hello", "bytes": hello}]}
    assert find_encodings(named) == {"tokens.bytes": "tokens[].bytes (byte array)"}
    assert drop_encodings(named, ["tokens.bytes"]) == {"tokens": [{"token": "Hello"}]}
    score = {"tokens": [{"token": "Hi", "logprob": -0.2}]}  # one number is a score
    assert find_encodings(score) == {}


SEGMENTS = {  # a transcription's verbose answer (OpenAI's ``verbose_json``, as Speechall's
    # openai-compatible endpoint describes it: /work/outside14gen/speechall.yaml, MIT)
    "language": "english",
    "duration": 8.47,
    "text": ANSWER,
    "segments": [
        {"id": n, "seek": 0, "start": 4.0 * n, "end": 4.0 * n + 3.9, "text": part,
         "tokens": [50364, 440, 3489], "temperature": 0.0, "avg_logprob": -0.28,
         "compression_ratio": 1.1, "no_speech_prob": 0.01}  # fmt: skip
        for n, part in enumerate(ANSWER.split(", "))
    ],
}


def test_segments_an_average_log_probability_describes_are_what_was_said() -> None:
    """A transcription's segments carry ``avg_logprob``, a statistic of many tokens: they
    were taken for records each scored by a log probability (the text again, token by token)
    and left out whole, ids and texts with them. Only a record's own ``logprob`` makes it
    a token's; a segment is what was said, part by part."""
    assert find_encodings(SEGMENTS) == {}
    shaped, _ = _shape(SEGMENTS)
    assert [s["text"] for s in shaped["segments"]] == ANSWER.split(", ")
    assert judge(SEGMENTS, shaped, kind="generate").lost == []
    details = {"tokens": [{"id": 1, "text": "The", "logprob": -0.1}], "finish_reason": "length"}
    tokens = {"generated_text": ANSWER, "details": details, "usage": {"tokens": 1}}
    assert find_encodings(tokens) == {"details.tokens": "details.tokens (log probabilities)"}


def test_a_transcriptions_scored_words_beside_its_text_are_left_out_with_a_note() -> None:
    """A speech-to-text answer: the text, its language, and its words again, each timed and
    scored by a ``logprob``. The words were the only list of the answer and stayed as its
    payload (ElevenLabs' description, outside material); beside the text they spell, they are
    the text again, token by token, and are left out with a note. The judge takes them for an
    encoding too, not for the answer's payload list or its records."""
    spoken = ANSWER.split()
    words = [
        {"text": word, "start": n * 0.5, "end": n * 0.5 + 0.4, "type": "word",
         "speaker_id": "speaker_1", "logprob": -0.1 * n}
        for n, word in enumerate(spoken)
    ]  # fmt: skip
    body = {"language_code": "en", "language_probability": 0.98, "text": ANSWER, "words": words}
    assert find_encodings(body) == {"words": "words (log probabilities)"}
    shaped, notes = _shape(body)
    assert shaped["text"] == ANSWER and "words" not in shaped
    assert any("words (log probabilities)" in n for n in notes)
    assert judge(body, shaped, kind="generate").lost == []
    # the answer's only member, with no text beside it, stays: it is what the call answers
    alone = {"words": words}
    assert find_encodings(alone) == {}


PNG = base64.b64encode(bytes(range(256)) * 12).decode()  # 4096 characters
IMAGES = {
    "created": 1714560000,
    "data": [{"b64_json": PNG, "revised_prompt": "A lighthouse at dusk, in oils."}],
}


def test_a_generated_images_base64_data_is_left_out_with_a_note() -> None:
    shaped, notes = _shape(IMAGES)
    assert PNG[:40] not in json.dumps(shaped)  # not cut to a useless preview: left out
    assert shaped["data"][0]["revised_prompt"] == "A lighthouse at dusk, in oils."
    assert any("data[].b64_json (base64 data of 4096 characters)" in n for n in notes), notes
    detailed, _ = _shape(IMAGES, detail_level="detailed")
    assert detailed["data"][0]["b64_json"].startswith(PNG[:1000])  # (to its max_chars)


def test_sentences_links_and_cursors_are_no_base64_data() -> None:
    cursor = base64.urlsafe_b64encode(bytes(range(256)) * 4).decode()
    body = {
        "text": " ".join([ANSWER] * 20),
        "url": "https://example.com/" + "a" * 1200,
        "next_page_token": cursor,
        "data": "data:image/png;base64," + PNG,
    }
    assert find_encodings(body) == {"data": "data (base64 data of 4118 characters)"}


def test_base64_data_that_is_all_the_answer_holds_stays() -> None:
    assert find_encodings({"audio_base64": PNG}) == {}


def test_base64_data_inside_the_answers_only_member_stays() -> None:
    """A read whose whole answer is a certificate under one member (``{ca: {certificate}}``,
    a database's CA certificate, base64 of its PEM text) answers with it: reduced to
    ``{"ca": {}}`` it had lost all it was called for."""
    body = {"ca": {"certificate": PNG}}
    assert find_encodings(body) == {}
    shaped = shape(body, ShapeConfig(kind="read"))
    assert PNG[:200] in shaped.chunks[0]
    vectors = {"result": {"data": VECTOR, "model": "embed-small"}}
    assert find_encodings(vectors) == {}
    # not when the member holds more than the encoding, nor below a list
    assert find_encodings({"ca": {"certificate": PNG, "id": "ca-1"}}) != {}
    assert find_encodings({"items": [{"data": PNG}]}) != {}
