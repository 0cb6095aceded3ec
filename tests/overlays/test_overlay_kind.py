"""``kind`` per operation: the overlay corrects what the generator read an operation does."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.diagnostics import GenerationError
from generator.pipeline import load_with_overlay
from generator.render.tooldata import server_data

KINDS = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "kinds.yaml"


def load(write, text: str):
    spec, diags = load_with_overlay(KINDS, overlay_path=write(text))
    return {op.id: op for op in spec.operations}, spec


def test_kind_is_read_from_the_description_and_recorded_in_spec_json(write) -> None:
    ops, spec = load(write, "")
    assert ops["createTask"].kind == "create" and ops["searchTasks"].kind == "search"
    tools = {t["name"]: t for t in server_data(spec)["tools"]}
    assert tools["create_task"]["kind"] == "create"
    assert tools["create_chat_completion"]["kind"] == "generate"


DEEP = """
openapi: 3.0.3
info: {title: Deep, version: "1"}
paths:
  /runs:
    post:
      operationId: startRun
      responses:
        "200":
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: {type: string}
                  name: {type: string}
                  status: {type: string}
                  created_at: {type: string, format: date-time}
                  owner: {type: object, properties: {login: {type: string}}}
                  outputs:
                    type: array
                    items:
                      type: object
                      properties:
                        id: {type: string}
                        name: {type: string}
                        parts:
                          type: array
                          items: {type: object, properties: {text: {type: string}}}
"""


def test_setting_a_kind_chooses_the_defaults_again(tmp_path, write) -> None:
    spec_path = tmp_path / "deep.yaml"
    spec_path.write_text(DEEP, encoding="utf-8")
    before, _ = load_with_overlay(spec_path, overlay_path=write(""))
    (op,) = before.operations
    assert op.kind == "create" and "outputs.parts.text" not in op.response.default_fields
    spec, _ = load_with_overlay(
        spec_path, overlay_path=write("operations:\n  startRun:\n    kind: generate\n")
    )
    (op,) = spec.operations
    assert op.kind == "generate" and "outputs.parts.text" in op.response.default_fields
    assert server_data(spec)["tools"][0]["kind"] == "generate"


def test_include_wins_over_the_kind_defaults(write) -> None:
    ops, _ = load(write, "operations:\n  createTask:\n    kind: generate\n    include: [id]\n")
    assert ops["createTask"].response.default_fields == ("id",)


def test_an_unknown_kind_is_an_error_with_a_suggestion(write) -> None:
    with pytest.raises(GenerationError) as caught:
        load(write, "operations:\n  createTask:\n    kind: generation\n")
    text = "\n".join(d.render() for d in caught.value.diagnostics)
    assert "OVERLAY_BAD_KIND" in text and "did you mean 'generate'?" in text
    assert "overlay.yaml:3" in text
