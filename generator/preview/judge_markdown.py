"""Did a Markdown answer keep what the JSON judge requires, where a reader finds it?

``judge.py`` holds a result to what the upstream sent by comparing values: the payload list's
items with their identities and labels, people's handles, the answered resource and its
state, generated content, and the named checks. A Markdown answer is text; this module reads
it as a person does (``markdown_read.py``: a table cell is its row's value under its column, a
``- **key**: value`` line a member of the object it sits in, a section an item of its list),
then applies the same judge to what was read. A value that is in the text but not where a
reader would attribute it (a row's identity under another row, a member's value outside its
object) counts as lost, like a value that is absent. An answer the server sent as compact
JSON instead (its note says Markdown would have cost more) is read as JSON.

Written apart from the renderer: nothing here or in ``markdown_read.py`` imports
``runtime/shaping``.
"""

from __future__ import annotations

import json
from typing import Any

from .judge import Verdict, judge
from .markdown_read import JOIN, WORDS, read_markdown

MAX_DEPTH = 12


def answered_as_json(text: str) -> bool:
    """The server sent compact JSON (its fallback when Markdown would cost more)."""
    try:
        json.loads(text)
    except ValueError:
        return False
    return text.strip()[:1] in ("{", "[")


def listed_values(body: Any) -> set[str]:
    """The texts of the scalars the upstream sent inside lists (as list items, or as members
    of a list's objects) that can be read back from a line joined with ``", "``: none that
    holds ``", "`` itself."""
    out: set[str] = set()

    def walk(value: Any, in_list: bool, depth: int) -> None:
        if depth > MAX_DEPTH:
            return
        if isinstance(value, list):
            for item in value:
                walk(item, True, depth + 1)
        elif isinstance(value, dict):
            for sub in value.values():
                walk(sub, in_list and not isinstance(sub, list), depth + 1)
        elif in_list:
            text = value if isinstance(value, str) else json.dumps(value)
            if JOIN not in text:
                out.add(text)

    walk(body, False, 0)
    return out


def judge_markdown(body: Any, text: str, **options: Any) -> Verdict:
    """``judge(body, <what text shows>, **options)`` (module doc). A line ``a, b`` is read as
    a list when each of its parts is a value the upstream sent in a list (``listed_values``):
    a list of values written on one line. Values that hold ``", "`` themselves cannot be told
    apart that way: written so, they read as other values, and count as lost. Spaces at a
    text's ends are not compared, nor the text ``true`` with the value: Markdown shows neither
    difference."""
    listed = listed_values(body)
    read = read_markdown(text, lambda parts: all(p in listed for p in parts))
    if answered_as_json(text):
        return judge(body, read, **options)
    return judge(_as_written(body), _as_written(read), **options)


def _as_written(value: Any, depth: int = 0) -> Any:
    """``value`` as Markdown can show it: its texts without spaces at their ends (a table
    cell's are the table's padding), an empty text as null (an empty cell is a missing
    member), and a text that is ``true``, ``false`` or ``null`` as that value (Markdown
    writes both alike)."""
    if depth > MAX_DEPTH:
        return value
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None  # an empty text: an empty cell, as a missing member
        return WORDS[text] if text in WORDS else text
    if isinstance(value, list):
        return [_as_written(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {k: _as_written(v, depth + 1) for k, v in value.items()}
    return value
