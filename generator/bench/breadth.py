"""Breadth benchmark of default shaping: ``python -m generator.bench.breadth [CORPUS_DIR]``.

For every API description of ``CORPUS_DIR/breadth`` (real APIs-guru descriptions nobody tuned
for), ``CORPUS_DIR/openapi`` and the repository's ``specs/`` examples (with their overlays):
load it as ``generate`` does, build the runtime's tools (``spec.json`` -> ``runtime.model``),
and call every tool, whatever its method (reads, reads through POST, creates, updates,
deletes, generation, acknowledgements), through the real executor (``ServerRuntime.call``)
with arguments and request bodies built from its listed input schema (``arguments.py``),
against a local upstream on 127.0.0.1 that answers with the operation's success status and
example body (the spec's own, else one synthesized from its schema:
``preview/synthesize.py``), or with no body where the success response describes none (a
204). A GraphQL schema's tools are called too: the upstream answers each document with
the root field's whole value, synthesized from the schema (``graphql_body.py``: what a
selection may name, no echo of an input the call did not send), projected onto the
document's selection (``graphql_answer.py``), and the judge weighs what the default selection
kept against that whole value. Each result is judged against what the upstream sent by ``preview/judge.py`` (rules
written apart from the shaping rules): payload list, label, identity, never only wrapper
metadata, generated content, the answered (created or changed) resource, the
acknowledgement, and the named checks of ``judge_checks.CHECKS`` (people, the identity a path
parameter names, schema siblings, series, encodings). Tokens are o200k (``runtime/shaping/tokens.py``); the reduction is against
the body as pretty JSON (indent 2). Results are grouped by the operation's kind
(``kinds.py``). Tools not called are counted per description, with why.

Also the yardstick (``yardstick.py``): recall and precision of the defaults against the
hand-picked fields of ``essentials.py`` on the recorded corpus responses; and what the loader
left out of each description, with why (``breadth_left_out.py``). ``--spec FILE`` adds a
description from outside the corpus (group ``extra``).

The tables (``breadth_report.py``) are printed and written to
``generator/bench/results/breadth.md`` (``results.py``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

import yaml

from ..diagnostics import GenerationError
from ..preview.judge import Verdict, judge, leanest
from ..preview.judge_answers import judge_empty
from ..preview.judge_markdown import answered_as_json, judge_markdown
from ..preview.judge_request import request_of
from ..preview.synthesize import FROM_TREE, Example, ExampleFinder
from ..preview.tools import operator_chosen, path_templates, tools_of
from ..runtime.shaping.tokens import count_tokens, get_encoding
from .received import received_tokens
from . import results as results_file
from .arguments import arguments_for
from .breadth_calls import Call, Case, MarkdownAnswer, SpecResult
from .breadth_left_out import left_out
from .breadth_markdown import markdown_report
from .breadth_report import BIG_BODY, report
from .graphql_answer import answer
from .graphql_body import body_for, without_unsent_echoes
from .inputs import FIXTURES, REPO, SHARED_CORPUS
from .loss_classes import classes as loss_classes
from .kept_roles import apportion
from .kinds import group_of, method_of, recorded_kind
from .upstream import LocalUpstream

DEFAULT_CORPUS = SHARED_CORPUS
GRAPHQL_BODY = "synthesized from the GraphQL schema (graphql_body.py)"
FALLBACK_NOTE = "the default fields would have lost data"  # shaping/pipeline.py's note
REPAIRED_LOG = "did not match its description"  # runtime/executor.py's warning
JSON_INSTEAD = "answered in compact JSON"  # shaping/formats.py's note: Markdown would cost more


# ------------------------------------------------------------------------------ the corpus


def discover(
    corpus: Path | None, repo: Path | None = REPO, extra: tuple[Path, ...] = ()
) -> list[Case]:
    """Breadth descriptions, corpus descriptions, the repository's examples (``repo``), then
    the descriptions given with ``--spec`` (``extra``: group ``extra``)."""
    cases: list[Case] = []
    if corpus is not None:
        for group in ("breadth", "openapi"):
            folder = corpus / group
            if folder.is_dir():
                for path in sorted(folder.iterdir()):
                    if path.suffix.lower() in (".yaml", ".yml", ".json"):
                        cases.append(Case(f"{group}/{path.name}", path, None, group))
    manifest = repo / "specs" / "manifest.yaml" if repo is not None else None
    if manifest is not None and manifest.is_file():
        data = yaml.safe_load(manifest.read_text(encoding="utf-8")) or {}
        for entry in data.get("examples") or []:
            spec = manifest.parent / entry["spec"]
            overlay = manifest.parent / entry["overlay"] if entry.get("overlay") else None
            cases.append(Case(f"specs/{entry['spec']} + overlay", spec, overlay, "examples"))
    cases += [Case(f"extra/{path.name}", path, None, "extra") for path in extra]
    return cases


# ------------------------------------------------------------------------------ calls


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:160]


@dataclass(frozen=True)
class Work:
    """One call to make: the tool, its kind and what the upstream answers."""

    tool: Any
    arguments: dict[str, Any]
    kind: str
    method: str
    example: Example | None  # None: an empty answer with ``status``
    status: int
    template: str | None = None  # the path template, and its siblings' (judge_paths.py)
    siblings: tuple[str, ...] = ()
    graphql: bool = False  # answered with ``example`` projected onto the document's selection


Chooser = Callable[[Case, list[Work]], list[Work]]


@dataclass
class Plan:
    """What ``plan_case`` found: the result so far (its ``failure`` set when the description
    did not load, ``skipped`` the tools not called and why), the runtime's model, the calls to
    make and, for a GraphQL API, the schema a generated package ships (the runtime checks a
    ``fields`` argument against it)."""

    result: SpecResult
    model: Any = None
    work: list[Work] = field(default_factory=list)
    sdl: str | None = None


def plan_case(case: Case) -> Plan:
    """Load ``case`` as ``generate`` does and say what to call."""
    from ..pipeline import load_with_overlay
    from ..render.graphql_sdl import shipped_sdl

    result = SpecResult(case)
    try:
        spec, diagnostics = load_with_overlay(case.spec, overlay_path=case.overlay)
        model, pairs = tools_of(spec)
    except GenerationError as exc:
        text = str(exc).replace(str(case.spec), "").strip()  # the path first: then the cut
        result.failure = (text.splitlines() or [""])[0].lstrip(":0123456789 ")[:160]
        if exc.diagnostics:
            first = exc.diagnostics[0]
            result.failure_why = f"{first.code}: {(first.message.splitlines() or [''])[0]}"
        return Plan(result)
    result.operations = len(spec.operations)
    result.left_out, result.caveats = left_out(diagnostics)
    result.tools = len(pairs)
    result.by_kind = any(recorded_kind(op) for op, _ in pairs)
    finder = ExampleFinder(case.spec)
    paths = path_templates(spec)
    work = []
    graphql = bool(spec.graphql_sdl)  # a GraphQL schema, as SDL or introspection JSON
    for op, tool in pairs:
        item = _work(op, tool, finder, case.spec if graphql else None)
        if isinstance(item, str):
            result.skipped[item] += 1
        else:
            work.append(replace(item, template=paths[op.id][0], siblings=paths[op.id][1]))
    return Plan(result, model, work, shipped_sdl(spec) if graphql else None)


def run_case(
    case: Case, upstream: LocalUpstream, choose: Chooser | None = None, markdown: bool = False
) -> SpecResult:
    """Plan ``case`` and make its calls against ``upstream``: every callable tool, or those
    ``choose`` picks (the others are counted in ``SpecResult.sampled_out``); ``markdown``:
    each call is made again asking for Markdown (``Call.markdown``)."""
    plan = plan_case(case)
    result, work = plan.result, plan.work
    if choose is not None:
        chosen = choose(case, work)
        result.sampled_out = len(work) - len(chosen)
        work = chosen
    if work:
        result.calls = asyncio.run(
            _call_all(case.label, plan.model, work, upstream, markdown, plan.sdl)
        )
    return result


def _work(op: Any, tool: Any, finder: ExampleFinder, schema_file: Path | None) -> Work | str:
    """What to call and serve for ``op``, or why it is not called. A GraphQL operation
    (``schema_file``: its schema) is answered with the whole value of its root field,
    synthesized from the schema, projected onto the selection the server sends: the judge
    compares what the default selection kept with that whole value."""
    kind, method = group_of(op), method_of(op)
    arguments = arguments_for(tool.input_schema, op.input_schema)
    binding = op.binding
    if binding.kind == "graphql" and schema_file is not None:
        name = f"{binding.operation_type} {binding.field_path}"
        value = body_for(schema_file, name, selectable=True)
        value = without_unsent_echoes(schema_file, name, value, arguments)
        if value is None:
            return "no GraphQL value to synthesize"
        return Work(tool, arguments, kind, method, Example(value, GRAPHQL_BODY), 200, graphql=True)
    if binding.kind != "http":
        return "not an HTTP operation"
    example = finder.example(op)
    if example is not None and method != "HEAD":
        return Work(tool, arguments, kind, method, example, example.status)
    answer = finder.without_body(op)
    if answer.status is not None:
        return Work(tool, arguments, kind, method, None, answer.status)
    if method == "HEAD":
        return Work(tool, arguments, kind, method, None, 200)
    return answer.reason


async def _call_all(
    label: str,
    model: Any,
    work: list[Work],
    upstream: LocalUpstream,
    markdown: bool = False,
    sdl: str | None = None,
) -> list[Call]:
    from ..runtime.executor import ServerRuntime
    from ..runtime.config.settings import Settings
    from ..render.graphql_sdl import SCHEMA_FILE

    runtime = ServerRuntime(model, Settings(base_url=upstream.url, retries=0, read_timeout=10.0))
    calls = []
    warnings = _Warnings(logging.getLogger(ServerRuntime.__module__))
    folder = None
    if sdl is not None:  # as a generated package ships it
        folder = tempfile.TemporaryDirectory()
        schema = Path(folder.name) / SCHEMA_FILE
        schema.write_text(sdl, encoding="utf-8")
        runtime.graphql_schema_path = schema
    try:
        for item in work:
            warnings.messages.clear()
            call, parts = await _call_one(label, runtime, item, upstream, warnings)
            if markdown and call.error is None and item.example is not None:
                call.markdown = await _markdown_answer(runtime, item, upstream, parts)
            calls.append(call)
    finally:
        warnings.close()
        await runtime.aclose()
        if folder is not None:
            folder.cleanup()
    return calls


async def _call_one(
    label: str, runtime: Any, item: Work, upstream: LocalUpstream, warnings: "_Warnings"
) -> tuple[Call, list[str]]:
    """The call, judged, and the texts it answered with."""
    example, tool = item.example, item.tool
    source = example.source.split(" at ")[0] if example is not None else "no body"
    call = Call(label, tool.name, source, item.kind, item.method, item.status, example is None)
    _serve(upstream, item)
    if example is not None:
        call.raw = count_tokens(json.dumps(example.value, indent=2, ensure_ascii=False))
        call.compact = count_tokens(_compact(example.value))
        call.lean = count_tokens(_compact(leanest(example.value)))
    try:
        outcome = await runtime.call(tool.name, item.arguments)
    except Exception as exc:  # a crash of the runtime is a finding, not a stop
        call.error = f"crash: {type(exc).__name__}: {_first_line(exc)}"
        return call, []
    call.shaped = received_tokens(outcome.parts)
    call.fallback = any(FALLBACK_NOTE in p for p in outcome.parts)
    call.repaired = any(REPAIRED_LOG in m for m in warnings.messages)
    if outcome.is_error:
        text = outcome.parts[0] if outcome.parts else "error"
        call.error = " ".join(text.strip().splitlines()[:2])[:200]
    elif example is None:
        call.verdict = Verdict(answer=judge_empty(" ".join(outcome.parts), is_error=False))
        if not call.verdict.answer.acknowledgements_kept:
            call.verdict.lost.append("empty answer: the result does not say it succeeded")
    else:
        try:
            shaped = json.loads(outcome.parts[0]) if outcome.parts else None
        except ValueError:
            shaped = outcome.parts[0]  # a text page: judged by the values in it
        call.verdict = judge(example.value, shaped, **_judge_options(item, outcome.parts))
        call.losses = loss_classes(
            example.value,
            shaped,
            call.verdict,
            kind=item.kind,
            template=item.template,
            fallback=call.fallback,
            arguments=item.arguments,
        )
        if call.raw >= BIG_BODY and isinstance(shaped, (dict, list)):
            call.kept = dict(apportion(shaped))
    return call, outcome.parts


def _serve(upstream: LocalUpstream, item: Work) -> None:
    """Make ``upstream`` answer ``item``'s call: its body (projected onto the GraphQL
    document's selection for a GraphQL call), or no body at all."""
    example = item.example
    if item.graphql and example is not None:
        upstream.responder = lambda _m, _p, sent, value=example.value: answer(sent, value)
        upstream.status = item.status
        return
    upstream.responder = None
    if example is None:
        upstream.serve(None, item.status, empty=True)
    else:
        upstream.serve(example.value, item.status)


def _judge_options(item: Work, parts: list[str]) -> dict[str, Any]:
    """What the judge is told about one call besides the body and the result."""
    assert item.example is not None
    return {
        "paged": any("has_more: true" in p for p in parts[1:]),
        "typed": item.example.source != FROM_TREE,
        "template": item.template,
        "siblings": item.siblings,
        "notes": parts[1:],
        "kind": item.kind,
        "chosen": operator_chosen(item.tool),
        "request": request_of(item.tool, item.arguments),
    }


async def _markdown_answer(
    runtime: Any, item: Work, upstream: LocalUpstream, json_parts: list[str]
) -> MarkdownAnswer:
    """The call made again asking for Markdown, judged on what its text shows; and the
    renderer's Markdown for the JSON answer's first page (``json_parts``), judged the same
    way whether or not the server would send it."""
    assert item.example is not None
    from ..runtime.shaping.markdown import to_markdown

    _serve(upstream, item)
    arguments = {**item.arguments, "response_format": "markdown"}
    answer = MarkdownAnswer()
    try:
        value = json.loads(json_parts[0]) if json_parts else None
    except ValueError:
        value = None  # a text page: nothing to render
    if value is not None:
        rendered = to_markdown(value)
        answer.rendered_tokens = count_tokens(rendered)
        answer.page_tokens = count_tokens(json_parts[0])
        options = _judge_options(item, json_parts)
        answer.rendered = judge_markdown(item.example.value, rendered, **options)
    try:
        outcome = await runtime.call(item.tool.name, arguments)
    except Exception as exc:
        answer.error = f"crash: {type(exc).__name__}: {_first_line(exc)}"
        return answer
    answer.tokens = received_tokens(outcome.parts)
    if outcome.is_error:
        answer.error = " ".join((outcome.parts or ["error"])[0].strip().splitlines()[:2])[:200]
        return answer
    text = outcome.parts[0] if outcome.parts else ""
    answer.as_json = answered_as_json(text) or any(JSON_INSTEAD in p for p in outcome.parts[1:])
    answer.verdict = judge_markdown(item.example.value, text, **_judge_options(item, outcome.parts))
    return answer


class _Warnings(logging.Handler):
    """The server's warnings during the run, kept here instead of printed."""

    def __init__(self, logger: logging.Logger):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []
        self.logger, self.propagate = logger, logger.propagate
        logger.addHandler(self)
        logger.propagate = False

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())

    def close(self) -> None:
        self.logger.removeHandler(self)
        self.logger.propagate = self.propagate
        super().close()


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def main(argv: list[str] | None = None) -> int:
    parser = results_file.command_line("generator.bench.breadth", __doc__)
    parser.add_argument(
        "corpus", nargs="?", type=Path, help="default: ../shared/corpus when it exists"
    )
    parser.add_argument("--only", help="only descriptions whose label contains this text")
    parser.add_argument(
        "--no-yardstick",
        dest="yardstick",
        action="store_false",
        help="leave out the yardstick (recall and precision against essentials.py)",
    )
    parser.add_argument(
        "--no-examples",
        dest="examples",
        action="store_false",
        help="leave out the repository's specs/ examples",
    )
    parser.add_argument(
        "--spec",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="also run this description (e.g. DigitalOcean's multi-file "
        "specification/DigitalOcean-public.v2.yaml); repeatable",
    )
    parser.add_argument(
        "--response-format",
        choices=("json", "markdown"),
        default="json",
        help="markdown: also make every call asking for Markdown and judge what its text "
        "shows beside the JSON answer (breadth_markdown.py)",
    )
    results_file.add_argument(parser, "breadth")
    args = parser.parse_args(argv)
    corpus = args.corpus
    if corpus is None:
        if DEFAULT_CORPUS.is_dir():
            corpus = DEFAULT_CORPUS
            print(f"corpus: {corpus}", file=sys.stderr)
        else:
            print(
                f"corpus: {DEFAULT_CORPUS} does not exist; only the repository's specs/ examples",
                file=sys.stderr,
            )
    elif not corpus.is_dir():
        print(f"{parser.prog}: error: corpus directory {corpus} does not exist", file=sys.stderr)
        return 1
    missing = [str(p) for p in args.spec if not p.is_file()]
    if missing:
        print(
            f"{parser.prog}: error: --spec file(s) not found: {', '.join(missing)}", file=sys.stderr
        )
        return 1
    get_encoding()
    found = discover(corpus, REPO if args.examples else None, tuple(args.spec))
    cases = [c for c in found if not args.only or args.only in c.label]
    start = time.perf_counter()
    results = []
    with LocalUpstream() as upstream:
        for case in cases:
            results.append(run_case(case, upstream, markdown=args.response_format == "markdown"))
    with results_file.recorded(args.results, "generator.bench.breadth", argv):
        print(report(results, elapsed=time.perf_counter() - start))
        if args.response_format == "markdown":
            print(markdown_report(results))
        if args.yardstick:  # the corpus's recorded responses, else the copy in tests/fixtures
            from .yardstick import yardstick_report

            given = corpus / "responses" if corpus is not None else None
            print(yardstick_report(given if given and given.is_dir() else FIXTURES / "responses"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
