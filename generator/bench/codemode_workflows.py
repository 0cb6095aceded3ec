"""Scripted-workflow benchmark: ``python -m generator.bench.codemode_workflows``.

Ten multi-step tasks per API (GitHub REST, Stripe; ``data/code_workflows.json``), each done
against a local upstream on 127.0.0.1 that answers with the recorded responses of
``tests/fixtures/responses``, counting every o200k token the model reads or writes:

* **code mode** (ours): the ``tools/list``, one ``search`` (the task sentence), one
  ``execute`` (the script written, the shaped result read);
* **per-op mode** (ours): the ``tools/list``, then each call the script made, as a tool call
  (name and arguments written, the first page of the shaped answer read);
* **meta mode** (ours): the ``tools/list``, one ``find_operations`` (the task sentence), one
  ``describe_operation`` per operation used, one ``call_operation`` per call;
* **FastMCP CodeMode** (fastmcp 4.1.2, ``fastmcp.experimental.transforms.code_mode``, over
  ``FastMCP.from_openapi`` of the same description): the ``tools/list``, one ``search``, one
  ``get_schema`` of the operations used, one ``execute`` of the same script written with
  ``await call_tool(name, {...})`` through a three-line helper that unwraps FastMCP's
  ``{"result": [...]}`` lists (its answers are the upstream's, unshaped). FastMCP runs in this
  process (``pip install fastmcp==4.1.2``: the ``bench`` extra).

The calls of per-op and meta mode are the ones the code-mode script made (recorded), with the
same arguments, so every mode does the same work. A task's script is written once in a neutral
form, ``CALL("operation", arg=...)`` and ``RESULT = ...``, and rendered for each sandbox.
"""

from __future__ import annotations

import ast
import asyncio
import json
import re
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence
from urllib.parse import parse_qsl

from . import results
from .inputs import FIXTURES, GITHUB_REST, STRIPE

if TYPE_CHECKING:
    from ..ir.models import SurfaceMode

WORKFLOWS = Path(__file__).resolve().parent / "data" / "code_workflows.json"
RESPONSES = FIXTURES / "responses"
SPECS = {"github": GITHUB_REST, "stripe": STRIPE}


# --- the local upstream -----------------------------------------------------------------------


def _load(name: str) -> Any:
    return json.loads((RESPONSES / name).read_text(encoding="utf-8"))


def _stripe_list(item: Any, n: int, url: str) -> Any:
    data = []
    for i in range(n):
        one = json.loads(json.dumps(item))
        one["id"] = f"{one.get('id', 'x')}_{i}"
        data.append(one)
    return {"object": "list", "data": data, "has_more": False, "url": url}


def _github_routes() -> list[tuple[str, str, Any]]:
    issue = _load("github/issue-items.json")[0]
    issues = []
    for i in range(30):
        one = json.loads(json.dumps(issue))
        one["number"], one["title"] = 100 + i, f"{issue['title']} ({i})"
        one["labels"] = [{"name": "bug" if i % 2 else "enhancement", "color": "f00"}]
        issues.append(one)
    commits = _load("github/commit-items.json") * 5
    pulls = _load("github/pull-request-simple-items.json") * 3
    files = _load("github/commit.json").get("files") or []
    return [
        (
            "GET",
            r"/repos/[^/]+/[^/]+/issues/\d+/comments",
            _load("github/issue-comment-items.json"),
        ),
        ("GET", r"/repos/[^/]+/[^/]+/issues", issues),
        ("GET", r"/repos/[^/]+/[^/]+/pulls/\d+/files", files),
        ("GET", r"/repos/[^/]+/[^/]+/pulls/\d+", _load("github/pull-request.json")),
        ("GET", r"/repos/[^/]+/[^/]+/pulls", pulls),
        ("GET", r"/repos/[^/]+/[^/]+/commits", commits),
        ("GET", r"/repos/[^/]+/[^/]+/releases/latest", _load("github/release.json")),
        ("GET", r"/repos/[^/]+/[^/]+/actions/runs", _load("github/workflow-run-paginated.json")),
        ("GET", r"/repos/[^/]+/[^/]+", _load("github/full-repository.json")),
        ("GET", r"/orgs/[^/]+", _load("github/organization-full.json")),
        ("GET", r"/users/[^/]+", _load("github/private-user.json")),
        ("GET", r"/search/repositories", _load("github/repo-search-result-item-paginated.json")),
    ]


def _stripe_routes() -> list[tuple[str, str, Any]]:
    charge, customer = _load("stripe/charge.json"), _load("stripe/customer.json")
    invoice, subscription = _load("stripe/invoice.json"), _load("stripe/subscription.json")
    intent = _load("stripe/payment_intent.json")
    refund = {
        "id": "re_1",
        "object": "refund",
        "amount": charge["amount"],
        "status": "succeeded",
        "charge": charge["id"],
        "currency": charge["currency"],
    }
    return [
        ("GET", r"/v1/charges", _stripe_list(charge, 5, "/v1/charges")),
        ("POST", r"/v1/refunds", refund),
        ("GET", r"/v1/customers/[^/]+", customer),
        ("GET", r"/v1/customers", _stripe_list(customer, 10, "/v1/customers")),
        ("GET", r"/v1/invoices/[^/]+", invoice),
        ("GET", r"/v1/invoices", _stripe_list(invoice, 3, "/v1/invoices")),
        ("DELETE", r"/v1/subscriptions/[^/]+", {**subscription, "status": "canceled"}),
        ("GET", r"/v1/subscriptions", _stripe_list(subscription, 2, "/v1/subscriptions")),
        ("GET", r"/v1/subscription_items", _load("stripe/subscription.items.list.json")),
        ("GET", r"/v1/payment_intents", _stripe_list(intent, 3, "/v1/payment_intents")),
        ("GET", r"/v1/checkout/sessions/[^/]+", _load("stripe/checkout.session.json")),
    ]


def _page(value: Any, query: dict[str, str]) -> Any:
    """A list cut to the page size asked for (``per_page``, Stripe's ``limit``)."""
    for key in ("per_page", "limit"):
        if query.get(key, "").isdigit():
            n = int(query[key])
            if isinstance(value, list):
                return value[:n]
            if isinstance(value, dict) and isinstance(value.get("data"), list):
                return {**value, "data": value["data"][:n]}
    return value


class _Upstream:
    def __init__(self, routes: list[tuple[str, str, Any]]):
        table = [(m, re.compile(p + r"/?$"), v) for m, p, v in routes]

        class Handler(BaseHTTPRequestHandler):
            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                path, _, query = self.path.partition("?")
                size = dict(parse_qsl(query))
                for method, pattern, value in table:
                    if method == self.command and pattern.match(path):
                        body = json.dumps(_page(value, size)).encode()
                        self.send_response(200)
                        break
                else:
                    body = b'{"message": "not found"}'
                    self.send_response(404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_DELETE = _serve

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_port}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# --- scripts ----------------------------------------------------------------------------------

_CALL = re.compile(r'CALL\("([a-z0-9_]+)"')


class _Render(ast.NodeTransformer):
    """``CALL("op", a=1)`` as our function call or FastMCP's ``await call_tool(...)``."""

    def __init__(self, names: dict[str, str] | None):
        self.names = names  # None: ours

    def visit_Call(self, node: ast.Call) -> Any:
        self.generic_visit(node)
        if not (isinstance(node.func, ast.Name) and node.func.id == "CALL"):
            return node
        first = node.args[0]
        if not isinstance(first, ast.Constant) or not isinstance(first.value, str):
            raise ValueError(f"CALL names its operation as a string: {ast.unparse(node)}")
        op = first.value
        if self.names is None:
            return ast.Call(func=ast.Name(op), args=[], keywords=node.keywords)
        params = ast.Call(func=ast.Name("dict"), args=[], keywords=node.keywords)
        call = ast.Call(ast.Name("call_tool"), [ast.Constant(self.names[op]), params], [])
        return ast.Await(call)


def _render(script: str, names: dict[str, str] | None) -> str:
    tree = _Render(names).visit(ast.parse(script))
    last = tree.body[-1]
    if isinstance(last, ast.Assign) and getattr(last.targets[0], "id", "") == "RESULT":
        tree.body[-1] = ast.Expr(last.value) if names is None else ast.Return(last.value)
    return ast.unparse(ast.fix_missing_locations(tree))


def ours(script: str) -> str:
    """``CALL("op", a=1)`` -> ``op(a=1)``; ``RESULT = x`` -> ``x`` (the last expression)."""
    return _render(script, None)


# FastMCP wraps a list answer as {"result": [...]} (its tools' output schemas); a model that
# read get_schema unwraps it: here once, in a helper every call goes through.
FASTMCP_PRELUDE = (
    "async def call(name, params):\n"
    "    r = await call_tool(name, params)\n"
    "    return r['result'] if isinstance(r, dict) and list(r) == ['result'] else r\n"
)


def fastmcps(script: str, names: dict[str, str]) -> str:
    """``CALL("op", a=1)`` -> ``await call("<its name>", dict(a=1))``; ``return x``."""
    return FASTMCP_PRELUDE + _render(script, names).replace("await call_tool(", "await call(")


# --- measuring --------------------------------------------------------------------------------


def tokens(text: str) -> int:
    from ..runtime.shaping.tokens import count_tokens

    return count_tokens(text)


def _call_tokens(name: str, arguments: dict[str, Any]) -> int:
    return tokens(name + json.dumps(arguments, ensure_ascii=False, separators=(",", ":")))


def _listing(tools: list[dict[str, Any]]) -> int:
    return tokens(json.dumps(tools, ensure_ascii=False, separators=(",", ":")))


@dataclass
class Row:
    api: str
    task: str
    calls: int
    per_op: int = 0
    per_op_listing: int = 0
    meta: int = 0
    code: int = 0
    fastmcp: int | None = None
    notes: list[str] = field(default_factory=list)


def _model(api: str, mode: SurfaceMode) -> Any:
    from ..pipeline import load_with_overlay
    from ..render.tooldata import server_data
    from ..runtime.model import model_from_json

    spec, _ = load_with_overlay(SPECS[api])
    return model_from_json(server_data(replace(spec, mode=mode)))


def _views(model: Any) -> list[dict[str, Any]]:
    from ..report import model_view
    from ..runtime.mcp.mcp_adapter import to_mcp_tools

    return [model_view(t) for t in to_mcp_tools(model)]


async def _ours(api: str, tasks: list[dict[str, Any]], url: str) -> list[Row]:
    from ..runtime.codemode.tools import names as code_names
    from ..runtime.config.settings import Settings
    from ..runtime.executor import ServerRuntime
    from ..runtime.meta import names as meta_names

    modes: tuple[SurfaceMode, ...] = ("code", "per-op", "meta")
    models = {mode: _model(api, mode) for mode in modes}
    listing = {mode: _listing(_views(m)) for mode, m in models.items()}
    runtimes = {m: ServerRuntime(models[m], Settings(base_url=url)) for m in models}
    recorded: list[tuple[str, dict[str, Any]]] = []
    code_rt = runtimes["code"]
    send = code_rt.send_call

    async def recording(tool: Any, api_args: dict[str, Any], upstream_page: int = 1) -> Any:
        recorded.append((tool.name, dict(api_args)))
        return await send(tool, api_args, upstream_page)

    code_rt.send_call = recording  # type: ignore[method-assign]  # records what code mode sends
    rows = []
    try:
        for task in tasks:
            recorded.clear()
            row = Row(api, task["task"], 0)
            cn = code_names(models["code"])
            found = await code_rt.call(cn["search"], {"query": task["task"]})
            script = ours(task["script"])
            done = await code_rt.call(cn["execute"], {"code": script})
            if done.is_error:
                row.notes.append("code: " + done.parts[0][:200])
            row.code = (
                listing["code"]
                + _call_tokens(cn["search"], {"query": task["task"]})
                + tokens("\n".join(found.parts))
                + _call_tokens(cn["execute"], {"code": script})
                + tokens("\n".join(done.parts))
            )
            row.calls = len(recorded)
            per_op = runtimes["per-op"]
            row.per_op_listing = listing["per-op"]
            row.per_op = listing["per-op"]
            for name, args in recorded:
                out = await per_op.call(name, args)
                row.per_op += _call_tokens(name, args) + tokens("\n".join(out.parts))
            mn, meta = meta_names(models["meta"]), runtimes["meta"]
            row.meta = listing["meta"]
            find = {"query": task["task"]}
            out = await meta.call(mn["find"], find)
            row.meta += _call_tokens(mn["find"], find) + tokens("\n".join(out.parts))
            for name in dict.fromkeys(n for n, _ in recorded):
                described = await meta.call(mn["describe"], {"operation": name})
                row.meta += _call_tokens(mn["describe"], {"operation": name})
                row.meta += tokens("\n".join(described.parts))
            for name, args in recorded:
                call = {"operation": name, "arguments": args}
                out = await meta.call(mn["call"], call)
                row.meta += _call_tokens(mn["call"], call) + tokens("\n".join(out.parts))
            task["_ops"] = list(dict.fromkeys(n for n, _ in recorded))
            rows.append(row)
    finally:
        for rt in runtimes.values():
            await rt.aclose()
    return rows


async def _fastmcp(
    api: str, tasks: list[dict[str, Any]], url: str, rows: list[Row], budget: float | None = None
) -> str:
    """FastMCP CodeMode over the same description; returns a note (or why it was skipped):
    how long each of its stages took here, and, past ``budget`` seconds, where it stopped."""
    try:
        import httpx2
        from fastmcp import Client, FastMCP
        from fastmcp.experimental.transforms.code_mode import CodeMode
    except ImportError as exc:
        return f"FastMCP CodeMode not measured: {exc} (pip install fastmcp==4.1.2)"
    start = time.monotonic()
    stages: dict[str, list[float]] = {}

    def timed(stage: str, since: float) -> float:
        now = time.monotonic()
        stages.setdefault(stage, []).append(now - since)
        print(f"fastmcp {api}: {stage} {now - since:.1f} s", file=sys.stderr, flush=True)
        return now

    text = SPECS[api].read_text(encoding="utf-8")
    if SPECS[api].suffix in (".yaml", ".yml"):
        import yaml

        document: Any = yaml.safe_load(text)
    else:
        document = json.loads(text)
    mark = time.monotonic()
    server = FastMCP.from_openapi(document, client=httpx2.AsyncClient(base_url=url))
    catalog = {t.name for t in await server.list_tools()}
    mark = timed("from_openapi", mark)
    server.add_transform(CodeMode())
    done_tasks = 0
    async with Client(server) as client:
        listed = await client.list_tools()
        mark = timed("tools/list", mark)
        views = [
            {
                k: v
                for k, v in t.model_dump(mode="json", by_alias=True, exclude_none=True).items()
                if k in ("name", "description", "inputSchema")
            }
            for t in listed
        ]
        listing = _listing(views)
        for row, task in zip(rows, tasks):
            if budget is not None and time.monotonic() - start > budget:
                break
            names = {op: _fastmcp_name(op, catalog) for op in task.get("_ops", [])}
            names.update({op: _fastmcp_name(op, catalog) for op in _CALL.findall(task["script"])})
            total = listing
            search = {"query": task["task"]}
            found = await client.call_tool("search", search, raise_on_error=False)
            mark = timed("search", mark)
            total += _call_tokens("search", search) + tokens(_text(found))
            schema = {"tools": sorted(set(names.values()))}
            got = await client.call_tool("get_schema", schema, raise_on_error=False)
            mark = timed("get_schema", mark)
            total += _call_tokens("get_schema", schema) + tokens(_text(got))
            script = fastmcps(task["script"], names)
            done = await client.call_tool("execute", {"code": script}, raise_on_error=False)
            mark = timed("execute", mark)
            if done.is_error:
                row.notes.append("fastmcp: " + _text(done)[:200])
            total += _call_tokens("execute", {"code": script}) + tokens(_text(done))
            row.fastmcp = total
            done_tasks += 1
    took = "; ".join(
        f"{stage} {statistics.median(times):.1f} s" + (" median" if len(times) > 1 else "")
        for stage, times in stages.items()
    )
    note = (
        f"FastMCP CodeMode: fastmcp {__import__('fastmcp').__version__}, {done_tasks} of "
        f"{len(tasks)} tasks; wall time here: {took}"
    )
    if done_tasks < len(tasks):
        note += (
            f"; stopped at the budget of {budget:g} s (--fastmcp-budget) after "
            f"{time.monotonic() - start:.0f} s"
        )
    return note


def _fastmcp_name(op: str, catalog: set[str]) -> str:
    if op in catalog:
        return op
    flat = {re.sub(r"[^a-z0-9]", "", n.lower()): n for n in catalog}
    return flat.get(re.sub(r"[^a-z0-9]", "", op.lower()), op)


def _text(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


def main(argv: Sequence[str] | None = None) -> int:
    parser = results.command_line("generator.bench.codemode_workflows", __doc__)
    parser.add_argument("--only", help="github or stripe")
    parser.add_argument("--no-fastmcp", action="store_true", help="skip FastMCP's CodeMode")
    parser.add_argument(
        "--fastmcp-budget",
        type=float,
        help="seconds FastMCP's CodeMode may take per API; past it no further task is started",
    )
    results.add_argument(parser, "codemode-workflows")
    args = parser.parse_args(argv)
    workflows = json.loads(WORKFLOWS.read_text(encoding="utf-8"))
    with results.recorded(args.results, "generator.bench.codemode_workflows", argv):
        all_rows: list[Row] = []
        notes: list[str] = []
        for api in ("github", "stripe"):
            if args.only and api != args.only:
                continue
            tasks = workflows[api]
            upstream = _Upstream(_github_routes() if api == "github" else _stripe_routes())
            try:
                print(f"measuring {api}", file=sys.stderr)
                rows = asyncio.run(_ours(api, tasks, upstream.url))
                if not args.no_fastmcp:
                    try:
                        notes.append(
                            asyncio.run(
                                _fastmcp(api, tasks, upstream.url, rows, args.fastmcp_budget)
                            )
                        )
                    except Exception as exc:  # a failure of theirs is reported, not fatal
                        notes.append(
                            f"FastMCP CodeMode on {api} failed: {type(exc).__name__}: {exc}"
                        )
            finally:
                upstream.close()
            all_rows += rows
        _print(all_rows, notes)
    return 0


def _print(rows: list[Row], notes: list[str]) -> None:
    print("## Tokens a model reads and writes per task (o200k)\n")
    print(
        "| API | task | calls | per-op | per-op without tools/list | meta | code | FastMCP CodeMode "
        "| code / per-op | code / per-op without tools/list |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        bare = r.per_op - r.per_op_listing
        code_bare = r.code - 0
        fm_text = f"{r.fastmcp:,}" if r.fastmcp is not None else "n/a"
        print(
            f"| {r.api} | {r.task} | {r.calls} | {r.per_op:,} | {bare:,} | {r.meta:,} | "
            f"{r.code:,} | {fm_text} | {r.code / r.per_op:.3f} | {code_bare / max(1, bare):.2f} |"
        )
    print("\n## Totals over the multi-call tasks (2+ upstream calls)\n")
    print(
        "| API | tasks | per-op | meta | code | FastMCP CodeMode | code / per-op | code / FastMCP |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for api in sorted({r.api for r in rows}):
        multi = [r for r in rows if r.api == api and r.calls >= 2]
        if not multi:
            continue
        per_op, meta = sum(r.per_op for r in multi), sum(r.meta for r in multi)
        code = sum(r.code for r in multi)
        fm_rows = [r.fastmcp for r in multi if r.fastmcp is not None]
        fm = sum(fm_rows) if len(fm_rows) == len(multi) else None
        print(
            f"| {api} | {len(multi)} | {per_op:,} | {meta:,} | {code:,} | "
            f"{f'{fm:,}' if fm is not None else 'n/a'} | {code / per_op:.3f} | "
            f"{f'{code / fm:.2f}' if fm else 'n/a'} |"
        )
    problems = [f"- {r.api} / {r.task}: {n}" for r in rows for n in r.notes]
    print("\nNotes:\n")
    for note in notes:
        print(f"- {note}")
    if problems:
        print("\nErrors during the run (the tokens of an error answer are counted as read):\n")
        print("\n".join(problems))


if __name__ == "__main__":
    raise SystemExit(main())
