"""The practitioners' yardstick as data: ``data/practitioners.yaml`` read and checked.

The file holds the split (API -> half, fixed before any row was scored), the upstream API
descriptions (``apis``), the reference servers (``servers``: repository and commit) and one row
per operation: the server's tool, the file that decides what it returns, the upstream
operation (``GET /path`` of the OpenAPI description, ``query field`` / ``mutation field`` of
the GraphQL schema), the operation kind as judged by whoever wrote the row, where the body
comes from, and the upstream fields the server returns by default (dot paths relative to one
list item for ``list`` rows, to the resource otherwise; arrays are see-through). Every path of
``fields`` holds a value in the row's body (the data tests check it, so a path cannot drop out
of the measure unnoticed); what the server would also return but this body does not hold is
listed under ``absent`` and not scored. An ``acknowledge`` row whose server answers a fixed text
and no field gives that text as ``reply`` and no ``fields``: it counts for tokens only.

Bodies (``body``): a JSON file under ``data/`` (a recorded response), or ``spec``: the
description's own example for the operation, else one synthesized from its schema
(``preview/synthesize.py``), which the tables flag. ``list`` is the path of the item array in
the body (``.`` = the body itself); ``resource`` the path of the resource (default: the body).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..inputs import REPO

DATA = Path(__file__).resolve().parent / "data"
DATA_FILE = DATA / "practitioners.yaml"
HALVES = ("tuning", "held_back")
KINDS = ("read", "search", "create", "update", "delete", "generate", "acknowledge")
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
GRAPHQL_ROOTS = ("query", "mutation")


class DataError(ValueError):
    """The data file is not as described above; the message names the row and the key."""


@dataclass(frozen=True)
class Api:
    name: str
    half: str
    protocol: str  # REST | GraphQL
    spec: str | None  # a path inside the repository
    external: str | None  # a file under --external (no copy allowed)


@dataclass(frozen=True)
class Server:
    name: str
    repo: str
    commit: str
    language: str
    license: str


@dataclass(frozen=True)
class Row:
    server: str
    tool: str
    file: str
    api: str
    op: str  # "GET /path" or "query field"
    kind: str
    body: str  # "spec" or a path under data/
    fields: tuple[str, ...]
    list: str | None = None  # path of the item array in the body ("." = the body)
    resource: str = "."
    note: str = ""
    absent: tuple[str, ...] = ()  # what the server would also return; not in this body
    reply: str = ""  # an acknowledgement's fixed text (a row with no fields)

    @property
    def id(self) -> str:
        return f"{self.server}:{self.tool}"

    @property
    def frame(self) -> str:
        return self.list if self.list is not None else self.resource


@dataclass(frozen=True)
class Yardstick:
    apis: dict[str, Api]
    servers: dict[str, Server]
    rows: tuple[Row, ...]
    split: dict[str, dict[str, str]] = field(default_factory=dict)

    def half(self, row: Row) -> str:
        return self.apis[row.api].half


def load(path: Path = DATA_FILE) -> Yardstick:
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    split = raw.get("split") or {}
    if sorted(split) != sorted(HALVES):
        raise DataError(f"{path.name}: split must name exactly the halves {HALVES}")
    halves = {api: half for half in HALVES for api in split[half] or {}}
    protocols = {api: proto for half in HALVES for api, proto in (split[half] or {}).items()}
    apis = {}
    for name, entry in (raw.get("apis") or {}).items():
        if name not in halves:
            raise DataError(f"apis.{name}: not in the split (add it to one half first)")
        if bool(entry.get("spec")) == bool(entry.get("external")):
            raise DataError(f"apis.{name}: give exactly one of spec (in the repo) or external")
        apis[name] = Api(
            name, halves[name], protocols[name], entry.get("spec"), entry.get("external")
        )
    servers = {}
    for name, entry in (raw.get("servers") or {}).items():
        for key in ("repo", "commit", "language", "license"):
            if not entry.get(key):
                raise DataError(f"servers.{name}: {key} is missing")
        servers[name] = Server(
            name, entry["repo"], str(entry["commit"]), entry["language"], entry["license"]
        )
    rows = tuple(_row(i, entry, apis, servers) for i, entry in enumerate(raw.get("rows") or []))
    seen: set[str] = set()
    for row in rows:
        if row.id in seen:
            raise DataError(f"rows: {row.id} appears twice (name the tool's variants apart)")
        seen.add(row.id)
    return Yardstick(apis, servers, rows, split)


def _row(
    index: int, entry: dict[str, Any], apis: dict[str, Api], servers: dict[str, Server]
) -> Row:
    where = f"rows[{index}] ({entry.get('server')}:{entry.get('tool')})"
    for key in ("server", "tool", "file", "api", "op", "kind", "body"):
        if not entry.get(key):
            raise DataError(f"{where}: {key} is missing")
    if not entry.get("fields") and not (entry["kind"] == "acknowledge" and entry.get("reply")):
        raise DataError(f"{where}: fields is missing (only an acknowledge row has a reply instead)")
    if entry["server"] not in servers:
        raise DataError(f"{where}: server {entry['server']!r} is not under servers")
    if entry["api"] not in apis:
        raise DataError(f"{where}: api {entry['api']!r} is not under apis")
    if entry["kind"] not in KINDS:
        raise DataError(f"{where}: kind must be one of {KINDS}")
    verb = str(entry["op"]).split(" ", 1)[0]
    allowed = GRAPHQL_ROOTS if apis[entry["api"]].protocol == "GraphQL" else METHODS
    if verb not in allowed or " " not in str(entry["op"]):
        raise DataError(f"{where}: op must be '<{'|'.join(allowed)}> <path or field>'")
    fields = entry.get("fields") or []
    if not isinstance(fields, list) or not all(isinstance(f, str) and f for f in fields):
        raise DataError(f"{where}: fields must be a list of dot paths")
    if len(set(fields)) != len(fields):
        raise DataError(f"{where}: a field is listed twice")
    return Row(
        server=entry["server"],
        tool=str(entry["tool"]),
        file=entry["file"],
        api=entry["api"],
        op=str(entry["op"]),
        kind=entry["kind"],
        body=entry["body"],
        fields=tuple(fields),
        list=entry.get("list"),
        resource=entry.get("resource") or ".",
        note=entry.get("note") or "",
        absent=tuple(entry.get("absent") or ()),
        reply=str(entry.get("reply") or ""),
    )


def spec_path(api: Api, external: Path | None) -> Path | None:
    """The description file of ``api``; None when it lives outside and ``external`` is not
    given (or does not hold it)."""
    if api.spec:
        return REPO / api.spec
    if external is None:
        return None
    path = external / str(api.external)
    return path if path.is_file() else None


def recorded_body(row: Row) -> Any:
    return json.loads((DATA / row.body).read_text(encoding="utf-8"))


def at(value: Any, path: str) -> Any:
    """The value at a dot path (``.`` = the value itself); None when it is not there."""
    for seg in [s for s in path.split(".") if s]:
        if isinstance(value, list) and seg.isdigit():
            value = value[int(seg)] if int(seg) < len(value) else None
        elif isinstance(value, dict):
            value = value.get(seg)
        else:
            return None
    return value
