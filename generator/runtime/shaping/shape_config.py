"""The configuration of one tool's shaping and what shaping returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .decision import DefaultsContext
from .formats import FORMATS
from .truncate import DEFAULT_MARKER

DETAIL_LEVELS = ("concise", "detailed")
__all__ = ["DETAIL_LEVELS", "FORMATS", "ShapeConfig", "ShapedResponse"]


@dataclass(frozen=True)
class ShapeConfig:
    default_fields: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    collection_path: str | None = None
    envelope_path: str | None = None
    field_tree: dict[str, Any] | None = None
    closed_tree: bool = False  # GraphQL: the schema is exact, unknown paths are refused early
    kind: str = "read"  # what the operation does (kinds.py): read, create, generate...
    # What the defaults were decided from besides the tree (decision.py): the same inputs
    # when the server reads them again from a response.
    context: DefaultsContext = field(default_factory=DefaultsContext)
    # The default fields are the operator's (overlay ``include``): never second-guessed by
    # the run-time invariants (invariants.py), which guard the heuristic's choice only.
    operator_defaults: bool = False
    max_chars: int = 300
    max_chars_detailed: int = 4000
    truncation_marker: str = DEFAULT_MARKER
    chunk_threshold_tokens: int = 20000
    chunk_tokens: int = 15000
    encoding: str = "o200k_base"
    # Values the caller named (path arguments, output.named_scope): a default-chosen relation
    # of a list's items equal to one of them on every item says nothing new and is left out.
    known_values: frozenset[str] = frozenset()
    # The request members the call sent (normalised names, ``output.sent_names``): a list's
    # wrapper answering one back echoes the caller's own value (``payload.echoed``); None when
    # the call is not known (a preview): every member the description names counts as sent.
    sent: frozenset[str] | None = None
    # The leaf paths of the request body the call sent, with their values
    # (``output.sent_values``): an update's answer keeps them where it holds another value
    # (``sent.py``).
    sent_values: tuple[tuple[tuple[str, ...], Any], ...] = ()
    # The body's members the answer's footer or note stands for (its next page's cursor or URL
    # when ``continue`` fetches that page: covered.py), as key paths: left out.
    covered: tuple[tuple[str, ...], ...] = ()
    # The operation pages its answer (``Tool.pagination``): a list of one may be one page of
    # many (``pipeline.alone_in_list``).
    paged: bool = False

    @property
    def operator_fields(self) -> tuple[str, ...]:
        """The default fields an operator's overlay chose (none where the defaults decided)."""
        return self.default_fields if self.operator_defaults else ()


@dataclass(frozen=True)
class ShapedResponse:
    chunks: list[str]
    notes: list[str] = field(default_factory=list)
    token_counts: list[int] = field(default_factory=list)
    # Invariants the default fields broke (the result then holds the generic projection).
    violations: list[str] = field(default_factory=list)
    # Invariants the defaults chosen from the description broke and the defaults read from the
    # response itself kept (the description does not fit the response: worth fixing).
    repaired: list[str] = field(default_factory=list)
    # What each chunk carries, when a body's several lists are paged one after another
    # (``list_pages.py``: ``orphanedNodes 41-80 of 150``): said in its footer. Empty otherwise.
    labels: list[str] = field(default_factory=list)
