"""The one escaping path for spec strings, per output language.

Spec strings (titles, descriptions, names, URLs) are untrusted: they reach generated files only
through these filters. Python gets a literal (``repr`` of a ``str``), TOML a basic string,
Markdown text with its control characters escaped, YAML/JSON via ``json.dumps``.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~])")


def py_literal(value: Any) -> str:
    """A Python literal that evaluates to exactly ``value`` (str, int, float, bool, None)."""
    if isinstance(value, str):
        return repr(value)
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    raise TypeError(f"py_literal: unsupported type {type(value).__name__}")


def toml_string(value: str) -> str:
    """A TOML basic string (JSON string escaping is valid TOML for basic strings)."""
    return json.dumps(str(value), ensure_ascii=False)


def json_string(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def md_text(value: str) -> str:
    """Inline Markdown text: one line, Markdown/HTML control characters escaped."""
    text = " ".join(str(value).split())
    return _MD_SPECIAL.sub(r"\\\1", text)


def md_cell(value: str, limit: int = 120) -> str:
    text = " ".join(str(value).split())
    if len(text) > limit:
        text = text[: limit - 1].rsplit(" ", 1)[0] + "…"
    return md_text(text)


def md_code(value: str) -> str:
    """Inline code span that cannot be broken out of."""
    text = " ".join(str(value).split())
    ticks = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * (ticks + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def sh_word(value: str) -> str:
    """One shell word on one line (safe inside a fenced code block too)."""
    return shlex.quote(" ".join(str(value).split()))


FILTERS = {
    "sh": sh_word,
    "py": py_literal,
    "toml": toml_string,
    "json": json_string,
    "md": md_text,
    "md_cell": md_cell,
    "code": md_code,
}
