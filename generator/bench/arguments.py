"""Tool arguments for the breadth benchmark, built from the input schema the agent is shown.

The listed schema (``tools/list``) gives the structure; where the listing leaves a keyword
out to save tokens (a default, a ``pattern``, lengths, ``minItems``), the operation's own
input schema supplies it, so the request is valid for the upstream and not only for the
listing. Every required argument gets a value, and so does every required member of an
object argument (a request body sent whole, or a nested object of a flattened body), at any
depth:
the schema's own ``default``, ``example``/``examples`` or ``const`` first (when it has the
schema's type), then the first ``enum`` value, then, for a long enum the listing reduced to
examples, the first example its description names; else a realistic value of its type and
format (``preview/synthesize.scalar``) that respects ``minLength``/``maxLength``,
``pattern`` (else the simplest string matching it: ``callability.simplest_matching``),
``minimum``/``maximum`` and ``minItems``. ``$ref`` is followed inside the listed schema
(``#/$defs/...``); ``allOf`` parts are merged; ``oneOf``/``anyOf`` take the first branch that
is not null (for an object, its own required members plus the branch's). Optional
arguments are left out, as an agent that knows nothing more would.
"""

from __future__ import annotations

import re
from typing import Any

from ..preview.synthesize import singular, scalar
from ..runtime.coercion import local_ref_target
from .callability import described_example, simplest_matching

MAX_DEPTH = 10  # nested objects below this get no members (the schema is then unusual anyway)
COMPLETED = (
    "default", "example", "examples", "const", "enum", "format", "pattern", "minLength",
    "maxLength", "minimum", "maximum", "minItems",
)  # fmt: skip
_TYPES: dict[str, type | tuple[type, ...]] = {
    "object": dict,
    "array": list,
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
}


def arguments_for(schema: dict[str, Any], full: dict[str, Any] | None = None) -> dict[str, Any]:
    """Values for the required arguments of a tool's listed input schema (``full``: the
    operation's own input schema, for the keywords the listing leaves out)."""
    value = Arguments(schema).object(schema, 0, full)
    return value if isinstance(value, dict) else {}


def _completed(schema: dict[str, Any], full: Any) -> dict[str, Any]:
    """``schema`` with the keywords it lacks taken from the same node of the full schema."""
    if not isinstance(full, dict):
        return schema
    extra = {k: full[k] for k in COMPLETED if k in full and k not in schema}
    if (
        "type" not in schema
        and "type" in full
        and not schema.get("anyOf")
        and not schema.get("oneOf")
    ):
        extra["type"] = full["type"]
    return {**schema, **extra} if extra else schema


def _child(full: Any, key: str, name: str | None = None) -> Any:
    """The full schema's node for a property (``key="properties"``) or the items."""
    if not isinstance(full, dict):
        return None
    node = full.get(key)
    if name is not None:
        node = node.get(name) if isinstance(node, dict) else None
    return node if isinstance(node, dict) else None


class Arguments:
    """Values for one listed input schema (``root``: where its ``$ref`` point into)."""

    def __init__(self, root: dict[str, Any]):
        self.root = root

    def resolve(self, schema: Any) -> dict[str, Any]:
        """``schema`` with its local ``$ref`` followed, the referring node's other keywords kept
        over the target's; {} where the ref leads nowhere."""
        if isinstance(schema, dict) and "$ref" in schema:
            target = local_ref_target(schema, self.root)
            siblings = {k: v for k, v in schema.items() if k != "$ref"}
            schema = {**target, **siblings} if isinstance(target, dict) else {}
        return self.merged(schema) if isinstance(schema, dict) else {}

    def merged(self, schema: dict[str, Any]) -> dict[str, Any]:
        """``allOf`` parts merged into one schema (properties and required lists joined)."""
        parts = schema.get("allOf")
        if not isinstance(parts, list) or not parts:
            return schema
        merged: dict[str, Any] = {k: v for k, v in schema.items() if k != "allOf"}
        props = dict(merged.get("properties") or {})
        required = list(merged.get("required") or [])
        for part in parts:
            part = self.resolve(part)
            for key, value in part.items():
                if key == "properties" and isinstance(value, dict):
                    props.update(value)
                elif key == "required" and isinstance(value, list):
                    required += [r for r in value if r not in required]
                else:
                    merged.setdefault(key, value)
        if props:
            merged["properties"] = props
        if required:
            merged["required"] = required
        return merged

    def object(self, schema: dict[str, Any], depth: int, full: Any = None) -> dict[str, Any]:
        schema = self.resolve(schema)
        props = schema.get("properties") or {}
        if depth > MAX_DEPTH:
            return {}
        out = {
            name: self.value(
                props.get(name) or {}, name, depth + 1, _child(full, "properties", name)
            )
            for name in schema.get("required") or []
            if isinstance(name, str) and (name in props or not props)
        }
        for key in ("oneOf", "anyOf"):  # an object that must also match one of its branches
            branches = [self.resolve(b) for b in schema.get(key) or []]
            usable = [b for b in branches if b.get("type") != "null"]
            if usable and ("properties" in usable[0] or "required" in usable[0]):
                part = self.object({"properties": props, **usable[0]}, depth, full)
                out.update(part)
        return out

    def value(
        self, schema: Any, name: str, depth: int = 0, full: Any = None, index: int = 0
    ) -> Any:
        schema = _completed(self.resolve(schema), full)
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = next((t for t in kind if t != "null"), "string")
        examples = schema.get("examples")
        given = [schema.get(k) for k in ("default", "example", "const")]
        given += [examples[0]] if isinstance(examples, list) and examples else []
        given += [v for v in schema.get("enum") or []]
        for candidate in given:
            if candidate is not None and _fits(candidate, kind):
                return candidate
        props = schema.get("properties")
        if kind == "object" or (kind is None and isinstance(props, dict)):
            return self.object(schema, depth, full)
        for branch in schema.get("anyOf") or schema.get("oneOf") or []:
            if isinstance(branch, dict) and self.resolve(branch).get("type") != "null":
                return self.value(branch, name, depth)
        if kind == "array" or (kind is None and "items" in schema):
            items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
            if not items and isinstance(schema.get("enum"), list):
                items = {"enum": schema["enum"]}  # an enum written on the array, not its items
            low = schema.get("minItems") if isinstance(schema.get("minItems"), int) else 1
            item_full = _child(full, "items")
            return [
                self.value(items, singular(name), depth + 1, item_full, i)
                for i in range(min(max(low, 1), 5))
            ]
        described = described_example(schema)
        if described is not None:
            return described
        value = scalar(kind or "string", schema.get("format"), name, index, schema)
        return _fitted(value, schema) if isinstance(value, str) else value


def _fits(value: Any, kind: Any) -> bool:
    """A given value (default, example, enum) usable for a schema of type ``kind``."""
    if not isinstance(kind, str) or kind not in _TYPES:
        return True
    if isinstance(value, bool) and kind != "boolean":
        return False
    return isinstance(value, _TYPES[kind])


def _fitted(value: str, schema: dict[str, Any]) -> str:
    minimum, maximum = schema.get("minLength"), schema.get("maxLength")
    if isinstance(minimum, int) and len(value) < minimum:
        value = value.ljust(minimum, "x")
    if isinstance(maximum, int) and maximum >= 0 and len(value) > maximum:
        value = value[: max(maximum, minimum if isinstance(minimum, int) else 0)]
    pattern = schema.get("pattern")
    if isinstance(pattern, str):
        value = _matching(pattern, value, minimum, maximum)
    return value


def _matching(pattern: str, value: str, minimum: Any = None, maximum: Any = None) -> str:
    """``value`` if it matches ``pattern`` (JSON Schema: anywhere), else the first of a few
    common shapes that does (letters, digits, mixed of every length up to 100, a lat,lon
    pair, a date) within the length bounds, else the simplest string matching it."""
    try:
        regex = re.compile(pattern)
    except re.error:
        return value
    low = minimum if isinstance(minimum, int) else 0
    high = maximum if isinstance(maximum, int) else 10**6
    mixed = ("aB3" * 34)[:100]
    candidates = [value, "abc", "ABC", "12345", "67.85572,20.22513", "2024-05-01"]
    candidates += [mixed[:n] for n in range(1, 101)] + ["7" * n for n in range(1, 21)]
    fits = (c for c in candidates if low <= len(c) <= high and regex.search(c))
    return next(fits, None) or simplest_matching(pattern, minimum)
