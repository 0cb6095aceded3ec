"""The converted (3.0) form of a Swagger 2.0 document, and the way back to the original.

A :class:`Swagger2Document` holds the converted data but keeps the original file's path,
display name and text, so that relative ``$ref`` files resolve as before. Its
:class:`PointerMap` records, for each converted node whose place changed, the JSON pointer of
the node it came from in the 2.0 document (``/components/schemas`` -> ``/definitions``,
``/paths/~1a/post/requestBody`` -> ``/paths/~1a/post/parameters/2``); a pointer maps through
its longest recorded prefix. Lines and diagnostics therefore always name the ORIGINAL file
and pointer, never a converted document the user has never seen: :meth:`diagnostic` makes
them at the original pointer, through the original document (which names another file for a
part inlined from it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics import Diagnostic, Severity
from .document import Document


class PointerMap:
    """Converted pointer -> original pointer, by longest recorded prefix (identity if none)."""

    def __init__(self) -> None:
        self._map: dict[str, str] = {}

    def add(self, converted: str, original: str) -> None:
        if converted != original:
            self._map[converted] = original
        else:
            self._map.pop(converted, None)

    def original(self, pointer: str) -> str:
        tokens = pointer.split("/")
        for n in range(len(tokens), 0, -1):
            prefix = "/".join(tokens[:n])
            if prefix in self._map:
                return self._map[prefix] + pointer[len(prefix) :]
        return pointer

    def __len__(self) -> int:
        return len(self._map)


@dataclass(eq=False)
class Swagger2Document(Document):
    """Converted data; lines are looked up in ``original`` through ``pointers``."""

    original: Document | None = field(default=None, repr=False)
    pointers: PointerMap = field(default_factory=PointerMap, repr=False)

    def line_of(self, pointer: str) -> int | None:
        assert self.original is not None
        return self.original.line_of(self.pointers.original(pointer))

    def diagnostic(
        self, severity: Severity, code: str, message: str, where: str, hint: str | None = None
    ) -> Diagnostic:
        """A diagnostic named as the original document names the place (its own file, or the
        file an inlined part is written in: inline.py), already at the original pointer."""
        assert self.original is not None
        return self.original.diagnostic(
            severity, code, message, self.pointers.original(where), hint
        )

    def __repr__(self) -> str:
        return f"Swagger2Document({self.display!r})"


@dataclass
class Notes:
    """Diagnostics raised while converting, at pointers of the original document."""

    doc: Document
    items: list[Diagnostic] = field(default_factory=list)

    def add(
        self, severity: Severity, code: str, message: str, where: str, hint: str | None = None
    ) -> None:
        self.items.append(self.doc.diagnostic(severity, code, message, where, hint))

    def warn(self, code: str, message: str, where: str, hint: str | None = None) -> None:
        self.add(Severity.WARNING, code, message, where, hint)

    def info(self, code: str, message: str, where: str, hint: str | None = None) -> None:
        self.add(Severity.INFO, code, message, where, hint)
