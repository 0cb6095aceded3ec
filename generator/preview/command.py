"""``mcpforge preview SPEC [--overlay F] [--tool T] [--check]``: what the agent will see.

For every tool (or one): an example response (the spec's own example first, else one
synthesized from the response schema: ``synthesize.py``), what the generated server returns
for it by default (the runtime's own filters, adapters and shaping, concise JSON, no
``fields``), raw vs shaped o200k tokens, the fields kept and dropped, and the invariants the
defaults broke. Invariants come from two places: the runtime's own check of its default
selection (``ShapedResponse.violations``: what it had to fall back for; ``repaired``: what
the defaults chosen from the description lost and the defaults read from the response kept, a
sign that the description does not fit the response), and an independent
judge of the result against the example (``preview/judge.py``: payload list, label, identity,
not only wrapper metadata, generated content, the answered resource; and the checks of
``judge_checks.CHECKS``: people, the identity a path parameter names, schema siblings,
series, encodings). ``--check`` exits 1 when either finds one, for CI. A judge's loss says
which object lost what (``items[3].assignee``), and the tool's preview ends with the overlay
line that would fix them (``fix (overlay):``); a notice (an encoding left out without a note)
is shown, never failed.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from .judge import Verdict, judge
from .judge_request import request_of
from .judge_roles import OWN_IDENTITY, bare, is_label
from ..diagnostics import Diagnostic
from ..runtime.output import shape_config_for, shape_output
from ..runtime.shaping.tokens import count_tokens
from .synthesize import FROM_TREE, ExampleFinder
from .tools import operator_chosen, path_templates, tools_of

EXAMPLE_CHARS = 800  # the example is shown cut to this many characters of compact JSON
SHAPED_CHARS = 2000
FIELDS_SHOWN = 12


class UnknownTool(ValueError):
    pass


@dataclass(frozen=True)
class ToolPreview:
    tool: str
    endpoint: str  # "GET /things" or "query.field"
    source: str | None  # where the example came from; None: no JSON body described
    example: Any = None
    shaped: str = ""  # page 1 as the agent gets it
    notes: tuple[str, ...] = ()
    pages: int = 0
    raw_tokens: int = 0
    shaped_tokens: int = 0
    kept: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    violations: tuple[str, ...] = ()  # "runtime: ..." / "judge: ..."
    kind: str = "read"  # what the operation does (loaders/operation_kind.py)
    notices: tuple[str, ...] = ()  # the judge's findings that are not failures
    fix: str = ""  # the overlay line that would fix the judge's findings ("" : none)

    @property
    def hint(self) -> str:
        """What to do about the broken invariants: keep the dropped fields that name or
        identify the result (the overlay's ``include``), or say what the operation does."""
        if not self.violations:
            return ""
        roles = [p for p in self.dropped if _names_or_identifies(p.rsplit(".", 1)[-1])]
        roles.sort(key=lambda p: p.count("."))
        where = f"`operations: {{{self.tool}: {{include: [...]}}}}` in the overlay"
        if roles:
            shown = ", ".join(roles[:3])
            return (
                f"the defaults dropped {shown}: add {'it' if len(roles) == 1 else 'them'} to "
                f"the default fields with {where}, or correct `kind:` there if {self.kind!r} "
                "is not what the operation does"
            )
        return (
            f"choose the default fields with {where} (the fields kept and dropped are listed "
            f"above), or correct `kind:` there if {self.kind!r} is not what the operation does"
        )

    @property
    def reduction(self) -> float:
        return 1 - self.shaped_tokens / self.raw_tokens if self.raw_tokens else 0.0


@dataclass
class Preview:
    spec_name: str
    tools: list[ToolPreview] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def broken(self) -> list[ToolPreview]:
        return [t for t in self.tools if t.violations]


def _names_or_identifies(key: str) -> bool:
    return bare(key) in OWN_IDENTITY or is_label(key, "text")


def leaf_paths(value: Any, prefix: str = "") -> list[str]:
    """Dot paths of the scalars in ``value`` (array elements share their array's path), in
    document order, each once."""
    out: dict[str, None] = {}

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for key, sub in node.items():
                walk(sub, f"{path}.{key}" if path else str(key))
        elif isinstance(node, list):
            for sub in node:
                walk(sub, path)
        elif path:
            out[path] = None

    walk(value, prefix)
    return list(out)


def overlay_fix(tool: Any, verdict: Verdict, kept: Sequence[str] = ()) -> str:
    """The overlay line that keeps what the judge found lost and leaves out the noise it found
    kept (``include`` replaces the default fields: the tool's own are listed before, else the
    fields the result kept, ``kept``: dot paths from the body's root)."""
    include = list(
        dict.fromkeys(x for f in verdict.findings if f.action == "include" for x in f.fields)
    )
    exclude = list(
        dict.fromkeys(x for f in verdict.findings if f.action == "exclude" for x in f.fields)
    )
    parts = []
    if include:
        response = tool.response
        own = list(response.default_fields) or _relative(
            kept, response.collection_path or response.envelope_path
        )
        defaults = [f for f in own if f not in include] or ["..."]
        parts.append(f"include: [{', '.join(defaults + include)}]")
    if exclude:
        parts.append(f"exclude: [{', '.join(exclude)}]")
    return f"operations: {{{tool.name}: {{{', '.join(parts)}}}}}" if parts else ""


def _relative(paths: Sequence[str], collection: str | None) -> list[str]:
    """``paths`` relative to one item of the collection (the overlay's field paths)."""
    if not collection:
        return list(paths)
    prefix = collection + "."
    return [p[len(prefix) :] for p in paths if p.startswith(prefix)]


def preview_tool(
    op: Any,
    tool: Any,
    finder: ExampleFinder,
    template: str | None = None,
    siblings: tuple[str, ...] = (),
) -> ToolPreview:
    """``template``, ``siblings``: the operation's path template and its siblings' on the same
    collection (``tools.path_templates``), for the judge's path identities."""
    binding = op.binding
    endpoint = f"{binding.method.upper()} {binding.path}" if binding.kind == "http" else op.id
    example = finder.example(op)
    if example is None:
        return ToolPreview(tool.name, endpoint, None, kind=op.kind)
    config = shape_config_for(tool)
    shaped = shape_output(example.value, tool, config)
    page = shaped.chunks[0] if shaped.chunks else ""
    try:
        result: Any = json.loads(page)
    except ValueError:
        result = page  # a text page (an adapter's rendering): judged by the values in it
    raw = count_tokens(json.dumps(example.value, indent=2, ensure_ascii=False))
    out_tokens = sum(count_tokens(c) for c in shaped.chunks) + sum(
        count_tokens(n) for n in shaped.notes
    )
    before = leaf_paths(example.value)
    after = set(leaf_paths(result)) if not isinstance(result, str) else set()
    violations = [f"runtime: {v}" for v in shaped.violations]
    violations += [
        f"runtime: {v} (by the defaults chosen from the description; the defaults read from "
        "the response kept it)"
        for v in shaped.repaired
    ]
    typed = example.source != FROM_TREE  # a tree's `any` leaves were written as strings
    verdict = judge(
        example.value,
        result,
        paged=len(shaped.chunks) > 1,
        typed=typed,
        template=template,
        siblings=siblings,
        notes=shaped.notes,
        kind=op.kind,
        chosen=operator_chosen(tool),
        request=request_of(tool),
    )
    violations += [
        f"judge: {lost}"
        + (
            f" (left out: {', '.join(verdict.left_out[lost])})"
            if verdict.left_out.get(lost)
            else ""
        )
        for lost in verdict.lost
    ]
    return ToolPreview(
        tool=tool.name,
        endpoint=endpoint,
        kind=op.kind,
        source=example.source,
        example=example.value,
        shaped=page,
        notes=tuple(shaped.notes),
        pages=len(shaped.chunks),
        raw_tokens=raw,
        shaped_tokens=out_tokens,
        kept=tuple(p for p in before if p in after),
        dropped=tuple(p for p in before if p not in after),
        violations=tuple(violations),
        notices=tuple(f"judge: {n}" for n in verdict.notices),
        fix=overlay_fix(tool, verdict, [p for p in before if p in after]),
    )


def build_preview(
    spec_path: str | Path, *, overlay_path: str | Path | None = None, tool: str | None = None
) -> Preview:
    """Raises GenerationError (bad spec or overlay) and UnknownTool (``tool`` not found)."""
    from ..pipeline import load_with_overlay

    spec, diagnostics = load_with_overlay(spec_path, overlay_path=overlay_path)
    _, pairs = tools_of(spec)
    if tool is not None:
        chosen = [(op, t) for op, t in pairs if t.name == tool]
        if not chosen:
            names = [t.name for _, t in pairs]
            close = difflib.get_close_matches(tool, names, n=3, cutoff=0.5)
            hint = f"; did you mean {', '.join(close)}?" if close else f" ({len(names)} tools)"
            raise UnknownTool(f"{spec.name} has no tool named {tool!r}{hint}")
        pairs = chosen
    finder = ExampleFinder(spec_path)
    paths = path_templates(spec)
    return Preview(
        spec.name, [preview_tool(op, t, finder, *paths[op.id]) for op, t in pairs], diagnostics
    )


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text) - limit} more chars)"


def _listed(paths: tuple[str, ...]) -> str:
    if not paths:
        return "(none)"
    shown = ", ".join(paths[:FIELDS_SHOWN])
    return shown + (f" (+{len(paths) - FIELDS_SHOWN} more)" if len(paths) > FIELDS_SHOWN else "")


def render_tool(t: ToolPreview) -> str:
    lines = [f"== {t.tool}  ({t.endpoint}; {t.kind})"]
    if t.source is None:
        lines.append("   no JSON response body is described: nothing to preview")
        return "\n".join(lines)
    compact = json.dumps(t.example, ensure_ascii=False, separators=(",", ":"))
    lines += [
        f"   example ({t.source}):",
        f"     {_cut(compact, EXAMPLE_CHARS)}",
        f"   the agent gets by default (concise JSON{f', page 1 of {t.pages}' if t.pages > 1 else ''}):",
        f"     {_cut(t.shaped, SHAPED_CHARS)}",
    ]
    lines += [f"     {note}" for note in t.notes]
    lines += [
        f"   tokens: {t.raw_tokens} as pretty JSON -> {t.shaped_tokens} shaped "
        f"({t.reduction:.0%} less)",
        f"   kept: {_listed(t.kept)}",
        f"   dropped: {_listed(t.dropped)}",
    ]
    if t.violations:
        lines.append("   INVARIANT BROKEN:")
        lines += [f"     - {v}" for v in t.violations]
        lines.append(f"   hint: {t.hint}")
        if t.fix:
            lines.append(f"   fix (overlay): {t.fix}")
    else:
        lines.append("   invariants: ok")
    if t.notices:
        lines.append("   notices (not failures):")
        lines += [f"     - {n}" for n in t.notices]
    return "\n".join(lines)


def render(preview: Preview) -> str:
    blocks = [render_tool(t) for t in preview.tools]
    shown = [t for t in preview.tools if t.source is not None]
    broken = preview.broken
    summary = (
        f"{preview.spec_name}: {len(preview.tools)} tool(s), {len(shown)} with an example; "
        f"{len(broken)} with a broken invariant"
        + (
            f" ({', '.join(t.tool for t in broken[:10])}{' ...' if len(broken) > 10 else ''})"
            if broken
            else ""
        )
    )
    return "\n\n".join(blocks + [summary]) + "\n"
