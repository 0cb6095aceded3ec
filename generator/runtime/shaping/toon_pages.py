"""TOON pages: a list, or a big object's members, split into pages that are each a whole TOON
document (the ``chunking.Layout`` for ``response_format: toon``).

TOON states every array's length (``items[40]{number,title}:``), so a page's frame depends on
the items it holds: each page is encoded from its own slice of the value (``Layout.build``),
page 1 in the whole value's frame and later pages in the path down to the list, as the JSON
pages are; the parts (one item's text each) only estimate a page's share. Decoding the pages
and merging their lists gives back the list.
"""

from __future__ import annotations

from typing import Any

from .chunking import Layout, get_at, path_only, set_at
from .deadline import check
from .formats import to_toon
from .tokens import count_tokens
from .truncate import trim_to_budget


def item_text(item: Any) -> str:
    """One list item's text as TOON writes it inside a list (its row or its ``- `` block)."""
    check()  # called once per item: a worker past its call's deadline stops (deadline.py)
    text = to_toon([item])
    head, newline, body = text.partition("\n")
    return body if newline else head.partition(": ")[2]


def _trimmed(
    original: Any, render: Any, max_tokens: int, encoding: str, marker: str
) -> tuple[Any, str]:
    """``original`` shrunk until ``render(value)`` has at most ``max_tokens`` tokens (halving
    the JSON budget trim_to_budget works to); the smallest try when none fits."""
    budget = max_tokens
    value, text = original, render(original)
    while budget >= 8:
        value = trim_to_budget(original, budget, encoding, marker)[0]
        text = render(value)
        if count_tokens(text, encoding) <= max_tokens:
            break
        budget //= 2
    return value, text


def toon_layout(value: Any, path: tuple[str, ...], encoding: str, marker: str) -> Layout:
    """Pages of the list at ``path`` as TOON documents."""
    items: list[Any] = list(get_at(value, path))
    frame = [value]  # page 1's frame; ``reframe`` swaps in a trimmed skeleton
    rest = path_only(path, [])

    def build(i: int, j: int, first: bool) -> str:
        return to_toon(set_at(frame[0] if first else rest, path, items[i:j]))

    def trim_part(i: int, max_tokens: int) -> str:
        items[i], text = _trimmed(items[i], item_text, max_tokens, encoding, marker)
        return text

    def reframe(skeleton: Any) -> tuple[str, str]:
        frame[0] = skeleton
        return to_toon(set_at(skeleton, path, [])), ""

    empty = to_toon(set_at(value, path, []))
    return Layout(
        empty, "", to_toon(rest), "", "\n", [item_text(item) for item in items],
        trim_part, reframe, build,
    )  # fmt: skip


def toon_object_layout(value: Any, path: tuple[str, ...], encoding: str, marker: str) -> Layout:
    """Pages of the members of the object at ``path`` as TOON documents (page 1 in the whole
    value's frame, later pages in the path down to the object)."""
    obj: dict[str, Any] = get_at(value, path)
    keys = list(obj)
    members = dict(obj)
    rest = path_only(path, {})

    def build(i: int, j: int, first: bool) -> str:
        part = {k: members[k] for k in keys[i:j]}
        return to_toon(set_at(value if first else rest, path, part))

    def trim_part(i: int, max_tokens: int) -> str:
        key = keys[i]
        members[key], text = _trimmed(
            obj[key], lambda v: to_toon({key: v}), max_tokens, encoding, marker
        )
        return text

    parts = [to_toon({k: v}) for k, v in obj.items()]
    return Layout(
        to_toon(set_at(value, path, {})), "", to_toon(rest), "", "\n", parts, trim_part,
        None, build,
    )  # fmt: skip
