"""What a list's items show beyond their default fields: short previews of their text, and
nothing the caller already named.

The default fields of a list item may include its text (``description``, ``body``: the
``preview`` role of ``defaults.py``); an agent scanning a list needs its first sentence, not
all of it. ``cut_previews`` cuts such strings to ``ITEM_PREVIEW_CHARS`` (on a word boundary,
with the usual truncation marker that says how much was cut): a list holds many such texts, so
each is shorter than the preview of a part of one resource (``PREVIEW_CHARS``). The items a
read or a search lists end their preview with the ellipsis alone (``item_marker``): how many
characters were cut, said again on every item, tells no one which item to read (its page has
the whole text); so do the elements of a list inside the one resource a read answers (a job's
``statusHistory[].details``: ``cut_listed_previews``). It applies only to the defaults: explicit ``fields`` and
``detail_level="detailed"`` show the text as usual.

``drop_named_scope`` leaves out what repeats the caller's own arguments: listing the issues of
the repository ``octocat/hello``, every item's ``repository.full_name`` would say
``octocat/hello`` again. Only default-chosen relations are dropped, only when they hold that
value on every item, never the item's own identity or label.
"""

from __future__ import annotations

from typing import Any

from .chunking import get_at, set_at
from .collections import REPORT_WORDS
from .roles.content import is_content
from .roles.identity import is_id_name, own_identity_key
from .roles.label import is_label
from .roles.state import is_lifecycle
from .deadline import check as check_deadline
from .fields import parse_path
from .names import words
from .truncate import DEFAULT_MARKER, truncate_string

PREVIEW_CHARS = 80  # the text of an element of a list inside one resource, a wrapper's note
ITEM_PREVIEW_CHARS = 48  # the text of a list's item or a search's hit: its first words
WRITE_PREVIEW_CHARS = 48  # a write's echo of the text the caller sent (``cut_preview``)
ITEM_MARKER = "…"  # the end of a listed item's preview (``item_marker``)

__all__ = [
    "ITEM_MARKER",
    "ITEM_PREVIEW_CHARS",
    "PREVIEW_CHARS",
    "cut_listed_previews",
    "cut_preview",
    "cut_previews",
    "cut_written_records",
    "cut_wrapper_notes",
    "drop_named_scope",
    "item_marker",
    "listed_chars",
    "preview_paths",
]


def listed_chars(path: tuple[str, ...], picked: bool) -> int:
    """How much of its text a list's item shows by default: the first words
    (``ITEM_PREVIEW_CHARS``) on a list a read or a search answers to pick from (``picked``),
    else ``PREVIEW_CHARS``; a list named as a report of errors or warnings (``errors``) holds
    what the call found, each item said by its message: ``PREVIEW_CHARS``, as a failed
    record's reason (``failures.py``)."""
    report = bool(path) and _report_name(path[-1])
    return ITEM_PREVIEW_CHARS if picked and not report else PREVIEW_CHARS


def _report_name(key: str) -> bool:
    """Named as a report of errors or warnings (``errors``, ``userErrors``, ``error``)."""
    found = words(key)
    return bool(found) and found[-1] in REPORT_WORDS


def item_marker(marker: str) -> str:
    """The marker a read's or a search's listed items end their previews with: the ellipsis
    alone for the default marker (the count of cut characters is repeated on every item and
    helps no one pick one); a marker the operator configured, as configured."""
    return ITEM_MARKER if marker == DEFAULT_MARKER else marker


def preview_paths(selection: list[str]) -> list[tuple[str, ...]]:
    """The selected paths that hold an item's text (``description``, ``attributes.body``)."""
    paths = [parse_path(path) for path in selection]
    return [segments for segments in paths if segments and is_content(segments[-1])]


def cut_previews(
    shaped: Any,
    path: tuple[str, ...],
    selection: list[str],
    marker: str,
    chars: int = ITEM_PREVIEW_CHARS,
) -> Any:
    """``shaped`` with the text its list's items (at ``path``) show by default
    (``preview_paths`` of ``selection``, lists seen through) cut to ``chars``."""
    paths = preview_paths(selection)
    items = get_at(shaped, path)
    if not paths or not isinstance(items, list):
        return shaped
    count = 0
    out = []
    for item in items:
        check_deadline()
        for segments in paths:
            item, cut = _cut_texts(item, segments, chars, marker, listed=True)
            count += cut
        out.append(item)
    if not count:
        return shaped
    return set_at(shaped, path, out) if path else out


def cut_written_records(
    shaped: Any, path: tuple[str, ...], selection: list[str], marker: str
) -> Any:
    """``shaped`` with the text of the records a write lists at ``path`` (a bulk create's, an
    update's of several) cut as one record's answer cuts the text the caller sent
    (``WRITE_PREVIEW_CHARS``, ending with ``item_marker``): it only says which text it was.
    What the server reported keeps the longer preview and its count of what was cut: a list
    named as a report (``errors``), a report inside a record (``errors.message``) and the
    message of a record's status part (``status.message``: how its write went), as a failed
    record's reason (``failures.py``)."""
    if path and _report_name(path[-1]):
        return cut_previews(shaped, path, selection, marker, PREVIEW_CHARS)
    reports = [p for p in selection if _reported(parse_path(p))]
    out = cut_previews(shaped, path, reports, marker, PREVIEW_CHARS)
    others = [p for p in selection if p not in reports]
    return cut_previews(out, path, others, item_marker(marker), WRITE_PREVIEW_CHARS)


def cut_listed_previews(
    shaped: Any,
    selection: list[str],
    marker: str,
    chars: int = PREVIEW_CHARS,
    named: int | None = None,
) -> Any:
    """``shaped`` (one resource) with the text of the elements of the lists inside it (the
    ``description`` of each of its links, the ``body`` of each comment it holds) cut to
    ``chars``, as a list's items show theirs: the elements are its parts, listed to be picked
    from; the resource's own text stays whole (to ``max_chars``). With ``named`` (a read's
    page): an element named by a label of its own beside its text (``{id, name,
    description}`` of a playlist it lists, a condition's ``{title, description}``) shows its
    first words, as a listed item does (``named`` characters): its name says which it is,
    its page has the rest; an element that is its text (a sentence, a comment: an id names
    it for the next call, not for a reader) and a report's reason (``errors[].message``)
    keep ``chars``."""
    paths = [segments for segments in preview_paths(selection) if len(segments) > 1]
    if named is None:
        return _cut_at(shaped, paths, chars, marker, listed=False)
    reports = [p for p in paths if any(_report_name(k) for k in p)]
    out = _cut_at(shaped, reports, chars, marker, listed=False)
    others = [p for p in paths if p not in reports]
    return _cut_at(out, others, _NamedChars(named, chars), marker, listed=False)


class _NamedChars:
    """How much of its text an element shows: ``named`` characters when the object holding
    the text has a label of its own with a value, else ``plain``."""

    def __init__(self, named: int, plain: int):
        self.named, self.plain = named, plain

    def of(self, holder: dict[str, Any], text_key: str) -> int:
        for key, value in holder.items():
            if key == text_key or value is None or value == "" or isinstance(value, (dict, list)):
                continue
            if is_label(key):
                return self.named
        return self.plain


def cut_texts(shaped: Any, selection: list[str], marker: str, chars: int = PREVIEW_CHARS) -> Any:
    """``shaped`` with the texts at ``selection`` cut to ``chars`` wherever they are, in a list
    or not (how a generation reasoned, at its answer's top: ``kinds.reasoning_text_paths``)."""
    paths = [segments for segments in map(parse_path, selection) if segments]
    return _cut_at(shaped, paths, chars, marker, listed=True)


def _cut_at(
    shaped: Any,
    paths: list[tuple[str, ...]],
    chars: "int | _NamedChars",
    marker: str,
    listed: bool,
) -> Any:
    """``shaped`` with the texts at each of ``paths`` cut (``_cut_texts``); the same object
    when none was."""
    count = 0
    out = shaped
    for segments in paths:
        check_deadline()
        out, cut = _cut_texts(out, segments, chars, marker, listed=listed)
        count += cut
    return out if count else shaped


def _cut_texts(
    value: Any, segments: tuple[str, ...], chars: "int | _NamedChars", marker: str, listed: bool
) -> tuple[Any, int]:
    """``value`` with the string at ``segments`` (lists seen through) cut to ``chars`` when a
    list holds it (``listed``: ``value`` is already an element of one), and how many were cut
    (``_NamedChars``: as many as the object holding the string is named for)."""
    if isinstance(value, list):
        cuts = [_cut_texts(v, segments, chars, marker, True) for v in value]
        return [v for v, _ in cuts], sum(n for _, n in cuts)
    if not segments:
        if listed and isinstance(value, str) and isinstance(chars, int) and len(value) > chars:
            return truncate_string(value, chars, marker), 1
        return value, 0
    if isinstance(value, dict) and segments[0] in value:
        if isinstance(chars, _NamedChars) and len(segments) == 1:
            chars = chars.of(value, segments[0]) if listed else chars.plain
        inner, cut = _cut_texts(value[segments[0]], segments[1:], chars, marker, listed)
        return {**value, segments[0]: inner}, cut
    return value, 0


NOTE_WORDS = 4  # a wrapper's string of at least this many words, longer than a preview: a note


def cut_wrapper_notes(
    shaped: Any, path: tuple[str, ...], marker: str, chars: int = PREVIEW_CHARS
) -> Any:
    """``shaped`` with the sentences the list's wrapper carries beside it (a status message, a
    notice, the text an analysis was run on) cut to ``chars`` like a list item's preview: the
    list is what the call answers; counts, cursors and status words stay whole."""
    if not path or not isinstance(shaped, dict):
        return shaped
    out = dict(shaped)
    for key, value in shaped.items():
        if key == path[0]:
            out[key] = cut_wrapper_notes(value, path[1:], marker, chars)
        elif isinstance(value, str) and len(value) > chars and len(value.split()) >= NOTE_WORDS:
            out[key] = truncate_string(value, chars, marker)
    return out


def cut_preview(shaped: Any, path: tuple[str, ...], selection: list[str], marker: str) -> Any:
    """``cut_previews`` for one object (at ``path``, the body when empty): a write's answer
    shows the text the caller just sent as a preview, not whole, shorter than a list item's
    (``WRITE_PREVIEW_CHARS``: it only says which text it was; the caller has all of it), ending
    with the ellipsis alone (``item_marker``: how many characters were cut, the caller knows)."""
    target = get_at(shaped, path) if path else shaped
    if not isinstance(target, dict):
        return shaped
    # the reason an error report gives (``errors.message``, ``error.message``) is not the
    # caller's text: the server wrote it, and it is all the caller learns of why the write
    # did not go through; a preview as a failed record's reason (``PREVIEW_CHARS``)
    reports = [p for p in selection if _in_report(parse_path(p))]
    texts = [p for p in selection if p not in reports]
    (cut,) = cut_previews([target], (), texts, item_marker(marker), WRITE_PREVIEW_CHARS)
    if reports:
        (cut,) = cut_previews([cut], (), reports, marker, PREVIEW_CHARS)
    return set_at(shaped, path, cut) if path else cut


def _reported(segments: tuple[str, ...]) -> bool:
    """A text a record's report or status part holds (``errors.message``, ``status.message``;
    a status by its word alone, ``roles.state.is_lifecycle``: not a ``condition``'s
    ``description``), or a report itself (``error``)."""
    return (
        _in_report(segments)
        or any(is_lifecycle(seg) for seg in segments[:-1])
        or (bool(segments) and _report_name(segments[-1]))
    )


def _in_report(segments: tuple[str, ...]) -> bool:
    """A path below a report (``errors.message``)."""
    return any(_report_name(seg) for seg in segments[:-1])


def drop_named_scope(shaped: Any, path: tuple[str, ...], known: frozenset[str]) -> Any:
    """A list's items without the relations that repeat what the caller named: a nested
    relation one of whose values (``repository.full_name``) or a top-level ``*_id`` that equals
    a path argument (or two joined by ``/``), the same on every item. The item's own identity
    and label are never dropped."""
    items = get_at(shaped, path)
    if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
        return shaped
    first = items[0]
    drop: list[tuple[str, ...]] = []
    for key, value in first.items():
        if own_identity_key(key) or is_label(key):
            continue
        if isinstance(value, dict) and any(_known(v, known) for v in value.values()):
            drop.append((key,))  # the relation the caller named: its name and its id
        elif _known(value, known) and is_id_name(key):
            drop.append((key,))
    drop = [d for d in drop if all(get_at(i, d) == get_at(first, d) for i in items)]
    if not drop:
        return shaped
    trimmed = [_without(item, drop) for item in items]
    return set_at(shaped, path, trimmed) if path else trimmed


def _known(value: Any, known: frozenset[str]) -> bool:
    return isinstance(value, (str, int)) and not isinstance(value, bool) and str(value) in known


def _without(item: dict[str, Any], drop: list[tuple[str, ...]]) -> dict[str, Any]:
    out = dict(item)
    for segments in drop:
        if len(segments) == 1:
            out.pop(segments[0], None)
            continue
        inner = {k: v for k, v in out.get(segments[0], {}).items() if k != segments[1]}
        if inner:
            out[segments[0]] = inner
        else:
            out.pop(segments[0], None)
    return out
