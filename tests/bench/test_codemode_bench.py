"""The code-mode benchmark's search table: the held-back set is reported as hit rates only
(per API and pooled) unless its misses are asked for explicitly; the tuning set's misses are
listed; the verdict is the pooled held-back rate against the target, per API beside it."""

from __future__ import annotations

from typing import Any

from generator.bench.codemode import HELD_BACK, TUNING, search_report
from generator.runtime.model import model_from_json


def _model(name: str, paths: list[tuple[str, str, str]]) -> Any:
    return model_from_json(
        {
            "server": {"name": name, "env_prefix": name.upper(), "mode": "code", "title": name},
            "tools": [
                {
                    "name": tool,
                    "description": text,
                    "input_schema": {"type": "object", "properties": {}},
                    "binding": {"kind": "http", "method": "GET", "path": path},
                    "params": [],
                    "response": {"collection_path": "", "default_fields": []},
                }
                for tool, path, text in paths
            ],
        }
    )


MODELS = {
    "github": _model("gh", [("issues_list", "/issues", "List issues")]),
    "stripe": _model("st", [("charges_list", "/charges", "List charges")]),
}
SETS = {
    TUNING: {
        "github": [["list issues", ["issues_list"]], ["tuned zebra", ["issues_list"]]],
        "stripe": [["list charges", ["charges_list"]]],
    },
    HELD_BACK: {
        "github": [["issues please", ["issues_list"]], ["secret walrus", ["issues_list"]]],
        "stripe": [["charges please", ["charges_list"]], ["hidden okapi", ["charges_list"]]],
    },
}


def test_held_back_misses_are_not_shown_by_default() -> None:
    text = "\n".join(search_report(MODELS, SETS))
    assert "walrus" not in text and "okapi" not in text
    assert "'tuned zebra': wanted issues_list" in text  # the tuning set's misses are listed
    assert "| github | held-back set | 2 | 1 | 50.0% | under 90% |" in text
    assert "| pooled | held-back set | 4 | 2 | 50.0% | under 90% |" in text
    assert "| pooled | tuning set | 3 | 2 | 66.7% | under 90% |" in text
    assert (
        "Target (>= 90% of the held-back set in the top 5, pooled): NOT met: 50.0% (2/4); "
        "per API: github 50.0% (1/2), stripe 50.0% (1/2)."
    ) in text
    assert "The held-back set's 2 misses are not shown" in text


def test_held_back_misses_only_on_explicit_request() -> None:
    text = "\n".join(search_report(MODELS, SETS, show_heldback_misses=True))
    assert "'secret walrus'" in text and "'hidden okapi'" in text
