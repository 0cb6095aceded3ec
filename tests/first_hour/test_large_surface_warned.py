"""A big API generated one tool per operation says what its tools/list costs an agent.

Found from outside: InvenTree's description (648 operations) generated a server whose
tools/list and instructions are ~85,000 tokens with nothing but info notes; the user learns
of it when the agent's context is gone. ``generate`` now warns (``SURFACE_LARGE``) as
``mcpforge report`` does, with what to do instead; meta mode's four tools are not warned of.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.pipeline import Generated, generate
from generator.render.surface_cost import surface_notes

REPO = Path(__file__).resolve().parents[2]
PETSTORE = REPO / "specs" / "petstore" / "openapi.yaml"

WORDS = (
    "Returns the records of the inventory that match the filters given, ordered by the field "
    "named in ordering, with the stock location, the supplier and the part each belongs to. "
)


def _big_spec(path: Path, operations: int = 400) -> Path:
    paths = {}
    for i in range(operations):
        params = [
            {
                "name": f"filter_{j}",
                "in": "query",
                "description": WORDS,
                "schema": {"type": "string"},
            }
            for j in range(3)
        ]
        paths[f"/things{i}"] = {
            "get": {
                "operationId": f"list_things_{i}",
                "summary": f"List things of group {i}",
                "description": WORDS * 2,
                "parameters": params,
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "array",
                                    "items": {
                                        "type": "object",
                                        "properties": {
                                            "id": {"type": "integer"},
                                            "name": {"type": "string"},
                                        },
                                    },
                                }
                            }
                        },
                    }
                },
            }
        }
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Big Inventory", "version": "1.0.0"},
        "servers": [{"url": "https://inventory.example.com/api"}],
        "paths": paths,
    }
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return path


def _codes(result: Generated) -> list[str]:
    return [d.code for d in result.diagnostics]


def test_a_big_per_operation_surface_is_warned_with_what_to_do(tmp_path: Path) -> None:
    spec = _big_spec(tmp_path / "big.yaml")
    _, result = generate(spec, tmp_path / "out")
    found = [d for d in result.diagnostics if d.code == "SURFACE_LARGE"]
    assert len(found) == 1, _codes(result)
    warning = found[0]
    assert warning.severity.value == "warning"
    assert "401 tools in per-op mode" in warning.message
    assert "--mode meta" in (warning.hint or "")

    _, meta = generate(spec, tmp_path / "meta", mode="meta")
    assert "SURFACE_LARGE" not in _codes(meta)


def test_a_small_api_is_not_warned(tmp_path: Path) -> None:
    _, result = generate(PETSTORE, tmp_path / "out")
    assert "SURFACE_LARGE" not in _codes(result)


def test_the_warning_counts_what_report_counts(tmp_path: Path) -> None:
    import json

    from generator.report import surface_report

    spec = _big_spec(tmp_path / "big.yaml", operations=120)
    target, _ = generate(spec, tmp_path / "out")
    data = json.loads(next(target.glob("src/*/spec.json")).read_text(encoding="utf-8"))
    report = surface_report(spec)
    assert surface_notes(data, threshold=report.total) == []
    (note,) = surface_notes(data, threshold=report.total - 1)
    assert f"{report.total:,} tokens" in note.message
