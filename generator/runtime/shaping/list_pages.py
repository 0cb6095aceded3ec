"""A body's lists in pages (``paging.page``): one list by its items, or several lists of one
item schema side by side, list after list.

A wrapper holding several lists of one item schema (``{nodes: [...], orphanedNodes: [...],
hosts: [...]}``: ``collections.py`` keeps it whole, both are what it answers) is paged along
every one of them, in the order the body has them: page 1 carries the rest of the body and the
first list's first items; each further list starts a page of its own (``{"orphanedNodes":
[...]}``, in Markdown ``**orphanedNodes** (150 items):``), so every item of every list is
reachable through ``continue``. Each page's label (``orphanedNodes 41-80 of 150``:
``ShapedResponse.labels``) goes into its footer; a note on page 1 names the lists. Lists of
other schemas stay in page 1's frame, as beside one list.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .chunking import (
    Layout,
    Packed,
    fit_skeleton,
    get_at,
    json_layout,
    markdown_layout,
    pack,
    path_only,
    without,
)
from .collections import is_meta_key
from .shape_config import ShapeConfig, ShapedResponse
from .tokens import count_tokens
from .toon_pages import toon_layout
from .trees import alike
from .truncate import dumps

SAMPLE = 50  # items read for a list's members
NAMED = 4  # lists named in the note on page 1
LABEL_MARGIN = 4  # tokens between a page's label and the rest of its footer
NAME_TOKENS = 16  # a list's name longer than this is called by its place


def list_layout(shaped: Any, path: tuple[str, ...], config: ShapeConfig, fmt: str) -> Layout:
    builders = {"json": json_layout, "toon": toon_layout}
    build = builders.get(fmt, markdown_layout)
    return build(shaped, path, config.encoding, config.truncation_marker)


def pack_list(
    shaped: Any,
    path: tuple[str, ...],
    layout: Layout,
    budget: int,
    config: ShapeConfig,
    fmt: str,
    notes: list[str],
) -> Packed:
    """The pages of the list at ``path``, page 1 in ``shaped``'s frame (trimmed to half a page
    when it is bigger, with a note saying what was trimmed)."""
    encoding = config.encoding
    if fmt == "markdown" and count_tokens(layout.rest_prefix, encoding) > budget // 3:
        layout = markdown_layout(shaped, path, encoding, config.truncation_marker, False)
    skeleton = fit_skeleton(shaped, path, budget, encoding, config.truncation_marker)
    if skeleton is not None and layout.reframe is not None:
        prefix, suffix = layout.reframe(skeleton)
        layout = replace(layout, first_prefix=prefix, first_suffix=suffix)
        notes.append(trimmed_note(shaped, path))
    return pack(layout, budget, encoding)


def trimmed_note(shaped: Any, path: tuple[str, ...]) -> str:
    """What page 1's trimmed frame lost: metadata, or members (lists among them) that are not."""
    beside = get_at(without(shaped, path), path[:-1])  # what sits beside it in its parent
    lists = sum(
        isinstance(v, list) and bool(v) and not is_meta_key(k)
        for k, v in (beside.items() if isinstance(beside, dict) else ())
    )
    if not lists:
        return "[metadata around the list was trimmed to fit the first page]"
    return f"[the members beside the list, {lists} list(s) among them, were trimmed to fit the first page]"


def _members(items: list[Any]) -> dict[str, None]:
    """The members of a list's items (the first ``SAMPLE``), empty unless they are objects."""
    found: dict[str, None] = {}
    for item in items[:SAMPLE]:
        if not isinstance(item, dict):
            return {}
        found.update(dict.fromkeys(item))
    return found


def sibling_lists(shaped: Any, largest: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The paths of the non-empty lists beside the list at ``largest`` whose items are of its
    schema (``trees.alike``), it included, in the body's order; empty when it has none."""
    parent = get_at(shaped, largest[:-1])
    if not largest or not isinstance(parent, dict):
        return []
    schema = _members(parent[largest[-1]])
    found = [
        (*largest[:-1], key)
        for key, value in parent.items()
        if isinstance(value, list)
        and value
        and not is_meta_key(key)
        and alike(_members(value), schema)
    ]
    return found if len(found) > 1 else []


def dominant_lists(shaped: Any, paths: list[tuple[str, ...]]) -> bool:
    """Whether the lists together are at least half of the body (else it is paged by its
    members: paging small lists would leave the rest of the body to be trimmed)."""
    return sum(len(dumps(get_at(shaped, p))) for p in paths) * 2 >= len(dumps(shaped))


def name_of(path: tuple[str, ...], n: int, encoding: str) -> str:
    """The list at ``path`` as a page's label and the note name it: its dotted path, or
    ``list N`` when that is too long for a footer (as a Markdown page's label is)."""
    name = ".".join(path)
    return name if count_tokens(name, encoding) <= NAME_TOKENS else f"list {n + 1}"


def paged_lists(
    shaped: Any,
    paths: list[tuple[str, ...]],
    budget: int,
    config: ShapeConfig,
    fmt: str,
    notes: list[str],
    floor: int,
) -> ShapedResponse:
    """``shaped`` in pages of the lists at ``paths``, one list after another (module doc);
    ``budget``: a page's tokens, ``floor``: the least a page is given."""
    encoding = config.encoding
    names = [name_of(p, n, encoding) for n, p in enumerate(paths)]
    sizes = [len(get_at(shaped, p)) for p in paths]
    listed = ", ".join(f"{n} ({s})" for n, s in zip(names[:NAMED], sizes))
    more = f" and {len(paths) - NAMED} more" if len(paths) > NAMED else ""
    note = f"[{len(paths)} lists of one kind come in pages, one list after another: {listed}{more}]"
    notes.append(note)
    label_tokens = max(count_tokens(f"{n} {s}-{s} of {s}", encoding) for n, s in zip(names, sizes))
    budget = max(budget - label_tokens - LABEL_MARGIN - count_tokens(note, encoding), floor)
    frame = shaped
    for path in paths[1:]:
        frame = without(frame, path)  # not yet on a page: left out, not shown empty
    chunks: list[str] = []
    tokens: list[int] = []
    labels: list[str] = []
    trimmed = 0
    for n, path in enumerate(paths):
        value = frame if n == 0 else path_only(path, get_at(shaped, path))
        layout = list_layout(value, path, config, fmt)
        packed = pack_list(value, path, layout, budget, config, fmt, notes)
        chunks += packed.chunks
        tokens += packed.tokens
        trimmed += packed.trimmed_parts
        start = 0
        for end in packed.ends:
            labels.append(f"{names[n]} {start + 1}-{end} of {sizes[n]}")
            start = end
    if trimmed:
        notes.append(f"[{trimmed} item(s) too large for one page were trimmed]")
    return ShapedResponse(chunks, notes, tokens, labels=labels)
