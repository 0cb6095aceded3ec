"""The one entry point a generated server calls: ``shape(value, config, ...)``.

Order: select fields -> truncate strings -> render (json|markdown|toon: formats.py, compact
JSON with a note where another format would not be smaller) -> if the rendering is over
``chunk_threshold_tokens``, split it into pages of at most ``chunk_tokens - footer_reserve``:
a list by its items, an object by the items of its largest list when that list is at least
half of it, else by its members (``chunking.object_path``); only a scalar is trimmed.

Field selection: explicit ``fields`` win (``["*"]`` = everything); otherwise ``concise`` uses
the configured defaults (or those ``decision.py`` decides from the tree and the tool's context) and ``detailed`` keeps every
field with longer strings; the concise defaults also take the series the answer is made of
(lists of numbers or of arrays holding most of its values: ``series.py``). ``exclude`` paths are hidden unless ``fields`` names them (or a path
below them). When the spec does not describe the body (no field tree, no defaults) the
collection is the list the response shows (``defaults.guess_collection_path``), so an
undocumented list response is still shaped item by item and never reduced to its wrapper.
With a collection, paths are relative to an item; the wrapper's metadata is kept:
all of it when everything is selected, else its scalars and small flat objects (``has_more``,
``next_cursor``, ``total_count``, GraphQL ``pageInfo``) except request ids (``DIAGNOSTIC_KEYS``)
and what else it says about the exchange (``payload.wrapper_note``: timings, the API's version),
discriminators (``object: "list"``, ``kind``) and links (``url``, ``nextLink``, ``links``, a
link inside a small object: the ``continue`` tool follows the pages), and a cursor to the next
page the footer or the has-more note stands for (``ShapeConfig.covered``: ``covered.py``).
Concise output with the default fields also leaves out members that are null or empty
(``None``, ``""``, ``[]``, ``{}``) and flags that are only news when true (``archived``,
``in_trash``, ``locked``... when false) and, once the checks passed, a list of records each
left empty beside the object's other members (``cleanup.without_hollow_lists``): they cost
tokens and say nothing; ask with ``fields``
to see them, and encodings (byte arrays, vectors, log probabilities: ``encodings.py``) with a
note naming them. An item's own identity members are kept even when null. Page 1 carries the notes too, so its budget reserves room for them.

The default fields are checked by the run-time invariants (``invariants.py``). When the ones
chosen from the description break one, the response is not what the description said (members
it lacks, nulls where it promised objects, another variant of a union, another wrapper): the
defaults are read from the response itself, for the body or for each list item that lost
something (``ShapedResponse.repaired`` says so, and ``mcpforge preview --check`` flags it).
Only when those break an invariant too is the generic projection shown, with a note.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .chunking import get_at, pack, set_at, text_layout
from .cleanup import drop_constant_kinds, prune_empty, with_map_keys, without_hollow_lists
from .collections import find_payload_in_value
from .covered import without_covered
from .decision import decide_fields
from .write_answers import small_record
from .encodings import drop_encodings, encodings_note, find_encodings
from .failures import with_envelope_reports, with_failed_records
from .explicit import FieldSelectionError, check_matched, lifted_exclude, validate_fields
from .fields import exclude, project, selects_everything
from .formats import choose_format
from .invariants import check_invariants, generic_projection, soft_lost
from .kinds import (
    REASONING_NOTE,
    WRITE_KINDS,
    quoted_text_paths,
    reasoning_text_paths,
    without_production_notes,
)
from .list_items import (
    ITEM_PREVIEW_CHARS,
    cut_listed_previews,
    cut_preview,
    cut_previews,
    cut_written_records,
    cut_texts,
    cut_wrapper_notes,
    drop_named_scope,
    item_marker,
    listed_chars,
)
from .pages import PAGE_KINDS
from .paging import MIN_PAGE_TOKENS, capped, over_threshold, page
from .payload import apply_select, asked_of, find_target, without_success
from .reference_names import with_reference_names
from .repair import defaults_read_from_response
from .sent import said_back, sent_fields
from .series import answered_series, keyed_beside, with_series
from .columns import with_headers, with_wrapper_headers
from .credentials import hide_credentials
from .shape_config import DETAIL_LEVELS, FORMATS, ShapeConfig, ShapedResponse
from .trees import chosen_maps, field_tree_from_value, unwrap
from .truncate import escape_lookalike, scrub, truncate_string, truncate_strings

__all__ = [
    "DETAIL_LEVELS",
    "FORMATS",
    "FieldSelectionError",
    "ShapeConfig",
    "ShapedResponse",
    "prune_empty",
    "shape",
    "shape_text",
    "validate_fields",
]


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
    where = find_target(value, config)
    path = where.path
    target = get_at(value, path) if path is not None else value
    tree = unwrap(config.field_tree) if where.configured else None

    notes: list[str] = []
    selection: list[str] | None
    from_defaults = False
    set_values = False  # an update's answer keeps what the call sent (sent.py)
    if explicit is not None and not everything:
        selection = explicit
        if not config.closed_tree:
            check_matched(target, explicit, where.kind, tree, notes)
    elif everything or detail_level == "detailed":
        selection = None
    else:
        selection = list(config.default_fields) if where.configured else []
        if several_for_one(config, where.kind, target, tree):  # a list to pick from
            context = replace(config.context, one=False)
            selection = list(decide_fields(tree, context, kind=config.kind, item=True))
        elif alone_in_list(config, where.kind, target, tree):  # nothing to pick: its page
            context = replace(config.context, one=True)
            own_page = decide_fields(tree, context, kind=config.kind, item=True)
            selection += [p for p in own_page if p not in selection]  # besides its item
        if not selection:
            sample = target[:200] if isinstance(target, list) else target
            guessed = tree if isinstance(tree, dict) else field_tree_from_value(sample, maps=True)
            listed = where.kind == "list"
            context = config.context.listed_at(path) if listed else config.context
            selection = list(decide_fields(guessed, context, kind=config.kind, item=listed))
        selection = selection or None
        from_defaults = selection is not None
        if selection is not None and not (config.operator_defaults and config.default_fields):
            listed = where.kind == "list"  # the series the answer is made of (series.py)
            selection = with_series(selection, answered_series(target, listed, config.kind))
            selection = with_series(selection, keyed_beside(target, listed, selection))
            selection = with_headers(selection, target, listed)  # a table's columns (columns.py)
            if config.kind == "update" and not listed and config.sent_values:
                sent = sent_fields(target, config.sent_values)  # what did not take as sent
                selection += [p for p in sent if p not in selection]
                set_values = bool(sent)
            if config.kind in ("create", "update") and not listed and config.sent_values:
                echoed = said_back(target, selection, config.sent_values)  # the caller's text
                if len(echoed) < len(selection):
                    selection = [p for p in selection if p not in echoed]
    excluded = lifted_exclude(config.exclude, explicit)

    def select(item: Any) -> Any:
        if selection is not None:
            item = project(item, selection)
        return exclude(item, excluded) if excluded else item

    if explicit is None and detail_level == "concise":
        base = select
        maps = chosen_maps(tree, selection or ())  # an emptied entry still says its key

        # an update's one small flat record: its flags as the write set them, false too
        # (``disabled: false``: the subscription is live; ``written.set_values``)
        set_flags = config.kind == "update" and where.kind != "list" and small_record(target)
        set_flags = set_flags or set_values  # (a flag the call set false: as it was set)

        def select(item: Any) -> Any:  # concise: a null or empty value says nothing
            return with_map_keys(item, prune_empty(base(item), flags=set_flags), maps)

    asked = asked_of(config.context.asked, config.sent)  # what a list may answer back
    shaped = apply_select(
        value,
        target,
        where,
        select,
        keep_wrapper=selection is None,
        subjects=from_defaults,
        parts=from_defaults and config.kind in PAGE_KINDS,  # a read's parts holding records
        asked=asked,
        own=config.context.own,
        keys=config.context.keys,
    )
    violations: list[str] = []
    repaired: list[str] = []
    if from_defaults and not (config.operator_defaults and config.default_fields):
        if where.kind == "list" and isinstance(shaped, (dict, list)):
            shaped = drop_constant_kinds(shaped, path or (), target, config.context.keys)
        if where.found is None and where.kind != "list":  # read once, with the context's keys
            where = replace(where, found=find_payload_in_value(value, config.context.keys))
        keys = config.context.keys  # an object keeping what a path parameter names is known
        violations = check_invariants(value, shaped, path, where.kind, where.found, keys)
        if violations:  # the response is not what the description said: read it from itself
            retried = defaults_read_from_response(value, target, where, shaped, config, excluded)
            if not check_invariants(value, retried, path, where.kind, where.found, keys):
                shaped, violations, repaired = retried, [], violations
        elif lost := soft_lost(value, shaped, path, where.kind, where.found, keys):
            retried = defaults_read_from_response(value, target, where, shaped, config, excluded)
            if not check_invariants(
                value, retried, path, where.kind, where.found, keys
            ) and not soft_lost(value, retried, path, where.kind, where.found, keys):
                shaped, repaired = retried, lost  # else the first reading stands
        if violations:
            shaped = apply_select(
                value,
                target,
                where,
                lambda item: prune_empty(generic_projection(item)),
                False,
                asked=asked,
                own=config.context.own,
            )
            notes.append(
                "[the default fields would have lost data ("
                + "; ".join(violations[:3])
                + "); showing the scalars of the top two levels instead]"
            )
        elif where.kind == "list" and selection:
            # what a read or a search lists: its first words; a generation's alternatives:
            # the longer preview; a write's records: as one record's answer (cut_written_records)
            chars = listed_chars(path or (), config.kind in PAGE_KINDS)  # a report's: longer
            previewed = selection
            if config.kind == "generate":  # what it produced stays whole, what it quotes not
                known = tree if isinstance(tree, dict) else field_tree_from_value(target[:200])
                previewed = quoted_text_paths(known, selection, listed=True)
                reasoning = reasoning_text_paths(known, selection)
                if reasoning and detail_level == "concise":  # how it reasoned: a preview,
                    items = get_at(shaped, path) if path else shaped  # however it is named
                    cut = cut_texts(items, reasoning, config.truncation_marker, ITEM_PREVIEW_CHARS)
                    if cut is not items:
                        shaped = set_at(shaped, path, cut) if path else cut
                        notes.append(REASONING_NOTE)
                shaped = without_production_notes(shaped, path or ())
            else:
                shaped = cut_wrapper_notes(shaped, path or (), config.truncation_marker)
            marker = config.truncation_marker
            if config.kind in PAGE_KINDS:  # what a read lists: the ellipsis says it is cut
                marker = item_marker(marker)
            if config.kind in WRITE_KINDS:  # the caller sent their text
                shaped = cut_written_records(shaped, path or (), previewed, marker)
            else:
                shaped = cut_previews(shaped, path or (), previewed, marker, chars)
            shaped = with_wrapper_headers(value, shaped, path or ())
            shaped = with_failed_records(
                value,
                shaped,
                path or (),
                config.kind,
                config.context.keys,
                config.truncation_marker,
            )
            if config.known_values:
                shaped = drop_named_scope(shaped, path or (), config.known_values)
        elif selection and config.kind in WRITE_KINDS:  # a write's echo of its text: short
            shaped = cut_preview(shaped, path or (), selection, config.truncation_marker)
            # the sentence its envelope carries beside it (``{code, message, data}``): too
            shaped = cut_wrapper_notes(shaped, path or (), config.truncation_marker)
            shaped = without_success(shaped)  # the result says it succeeded
            # and what went wrong, said beside the resource it answers
            marker = config.truncation_marker
            shaped = with_envelope_reports(value, shaped, path or (), marker)
        elif selection and config.kind == "generate":  # what it quotes: previews
            known = tree if isinstance(tree, dict) else field_tree_from_value(target)
            quoted = quoted_text_paths(known, selection)
            target = get_at(shaped, path) if path else shaped
            cut = cut_listed_previews(target, quoted, config.truncation_marker)
            reasoning = reasoning_text_paths(known, selection)
            if reasoning and detail_level == "concise":  # how it reasoned: a preview
                before = cut
                cut = cut_texts(cut, reasoning, config.truncation_marker)
                if cut is not before:
                    notes.append(REASONING_NOTE)
            if cut is not target:
                shaped = set_at(shaped, path, cut) if path else cut
        elif selection and config.kind in PAGE_KINDS:  # its parts' texts: previews
            target = get_at(shaped, path) if path else shaped  # ending as a listed item's
            marker = item_marker(config.truncation_marker)
            cut = cut_listed_previews(target, selection, marker, named=ITEM_PREVIEW_CHARS)
            if cut is not target:
                shaped = set_at(shaped, path, cut) if path else cut
    rules_chose = from_defaults and not (config.operator_defaults and config.default_fields)
    if explicit is None and detail_level == "concise" and rules_chose and not violations:
        if config.kind in PAGE_KINDS:  # a reference cut to its id: the text naming it
            kept = get_at(shaped, path) if path else shaped
            named = with_reference_names(get_at(value, path) if path else value, kept)
            if named is not kept:
                shaped = set_at(shaped, path, named) if path else named
        shaped = without_hollow_lists(shaped)  # records each left empty: only a count
    if explicit is None and config.covered:  # the footer is the way on (covered.py)
        shaped = without_covered(shaped, config.covered)
    if explicit is None and config.kind in PAGE_KINDS and not config.operator_defaults:
        shaped = hide_credentials(
            shaped, config.context.keys, own=config.context.own, about=config.context.about
        )  # a read's secrets stay hidden
    if explicit is None and detail_level == "concise":
        shaped = _without_encodings(value, shaped, config, path, notes)
    max_chars = config.max_chars_detailed if detail_level == "detailed" else config.max_chars
    shaped, cut = truncate_strings(shaped, max_chars, config.truncation_marker)
    # (an item's preview carries its marker and no note: the list says enough)
    if cut:
        hint = ' (detail_level="detailed" keeps more)' if detail_level == "concise" else ""
        notes.append(f"[{cut} long text value(s) cut to {max_chars} chars{hint}]")
    page_path = path if where.kind == "list" else None
    response_format, format_note = choose_format(
        shaped, response_format, config.encoding, page_path
    )
    if format_note is not None:
        notes.append(format_note)
    if max_tokens is not None:
        result = capped(shaped, page_path, config, response_format, notes, max_tokens)
    else:
        result = page(shaped, page_path, config, response_format, footer_reserve_tokens, notes)
    if violations or repaired:
        return replace(result, violations=violations, repaired=repaired)
    return result


def _without_encodings(
    value: Any, shaped: Any, config: ShapeConfig, path: tuple[str, ...] | None, notes: list[str]
) -> Any:
    """A concise answer leaves out byte arrays, vectors and log probabilities, with a note
    naming those of the body (``encodings.py``), also those the default fields left out
    already; the members an operator's overlay names as default fields stay, with all they
    hold (unless it excludes them too)."""
    named = [f for f in config.operator_fields if f not in config.exclude]  # exclude wins
    prefix = ".".join(path or ())
    kept = [*named, *(f"{prefix}.{field}" for field in named if prefix)]
    found = find_encodings(value, kept)
    if found:
        notes.append(encodings_note(list(found.values())))
    return drop_encodings(shaped, found)


def several_for_one(config: ShapeConfig, kind: str, target: Any, tree: Any) -> bool:
    """A read of a path that names one object (``DefaultsContext.one``: ``/things/{id}``)
    answered with a list of several items: a list to pick from, whose items are chosen on as
    a list's items (lean), not each as the page of the one object the path names (that
    object's page is kept when the list holds it alone). Only a read's or a search's (a write
    answers lean either way), only the defaults the rules chose."""
    return (
        config.context.one
        and config.kind in PAGE_KINDS
        and kind == "list"
        and isinstance(target, list)
        and len(target) > 1
        and isinstance(tree, dict)
        and not config.operator_defaults
    )


def alone_in_list(config: ShapeConfig, kind: str, target: Any, tree: Any) -> bool:
    """A read's or a search's list that holds one item, of an operation that does not page its
    answer (``paged``) and with no cursor or link to a next page (``covered``): nothing to
    pick from, that item is what the call answers (a workspace a singleton path answers in
    a list of one, ``{Workspaces: [{...}]}``; the one place a query found), and it shows its
    page, as a path naming one object keeps it (``DefaultsContext.one``), besides what it
    shows as a list's item. Only an item its description describes (a member it does not
    describe and the response is read again from itself when a default goes missing:
    ``repair.py``), only the defaults the rules chose."""
    return (
        config.kind in PAGE_KINDS
        and kind == "list"
        and isinstance(target, list)
        and len(target) == 1
        and isinstance(target[0], dict)
        and isinstance(tree, dict)
        and set(target[0]) <= set(tree)  # as described (else it is read from itself)
        and not config.covered
        and not config.paged
        and not config.operator_defaults
    )


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
    over, tokens = over_threshold(text, config.chunk_threshold_tokens, config.encoding)
    if not over:
        assert tokens is not None
        return ShapedResponse([text], notes, [tokens])
    budget = max(config.chunk_tokens - footer_reserve_tokens, MIN_PAGE_TOKENS)
    packed = pack(text_layout(text, budget), budget, config.encoding)
    return ShapedResponse(packed.chunks, notes, packed.tokens)
