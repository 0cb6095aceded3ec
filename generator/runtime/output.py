"""Filters and adapters around the shaping pipeline: what one tool call returns.

Order (mcpforge's generator/runtime/RUNTIME.md, "Output filters and adapters", says why):

1. **filter** of the chosen filter set, on the parsed upstream JSON (retain, then patches, in
   the first branch whose tests pass). When no branch matches or a patch fails, the response
   gets the *default shaping* (the tool's concise default fields, whatever ``fields`` and
   ``detail_level`` asked) with a note: never the raw payload.
2. **adapters**, unless the call passes ``fields`` (an explicit field selection asks for the
   API's own JSON). A text result is paged as text; a JSON result goes on to step 3 with every
   field kept. A missing or failing adapter gives a note and the default shaping of the
   (filtered) value.
3. **shaping**: ``fields`` selection -> truncation -> rendering -> chunking (pipeline.py).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from typing import Any

from .adapters import AdapterContext, AdapterError, AdapterRef, refs_from_json, run_adapters
from .filters import Branch, apply_filter, branches_from_json
from .model import Tool
from .shaping.decision import DefaultsContext
from .shaping.names import norm
from .shaping.payload import project_payload
from .shaping.pipeline import ShapeConfig, ShapedResponse, shape, shape_text
from .shaping.truncate import truncate_strings


@dataclass(frozen=True)
class OutputPlan:
    """The parsed filter (for the chosen set) and adapters of one tool."""

    branches: tuple[Branch, ...] = ()
    adapters: tuple[AdapterRef, ...] = ()


def shape_config_for(tool: Tool) -> ShapeConfig:
    """The shaping configuration of one tool: its response defaults and its limits."""
    limits = tool.limits
    return ShapeConfig(
        default_fields=tool.response.default_fields,
        exclude=tool.response.exclude,
        collection_path=tool.response.collection_path,
        envelope_path=tool.response.envelope_path,
        field_tree=tool.response.field_tree,
        closed_tree=tool.binding.kind == "graphql",
        operator_defaults=tool.response.operator_defaults,
        kind=tool.kind,
        paged=tool.pagination is not None,
        context=DefaultsContext.from_json(tool.response.context),
        max_chars=limits.max_chars,
        max_chars_detailed=limits.max_chars_detailed,
        truncation_marker=limits.truncation_marker,
        chunk_threshold_tokens=limits.chunk_threshold_tokens,
        chunk_tokens=limits.chunk_tokens,
        encoding=limits.encoding,
    )


def named_scope(tool: Tool, args: dict[str, Any]) -> frozenset[str]:
    """The values the caller named in the path (``owner``, ``repo``) and each pair of
    consecutive ones joined by ``/`` (``octocat/hello``): a list item's relation equal to one of
    them repeats what the caller said (``ShapeConfig.known_values``)."""
    values = [
        str(args[p.arg])
        for p in tool.params
        if p.location == "path"
        and isinstance(args.get(p.arg), (str, int))
        and not isinstance(args.get(p.arg), bool)
    ]
    pairs = [f"{a}/{b}" for a, b in zip(values, values[1:])]
    return frozenset(v for v in values + pairs if v)


def sent_names(tool: Tool, args: dict[str, Any]) -> frozenset[str]:
    """The normalised names of the request members the call sends (its query and body
    arguments given a value; a whole body's top members): ``ShapeConfig.sent``."""
    names: set[str] = set()
    for p in tool.params:
        value = args.get(p.arg)
        if value is None:
            continue
        if p.location in ("query", "body"):
            names.add(norm(p.wire))
        elif p.location == "body_whole" and isinstance(value, dict):
            names.update(norm(str(k)) for k in value)
    return frozenset(names)


def sent_values(tool: Tool, args: dict[str, Any]) -> tuple[tuple[tuple[str, ...], Any], ...]:
    """The leaf paths of the request body the call sends (wire names; an object's members
    walked, a list ends its path), each with its value: ``ShapeConfig.sent_values``, which
    only a create's and an update's answers read (``shaping/sent.py``): none for other calls."""
    if tool.kind not in ("create", "update"):
        return ()
    found: list[tuple[tuple[str, ...], Any]] = []

    def walk(prefix: tuple[str, ...], value: Any) -> None:
        if isinstance(value, dict) and value:
            for key, sub in value.items():
                walk((*prefix, str(key)), sub)
        elif prefix and value is not None:
            found.append((prefix, value))

    for p in tool.params:
        value = args.get(p.arg)
        if value is None:
            continue
        if p.location == "body":
            walk((p.wire,), value)
        elif p.location == "body_whole" and isinstance(value, dict):
            walk((), value)
    return tuple(found)


def plan_for(tool: Tool, filter_set: str | None) -> OutputPlan:
    """Parsed once per tool and set, kept on the (frozen) tool object."""
    plans: dict[str, OutputPlan] = tool.__dict__.setdefault("_output_plans", {})
    plan = plans.get(filter_set or "")
    if plan is None:
        data = tool.filters.get(filter_set) if filter_set else None
        plan = OutputPlan(
            branches=branches_from_json(data) if data else (),
            adapters=refs_from_json(tool.adapters),
        )
        plans[filter_set or ""] = plan
    return plan


def shape_output(
    value: Any,
    tool: Tool,
    config: ShapeConfig,
    *,
    fields: list[str] | None = None,
    detail_level: str = "concise",
    response_format: str = "json",
    filter_set: str | None = None,
    preselected: list[str] | None = None,
    default_paths: tuple[str, ...] | None = None,
) -> ShapedResponse:
    """Filter, adapt and shape one parsed JSON response (see the module doc).

    ``preselected``: the upstream already returned the selection (a GraphQL document compiled
    from these paths, ``["*"]`` = everything), so shaping keeps every field it finds instead
    of projecting again; when that selection is the tool's default one (no ``fields``, concise)
    the answer is shaped exactly as the defaults are (previews cut, nulls left out, the
    invariants checked). Under a filter the document also selected what the filter reads
    (``filters.pointers_read``): once the filter applied, the result is projected back to
    these paths, so a guard the agent did not ask for is not shown. ``default_paths``: the
    leaves of the tool's default selection, which such a document also fetched (a filter that
    does not apply then shows exactly what the default selection shows).

    A filter that does not apply gives exactly the tool's default concise shaping (what the
    tool returns with no filter set and no ``fields``: its default fields and ``exclude``, the
    run-time invariants included), whatever ``fields``, ``detail_level`` or ``preselected``
    say, with a note.
    """
    plan = plan_for(tool, filter_set)
    notes: list[str] = []
    cap: int | None = None
    everything: list[str] | None = None
    if preselected is not None:
        everything = preselected if plan.branches else ["*"]
        if fields is None and detail_level == "concise" and not plan.branches:
            # the upstream sent the tool's default selection: shaped exactly as the defaults
            # are (the projection keeps all of it; previews cut, invariants checked)
            everything = None
    if plan.branches:
        outcome = apply_filter(value, plan.branches)
        if not outcome.applied:
            notes.append(
                f"[filter set {filter_set!r} did not apply ({outcome.note}); "
                "default fields shown]"
            )
            # The operator's policy did not apply: exactly what the tool returns by default
            # with no filter set (concise default fields, the tool's ``exclude``), whatever
            # ``fields`` and ``detail_level`` asked; never the raw payload.
            if default_paths is not None:  # GraphQL: the default selection, fetched along
                picked = project_payload(value, config, list(default_paths))
                fallback = shape(picked, config, response_format=response_format)
            else:
                default = replace(config, exclude=tool.response.exclude)
                fallback = shape(value, default, response_format=response_format)
            return _with_notes(fallback, notes)
        value = outcome.value
    if plan.adapters and fields is None:
        context = AdapterContext(
            tool_name=tool.name,
            detail_level=detail_level,
            response_format=response_format,
            collection_path=config.collection_path,
            encoding=config.encoding,
            truncation_marker=config.truncation_marker,
        )
        # Adapters may encode or count what they get: give them a value any encoder takes
        # (no lone surrogates, no unprintable integers, bounded depth; strings kept whole).
        value = truncate_strings(value, sys.maxsize)[0]
        try:
            adapted = run_adapters(value, plan.adapters, context)
        except AdapterError as exc:
            notes.append(f"[{exc}; default shaping used]")
            cap = token_cap_of(plan.adapters)  # the cap still holds on the default shaping
        else:
            if isinstance(adapted, str):
                return _with_notes(shape_text(adapted, config), notes)
            free = replace(config, field_tree=None, default_fields=(), exclude=())
            return _with_notes(
                shape(
                    adapted,
                    free,
                    fields=["*"],
                    detail_level=detail_level,
                    response_format=response_format,
                    max_tokens=token_cap_of(plan.adapters),
                ),
                notes,
            )
    shaped = shape(
        value,
        config,
        fields=everything or fields,
        detail_level=detail_level,
        response_format=response_format,
        max_tokens=cap,
    )
    return _with_notes(shaped, notes)


def token_cap_of(adapters: tuple[AdapterRef, ...]) -> int | None:
    """The ``max_tokens`` of the last ``token_cap`` adapter: the adapter caps the JSON, and
    shaping holds the cap again on what is sent (Markdown renders bigger than JSON)."""
    for ref in reversed(adapters):
        cap = ref.options.get("max_tokens") if ref.name == "token_cap" else None
        if isinstance(cap, int) and not isinstance(cap, bool) and cap > 0:
            return cap
    return None


def _with_notes(shaped: ShapedResponse, notes: list[str]) -> ShapedResponse:
    if not notes:
        return shaped
    return replace(shaped, notes=notes + list(shaped.notes))
