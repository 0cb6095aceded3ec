"""Where the kept tokens of an answer go: by the coarse role of each kept member and by its
position (an item of the payload list, the single resource answered, the wrapper around
them).

``apportion`` splits one shaped answer (the JSON the agent receives) into pieces, one per
member (``"key":value``, its tokens in compact JSON), and names each piece's role from its
name's words and its value (nothing is read from the original body or the rules): the
directory report (``directory_report.py``) sums them over the reads and searches with big
bodies, per half, so the gap between the halves can be read as aggregates (what held-back
answers keep that tuning ones do not), never call by call.

Roles, first that applies: a member whose value is an object or a list of objects is
*structure* (its key and brackets; its members are counted on their own); a member of an
object under a person's name is *person*; a boolean; an identity (``id``, ``*_id``,
``uuid``, ``key``...); a URL or link; a time (a date or date-time value, or a name ending
in date, time, ``at``); a label (``name``, ``title``...); a contact (``email``, ``phone``) is
*person*; a state or enum (``status``, ``type``, ``code``, ``currency``...); a number; text (a
string of more than ``LONG_TEXT`` characters, or named ``description``, ``message``...); else
*other*. In the wrapper (the members beside the payload list), a scalar is *paging /
wrapper metadata* whatever its name.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from ..preview.judge import payload_path
from ..preview.judge_people import PERSON_WORDS
from ..preview.judge_roles import LABEL_WORDS, OWN_IDENTITY, ID_SUFFIXES, is_timestamp, words
from ..runtime.shaping.tokens import count_tokens_many

LISTED, SINGLE, WRAPPER = "listed item", "single resource", "wrapper"
POSITIONS = (LISTED, SINGLE, WRAPPER)
ROLES = (
    "identity",
    "label",
    "person",
    "state/enum",
    "time",
    "URL/link",
    "number/figure",
    "boolean flag",
    "text (long, descriptions, messages)",
    "structure (nested keys, brackets)",
    "paging/wrapper metadata",
    "other",
)
(
    IDENTITY,
    LABEL,
    PERSON,
    STATE,
    TIME,
    URL,
    NUMBER,
    BOOLEAN,
    LONG,
    STRUCTURE,
    META,
    OTHER,
) = ROLES
LONG_TEXT = 80  # characters: a string longer than this is text to read, not a value
STATE_WORDS = frozenset(
    {
        *("status", "state", "type", "kind", "category", "mode", "level", "role", "phase"),
        *("stage", "code", "currency", "language", "locale", "severity", "outcome", "method"),
    }
)
TEXT_WORDS = frozenset(
    {
        *("description", "content", "message", "notes", "note", "text", "body", "abstract"),
        *("comment", "summary", "details", "detail", "bio", "reason"),
    }
)
CONTACT_WORDS = frozenset({"email", "phone"})
TIME_WORDS = frozenset({"date", "time", "timestamp", "at", "on", "created", "updated"})
LINK_WORDS = frozenset({"url", "uri", "href", "link", "links", "self"})
MAX_DEPTH = 12

Piece = tuple[str, str, str]  # (position, role, compact text)


def role_of(key: str, value: Any, in_person: bool = False) -> str:
    """The coarse role of one scalar member ``key: value`` (or a list of scalars)."""
    ws = [w.lower() for w in words(key)]
    last = ws[-1] if ws else ""
    if in_person:
        return PERSON
    if isinstance(value, bool):
        return BOOLEAN
    if last in OWN_IDENTITY or last in ID_SUFFIXES or last == "ids" or last == "sid":
        return IDENTITY
    text = value if isinstance(value, str) else None
    if (text is not None and text.startswith(("http://", "https://"))) or last in LINK_WORDS:
        return URL
    if is_timestamp(value) or last in TIME_WORDS:
        return TIME
    if last in LABEL_WORDS:
        return LABEL
    if last in CONTACT_WORDS:
        return PERSON
    if last in STATE_WORDS:
        return STATE
    if isinstance(value, (int, float)):
        return NUMBER
    if (text is not None and len(text) > LONG_TEXT) or last in TEXT_WORDS:
        return LONG
    if isinstance(value, list) and value and all(isinstance(v, (int, float)) for v in value):
        return NUMBER
    return OTHER


def _person(key: str) -> bool:
    ws = [w.lower() for w in words(key)]
    if not ws:
        return False
    last = ws[-1][:-1] if ws[-1].endswith("s") and ws[-1][:-1] in PERSON_WORDS else ws[-1]
    return last in PERSON_WORDS or (len(ws) > 1 and last == "by")


def _container(value: Any) -> bool:
    return isinstance(value, dict) or (
        isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value)
    )


def _walk(
    value: Any, position: str, out: list[Piece], in_person: bool = False, depth: int = 0
) -> None:
    """The pieces of an object's or a list's members, all at ``position``."""
    if depth > MAX_DEPTH:
        out.append((position, OTHER, json.dumps(value, separators=(",", ":"))))
        return
    if isinstance(value, list):
        out.append((position, STRUCTURE, "[]" + "," * max(len(value) - 1, 0)))
        for item in value:
            if _container(item):
                _walk(item, position, out, in_person, depth + 1)
            else:
                role = META if position == WRAPPER else role_of("", item, in_person)
                out.append((position, role, _compact(item)))
        return
    if not isinstance(value, dict):
        out.append((position, role_of("", value, in_person), _compact(value)))
        return
    out.append((position, STRUCTURE, "{}"))
    for key, member in value.items():
        if _container(member):
            out.append((position, STRUCTURE, f"{_compact(key)}:,"))
            _walk(member, position, out, in_person or _person(key), depth + 1)
        else:
            role = PERSON if (in_person or _person(key)) else role_of(key, member)
            role = META if position == WRAPPER else role
            out.append((position, role, f"{_compact(key)}:{_compact(member)},"))


def pieces(shaped: Any) -> list[Piece]:
    """``shaped`` split into pieces by position and role."""
    out: list[Piece] = []
    path = payload_path(shaped)
    if path is None:
        _walk(shaped, SINGLE, out)
        return out
    if path == ():
        _walk(shaped, LISTED, out)
        return out
    _wrapped(shaped, path, out)
    return out


def _wrapped(node: Any, path: tuple[str, ...], out: list[Piece]) -> None:
    """The wrapper's own members down to the payload list at ``path``, whose items are
    listed."""
    out.append((WRAPPER, STRUCTURE, "{}"))
    for key, member in node.items():
        if key == path[0]:
            out.append((WRAPPER, STRUCTURE, f"{_compact(key)}:,"))
            if len(path) == 1:
                _walk(member, LISTED, out)
            else:
                _wrapped(member, path[1:], out)
        elif _container(member):
            out.append((WRAPPER, STRUCTURE, f"{_compact(key)}:,"))
            _walk(member, WRAPPER, out)
        else:
            out.append((WRAPPER, META, f"{_compact(key)}:{_compact(member)},"))


def apportion(shaped: Any) -> Counter[tuple[str, str]]:
    """The tokens of ``shaped`` (compact JSON) by (position, role)."""
    found = pieces(shaped)
    counts = count_tokens_many([text for _, _, text in found])
    tally: Counter[tuple[str, str]] = Counter()
    for (position, role, _), n in zip(found, counts):
        tally[(position, role)] += n
    return tally


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
