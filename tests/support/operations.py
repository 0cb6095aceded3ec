"""A tool of a server model's ``spec.json`` written in one line, for tests that build small
operation tables (code mode's execute and search)."""

from __future__ import annotations

from typing import Any

LISTING = {
    "collection_path": "",
    "field_tree": {"id": "integer", "name": "string", "owner": {"login": "string"}},
    "default_fields": ["id", "name", "owner.login"],
}


def op(name: str, method: str, path: str, description: str, **extra: Any) -> dict[str, Any]:
    """An HTTP operation: its path parameters required strings, ``props`` more (optional
    query) arguments, ``response`` its response (default: a listing of named, owned items)."""
    params = [p[1:-1] for p in path.split("/") if p.startswith("{")]
    props: dict[str, Any] = {p: {"type": "string"} for p in params}
    props.update(extra.pop("props", {}))
    return {
        "name": name,
        "description": description,
        "input_schema": {"type": "object", "properties": props, "required": params},
        "binding": {"kind": "http", "method": method, "path": path},
        "params": [{"arg": p, "location": "path", "wire": p, "required": True} for p in params]
        + [
            {"arg": p, "location": "query", "wire": p, "required": False}
            for p in props
            if p not in params
        ],
        "response": extra.pop("response", LISTING),
        **extra,
    }
