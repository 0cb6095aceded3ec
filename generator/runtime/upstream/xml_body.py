"""XML bodies: built from the arguments as the schema's ``xml`` objects say, and XML responses
read into the tree JSON would give, so shaping, ``fields`` and budgets apply to them alike.

A *layout* (made by the generator from the schema: ``generator/loaders/xml_layout.py``) says per
property: ``name`` (the element or attribute name), ``attribute``, ``wrapped`` (an array inside
an element of its own), ``prefix``/``ns``, ``type``, ``properties`` and ``items``. Without one,
members are elements named after their keys.

Reading: ``defusedxml`` parses (a DTD, entity declarations and external references are refused:
no entity expansion, no network or file access), then elements and attributes become members
named as the schema names its properties, wrapped arrays become lists, repeated elements become
lists, text becomes a number or a boolean where the schema says so, and the root element is the
body itself (as ``{...}`` is in JSON). Building uses the standard library's ElementTree, which
escapes every text and attribute.
"""

from __future__ import annotations

import re
import sys
from typing import Any
from xml.etree.ElementTree import Element, ParseError, tostring

import defusedxml.ElementTree as safe_xml
from defusedxml import DefusedXmlException

MAX_DEPTH = 100  # deeper elements become a marker, as deep JSON does (shaping/truncate.py)
_INTEGER = re.compile(r"[-+]?\d+")
_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


class XmlBodyError(ValueError):
    """The upstream's XML cannot be read (malformed, or a DTD/entities that are refused)."""


class XmlNameError(ValueError):
    """A name the caller gave (a member the schema does not describe) cannot be an XML name;
    ``path``: the members leading to it, from the body's top."""

    def __init__(self, path: tuple[str, ...], reason: str) -> None:
        super().__init__(reason)
        self.path = path
        self.reason = reason


# XML 1.0 (fifth edition) names without ':' (an NCName: no prefix can be smuggled in).
_START = (
    "A-Z_a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff"
    "\u200c-\u200d\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd"
    "\U00010000-\U000effff"
)
_NCNAME = re.compile(f"[{_START}][{_START}\\-.0-9\u00b7\u0300-\u036f\u203f-\u2040]*")
# Characters XML 1.0 cannot carry at all, even escaped.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def _callers_name(name: str, path: tuple[str, ...]) -> str:
    """``name`` (a member name the caller chose) when it is a plain XML name."""
    if not _NCNAME.fullmatch(name):
        raise XmlNameError(
            path,
            f"{name!r} cannot be an XML element name (letters, digits, '-', '_' and '.',"
            " starting with a letter or '_'; no ':', no spaces or markup)",
        )
    if name.lower() == "xmlns":
        raise XmlNameError(path, f"{name!r} is reserved for namespace declarations in XML")
    return name


# ------------------------------------------------------------------------------ building


def build_xml(value: Any, layout: dict[str, Any] | None, root: str = "root") -> bytes:
    """The request body for ``value`` (a JSON value): one root element named by the layout
    (else ``root``). Members the layout does not describe are named by their keys, which must
    be plain XML names (:class:`XmlNameError`); every value is text, escaped."""
    layout = layout or {}
    element = _element(layout.get("name") or root, value, layout, ())
    body: bytes = tostring(element, encoding="utf-8", xml_declaration=True)  # a named encoding
    return body


def _element(name: str, value: Any, layout: dict[str, Any], path: tuple[str, ...]) -> Element:
    element = Element(_qualified(name, layout))
    if layout.get("ns"):
        prefix = layout.get("prefix")
        element.set(f"xmlns:{prefix}" if prefix else "xmlns", str(layout["ns"]))
    _fill(element, value, layout, path)
    return element


def _fill(element: Element, value: Any, layout: dict[str, Any], path: tuple[str, ...]) -> None:
    if isinstance(value, dict):
        properties = layout.get("properties") or {}
        for key, member in value.items():
            if member is None:
                continue
            here = (*path, str(key))
            sub = properties.get(key) or {}
            name = sub.get("name") or (key if key in properties else _callers_name(key, here))
            if sub.get("attribute") and not isinstance(member, (dict, list)):
                element.set(_qualified(name, sub), _text(member, here))
            elif isinstance(member, list):
                items = sub.get("items") or {}
                holder = element
                if sub.get("wrapped"):
                    holder = Element(_qualified(name, sub))
                    element.append(holder)
                for item in member:
                    holder.append(_element(items.get("name") or name, item, items, here))
            else:
                element.append(_element(name, member, sub, here))
    elif isinstance(value, list):
        items = layout.get("items") or {}
        for item in value:
            element.append(_element(items.get("name") or "item", item, items, path))
    elif value is not None:
        element.text = _text(value, path)


def _qualified(name: str, layout: dict[str, Any]) -> str:
    prefix = layout.get("prefix")
    return f"{prefix}:{name}" if prefix else name


def _text(value: Any, path: tuple[str, ...]) -> str:
    text = ("true" if value else "false") if isinstance(value, bool) else str(value)
    bad = _NOT_XML.search(text)
    if bad:
        raise XmlNameError(
            path,
            f"its value holds {bad.group()!r}, a character XML cannot carry (not even escaped)",
        )
    return text


# ------------------------------------------------------------------------------ reading


def parse_xml(text: str, layout: dict[str, Any] | None = None) -> Any:
    """The JSON tree of an XML response body; raises :class:`XmlBodyError`."""
    try:
        root = safe_xml.fromstring(text, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise XmlBodyError(
            f"it declares {type(exc).__name__.replace('Forbidden', '')}"
            " (a DTD or entities), which is refused"
        ) from None
    except ParseError as exc:
        raise XmlBodyError(f"it is not well-formed XML ({exc})") from None
    return _read(root, layout or {}, 0)


def _local(name: str) -> str:
    """``{namespace}name`` and ``prefix:name`` -> ``name``."""
    return name.rsplit("}", 1)[-1].rsplit(":", 1)[-1]


def _read(element: Element, layout: dict[str, Any], depth: int) -> Any:
    if depth > MAX_DEPTH:
        return f"[nested deeper than {MAX_DEPTH} levels]"
    kind = layout.get("type")
    children = list(element)
    if kind == "array":
        items = layout.get("items") or {}
        return [_read(child, items, depth + 1) for child in children]
    if not children and not element.attrib and kind != "object":
        return _scalar(element.text, kind)
    properties = layout.get("properties") or {}
    attributes, elements = _names(properties)
    out: dict[str, Any] = {}
    for name, raw in element.attrib.items():
        key = attributes.get(_local(name), _local(name))
        out[key] = _scalar(raw, (properties.get(key) or {}).get("type"))
    loose: dict[str, list[Any]] = {}  # elements not described: one member each, a list if repeated
    for child in children:
        local = _local(child.tag)
        found = elements.get(local)
        if found is None:
            if local not in loose:
                out[local] = loose[local] = []
            loose[local].append(_read(child, {}, depth + 1))
            continue
        key, sub, how = found
        items = sub.get("items") or {}
        if how == "wrapper":
            out[key] = [_read(item, items, depth + 2) for item in child]
        elif how == "items":
            out.setdefault(key, []).append(_read(child, items, depth + 1))
        else:
            out[key] = _read(child, sub, depth + 1)
    for name, values in loose.items():
        if len(values) == 1 and out.get(name) is values:
            out[name] = values[0]
    text = (element.text or "").strip()
    if text and "text" not in out:
        out["text"] = text  # text next to attributes or elements (mixed content)
    return out


def _names(
    properties: dict[str, Any],
) -> tuple[dict[str, str], dict[str, tuple[str, dict[str, Any], str]]]:
    """(attribute name -> member, element name -> (member, layout, how)); ``how``: ``one``,
    ``wrapper`` (the element holds the items) or ``items`` (each element is one item)."""
    attributes: dict[str, str] = {}
    elements: dict[str, tuple[str, dict[str, Any], str]] = {}
    for key, sub in properties.items():
        name = sub.get("name") or key
        if sub.get("attribute"):
            attributes[name] = key
        elif sub.get("type") == "array" and sub.get("wrapped"):
            elements[name] = (key, sub, "wrapper")
        elif sub.get("type") == "array":
            elements[(sub.get("items") or {}).get("name") or name] = (key, sub, "items")
        else:
            elements[name] = (key, sub, "one")
    return attributes, elements


def _scalar(text: str | None, kind: str | None) -> Any:
    value = (text or "").strip() if kind in ("integer", "number", "boolean") else text or ""
    if kind == "integer" and _INTEGER.fullmatch(value):
        limit = sys.get_int_max_str_digits()  # Python's own conversion limit (4300 by default)
        digits = len(value.lstrip("+-"))
        if limit and digits > limit:
            raise XmlBodyError(
                f"it holds an integer of {digits} digits, more than the {limit} this server reads"
            )
        return int(value)
    if kind == "number" and _NUMBER.fullmatch(value):
        number = float(value)
        return int(number) if number.is_integer() and _INTEGER.fullmatch(value) else number
    if kind == "boolean" and value.lower() in ("true", "false", "1", "0"):
        return value.lower() in ("true", "1")
    if kind in ("integer", "number", "boolean") and value == "":
        return None
    return value
