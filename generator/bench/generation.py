"""Generation and startup benchmark: ``python -m generator.bench.generation [--quick]``.

For the full GitHub REST and Stripe specs of the corpus, a synthetic multi-file spec
(``--multifile-files`` YAML files joined by relative ``$ref``s: bench/multifile.py) and any
description given with ``--spec NAME=FILE`` (such as DigitalOcean's published multi-file layout,
whose operations are each a ``$ref`` to a file of their own), it measures, in one run:

* generation time: a fresh ``python -m generator generate`` subprocess (black included);
* for the generated server and for ``fastmcp`` ``FastMCP.from_openapi`` on the same spec:
  wall time from just before spawning the process to the (complete) ``tools/list`` reply over
  stdio with the real MCP client (median of ``--repeats`` runs), the server process's peak RSS
  (``VmHWM`` read from ``/proc`` right after the reply), and the size of ``tools/list`` in
  o200k tokens (compact JSON of ``[{name, description, inputSchema}]``, output schemas left out).

FastMCP runs from a separate interpreter (``--fastmcp-python``) so the project's venv stays
clean. It gets the spec as pre-parsed JSON (its fastest path) with its banner and update check
switched off (the multi-file spec is not given to FastMCP: ``from_openapi`` takes one
document). Prints a Markdown table on stdout; progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Sequence

from . import results
from .inputs import GITHUB_REST, STRIPE

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_FASTMCP_PYTHON = Path("/work/venv-fastmcp/bin/python")
GENERATION_TARGET_S = 20.0
HTTP_METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})
SERVER_TIMEOUT_S = 60.0  # per server start; FastMCP on Stripe needs far longer
MULTIFILE_FILES = 2_900  # the size of the real multi-file description that prompted issue 16

FASTMCP_SERVER = """\
import asyncio
import json
import sys
import time

import httpx2
from fastmcp import FastMCP

start = time.perf_counter()
with open(sys.argv[1], encoding="utf-8") as handle:
    spec = json.load(handle)
server = FastMCP.from_openapi(
    openapi_spec=spec, client=httpx2.AsyncClient(base_url=sys.argv[2]), name=sys.argv[3]
)
if len(sys.argv) < 5:
    server.run()
    raise SystemExit(0)
built = time.perf_counter() - start  # below: in-process tools/list, when stdio is too slow
tools = [tool.to_mcp_tool() for tool in asyncio.run(server.list_tools())]
listed = time.perf_counter() - start - built
full = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools]
seen = [{k: d[k] for k in ("name", "description", "inputSchema") if k in d} for d in full]
reply = len(json.dumps(full, separators=(",", ":")).encode())
with open(sys.argv[4], "w", encoding="utf-8") as handle:
    json.dump({"build_s": built, "list_s": listed, "reply_bytes": reply, "tools": seen}, handle)
"""


@dataclass(frozen=True)
class BenchSpec:
    name: str
    path: Path
    ops: int | None = None  # known operation count (multi-file: the entry has only refs)
    peer_note: str = ""  # set: FastMCP is not run on this spec, and this says why


SPECS: tuple[BenchSpec, ...] = (
    BenchSpec("github", GITHUB_REST),
    BenchSpec("stripe", STRIPE),
)


@dataclass(frozen=True)
class ServerLaunch:
    """How to start one stdio MCP server process."""

    command: str
    args: tuple[str, ...]
    env: dict[str, str]


@dataclass(frozen=True)
class ServerFigures:
    ready_runs: tuple[float, ...]  # seconds to tools/list; empty: no reply within timeout_s
    peak_rss_mb: float  # max over runs
    tools: int | None  # None: not known (no reply and no in-process count)
    tokens: int | None
    reply_mb: float | None  # the whole tools/list (output schemas included), compact JSON
    timeout_s: float
    in_process: bool = False  # tools/tokens/reply counted inside the server, not from stdio

    @property
    def ready_s(self) -> float | None:
        return statistics.median(self.ready_runs) if self.ready_runs else None


@dataclass(frozen=True)
class SpecRow:
    spec: str
    ops: int
    generation_s: float
    ours: ServerFigures
    fastmcp: ServerFigures | None
    fastmcp_note: str = ""


# --- spec documents ---------------------------------------------------------------------------


def load_document(path: Path) -> dict[str, Any]:
    """Parse a JSON or YAML OpenAPI document (libyaml when available)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return json.loads(text)
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader


def count_operations(document: dict[str, Any]) -> int:
    paths = document.get("paths") or {}
    return sum(
        1
        for item in paths.values()
        if isinstance(item, dict)
        for method in item
        if method in HTTP_METHODS
    )


def first_server_url(document: dict[str, Any]) -> str:
    servers = document.get("servers") or [{}]
    return str(servers[0].get("url") or "http://127.0.0.1")


# --- generation -------------------------------------------------------------------------------


def measure_generation(
    spec_path: Path, name: str, out_dir: Path, *, python: str = sys.executable
) -> tuple[float, Path]:
    """Run ``python -m generator generate`` in a fresh process; return (seconds, package dir)."""
    command = [python, "-m", "generator", "generate", str(spec_path), "--name", name]
    command += ["--out", str(out_dir)]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=REPO_ROOT, capture_output=True, text=True, timeout=600)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"generation of {spec_path} failed:\n{done.stderr[-2000:]}")
    return seconds, out_dir / f"{name}-mcp"


# --- servers ----------------------------------------------------------------------------------


def our_server_launch(
    package_dir: Path, name: str, *, python: str = sys.executable
) -> ServerLaunch:
    module = f"{name.replace('-', '_')}_mcp"
    return ServerLaunch(python, ("-m", module), {"PYTHONPATH": str(package_dir / "src")})


def fastmcp_server_launch(
    python: Path, document: dict[str, Any], name: str, work_dir: Path
) -> ServerLaunch:
    """Write the spec as JSON and a tiny FastMCP stdio server script into ``work_dir``."""
    spec_json = work_dir / f"{name}.openapi.json"
    spec_json.write_text(json.dumps(document), encoding="utf-8")
    script = work_dir / "fastmcp_server.py"
    script.write_text(FASTMCP_SERVER, encoding="utf-8")
    env = {"FASTMCP_SHOW_SERVER_BANNER": "false", "FASTMCP_CHECK_FOR_UPDATES": "off"}
    args = (str(script), str(spec_json), first_server_url(document), name)
    return ServerLaunch(str(python), args, env)


def model_view(tool: Any) -> dict[str, Any]:
    """What a model sees of an ``mcp.types.Tool``: name, description, input schema."""
    wire = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
    return {key: wire[key] for key in ("name", "description", "inputSchema") if key in wire}


def tools_list_tokens(views: Sequence[dict[str, Any]]) -> int:
    """o200k tokens of the compact JSON of the tools' model views."""
    from generator.runtime.shaping.tokens import count_tokens

    return count_tokens(json.dumps(list(views), ensure_ascii=False, separators=(",", ":")))


def _reply_mb(tools: Sequence[Any]) -> float:
    full = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools]
    return len(json.dumps(full, separators=(",", ":")).encode()) / 1e6


def _child_pids() -> set[int]:
    found: set[int] = set()
    for task in Path("/proc/self/task").iterdir():
        try:
            found.update(int(pid) for pid in (task / "children").read_text().split())
        except OSError:
            continue
    return found


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmHWM for process {pid}")


async def _list_all_tools(session: Any) -> list[Any]:
    from mcp.types import PaginatedRequestParams

    tools: list[Any] = []
    cursor: str | None = None
    while True:
        page = await session.list_tools(
            params=PaginatedRequestParams(cursor=cursor) if cursor else None
        )
        tools += page.tools
        cursor = page.next_cursor
        if not cursor:
            return tools


async def _one_run(
    launch: ServerLaunch, errlog: Any, timeout_s: float
) -> tuple[float | None, float, list[Any] | None]:
    """One fresh server: (seconds to tools/list or None, peak RSS MB, tools or None)."""
    import anyio
    from mcp import ClientSession, StdioServerParameters, stdio_client

    params = StdioServerParameters(command=launch.command, args=list(launch.args), env=launch.env)
    before = _child_pids()
    ready: float | None = None
    tools: list[Any] | None = None
    with anyio.fail_after(timeout_s + 120):  # teardown must not hang the benchmark either
        start = time.perf_counter()
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as session:
                with anyio.move_on_after(timeout_s):
                    await session.initialize()
                    tools = await _list_all_tools(session)
                    ready = time.perf_counter() - start
                spawned = sorted(_child_pids() - before)
                if len(spawned) != 1:
                    raise RuntimeError(f"expected one server process, found {spawned}")
                peak = _peak_rss_mb(spawned[0])
    return ready, peak, tools


def measure_server(
    launch: ServerLaunch, *, repeats: int = 3, timeout_s: float = SERVER_TIMEOUT_S
) -> ServerFigures:
    """Start the server up to ``repeats`` times (stops after a run without a reply)."""
    import anyio

    readies: list[float] = []
    peaks: list[float] = []
    tools: list[Any] | None = None
    with tempfile.TemporaryFile("w+", encoding="utf-8") as errlog:
        for _ in range(repeats):
            try:
                ready, peak, tools = anyio.run(_one_run, launch, errlog, timeout_s)
            except Exception as exc:
                errlog.seek(0)
                raise RuntimeError(
                    f"{launch.command} {' '.join(launch.args)}: {exc!r}\n"
                    f"server stderr:\n{errlog.read()[-2000:]}"
                ) from exc
            peaks.append(peak)
            if ready is None:
                break
            readies.append(ready)
    views = [model_view(tool) for tool in tools] if tools is not None else None
    return ServerFigures(
        ready_runs=tuple(readies),
        peak_rss_mb=max(peaks),
        tools=len(views) if views is not None else None,
        tokens=tools_list_tokens(views) if views is not None else None,
        reply_mb=_reply_mb(tools) if tools is not None else None,
        timeout_s=timeout_s,
    )


def fastmcp_in_process(
    launch: ServerLaunch, figures: ServerFigures, work_dir: Path
) -> tuple[ServerFigures, str]:
    """Tools/tokens/reply size from FastMCP's own in-process tools/list (no stdio), a note."""
    out = work_dir / "fastmcp_tools.json"
    command = [launch.command, *launch.args, str(out)]
    env = {**os.environ, **launch.env}
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"FastMCP in-process tools/list failed:\n{done.stderr[-2000:]}")
    dump = json.loads(out.read_text(encoding="utf-8"))
    mb = dump["reply_bytes"] / 1e6
    note = (
        f"FastMCP built its tools in {dump['build_s']:.1f} s and listed them in "
        f"{dump['list_s']:.1f} s in-process; its tools/list reply is {mb:.1f} MB, which the mcp "
        f"client's stdio reader did not receive within {figures.timeout_s:.0f} s (its peak RSS is "
        "read at that timeout; tools and tokens marked * were counted in-process)"
    )
    tools = dump["tools"]
    found = replace(figures, tools=len(tools), tokens=tools_list_tokens(tools), reply_mb=mb)
    return replace(found, in_process=True), note


# --- the run ----------------------------------------------------------------------------------


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def multifile_spec(folder: Path, files: int) -> BenchSpec:
    """Write the synthetic multi-file spec into ``folder`` (see bench/multifile.py)."""
    from .multifile import write_multifile_spec

    entry, ops = write_multifile_spec(folder, files)
    written = sum(1 for p in folder.rglob("*.yaml"))
    return BenchSpec(
        f"multifile-{written}-files",
        entry,
        ops,
        "FastMCP skipped: from_openapi takes one document, not a multi-file spec",
    )


def external_spec(value: str) -> BenchSpec:
    """``--spec NAME=FILE``: a description outside the repository (a multi-file one: FastMCP's
    ``from_openapi`` takes one document, so it is not run there)."""
    name, sep, file = value.partition("=")
    path = Path(file).expanduser()
    if not sep or not re.fullmatch(r"[a-z][a-z0-9-]*", name) or not path.is_file():
        raise argparse.ArgumentTypeError(
            f"expected NAME=FILE (NAME in lowercase letters, digits, dashes; FILE existing), "
            f"got {value!r}"
        )
    return BenchSpec(
        name, path, None, "FastMCP skipped: from_openapi takes one document, not a multi-file spec"
    )


def bench_spec(
    spec: BenchSpec, fastmcp_python: Path | None, repeats: int, timeout_s: float
) -> SpecRow:
    document = load_document(spec.path)
    if spec.peer_note:
        fastmcp_python = None
    with tempfile.TemporaryDirectory(prefix=f"bench-{spec.name}-") as tmp:
        work = Path(tmp)
        _progress(f"[{spec.name}] generating ...")
        gen_s, package = measure_generation(spec.path, spec.name, work / "out")
        _progress(f"[{spec.name}] generated in {gen_s:.1f} s; starting our server x{repeats} ...")
        launch = our_server_launch(package, spec.name)
        ours = measure_server(launch, repeats=repeats, timeout_s=timeout_s)
        fast: ServerFigures | None = None
        note = ""
        if fastmcp_python is None:
            note = spec.peer_note or "FastMCP skipped: no --fastmcp-python interpreter with fastmcp"
        else:
            _progress(f"[{spec.name}] starting FastMCP x{repeats} ...")
            launch = fastmcp_server_launch(fastmcp_python, document, spec.name, work)
            try:
                fast = measure_server(launch, repeats=repeats, timeout_s=timeout_s)
                if fast.ready_s is None:
                    _progress(f"[{spec.name}] no FastMCP reply; counting its tools in-process ...")
                    fast, note = fastmcp_in_process(launch, fast, work)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                note = f"FastMCP failed: {str(exc).splitlines()[0]}"
                _progress(str(exc))
    ops = spec.ops if spec.ops is not None else count_operations(document)
    return SpecRow(spec.name, ops, gen_s, ours, fast, note)


def _fmt(value: float | int | None, digits: int = 2) -> str:
    if value is None:
        return "n/a"
    return f"{value:,}" if isinstance(value, int) else f"{value:,.{digits}f}"


def _pair(ours: ServerFigures, fast: ServerFigures | None, field: str, digits: int = 2) -> str:
    def one(figures: ServerFigures | None) -> str:
        if figures is None:
            return "n/a"
        if field == "ready_s" and figures.ready_s is None:
            return f"> {figures.timeout_s:.0f} (no reply)"
        star = "*" if field in ("tools", "tokens") and figures.in_process else ""
        return _fmt(getattr(figures, field), digits) + star

    return f"{one(ours)} / {one(fast)}"


def render_table(rows: Sequence[SpecRow], *, repeats: int, fastmcp_version: str | None) -> str:
    head = (
        "| spec | ops | generation s | ready s (ours / FastMCP) | peak RSS MB (ours / FastMCP) "
        "| tools (ours / FastMCP) | tools/list tokens (ours / FastMCP) "
        "| tools/list reply MB (ours / FastMCP) |"
    )
    lines = [head, "|" + "---|" * (head.count(" | ") + 1)]
    for row in rows:
        ours, fast = row.ours, row.fastmcp
        cells = [row.spec, _fmt(row.ops), _fmt(row.generation_s, 1), _pair(ours, fast, "ready_s")]
        cells += [_pair(ours, fast, "peak_rss_mb", 0), _pair(ours, fast, "tools")]
        cells += [_pair(ours, fast, "tokens"), _pair(ours, fast, "reply_mb", 1)]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "Targets:"] + [f"- {line}" for line in target_lines(rows)] + [""]
    peer = f"fastmcp {fastmcp_version}" if fastmcp_version else "fastmcp not run"
    lines.append(
        f"Machine: {os.cpu_count()} CPUs, Python {platform.python_version()}; {peer}. "
        f"Ready = spawn to complete tools/list reply over stdio with the mcp client (median of "
        f"{repeats}); peak RSS = server VmHWM at the reply (max over runs); tokens = o200k of "
        "compact JSON [{name, description, inputSchema}] (output schemas left out); reply MB = "
        "compact JSON of the full tools (output schemas included)."
    )
    lines += [f"Note: {row.spec}: {row.fastmcp_note}" for row in rows if row.fastmcp_note]
    return "\n".join(lines)


def target_lines(rows: Sequence[SpecRow]) -> list[str]:
    out: list[str] = []
    for row in rows:
        met = "met" if row.generation_s < GENERATION_TARGET_S else "NOT met"
        limit = f"{GENERATION_TARGET_S:.0f}"
        out.append(f"{row.spec} generated in < {limit} s: {met} ({row.generation_s:.1f} s)")
        ours, fast = row.ours.ready_s, row.fastmcp.ready_s if row.fastmcp else None
        if row.fastmcp is None or ours is None:
            out.append(f"{row.spec} ready faster than FastMCP: not measured")
            continue
        their = (
            f"{fast:.2f} s" if fast is not None else f"no reply in {row.fastmcp.timeout_s:.0f} s"
        )
        faster = fast is None or ours < fast
        verdict = "met" if faster else "NOT met"
        out.append(f"{row.spec} ready faster than FastMCP: {verdict} ({ours:.2f} s vs {their})")
    return out


def _fastmcp_version(python: Path) -> str | None:
    code = "import importlib.metadata as m; print(m.version('fastmcp'))"
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, timeout=60)
    return done.stdout.strip() if done.returncode == 0 else None


def add_server_arguments(parser: argparse.ArgumentParser) -> None:
    """``--repeats``, ``--server-timeout`` and ``--fastmcp-python``: how servers are started
    and measured (this benchmark and ``surface``)."""
    parser.add_argument("--repeats", type=int, default=3, help="server starts per measurement")
    parser.add_argument(
        "--server-timeout",
        type=float,
        default=SERVER_TIMEOUT_S,
        metavar="S",
        help=f"seconds a server may take to list its tools (default {SERVER_TIMEOUT_S:g})",
    )
    parser.add_argument(
        "--fastmcp-python",
        type=Path,
        default=DEFAULT_FASTMCP_PYTHON if DEFAULT_FASTMCP_PYTHON.exists() else None,
        help=f"interpreter with fastmcp installed (default {DEFAULT_FASTMCP_PYTHON} if present)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = results.command_line("generator.bench.generation", __doc__)
    parser.add_argument(
        "--quick", action="store_true", help="GitHub and the multi-file spec only (no Stripe)"
    )
    parser.add_argument(
        "--no-corpus",
        dest="corpus",
        action="store_false",
        help="leave out GitHub and Stripe: only the multi-file spec and the --spec descriptions",
    )
    parser.add_argument(
        "--multifile-files",
        type=int,
        default=MULTIFILE_FILES,
        metavar="N",
        help=f"files of the synthetic multi-file spec (default {MULTIFILE_FILES:,}; 0 = skip)",
    )
    parser.add_argument(
        "--spec",
        type=external_spec,
        action="append",
        default=[],
        metavar="NAME=FILE",
        help="also measure this description (e.g. digitalocean=openapi/specification/"
        "DigitalOcean-public.v2.yaml from github.com/digitalocean/openapi); repeatable",
    )
    add_server_arguments(parser)
    results.add_argument(parser, "generation")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    python: Path | None = args.fastmcp_python
    version = _fastmcp_version(python) if python is not None else None
    if python is not None and version is None:
        _progress(f"{python} cannot import fastmcp: FastMCP rows skipped")
        python = None
    specs = list(SPECS[:1] if args.quick else SPECS) if args.corpus else []
    with tempfile.TemporaryDirectory(prefix="bench-multifile-") as tmp:
        if args.multifile_files > 0:
            _progress(f"writing the synthetic multi-file spec ({args.multifile_files:,} files) ...")
            specs.append(multifile_spec(Path(tmp), args.multifile_files))
        specs += args.spec
        rows = [bench_spec(spec, python, args.repeats, args.server_timeout) for spec in specs]
    with results.recorded(args.results, "generator.bench.generation", argv):
        print(render_table(rows, repeats=args.repeats, fastmcp_version=version))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
