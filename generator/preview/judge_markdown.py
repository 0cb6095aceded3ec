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
from .markdown_read import read_markdown


def answered_as_json(text: str) -> bool:
    """The server sent compact JSON (its fallback when Markdown would cost more)."""
    try:
        json.loads(text)
    except ValueError:
        return False
    return text.strip()[:1] in ("{", "[")


def judge_markdown(body: Any, text: str, **options: Any) -> Verdict:
    """``judge(body, <what text shows>, **options)`` (module doc)."""
    return judge(body, read_markdown(text), **options)
