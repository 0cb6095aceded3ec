"""Adapters: turn a response (after filters) into a better form for an agent.

An adapter is a callable ``adapter(value, context) -> str | JSON value``: a ``str`` result is
text (Markdown) that is paged as text; any other result is JSON that goes on through the
shaping pipeline (truncation, rendering, chunking). Adapters of one tool run in order, each
on the previous one's output.

Names are resolved in this order: a built-in (``BUILTINS``), ``module:callable`` (imported
from the server's Python path, so user code outside the generated package survives
regeneration), or an entry point of the group ``mcpforge.adapters``. A missing or failing
adapter raises ``AdapterError`` with a message an operator can act on.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, replace
from importlib import metadata
from typing import Any, Callable

from .capper import token_cap
from .notion import notion_markdown
from .summary import summary

ENTRY_POINT_GROUP = "mcpforge.adapters"
Adapter = Callable[[Any, "AdapterContext"], Any]
BUILTINS: dict[str, Adapter] = {
    "notion_markdown": notion_markdown,
    "summary": summary,
    "token_cap": token_cap,
}


@dataclass(frozen=True)
class AdapterContext:
    """What an adapter may know besides the value: its options and the call's controls."""

    options: dict[str, Any] = field(default_factory=dict)
    tool_name: str = ""
    detail_level: str = "concise"
    response_format: str = "json"
    collection_path: str | None = None
    encoding: str = "o200k_base"
    truncation_marker: str = "… [{cut} more chars]"


@dataclass(frozen=True)
class AdapterRef:
    name: str
    options: dict[str, Any] = field(default_factory=dict)


class AdapterError(Exception):
    """An adapter that cannot be found or that failed; ``str(exc)`` says which and why."""


_CACHE: dict[str, Adapter] = {}


def refs_from_json(data: Any) -> tuple[AdapterRef, ...]:
    return tuple(AdapterRef(d["name"], dict(d.get("options") or {})) for d in data or ())


def resolve_adapter(name: str) -> Adapter:
    """The callable named ``name`` (cached); AdapterError when it cannot be found."""
    if name in BUILTINS:
        return BUILTINS[name]
    if name in _CACHE:
        return _CACHE[name]
    if ":" in name:
        module_name, _, attr = name.partition(":")
        try:
            target: Any = importlib.import_module(module_name)
        except Exception as exc:  # an import error inside user code is a failing adapter too
            raise AdapterError(
                f"adapter {name!r}: cannot import module {module_name!r} "
                f"({type(exc).__name__}: {exc}); install it or put it on PYTHONPATH"
            ) from exc
        for part in attr.split("."):
            target = getattr(target, part, None)
            if target is None:
                raise AdapterError(f"adapter {name!r}: module {module_name!r} has no {attr!r}")
    else:
        found = sorted(
            (ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP) if ep.name == name),
            key=lambda ep: ep.value,
        )
        if not found:
            raise AdapterError(
                f"adapter {name!r} is not built in ({', '.join(sorted(BUILTINS))}) and no "
                f"installed package declares it in the entry-point group {ENTRY_POINT_GROUP!r}"
            )
        try:
            target = found[0].load()
        except Exception as exc:
            raise AdapterError(
                f"adapter {name!r}: entry point {found[0].value!r} failed to load "
                f"({type(exc).__name__}: {exc})"
            ) from exc
    if not callable(target):
        raise AdapterError(f"adapter {name!r} is not callable")
    adapter: Adapter = target  # a callable: the adapter contract is its documented signature
    _CACHE[name] = adapter
    return adapter


def run_adapters(value: Any, refs: tuple[AdapterRef, ...], context: AdapterContext) -> Any:
    """Run ``refs`` in order; AdapterError names the adapter that is missing or failed."""
    for ref in refs:
        adapter = resolve_adapter(ref.name)
        ctx = replace(context, options=ref.options)
        try:
            value = adapter(value, ctx)
        except Exception as exc:
            raise AdapterError(
                f"adapter {ref.name!r} failed: {type(exc).__name__}: {str(exc)[:200]}"
            ) from exc
    return value
