"""The XML layout of a schema: what the server needs to build an XML request body and to read
an XML response into the JSON tree the schema describes (``runtime/upstream/xml_body.py``).

From each schema's ``xml`` object: ``name`` (the element or attribute name; at the root, else
the component name), ``attribute``, ``wrapped``, ``prefix`` and ``namespace`` (``ns``); plus
the ``type`` where text must become a number or a boolean, ``properties`` and ``items``.
``allOf`` parts are merged and ``oneOf``/``anyOf`` branches joined. Only what differs from
the defaults is kept (a string member named like its element needs no entry), the depth is
bounded and recursion stops, so the layout stays small in ``spec.json``.
"""

from __future__ import annotations

from typing import Any

from .document import Document
from .refs import RefResolver, is_ref

MAX_DEPTH = 6
_TYPED = ("integer", "number", "boolean", "object", "array")


def xml_layout(node: Any, doc: Document, resolver: RefResolver) -> dict[str, Any] | None:
    """The layout of the body schema ``node`` (None when it says nothing beyond the defaults)."""
    name = None
    if is_ref(node):
        name = resolver.deref(node, doc, "").name
    layout = _Layout(resolver).of(node, doc, 0, ())
    if name and "name" not in layout:
        layout = {"name": name, **layout}
    return layout or None


class _Layout:
    def __init__(self, resolver: RefResolver):
        self.resolver = resolver

    def of(self, node: Any, doc: Document, depth: int, stack: tuple[str, ...]) -> dict[str, Any]:
        if is_ref(node):
            target = self.resolver.deref(node, doc, "")
            if str(target.key) in stack or depth > MAX_DEPTH:
                return {}
            return self.of(target.value, target.doc, depth, stack + (str(target.key),))
        if not isinstance(node, dict):
            return {}
        out: dict[str, Any] = {}
        xml = node.get("xml")
        if isinstance(xml, dict):
            for key, short in (("name", "name"), ("prefix", "prefix"), ("namespace", "ns")):
                if isinstance(xml.get(key), str) and xml[key]:
                    out[short] = xml[key]
            for key in ("attribute", "wrapped"):
                if xml.get(key) is True:
                    out[key] = True
        kind = _type(node)
        properties: dict[str, Any] = {}
        items: dict[str, Any] | None = None
        if depth < MAX_DEPTH:
            raw = node.get("properties")
            if isinstance(raw, dict):
                for key, sub in raw.items():
                    layout = self.of(sub, doc, depth + 1, stack)
                    if layout:
                        properties[key] = layout
            if "items" in node:
                items = self.of(node.get("items"), doc, depth + 1, stack)
            for combinator in ("allOf", "oneOf", "anyOf"):
                parts = node.get(combinator)
                for part in parts if isinstance(parts, list) else ():
                    merged = self.of(part, doc, depth, stack)
                    kind = kind or merged.get("type")
                    properties = {**merged.get("properties", {}), **properties}
                    if items is None and "items" in merged:
                        items = merged["items"]
        if kind is None and properties:
            kind = "object"
        if kind is None and items is not None:
            kind = "array"
        if kind in _TYPED:
            out["type"] = kind
        if properties:
            out["properties"] = properties
        if kind == "array":
            out["items"] = items or {}
        return out


def _type(node: dict[str, Any]) -> str | None:
    raw = node.get("type")
    if isinstance(raw, str):
        return raw
    if isinstance(raw, list):
        return next((t for t in raw if isinstance(t, str) and t != "null"), None)
    return None
