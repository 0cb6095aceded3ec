"""Apply overlay filters and adapters to operations, checking pointers against the response.

A pointer is checked against the field tree of the whole response body: the loader keeps
the tree of ONE item plus the ``collection_path`` (``results``, ``data``, or "" for a bare
array), so the wrapper around the collection is unknown and accepted as open. Through an
array, ``retain`` pointers may name a field (it applies to every element); in ``when`` and
``patches`` an array step must be an index, ``-`` (add: append) or ``*`` (every element).
Patch targets created by an earlier ``add``/``copy``/``move`` of the same branch are not
checked (they do not exist in the response).
"""

from __future__ import annotations

import dataclasses
import difflib
from typing import Any, Callable

from ..diagnostics import Severity
from ..ir.models import AdapterSpec, FilterBranchSpec, OperationSpec
from ..runtime.filters import parse_pointer
from .fieldpaths import check_path, is_open
from .filters import BranchOverlay, FilterOverlay
from .model import OperationOverlay

Report = Callable[[Severity, str, str, str, "str | None"], None]
# key, message, pointer, hint: an entry naming no operation (apply.py decides how to report it)
UnknownOperation = Callable[[str, str, str, "str | None"], None]


def _where(done: list[str]) -> str:
    return "/" + "/".join(done) if done else "the body"


def check_pointer(
    tree: Any, collection_path: str | None, text: str, *, through_arrays: bool, parent: bool = False
) -> tuple[str, str | None] | None:
    """None when ``text`` may exist in the body; else (problem, suggested pointer or None).

    ``parent``: only the parent must exist (the target of an ``add``).
    """
    if tree is None:
        return None
    tokens = list(parse_pointer(text))
    if parent and tokens:
        tokens = tokens[:-1]
    wrapper = collection_path.split(".") if collection_path else []
    if tokens[: len(wrapper)] != wrapper[: len(tokens)] or len(tokens) < len(wrapper):
        return None  # the wrapper's other fields are not described: accepted
    node: Any = tree
    if collection_path is not None:
        while isinstance(node, list):  # the item tree, whichever way it was wrapped
            node = node[0] if node else "any"
        node = [node]
    done = list(wrapper)
    rest = tokens[len(wrapper) :]
    i = 0
    while i < len(rest):
        token = rest[i]
        if isinstance(node, list):
            item = node[0] if node else "any"
            if token in ("*", "-") or token.isdigit():
                node, i = item, i + 1
                done.append(token)
            elif through_arrays:
                node = item  # the same token applies to every element
            else:
                fixed = "/" + "/".join([*done, "*", *rest[i:]])
                return f"{_where(done)} is an array: step into it with an index or *", fixed
            continue
        if is_open(node):
            return None
        if not isinstance(node, dict):
            return f"{_where(done)} is a {node} and has no field {token!r}", None
        if token not in node:
            close = difflib.get_close_matches(token, sorted(node), n=1, cutoff=0.6)
            hint = "/" + "/".join([*done, close[0], *rest[i + 1 :]]) if close else None
            where = f"in {_where(done)}" if done else "at the top level"
            return f"no field {token!r} {where}", hint
        done.append(token)
        node, i = node[token], i + 1
    return None


def adapter_note(adapters: tuple[AdapterSpec, ...]) -> str:
    """One line for the tool description: what the agent gets instead of JSON fields."""
    names = [a.name for a in adapters]
    if names[0] == "notion_markdown":
        what = "the blocks as Markdown"
    elif names[0] == "summary":
        keys = ", ".join(sorted(adapters[0].options.get("fields") or {}))
        what = f"a summary ({keys})"
    elif names[0] == "token_cap":
        what = "JSON capped at a token budget"
    else:
        what = f"output of the adapter {names[0]}"
    cap = next((a for a in adapters if a.name == "token_cap"), None)
    if cap is not None and names[0] != "token_cap":
        what += f", at most {cap.options.get('max_tokens')} tokens"
    return f"Returns {what}; pass `fields` to get JSON fields instead."


class OutputApplier:
    """Resolves filter entries to operations and attaches filters/adapters to them."""

    def __init__(
        self,
        report: Report,
        ops: list[OperationSpec],
        overlay_filters: tuple[FilterOverlay, ...],
        unknown_operation: UnknownOperation,
    ):
        self.report = report
        self.unknown_operation = unknown_operation
        self.ops = ops
        self.filters = overlay_filters

    def error(self, code: str, message: str, ptr: str, hint: str | None = None) -> None:
        self.report(Severity.ERROR, code, message, ptr, hint)

    def run(
        self, source: list[OperationSpec], targets: dict[int, OperationOverlay]
    ) -> list[OperationSpec]:
        by_id = {op.id: i for i, op in enumerate(source)}
        by_tool = {op.tool_name: i for i, op in enumerate(source)}
        per_op: dict[int, dict[str, tuple[FilterBranchSpec, ...]]] = {}
        for entry in self.filters:
            index = by_id.get(entry.key, by_tool.get(entry.key))
            if index is None:
                close = difflib.get_close_matches(
                    entry.key, sorted([*by_id, *by_tool]), n=1, cutoff=0.6
                )
                self.unknown_operation(
                    entry.key,
                    f"filter set {entry.set_name!r} names no known operation {entry.key!r}",
                    entry.pointer,
                    (
                        f"did you mean {close[0]!r}?"
                        if close
                        else "key filters by operationId or tool name"
                    ),
                )
                continue
            if entry.set_name in per_op.get(index, {}):
                self.error(
                    "OVERLAY_DUPLICATE_OPERATION",
                    f"filter set {entry.set_name!r} has two filters for {entry.key!r}",
                    entry.pointer,
                    "merge them (a list of branches)",
                )
                continue
            op = self.ops[index]
            if all(self.check_branch(op, b) for b in entry.branches):
                per_op.setdefault(index, {})[entry.set_name] = tuple(b.spec for b in entry.branches)
        out = []
        for index, op in enumerate(self.ops):
            changes: dict[str, Any] = {}
            if index in per_op:
                changes["filters"] = tuple(sorted(per_op[index].items()))
            target = targets.get(index)
            adapters = target.adapters if target is not None else None
            if target is not None and adapters:
                self.check_adapters(op, target)
                changes["adapters"] = adapters
                base = op.description.strip() or op.title
                changes["description"] = f"{base}\n{adapter_note(adapters)}".strip()
            out.append(dataclasses.replace(op, **changes) if changes else op)
        return out

    def check_branch(self, op: OperationSpec, branch: BranchOverlay) -> bool:
        tree, coll = op.response.field_tree, op.response.collection_path
        ok = True
        created: list[tuple[str, ...]] = []

        def check(text: str, ptr: str, through: bool, parent: bool = False) -> None:
            nonlocal ok
            tokens = parse_pointer(text)
            if any(tokens[: len(c)] == c for c in created):
                return
            problem = check_pointer(tree, coll, text, through_arrays=through, parent=parent)
            if problem is not None:
                ok = False
                message, hint = problem
                self.error(
                    "OVERLAY_FILTER_POINTER_UNKNOWN",
                    f"{text!r} cannot exist in the response of {op.id!r}: {message}",
                    ptr,
                    f"did you mean {hint!r}?" if hint else None,
                )

        spec, ptr = branch.spec, branch.pointer
        for i, test in enumerate(spec.when):
            check(test["path"], f"{ptr}/when/{i}/path", False)
        for i, text in enumerate(spec.retain or ()):
            check(text, f"{ptr}/retain/{i}", True)
        for i, patch in enumerate(spec.patches):
            at = f"{ptr}/patches/{i}"
            if "from" in patch:
                check(patch["from"], at + "/from", False)
            adds = patch["op"] in ("add", "move", "copy")
            check(patch["path"], at + "/path", False, parent=adds)
            if adds:
                created.append(parse_pointer(patch["path"]))
        return ok

    def check_adapters(self, op: OperationSpec, entry: OperationOverlay) -> None:
        tree = op.response.field_tree
        for index, adapter in enumerate(entry.adapters or ()):
            if adapter.name != "summary":
                continue
            for key, path in sorted((adapter.options.get("fields") or {}).items()):
                problem = check_path(tree, path)
                if problem is not None:
                    self.error(
                        "OVERLAY_UNKNOWN_FIELD",
                        f"summary field {key!r}: {path!r} is not a field of the response of "
                        f"{op.id!r}: {problem.message}",
                        f"{entry.pointer}/adapters/{index}/options/fields/{key}",
                        f"did you mean {problem.suggestion!r}?" if problem.suggestion else None,
                    )
