"""Classify the tool-level changes between two surfaces as breaking or not.

Breaking means: a call or a use of a result that worked before can fail now. Tools are matched
by name (what clients call); a tool that disappeared and one that appeared are the same
operation renamed when they share the operationId (its path changed, or the overlay renamed
the tool) or the method and path (the operationId changed, and the tool name derived from it):
one ``tool_renamed`` then, and its arguments and response compared, instead of a removal plus
an addition. Classes:

| kind | breaking |
|---|---|
| ``tool_removed`` | yes |
| ``tool_added`` | no |
| ``tool_renamed`` (clients call the old name) | yes |
| ``endpoint_renamed`` (same tool name, another method or path upstream) | no |
| ``param_removed`` (inputs reject unknown arguments) | yes |
| ``param_renamed`` (same type, a close name or the same description) | yes |
| ``param_added`` optional / required | no / yes |
| ``param_made_required`` / ``param_made_optional`` | yes / no |
| ``param_type_changed`` (a type or enum value no longer accepted) | yes |
| ``param_type_widened`` (more types or values accepted) | no |
| ``response_field_removed`` / ``response_type_changed`` | yes |
| ``response_field_added`` | no |
| ``response_layout_changed`` (the list moved: collection path) | yes |
| ``response_undocumented`` (the spec no longer describes the response) | no |
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from .surface import Surface, ToolInfo

ADDITIVE = frozenset(
    {
        "tool_added",
        "param_added",
        "param_made_optional",
        "param_type_widened",
        "response_field_added",
    }
)


@dataclass(frozen=True)
class Change:
    kind: str
    tool: str
    detail: str
    breaking: bool
    # The other members of the object a response field belongs to: the same schema wherever it
    # is nested (group.py reports a change to it once, with every tool and path it touches).
    owner: frozenset[str] = field(default=frozenset(), compare=False)

    def line(self) -> str:
        mark = "BREAKING" if self.breaking else "ok"
        return (
            f"[{mark}] {self.kind}: {self.tool}: {self.detail}"
            if self.detail
            else (f"[{mark}] {self.kind}: {self.tool}")
        )


def compare_surfaces(old: Surface, new: Surface) -> list[Change]:
    changes: list[Change] = []
    renamed = renames(old, new)
    moved_from = {b: a for a, b in renamed.items()}
    for name in sorted(set(old.tools) - set(new.tools) - set(renamed)):
        changes.append(Change("tool_removed", name, "", True))
    for name in sorted(set(new.tools) - set(old.tools) - set(moved_from)):
        changes.append(Change("tool_added", name, "", False))
    for name in sorted(moved_from):
        was, now = old.tools[moved_from[name]], new.tools[name]
        changes.append(Change("tool_renamed", name, _renaming(was, now), True))
        changes += _tool(was, now)
    for name in sorted(set(old.tools) & set(new.tools)):
        was, now = old.tools[name], new.tools[name]
        if was.endpoint and now.endpoint and was.endpoint != now.endpoint:
            same_id = _own_id(was) and _own_id(was) == _own_id(now)
            same = f"same operationId {now.operation_id}; " if same_id else ""
            detail = f"{was.endpoint} -> {now.endpoint} ({same}the tool keeps its name)"
            changes.append(Change("endpoint_renamed", name, detail, False))
        changes += _tool(was, now)
    return changes


def _tool(old: ToolInfo, new: ToolInfo) -> list[Change]:
    """Argument and response changes, reported under the new tool's name."""
    return [dataclasses.replace(c, tool=new.name) for c in _params(old, new) + _response(old, new)]


# -- renames --------------------------------------------------------------------------------


def _own_id(tool: ToolInfo) -> str:
    """The operationId the description gave (not the "METHOD /path" stand-in for none)."""
    return tool.operation_id if tool.operation_id and tool.operation_id != tool.endpoint else ""


def renames(old: Surface, new: Surface) -> dict[str, str]:
    """Old tool name -> new tool name for the tools renamed between ``old`` and ``new``.

    Among the tools only one side has, a pair is the same operation when exactly one tool on
    each side has the same operationId, else the same method and path (parameter names aside:
    ``/pets/{id}`` is ``/pets/{petId}``)."""
    gone = [old.tools[n] for n in sorted(set(old.tools) - set(new.tools))]
    came = [new.tools[n] for n in sorted(set(new.tools) - set(old.tools))]
    pairs: dict[str, str] = {}
    for key in (_own_id, lambda t: t.route if t.endpoint else ""):
        left = [t for t in gone if t.name not in pairs]
        right = [t for t in came if t.name not in pairs.values()]
        for tool in left:
            value = key(tool)
            if not value:
                continue
            here = [t for t in left if key(t) == value]
            there = [t for t in right if key(t) == value]
            if len(here) == 1 and len(there) == 1:
                pairs[tool.name] = there[0].name
    return pairs


def _renaming(old: ToolInfo, new: ToolInfo) -> str:
    """What changed, why it is one operation, and how to keep the old name."""
    why = []
    if _own_id(old) and _own_id(old) == _own_id(new):
        why.append(f"same operationId {old.operation_id}")
    if old.endpoint == new.endpoint or old.route == new.route:
        why.append(f"same {new.endpoint}")
    elif old.endpoint and new.endpoint:
        why.append(f"{old.endpoint} -> {new.endpoint}")
    if _own_id(old) != _own_id(new) and _own_id(old) and _own_id(new):
        why.append(f"operationId {old.operation_id} -> {new.operation_id}")
    keep = new.operation_id or new.name
    return (
        f"{old.name} -> {new.name} ({'; '.join(why)}); calls to {old.name} fail: keep the old "
        f"name with the overlay's `operations: {{{keep}: {{tool_name: {old.name}}}}}`"
    )


# -- parameters -----------------------------------------------------------------------------


def type_signature(schema: Any) -> frozenset[str]:
    """The JSON types a schema accepts (``any`` when it does not say), arrays with item types."""
    if not isinstance(schema, dict) or not schema:
        return frozenset({"any"})
    for key in ("anyOf", "oneOf"):
        if isinstance(schema.get(key), list) and schema[key]:
            return frozenset().union(*(type_signature(s) for s in schema[key]))
    if "const" in schema:
        return frozenset({_json_type(schema["const"])})
    kind = schema.get("type")
    if kind is None and isinstance(schema.get("enum"), list) and schema["enum"]:
        return frozenset(_json_type(v) for v in schema["enum"])
    kinds = kind if isinstance(kind, list) else [kind] if isinstance(kind, str) else ["any"]
    out = set()
    for k in kinds:
        if k == "array":
            items = sorted(type_signature(schema.get("items")))
            out.add(f"array<{'|'.join(items)}>")
        else:
            out.add(str(k))
    if "integer" in out and "number" in out:
        out.discard("integer")
    return frozenset(out)


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    names: dict[type, str] = {str: "string", list: "array<any>", dict: "object"}
    return names.get(type(value), "any")


def _accepts(new: frozenset[str], old: frozenset[str]) -> bool:
    """Does every value of type set ``old`` also fit ``new``?"""
    if "any" in new:
        return True
    return all(t in new or (t == "integer" and "number" in new) for t in old)


def _enum(schema: Any) -> set[Any] | None:
    if isinstance(schema, dict) and isinstance(schema.get("enum"), list):
        return {repr(v) for v in schema["enum"]}
    return None


def _show(types: frozenset[str]) -> str:
    return "|".join(sorted(types))


def _params(old: ToolInfo, new: ToolInfo) -> list[Change]:
    changes = []
    name = old.name
    renamed = _param_renames(old, new)
    for was, now in sorted(renamed.items()):
        changes.append(Change("param_renamed", name, f"{was} -> {now}", True))
        changes += _param_requirement(name, now, was in old.required, now in new.required)
    for arg in sorted(set(old.params) - set(new.params) - set(renamed)):
        changes.append(Change("param_removed", name, arg, True))
    for arg in sorted(set(new.params) - set(old.params) - set(renamed.values())):
        required = arg in new.required
        detail = f"{arg} ({'required' if required else 'optional'})"
        changes.append(Change("param_added", name, detail, required))
    for arg in sorted(set(old.params) & set(new.params)):
        changes += _param_requirement(name, arg, arg in old.required, arg in new.required)
        changes += _param_type(name, arg, old.params[arg], new.params[arg])
    return changes


def _param_requirement(tool: str, arg: str, was: bool, now: bool) -> list[Change]:
    if now and not was:
        return [Change("param_made_required", tool, arg, True)]
    if was and not now:
        return [Change("param_made_optional", tool, arg, False)]
    return []


def _words(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _same_parameter(old_name: str, old: Any, new_name: str, new: Any) -> bool:
    """One argument under two names: the same types and values, and a close name (``per_page``
    and ``perPage``, ``q`` and ``query``) or the same description."""
    if type_signature(old) != type_signature(new) or _enum(old) != _enum(new):
        return False
    a, b = _words(old_name), _words(new_name)
    close = bool(a and b) and (
        a in b or b in a or difflib.SequenceMatcher(None, a, b).ratio() >= 0.6
    )
    said = old.get("description") if isinstance(old, dict) else None
    return close or (
        bool(said) and said == (new.get("description") if isinstance(new, dict) else None)
    )


def _param_renames(old: ToolInfo, new: ToolInfo) -> dict[str, str]:
    """Old argument -> new argument, for the arguments only one side has that are one
    argument renamed (each pairs with exactly one on the other side)."""
    gone = sorted(set(old.params) - set(new.params))
    came = sorted(set(new.params) - set(old.params))
    match = {
        a: [b for b in came if _same_parameter(a, old.params[a], b, new.params[b])] for a in gone
    }
    pairs: dict[str, str] = {}
    for a, found in match.items():
        if len(found) == 1 and [x for x in gone if found[0] in match[x]] == [a]:
            pairs[a] = found[0]
    return pairs


def _param_type(tool: str, arg: str, old: Any, new: Any) -> list[Change]:
    t_old, t_new = type_signature(old), type_signature(new)
    if t_old != t_new:
        detail = f"{arg}: {_show(t_old)} -> {_show(t_new)}"
        if _accepts(t_new, t_old):
            return [Change("param_type_widened", tool, detail, False)]
        return [Change("param_type_changed", tool, detail, True)]
    e_old, e_new = _enum(old), _enum(new)
    if e_old == e_new:
        return []
    if e_new is not None and (e_old is None or e_old - e_new):
        gone = sorted(e_old - e_new) if e_old is not None else ["(any value)"]
        detail = f"{arg}: values no longer accepted: {', '.join(gone)}"
        return [Change("param_type_changed", tool, detail, True)]
    added = sorted(e_new - e_old) if e_new is not None and e_old is not None else ["any value"]
    return [Change("param_type_widened", tool, f"{arg}: now accepts {', '.join(added)}", False)]


# -- responses ------------------------------------------------------------------------------


def flatten_tree(tree: dict[str, Any], prefix: str = "") -> dict[str, str]:
    """Dot path -> type for a field tree (``labels.name`` inside arrays, arrays as ``array<…>``)."""
    out: dict[str, str] = {}
    for key in sorted(tree):
        value, path = tree[key], f"{prefix}{key}"
        if isinstance(value, dict):
            out[path] = "object"
            out.update(flatten_tree(value, path + "."))
        elif isinstance(value, list) and value:
            item = value[0]
            if isinstance(item, dict):
                out[path] = "array<object>"
                out.update(flatten_tree(item, path + "."))
            else:
                out[path] = f"array<{item}>"
        else:
            out[path] = str(value) if value is not None else "any"
    return out


def _top_most(paths: list[str]) -> list[str]:
    kept: list[str] = []
    for path in sorted(paths):
        if not any(path.startswith(k + ".") for k in kept):
            kept.append(path)
    return kept


def _response(old: ToolInfo, new: ToolInfo) -> list[Change]:
    name = old.name
    changes = []
    if old.collection_path != new.collection_path:
        detail = f"list at {old.collection_path!r} -> {new.collection_path!r}"
        changes.append(Change("response_layout_changed", name, detail, True))
    if old.field_tree is None:
        return changes
    if new.field_tree is None:
        return changes + [Change("response_undocumented", name, "", False)]
    before, after = flatten_tree(old.field_tree), flatten_tree(new.field_tree)
    for path in _top_most([p for p in before if p not in after]):
        owner = _members(before, path)
        changes.append(Change("response_field_removed", name, path, True, owner))
    for path in _top_most([p for p in after if p not in before]):
        owner = _members(after, path)
        changes.append(Change("response_field_added", name, path, False, owner))
    for path in sorted(p for p in before if p in after and before[p] != after[p]):
        if "any" in (after[path].split(":", 1)[0], before[path].split(":", 1)[0]):
            continue
        detail = f"{path}: {before[path]} -> {after[path]}"
        owner = _members(after, path)
        changes.append(Change("response_type_changed", name, detail, True, owner))
    return changes


def _members(flat: dict[str, str], path: str) -> frozenset[str]:
    """The other members of the object holding ``path`` (its siblings)."""
    parent, _, key = path.rpartition(".")
    prefix = parent + "." if parent else ""
    return frozenset(
        p[len(prefix) :]
        for p in flat
        if p.startswith(prefix) and "." not in p[len(prefix) :] and p[len(prefix) :] != key
    )
