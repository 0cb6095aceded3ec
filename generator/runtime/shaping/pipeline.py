"""The one entry point a generated server calls: ``shape(value, config, ...)``.

Order: select fields -> truncate strings -> render (json|markdown) -> if the rendering is over
``chunk_threshold_tokens``, split it into pages of at most ``chunk_tokens - footer_reserve``:
a list by its items, an object by the items of its largest list when that list is at least
half of it, else by its members (``chunking.object_path``); only a scalar is trimmed.

Field selection: explicit ``fields`` win (``["*"]`` = everything); otherwise ``concise`` uses
the configured defaults (or the heuristic of ``defaults.py``) and ``detailed`` keeps every
field with longer strings. ``exclude`` paths are hidden unless ``fields`` names them (or a path
below them). When the spec does not describe the body (no field tree, no defaults) the
collection is the list the response shows (``defaults.guess_collection_path``), so an
undocumented list response is still shaped item by item and never reduced to its wrapper.
With a collection, paths are relative to an item; the wrapper's metadata is kept:
all of it when everything is selected, else its scalars and small flat objects (``has_more``,
``next_cursor``, ``total_count``, GraphQL ``pageInfo``) except request ids (``DIAGNOSTIC_KEYS``),
discriminators (``object: "list"``, ``kind``) and links (``url``, ``nextLink``, ``links``, a
link inside a small object: the ``continue`` tool follows the pages).
Concise output with the default fields also leaves out members that are null or empty
(``None``, ``""``, ``[]``, ``{}``) and flags that are only news when true (``archived``,
``in_trash``, ``locked``... when false): they cost tokens and say nothing; ask with ``fields``
to see them. An item's own identity members are kept even when null. Page 1 carries the notes too, so its budget reserves room for them.

The default fields are checked by the run-time invariants (``invariants.py``). When the ones
chosen from the description break one, the response is not what the description said (members
it lacks, nulls where it promised objects, another variant of a union, another wrapper): the
defaults are read from the response itself, for the body or for each list item that lost
something (``ShapedResponse.repaired`` says so, and ``mcpforge preview --check`` flags it).
Only when those break an invariant too is the generic projection shown, with a note.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from typing import Any

from .tokens import count_tokens
from .chunking import (
    Layout, fit_skeleton, get_at, json_layout, json_object_layout, largest_array_path,
    markdown_layout, markdown_object_layout, object_path, pack, set_at, text_layout,
)  # fmt: skip
from .collections import Payload, find_payload_in_value
from .defaults import choose_default_fields, is_alarm_flag, is_kind, is_url
from .fields import check_paths, exclude, matches, parse_path, project, selects_everything
from .invariants import check_invariants, generic_projection
from .markdown import to_markdown
from .list_items import cut_previews, drop_named_scope
from .trees import field_tree_from_value, merge, unwrap
from .truncate import (
    DEFAULT_MARKER, dumps, escape_lookalike, scrub, trim_to_budget, truncate_string,
    truncate_strings,
)  # fmt: skip

DETAIL_LEVELS = ("concise", "detailed")
FORMATS = ("json", "markdown")
MIN_PAGE_TOKENS = 100
NOTES_MARGIN = 40
_SMALL_META_KEYS = 8
# Wrapper keys that identify the HTTP exchange, not the data: left out of concise output.
DIAGNOSTIC_KEYS = frozenset({"request_id", "requestid", "x_request_id", "trace_id", "traceid"})


@dataclass(frozen=True)
class ShapeConfig:
    default_fields: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    collection_path: str | None = None
    envelope_path: str | None = None
    field_tree: dict[str, Any] | None = None
    closed_tree: bool = False  # GraphQL: the schema is exact, unknown paths are refused early
    write: bool = False  # a write operation: a smaller default echo
    # The default fields are the operator's (overlay ``include``): never second-guessed by
    # the run-time invariants (invariants.py), which guard the heuristic's choice only.
    operator_defaults: bool = False
    max_chars: int = 300
    max_chars_detailed: int = 4000
    truncation_marker: str = DEFAULT_MARKER
    chunk_threshold_tokens: int = 20000
    chunk_tokens: int = 15000
    encoding: str = "o200k_base"
    # Values the caller named (path arguments, output.named_scope): a default-chosen relation
    # of a list's items equal to one of them on every item says nothing new and is left out.
    known_values: frozenset[str] = frozenset()


class FieldSelectionError(ValueError):
    """Requested ``fields`` that the response does not have; the message says what exists."""

    def __init__(self, unknown: list[str], suggestions: dict[str, list[str]], valid: list[str]):
        self.unknown = unknown
        self.suggestions = suggestions
        self.valid = valid
        lines = [f"Unknown field path(s): {', '.join(repr(u) for u in unknown)}."]
        for path in unknown:
            if suggestions.get(path):
                lines.append(f"  {path!r}: did you mean {', '.join(suggestions[path])}?")
        if valid:
            shown = ", ".join(valid[:40]) + (" ..." if len(valid) > 40 else "")
            lines.append(f"Valid top-level fields: {shown}.")
        lines.append(
            'Use dot paths such as "user.login" (arrays apply per element), "*" for all fields, '
            "or leave fields out for the default set."
        )
        super().__init__("\n".join(lines))


@dataclass(frozen=True)
class ShapedResponse:
    chunks: list[str]
    notes: list[str] = field(default_factory=list)
    token_counts: list[int] = field(default_factory=list)
    # Invariants the default fields broke (the result then holds the generic projection).
    violations: list[str] = field(default_factory=list)
    # Invariants the defaults chosen from the description broke and the defaults read from the
    # response itself kept (the description does not fit the response: worth fixing).
    repaired: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Target:
    """Where the payload of one response is and whether the spec said so (``configured``)."""

    path: tuple[str, ...] | None = None
    kind: str = "body"  # "list" | "envelope" | "body"
    configured: bool = True
    found: Payload | None = None  # what the response showed, when it was read (read it once)


def _lifted_exclude(excluded: tuple[str, ...], explicit: list[str] | None) -> list[str]:
    if not explicit:
        return list(excluded)
    keep = []
    for path in excluded:
        segs = parse_path(path)
        named = any(parse_path(f)[: len(segs)] == segs for f in explicit)
        if not named:
            keep.append(path)
    return keep


def _keep_meta(key: str, value: Any) -> bool:
    """Wrapper metadata worth showing next to a payload: counts, cursors, ``has_more``; not a
    request id, a discriminator (``object: "list"``, ``kind``, ``apiVersion``) or a link
    (``url``, ``nextLink``: the ``continue`` tool follows pages, an agent cannot)."""
    if key.lower().replace("-", "_") in DIAGNOSTIC_KEYS or is_kind(key):
        return False
    if is_url(key.rstrip("sS"), None) or _is_link(value):
        return False  # ``links: {self, next}`` too
    if isinstance(value, dict):
        return 0 < len(value) <= _SMALL_META_KEYS and all(
            not isinstance(v, (dict, list)) for v in value.values()
        )
    return not isinstance(value, list)


def _is_link(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(("http://", "https://"))


def _filter_meta(value: Any, path: tuple[str, ...]) -> Any:
    """Keep the path to the collection and the wrapper's scalar/small metadata at each level."""
    if not path:
        return value
    out: dict[str, Any] = {}
    for key, sub in value.items():
        if key == path[0]:
            out[key] = _filter_meta(sub, path[1:])
        elif _keep_meta(key, sub):
            if isinstance(sub, dict):  # ``pagination: {total, next: "https://..."}``
                sub = {k: v for k, v in sub.items() if not _is_link(v)}
            if sub != {}:
                out[key] = sub
    return out


def _clean_fields(fields: list[str] | None) -> list[str] | None:
    if fields is None:
        return None
    cleaned: list[str] = []
    for f in fields:
        f = str(f).strip()
        if f and f not in cleaned:
            cleaned.append(f)
    return cleaned or None


def _target(value: Any, config: ShapeConfig) -> _Target:
    """Where the payload is: the configured list or envelope when the response has it there,
    else what the response itself shows (``collections.find_payload_in_value``: a list under
    any key, JSON:API, HAL, an envelope), so a list is never reduced to its wrapper."""
    for configured, kind, want in (
        (config.collection_path, "list", list),
        (config.envelope_path, "envelope", dict),
    ):
        if configured is not None:
            path = parse_path(configured)
            if isinstance(get_at(value, path), want):
                return _Target(path, kind)
    configured_body = config.collection_path is None and config.envelope_path is None
    described = config.closed_tree or config.field_tree is not None or config.default_fields
    if described and configured_body:
        return _Target()  # the spec (or overlay) describes the body; invariants guard it
    # the response is not where the spec put it (a list described, an object sent): what the
    # response shows decides, and the defaults come from it, not from the description
    found = find_payload_in_value(value)
    if found.collection is not None and isinstance(get_at(value, found.collection), list):
        return _Target(found.collection, "list", configured=False)
    if found.envelope is not None and isinstance(get_at(value, found.envelope), dict):
        return _Target(found.envelope, "envelope", configured=False, found=found)
    return _Target(configured=configured_body, found=found)


def validate_fields(config: ShapeConfig, fields: list[str] | None) -> list[str] | None:
    """The cleaned ``fields`` selection, or FieldSelectionError when a path is unknown.

    Called before the upstream request is sent, so a bad selection costs no API call.
    """
    explicit = _clean_fields(fields)
    if explicit is None or selects_everything(explicit) or config.field_tree is None:
        return explicit
    tree = unwrap(config.field_tree)
    check = check_paths(explicit, tree if isinstance(tree, dict) else None)
    if not config.closed_tree:
        # REST: the response may have fields its spec leaves out, so paths are checked against
        # the response (_check_matched); only a likely typo of a described top-level field
        # (``titel`` for ``title``) is refused before anything is sent.
        typos = [p for p in check.unknown if _likely_typo(p, tree)]
        if typos:
            raise FieldSelectionError(
                typos, {p: check.suggestions.get(p, []) for p in typos}, check.valid_top_level
            )
        return explicit
    if not check.ok:
        raise FieldSelectionError(check.unknown, check.suggestions, check.valid_top_level)
    return explicit


def _likely_typo(path: str, tree: Any) -> bool:
    """The first segment is not described but is close to one that is."""
    segs = parse_path(path)
    if not isinstance(tree, dict) or not segs or segs[0] in tree:
        return False
    return bool(difflib.get_close_matches(segs[0], list(tree), n=1, cutoff=0.8))


def shape(
    value: Any,
    config: ShapeConfig,
    *,
    fields: list[str] | None = None,
    detail_level: str = "concise",
    response_format: str = "json",
    footer_reserve_tokens: int = 60,
    max_tokens: int | None = None,
) -> ShapedResponse:
    """Select, truncate, render and page ``value``; see the module doc.

    ``max_tokens``: a cap instead of paging (the ``token_cap`` adapter): one page whose text
    *as rendered in ``response_format``*, plus the notes, has at most that many tokens.
    """
    if detail_level not in DETAIL_LEVELS:
        raise ValueError(f"detail_level must be one of {DETAIL_LEVELS}, not {detail_level!r}")
    if response_format not in FORMATS:
        raise ValueError(f"response_format must be one of {FORMATS}, not {response_format!r}")
    explicit = validate_fields(config, fields)
    everything = explicit is not None and selects_everything(explicit)
    where = _target(value, config)
    path = where.path
    target = get_at(value, path) if path is not None else value
    tree = unwrap(config.field_tree) if where.configured else None

    notes: list[str] = []
    selection: list[str] | None
    from_defaults = False
    if explicit is not None and not everything:
        selection = explicit
        if not config.closed_tree:
            _check_matched(target, explicit, where.kind, tree, notes)
    elif everything or detail_level == "detailed":
        selection = None
    else:
        selection = list(config.default_fields) if where.configured else []
        if not selection:
            sample = target[:200] if isinstance(target, list) else target
            guessed = tree if isinstance(tree, dict) else field_tree_from_value(sample)
            selection = list(
                choose_default_fields(guessed, item=where.kind == "list", write=config.write)
            )
        selection = selection or None
        from_defaults = selection is not None
    excluded = _lifted_exclude(config.exclude, explicit)

    def select(item: Any) -> Any:
        if selection is not None:
            item = project(item, selection)
        return exclude(item, excluded) if excluded else item

    if explicit is None and detail_level == "concise":
        base = select

        def select(item: Any) -> Any:  # concise: a null or empty value says nothing
            return prune_empty(base(item))

    shaped = _apply(value, target, where, select, keep_wrapper=selection is None)
    violations: list[str] = []
    repaired: list[str] = []
    if from_defaults and not (config.operator_defaults and config.default_fields):
        if where.kind == "list" and isinstance(shaped, (dict, list)):
            shaped = _drop_constant_kinds(shaped, path or (), target)
        violations = check_invariants(value, shaped, path, where.kind, where.found)
        if violations:  # the response is not what the description said: read it from itself
            retried = _defaults_read_from_response(value, target, where, shaped, config, excluded)
            if not check_invariants(value, retried, path, where.kind, where.found):
                shaped, violations, repaired = retried, [], violations
        if violations:
            shaped = _apply(
                value, target, where, lambda item: prune_empty(generic_projection(item)), False
            )
            notes.append(
                "[the default fields would have lost data ("
                + "; ".join(violations[:3])
                + "); showing the scalars of the top two levels instead]"
            )
        elif where.kind == "list" and selection:
            shaped = cut_previews(shaped, path or (), selection, config.truncation_marker)
            if config.known_values:
                shaped = drop_named_scope(shaped, path or (), config.known_values)
    max_chars = config.max_chars_detailed if detail_level == "detailed" else config.max_chars
    shaped, cut = truncate_strings(shaped, max_chars, config.truncation_marker)
    # (an item's preview carries its marker and no note: the list says enough)
    if cut:
        hint = ' (detail_level="detailed" keeps more)' if detail_level == "concise" else ""
        notes.append(f"[{cut} long text value(s) cut to {max_chars} chars{hint}]")
    page_path = path if where.kind == "list" else None
    if max_tokens is not None:
        result = _capped(shaped, page_path, config, response_format, notes, max_tokens)
    else:
        result = _page(shaped, page_path, config, response_format, footer_reserve_tokens, notes)
    if violations or repaired:
        return replace(result, violations=violations, repaired=repaired)
    return result


def _apply(value: Any, target: Any, where: _Target, select: Any, keep_wrapper: bool) -> Any:
    """``select`` applied to each item, the enveloped resource or the body; the wrapper keeps
    its metadata (all of it when ``keep_wrapper``)."""
    path = where.path
    if path is None:
        return select(value)
    inner = [select(item) for item in target] if where.kind == "list" else select(target)
    if not path:
        return inner
    wrapper = value if keep_wrapper else _filter_meta(value, path)
    return set_at(wrapper, path, inner)


def _defaults_read_from_response(
    value: Any, target: Any, where: _Target, shaped: Any, config: ShapeConfig, excluded: list[str]
) -> Any:
    """Second reading when the default fields chosen from the description break an invariant
    (the response has members the description lacks, nulls where it promised objects, another
    variant of a union, a different wrapper): the defaults chosen from the response itself, for
    the body, or for each list item that lost something (items of one shape share them)."""

    def select(item: Any, fields: tuple[str, ...]) -> Any:
        item = project(item, list(fields))
        return prune_empty(exclude(item, excluded) if excluded else item)

    if where.kind != "list":
        fields = choose_default_fields(field_tree_from_value(target), write=config.write)
        if not fields:
            return shaped
        return _apply(value, target, where, lambda item: select(item, fields), False)
    path = where.path or ()
    kept = get_at(shaped, path)
    if not isinstance(target, list) or not isinstance(kept, list) or len(kept) != len(target):
        return shaped
    chosen: dict[str, tuple[str, ...]] = {}
    out = list(kept)
    for i, (raw, item) in enumerate(zip(target, kept)):
        if not isinstance(raw, dict) or not check_invariants([raw], [item], (), "list"):
            continue
        tree = field_tree_from_value(raw)
        key = dumps(tree)
        if key not in chosen:
            chosen[key] = choose_default_fields(tree, item=True, write=config.write)
        if chosen[key]:
            out[i] = select(raw, chosen[key])
    return set_at(shaped, path, out) if path else out


def _drop_constant_kinds(shaped: Any, path: tuple[str, ...], raw: Any = None) -> Any:
    """A discriminator (``object``, ``kind``, ``type``) with one value on every item of a list
    says nothing: drop it from the items, unless it is all an item has. Not a tag that names
    the member holding the item's content (``{"type": "paragraph", "paragraph": {...}}`` in
    ``raw``, the items as sent)."""
    items = get_at(shaped, path)
    if not isinstance(items, list) or len(items) < 2 or not all(isinstance(i, dict) for i in items):
        return shaped
    first = raw[0] if isinstance(raw, list) and raw and isinstance(raw[0], dict) else {}
    constant = [
        key for key in items[0]
        if is_kind(key) and not isinstance(items[0][key], (dict, list))
        and all(key in i and i[key] == items[0][key] for i in items)
        and not (isinstance(first.get(key), str) and first[key] in first)
    ]  # fmt: skip
    if not constant:
        return shaped
    trimmed = [{k: v for k, v in i.items() if k not in constant} for i in items]
    if not all(trimmed):  # the discriminator is all the items say: it stays
        return shaped
    return set_at(shaped, path, trimmed) if path else trimmed


def _check_matched(
    target: Any, explicit: list[str], kind: str, tree: Any, notes: list[str]
) -> None:
    """Explicit paths are checked against the response (the spec may not describe a field the
    response has): none matching is an error that lists what exists; some not matching is a
    note."""
    units = target if kind == "list" and isinstance(target, list) else [target]
    units = [u for u in units if isinstance(u, (dict, list)) and u]
    if not units:
        return  # an empty response: nothing to check the paths against
    unmatched = [p for p in explicit if not any(matches(u, parse_path(p)) for u in units[:200])]
    if not unmatched:
        return
    seen = field_tree_from_value(units[:50] if kind == "list" else target)
    seen = unwrap(seen)
    known = merge(tree, seen) if isinstance(tree, dict) and isinstance(seen, dict) else seen
    check = check_paths(unmatched, known if isinstance(known, dict) else None)
    if len(unmatched) == len(explicit):
        raise FieldSelectionError(unmatched, check.suggestions, check.valid_top_level)
    hints = []
    for p in unmatched:
        close = check.suggestions.get(p)
        hints.append(f"{p!r}" + (f" (did you mean {', '.join(close)}?)" if close else ""))
    notes.append(f"[fields matched nothing in this response: {', '.join(hints)}]")


# Identity members are kept even when null, so every item still says which one it is.
KEEP_WHEN_EMPTY = frozenset({"id", "number", "key", "slug", "login", "name", "title", "sha"})


def prune_empty(value: Any, *, top: bool = True) -> Any:
    """Drop object members that are null, "", [] or {} and alarm flags that are false
    (recursively; list elements are kept; identity members of the item itself are kept)."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            item = prune_empty(item, top=False)
            if top and key in KEEP_WHEN_EMPTY:
                out[key] = item
                continue
            if item is None or item == "" or item == [] or item == {}:
                continue
            if item is False and is_alarm_flag(key):
                continue
            out[key] = item
        return out
    if isinstance(value, list):
        return [prune_empty(item, top=False) for item in value]
    return value


def _render(value: Any, response_format: str) -> str:
    return dumps(value) if response_format == "json" else to_markdown(value)


def _over_threshold(
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


def _page(
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
        layout = _layout(shaped, path, config, response_format)
    # A list clearly over the threshold is paged from its parts: its whole text is never built.
    # The estimate is made once, from the parts (the same gate as _over_threshold's own).
    estimate = None
    if layout is not None and layout.chars() > threshold * 2:
        estimate = layout.estimated_tokens(encoding)
    if estimate is None or estimate <= threshold * 2:
        text = layout.full_text() if layout is not None else _render(shaped, response_format)
        over, tokens = _over_threshold(text, threshold, encoding, estimate)
        if not over:
            assert tokens is not None
            return ShapedResponse([text], notes, [tokens])
        del text  # the pages are built from the parts; do not hold the whole text meanwhile
    # Page 1 also carries the notes: reserve what they take now, plus room for the notes
    # paging itself may add, so every page with its notes and footer stays in budget.
    notes_reserve = (count_tokens(" ".join(notes), encoding) if notes else 0) + NOTES_MARGIN
    budget = config.chunk_tokens - footer_reserve_tokens - notes_reserve
    if budget < MIN_PAGE_TOKENS:
        notes.append(f"[page budget raised to the minimum of {MIN_PAGE_TOKENS} tokens]")
        budget = MIN_PAGE_TOKENS
    if layout is None and isinstance(shaped, dict):
        path = largest_array_path(shaped)
        if path is not None and _dominant(shaped, path):
            layout = _layout(shaped, path, config, response_format)
        elif shaped:  # a big object: paged by its members, like a list by its items
            return _paged_object(shaped, budget, config, response_format, notes)
    if layout is None or path is None:
        return _trimmed_single(shaped, budget, config, response_format, notes)
    if response_format == "markdown" and count_tokens(layout.rest_prefix, encoding) > budget // 3:
        layout = markdown_layout(shaped, path, encoding, config.truncation_marker, False)
    skeleton = fit_skeleton(shaped, path, budget, encoding, config.truncation_marker)
    if skeleton is not None and layout.reframe is not None:
        prefix, suffix = layout.reframe(skeleton)
        layout = replace(layout, first_prefix=prefix, first_suffix=suffix)
        notes.append("[metadata around the list was trimmed to fit the first page]")
    packed = pack(layout, budget, encoding)
    if packed.trimmed_parts:
        notes.append(f"[{packed.trimmed_parts} item(s) too large for one page were trimmed]")
    return ShapedResponse(packed.chunks, notes, packed.tokens)


def _capped(
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
        text = _layout(shaped, path, config, response_format).full_text()
    else:
        text = _render(shaped, response_format)
    tokens = count_tokens(text, encoding)
    reserve = count_tokens(" ".join(notes), encoding) if notes else 0
    if tokens + reserve <= max_tokens:
        return ShapedResponse([text], notes, [tokens])
    budget = max(max_tokens - reserve - NOTES_MARGIN, 16)
    return _trimmed_single(shaped, budget, config, response_format, notes)


def _dominant(shaped: Any, path: tuple[str, ...]) -> bool:
    """Whether the list at ``path`` is at least half of the object (else the object is paged
    by its members: paging a small list would leave the rest of the object to be trimmed)."""
    return len(dumps(get_at(shaped, path))) * 2 >= len(dumps(shaped))


def _paged_object(
    shaped: dict[str, Any], budget: int, config: ShapeConfig, fmt: str, notes: list[str]
) -> ShapedResponse:
    """A big object in pages of its members (at ``object_path``): each page a valid JSON
    object (or Markdown ``- **key**:`` blocks), served by ``continue`` like list pages."""
    encoding = config.encoding
    path = object_path(shaped, budget, encoding)
    build = json_object_layout if fmt == "json" else markdown_object_layout
    layout = build(shaped, path, encoding, config.truncation_marker)
    members = len(layout.parts)
    packed = pack(layout, budget, encoding)
    if len(packed.chunks) > 1:
        where = f" of {'.'.join(path)}" if path else ""
        notes.append(f"[a big object: its {members} members{where} come in pages]")
    if packed.trimmed_parts:
        notes.append(f"[{packed.trimmed_parts} member(s) too large for one page were trimmed]")
    return ShapedResponse(packed.chunks, notes, packed.tokens)


def _layout(shaped: Any, path: tuple[str, ...], config: ShapeConfig, fmt: str) -> Layout:
    build = json_layout if fmt == "json" else markdown_layout
    return build(shaped, path, config.encoding, config.truncation_marker)


def _trimmed_single(
    shaped: Any, budget: int, config: ShapeConfig, response_format: str, notes: list[str]
) -> ShapedResponse:
    encoding = config.encoding
    json_budget = budget
    for _ in range(8):
        trimmed, trim_notes = trim_to_budget(
            shaped, json_budget, encoding, config.truncation_marker
        )
        text = _render(trimmed, response_format)
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


def shape_text(
    text: str,
    config: ShapeConfig,
    *,
    max_chars: int | None = None,
    footer_reserve_tokens: int = 60,
) -> ShapedResponse:
    """Page a non-JSON body by lines (long lines split); cut it first if ``max_chars`` is set.

    Pages concatenated give back the (possibly cut) text exactly.
    """
    notes: list[str] = []
    text = scrub(text)  # an adapter's text may carry an upstream's lone surrogates
    text = escape_lookalike(text, config.truncation_marker)  # only the server's cut reads as one
    if max_chars is not None and len(text) > max_chars:
        text = truncate_string(text, max_chars, config.truncation_marker)
        notes.append(f"[text cut to {max_chars} chars]")
    over, tokens = _over_threshold(text, config.chunk_threshold_tokens, config.encoding)
    if not over:
        assert tokens is not None
        return ShapedResponse([text], notes, [tokens])
    budget = max(config.chunk_tokens - footer_reserve_tokens, MIN_PAGE_TOKENS)
    packed = pack(text_layout(text, budget), budget, config.encoding)
    return ShapedResponse(packed.chunks, notes, packed.tokens)
