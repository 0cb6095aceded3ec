"""Recall, precision and tokens of one shaped result against one row of the yardstick.

Frames: the row names where its items (``list``) or its resource (``resource``) sit in the
upstream body. The same frame is looked up in the shaped result: the same path, else a
shorter tail of it (a GraphQL result drops ``data.<field>``; a connection's ``edges.node``
comes back as ``nodes``), else, for a list, the result itself when it is a list or its
largest list of objects, and for a resource the result itself.

*Recall*: the row's paths that hold a value (not null, not empty) in some item of the body
and have a kept leaf at or below them in some shaped item. *Precision*: the shaped items'
leaf paths (arrays see-through) that are, or sit below, a row path. *Their tokens*: the
body's items projected onto the row's paths (nulls and empty values left out, as compact
JSON; a list row as the list of projected items): what the reference server's default
selection of fields costs on the same body, not its exact rendering; for an acknowledgement
row (no fields) the server's fixed reply. *Our tokens*: every part the agent receives from the
generated server's call, o200k. *Selective*: a reference whose projection costs at most half
the tokens of the items as they are (``SELECTIVE``); the others return their objects nearly
whole, and their recall asks for nearly every field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ...runtime.shaping.tokens import count_tokens
from ..received import received_tokens
from ..yardstick import holds_value, is_under, leaf_paths  # the older yardstick's frame
from .classes import field_class, position
from .data import Row, at

SELECTIVE = 0.5  # a reference keeping at most this share of the items' tokens chose fields


@dataclass(frozen=True)
class Score:
    present: tuple[str, ...]  # row paths that hold a value in the body
    recalled: tuple[str, ...]
    kept: int  # distinct leaf paths in the shaped items
    precise: int
    ours: int  # tokens the agent receives
    theirs: int  # tokens of the body projected onto the row's paths
    frame_found: bool = True
    measured: bool = True  # False: an acknowledgement with no reference field (tokens only)
    whole: int = 0  # tokens of the body's items (or resource) as they are, compact JSON
    classes: tuple[str, ...] = ()  # per ``present`` path, its class (``classes.field_class``)

    @property
    def selective(self) -> bool:
        """The reference chose fields: its projection is at most ``SELECTIVE`` of the whole
        items (else it returns the objects nearly whole, and recall asks for all of them)."""
        return self.theirs <= SELECTIVE * self.whole

    @property
    def missed(self) -> tuple[str, ...]:
        return tuple(p for p in self.present if p not in self.recalled)

    @property
    def recall(self) -> float | None:
        if not self.measured:
            return None
        return len(self.recalled) / len(self.present) if self.present else 1.0

    @property
    def precision(self) -> float | None:
        if not self.measured:
            return None
        return self.precise / self.kept if self.kept else 0.0

    @property
    def ratio(self) -> float:
        return self.ours / self.theirs if self.theirs else float("inf")


def items(value: Any, row: Row) -> list[Any]:
    """The body's items (a list row) or its resource, as a list."""
    found = at(value, row.frame)
    if found is None:
        return []
    return found if isinstance(found, list) else [found]


def shaped_items(shaped: Any, row: Row) -> tuple[list[Any], bool]:
    """The shaped result's items in the row's frame, and whether the frame was found."""
    segs = [s for s in row.frame.split(".") if s]
    tails = [segs[i:] for i in range(len(segs))]
    tails += [t[:-2] + ["nodes"] for t in tails if t[-2:] == ["edges", "node"]]
    for tail in tails:
        found = at(shaped, ".".join(tail))
        if row.list is not None and isinstance(found, list):
            return found, True
        if row.list is None and isinstance(found, dict):
            return [found], True
    if row.list is None:
        return ([shaped] if isinstance(shaped, dict) else []), isinstance(shaped, dict)
    if isinstance(shaped, list):
        return shaped, True
    lists = sorted(_object_lists(shaped), key=len, reverse=True)
    return (lists[0], True) if lists else ([], False)


def _object_lists(value: Any, depth: int = 0) -> list[list[Any]]:
    if depth > 4 or not isinstance(value, dict):
        return []
    out = []
    for sub in value.values():
        if isinstance(sub, list) and any(isinstance(v, dict) for v in sub):
            out.append(sub)
        else:
            out += _object_lists(sub, depth + 1)
    return out


def select(value: Any, path: str) -> Any:
    """What a dot path selects in ``value`` (arrays see-through; None when nothing)."""
    segs = [s for s in path.split(".") if s]
    return _select(value, segs)


def _select(value: Any, segs: list[str]) -> Any:
    if not segs:
        return value
    if isinstance(value, list):
        found = [_select(v, segs) for v in value]
        found = [f for f in found if f is not None]
        return found or None
    if isinstance(value, dict) and segs[0] in value:
        return _select(value[segs[0]], segs[1:])
    return None


def project(value: Any, paths: tuple[str, ...]) -> Any:
    """``value`` reduced to ``paths`` (arrays see-through), nulls and empty values left out."""
    tree: dict[str, Any] = {}
    for path in paths:
        node = tree
        segs = [s for s in path.split(".") if s]
        for i, seg in enumerate(segs):
            if i == len(segs) - 1:
                node[seg] = True
                break
            nxt = node.get(seg)
            if nxt is True:
                break
            node = node.setdefault(seg, {})
    return _project(value, tree)


def _project(value: Any, tree: Any) -> Any:
    if tree is True:
        return value if holds_value(value) else None
    if isinstance(value, list):
        kept = [_project(v, tree) for v in value]
        kept = [k for k in kept if k is not None]
        return kept or None
    if not isinstance(value, dict):
        return None
    out = {}
    for key, sub in tree.items():
        if key in value:
            kept = _project(value[key], sub)
            if kept is not None:
                out[key] = kept
    return out or None


def compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def score(row: Row, body: Any, shaped: Any, parts: list[str]) -> Score:
    originals = items(body, row)
    results, found = shaped_items(shaped, row)
    kept = set().union(*(leaf_paths(r) for r in results)) if results else set()
    present = tuple(p for p in row.fields if holds_value(select(originals, p)))
    recalled = tuple(p for p in present if any(is_under(k, p) for k in kept))
    precise = sum(1 for k in kept if any(is_under(k, p) for p in row.fields))
    projected = [project(o, row.fields) or {} for o in originals]
    theirs = compact(projected if row.list is not None else (projected[0] if projected else {}))
    if not row.fields:  # an acknowledgement: their fixed text is what the agent gets
        theirs = row.reply
    return Score(
        classes=tuple(f"{field_class(p, select(originals, p))}, {position(p)}" for p in present),
        present=present,
        recalled=recalled,
        kept=len(kept),
        precise=precise,
        ours=received_tokens(parts),
        theirs=count_tokens(theirs),
        frame_found=found,
        measured=bool(row.fields),
        whole=count_tokens(
            compact(originals if row.list is not None else originals[0] if originals else {})
        ),
    )
