"""The defaults against a yardstick: recall and precision of the fields a generated server keeps
by default, measured against the hand-picked essentials (``essentials.py``) of the recorded
corpus responses whose operation is known (``corpus_ops.py``).

For each recording: the response is shaped as the generated server shapes it (the operation's
``shape_config_for``, no overlay); the shaped item's leaf paths (arrays see-through) are
compared with the hand-picked paths, relative to the same item (the shaping benchmark's frame).
*Recall*: picked paths that hold a value in the response (not null or empty) and are kept.
*Precision*: kept leaf paths that are, or sit below, a picked path. A yardstick only: the
rules never read it (issue 13).
"""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..runtime.shaping.chunking import get_at
from ..runtime.shaping.fields import parse_path, project
from ..runtime.shaping.tokens import count_tokens
from .essentials import ESSENTIALS

TARGET_RECALL = 0.85
TARGET_REDUCTION = 0.85


@dataclass(frozen=True)
class Score:
    name: str
    picked: int  # picked paths that hold a value
    recalled: int
    kept: int  # leaf paths in the shaped item(s)
    precise: int
    reduction: float
    missed: tuple[str, ...]

    @property
    def recall(self) -> float:
        return self.recalled / self.picked if self.picked else 1.0

    @property
    def precision(self) -> float:
        return self.precise / self.kept if self.kept else 1.0


def leaf_paths(value: Any, prefix: str = "") -> set[str]:
    """Dot paths of every scalar in ``value`` (list indexes left out)."""
    if isinstance(value, dict):
        out: set[str] = set()
        for key, sub in value.items():
            out |= leaf_paths(sub, f"{prefix}.{key}" if prefix else str(key))
        return out
    if isinstance(value, list):
        return set().union(*(leaf_paths(v, prefix) for v in value)) if value else set()
    return {prefix} if prefix else set()


def holds_value(value: Any) -> bool:
    if isinstance(value, dict):
        return any(holds_value(v) for v in value.values())
    if isinstance(value, list):
        return any(holds_value(v) for v in value)
    return value is not None and value != ""


def is_under(path: str, pick: str) -> bool:
    return path == pick or path.startswith(pick + ".")


def score(name: str, value: Any, config: Any, picks: tuple[str, ...]) -> Score:
    from ..runtime.shaping.collections import guess_collection_path  # the essentials' frame
    from ..runtime.shaping.pipeline import shape

    shaped_response = shape(value, replace(config, chunk_threshold_tokens=10**9))
    shaped = json.loads(shaped_response.chunks[0])
    frame = guess_collection_path(value)
    if frame is not None:
        path = parse_path(frame)
        originals = get_at(value, path) if path else value
        results = get_at(shaped, path) if path else shaped
    else:
        originals, results = [value], [shaped]
    originals = originals if isinstance(originals, list) else [originals]
    results = results if isinstance(results, list) else [results]
    kept = set().union(*(leaf_paths(r) for r in results)) if results else set()
    present = [p for p in picks if any(holds_value(project(o, [p])) for o in originals)]
    recalled = [p for p in present if any(is_under(k, p) for k in kept)]
    precise = [k for k in kept if any(is_under(k, p) for p in picks)]
    raw = count_tokens(json.dumps(value, indent=2, ensure_ascii=False))
    return Score(
        name,
        len(present),
        len(recalled),
        len(kept),
        len(precise),
        1 - sum(shaped_response.token_counts) / raw,
        tuple(p for p in present if p not in recalled),
    )


def scores(responses: Path) -> list[Score]:
    """Every recording of ``responses`` (a folder like ``tests/fixtures/responses``) scored."""
    from .corpus_ops import OPERATIONS, spec_configs

    names = [n for n in sorted(OPERATIONS) if n in ESSENTIALS and (responses / n).is_file()]
    configs = spec_configs(names)
    out = []
    for name in names:
        value = json.loads((responses / name).read_text(encoding="utf-8"))
        out.append(score(name, value, configs[name], ESSENTIALS[name]))
    return out


def yardstick_report(responses: Path) -> str:
    rows = scores(responses)
    if not rows:
        return ""
    recalled = sum(r.recalled for r in rows)
    picked = sum(r.picked for r in rows)
    precise = sum(r.precise for r in rows)
    kept = sum(r.kept for r in rows)
    mean_recall = statistics.mean(r.recall for r in rows)
    reduction = statistics.median(r.reduction for r in rows)
    met = mean_recall >= TARGET_RECALL and reduction >= TARGET_REDUCTION
    lines = [
        "## Yardstick: the defaults against hand-picked fields (essentials.py)",
        "",
        f"{len(rows)} recorded responses with their operation (corpus_ops.py), shaped with the "
        "operation's defaults (no overlay).",
        "",
        "| measure | value | target |",
        "|---|---|---|",
        f"| recall (mean per response) | {mean_recall:.1%} | >= 85% at >= 85% reduction: "
        f"{'met' if met else 'NOT met'} |",
        f"| recall (all picked paths) | {recalled / picked:.1%} ({recalled}/{picked}) | |",
        f"| precision (mean per response) | {statistics.mean(r.precision for r in rows):.1%} | |",
        f"| precision (all kept paths) | {precise / kept:.1%} ({precise}/{kept}) | |",
        f"| median token reduction vs pretty JSON | {reduction:.1%} | >= 85% |",
        "",
        "| response | recall | precision | -% | missed |",
        "|---|---:|---:|---:|---|",
    ]
    for r in sorted(rows, key=lambda r: (r.recall, r.name)):
        lines.append(
            f"| {r.name} | {r.recall:.0%} | {r.precision:.0%} | {r.reduction:.1%} "
            f"| {', '.join(r.missed)} |"
        )
    return "\n".join(lines) + "\n"
