"""The local upstream's answer to a GraphQL document: the body projected onto what it selects.

A GraphQL server returns exactly the fields a query selects, so a generated server's default
selection decides what comes back. The practitioners' benchmark serves one full body per row
(the value of the root field) and answers each document with that body projected onto the
document's selection: aliases name the keys, lists are walked item by item, inline fragments
and fragment spreads apply when the object's ``__typename`` matches their type condition (or
the object has no ``__typename``), and a selected field the body does not have is left out.
Arguments are ignored: the body is the answer whatever the arguments say.
"""

from __future__ import annotations

import json
from typing import Any

from graphql import (
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
    parse,
)


def answer(request_body: bytes, value: Any) -> dict[str, Any]:
    """``{"data": {<root key>: <value as selected>}}`` for one POSTed ``{"query", ...}``."""
    document = parse(json.loads(request_body)["query"])
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    operation = next(d for d in document.definitions if isinstance(d, OperationDefinitionNode))
    data: dict[str, Any] = {}
    for root in operation.selection_set.selections:
        if isinstance(root, FieldNode):
            key = root.alias.value if root.alias else root.name.value
            data[key] = _select(value, root.selection_set, fragments)
    return {"data": data}


def _select(value: Any, selection: SelectionSetNode | None, fragments: dict[str, Any]) -> Any:
    if selection is None or value is None:
        return value
    if isinstance(value, list):
        return [_select(item, selection, fragments) for item in value]
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for node in selection.selections:
        if isinstance(node, FieldNode):
            name = node.name.value
            if name in value:
                key = node.alias.value if node.alias else name
                out[key] = _select(value[name], node.selection_set, fragments)
            continue
        if isinstance(node, FragmentSpreadNode):
            fragment = fragments.get(node.name.value)
            condition = fragment.type_condition if fragment is not None else None
            inner = fragment.selection_set if fragment is not None else None
        elif isinstance(node, InlineFragmentNode):
            condition, inner = node.type_condition, node.selection_set
        else:
            continue
        typename = value.get("__typename")
        if inner is None or (condition and typename and typename != condition.name.value):
            continue
        out.update(_select(value, inner, fragments))
    return out
