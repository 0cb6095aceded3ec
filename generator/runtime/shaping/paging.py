"""Rendering and paging: a rendering over ``chunk_threshold_tokens`` is split into pages of at
most ``chunk_tokens - footer_reserve`` tokens, counted exactly: a list by its items, an object
by the items of its largest list when that list is at least half of it (by the items of each
of its lists of that item schema in turn when it has several: ``list_pages.py``), else by its
members (``chunking.object_path``); only a scalar is trimmed. Page 1 carries the notes too, so
its budget reserves room for them (notes long enough to crowd out a minimum page are
shortened, the longest first). ``capped`` keeps one page under a cap instead (the
``token_cap`` adapter).
"""

from __future__ import annotations

from typing import Any

from .chunking import (
    get_at,
    json_object_layout,
    largest_array_path,
    markdown_object_layout,
    object_path,
    pack,
)
from .formats import render
from .list_pages import dominant_lists, list_layout, pack_list, paged_lists, sibling_lists
from .shape_config import ShapeConfig, ShapedResponse
from .tokens import count_tokens
from .toon_pages import toon_object_layout
from .truncate import cut_index, dumps, trim_to_budget

MIN_PAGE_TOKENS = 100

NOTES_MARGIN = 40
NOTE_HEAD = 24  # characters of a note that are never cut (what happened)


def over_threshold(
    text: str, threshold: int, encoding: str, estimate: float | None = None
) -> tuple[bool, int | None]:
    """Whether ``text`` is over ``threshold`` tokens, with the exact count when it was needed.

    A text of at most ``threshold`` UTF-8 bytes cannot be over (a token is >= 1 byte). A text
    whose sampled estimate (``estimate`` when the caller has one) is over twice the threshold
    is treated as over without counting.
    """
    if len(text) > threshold * 2:
        if estimate is None:
            third = min(len(text) // 3, 4000)
            mid = len(text) // 2
            sample = text[:third] + text[mid : mid + third] + text[-third:]
            estimate = count_tokens(sample, encoding) / max(len(sample), 1) * len(text)
        if estimate > threshold * 2:
            return True, None
    if len(text.encode("utf-8")) <= threshold:
        return False, count_tokens(text, encoding)
    tokens = count_tokens(text, encoding)
    return tokens > threshold, tokens


def fit_notes(notes: list[str], limit: int, encoding: str) -> None:
    """Shorten ``notes`` in place (the longest first, each cut at a character boundary and
    closed with ``…]``) until they take at most ``limit`` tokens, so that they never crowd out
    the minimum page. Each note keeps its beginning, which says what happened; nothing is cut
    when there is no room at all (the page budget is then raised to the minimum instead)."""
    if limit <= 0 or not notes:
        return
    while count_tokens(" ".join(notes), encoding) > limit:
        longest = max(range(len(notes)), key=lambda n: len(notes[n]))
        text = notes[longest]
        short = text[: cut_index(text, max(NOTE_HEAD, len(text) * 2 // 3))].rstrip() + "…]"
        if len(short) >= len(text):
            return  # every note is down to its beginning: they are what they are
        notes[longest] = short


def page(
    shaped: Any,
    path: tuple[str, ...] | None,
    config: ShapeConfig,
    response_format: str,
    footer_reserve_tokens: int,
    notes: list[str],
) -> ShapedResponse:
    encoding = config.encoding
    threshold = config.chunk_threshold_tokens
    if path is None and isinstance(shaped, list):
        path = ()
    layout = None
    if path is not None and get_at(shaped, path):
        layout = list_layout(shaped, path, config, response_format)
    # A list clearly over the threshold is paged from its parts: its whole text is never built.
    # The estimate is made once, from the parts (the same gate as over_threshold's own).
    estimate = None
    if layout is not None and layout.chars() > threshold * 2:
        estimate = layout.estimated_tokens(encoding)
    if estimate is None or estimate <= threshold * 2:
        text = layout.full_text() if layout is not None else render(shaped, response_format)
        over, tokens = over_threshold(text, threshold, encoding, estimate)
        if not over:
            assert tokens is not None
            return ShapedResponse([text], notes, [tokens])
        del text  # the pages are built from the parts; do not hold the whole text meanwhile
    # Page 1 also carries the notes: reserve what they take now, plus room for the notes
    # paging itself may add, so every page with its notes and footer stays in budget.
    room = config.chunk_tokens - footer_reserve_tokens - NOTES_MARGIN
    fit_notes(notes, room - MIN_PAGE_TOKENS, encoding)
    budget = room - (count_tokens(" ".join(notes), encoding) if notes else 0)
    if budget < MIN_PAGE_TOKENS:
        notes.append(f"[page budget raised to the minimum of {MIN_PAGE_TOKENS} tokens]")
        budget = MIN_PAGE_TOKENS
    if layout is None and isinstance(shaped, dict):
        path = largest_array_path(shaped)
        siblings = sibling_lists(shaped, path) if path is not None else []
        if siblings and dominant_lists(shaped, siblings):  # list after list (list_pages.py)
            return paged_lists(
                shaped, siblings, budget, config, response_format, notes, MIN_PAGE_TOKENS
            )
        if path is not None and dominant_lists(shaped, [path]):  # else paged by its members
            layout = list_layout(shaped, path, config, response_format)
        elif shaped:  # a big object: paged by its members, like a list by its items
            return paged_object(shaped, budget, config, response_format, notes)
    if layout is None or path is None:
        return trimmed_single(shaped, budget, config, response_format, notes)
    packed = pack_list(shaped, path, layout, budget, config, response_format, notes)
    if packed.trimmed_parts:
        notes.append(f"[{packed.trimmed_parts} item(s) too large for one page were trimmed]")
    return ShapedResponse(packed.chunks, notes, packed.tokens)


def capped(
    shaped: Any,
    path: tuple[str, ...] | None,
    config: ShapeConfig,
    response_format: str,
    notes: list[str],
    max_tokens: int,
) -> ShapedResponse:
    """One page within ``max_tokens`` counted on the text sent (Markdown is usually bigger
    than the JSON a cap was computed on), the notes included."""
    encoding = config.encoding
    if path is None and isinstance(shaped, list):
        path = ()
    if path is not None and get_at(shaped, path):
        text = list_layout(shaped, path, config, response_format).full_text()
    else:
        text = render(shaped, response_format)
    tokens = count_tokens(text, encoding)
    reserve = count_tokens(" ".join(notes), encoding) if notes else 0
    if tokens + reserve <= max_tokens:
        return ShapedResponse([text], notes, [tokens])
    budget = max(max_tokens - reserve - NOTES_MARGIN, 16)
    return trimmed_single(shaped, budget, config, response_format, notes)


def paged_object(
    shaped: dict[str, Any], budget: int, config: ShapeConfig, fmt: str, notes: list[str]
) -> ShapedResponse:
    """A big object in pages of its members (at ``object_path``): each page a valid JSON
    object (or Markdown ``- **key**:`` blocks), served by ``continue`` like list pages."""
    encoding = config.encoding
    path = object_path(shaped, budget, encoding)
    builders = {"json": json_object_layout, "toon": toon_object_layout}
    build = builders.get(fmt, markdown_object_layout)
    layout = build(shaped, path, encoding, config.truncation_marker)
    members = len(layout.parts)
    packed = pack(layout, budget, encoding)
    if len(packed.chunks) > 1:
        where = f" of {'.'.join(path)}" if path else ""
        notes.append(f"[a big object: its {members} members{where} come in pages]")
    if packed.trimmed_parts:
        notes.append(f"[{packed.trimmed_parts} member(s) too large for one page were trimmed]")
    return ShapedResponse(packed.chunks, notes, packed.tokens)


def trimmed_single(
    shaped: Any, budget: int, config: ShapeConfig, response_format: str, notes: list[str]
) -> ShapedResponse:
    encoding = config.encoding
    json_budget = budget
    for _ in range(8):
        trimmed, trim_notes = trim_to_budget(
            shaped, json_budget, encoding, config.truncation_marker
        )
        text = render(trimmed, response_format)
        tokens = count_tokens(text, encoding)
        if tokens <= budget or json_budget <= 16:
            break
        json_budget = max(json_budget * budget // max(tokens, 1) - 8, 16)
    if tokens > budget and response_format == "markdown":
        # Markdown indents every level: a deep value may not fit however it is trimmed.
        # Its JSON, trimmed to the page, in a fenced block is Markdown that does.
        trimmed, trim_notes = trim_to_budget(
            shaped, max(budget - 8, 16), encoding, config.truncation_marker
        )
        text = f"```json\n{dumps(trimmed)}\n```"
        tokens = count_tokens(text, encoding)
    notes.extend(f"[{n}]" for n in trim_notes)
    return ShapedResponse([text], notes, [tokens])
