"""The second reading: when the default fields chosen from the description break a run-time
invariant (``invariants.py``), the response is not what the description said (members it
lacks, nulls where it promised objects, another variant of a union, another wrapper), and the
defaults are read from the response itself, for the body or for each list item that lost
something, by the same decision and context the generator used (``decision.py``). The trees
read from the response see maps keyed by data (ids, file names: ``trees.keyed_by_data``) as
the description's trees do, ``{"*": entry}``, so such a map is shaped entry by entry; an
entry the defaults empty keeps its key (data: an id, a file name) with its own defaults
(``cleanup.with_emptied_entries``).
"""

from __future__ import annotations

from typing import Any

from .chunking import get_at, set_at
from .collections import find_payload_in_value
from .cleanup import prune_empty, with_emptied_entries
from .decision import DefaultsContext, decide_fields
from .fields import exclude, project
from .invariants import check_invariants, soft_lost
from .payload import Target, apply_select, asked_of
from .series import answered_series, with_series
from .columns import with_headers
from .shape_config import ShapeConfig
from .trees import chosen_maps, field_tree_from_value
from .truncate import dumps

NONE_READ = object()  # a second reading that gave no defaults (``reread``)


def defaults_read_from_response(
    value: Any, target: Any, where: Target, shaped: Any, config: ShapeConfig, excluded: list[str]
) -> Any:
    """Second reading when the default fields chosen from the description break an invariant
    (the response has members the description lacks, nulls where it promised objects, another
    variant of a union, a different wrapper): the defaults chosen from the response itself, for
    the body, or for each list item that lost something (items of one shape share them), with
    the series the answer is made of (``series.py``) and its tables' columns (``columns.py``)."""

    def select(item: Any, fields: tuple[str, ...], tree: Any = None) -> Any:
        picked = project(item, with_headers(with_series(list(fields), series), item, False))
        picked = prune_empty(exclude(picked, excluded) if excluded else picked)
        maps = chosen_maps(tree, fields) if tree is not None else []
        return with_emptied_entries(item, picked, maps, own)  # a map's keys are data

    def own(entry: Any) -> Any:
        """An entry of a map read on its own: its own defaults."""
        tree = field_tree_from_value(entry, maps=True)
        fields = decide_fields(tree, DefaultsContext(), kind=config.kind, item=True)
        return prune_empty(project(entry, list(fields))) if fields else {}

    series: tuple[str, ...] = ()  # the series the answer is made of (series.py)

    def reread(node: Any, at: Target, item: bool) -> Any:
        """``node`` (the list, ``item``: by its items; else the body or its envelope) with the
        defaults and series read from it, selected; ``NONE_READ`` when it gives no defaults."""
        nonlocal series
        tree = field_tree_from_value(node[:200] if item else node, maps=True)
        context = config.context.listed_at(at.path) if item else config.context
        fields = decide_fields(tree, context, kind=config.kind, item=item)
        series = answered_series(node, item, config.kind)
        if not fields:
            return NONE_READ
        return apply_select(
            value,
            node,
            at,
            lambda i: select(i, fields, tree),
            False,
            subjects=item,  # the resource beside the list: its identity, label and state
            asked=asked_of(config.context.asked, config.sent),
            own=config.context.own,
        )

    if where.kind != "list":
        found = where.found  # the pipeline read it once, with the context's keys
        if found is None:
            found = find_payload_in_value(value, config.context.keys)
        items = get_at(value, found.collection) if found.collection is not None else None
        if isinstance(items, list):  # described as one object, it sent a list: shown by item
            listed = Target(found.collection, "list", configured=False, found=found)
            by_item = reread(items, listed, True)
            if by_item is not NONE_READ:
                return by_item
        body = reread(target, where, False)
        body = shaped if body is NONE_READ else body
        inner = get_at(value, found.envelope) if found.envelope is not None else None
        if where.path is not None or not isinstance(inner, dict):
            return body
        if not check_invariants(value, body, None, where.kind, found):
            return body
        # described as the resource, it sent the resource in an envelope (``{success, data:
        # {thing: {...}}}``): read through it, the envelope's metadata as a wrapper's
        enveloped = Target(found.envelope, "envelope", configured=False, found=found)
        through = reread(inner, enveloped, False)
        return body if through is NONE_READ else through
    path = where.path or ()
    kept = get_at(shaped, path)
    if not isinstance(target, list) or not isinstance(kept, list) or len(kept) != len(target):
        return shaped
    chosen: dict[str, tuple[str, ...]] = {}
    series = answered_series(target, True, config.kind)
    out = list(kept)
    for i, (raw, item) in enumerate(zip(target, kept)):
        if not isinstance(raw, dict) or not (
            check_invariants([raw], [item], (), "list")
            or soft_lost([raw], [item], (), "list", keys=config.context.keys)
        ):
            continue
        tree = field_tree_from_value(raw, maps=True)
        key = dumps(tree)
        if key not in chosen:
            chosen[key] = decide_fields(
                tree, config.context.listed_at(path), kind=config.kind, item=True
            )
        if chosen[key]:
            out[i] = select(raw, chosen[key], tree)
    return set_at(shaped, path, out) if path else out
