"""Frozen dataclasses of a parsed overlay (see FORMAT.md beside this file for the YAML format).

The overlay is data only: ``load.py`` builds it from YAML (checking everything that can be
checked without the API description) and ``apply.py`` applies it to a ``ServerSpec``
(checking what needs the description: operation names, resources, field paths).

Every parsed value keeps its JSON pointer inside the overlay file; ``Overlay.line_of`` maps a
pointer to its 1-based line so later diagnostics can point at the right place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..ir.models import AdapterSpec, PaginationSpec, Repository, ShapingLimits
from .filters import FilterOverlay

AuthType = Literal["bearer", "api_key", "basic"]
AuthLocation = Literal["header", "query", "cookie"]

ENCODINGS: tuple[str, ...] = ("o200k_base", "cl100k_base")

# What a server uses when neither the description nor the overlay says otherwise.
BUILTIN_LIMITS = ShapingLimits(
    max_chars=300,
    max_chars_detailed=4000,
    truncation_marker="… [{cut} more chars]",
    chunk_threshold_tokens=20000,
    chunk_tokens=15000,
    encoding="o200k_base",
    continuation_ttl=300,
)

LIMIT_KEYS: tuple[str, ...] = (
    "max_chars",
    "max_chars_detailed",
    "truncation_marker",
    "chunk_threshold_tokens",
    "chunk_tokens",
    "encoding",
    "continuation_ttl",
)


@dataclass(frozen=True)
class AuthEntry:
    """One credential declared by the overlay; ``env`` holds 1 var (2 for basic: user, password)."""

    type: AuthType
    env: tuple[str, ...]
    location: AuthLocation = "header"
    param_name: str = "Authorization"
    pointer: str = ""


@dataclass(frozen=True)
class Selection:
    """Which operations become tools: include (default: all) minus exclude."""

    include: tuple[str, ...] | None = None
    exclude: tuple[str, ...] = ()
    pointer: str = "/select"


@dataclass(frozen=True)
class ResourceOverlay:
    """Field config for every operation whose response schema is ``name``."""

    name: str
    include: tuple[str, ...] | None = None
    exclude: tuple[str, ...] | None = None
    pointer: str = ""


@dataclass(frozen=True)
class OperationOverlay:
    """Per-operation settings; ``key`` is an operationId (OperationSpec.id) or a tool name.

    ``collection`` is only meaningful when ``collection_set`` is true: ``None`` then means
    "the body is a single object", ``""`` "the body is an array".
    """

    key: str
    tool_name: str | None = None
    title: str | None = None
    description: str | None = None
    include: tuple[str, ...] | None = None
    exclude: tuple[str, ...] | None = None
    collection_set: bool = False
    collection: str | None = None
    limits: ShapingLimits = ShapingLimits()
    pointer: str = ""
    adapters: tuple[AdapterSpec, ...] | None = None  # output adapters, in order (filters.py)
    pagination: PaginationSpec | None = None  # declared/corrected paging (bigapi.py)
    annotations: tuple[tuple[str, bool], ...] | None = None  # hint overrides (annotations.py)
    kind: str | None = None  # what the operation does (runtime/shaping/kinds.py), when corrected
    scopes: tuple[tuple[str, ...], ...] | None = None  # OAuth scope alternatives (hosting.py)
    confirm: bool | None = None  # ask the user before each call (hosting.py)


@dataclass(frozen=True)
class Overlay:
    file: str = "<overlay>"
    name: str | None = None
    version: str | None = None
    title: str | None = None
    description: str | None = None
    base_url: str | None = None
    registry_name: str | None = None
    repository: Repository | None = None
    license: str | None = None  # the package's licence (SPDX expression)
    auth: tuple[AuthEntry, ...] | None = None
    defaults: ShapingLimits = ShapingLimits()
    select: Selection | None = None
    resources: tuple[ResourceOverlay, ...] = ()
    operations: tuple[OperationOverlay, ...] = ()
    filter_sets: tuple[str, ...] = ()  # names of the defined filter sets, sorted
    filters: tuple[FilterOverlay, ...] = ()  # one per (filter set, operation)
    mode: str | None = None  # per-op | meta | auto (bigapi.py)
    toolsets: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (name, select patterns), sorted
    confirm: str | None = None  # "destructive": ask before every destructive tool (hosting.py)
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def line_of(self, pointer: str) -> int | None:
        """Line of the node at ``pointer``, or of its nearest ancestor that has one."""
        current = pointer
        while True:
            if current in self.lines:
                return self.lines[current]
            if not current:
                return None
            current = current.rsplit("/", 1)[0]
