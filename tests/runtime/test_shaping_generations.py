"""A generation's structured result, shaped by default as a generated server shapes it: its
records keep what tells them apart (an entity's type and score beside its name, a change's
element and values beside its advice, a token's lemma), the answer its own score, the request
it echoes is not taken for what it produced, and what it quotes (a span of the caller's text,
a record's own list of advices) is a preview. Judged by the judge's
``generated records`` check as well."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.pipeline import load_spec
from generator.preview.judge import judge
from generator.preview.tools import tools_of
from generator.runtime.output import shape_config_for, shape_output

SPEC = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "generations.yaml"
TEXT = (
    "The museum opened in the spring and drew visitors from across the region to its new "
    "wing of modern paintings and sculpture, the largest the city has seen in a century."
)


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    spec, _ = load_spec(SPEC, name=None)
    _, pairs = tools_of(spec)
    assert {op.kind for op, _ in pairs} == {"generate"}
    return {tool.name: tool for _, tool in pairs}


def shaped(tools: dict[str, Any], name: str, body: Any) -> Any:
    tool = tools[name]
    out = shape_output(body, tool, shape_config_for(tool))
    return json.loads(out.chunks[0])


def _span(n: int) -> dict[str, Any]:
    return {"content": TEXT, "beginOffset": 40 * n}


def test_an_entity_analysis_keeps_each_entitys_type_and_score_beside_its_name(tools) -> None:
    body = {
        "language": "en",
        "entities": [
            {
                "name": name,
                "type": kind,
                "metadata": {"mid": f"/m/0{n}"},
                "salience": salience,
                "sentiment": {"magnitude": 0.4 + n, "score": 0.1 * n},
                "mentions": [{"text": _span(n), "type": "PROPER"}],
            }
            for n, (name, kind, salience) in enumerate(
                [("museum", "LOCATION", 0.61), ("spring", "EVENT", 0.22), ("Ada", "PERSON", 0.1)]
            )
        ],
    }
    out = shaped(tools, "analyze_entities", body)
    assert [e["name"] for e in out["entities"]] == ["museum", "spring", "Ada"]
    assert [e["type"] for e in out["entities"]] == ["LOCATION", "EVENT", "PERSON"]
    assert [e["salience"] for e in out["entities"]] == [0.61, 0.22, 0.1]  # its own measure
    assert all("mentions" not in e and "sentiment" not in e for e in out["entities"])  # one
    assert judge(body, out, kind="generate").lost == []


def test_a_config_report_keeps_what_each_change_is_not_only_its_advice(tools) -> None:
    change = {
        "element": "http.rules[0].get",
        "oldValue": "/v1/things",
        "newValue": "/v2/things",
        "changeType": "MODIFIED",
        "advices": [{"description": TEXT}],
    }
    added = {**change, "element": "quota.limits[1]", "oldValue": "", "changeType": "ADDED"}
    body = {
        "serviceName": "things.example.com",
        "id": "cfg-7",
        "changeReports": [{"configChanges": [change, added]}],
        "diagnostics": [{"location": "things.yaml:3", "kind": "WARNING", "message": TEXT}],
    }
    out = shaped(tools, "generate_config_report", body)
    changes = out["changeReports"][0]["configChanges"]
    assert [c["element"] for c in changes] == ["http.rules[0].get", "quota.limits[1]"]
    assert [c["changeType"] for c in changes] == ["MODIFIED", "ADDED"]
    assert changes[0]["newValue"] == "/v2/things" and changes[0]["oldValue"] == "/v1/things"
    advice = changes[0]["advices"][0]["description"]  # a part of a change: a preview
    assert advice.startswith(TEXT[:40]) and advice.endswith("more chars]") and len(advice) < 120
    assert out["diagnostics"][0]["message"] == TEXT  # what it reported: whole
    assert judge(body, out, kind="generate").lost == []


def test_a_syntax_analysis_keeps_each_tokens_lemma_and_a_sentences_score(tools) -> None:
    token = {
        "text": {"content": "museums", "beginOffset": 4},
        "partOfSpeech": {"tag": "NOUN", "number": "PLURAL"},
        "dependencyEdge": {"headTokenIndex": 2, "label": "NSUBJ"},
        "lemma": "museum",
    }
    verb = {**token, "text": {"content": "opened", "beginOffset": 12}, "lemma": "open"}
    body = {
        "language": "en",
        "sentences": [
            {"text": _span(0), "sentiment": {"magnitude": 0.9, "score": 0.6}},
            {"text": _span(1), "sentiment": {"magnitude": 0.2, "score": -0.1}},
        ],
        "tokens": [token, verb],
    }
    out = shaped(tools, "analyze_syntax", body)
    assert [t["lemma"] for t in out["tokens"]] == ["museum", "open"]
    assert [s["sentiment"]["score"] for s in out["sentences"]] == [0.6, -0.1]
    quoted = out["sentences"][0]["text"]["content"]  # a span of the caller's text: a preview
    assert quoted.startswith(TEXT[:40]) and quoted.endswith("more chars]") and len(quoted) < 120
    assert [t["text"]["content"] for t in out["tokens"]] == ["museums", "opened"]
    assert judge(body, out, kind="generate").lost == []


def test_a_sentiment_analysis_keeps_the_documents_score(tools) -> None:
    body = {
        "language": "en",
        "documentSentiment": {"magnitude": 1.3, "score": 0.4},
        "sentences": [{"text": _span(0), "sentiment": {"magnitude": 0.9, "score": 0.6}}],
    }
    out = shaped(tools, "analyze_sentiment", body)
    assert out["documentSentiment"]["score"] == 0.4
    assert judge(body, out, kind="generate").lost == []


def test_the_request_a_report_echoes_is_not_what_it_generated(tools) -> None:
    request = {
        "reportType": "campaign",
        "columns": [{"columnName": f"c{n}", "headerText": TEXT} for n in range(3)],
    }
    body = {
        "summary": "Spring campaigns drew three times the clicks of the fall ones.",
        "rowCount": 2,
        "rows": [{"campaign": "spring", "clicks": 40}, {"campaign": "fall", "clicks": 12}],
        "request": request,
    }
    out = shaped(tools, "generate_report", body)
    assert "request" not in out  # the caller sent it: not its headers' texts, three times
    assert out["summary"] == body["summary"] and len(out["rows"]) == 2


def test_an_alternatives_content_however_deep_is_not_quoted() -> None:
    from generator.runtime.shaping.kinds import quoted_text_paths

    candidates = {  # an alternative's text under its content: what the model produced
        "candidates": [
            {
                "index": "integer",
                "finishReason": "string",
                "content": {"role": "string", "parts": [{"text": "string"}]},
            }
        ],
        "usageMetadata": {"totalTokenCount": "integer"},
    }
    assert quoted_text_paths(candidates, ["candidates.content.parts.text"]) == []
    report = {
        "changes": [{"element": "string", "advices": [{"description": "string"}]}],
        "sentences": [{"text": {"content": "string", "beginOffset": "integer"}}],
        "diagnostics": [{"kind": "string", "message": "string"}],
    }
    selected = ["changes.advices.description", "sentences.text.content", "diagnostics.message"]
    assert quoted_text_paths(report, selected) == selected[:2]


def test_a_classification_keeps_each_prediction_and_how_sure_it_is(tools) -> None:
    body = {
        "data": [
            {
                "index": n,
                "object": "classification",
                "prediction": label,
                "score": score,
                "predictions": [
                    {"label": "positive", "score": score},
                    {"label": "negative", "score": round(1 - score, 2)},
                ],
            }
            for n, (label, score) in enumerate([("positive", 0.91), ("negative", 0.12)])
        ],
        "usage": {"total_tokens": 12},
    }
    out = shaped(tools, "classify_texts", body)
    assert [d["prediction"] for d in out["data"]] == ["positive", "negative"]  # what it found
    assert [d["score"] for d in out["data"]] == [0.91, 0.12]  # a number or a map: its measure
    assert [p["score"] for p in out["data"][0]["predictions"]] == [0.91, 0.09]  # each label's
    assert judge(body, out, kind="generate").lost == []


def test_segments_placed_by_word_positions_quote_the_text_and_keep_their_score(tools) -> None:
    body = {
        "summary": {"text": "A museum opened."},
        "sentiments": {
            "segments": [
                {
                    "text": TEXT,
                    "start_word": 0,
                    "end_word": 31,
                    "sentiment": "positive",
                    "sentiment_score": 0.7,
                },
                {
                    "text": TEXT,
                    "start_word": 32,
                    "end_word": 60,
                    "sentiment": "neutral",
                    "sentiment_score": 0.1,
                },
            ]
        },
    }
    out = shaped(tools, "analyze_text", body)
    segments = out["sentiments"]["segments"]
    assert [s["sentiment_score"] for s in segments] == [0.7, 0.1]  # what it found in each
    assert all(s["text"].startswith(TEXT[:40]) and len(s["text"]) < len(TEXT) for s in segments)
    assert out["summary"]["text"] == "A museum opened."  # what it produced: whole
    assert judge(body, out, kind="generate").lost == []


def test_how_a_model_reasoned_beside_its_answer_is_a_preview_with_a_way_to_it(tools) -> None:
    from generator.runtime.shaping.kinds import REASONING_NOTE

    body = {
        "id": "cmpl-1",
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": TEXT, "reasoning_content": TEXT * 2},
            }
        ],
    }
    tool = tools["create_chat_completion"]
    out = shape_output(body, tool, shape_config_for(tool))
    answer = json.loads(out.chunks[0])
    message = answer["choices"][0]["message"]
    assert message["content"] == TEXT  # the answer: whole
    assert message["reasoning_content"].startswith(TEXT[:40])
    assert len(message["reasoning_content"]) < 200  # how it got there: a preview
    assert REASONING_NOTE in out.notes  # ... saying how to see it whole
    detailed = shape_output(body, tool, shape_config_for(tool), detail_level="detailed")
    assert json.loads(detailed.chunks[0])["choices"][0]["message"]["reasoning_content"] == TEXT * 2


def test_how_a_model_reasoned_named_so_alone_is_a_preview_not_dropped(tools) -> None:
    from generator.runtime.shaping.kinds import REASONING_NOTE

    body = {
        "id": "cmpl-2",
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": TEXT, "reasoning": TEXT * 2},
            }
        ],
    }
    tool = tools["create_chat_completion"]
    out = shape_output(body, tool, shape_config_for(tool))
    message = json.loads(out.chunks[0])["choices"][0]["message"]
    assert message["content"] == TEXT  # the answer: whole
    assert message["reasoning"].startswith(TEXT[:40])  # how it got there: kept, a preview
    assert len(message["reasoning"]) < 200
    assert REASONING_NOTE in out.notes


def test_how_a_model_reasoned_at_the_answers_top_is_a_preview_too(tools) -> None:
    from generator.runtime.shaping.kinds import REASONING_NOTE

    body = {"model": "m-1", "reasoning": TEXT * 2, "output_text": TEXT}
    tool = tools["create_reasoned_completion"]
    out = shape_output(body, tool, shape_config_for(tool))
    answer = json.loads(out.chunks[0])
    assert answer["output_text"] == TEXT  # the answer: whole
    assert answer["reasoning"].startswith(TEXT[:40]) and len(answer["reasoning"]) < 200
    assert REASONING_NOTE in out.notes
    detailed = shape_output(body, tool, shape_config_for(tool), detail_level="detailed")
    assert json.loads(detailed.chunks[0])["reasoning"] == TEXT * 2


def test_a_reranking_keeps_each_results_position_and_score_and_previews_the_echoed_document(
    tools,
) -> None:
    body = {
        "model": "rerank-1",
        "results": [
            {"index": n, "relevance_score": score, "document": {"text": f"{n} {TEXT * 2}"}}
            for n, score in [(2, 0.91), (0, 0.42), (1, 0.05)]
        ],
    }
    out = shaped(tools, "rerank_documents", body)
    results = out["results"] if isinstance(out, dict) else out
    assert [(r["index"], r["relevance_score"]) for r in results] == [
        (2, 0.91),
        (0, 0.42),
        (1, 0.05),
    ]
    for r in results:  # the caller's document, sent in full: a preview that tells it apart
        text = r["document"]["text"]
        assert text.startswith(f"{r['index']} {TEXT[:30]}") and len(text) < len(TEXT)
    assert judge(body, out, kind="generate").lost == []


def test_generated_texts_each_with_their_own_id_stay_whole_beside_their_score(tools) -> None:
    body = {
        "id": "gen-1",
        "generations": [
            {"id": f"g-{n}", "index": n, "text": f"{n} {TEXT}", "likelihood": -0.5 * n}
            for n in range(2)
        ],
    }
    out = shaped(tools, "generate_texts", body)
    assert [g["text"] for g in out["generations"]] == [f"{n} {TEXT}" for n in range(2)]


def test_a_generation_leaves_out_the_settings_it_answers_back_from_the_request(tools) -> None:
    body = {
        "id": "resp-1",
        "status": "completed",
        "conversation_id": "conv-7",
        "model": "m-1",
        "temperature": 0.7,
        "store": True,
        "tools": [{"type": "function", "name": "lookup"}, {"type": "web_search", "name": "web"}],
        "output": [{"type": "message", "content": [{"type": "output_text", "text": TEXT}]}],
        "usage": {"input_tokens": 12, "output_tokens": 40},
    }
    out = shaped(tools, "create_response", body)
    # what it produced, what names it and the conversation it answers in; not the settings,
    # nor where it stands though the request may name a status too (a classification's
    # ``status: running`` as it answers the job it started)
    assert set(out) == {"id", "status", "conversation_id", "output"}
    assert out["output"][0]["content"][0]["text"] == TEXT
    assert judge(body, out, kind="generate").lost == []


def test_a_transcriptions_segments_keep_when_they_were_said(tools) -> None:
    body = {
        "text": TEXT,
        "segments": [
            {
                "id": n,
                "seek": 0,
                "start": 2.5 * n,
                "end": 2.5 * n + 2.4,
                "text": TEXT[:40],
                "tokens": [50364, 440],
                "temperature": 0.0,
                "compression_ratio": 1.2,
            }
            for n in range(3)
        ],
    }
    out = shaped(tools, "transcribe_audio", body)
    assert out["text"] == TEXT
    assert [(s["id"], s["start"], s["end"]) for s in out["segments"]] == [
        (n, 2.5 * n, 2.5 * n + 2.4) for n in range(3)
    ]
    assert all("temperature" not in s and "seek" not in s for s in out["segments"])
