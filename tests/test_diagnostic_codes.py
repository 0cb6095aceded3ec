"""Every diagnostic code is registered in generator/diagnostic_codes.py, in one convention, and
documented in generator/CLI.md from that registry."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from generator.diagnostic_codes import BY_NAME, CODE_FORM, CODES, RENAMED, lookup, markdown_table
from generator.diagnostics import Diagnostic, DiagnosticSink, Severity

GENERATOR = Path(__file__).resolve().parents[1] / "generator"
LOOKS_LIKE_A_CODE = re.compile(r"^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z][a-z0-9]*(?:-[a-z0-9]+)+)$")


def _code_positions(trees: list[ast.Module]) -> dict[str, int]:
    """Function name -> the position of its ``code`` parameter (``self`` not counted), for
    every function of the generator that takes a diagnostic code; ``Diagnostic`` takes it
    second."""
    found = {"Diagnostic": 1}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = [a.arg for a in node.args.args if a.arg not in ("self", "cls")]
                if "code" in names:
                    name = node.name if node.name != "__init__" else ""
                    found[name] = names.index("code")
    for tree in trees:  # classes whose __init__ takes a code (RefError)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                        names = [a.arg for a in item.args.args if a.arg != "self"]
                        if "code" in names:
                            found[node.name] = names.index("code")
    found.pop("", None)
    return found


def codes_in_source(root: Path) -> list[tuple[str, int, str]]:
    """(file, line, code) of each literal passed as a diagnostic code under ``root`` (the
    runtime, which reports no diagnostics, left out)."""
    paths = [p for p in sorted(root.rglob("*.py")) if "runtime" not in p.relative_to(root).parts]
    trees = [ast.parse(p.read_text(encoding="utf-8")) for p in paths]
    positions = _code_positions(trees)
    found = []
    for path, tree in zip(paths, trees):
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in positions:
                continue
            given = [k.value for k in node.keywords if k.arg == "code"]
            if len(node.args) > positions[name]:
                given.append(node.args[positions[name]])
            for arg in given:
                for value in ast.walk(arg):  # a literal, or each branch of a conditional
                    if isinstance(value, ast.Constant) and isinstance(value.value, str):
                        if LOOKS_LIKE_A_CODE.match(value.value):
                            found.append((str(path.relative_to(root)), value.lineno, value.value))
    return found


def test_every_code_the_generator_reports_is_registered_in_one_convention() -> None:
    found = codes_in_source(GENERATOR)
    assert len({code for _, _, code in found}) > 80  # the finder sees the codes
    unregistered = [(f, line, code) for f, line, code in found if code not in BY_NAME]
    assert unregistered == [], "add these to generator/diagnostic_codes.py (AREA_WHAT)"
    assert all(CODE_FORM.match(code.name) for code in CODES)


def test_the_finder_sees_an_unregistered_code(tmp_path: Path) -> None:
    (tmp_path / "mod.py").write_text(
        "def _refuse(target, code, message):\n    pass\n\n"
        "class Sink:\n    def warn(self, code, message):\n        pass\n\n"
        "def f(sink, ok):\n"
        "    _refuse(1, 'out-of-space', 'x')\n"
        "    sink.warn('NEW_THING' if ok else 'SPEC_NOT_FOUND', 'y')\n"
        "    Diagnostic(Severity.ERROR, code='BAD_ONE', message='z')\n"
    )
    assert codes_in_source(tmp_path) == [
        ("mod.py", 9, "out-of-space"),
        ("mod.py", 10, "NEW_THING"),
        ("mod.py", 10, "SPEC_NOT_FOUND"),
        ("mod.py", 11, "BAD_ONE"),
    ]


def test_every_registered_code_is_reported_somewhere() -> None:
    source = "\n".join(
        p.read_text(encoding="utf-8")
        for p in GENERATOR.rglob("*.py")
        if p.name != "diagnostic_codes.py" and "runtime" not in p.parts
    )
    unused = [c.name for c in CODES if f'"{c.name}"' not in source]
    assert unused == [], "remove codes nothing reports from generator/diagnostic_codes.py"


def test_a_diagnostic_refuses_an_unregistered_code_or_severity() -> None:
    with pytest.raises(KeyError, match="diagnostic_codes.py"):
        Diagnostic(Severity.ERROR, "SPEC_NOT_FUND", "x")
    with pytest.raises(ValueError, match="registered as error"):
        Diagnostic(Severity.INFO, "SPEC_NOT_FOUND", "x")
    with pytest.raises(KeyError):
        DiagnosticSink().warning("made-up", "x")


def test_former_names_are_still_accepted_and_become_the_current_ones() -> None:
    assert RENAMED["spec-not-found"] == "SPEC_NOT_FOUND"
    assert Diagnostic(Severity.ERROR, "spec-not-found", "x").code == "SPEC_NOT_FOUND"
    assert lookup("hand-edited").name == "OUT_HAND_EDITED"
    assert set(RENAMED) >= {"snapshot-outdated", "breaking-change-same-major", "bad-license"}


def test_cli_md_lists_every_code_from_the_registry() -> None:
    text = (GENERATOR / "CLI.md").read_text(encoding="utf-8")
    assert markdown_table() in text, "paste `python -m generator.diagnostic_codes` into CLI.md"
