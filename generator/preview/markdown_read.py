"""Read a Markdown answer back into values, as a person reads it: the judge's Markdown eyes.

Written apart from the renderer (``runtime/shaping/markdown.py`` and ``chunking.py`` are not
imported here) from the Markdown a user receives, so that the judge (``judge_markdown.py``)
can hold the text to what the JSON judge requires. A value counts where a reader would find
it, attributed to what it sits under:

- a **table** (``| a | b.c |`` header, ``|---|`` separator, one line per row) is a list of
  rows; a cell is the value of its row under its column (a dotted column ``user.login`` is
  the member ``login`` of the row's ``user``); an empty cell is no value; ``\\|`` is ``|``,
  ``\\\\`` is ``\\``, ``<br>`` a line break and ``\\<br>`` the text ``<br>``;
- a **key/value line** ``- **key**: value`` is a member of the object it sits in; an
  indented block under ``- **key**:`` is that member's value (an object, a table, a list,
  a fenced text); ``{}`` and ``[]`` are empty values;
- **sections** (``### 1. name: ...`` headings) are the items of a list, each its section's
  body; ``- item 1:`` blocks likewise; plain bullets ``- text`` are a list of values;
- a **fenced block** is one text, its lines as written;
- a **paged part** ``**path** (12 items):`` / ``(3 keys):`` / ``(continued):`` holds the
  value at that dotted path of the object around it;
- a list written as JSON on one line (``["p, q","r"]``) is that list, and a text quoted as
  JSON (``"[\"a\"]"``) that text;
- a **scalar** reads as JSON would write it (``3``, ``2.5``, ``null``, ``true``), anything
  else as text; a text cut short keeps its truncation marker (``…``), as the JSON judge
  expects.

A value written on one line as ``a, b`` is one text, or a list of values when the caller says
the text is one (``Joined``: the judge knows which values the upstream sent in lists; the text
cannot say whether ``a, b`` was one value or two). A list read from a dotted column
``labels.name`` is the list of objects ``labels: [{name: a}, {name: b}]`` when no other column
reads into ``labels``. A text that parses as JSON is JSON: the server answers in compact JSON
when Markdown would cost more (its note says so).
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable

_KV = re.compile(r"^- \*\*(?P<key>(?:[^*\\]|\\.|\*(?!\*:))+)\*\*:(?: (?P<rest>.*))?$")
_PART = re.compile(r"^\*\*(?P<path>.+)\*\* \((?:\d+ items|\d+ keys|continued)\):$")
_SECTION = re.compile(r"^### \d+\.")
_ITEM = re.compile(r"^- item \d+:$")
_FENCE = re.compile(r"^(`{3,})$")
_NUMBER = re.compile(r"^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$")
_SEPARATOR = re.compile(r"^\|(?:\s*:?-{3,}:?\s*\|)+$")
WORDS = {"null": None, "true": True, "false": False}
EMPTY: dict[str, Any] = {
    "(empty object)": {},
    "{}": {},
    "(empty list)": [],
    "(no items)": [],
    "[]": [],
}
JOIN = ", "  # values of a list written on one line

Joined = Callable[[list[str]], bool]  # these parts of a text are a list's values


def never(parts: list[str]) -> bool:
    return False


def read_markdown(text: str, joined: Joined = never) -> Any:
    """The values ``text`` shows (module doc); compact JSON is read as JSON; ``joined`` says
    which texts holding ``", "`` are lists written on one line."""
    stripped = text.strip()
    if stripped[:1] in ("{", "[", '"'):
        try:
            return json.loads(stripped)
        except ValueError:
            pass
    return _value(text.split("\n"), joined)


def scalar(text: str, joined: Joined = never) -> Any:
    """One value written on a line or in a cell (a list when written as one, module doc)."""
    if text == "{}":
        return {}
    if len(text) >= 2 and text[0] + text[-1] in ("[]", '""'):
        try:
            values = json.loads(text)
        except ValueError:
            pass
        else:
            if isinstance(values, (list, str)):
                return values
    if JOIN in text:
        parts = text.split(JOIN)
        if joined(parts):
            return [_one(part) for part in parts]
    return _one(text)


def _one(text: str) -> Any:
    if text in WORDS:
        return WORDS[text]
    if _NUMBER.match(text):
        number = json.loads(text)
        if json.dumps(number) == text:  # else a text of digits (``1.5020``), kept as written
            return number
    return text


def _trimmed(lines: list[str]) -> list[str]:
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return lines[start:end]


def _dedent(lines: list[str], width: int) -> list[str]:
    return [line[width:] if line[:width].strip() == "" else line.lstrip() for line in lines]


def _value(lines: list[str], joined: Joined) -> Any:
    lines = _trimmed(lines)
    if not lines:
        return None
    first = lines[0]
    if first in EMPTY and len(lines) == 1:
        return EMPTY[first]
    if _SECTION.match(first):
        return _blocks(lines, _SECTION, False, joined)
    if _ITEM.match(first):
        return _blocks(lines, _ITEM, True, joined)
    if _KV.match(first) or _PART.match(first):
        return _object(lines, joined)
    if first.startswith("|") and len(lines) > 1 and _SEPARATOR.match(lines[1].replace(" ", "")):
        return _table(lines, joined)
    if first.startswith("-"):
        return _bullets(lines, joined)
    fence = _FENCE.match(first)
    if fence:
        return _fenced(lines, 0)[0]
    if len(lines) == 1:
        return scalar(first, joined)
    return "\n".join(lines)


def _children(lines: list[str], i: int) -> tuple[list[str], int]:
    """The block indented under line ``i - 1`` (blank lines inside it included), dedented."""
    j = i
    while j < len(lines) and (not lines[j].strip() or lines[j].startswith("  ")):
        j += 1
    while j > i and not lines[j - 1].strip():
        j -= 1
    return _dedent(lines[i:j], 2), j


def _object(lines: list[str], joined: Joined) -> dict[str, Any]:
    out: dict[str, Any] = {}
    i = 0
    while i < len(lines):
        line = lines[i]
        part = _PART.match(line)
        if part:  # a paged part: everything after it is the value at its path
            _put(out, part.group("path").split("."), _value(lines[i + 1 :], joined))
            break
        kv = _KV.match(line)
        if not kv:
            i += 1
            continue
        key = re.sub(r"\\(.)", r"\1", kv.group("key"))
        rest = kv.group("rest")
        if rest is not None and rest != "":
            out[key] = EMPTY[rest] if rest in ("{}", "[]") else scalar(rest, joined)
            i += 1
            continue
        block, i = _children(lines, i + 1)
        out[key] = _value(block, joined)
    return out


def _put(out: dict[str, Any], path: list[str], value: Any) -> None:
    for key in path[:-1]:
        nested = out.get(key)
        if not isinstance(nested, dict):
            nested = out[key] = {}
        out = nested
    out[path[-1]] = value


def _blocks(lines: list[str], head: re.Pattern[str], indented: bool, joined: Joined) -> list[Any]:
    """Items that each start at a heading line matched by ``head`` (their bodies indented
    under it when ``indented``)."""
    starts = [i for i, line in enumerate(lines) if head.match(line)]
    items = []
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        body = lines[start + 1 : end]
        if indented:
            body = _dedent(body, 2)
        items.append(_value(body, joined))
    return items


def _bullets(lines: list[str], joined: Joined) -> list[Any]:
    items: list[Any] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line == "-":
            block, i = _children(lines, i + 1)
            items.append(_value(block, joined))
            continue
        if line.startswith("- "):
            items.append(scalar(line[2:], joined))
        i += 1
    return items


def _fenced(lines: list[str], i: int) -> tuple[str, int]:
    bar = lines[i]
    j = i + 1
    while j < len(lines) and lines[j] != bar:
        j += 1
    return "\n".join(lines[i + 1 : j]), j + 1


def cells(line: str) -> list[str]:
    """The cells of one table line: split at unescaped ``|``, escapes undone (``\\<br>`` is
    the text ``<br>``), ``<br>`` read as a line break, spaces around a cell dropped."""
    out: list[str] = []
    cell: list[str] = []
    i = 0
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    while i < len(body):
        ch = body[i]
        if body.startswith("<br>", i):
            cell.append("\n")
            i += 4
            continue
        if ch == "\\" and i + 1 < len(body):
            cell.append(body[i + 1])
            i += 2
            continue
        if ch == "|":
            out.append("".join(cell).strip())
            cell = []
        else:
            cell.append(ch)
        i += 1
    if "".join(cell).strip():
        out.append("".join(cell).strip())
    return out


def _table(lines: list[str], joined: Joined) -> list[Any]:
    columns = cells(lines[0])
    rows: list[Any] = []
    for line in lines[2:]:
        if not line.startswith("|"):
            break
        row: dict[str, Any] = {}
        for column, cell in zip(columns, cells(line)):
            if cell == "":
                continue
            path = column.split(".")
            if _clashes(row, path):
                continue
            value = scalar(cell, joined)
            if isinstance(value, list) and len(path) > 1 and _alone(columns, path):
                _put(row, path[:-2] + [path[-2]], [{path[-1]: v} for v in value])
            else:
                _put(row, path, value)
        rows.append(row)
    return rows


def _alone(columns: list[str], path: list[str]) -> bool:
    """No other column reads into the object the list of ``path`` belongs to."""
    parent = ".".join(path[:-1]) + "."
    return sum(c.startswith(parent) for c in columns) == 1


def _clashes(row: dict[str, Any], path: list[str]) -> bool:
    node: Any = row
    for key in path[:-1]:
        node = node.get(key) if isinstance(node, dict) else None
        if node is None:
            return False
        if not isinstance(node, dict):
            return True
    return isinstance(node, dict) and path[-1] in node
