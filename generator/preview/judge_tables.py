"""Tables keep their columns' names: the judge's ``table columns`` check.

Written apart from the shaping rules (nothing here imports ``runtime/shaping``), from the body
alone. A *table* is a list of at least one row whose cells are read by their position: every
row an array of at least two cells, or an object whose one member is such an array
(``{"f": [{"v": 1}, {"v": 2}]}``). Its *header* is another list of the body, outside every
table, with as many entries as most rows have cells, each a non-empty string or an object with a
name (a non-empty string member whose last word is name, title or label), found under a
member whose words speak of columns (``HEADER_WORDS``: column, field, header, heading, schema)
anywhere on its path (``schema.fields``, ``metadata.rowType.fields``, ``columns``,
``headers``). *Judged*: a table with a header whose rows the result keeps (the first row's
cells are in the result). *Kept*: every column name is in the result as well: rows without
them are values nobody can read.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

from .judge_checks import Finding, Path, Tally, field_path, where
from .judge_roles import found_in, is_scalar, leaves, words

HEADER_WORDS = frozenset({"column", "field", "header", "heading", "schema"})
COLUMN_NAMES = ("name", "title", "label")
MAX_DEPTH = 6
CHECK = "table columns"


def _cells(row: Any) -> list[Any] | None:
    if isinstance(row, dict) and len(row) == 1:
        (row,) = row.values()
    return row if isinstance(row, list) and len(row) >= 2 else None


def _width(rows: list[Any]) -> int | None:
    cells = [_cells(r) for r in rows]
    if not rows or any(c is None for c in cells):
        return None
    (width, _), *_ = Counter(len(c) for c in cells if c is not None).most_common(1)
    return width


def _lists(node: Any, at: Path = (), depth: int = 0) -> Iterator[tuple[Path, list[Any]]]:
    """Every list of the body not inside a list, with its path."""
    if depth > MAX_DEPTH or not isinstance(node, dict):
        return
    for key, value in node.items():
        if isinstance(value, list):
            yield (*at, key), value
        else:
            yield from _lists(value, (*at, key), depth + 1)


def _names(entries: list[Any]) -> tuple[list[str], str | None] | None:
    """The column names of a header candidate and the member holding them (None: the entries
    are the names), None if it is not one."""
    if all(isinstance(e, str) and e for e in entries):
        return list(entries), None
    names, members = [], set()
    for entry in entries:
        if not isinstance(entry, dict):
            return None
        found = next(
            (
                (k, v)
                for k, v in entry.items()
                if isinstance(v, str) and v and (words(k) or ("",))[-1] in COLUMN_NAMES
            ),
            None,
        )
        if found is None:
            return None
        members.add(found[0])
        names.append(found[1])
    return (names, members.pop()) if len(members) == 1 else None


def _speaks_of_columns(at: Path) -> bool:
    return any(
        {w.rstrip("s") for w in words(str(segment))} & HEADER_WORDS
        for segment in at
        if isinstance(segment, str)
    )


def check_tables(body: Any, shaped: Any, tally: Tally, base: Path = ()) -> None:
    """Judge every table of the body that has a header (module doc)."""
    if shaped is None or isinstance(shaped, str):
        return
    lists = list(_lists(body))
    for at, rows in lists:
        width = _width(rows)
        if width is None:
            continue
        first = [c for c in leaves(_cells(rows[0])) if is_scalar(c)]
        if not first or not found_in(first, shaped):
            continue  # the rows are not kept: the list rules judge that
        for header_at, entries in lists:
            if header_at == at or len(entries) != width or not _speaks_of_columns(header_at):
                continue
            header = _names(entries)
            if header is None:
                continue
            names, member = header
            kept = all(found_in([n], shaped) for n in names)
            lost = f"{where(at)} kept without its columns' names ({where(header_at)})"
            fix = field_path((*header_at, member) if member else header_at, base)
            tally.count(CHECK, kept, Finding(CHECK, where(at), lost, (fix,), pattern=lost))
            break
