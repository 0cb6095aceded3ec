"""Overlay ``annotations`` per operation: correct the tool's MCP behaviour hints.

```yaml
operations:
  mutation.issueCreate:
    annotations: {destructive: false, idempotent: false}
```

Keys: ``read_only``, ``destructive``, ``idempotent``, ``open_world`` (booleans). Only the keys
given change; the loader's values stay for the others (GraphQL: queries read-only, mutations
destructive; OpenAPI: by HTTP method, where DELETE, PUT and PATCH are destructive and a POST,
which creates, is not, unless its own name or words say it deletes, erases, purges, cancels
or revokes: loaders/operation_kind.py ``erases``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..ir.models import Annotations
from .checks import Checker

ANNOTATION_KEYS = ("read_only", "destructive", "idempotent", "open_world")


def parse_annotations(c: Checker, value: Any, ptr: str) -> tuple[tuple[str, bool], ...] | None:
    if value is None:
        return None
    entries = c.mapping(value, ptr, ANNOTATION_KEYS, "annotations")
    hints: list[tuple[str, bool]] = []
    for key in ANNOTATION_KEYS:
        if entries.get(key) is None:
            continue
        if not isinstance(entries[key], bool):
            c.type_error(f"{ptr}/{key}", "true or false", entries[key])
            continue
        hints.append((key, entries[key]))
    return tuple(hints)


def apply_annotations(current: Annotations, hints: tuple[tuple[str, bool], ...]) -> Annotations:
    return dataclasses.replace(current, **dict(hints))
