"""Which kind of operation a tool is, for the breadth benchmark's per-kind tables.

The kind is what the generator classified the operation as (``OperationSpec.kind``, recorded
in ``spec.json``: read, search, create, update, delete, generate, acknowledge). Where the
loaded operations carry no kind (a generator from before the classification), the tables
fall back to the HTTP method (GraphQL: ``query``/``mutation``), and say so: a method is not
a kind (a POST may read, a PUT may create).
"""

from __future__ import annotations

from typing import Any

KIND_ORDER = ("read", "search", "create", "update", "delete", "generate", "acknowledge")
METHOD_ORDER = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "query", "mutation")
BY_KIND = "operation kind (`kind` in spec.json)"
BY_METHOD = (
    "HTTP method (fallback: the loaded operations carry no `kind` yet, so a POST that reads "
    "and one that creates share a row)"
)


def recorded_kind(op: Any) -> str | None:
    """The generator's classification of ``op``, when this generator records one."""
    kind = getattr(op, "kind", None)
    return str(kind) if kind else None


def method_of(op: Any) -> str:
    binding = op.binding
    if binding.kind == "graphql":
        return str(binding.operation_type)
    return str(binding.method).upper()


def group_of(op: Any) -> str:
    """The row ``op`` is counted in: its kind, else its HTTP method (the fallback)."""
    return recorded_kind(op) or method_of(op)


def grouping(groups: list[str], by_kind: bool) -> tuple[str, list[str]]:
    """What the rows are (for the table's heading) and the rows in a stable order."""
    order = KIND_ORDER if by_kind else METHOD_ORDER
    rank = {name: i for i, name in enumerate(order)}
    rows = sorted(set(groups), key=lambda g: (rank.get(g, len(order)), g))
    return (BY_KIND if by_kind else BY_METHOD), rows
