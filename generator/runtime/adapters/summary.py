"""The ``summary`` adapter: a flat summary built from source dot paths.

Options: ``fields`` maps an output key to a dot path in one item of the response
(``assignee: assignee.login``, ``labels: labels.name``). A path through an array collects the
values of every element (a list); a path that is missing gives ``null``. With a collection
(the tool's ``collection_path``), every item is summarised and the wrapper keeps its scalar
metadata (``has_more``, ``next_cursor``...); otherwise the whole response is one item.
"""

from __future__ import annotations

from typing import Any

_MISSING: Any = object()


def pick(value: Any, path: str) -> Any:
    """The value at a dot path; arrays on the way collect one value per element."""
    node = value
    parts = path.split(".")
    for index, part in enumerate(parts):
        if isinstance(node, list):
            rest = ".".join(parts[index:])
            found = [pick(item, rest) for item in node]
            return [f for f in found if f is not None]
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def summarise(item: Any, fields: dict[str, str]) -> dict[str, Any]:
    return {key: pick(item, path) for key, path in fields.items()}


def summary(value: Any, context: Any) -> Any:
    options = getattr(context, "options", {}) or {}
    fields = options.get("fields")
    if not isinstance(fields, dict) or not fields:
        raise ValueError("the summary adapter needs options.fields: {output_key: dot.path}")
    path = getattr(context, "collection_path", None)
    if path is None:
        return summarise(value, fields)
    if path == "":
        if not isinstance(value, list):
            raise ValueError("expected a list response")
        return [summarise(item, fields) for item in value]
    keys = path.split(".")
    return _wrap(value, keys, fields)


def _wrap(value: Any, keys: list[str], fields: dict[str, str]) -> Any:
    if not isinstance(value, dict):
        return summarise(value, fields)
    if not keys:
        if isinstance(value, list):
            return [summarise(item, fields) for item in value]
        return summarise(value, fields)
    out: dict[str, Any] = {}
    for key, sub in value.items():
        if key == keys[0]:
            if len(keys) == 1 and isinstance(sub, list):
                out[key] = [summarise(item, fields) for item in sub]
            else:
                out[key] = _wrap(sub, keys[1:], fields)
        elif not isinstance(sub, (dict, list)):
            out[key] = sub
    if keys[0] not in value:
        return summarise(value, fields)
    return out
