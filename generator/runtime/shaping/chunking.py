"""Split a rendered response into pages by exact token count; every page stands on its own.

A page is ``prefix + sep.join(parts[i:j]) + suffix``. The first page carries the wrapper's
metadata (``has_more``, ``next_cursor``, ``total_count``...) in its prefix/suffix; later pages
repeat only the path down to the list (JSON) or the table header (Markdown), so each page is
valid JSON / a readable table, item order is kept, and merging the pages' lists gives back the
full list.

Speed: parts are measured with a tokens-per-character ratio calibrated on a sample and
updated after every page; each page is then counted exactly (once, rarely twice), so the
whole output is tokenized about once. Every count returned is exact, and every page is at most
``budget`` tokens (a part too big for any page is trimmed structurally first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .graphemes import cut, grapheme_floor
from .markdown import bullet, joinable, render_lines, row_for_item, scalar_text, section
from .markdown import table_parts
from .tokens import count_tokens
from .truncate import dumps, trim_to_budget

_SAMPLE_CHARS = 6000
_TARGET = 0.97  # aim pages at this share of the budget by estimate, then count exactly
_FILL_BELOW = 0.85  # a page counted under this share of the budget tries to take more parts


@dataclass(frozen=True)
class Layout:
    first_prefix: str
    first_suffix: str
    rest_prefix: str
    rest_suffix: str
    sep: str
    parts: list[str]
    trim_part: Callable[[int, int], str]  # (part index, max tokens) -> smaller part text
    reframe: Callable[[Any], tuple[str, str]] | None = None  # skeleton -> first prefix/suffix
    # A format whose frame depends on the parts it holds (TOON's ``[N]`` lengths) builds each
    # page itself: (first part, end, first page) -> the page's text. The parts then only
    # estimate their share of a page; every page is still counted exactly.
    build: Callable[[int, int, bool], str] | None = None

    def full_text(self) -> str:
        """Everything on one page (what is returned when no paging is needed): one join, so
        a big response is never copied twice over."""
        if self.build is not None:
            return self.build(0, len(self.parts), True)
        pieces = [self.first_prefix]
        for i, part in enumerate(self.parts):
            if i:
                pieces.append(self.sep)
            pieces.append(part)
        pieces.append(self.first_suffix)
        return "".join(pieces)

    def chars(self) -> int:
        """Length of ``full_text()``, without building it."""
        fixed = len(self.first_prefix) + len(self.first_suffix)
        return fixed + sum(map(len, self.parts)) + len(self.sep) * max(len(self.parts) - 1, 0)

    def estimated_tokens(self, encoding: str) -> float:
        """Tokens of ``full_text()`` estimated from a sample, without building it."""
        return _ratio(self.parts, self.sep, encoding) * self.chars()


@dataclass(frozen=True)
class Packed:
    chunks: list[str]
    tokens: list[int]
    trimmed_parts: int
    ends: list[int]  # the index after each page's last part


def _ratio(parts: list[str], sep: str, encoding: str) -> float:
    """Tokens per character, measured on up to three slices of the parts (start/middle/end)."""
    n = len(parts)
    picks: list[str] = []
    for start in sorted({0, n // 2, max(0, n - 1)}):
        size = 0
        i = start
        while i < n and size < _SAMPLE_CHARS // 3:
            picks.append(parts[i])
            size += len(parts[i])
            i += 1
    sample = sep.join(picks)[:_SAMPLE_CHARS]
    if not sample:
        return 0.5
    return max(count_tokens(sample, encoding) / len(sample), 0.05)


def pack(layout: Layout, budget: int, encoding: str) -> Packed:
    """Greedy packing of ``layout.parts`` into pages of at most ``budget`` tokens.

    Consumes the layout: each part is released once its page is built, so a big response is
    held about once (parts giving way to pages), not twice."""
    parts = layout.parts
    sep = layout.sep
    n = len(parts)
    fixed_first = count_tokens(layout.first_prefix + layout.first_suffix, encoding)
    fixed_rest = count_tokens(layout.rest_prefix + layout.rest_suffix, encoding)
    ratio = _ratio(parts, sep, encoding) * 1.05
    sep_tokens = len(sep) * 1.0
    trimmed = 0

    # Parts that cannot fit in any page are trimmed first (byte length bounds tokens).
    room = budget - max(fixed_first, fixed_rest) - 2
    for i, part in enumerate(parts):
        if len(part) * 4 > room and len(part.encode("utf-8")) > room:
            if count_tokens(part, encoding) > room:
                parts[i] = layout.trim_part(i, max(room, 1))
                trimmed += 1

    chunks: list[str] = []
    counts: list[int] = []
    ends: list[int] = []
    i = 0
    while i < n or (n == 0 and not chunks):
        first = not chunks
        prefix = layout.first_prefix if first else layout.rest_prefix
        suffix = layout.first_suffix if first else layout.rest_suffix
        fixed = fixed_first if first else fixed_rest

        def build(j: int) -> str:
            if layout.build is not None:
                return layout.build(i, j, first)
            return prefix + sep.join(parts[i:j]) + suffix

        est = float(fixed)
        j = i
        while j < n:
            add = len(parts[j]) * ratio + (sep_tokens if j > i else 0.0)
            if j > i and est + add > budget * _TARGET:
                break
            est += add
            j += 1
        text = build(j)
        tokens = count_tokens(text, encoding)
        while tokens > budget and j - i > 1:
            over = tokens - budget
            dropped = 0.0
            while j - i > 1 and dropped < over * 1.1 + 1:
                j -= 1
                dropped += len(parts[j]) * ratio + sep_tokens
            text = build(j)
            tokens = count_tokens(text, encoding)
        if tokens > budget and j > i:
            parts[i] = _shrink_single(layout, i, budget, fixed, prefix, suffix, encoding, first)
            trimmed += 1
            text = build(j)
            tokens = count_tokens(text, encoding)
        # Fill an underfull page when the estimate was too cautious.
        for _ in range(3):
            if j >= n or tokens >= budget * _FILL_BELOW:
                break
            per_char = tokens / max(len(text), 1)
            spare = (budget - tokens) * 0.9
            k = j
            while k < n and spare > 0:
                spare -= len(parts[k]) * per_char * 1.05 + sep_tokens
                if spare < 0 and k > j:
                    break
                k += 1
            candidate = build(k)
            cand_tokens = count_tokens(candidate, encoding)
            if cand_tokens > budget:
                break
            j, text, tokens = k, candidate, cand_tokens
        if len(text) > 0:
            ratio = max(ratio * 0.5 + (tokens / len(text)) * 1.05 * 0.5, 0.05)
        # Counting a non-ASCII str leaves its UTF-8 copy cached on it: keep a fresh build.
        chunks.append(text if text.isascii() else build(j))
        counts.append(tokens)
        ends.append(j)
        parts[i:j] = [""] * (j - i)
        i = j
        if n == 0:
            break
    return Packed(chunks, counts, trimmed, ends)


def _shrink_single(
    layout: Layout,
    i: int,
    budget: int,
    fixed: int,
    prefix: str,
    suffix: str,
    encoding: str,
    first: bool = False,
) -> str:
    """Trim part ``i`` until it fits alone on a page (boundary effects make this rare)."""
    room = budget - fixed - 2
    part = layout.parts[i]
    for _ in range(6):
        room = max(room, 1)
        part = layout.trim_part(i, room)
        alone = (
            layout.build(i, i + 1, first) if layout.build is not None else prefix + part + suffix
        )
        if count_tokens(alone, encoding) <= budget:
            return part
        room = room * 3 // 4
    return part


# ---------------------------------------------------------------------------- layouts


def get_at(value: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def set_at(value: Any, path: tuple[str, ...], new: Any) -> Any:
    """A copy of ``value`` with ``path`` replaced (containers along the path are copied)."""
    if not path:
        return new
    out = dict(value)
    out[path[0]] = set_at(value[path[0]], path[1:], new)
    return out


def path_only(path: tuple[str, ...], leaf: Any) -> Any:
    """``{"a": {"b": leaf}}`` for path ``("a", "b")``."""
    for key in reversed(path):
        leaf = {key: leaf}
    return leaf


def split_json_around(
    value: Any, path: tuple[str, ...], brackets: tuple[str, str] = ("[", "]")
) -> tuple[str, str]:
    """(prefix, suffix) such that ``prefix + "]"``... i.e. the compact JSON of ``value`` with
    the list at ``path`` open: ``prefix + items + suffix`` is the JSON of the whole value.
    ``brackets=("{", "}")``: the object at ``path`` is open (its members go in between)."""
    if not path:
        return brackets
    key = path[0]
    keys = list(value)
    at = keys.index(key)
    before = ",".join(f"{dumps(k)}:{dumps(value[k])}" for k in keys[:at])
    after = ",".join(f"{dumps(k)}:{dumps(value[k])}" for k in keys[at + 1 :])
    inner_prefix, inner_suffix = split_json_around(value[key], path[1:], brackets)
    prefix = "{" + before + ("," if before else "") + dumps(key) + ":" + inner_prefix
    suffix = inner_suffix + ("," + after if after else "") + "}"
    return prefix, suffix


def fit_skeleton(
    value: Any, path: tuple[str, ...], budget: int, encoding: str, marker: str
) -> Any | None:
    """The value with its list emptied and trimmed to half a page, or None if it already fits.

    Only needed when the metadata around the list is itself big (the first page carries it).
    """
    skeleton = set_at(value, path, [])
    if count_tokens(dumps(skeleton), encoding) <= budget // 2:
        return None
    trimmed, _ = trim_to_budget(skeleton, budget // 2, encoding, marker, keep_path=path)
    if get_at(trimmed, path) != []:
        trimmed = path_only(path, [])
    return trimmed


def json_layout(value: Any, path: tuple[str, ...], encoding: str, marker: str) -> Layout:
    """Pages of the list at ``path`` as JSON; the first page frame is the whole value's."""
    items: list[Any] = get_at(value, path)
    first_prefix, first_suffix = split_json_around(value, path)
    rest_prefix, rest_suffix = split_json_around(path_only(path, []), path)

    def trim_part(i: int, max_tokens: int) -> str:
        return dumps(trim_to_budget(items[i], max_tokens, encoding, marker)[0])

    def reframe(skeleton: Any) -> tuple[str, str]:
        return split_json_around(skeleton, path)

    return Layout(
        first_prefix,
        first_suffix,
        rest_prefix,
        rest_suffix,
        ",",
        [dumps(item) for item in items],
        trim_part,
        reframe,
    )


def markdown_layout(
    value: Any, path: tuple[str, ...], encoding: str, marker: str, allow_table: bool = True
) -> Layout:
    """Pages of the list at ``path`` as a Markdown table (scalars on one line, or bullets when
    joined they would not read apart; else sections) under the metadata.

    ``allow_table=False`` forces sections (used when a table header alone would take too much
    of every page)."""
    items: list[Any] = get_at(value, path)
    table = table_parts(items) if allow_table else None
    scalars = table is None and all(not isinstance(item, (dict, list)) for item in items)
    joined = scalars and joinable(items)
    if table is not None:
        header, parts, sep = table.header + "\n", table.rows, "\n"
    elif joined:  # on one line, as a list under a key is written anywhere else (markdown.py)
        header, parts, sep = "", [scalar_text(item) for item in items], ", "
    elif scalars:  # one bullet each
        header, parts, sep = "", [bullet(item, "") for item in items], "\n"
    else:
        header, sep = "", "\n\n"
        parts = [section(item, i + 1) for i, item in enumerate(items)]
    label = ".".join(path)
    if count_tokens(label, encoding) > 16:
        label = "items"

    def reframe(skeleton: Any) -> tuple[str, str]:
        if not path:
            return header, ""
        meta = without(skeleton, path)
        meta_md = "\n".join(render_lines(meta, "")) + "\n\n" if meta else ""
        return f"{meta_md}**{label}** ({len(items)} items):\n\n{header}", ""

    rest_prefix = f"**{label}** (continued):\n\n{header}" if path else header

    def render(i: int, item: Any) -> str:
        if table is not None:
            return row_for_item(table.columns, item)
        if joined:
            return scalar_text(item)
        if scalars:
            return bullet(item, "")
        return section(item, i + 1)

    def trim_part(i: int, max_tokens: int) -> str:
        json_budget = max_tokens
        while json_budget >= 8:
            text = render(i, trim_to_budget(items[i], json_budget, encoding, marker)[0])
            if count_tokens(text, encoding) <= max_tokens:
                return text
            json_budget //= 2
        if table is not None:
            return "| " + " | ".join(["… [item too large]"] * len(table.columns)) + " |"
        if joined:
            return "… [item too large]"
        if scalars:
            return "- … [item too large]"
        return f"### {i + 1}.\n\n… [item too large]"

    first_prefix, first_suffix = reframe(value)
    return Layout(first_prefix, first_suffix, rest_prefix, "", sep, parts, trim_part, reframe)


def without(value: Any, path: tuple[str, ...]) -> Any:
    """``value`` minus the key path (parents left empty by the removal are dropped too)."""
    if not path or not isinstance(value, dict):
        return value
    out = dict(value)
    if len(path) == 1:
        out.pop(path[0], None)
        return out
    sub = without(out.get(path[0]), path[1:])
    if isinstance(sub, dict) and not sub:
        out.pop(path[0], None)
    else:
        out[path[0]] = sub
    return out


def text_layout(text: str, budget: int) -> Layout:
    """Plain text: parts are lines (ends kept); a line longer than half a page is split."""
    piece = max(budget // 8, 16)  # <= 4 bytes per char, so a piece is <= budget / 2 tokens
    parts: list[str] = []
    for line in text.splitlines(keepends=True):
        if len(line) <= piece:
            parts.append(line)
        else:
            start = 0
            while start < len(line):  # pieces end on grapheme-cluster boundaries
                end = grapheme_floor(line, start + piece)
                end = end if end > start else start + piece
                parts.append(line[start:end])
                start = end

    def trim_part(i: int, max_tokens: int) -> str:
        n = max(max_tokens // 4, 1)
        return cut(parts[i], n) or parts[i][:n]  # a cluster longer than n: cut it anyway

    return Layout("", "", "", "", "", parts, trim_part)


def largest_array_path(value: Any, max_depth: int = 6) -> tuple[str, ...] | None:
    """Key path (through objects only) of the non-empty array with the longest JSON."""
    best: tuple[int, tuple[str, ...]] | None = None

    def walk(node: Any, path: tuple[str, ...]) -> None:
        nonlocal best
        if len(path) > max_depth or not isinstance(node, dict):
            return
        for key, sub in node.items():
            here = (*path, key)
            if isinstance(sub, list) and sub:
                size = len(dumps(sub))
                if best is None or size > best[0]:
                    best = (size, here)
            elif isinstance(sub, dict):
                walk(sub, here)

    walk(value, ())
    return best[1] if best is not None else None


# ---------------------------------------------------------------------------- objects by keys


def object_path(value: Any, budget: int, encoding: str) -> tuple[str, ...]:
    """Where to page a big object by its keys: the root, or, down a member holding most of the
    object (a ``{"data": {...}}`` wrapper), that member, while what is around it stays small
    (at most a quarter page: it is repeated on page 1 only)."""
    path: tuple[str, ...] = ()
    node = value
    while isinstance(node, dict) and len(path) < 8:
        sizes = {k: len(dumps(v)) for k, v in node.items() if isinstance(v, dict) and len(v) > 1}
        if not sizes:
            break
        key = max(sizes, key=lambda k: sizes[k])
        if sizes[key] * 2 < len(dumps(node)):
            break
        frame = dumps(set_at(value, (*path, key), {}))
        if count_tokens(frame, encoding) > budget // 4:
            break
        path, node = (*path, key), node[key]
    return path


def json_object_layout(value: Any, path: tuple[str, ...], encoding: str, marker: str) -> Layout:
    """Pages of the members of the object at ``path``; each page is a valid JSON object with
    some of them (page 1 in the whole value's frame, later pages in the path down to it), so
    merging the pages' objects gives back the object."""
    obj: dict[str, Any] = get_at(value, path)
    keys = list(obj)
    first_prefix, first_suffix = split_json_around(value, path, ("{", "}"))
    rest_prefix, rest_suffix = split_json_around(path_only(path, {}), path, ("{", "}"))

    def trim_part(i: int, max_tokens: int) -> str:
        head = dumps(keys[i]) + ":"
        room = max(max_tokens - count_tokens(head, encoding) - 1, 1)
        return head + dumps(trim_to_budget(obj[keys[i]], room, encoding, marker)[0])

    parts = [f"{dumps(k)}:{dumps(v)}" for k, v in obj.items()]
    return Layout(first_prefix, first_suffix, rest_prefix, rest_suffix, ",", parts, trim_part)


def markdown_object_layout(value: Any, path: tuple[str, ...], encoding: str, marker: str) -> Layout:
    """Pages of the members of the object at ``path`` as Markdown ``- **key**: value`` blocks,
    under the rest of the value on page 1 and a ``**path** (continued)`` line after."""
    obj: dict[str, Any] = get_at(value, path)
    keys = list(obj)
    label = ".".join(path) if count_tokens(".".join(path), encoding) <= 16 else "object"

    def render(key: str, member: Any) -> str:
        return "\n".join(render_lines({key: member}, ""))

    first_prefix = rest_prefix = ""
    if path:
        meta = without(value, path)
        meta_md = "\n".join(render_lines(meta, "")) + "\n\n" if meta else ""
        first_prefix = f"{meta_md}**{label}** ({len(keys)} keys):\n\n"
        rest_prefix = f"**{label}** (continued):\n\n"

    def trim_part(i: int, max_tokens: int) -> str:
        json_budget = max_tokens
        while json_budget >= 8:
            text = render(keys[i], trim_to_budget(obj[keys[i]], json_budget, encoding, marker)[0])
            if count_tokens(text, encoding) <= max_tokens:
                return text
            json_budget //= 2
        return f"- **{keys[i]}**: … [value too large]"

    parts = [render(k, v) for k, v in obj.items()]
    return Layout(first_prefix, "", rest_prefix, "", "\n", parts, trim_part)
