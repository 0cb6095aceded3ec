"""What the breadth benchmark records: the descriptions it runs, each call and its verdict.

``breadth.py`` makes the calls and fills these in; ``breadth_report.py`` prints them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..preview.judge import Verdict


@dataclass(frozen=True)
class Case:
    label: str  # shown in the tables
    spec: Path
    overlay: Path | None = None
    group: str = ""  # breadth | corpus | examples


@dataclass
class MarkdownAnswer:
    """The same call asked for ``response_format: markdown`` (``--response-format markdown``),
    judged on what its text shows (``preview/judge_markdown.py``)."""

    verdict: Verdict | None = None
    tokens: int = 0  # tokens received (received.py), beside ``Call.shaped`` for JSON
    as_json: bool = False  # the server answered in compact JSON (Markdown would cost more)
    error: str | None = None
    # the renderer's Markdown for the JSON answer's first page, sent or not, and its tokens
    rendered: Verdict | None = None
    rendered_tokens: int = 0
    page_tokens: int = 0  # the JSON answer's first page (what ``rendered`` renders)


@dataclass
class Call:
    spec: str
    tool: str
    source: str  # where the example body came from ("no body" for an empty answer)
    kind: str = "GET"  # the operation's kind, else its HTTP method (kinds.py)
    method: str = "GET"
    status: int = 200  # the status the upstream answered with
    empty: bool = False  # the upstream answered with no body (a 204)
    error: str | None = None
    verdict: Verdict | None = None
    raw: int = 0
    shaped: int = 0
    fallback: bool = False  # the run-time invariants replaced the default fields
    repaired: bool = False  # the defaults were read again from the response (server warning)
    compact: int = 0  # the body as compact JSON, nothing left out
    lean: int = 0  # identity and label only (judge.leanest), compact JSON
    markdown: MarkdownAnswer | None = None  # asked again for Markdown (breadth_markdown.py)
    # what it lost, one (check, coarse class, answer form) per failed object (loss_classes.py)
    losses: list[tuple[str, str, str]] = field(default_factory=list)
    # the answer's tokens by (position, role) of the kept members (kept_roles.py), for bodies
    # of at least breadth_report.BIG_BODY tokens answered in JSON
    kept: dict[tuple[str, str], int] | None = None

    @property
    def reduction(self) -> float:
        return 1 - self.shaped / self.raw if self.raw else 0.0

    @property
    def compact_reduction(self) -> float:
        return 1 - self.compact / self.raw if self.raw else 0.0

    @property
    def lean_reduction(self) -> float:
        return 1 - self.lean / self.raw if self.raw else 0.0


@dataclass
class SpecResult:
    case: Case
    failure: str | None = None  # the description did not load (first error line)
    failure_why: str | None = None  # the loader's first diagnostic: "CODE: message"
    tools: int = 0
    skipped: Counter[str] = field(default_factory=Counter)  # why tools were not called
    by_kind: bool = False  # the operations carry the generator's kind (else: the method)
    calls: list[Call] = field(default_factory=list)
    operations: int = 0  # operations the loader served (breadth_left_out.py)
    left_out: dict[str, int] = field(default_factory=dict)  # operations skipped, by code
    caveats: dict[str, int] = field(default_factory=dict)  # served with a caveat, by code
    sampled_out: int = 0  # callable tools a sampling run left out (directory.py)
    seconds: float = 0.0  # wall time of the description (load and calls), when measured
