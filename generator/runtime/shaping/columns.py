"""Tables: rows whose cells are known by their position keep the names of their columns.

A query's result set is often sent as a *table*: a list of rows whose cells mean what their
position says, each row an array (``rows: [["ada", 3], ...]``) or an object whose one member is
an array (``rows: [{f: [{v: "ada"}, {v: 3}]}]``), and, apart from the rows, a *header*: a list
of as many columns as a row has cells, each a name or an object with one
(``schema.fields[].name``, ``metadata.rowType.fields[].name``, ``columns[].name``), under a
member whose words say it describes columns (``COLUMN_WORDS``: column, field, header, heading,
schema), beside the rows or in a part beside them (down to ``MAX_DEPTH`` objects). Rows kept
without their header are values nobody can read: when the default fields keep a table's rows,
they keep its header's names too (``header_paths``), and nothing else of the header; when
the rows are the payload list and the header sits in its wrapper, the wrapper keeps them
(``with_wrapper_headers``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

from .chunking import get_at
from .fields import project
from .names import words
from .series import SHARE, value_count

COLUMN_WORDS = frozenset({"column", "columns", "field", "fields", "header", "headers", "heading",
                          "headings", "schema"})  # fmt: skip
NAME_WORDS = ("name", "title", "label", "key")  # a column object's name, best first
MAX_DEPTH = 4  # objects down the answered object that rows and headers are looked for in
MAX_ROWS = 50  # rows read to find their width


def _width(rows: Any) -> int | None:
    """The number of cells of a list of positional rows (module doc), None if it is not one."""
    if not isinstance(rows, list) or not rows:
        return None
    widths: Counter[int] = Counter()
    for row in rows[:MAX_ROWS]:
        if isinstance(row, dict) and len(row) == 1:
            (row,) = row.values()
        if not isinstance(row, list) or not row:
            return None
        widths[len(row)] += 1
    width, _ = widths.most_common(1)[0]
    return width if width > 1 else None


def _name_member(column: Any) -> str | None:
    """The member of a column object that names it (``name`` before ``display_name``)."""
    if not isinstance(column, dict):
        return None
    for wanted in NAME_WORDS:
        for key, value in column.items():
            ws = words(str(key))
            if ws and ws[-1] == wanted and isinstance(value, str) and value:
                return str(key)
    return None


def _header_name(columns: Any, width: int) -> str | None:
    """``""`` for a list of ``width`` names, the name member for ``width`` column objects,
    None when ``columns`` is not a header of that width."""
    if not isinstance(columns, list) or len(columns) != width:
        return None
    if all(isinstance(c, str) for c in columns):
        return ""
    members = {_name_member(c) for c in columns}
    if len(members) == 1 and None not in members:
        return members.pop()
    return None


def _lists(node: Any, prefix: str = "", depth: int = 0) -> Iterator[tuple[str, list[Any]]]:
    """Every list of ``node``'s objects down to ``MAX_DEPTH``, by dot path (not inside lists)."""
    if not isinstance(node, dict) or depth > MAX_DEPTH:
        return
    for key, value in node.items():
        path = f"{prefix}{key}"
        if isinstance(value, list):
            yield path, value
        elif isinstance(value, dict):
            yield from _lists(value, f"{path}.", depth + 1)


def _describes_columns(path: str) -> bool:
    return any(set(words(segment)) & COLUMN_WORDS for segment in path.split("."))


def tables(answered: Any) -> list[tuple[str, str, str]]:
    """``(rows path, header path, header names path)`` of each table of one answered object
    (module doc)."""
    found = list(_lists(answered))
    out = []
    for rows_path, rows in found:
        width = _width(rows)
        if width is None:
            continue
        for path, columns in found:
            if path == rows_path or not _describes_columns(path):
                continue
            name = _header_name(columns, width)
            if name is not None:
                out.append((rows_path, path, f"{path}.{name}" if name else path))
                break
    return out


def _holds(selection: list[str], path: str) -> bool:
    """``selection`` keeps something at or below ``path`` (or keeps all of an object above)."""
    return any(s == path or s.startswith(f"{path}.") or path.startswith(f"{s}.") for s in selection)


def header_paths(target: Any, listed: bool, selection: list[str]) -> tuple[str, ...]:
    """The paths (relative to an item when ``listed``, else to ``target``) ``selection`` lacks
    of its tables: the header names of those whose rows it keeps; the rows and header names of
    those it left out that hold at least ``SHARE`` of the answered object's values not counting
    their header (what the operation answers, ``series.py``'s rule with the header as labels)."""
    samples = target[:MAX_ROWS] if listed and isinstance(target, list) else [target]
    out: dict[str, None] = {}
    for sample in samples:
        for rows, columns, header in tables(sample):
            if not _holds(selection, rows):
                held = value_count(get_at(sample, tuple(rows.split("."))))
                labels = value_count(get_at(sample, tuple(columns.split("."))))
                if held < SHARE * (value_count(sample) - labels):
                    continue
                out[rows] = None
            if not _holds(selection, header):
                out[header] = None
    return tuple(out)


def with_headers(selection: list[str], target: Any, listed: bool) -> list[str]:
    """``selection`` and the header names of the tables whose rows it keeps (module doc)."""
    more = header_paths(target, listed, selection)
    return selection + list(more) if more else selection


def with_wrapper_headers(value: Any, shaped: Any, path: tuple[str, ...]) -> Any:
    """``shaped`` (the answer whose payload list sits at ``path``, its wrapper reduced to its
    metadata) with the header names of that list when it is a table whose header sits in the
    wrapper (``{schema: {fields: [...]}, rows: [{f: [...]}]}``)."""
    if not path or not isinstance(value, dict) or not isinstance(shaped, dict):
        return shaped
    rows_path = ".".join(path)
    for rows, _, header in tables(value):
        if rows == rows_path:
            merged = _merged(shaped, project(value, [header]))
            top = header.split(".")[0]
            if top in shaped or path[0] not in merged:
                return merged
            keys = [k for k in merged if k != top]  # the header before its rows
            keys.insert(keys.index(path[0]), top)
            return {k: merged[k] for k in keys}
    return shaped


def _merged(into: Any, more: Any) -> Any:
    """``into`` with the members of ``more`` it lacks, objects merged member by member."""
    if not isinstance(into, dict) or not isinstance(more, dict):
        return into
    out = dict(into)
    for key, sub in more.items():
        out[key] = _merged(out[key], sub) if key in out else sub
    return out
