"""What kind of field a reference kept: a coarse class read from the body's values and the
field's last name, so that the held-back half's misses can be read as aggregates (which kinds
of fields the defaults leave out) without naming a row, an API or a field.

Written apart from the shaping rules (``runtime/shaping/roles``): plain tests on the value's
type and a few generic words, as a reader of the tables would sort the fields.
"""

from __future__ import annotations

import re
from typing import Any

from ..kept_roles import LONG_TEXT  # a string longer than this is prose, not a value

CLASSES = (
    "identity",
    "label or handle",
    "time",
    "link",
    "number",
    "flag",
    "short text",
    "long text",
    "list of values",
    "part (object)",
)
_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}.*)?$")
_IDENTITY = re.compile(r"(^|_)(id|ids|uuid|guid|key|sid|slug)$|[a-z](Id|ID|Uuid|Key)$")
_LABEL = frozenset(
    "name title label login username handle displayname fullname email nickname summary".split()
)


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _first(values: Any) -> Any:
    """The first value that holds something (arrays see-through, one level of nesting)."""
    if isinstance(values, list):
        for value in values:
            if value not in (None, "", [], {}):
                return value
        return None
    return values


def field_class(path: str, value: Any) -> str:
    """The class (``CLASSES``) of the field at ``path`` holding ``value`` (what ``select``
    found in the body: a list when the path goes through arrays)."""
    name = path.rsplit(".", 1)[-1]
    first = _first(value)
    while isinstance(first, list) and first and isinstance(first[0], list):
        first = _first(first[0])
    if isinstance(first, dict):
        return "part (object)"
    if isinstance(first, list):
        return "part (object)" if any(isinstance(v, dict) for v in first) else "list of values"
    if isinstance(first, bool):
        return "flag"
    if _IDENTITY.search(name) or _norm(name) == "id":
        return "identity"
    if isinstance(first, (int, float)):
        return "number"
    text = str(first)
    if text.startswith(("http://", "https://")):
        return "link"
    if _TIME.match(text):
        return "time"
    if _norm(name) in _LABEL:
        return "label or handle"
    return "long text" if len(text) > LONG_TEXT else "short text"


def position(path: str) -> str:
    """``top``: a member of the item or resource itself; ``nested``: below one of its parts."""
    return "nested" if "." in path else "top"
