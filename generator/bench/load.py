"""Load test: ``python -m generator.bench.load [--clients N] [--seconds S] [--soak]``.

Generates the small reliability API's server (``load_api.py``), runs it as one process over
streamable HTTP against a local upstream, and drives it with N concurrent MCP clients (the
real SDK client, one session each) for a fixed time. The mix per client: 70 % ``get_thing``,
30 % ``list_items`` (a paged result whose continuation is followed one page in half the
cases and otherwise left to expire). Prints calls, throughput, p50/p99 latency, errors and
the server's peak RSS (``VmHWM``). ``--soak`` runs 10 minutes with a 20 s continuation TTL
and samples the server's RSS every 30 s, printing the memory curve.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from . import results
from .load_api import MODULE, ApiUpstream, make_package

FOOTER = re.compile(r'continuation_id="([^"]+)"')


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0  # is_error results and transport failures
    transport_errors: int = 0
    error_samples: list[str] = field(default_factory=list)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _rss_kib(pid: int, key: str = "VmRSS") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


def _start_server(package: Path, upstream: str, port: int) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RELY_")}
    env |= {"PYTHONPATH": str(package / "src"), "RELY_BASE_URL": upstream, "RELY_BEARER": "tok"}
    command = [sys.executable, "-m", MODULE, "--transport", "http", "--port", str(port)]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None:
            said = proc.stderr.read().decode() if proc.stderr is not None else ""
            raise RuntimeError(f"server exited: {said[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                raise TimeoutError("server did not start") from None
            time.sleep(0.1)


async def _client(url: str, until: float, seed: int, tally: Tally) -> None:
    from mcp import Client

    rng = random.Random(seed)

    async def timed(tool: str, args: dict) -> str | None:
        started = time.perf_counter()
        try:
            result = await client.call_tool(tool, args)
        except Exception as exc:  # a transport failure counts as an error, the run goes on
            tally.errors += 1
            tally.transport_errors += 1
            tally.error_samples.append(f"{type(exc).__name__}: {exc}"[:200])
            return None
        tally.latencies.append(time.perf_counter() - started)
        text = "\n".join(getattr(c, "text", "") for c in result.content)
        if result.is_error:
            tally.errors += 1
            tally.error_samples.append(text[:200])
            return None
        return text

    async with Client(url) as client:
        while time.monotonic() < until:
            if rng.random() < 0.7:
                await timed("get_thing", {"id": f"t{rng.randrange(1000)}"})
                continue
            text = await timed("list_items", {})
            match = FOOTER.search(text or "")
            if match and rng.random() < 0.5:
                await timed("rely_continue", {"continuation_id": match.group(1)})


async def _sample(pid: int, until: float, every: float, curve: list[tuple[float, int]]) -> None:
    start = time.monotonic()
    while time.monotonic() < until:
        await asyncio.sleep(min(every, max(0.0, until - time.monotonic())))
        curve.append((time.monotonic() - start, _rss_kib(pid)))


async def _drive(url: str, pid: int, clients: int, seconds: float, every: float) -> tuple:
    tally = Tally()
    curve: list[tuple[float, int]] = [(0.0, _rss_kib(pid))]
    until = time.monotonic() + seconds
    started = time.monotonic()
    await asyncio.gather(
        _sample(pid, until, every, curve),
        *(_client(url, until, seed, tally) for seed in range(clients)),
    )
    return tally, curve, time.monotonic() - started


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def run(clients: int, seconds: float, soak: bool) -> int:
    ttl = 20 if soak else 60
    every = 30.0 if soak else 5.0
    with tempfile.TemporaryDirectory(prefix="mcpforge-load-") as tmp:
        package = make_package(Path(tmp), ttl=ttl)
        upstream = ApiUpstream().start()
        port = _free_port()
        proc = _start_server(package, upstream.url, port)
        try:
            url = f"http://127.0.0.1:{port}/mcp"
            tally, curve, elapsed = asyncio.run(_drive(url, proc.pid, clients, seconds, every))
            peak = _rss_kib(proc.pid, "VmHWM")
        finally:
            proc.terminate()
            proc.wait(timeout=10)
            upstream.stop()
    lat = tally.latencies
    print(f"clients: {clients}, duration: {elapsed:.1f} s, continuation TTL: {ttl} s")
    print(f"calls: {len(lat)} completed, {tally.transport_errors} failed in transport")
    print(f"throughput: {len(lat) / elapsed:.1f} calls/s")
    print(
        f"latency: p50 {_percentile(lat, 0.5) * 1000:.1f} ms, p99 {_percentile(lat, 0.99) * 1000:.1f}"
        f" ms, mean {statistics.fmean(lat) * 1000 if lat else float('nan'):.1f} ms"
    )
    print(
        f"errors: {tally.errors}"
        + (f" (first: {tally.error_samples[0]!r})" if tally.errors else "")
    )
    print(f"server peak RSS: {peak / 1024:.1f} MiB; upstream requests: {upstream.requests}")
    print("server RSS curve (s, MiB): " + ", ".join(f"{t:.0f}: {k / 1024:.1f}" for t, k in curve))
    return 0 if tally.errors == 0 else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = results.command_line("generator.bench.load", __doc__)
    parser.add_argument("--clients", type=int, default=8, help="concurrent MCP clients (default 8)")
    parser.add_argument("--seconds", type=float, default=30.0, help="duration (default 30)")
    parser.add_argument("--soak", action="store_true", help="10 minutes, RSS sampled every 30 s")
    results.add_argument(parser, "load")
    args = parser.parse_args(argv)
    if args.soak and args.results == parser.get_default("results"):
        args.results = str(results.RESULTS / "load-soak.md")
    seconds = 600.0 if args.soak and args.seconds == 30.0 else args.seconds
    with results.recorded(args.results, "generator.bench.load", argv):
        return run(args.clients, seconds, args.soak)


if __name__ == "__main__":
    sys.exit(main())
