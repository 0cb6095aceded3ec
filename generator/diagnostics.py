"""Diagnostics: every warning and error a user sees, with a stable code and a location.

A diagnostic names the file, the JSON pointer (and the line where known), what was done and
how to fix it. Codes are stable so tests assert on codes, not on message text; every code is
listed, with its severity and meaning, in diagnostic_codes.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, TypedDict, Unpack

from .diagnostic_codes import Severity, lookup

__all__ = ["Diagnostic", "DiagnosticSink", "GenerationError", "Severity", "pointer"]


@dataclass(frozen=True)
class Diagnostic:
    severity: Severity
    code: str  # registered in diagnostic_codes.py (a former name becomes the current one)
    message: str
    file: str | None = None
    pointer: str | None = None
    line: int | None = None
    hint: str | None = None

    def __post_init__(self) -> None:
        registered = lookup(self.code)  # KeyError: add the code to diagnostic_codes.py
        if self.severity not in registered.severities:
            raise ValueError(
                f"diagnostic code {registered.name} is registered as"
                f" {'/'.join(s.value for s in registered.severities)}, not {self.severity.value}"
            )
        object.__setattr__(self, "code", registered.name)

    def where(self) -> str:
        """``file:line at pointer``, as much of it as is known ("" when nothing is)."""
        where = self.file or ""
        if self.line is not None:
            where += f":{self.line}"
        if self.pointer is not None:
            where += f" at {self.pointer or '/'}"
        return where.strip()

    def render(self) -> str:
        text = f"{self.where() or '<input>'}: {self.severity.value} {self.code}: {self.message}"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def cli_line(self, prog: str) -> str:
        """What a command prints: ``prog: error: file:line at pointer: CODE: message``."""
        where = self.where()
        text = f"{prog}: {self.severity.value}: {where + ': ' if where else ''}"
        text += f"{self.code}: {self.message}"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text


class GenerationError(Exception):
    """A fatal problem: nothing is written. Carries the diagnostics that explain it."""

    def __init__(self, diagnostics: Iterable[Diagnostic] | Diagnostic):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.render() for d in self.diagnostics))


class Where(TypedDict, total=False):
    """Where a diagnostic points (the location fields of ``Diagnostic``)."""

    file: str | None
    pointer: str | None
    line: int | None
    hint: str | None


@dataclass
class DiagnosticSink:
    """Collects diagnostics during a run; order is kept (deterministic input order)."""

    items: list[Diagnostic] = field(default_factory=list)

    def add(self, diagnostic: Diagnostic) -> None:
        self.items.append(diagnostic)

    def error(self, code: str, message: str, **where: Unpack[Where]) -> Diagnostic:
        d = Diagnostic(Severity.ERROR, code, message, **where)
        self.items.append(d)
        return d

    def warning(self, code: str, message: str, **where: Unpack[Where]) -> Diagnostic:
        d = Diagnostic(Severity.WARNING, code, message, **where)
        self.items.append(d)
        return d

    def info(self, code: str, message: str, **where: Unpack[Where]) -> Diagnostic:
        d = Diagnostic(Severity.INFO, code, message, **where)
        self.items.append(d)
        return d

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity is Severity.ERROR]

    def raise_if_errors(self) -> None:
        if self.errors:
            raise GenerationError(self.errors)


def escape_pointer_token(token: str) -> str:
    """RFC 6901 escaping of one JSON pointer reference token."""
    return token.replace("~", "~0").replace("/", "~1")


def pointer(*tokens: object) -> str:
    return "".join("/" + escape_pointer_token(str(t)) for t in tokens)
