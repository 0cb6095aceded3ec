"""What a model is told when its value is not one of an enum's values.

A short enum is listed whole. A long one (a lean ``tools/list`` shows only a few examples of it,
generator/render/compact.py) gets the values closest to what was sent and how many there are:
values that contain the sent text (so a word of the value finds it: ``York`` ->
``America/New_York``), then values that are spelled alike. Sending part of a value is how a
model looks the list up, without a call reaching the upstream.
"""

from __future__ import annotations

import difflib
import json
import re
from typing import Any, Sequence

LIST_ALL_CHARS = 300  # an enum whose values fit in this many characters is listed whole
CLOSEST = 10
VALUE_CHARS = 60
_NOT_ALNUM = re.compile(r"[^a-z0-9]+")


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _key(value: Any) -> str:
    return _NOT_ALNUM.sub("", _text(value).lower())


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)  # JSON's quotes: the model sent JSON
    return text if len(text) <= VALUE_CHARS else text[: VALUE_CHARS - 1] + "…"


def closest(value: Any, allowed: Sequence[Any], limit: int = CLOSEST) -> list[Any]:
    """Up to ``limit`` values of ``allowed`` nearest ``value``: those containing it (shortest
    first), those it contains, then those spelled alike (difflib), in that order."""
    sent = _key(value)
    keys = [_key(v) for v in allowed]
    out: list[int] = []
    if sent:
        containing = [i for i, k in enumerate(keys) if sent in k]
        out += sorted(containing, key=lambda i: (len(keys[i]), i))
        out += [i for i, k in enumerate(keys) if k and k in sent and i not in out]
    if len(out) < limit:
        by_key: dict[str, int] = {}
        for i, k in enumerate(keys):
            by_key.setdefault(k, i)
        alike = difflib.get_close_matches(sent, list(by_key), n=limit, cutoff=0.5)
        out += [by_key[k] for k in alike if by_key[k] not in out]
    return [allowed[i] for i in out[:limit]]


def enum_message(value: Any, allowed: Sequence[Any]) -> str:
    """Why ``value`` is refused and which values would be accepted (all of them when they fit,
    else the closest ones and how to see others)."""
    sent = _shown(value)
    listed = ", ".join(_shown(v) for v in allowed)
    if len(listed) <= LIST_ALL_CHARS:
        return f"{sent} is not one of: {listed}"
    near = closest(value, allowed)
    if near:
        return (
            f"{sent} is not one of the {len(allowed)} allowed values. Closest: "
            + ", ".join(_shown(v) for v in near)
            + ". Send part of a value (a word) to see the values containing it."
        )
    return (
        f"{sent} is not one of the {len(allowed)} allowed values and none is close; some are: "
        + ", ".join(_shown(v) for v in allowed[:CLOSEST])
        + ". Send part of a value (a word) to see the values containing it."
    )
