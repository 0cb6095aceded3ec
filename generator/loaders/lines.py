"""Line numbers of JSON pointers, computed only when a diagnostic needs one.

JSON: the text is scanned along the pointer with the stdlib decoder (``scanstring`` for keys,
``raw_decode`` to skip values), so only the path is walked. YAML: an indentation scan over
block-style lines (what specs use) finds keys and ``- `` items without building anything;
when the document uses flow style or anchors where the pointer goes, the scan gives up and
the document is composed with libyaml, whose nodes carry marks (~1.5 s for Stripe's 4 MB).
All functions return the 1-based line of the deepest node along the pointer that exists.
"""

from __future__ import annotations

import json
import re
from json.decoder import scanstring  # type: ignore[attr-defined]  # undocumented: no stub
from typing import Any, NamedTuple

import yaml

_WS = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()
_KEY = re.compile(
    r"""(?:'((?:[^']|'')*)'|"((?:[^"\\]|\\.)*)"|([^\s'"#\-?:&*!|>{}\[\]][^#]*?|-[^\s#][^#]*?))\s*:(?:\s|$)"""
)


def _skip_ws(text: str, pos: int) -> int:
    """The position after the whitespace at ``pos``."""
    match = _WS.match(text, pos)
    return match.end() if match else pos  # always a match: ``*`` matches nothing too


def json_line(text: str, tokens: list[str]) -> int:
    pos = _skip_ws(text, 0)
    best = pos
    for token in tokens:
        found = None
        if text.startswith("{", pos):
            pos = _skip_ws(text, pos + 1)
            while not text.startswith("}", pos):
                key, pos = scanstring(text, pos + 1)
                pos = _skip_ws(text, pos)
                key_pos, pos = pos, _skip_ws(text, pos + 1)
                if key == token:
                    found = key_pos
                    break
                pos = _skip_value(text, pos)
        elif text.startswith("[", pos) and token.isdigit():
            pos = _skip_ws(text, pos + 1)
            index = 0
            while not text.startswith("]", pos):
                if index == int(token):
                    found = pos
                    break
                pos = _skip_value(text, pos)
                index += 1
        if found is None:
            break
        best = found
    return text.count("\n", 0, best) + 1


def _skip_value(text: str, pos: int) -> int:
    _, pos = _DECODER.raw_decode(text, pos)
    pos = _skip_ws(text, pos)
    if text.startswith(",", pos):
        pos = _skip_ws(text, pos + 1)
    return pos


class _Event(NamedTuple):
    line: int  # 0-based
    indent: int
    dash: bool  # a "- " sequence item marker (else a mapping key)
    key: str | None
    flow: bool = False  # the value on this line may hold nodes of its own (flow style, anchors)


_FLOW_STARTS = ("[", "{", "&", "*")


def yaml_events(text: str) -> list[_Event]:
    """Keys and sequence items of block-style YAML, one or more per line."""
    events: list[_Event] = []
    for number, line in enumerate(text.split("\n")):
        stripped = line.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(stripped)
        while stripped == "-" or stripped.startswith("- "):
            rest = stripped[1:].lstrip(" ")
            events.append(_Event(number, indent, True, None, rest.startswith(_FLOW_STARTS)))
            indent += len(stripped) - len(rest)
            stripped = rest
        match = _KEY.match(stripped)
        if match is not None:
            single, double, plain = match.groups()
            if single is not None:
                key = single.replace("''", "'")
            elif double is not None:
                key = json.loads(f'"{double}"')
            else:
                key = plain
            value = stripped[match.end() :].lstrip(" ")
            events.append(_Event(number, indent, False, key, value.startswith(_FLOW_STARTS)))
    return events


def yaml_line_fast(events: list[_Event], tokens: list[str]) -> int | None:
    """Line of the deepest node along the pointer in block YAML; None when flow style,
    anchors or merge keys on the way make the scan unsure."""
    at, indent, is_key = -1, -1, True  # the root
    for token in tokens:
        if at >= 0 and events[at].flow:
            return None
        found = None
        child_indent = None
        count = -1
        for index in range(at + 1, len(events)):
            event = events[index]
            if event.indent < indent or (event.indent == indent and not (is_key and event.dash)):
                break
            if child_indent is None:
                child_indent = event.indent
            if event.indent != child_indent:
                continue
            if event.dash:
                count += 1
                if token.isdigit() and count == int(token):
                    found = index
                    break
            elif event.key == "<<":
                return None
            elif event.key == token:
                found = index
                break
        if found is None:
            break
        at, indent, is_key = found, events[found].indent, not events[found].dash
    return events[at].line + 1 if at >= 0 else 1


def yaml_line_composed(root: Any, tokens: list[str]) -> int | None:
    node = root
    if node is None:
        return None
    line = node.start_mark.line + 1
    for token in tokens:
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if str(key_node.value) == token:
                    line, node = key_node.start_mark.line + 1, value_node
                    break
            else:
                return line
        elif (
            isinstance(node, yaml.SequenceNode) and token.isdigit() and int(token) < len(node.value)
        ):
            node = node.value[int(token)]
            line = node.start_mark.line + 1
        else:
            return line
    return line


def compose(text: str) -> Any:
    return yaml.compose(text, Loader=yaml.CSafeLoader)
