"""Can a tool be called from what ``tools/list`` shows? (part of ``generator.bench.surface``)

For every operation of a spec: arguments are built from the LISTED input schema only (the
per-operation surface the generated server would list, generator/render/compact.py) and
validated against the FULL schema of the operation (the IR's, as the loader read it, plus the
control arguments). A tool is callable when they validate.

The arguments are what a careful model would write from the listing (hypothesis-jsonschema
is not installed here; this small generator is deterministic): every listed property, at every
level; ``const``/the first ``enum`` value; for a long enum reduced to examples, the first
example its description names; a date or date-time where the format says so; the simplest
string matching a listed ``pattern`` (fewest repeats, first alternative), at least
``minLength`` long; the ``minimum`` for a number; ``"x"``, ``1``, ``true`` otherwise; one item for an array (a string when the
listing says nothing about the items); the required names with string values for an object
whose properties are not listed. Constraints the listing drops are not guessed, so their loss
shows in the measure. The one thing read besides the listing is the server instructions, for the
control arguments (``fields``, ``detail_level``, ``response_format``), whose values a lean
listing says there once rather than in every tool: a control gets the first of its values
that the instructions name (``said_values``), so instructions that stopped naming them would
show here too.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..runtime.arguments import LenientValidator
from ..runtime.coercion import local_ref_target

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import sre_parse  # the regex parser behind ``re``: the simplest match of a pattern

_EXAMPLE = re.compile(r"e\.g\. ([^,;]+)")
_MAX_DEPTH = 12


@dataclass(frozen=True)
class Callability:
    spec: str
    tools: int
    callable: int
    failures: tuple[tuple[str, str], ...]  # (tool, first error) for a few that fail

    @property
    def percent(self) -> float:
        return 100.0 * self.callable / self.tools if self.tools else 100.0


def _resolve(node: Any, root: dict[str, Any]) -> Any:
    found = local_ref_target(node, root)
    return {} if found is None else found


def plausible(node: Any, root: dict[str, Any], depth: int = 0) -> Any:
    """A value for ``node`` built from what it says (see the module doc)."""
    node = _resolve(node, root)
    if not isinstance(node, dict) or depth > _MAX_DEPTH:
        return "x"
    if "const" in node:
        return node["const"]
    enum = node.get("enum")
    if isinstance(enum, list) and enum:
        return next((v for v in enum if v is not None), enum[0])
    kind = node.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    props = node.get("properties")
    for key in ("anyOf", "oneOf"):
        branches = node.get(key)
        if isinstance(branches, list) and branches:
            usable = [b for b in branches if _resolve(b, root).get("type") != "null"] or branches
            if kind == "object" or isinstance(props, dict):  # the object, plus a branch's part
                base = {k: plausible(v, root, depth + 1) for k, v in (props or {}).items()}
                for branch in usable:
                    value = plausible(branch, root, depth + 1)
                    if isinstance(value, dict):
                        return {**base, **value}
                return base
            return plausible(usable[0], root, depth + 1)
    if isinstance(node.get("allOf"), list):
        merged: dict[str, Any] = {}
        for branch in node["allOf"]:
            value = plausible(branch, root, depth + 1)
            if isinstance(value, dict):
                merged.update(value)
        if merged:
            return merged
    if kind == "object" or isinstance(props, dict):
        if isinstance(props, dict) and props:
            return {k: plausible(v, root, depth + 1) for k, v in props.items()}
        return {name: "x" for name in node.get("required") or []}
    if kind == "array" or "items" in node:
        items = node.get("items")
        return [plausible(items, root, depth + 1) if isinstance(items, dict) else "x"]
    if kind in ("integer", "number"):
        low = node.get("minimum")
        above = node.get("exclusiveMinimum")
        value = low if isinstance(low, (int, float)) and low > 1 else 1
        if isinstance(above, (int, float)) and not isinstance(above, bool) and value <= above:
            value = above + 1
        return int(value) if kind == "integer" else value
    if kind == "boolean":
        return True
    if kind == "null":
        return None
    fmt = node.get("format")
    if fmt == "date":
        return "2024-01-02"
    if fmt == "date-time":
        return "2024-01-02T03:04:05Z"
    example = described_example(node)
    if example is not None:
        return example
    if isinstance(node.get("pattern"), str):
        return simplest_matching(node["pattern"], node.get("minLength"))
    return "x" * max(1, node.get("minLength") or 1)


def described_example(node: dict[str, Any]) -> str | None:
    """For a long enum the listing reduced to examples ("One of ... e.g. a, b"): the first."""
    example = _EXAMPLE.search(str(node.get("description") or ""))
    if example and "One of" in str(node.get("description")):
        return example.group(1).strip().rstrip(".…")
    return None


def simplest_matching(pattern: str, min_length: Any) -> str:
    """The simplest string matching ``pattern`` (the fewest repeats, the first alternative and
    character), as a model reading the pattern would write one; "x" when none is found."""
    size = min_length if isinstance(min_length, int) else 0
    try:
        value = _simplest(sre_parse.parse(pattern))
        if len(value) < size:
            value += value[-1:] * (size - len(value)) if value else "x" * size
        if re.search(pattern, value):
            return value
    except (re.error, ValueError, TypeError, IndexError, RecursionError):
        pass
    return "x" * max(1, size)


def _simplest(parsed: Any) -> str:
    out = []
    for op, arg in parsed:
        name = str(op)
        if name == "LITERAL":
            out.append(chr(arg))
        elif name in ("ANY", "NOT_LITERAL"):
            out.append("a" if name == "ANY" or arg != ord("a") else "b")
        elif name == "IN":
            out.append(_in_class(arg))
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            low, _, sub = arg
            out.append(_simplest(sub) * low)
        elif name == "SUBPATTERN":
            out.append(_simplest(arg[-1]))
        elif name == "BRANCH":
            out.append(_simplest(arg[1][0]))
        elif name == "ATOMIC_GROUP":
            out.append(_simplest(arg))
    return "".join(out)


_CATEGORY = {"CATEGORY_DIGIT": "0", "CATEGORY_WORD": "a", "CATEGORY_SPACE": " "}


def _in_class(items: Any) -> str:
    if items and str(items[0][0]) == "NEGATE":
        banned = re.compile("[" + "".join(_class_text(items[1:])) + "]")
        return next((c for c in "a0x-_." if not banned.match(c)), "a")
    op, arg = items[0]
    if str(op) == "LITERAL":
        return chr(arg)
    if str(op) == "RANGE":
        return chr(arg[0])
    return _CATEGORY.get(str(arg), "a")


def _class_text(items: Any) -> list[str]:
    out = []
    for op, arg in items:
        if str(op) == "LITERAL":
            out.append(re.escape(chr(arg)))
        elif str(op) == "RANGE":
            out.append(f"{re.escape(chr(arg[0]))}-{re.escape(chr(arg[1]))}")
        elif str(op) == "CATEGORY":
            out.append({"CATEGORY_DIGIT": r"\d", "CATEGORY_WORD": r"\w"}.get(str(arg), r"\s"))
    return out


def full_schema(input_schema: dict[str, Any]) -> dict[str, Any]:
    """The operation's own schema plus the control arguments every tool takes."""
    from ..runtime.arguments import CONTROL_SCHEMAS

    schema = dict(input_schema)
    schema["properties"] = {**CONTROL_SCHEMAS, **(schema.get("properties") or {})}
    return schema


def said_values(args: dict[str, Any], instructions: str) -> dict[str, Any]:
    """The control arguments as a model writes them after reading the server instructions:
    where a tool's listing gives a control's type only (the lean surface), its first value
    that the instructions name ("concise") instead of the type's plain value ("x"); a control
    whose values the instructions do not name keeps the value built from the listing."""
    from ..runtime.arguments import CONTROL_SCHEMAS

    out = dict(args)
    for name, schema in CONTROL_SCHEMAS.items():
        values = schema.get("enum")
        if name not in out or not isinstance(values, list) or out[name] in values:
            continue
        named = [v for v in values if f'"{v}"' in instructions]
        if named:
            out[name] = named[0]
    return out


def first_error(full: dict[str, Any], listed: dict[str, Any], instructions: str = "") -> str | None:
    """None when arguments built from ``listed`` (and, for the control arguments, the server
    ``instructions``) satisfy ``full``, else the first error."""
    args = said_values(plausible(listed, listed), instructions)
    # validated as the server validates (runtime/arguments.py: a oneOf accepts any branch)
    errors = sorted(LenientValidator(full).iter_errors(args), key=lambda e: list(e.path))
    if not errors:
        return None
    where = "/".join(str(p) for p in errors[0].absolute_path)
    return f"{where or '(arguments)'}: {errors[0].message[:160]}"


def measure(spec_path: Path, overlay: Path | None = None, label: str | None = None) -> Callability:
    from ..pipeline import load_with_overlay
    from ..render.compact import build_surface

    spec, _ = load_with_overlay(spec_path, overlay_path=overlay)
    surface = build_surface(spec)
    ok = 0
    failures: list[tuple[str, str]] = []
    for op in spec.operations:
        error = first_error(
            full_schema(op.input_schema), surface.tools[op.id][1], surface.instructions
        )
        if error is None:
            ok += 1
        elif len(failures) < 5:
            failures.append((op.tool_name, error))
    return Callability(label or spec_path.name, len(spec.operations), ok, tuple(failures))


TARGET_PERCENT = 99.0


def corpus_rows(examples: Path, breadth: Path | None) -> tuple[list[Callability], list[str]]:
    """One row per committed example (with its overlay) and per spec of ``breadth``; the specs
    that do not load are named apart (they make no tools)."""
    import yaml

    from ..diagnostics import GenerationError

    manifest = yaml.safe_load((examples / "manifest.yaml").read_text())
    rows: list[Callability] = []
    skipped: list[str] = []
    for ex in manifest["examples"]:
        overlay = examples / ex["overlay"] if ex.get("overlay") else None
        rows.append(measure(examples / ex["spec"], overlay, ex["name"]))
        if overlay is not None:  # the whole description too (GitHub REST: 860 tools, lean)
            rows.append(measure(examples / ex["spec"], None, f"{ex['name']} (whole spec)"))
    if breadth is not None:
        for path in sorted(p for p in breadth.iterdir() if p.suffix in (".yaml", ".yml", ".json")):
            try:
                rows.append(measure(path, label=f"breadth/{path.name}"))
            except GenerationError:
                skipped.append(path.name)
    return rows, skipped


def render_rows(rows: list[Callability], skipped: list[str]) -> str:
    examples = [r for r in rows if not r.spec.startswith("breadth/")]
    breadth = [r for r in rows if r.spec.startswith("breadth/")]
    lines = [
        "| specs | tools | callable from the listed schema | % |",
        "|---|---:|---:|---:|",
    ]
    for r in examples:
        lines.append(f"| {r.spec} | {r.tools:,} | {r.callable:,} | {r.percent:.1f} |")
    if breadth:
        tools, ok = sum(r.tools for r in breadth), sum(r.callable for r in breadth)
        pct = 100.0 * ok / tools if tools else 100.0
        lines.append(f"| breadth corpus ({len(breadth)} specs) | {tools:,} | {ok:,} | {pct:.1f} |")
    tools, ok = sum(r.tools for r in rows), sum(r.callable for r in rows)
    pct = 100.0 * ok / tools if tools else 100.0
    lines.append(f"| **all** | {tools:,} | {ok:,} | {pct:.1f} |")
    met = "met" if pct >= TARGET_PERCENT else "NOT met"
    lines += ["", f"- callable from the listed schema >= {TARGET_PERCENT:.0f}% of tools: {met}"]
    failing = [(r.spec, tool, err) for r in rows for tool, err in r.failures]
    if failing:
        lines.append("\nFirst failures per spec (tool: where the full schema refuses):")
        lines += [f"- {spec} {tool}: {err}" for spec, tool, err in failing[:25]]
    if skipped:
        lines.append(f"\nNot loadable (no tools): {', '.join(skipped)}")
    return "\n".join(lines)
