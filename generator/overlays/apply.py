"""Apply a loaded ``Overlay`` to a ``ServerSpec`` (format: FORMAT.md beside this file).

Checks what needs the API description (unknown operations and resources, field paths that do
not exist in a response, tool names that collide, select patterns that match nothing) and
returns a new ServerSpec plus diagnostics located in the overlay file. Entries with errors
are skipped; the caller stops on errors (``DiagnosticSink.raise_if_errors``).

Precedence of field configs: operation > resource > the default fields. ``include`` and
``exclude`` are resolved separately, so a resource may exclude ``body`` while an operation
picks its own ``include``. A given ``include`` becomes ``OperationSpec.fields.include``, which
``generator/decisions.py`` makes the default selection; the overlay chooses no defaults itself
(a ``kind`` or a ``collection`` it changes is decided on afterwards, from the same context). Limits: operation > defaults > what the spec had.

``unknown``: a list to collect the entries naming an operation the description does not have
(``operations`` and ``filter_sets`` keys), each as (key, diagnostic). Given, they are warnings
instead of errors and the caller decides: ``mcpforge diff`` reports an entry for an operation
the other side still has (dropped, or not added yet) and stops on one neither side knows.
"""

from __future__ import annotations

import dataclasses
import fnmatch
from collections import defaultdict
from typing import Any

from ..diagnostics import Diagnostic, Severity
from ..ir.models import (
    FieldConfig,
    HttpBinding,
    OperationSpec,
    ResponseShape,
    SecurityScheme,
    ServerSpec,
    ShapingLimits,
)
from .apply_output import OutputApplier
from .annotations import apply_annotations
from .hosting import apply_hosting
from .bigapi import NO_PAGINATION, assign_toolsets, check_pagination_args
from .fieldpaths import check_path, subtree, top_level_fields, unwrap
from .checks import closest_first, suggest
from ..loaders.text import plain_first_sentence
from .model import LIMIT_KEYS, AuthEntry, OperationOverlay, Overlay, ResourceOverlay, Selection

_GLOB_CHARS = "*?["
_PREFIXES = ("tag:", "path:", "method:")


UnknownOperations = list[tuple[str, Diagnostic]]


def apply_overlay(
    spec: ServerSpec, overlay: Overlay, *, file: str, unknown: UnknownOperations | None = None
) -> tuple[ServerSpec, list[Diagnostic]]:
    return _Applier(spec, overlay, file, unknown).run()


def merge_limits(base: ShapingLimits, override: ShapingLimits) -> ShapingLimits:
    """``override``'s set values win; unset (None) values inherit from ``base``."""
    values = {
        key: getattr(override, key) for key in LIMIT_KEYS if getattr(override, key) is not None
    }
    return dataclasses.replace(base, **values)


def matches(pattern: str, op: OperationSpec) -> bool:
    """Does a select pattern (operationId glob, tag:, path:, method:) pick this operation?"""
    if pattern.startswith("tag:"):
        return any(fnmatch.fnmatchcase(tag, pattern[4:]) for tag in op.tags)
    if pattern.startswith("path:"):
        return isinstance(op.binding, HttpBinding) and fnmatch.fnmatchcase(
            op.binding.path, pattern[5:]
        )
    if pattern.startswith("method:"):
        return (
            isinstance(op.binding, HttpBinding) and op.binding.method.upper() == pattern[7:].upper()
        )
    return fnmatch.fnmatchcase(op.id, pattern) or fnmatch.fnmatchcase(op.tool_name, pattern)


class _Applier:
    def __init__(
        self, spec: ServerSpec, overlay: Overlay, file: str, unknown: UnknownOperations | None
    ):
        self.spec = spec
        self.overlay = overlay
        self.file = file
        self.unknown = unknown
        self.diagnostics: list[Diagnostic] = []

    def report(
        self, severity: Severity, code: str, message: str, ptr: str, hint: str | None = None
    ) -> None:
        line = self.overlay.line_of(ptr)
        self.diagnostics.append(Diagnostic(severity, code, message, self.file, ptr, line, hint))

    def error(self, code: str, message: str, ptr: str, hint: str | None = None) -> None:
        self.report(Severity.ERROR, code, message, ptr, hint)

    def unknown_operation(self, key: str, message: str, ptr: str, hint: str | None) -> None:
        """An entry naming no operation: an error, or collected in ``unknown`` (see above)."""
        if self.unknown is None:
            self.error("OVERLAY_UNKNOWN_OPERATION", message, ptr, hint)
            return
        self.report(Severity.WARNING, "OVERLAY_UNKNOWN_OPERATION", message, ptr, hint)
        self.unknown.append((key, self.diagnostics[-1]))

    # -- the run -----------------------------------------------------------------------------

    def run(self) -> tuple[ServerSpec, list[Diagnostic]]:
        ops = self.spec.operations
        targets = self.resolve_operations()
        resources = self.resolve_resources()
        selected = self.select(self.overlay.select)
        for index, entry in sorted(targets.items()):
            if index not in selected:
                self.report(
                    Severity.WARNING,
                    "OVERLAY_OPERATION_NOT_SELECTED",
                    f"operation {entry.key!r} is configured but not selected, so it is not a tool",
                    entry.pointer,
                    "remove the entry or change select",
                )
        new_ops = [
            self.operation(op, targets.get(index), resources.get(op.response.schema_name or ""))
            for index, op in enumerate(ops)
        ]
        new_ops = OutputApplier(
            self.report, new_ops, self.overlay.filters, self.unknown_operation
        ).run(list(ops), targets)
        self.check_unique_names(new_ops, selected, targets)
        kept = tuple(op for index, op in enumerate(new_ops) if index in selected)
        kept = assign_toolsets(self.report, kept, self.overlay.toolsets, matches)
        return self.server(kept, resources), sorted(
            self.diagnostics, key=lambda d: (d.line or 0, d.pointer or "")
        )

    # -- operations and resources ------------------------------------------------------------

    def resolve_operations(self) -> dict[int, OperationOverlay]:
        by_id = {op.id: i for i, op in enumerate(self.spec.operations)}
        by_tool = {op.tool_name: i for i, op in enumerate(self.spec.operations)}
        targets: dict[int, OperationOverlay] = {}
        for entry in self.overlay.operations:
            index = by_id.get(entry.key, by_tool.get(entry.key))
            if index is None:
                close = suggest(entry.key, [*by_id, *by_tool])
                self.unknown_operation(
                    entry.key,
                    f"no operation {entry.key!r} in {self.spec.source_file or 'the description'}",
                    entry.pointer,
                    (
                        f"did you mean {close!r}?"
                        if close
                        else "key operations by operationId or tool name"
                    ),
                )
            elif index in targets:
                first = targets[index]
                self.error(
                    "OVERLAY_DUPLICATE_OPERATION",
                    f"{entry.key!r} names the same operation as {first.key!r}",
                    entry.pointer,
                    "merge the two entries into one",
                )
            else:
                targets[index] = entry
        return targets

    def resolve_resources(self) -> dict[str, ResourceOverlay]:
        trees: dict[str, list[OperationSpec]] = defaultdict(list)
        for op in self.spec.operations:
            if op.response.schema_name:
                trees[op.response.schema_name].append(op)
        known = sorted(set(trees) | set(self.spec.resources))
        found: dict[str, ResourceOverlay] = {}
        for entry in self.overlay.resources:
            if entry.name not in known:
                close = suggest(entry.name, known)
                self.error(
                    "OVERLAY_UNKNOWN_RESOURCE",
                    f"no operation returns a resource named {entry.name!r}",
                    entry.pointer,
                    (
                        f"did you mean {close!r}?"
                        if close
                        else "resources are keyed by response schema name"
                    ),
                )
                continue
            for op in trees.get(entry.name, [])[:1]:
                self.check_fields(op.id, op.response, entry.include, entry.exclude, entry.pointer)
            found[entry.name] = entry
        return found

    def operation(
        self, op: OperationSpec, entry: OperationOverlay | None, resource: ResourceOverlay | None
    ) -> OperationSpec:
        response = op.response
        changes: dict[str, Any] = {}
        if entry is not None:
            if entry.collection_set and entry.collection != response.collection_path:
                response = self.recollect(op, entry)
            if entry.tool_name is not None:
                changes["tool_name"] = entry.tool_name
            if entry.title is not None:
                changes["title"] = entry.title
            if entry.description is not None:
                changes["description"] = entry.description
            changes["limits"] = merge_limits(op.limits, entry.limits)
            if entry.pagination is not None:  # bigapi.py: declared, corrected or "none"
                changes["pagination"] = (
                    None
                    if entry.pagination is NO_PAGINATION
                    else check_pagination_args(self.report, op, entry.pagination, entry.pointer)
                )
            if entry.annotations:  # annotations.py: e.g. a mutation that is not destructive
                changes["annotations"] = apply_annotations(op.annotations, entry.annotations)
            if entry.kind is not None and entry.kind != op.kind:
                changes["kind"] = entry.kind  # the defaults follow (generator/decisions.py)
            self.check_fields(op.id, response, entry.include, entry.exclude, entry.pointer)
        include = _first(entry.include if entry else None, resource.include if resource else None)
        exclude = _first(entry.exclude if entry else None, resource.exclude if resource else None)
        if include is not None or exclude is not None:
            changes["fields"] = FieldConfig(
                include=include if include is not None else op.fields.include,
                exclude=exclude if exclude is not None else op.fields.exclude,
            )
        op = dataclasses.replace(op, response=response, **changes)
        return apply_hosting(  # hosting.py: scopes and confirmation, after the annotations
            op,
            entry.scopes if entry else None,
            entry.confirm if entry else None,
            self.overlay.confirm,
        )

    def recollect(self, op: OperationSpec, entry: OperationOverlay) -> ResponseShape:
        """A corrected collection: the field tree becomes the tree of one item.

        When the tree described the whole body (no collection was detected), the item tree is
        found below the new key and the heuristic defaults are chosen again for it. Otherwise
        the loader kept only an item tree, which says nothing about the new layout: the tree
        is dropped (any path accepted) with a note, and the heuristic defaults with it.
        """
        shape, wanted, ptr = op.response, entry.collection, entry.pointer + "/collection"
        if shape.field_tree is None:
            return dataclasses.replace(shape, collection_path=wanted)
        if shape.collection_path is None and wanted:
            item = subtree(shape.field_tree, wanted)
            if item is None:
                top = unwrap(shape.field_tree)
                arrays = [k for k, v in sorted(top.items()) if isinstance(v, list)]
                close = suggest(wanted, arrays)
                self.error(
                    "OVERLAY_UNKNOWN_COLLECTION",
                    f"the response of {op.id!r} has no field {wanted!r} to hold its items",
                    ptr,
                    (
                        f"did you mean {close!r}?"
                        if close
                        else f"array fields: {', '.join(arrays) or 'none'}"
                    ),
                )
                return shape
            tree = item if isinstance(item, dict) and item else None
            deep = subtree(shape.decision_tree, wanted) if shape.decision_tree else None
            return dataclasses.replace(  # its defaults are decided after (decisions.py)
                shape,
                collection_path=wanted,
                field_tree=tree,
                decision_tree=deep if isinstance(deep, dict) and deep else None,
                default_fields=(),
                identity_fields=(),
            )
        self.report(
            Severity.INFO,
            "OVERLAY_COLLECTION_UNCHECKED",
            f"the description does not describe the body of {op.id!r} with this collection: "
            "its field paths are no longer checked and all fields are returned by default",
            ptr,
            "list the fields you want under include",
        )
        return dataclasses.replace(
            shape,
            collection_path=wanted,
            field_tree=None,
            decision_tree=None,
            default_fields=(),
            identity_fields=(),
        )

    def check_fields(
        self,
        op_id: str,
        response: ResponseShape,
        include: tuple[str, ...] | None,
        exclude: tuple[str, ...] | None,
        ptr: str,
    ) -> None:
        tree = response.field_tree
        for key, paths in (("include", include), ("exclude", exclude)):
            for index, path in enumerate(paths or ()):
                problem = check_path(tree, path)
                if problem is None:
                    continue
                top = ", ".join(top_level_fields(tree)[:12])
                self.error(
                    "OVERLAY_UNKNOWN_FIELD",
                    f"{path!r} is not a field of the response of {op_id!r}: {problem.message}",
                    f"{ptr}/{key}/{index}",
                    (
                        f"did you mean {problem.suggestion!r}?"
                        if problem.suggestion
                        else f"top-level fields: {top}"
                    ),
                )

    # -- selection and names -----------------------------------------------------------------

    def select(self, selection: Selection | None) -> set[int]:
        ops = self.spec.operations
        everything = set(range(len(ops)))
        if selection is None:
            return everything
        chosen = set(everything)
        if selection.include is not None:
            chosen = {
                i for i, op in enumerate(ops) if any(matches(p, op) for p in selection.include)
            }
        chosen -= {i for i, op in enumerate(ops) if any(matches(p, op) for p in selection.exclude)}
        for key, patterns in (("include", selection.include or ()), ("exclude", selection.exclude)):
            for index, pattern in enumerate(patterns):
                if not any(matches(pattern, op) for op in ops):
                    self.report(
                        Severity.WARNING,
                        "OVERLAY_SELECT_NO_MATCH",
                        f"select {key} pattern {pattern!r} matches no operation",
                        f"{selection.pointer}/{key}/{index}",
                        self.pattern_hint(pattern),
                    )
        if ops and not chosen:
            self.error(
                "OVERLAY_SELECT_EMPTY",
                "select leaves no operation: the server would have no tools",
                selection.pointer,
                "loosen select.include or select.exclude",
            )
        return chosen

    def pattern_hint(self, pattern: str) -> str:
        ops = self.spec.operations
        if pattern.startswith("tag:"):
            tags = sorted({tag for op in ops for tag in op.tags})
            close = suggest(pattern[4:], tags)
            return (
                f"did you mean 'tag:{close}'?"
                if close
                else f"tags, closest first: {closest_first(pattern[4:], tags) or 'none'}"
            )
        if pattern.startswith(("path:", "method:")):
            return "patterns are fnmatch globs: 'path:/repos/*', 'method:GET'"
        if ":" in pattern.split("/")[0] and not pattern.startswith(_PREFIXES):
            return "known prefixes: tag:, path:, method:"
        if not any(ch in pattern for ch in _GLOB_CHARS):
            close = suggest(pattern, [op.id for op in ops])
            if close:
                return f"did you mean {close!r}?"
        return "bare patterns match operationIds or tool names (fnmatch globs)"

    def check_unique_names(
        self, ops: list[OperationSpec], selected: set[int], targets: dict[int, OperationOverlay]
    ) -> None:
        users: dict[str, list[int]] = defaultdict(list)
        for index in sorted(selected):
            users[ops[index].tool_name].append(index)
        for name, indexes in sorted(users.items()):
            if len(indexes) < 2:
                continue
            for index in indexes:
                entry = targets.get(index)
                if entry is None or entry.tool_name is None:
                    continue
                others = ", ".join(repr(ops[i].id) for i in indexes if i != index)
                self.error(
                    "OVERLAY_TOOL_NAME_DUPLICATE",
                    f"tool name {name!r} of {ops[index].id!r} is also the tool name of {others}",
                    entry.pointer + "/tool_name",
                    "tool names must be unique: pick another name",
                )

    # -- server level ------------------------------------------------------------------------

    def server(
        self, ops: tuple[OperationSpec, ...], resources: dict[str, ResourceOverlay]
    ) -> ServerSpec:
        overlay = self.overlay
        changes: dict[str, Any] = {"operations": ops}
        for key in ("name", "version", "title", "description", "base_url", "registry_name"):
            value = getattr(overlay, key)
            if value is not None:
                changes[key] = value
        if overlay.description is not None:
            changes["summary"] = plain_first_sentence(overlay.description)
        if overlay.license is not None:
            changes["package_license"] = overlay.license
        if overlay.repository is not None:
            changes["repository"] = overlay.repository
            urls = [(label, url) for label, url in self.spec.urls if label != "Repository"]
            changes["urls"] = (*urls, ("Repository", overlay.repository.url))
        changes["limits"] = merge_limits(self.spec.limits, overlay.defaults)
        if overlay.filter_sets:
            changes["filter_sets"] = overlay.filter_sets
        if overlay.mode is not None:
            changes["mode"] = overlay.mode
        merged = dict(self.spec.resources)
        for name, entry in resources.items():
            old = merged.get(name, FieldConfig())
            merged[name] = FieldConfig(
                include=entry.include if entry.include is not None else old.include,
                exclude=entry.exclude if entry.exclude is not None else old.exclude,
            )
        changes["resources"] = {name: merged[name] for name in sorted(merged)}
        if overlay.auth is not None:
            schemes = _schemes(overlay.auth)
            names = tuple(scheme.name for scheme in schemes)
            changes["security"] = schemes
            changes["operations"] = tuple(dataclasses.replace(op, security=names) for op in ops)
        return dataclasses.replace(self.spec, **changes)


def _first(*values: tuple[str, ...] | None) -> tuple[str, ...] | None:
    for value in values:
        if value is not None:
            return value
    return None


def _schemes(entries: tuple[AuthEntry, ...]) -> tuple[SecurityScheme, ...]:
    schemes: list[SecurityScheme] = []
    for entry in entries:
        name = f"{entry.type}_{entry.env[0].lower()}"
        if name in {s.name for s in schemes}:
            name = f"{name}_{len(schemes) + 1}"
        what = {
            "bearer": "bearer token",
            "api_key": f"API key ({entry.param_name})",
            "basic": "basic auth",
        }
        schemes.append(
            SecurityScheme(
                name=name,
                kind=entry.type,
                location=entry.location,
                param_name=entry.param_name,
                env_vars=entry.env,
                description=f"{what[entry.type]} from ${' and $'.join(entry.env)} (declared in the overlay)",
            )
        )
    return tuple(schemes)
