"""Coarse structural classes of what a call lost, to count the judge's findings on a half
that is read only as aggregates (``directory_report.py``'s held-back half).

The judge (``preview/judge.py``) says which objects failed a check and, for identities and
labels, which members they lost; this module sorts each failed object into a class made of
the structure alone, never of an API's, tool's or member's name:

- an identity or a path identity: the lost member's naming class (``id``: ``id``/``uid``/
  ``uuid``/``guid``/``identifier``; ``<word>_id``: ``thing_id``/``thingId``; ``key-like``: a
  ``key``, ``name``, ``code``, ``number``, ``sha``, ``token``, ``slug`` or ``ref``; ``other``)
  by where it sat (``top``: the body itself; ``wrapper``: the one resource inside an envelope;
  ``item``: a listed item; ``nested``: a part below those; ``with the list``: an item that went
  with its lost payload list), and ``key kept`` when the answer kept another member that
  names the object by a key-like word or a short generic identity name (``token``, ``pk``),
  which the judge does not read as an identity (the loss may be the judge's);
- a payload list: its depth (``body``, ``depth 1``, ``depth 2+``), its items' type
  (``objects``, ``scalars``, ``mixed``) and whether its name is a generic container word
  (``data``, ``items``, ``results``...) or a noun;
- a label: ``top``/``wrapper``/``item``/``with the list``;
- the answered resource: what it is missing (``records``, ``state``, ``answer``, else the
  ``identity or label`` the first rows count) by ``top``/``wrapper``;
- any other named check: where its finding sat.

Each class goes with the form of the shaped answer: ``fallback`` (the run-time invariants
replaced the default fields), ``empty`` (no value at all), ``echo`` (a write answered with
nothing but values the request sent) or ``shaped``.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from ..preview.judge import Verdict, payload_path
from ..preview.judge_paths import addressed_thing
from ..preview.judge_roles import bare, found_in, get_path, is_scalar, leaves, unwrap_path, words

WRITES = frozenset({"create", "update", "delete"})
ID_WORDS = frozenset({"id", "uid", "uuid", "guid", "identifier"})
KEY_WORDS = frozenset({"key", "name", "code", "number", "sha", "token", "slug", "ref"})
CONTAINER_WORDS = frozenset(
    {
        "data", "items", "item", "results", "result", "list", "records", "values", "value",
        "entries", "content", "contents", "elements", "objects", "rows", "nodes", "edges",
        "hits", "collection", "resources", "response", "payload", "array", "embedded", "body",
    }
)  # fmt: skip
_MORE = re.compile(r"\(and (\d+) more like it\)")
_LIST = re.compile(r"^payload list (.*) \((\d+) items\)$")

Row = tuple[str, str, str]  # check, class, answer form


def name_class(member: str) -> str:
    """``id``, ``<word>_id``, ``key-like`` or ``other`` (the module doc)."""
    ws = words(member) or [bare(member)]
    if bare(member) in ID_WORDS:
        return "id"
    if len(ws) > 1 and ws[-1] in ID_WORDS:
        return "<word>_id"
    if ws[-1] in KEY_WORDS:
        return "key-like"
    return "other"


def _members_class(members: Iterable[str]) -> str:
    found = [name_class(m) for m in members]
    for cls in ("id", "<word>_id", "key-like", "other"):
        if cls in found:
            return cls
    return "unnamed"


def _place(where: str) -> str:
    """Where a named check's finding sat (``judge_checks.where``: ``items[3].owner``)."""
    if where in ("(body)", ""):
        return "top"
    if "[" in where:
        return "item" if re.fullmatch(r"[^.\[]*(\.[^.\[]+)*\[\d+\]", where) else "nested"
    return "wrapper"


def answer_form(shaped: Any, kind: str, fallback: bool, arguments: Mapping[str, Any]) -> str:
    """``fallback``, ``empty``, ``echo`` or ``shaped`` (the module doc)."""
    if fallback:
        return "fallback"
    said = [v for v in leaves(shaped) if v not in ("", None)] if shaped is not None else []
    if not said:
        return "empty"
    sent = {str(v) for v in leaves(dict(arguments)) if is_scalar(v)}
    if kind in WRITES and sent and all(str(v) in sent for v in said):
        return "echo"
    return "shaped"


def classes(
    body: Any,
    shaped: Any,
    verdict: Verdict,
    *,
    kind: str,
    template: str | None = None,
    fallback: bool = False,
    arguments: Mapping[str, Any] | None = None,
) -> list[Row]:
    """One row per object that failed a check of ``verdict`` (the judge's verdict on ``body``
    shaped as ``shaped``): its check, its class and the answer's form."""
    form = answer_form(shaped, kind, fallback, arguments or {})
    top = "top" if not unwrap_path(body, addressed_thing(template)) else "wrapper"
    rows: list[Row] = []
    for lost in verdict.lost:
        if lost.startswith("identity "):
            place = top if lost == "identity of the body" else "item"
            members = _members_class(verdict.left_out.get(lost, ()))
            kept = _other_key_kept(_lost_object(body, lost, template), shaped)
            rows.append(("identities", f"{members} · {place}{kept}", form))
        elif lost.startswith("label "):
            rows.append(("labels", top if lost == "label of the body" else "item", form))
        elif (m := _LIST.match(lost)) is not None:
            rows.append(("lists", _list_class(body, m.group(1)), form))
        elif lost.startswith("answered records"):
            rows.append(("resource", f"records · {top}", form))
        elif lost.startswith("answered resource: its "):
            what = lost.removeprefix("answered resource: its ").split(",")[0].split(" ")[0]
            rows.append(("resource", f"{what} · {top}", form))
    # identities and labels of items that went with a lost payload list (counted, not listed)
    gone = verdict.identified - verdict.identities_kept - sum(r[0] == "identities" for r in rows)
    rows += [("identities", "any · with the list", form)] * max(gone, 0)
    unlabelled = verdict.labelled - verdict.labels_kept - sum(r[0] == "labels" for r in rows)
    rows += [("labels", "with the list", form)] * max(unlabelled, 0)
    answer = verdict.answer
    if answer.resource and not answer.resource_kept and not any(r[0] == "resource" for r in rows):
        rows.append(("resource", f"identity or label · {top}", form))
    for finding in verdict.findings:
        more = _MORE.search(finding.message)
        n = 1 + (int(more.group(1)) if more else 0)
        if finding.check == "path identities":
            cls = f"{_members_class(finding.fields)} · {_place(finding.where)}"
        else:
            cls = _place(finding.where)
        rows += [(finding.check, cls, form)] * n
    return rows


OTHER_KEYS = frozenset({"pk", "sid", "oid", "rid"})  # short generic names of an identity
KEPT_KEY_WORDS = frozenset({"token", "code", "ref"})  # (not ``name``: a label)


def _lost_object(body: Any, lost: str, template: str | None) -> Any:
    """The object of ``lost`` (``identity of item 2``, ``identity of the body``)."""
    thing = addressed_thing(template)
    if lost.endswith("of the body"):
        return get_path(body, unwrap_path(body, thing))
    path = payload_path(body, thing)
    items = get_path(body, path) if path is not None else None
    at = int(lost.rsplit(" ", 1)[-1])
    return items[at] if isinstance(items, list) and at < len(items) else None


def _other_key_kept(obj: Any, shaped: Any) -> str:
    """`` · key kept`` when the answer keeps the value of another member of ``obj`` that
    names it by a key-like word or a short generic identity name (``token``, ``code``,
    ``pk``, ``sid``), which the judge does not read as an identity; else ""."""
    if not isinstance(obj, dict):
        return ""
    keys = [
        v
        for k, v in obj.items()
        if is_scalar(v)
        and v != ""
        and ((words(k) or [""])[-1] in KEPT_KEY_WORDS or bare(k) in OTHER_KEYS)
    ]
    return " · key kept" if keys and found_in(keys, shaped) else ""


def _list_class(body: Any, where: str) -> str:
    path = () if where == "(body)" else tuple(where.split("/"))
    items = get_path(body, path) if path else body
    items = items if isinstance(items, list) else []
    objects = sum(isinstance(i, dict) for i in items)
    typed = "objects" if objects == len(items) else "scalars" if not objects else "mixed"
    depth = "body" if not path else "depth 1" if len(path) == 1 else "depth 2+"
    named = "" if not path else " · container" if _container(path[-1]) else " · noun"
    return f"{depth} · {typed}{named}"


def _container(name: str) -> bool:
    ws = words(name) or [bare(name)]
    return bare(name) in CONTAINER_WORDS or ws[-1] in CONTAINER_WORDS
