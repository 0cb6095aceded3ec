"""JSON value -> Markdown an agent reads easily.

- A list of flat-ish objects becomes a table. Nested objects are flattened into dotted
  columns (``user.login``), arrays of scalars are joined with ``, ``, arrays of one-key
  objects become one column (``labels.name``). Cells escape ``|`` (and a ``<br>`` of the
  text itself, written ``\\<br>``) and turn newlines into ``<br>``; ``null`` is written
  ``null`` and a missing field leaves the cell empty. Objects with no member at all make no
  table (a table needs a column): they are sections.
- An array of scalars one of which holds ``, `` or is empty (``["p, q", "r"]``) is written
  as its compact JSON (``["p, q","r"]``), in a cell and on a key/value line alike: joined,
  its values could not be told apart; so is an empty array in a cell (``[]``: an empty cell
  is a missing field), and an array of one scalar, in a cell or on a key/value line
  (``["x"]``, ``- **tags**: ["x"]``), which would read as the scalar.
- Text that would read as something else where it stands is fenced: on a line of its own
  (a bullet, a list's item), text that starts a Markdown block or one of these structures
  (``-``, ``# ``, ``|``, ``>``, ``1. ``, a fence, ``**``, ``[``/``{``, ``(empty list)``,
  leading spaces); after a key, text that reads as a value of another type (``[]``, ``{}``,
  ``["a"]``, ``"a"``); in a cell, where nothing can be fenced, such text is quoted as JSON
  (``"[\"a\"]"``), and ``|`` and line breaks, which would break the row, are escaped.
- Text that reads as a number, a boolean or null (``"3"``, ``"1.50"``, ``"true"``, ``"null"``:
  what JSON would write unquoted) is quoted as JSON wherever it stands, in a cell, after a
  key, on a line of its own, so that ``"3"`` reads apart from ``3``; in a list on one line it
  makes the list its compact JSON (``["1","2"]``). Other text stays unquoted (``1.2.0``,
  ``#12``, ``007``).
- Other lists become numbered sections, one per item.
- An object becomes a key/value list; nested objects nest.
- Long or multi-line text goes into a fenced code block whose fence is longer than any
  backtick run inside it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .graphemes import cut

MAX_TABLE_COLUMNS = 16
MAX_CELL_CHARS = 300
INLINE_TEXT_CHARS = 120
JOIN = ", "  # the values of an array of scalars on one line
_FLAT_DEPTH = 2
_BACKTICKS = re.compile(r"`+")
# text that, on a line of its own, starts a Markdown block or reads as one of this module's
# structures: a bullet, a heading, a table row, a quote, a numbered item, a fence, a bold key
# or part, JSON, an empty marker, or indentation
_OPENS_BLOCK = re.compile(
    r"^(?:\s|[->|\[{]|[+*](?:\s|$)|#{1,6}(?:\s|$)|\*\*|\d+[.)](?:\s|$)|```|~~~"
    r"|\((?:empty object|empty list|no items)\)$)"
)


# text that JSON would write unquoted: a number, a boolean or null (written quoted: module doc)
_JSON_SCALAR = re.compile(r"^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$")


def reads_as_scalar(text: str) -> bool:
    """Text a reader would take for a number, a boolean or null (``"3"``, ``"true"``)."""
    return bool(_JSON_SCALAR.match(text))


def scalar_text(value: Any) -> str:
    """A scalar as JSON would write it, strings unquoted."""
    if isinstance(value, str):
        return value
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def escape_cell(text: str) -> str:
    text = text.replace("\\", "\\\\").replace("|", "\\|").replace("<br>", "\\<br>")
    return text.replace("\r\n", "<br>").replace("\n", "<br>").replace("\r", "<br>").strip()


def fence(text: str, indent: str = "") -> str:
    """``text`` in a fenced code block (fence longer than any backtick run in the text)."""
    longest = max((len(m) for m in _BACKTICKS.findall(text)), default=0)
    bar = "`" * max(3, longest + 1)
    body = "\n".join(indent + line for line in text.split("\n"))
    return f"{indent}{bar}\n{body}\n{indent}{bar}"


def _is_long(text: str) -> bool:
    return len(text) > INLINE_TEXT_CHARS or "\n" in text or "\r" in text


def _own_line(text: str) -> bool:
    """Text written on a line of its own is fenced: long, or read as structure (module doc)."""
    return _is_long(text) or bool(_OPENS_BLOCK.match(text)) or _reads_as_value(text)


def _after_key(text: str) -> bool:
    """Text after ``- **key**:`` is fenced: long, or read as another value (module doc)."""
    return _is_long(text) or _reads_as_value(text)


def _reads_as_value(text: str) -> bool:
    """Text written as this module writes other values: an empty object or list, a list as
    compact JSON (``["a"]``), or a text quoted as JSON (``"a"``: ``cell_text``)."""
    if text in ("[]", "{}"):
        return True
    if not (len(text) >= 2 and text[0] + text[-1] in ("[]", '""')):
        return False
    try:
        return isinstance(json.loads(text), (list, str))
    except ValueError:
        return False


def cell_text(value: Any) -> str:
    """A scalar in a table cell: as ``scalar_text``, but a text that reads as another value
    (``_reads_as_value``) or as a number, a boolean or null (``reads_as_scalar``) quoted as JSON
    (``"[\"a\"]"``, ``"3"``): a cell cannot be fenced."""
    text = scalar_text(value)
    if isinstance(value, str) and (_reads_as_value(text) or reads_as_scalar(text)):
        return json.dumps(value, ensure_ascii=False)
    return text


@lru_cache(maxsize=4096)
def _bold_key(key: str) -> str:
    return "**" + key.replace("*", "\\*").replace("\n", " ") + "**"


# ---------------------------------------------------------------------------- tables


def flatten_row(item: Any, prefix: str = "", depth: int = 0) -> dict[str, str] | None:
    """Column -> cell text for one table row, or None when the item is not flat-ish."""
    if not isinstance(item, dict):
        return None
    row: dict[str, str] = {}
    for key, value in item.items():
        col = f"{prefix}{key}"
        if isinstance(value, dict):
            if not value:
                row[col] = "{}"
                continue
            if depth + 1 >= _FLAT_DEPTH:
                return None
            sub = flatten_row(value, col + ".", depth + 1)
            if sub is None:
                return None
            row.update(sub)
        elif isinstance(value, list):
            cell = _list_cell(col, value)
            if cell is None:
                return None
            row[cell[0]] = cell[1]
        else:
            row[col] = cell_text(value)
    return row


def joined(values: list[Any], alone: bool = False) -> str:
    """Scalars on one line: joined with ``, ``, or their compact JSON when one of them holds
    ``, ``, is empty or reads as another value (joined, they could not be told apart:
    ``_apart``; a text that reads as a number: ``_scalar_like``), when there is none (``[]``,
    not an empty cell), or when ``alone`` (a member's whole value on its key/value line) and
    there is one (it would read as a scalar)."""
    texts = [scalar_text(v) for v in values]
    if not texts or any(map(_apart, texts)) or _scalar_like(values) or (alone and len(texts) == 1):
        return json.dumps(values, ensure_ascii=False, separators=(",", ":"))
    return JOIN.join(texts)


def joinable(values: list[Any]) -> bool:
    """Two or more scalars that read apart joined on one line: none long, none holding ``, ``
    or empty (how a list under a key is written, ``_kv``)."""
    if len(values) < 2 or any(isinstance(v, (dict, list)) for v in values):
        return False
    texts = [scalar_text(v) for v in values]
    return not any(_apart(t) or _is_long(t) for t in texts) and not _scalar_like(values)


def _scalar_like(values: list[Any]) -> bool:
    """One of ``values`` is a text that reads as a number, a boolean or null (``"3"``)."""
    return any(isinstance(v, str) and reads_as_scalar(v) for v in values)


def _apart(text: str) -> bool:
    """A value that joined with others would not read as itself: it holds ``, ``, is empty,
    or reads as another value (``_reads_as_value``)."""
    return JOIN in text or not text.strip() or _reads_as_value(text)


def _list_cell(col: str, values: list[Any]) -> tuple[str, str] | None:
    """An array in one cell: its scalars, or the one member of each of its objects under a
    dotted column (``labels.name``), as ``joined`` writes a member's whole value."""
    if all(not isinstance(v, (dict, list)) for v in values):
        return col, joined(values, alone=True)
    if all(isinstance(v, dict) and len(v) == 1 for v in values):
        keys = {next(iter(v)) for v in values}
        inner = [next(iter(v.values())) for v in values]
        if len(keys) == 1 and all(not isinstance(x, (dict, list)) for x in inner):
            return f"{col}.{keys.pop()}", joined(inner, alone=True)
    return None


@dataclass(frozen=True)
class TableParts:
    columns: list[str]
    header: str  # header line + separator line
    rows: list[str]


def table_parts(items: list[Any]) -> TableParts | None:
    """The table for ``items`` split into header and one line per row, or None if not flat-ish."""
    if not items:
        return None
    flat: list[dict[str, str]] = []
    columns: dict[str, None] = {}
    for item in items:
        row = flatten_row(item)
        if row is None:
            return None
        for col, cell in row.items():
            if len(cell) > MAX_CELL_CHARS:
                return None
            columns.setdefault(col, None)
        if len(columns) > MAX_TABLE_COLUMNS:
            return None
        flat.append(row)
    if not columns:
        return None  # objects with no member: no column to make a table of
    cols = list(columns)
    header = "| " + " | ".join(escape_cell(c) for c in cols) + " |\n|" + "---|" * len(cols)
    rows = [render_row(cols, row) for row in flat]
    return TableParts(cols, header, rows)


def render_row(columns: list[str], row: dict[str, str]) -> str:
    return "| " + " | ".join(escape_cell(row.get(c, "")) for c in columns) + " |"


def row_for_item(columns: list[str], item: Any) -> str:
    """A row for ``item`` under existing ``columns`` (cells that do not flatten become JSON)."""
    row = flatten_row(item)
    if row is None:
        row = {}
        if isinstance(item, dict):
            for key, value in item.items():
                if key in columns:
                    row[key] = (
                        cell_text(value)
                        if not isinstance(value, (dict, list))
                        else (json.dumps(value, ensure_ascii=False, separators=(",", ":")))
                    )
    return render_row(columns, row)


# ---------------------------------------------------------------------------- general


def item_title(item: Any, index: int) -> str:
    if isinstance(item, dict):
        for key in ("title", "name", "full_name", "login", "number", "key", "id"):
            value = item.get(key)
            if value is not None and not isinstance(value, (dict, list)):
                text = scalar_text(value).replace("\n", " ")
                return f"{index}. {key}: {cut(text, 80)}"
    return f"{index}."


def section(item: Any, index: int) -> str:
    """One list item as a section: a heading, then its body."""
    body = render_lines(item, "")
    return f"### {item_title(item, index)}\n\n" + "\n".join(body)


def _line_blocks(items: list[Any]) -> tuple[str, list[str]] | None:
    """(header, one line per item) when ``items`` render as a table or bullets, else None."""
    table = table_parts(items)
    if table is not None:
        return table.header, table.rows
    if all(not isinstance(v, (dict, list)) for v in items):
        return "", [bullet(v, "") for v in items]
    return None


def list_blocks(items: list[Any], start: int = 1) -> tuple[str, list[str], str]:
    """(header, one block per item, separator) for rendering ``items`` (table if flat-ish)."""
    flat = _line_blocks(items)
    if flat is not None:
        return flat[0], flat[1], "\n"
    return "", [section(v, start + i) for i, v in enumerate(items)], "\n\n"


def bullet(value: Any, indent: str) -> str:
    """A scalar as a list item (``- text``; long text fenced under a bare ``-``; text that reads
    as a number, a boolean or null quoted)."""
    text = scalar_text(value)
    if isinstance(value, str) and reads_as_scalar(text):
        return f"{indent}- {json.dumps(text)}"
    if isinstance(value, str) and _own_line(text):
        return f"{indent}-\n" + fence(text, indent + "  ")
    return f"{indent}- {text}"


def render_lines(value: Any, indent: str) -> list[str]:
    if isinstance(value, dict):
        if not value:
            return [f"{indent}(empty object)"]
        lines: list[str] = []
        for key, sub in value.items():
            lines.extend(_kv(str(key), sub, indent))
        return lines
    if isinstance(value, list):
        if not value:
            return [f"{indent}(empty list)"]
        # Each item is rendered once here (rendering it as a section first and again below
        # made nested lists cost 2^depth).
        flat = _line_blocks(value)
        if flat is not None:
            header, blocks = flat
            text = (header + "\n" if header else "") + "\n".join(blocks)
            return [indent + line if line else line for line in text.split("\n")]
        lines = []
        for i, item in enumerate(value, 1):
            lines.append(f"{indent}- item {i}:")
            lines.extend(render_lines(item, indent + "  "))
        return lines
    text = scalar_text(value)
    if isinstance(value, str) and reads_as_scalar(text):
        return [indent + json.dumps(text)]
    if isinstance(value, str) and _own_line(text):
        return fence(text, indent).split("\n")
    return [indent + text]


def _kv(key: str, value: Any, indent: str) -> list[str]:
    label = f"{indent}- {_bold_key(key)}:"
    if isinstance(value, dict):
        if not value:
            return [label + " {}"]
        return [label, *render_lines(value, indent + "  ")]
    if isinstance(value, list):
        if not value:
            return [label + " []"]
        if all(not isinstance(v, (dict, list)) for v in value):
            texts = [scalar_text(v) for v in value]
            if not any(_is_long(t) for t in texts):
                return [label + " " + joined(value, alone=True)]
        return [label, "", *render_lines(value, indent + "  "), ""]
    text = scalar_text(value)
    if isinstance(value, str) and reads_as_scalar(text):
        return [f"{label} {json.dumps(text)}"]
    if isinstance(value, str) and _after_key(text):
        return [label, fence(text, indent + "  ")]
    return [f"{label} {text}"]


def to_markdown(value: Any) -> str:
    """Render any JSON value as Markdown (see module doc)."""
    if isinstance(value, list):
        if not value:
            return "(no items)"
        header, blocks, sep = list_blocks(value)
        return (header + "\n" if header else "") + sep.join(blocks)
    return "\n".join(render_lines(value, ""))
