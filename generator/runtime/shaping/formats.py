"""The response formats an answer can be sent in, and which one it is sent in.

``FORMATS`` is the one definition: every tool's ``response_format`` argument (arguments.py),
meta mode's call tool and code mode's ``execute`` list and validate it.

- ``json``: compact JSON (the default).
- ``markdown``: tables for lists, key/value lists for objects (markdown.py).
- ``toon``: TOON, Token-Oriented Object Notation (the official ``toon-format`` package, the
  generated package's ``[toon]`` extra): a list of uniform objects becomes one header naming
  the keys and one comma-separated row per item.

A format other than JSON is sent only when it pays: Markdown when its text is not longer than
the compact JSON it replaces (a list of arrays becomes numbered sections, several times the
JSON), TOON when its text is shorter (for data that is not a list of uniform objects it may
not be). Otherwise the answer is the compact JSON, with a note saying why; so is a ``toon``
answer of a server without the package (the note names the extra). Sizes are compared in
tokens, what the agent pays (characters mislead: a TOON object drops JSON's quotes and braces,
which often share tokens, and indents every level, so it can be shorter and cost more), on the
whole rendering before any paging (Markdown as its pages write it, ``_as_paged``): counted exactly up to ``EXACT_CHARS`` characters, estimated
from three slices beyond. A big answer is compared on a sample instead of whole: when its longest
list (the answer itself, or a list down its members) has more than ``SAMPLE_ITEMS`` items and the
sample's JSON, scaled to the whole list, would pass ``EXACT_CHARS``, both formats render an
answer whose list is ``SAMPLE_ITEMS`` items taken evenly from it, and the note's token figures
are that sample's scaled to the list. Rendering a 10 MB answer whole in two formats to learn
which is smaller held both texts (and Markdown's blocks) at once: several times the answer's
size in memory, for a figure the sample gives.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from .chunking import get_at, markdown_layout, set_at
from .markdown import to_markdown
from .tokens import count_tokens
from .truncate import dumps

FORMATS = ("json", "markdown", "toon")
TOON_EXTRA = "toon"  # the generated package's extra that brings toon-format
TOON_PACKAGE = "toon-format"
EXACT_CHARS = 200_000  # longer renderings are compared by estimate
SAMPLE_CHARS = 20_000
SAMPLE_ITEMS = 64  # items of a big answer's longest list its formats are compared on
LIST_DEPTH = 4  # members down which the longest list is looked for


def toon_module() -> ModuleType | None:
    """The ``toon_format`` package, or None when it is not installed."""
    try:
        import toon_format
    except ImportError:
        return None
    return toon_format


def to_toon(value: Any) -> str:
    """``value`` as a TOON document (comma-delimited, two-space indent)."""
    module = toon_module()
    if module is None:
        raise RuntimeError(f"{TOON_PACKAGE} is not installed")
    text: str = module.dumps(value)
    return text


def render(value: Any, response_format: str) -> str:
    """``value`` in ``response_format`` (one of ``FORMATS``), unconditionally."""
    if response_format == "markdown":
        return to_markdown(value)
    if response_format == "toon":
        return to_toon(value)
    return dumps(value)


def size(text: str, encoding: str) -> int:
    """Tokens of ``text``: exact up to ``EXACT_CHARS`` characters, else estimated from three
    slices (start, middle, end) of ``SAMPLE_CHARS`` each."""
    if len(text) <= EXACT_CHARS:
        return count_tokens(text, encoding)
    mid = len(text) // 2
    slices = (text[:SAMPLE_CHARS], text[mid : mid + SAMPLE_CHARS], text[-SAMPLE_CHARS:])
    sampled = sum(count_tokens(part, encoding) for part in slices)
    return round(sampled / (3 * SAMPLE_CHARS) * len(text))


def choose_format(
    value: Any, requested: str, encoding: str = "o200k_base", path: tuple[str, ...] | None = None
) -> tuple[str, str | None]:
    """The format ``value`` is sent in when ``requested`` was asked for, and a note when that
    is not the one asked for (compact JSON instead: see the module doc). ``path``: where the
    answered list is (the pages are built around it; ``paging.page``): Markdown is measured
    as those pages write it, not as ``to_markdown`` writes the whole value."""
    if requested == "json":
        return "json", None
    if requested == "toon" and toon_module() is None:
        return "json", (
            f'[response_format "toon" needs the {TOON_PACKAGE} package: install this server\'s '
            f"[{TOON_EXTRA}] extra; answered in compact JSON]"
        )
    compared, scale = _sampled(value)
    markdown = requested == "markdown" and scale == 1.0
    paged = _as_paged(compared, path, encoding) if markdown else None
    text = paged if paged is not None else render(compared, requested)
    if requested == "toon" and not text:  # TOON writes an empty object as nothing at all
        return "json", "[TOON has no text for an empty object; answered in compact JSON]"
    tokens = round(size(text, encoding) * scale)
    del text, paged  # one rendering held at a time
    json_tokens = round(size(dumps(compared), encoding) * scale)
    if requested == "markdown" and tokens > json_tokens:
        return "json", (
            f"[Markdown would be larger than compact JSON here ({tokens:,} vs {json_tokens:,} "
            "tokens); answered in compact JSON]"
        )
    if requested == "toon" and tokens >= json_tokens:
        return "json", (
            f"[TOON would not be smaller than compact JSON here ({tokens:,} vs {json_tokens:,} "
            "tokens: it pays for lists of uniform objects); answered in compact JSON]"
        )
    return requested, None


def _as_paged(value: Any, path: tuple[str, ...] | None, encoding: str) -> str | None:
    """The Markdown text one page holds when the answered list at ``path`` is paged
    (``chunking.markdown_layout``: the list under a ``**path** (N items):`` line), None when
    there is no such list."""
    if path is None and isinstance(value, list):
        path = ()
    if path is None or not get_at(value, path):
        return None
    return markdown_layout(value, path, encoding, "…").full_text()  # (no page cut: no marker)


def _longest_list(value: Any) -> tuple[str, ...] | None:
    """Key path (through objects, ``LIST_DEPTH`` members deep) of the list with most items."""
    if isinstance(value, list):
        return ()
    best: tuple[int, tuple[str, ...]] | None = None
    level: list[tuple[tuple[str, ...], Any]] = [((), value)]
    for _ in range(LIST_DEPTH):
        deeper = []
        for path, node in level:
            if not isinstance(node, dict):
                continue
            for key, sub in node.items():
                if isinstance(sub, list) and (best is None or len(sub) > best[0]):
                    best = (len(sub), (*path, key))
                elif isinstance(sub, dict):
                    deeper.append(((*path, key), sub))
        level = deeper
    return best[1] if best else None


def _sampled(value: Any) -> tuple[Any, float]:
    """What the formats are compared on, and the factor from its sizes to the answer's: the
    answer itself, or (see the module doc) the answer with its longest list sampled."""
    path = _longest_list(value)
    if path is None:
        return value, 1.0
    items = get_at(value, path)
    if not isinstance(items, list) or len(items) <= SAMPLE_ITEMS:
        return value, 1.0
    step = len(items) / SAMPLE_ITEMS
    sample = [items[int(i * step)] for i in range(SAMPLE_ITEMS)]
    scale = len(items) / SAMPLE_ITEMS
    if len(dumps(sample)) * scale <= EXACT_CHARS:
        return value, 1.0
    return set_at(value, path, sample), scale
