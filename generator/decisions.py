"""Default fields, decided once per operation, after the overlay.

The loaders record what the defaults are chosen from (the response's field tree and its
``DefaultsContext``: the entity, the path keys of the operation and its siblings, GraphQL's
connections and union members) and choose nothing; the overlay may change the operation's
kind or its collection. Then ``decide_operations`` calls the one decision
(``runtime/shaping/decision.py``) for every operation whose defaults the overlay did not set
(``include``), with the same inputs the generated server uses when it reads the defaults again
from a response (``spec.json`` carries the context). An operation's ``include`` is its default
selection as written; its identity is still decided, for the invariants.
"""

from __future__ import annotations

from dataclasses import replace

from .ir.models import OperationSpec, ServerSpec
from .runtime.shaping.decision import decide


def decide_operation(op: OperationSpec) -> OperationSpec:
    shape = op.response
    tree = shape.decision_tree if shape.decision_tree is not None else shape.field_tree
    decided = decide(tree, shape.context, kind=op.kind, item=shape.collection_path is not None)
    chosen = tuple(op.fields.include) if op.fields.include else decided.default_fields
    return replace(
        op,
        response=replace(shape, default_fields=chosen, identity_fields=decided.identity_fields),
    )


def decide_operations(spec: ServerSpec) -> ServerSpec:
    """Every operation's default fields and identity (module doc)."""
    return replace(spec, operations=tuple(decide_operation(op) for op in spec.operations))
