"""People keep a handle or a name, never only times: the judge's ``people`` check.

Written apart from the shaping rules (nothing here imports ``runtime/shaping``); names are
read by their words (``judge_roles.py``).

- **A person** is an object referred to under a person's name and shaped like one: a member
  whose last word is a role noun (``PERSON_WORDS``: user, owner, author, assignee, actor,
  sender, creator, committer, reporter, member, reviewer, lead...; plurals too: ``assignees``,
  ``requested_reviewers``) or is a past participle + ``by`` (``created_by``, ``written_by``; not
  ``orderBy``), whose value is an object, or a list of objects, that has a *handle or name*: a
  non-empty string member whose last word is login, username, handle, nickname, name (``display_name``, ``full_name``) or
  that names an email (``email``, ``email_address``); a date or a URL is neither. A person
  none of whose own members is one is shaped like one when a part of it, up to two objects
  down and not in a list, has one (``{id, profile: {first_name}, persona: {identity:
  {username}}}``): any of those kept keeps it (a handle is the one a fix names).
  Persons are looked for in every object of the body the result keeps (its counterpart, member
  by member: ``judge_checks.walk``).
- *Kept*: the person's counterpart holds one of its handle or name values (a person shaped to
  its handle alone, ``"assignee": "octocat"``, keeps it). *Lost*: something of the person is
  kept but none of them (``{"last_login": ...}``), or the person is left out while the object
  it belongs to keeps a time of its own (a member whose value is a date or a date and time
  written as ISO 8601 text; epoch numbers and other formats are not read as times) and no
  person of it at all: a result that says when but not who. (An issue that keeps who opened
  it and drops who it is assigned to has chosen among its people: not a loss.) A person left out of an object reduced to what it is
  (its identity and label, no time) is not judged.
"""

from __future__ import annotations

from typing import Any

from .judge_checks import Path, Tally, Finding, field_path, walk, where
from .judge_roles import found_in, is_scalar, is_timestamp, leaves, words
from .synthesize import singular

PERSON_WORDS = frozenset(
    {
        "user",
        "owner",
        "author",
        "assignee",
        "actor",
        "sender",
        "creator",
        "committer",
        "reporter",
        "member",
        "requester",
        "reviewer",
        "approver",
        "uploader",
        "maintainer",
        "contributor",
        "collaborator",
        "participant",
        "organizer",
        "organiser",
        "moderator",
        "submitter",
        "person",
        "people",
        "lead",  # a project's or a team's lead: who leads it (a sales lead is a person too)
    }
)
NAME_WORDS = frozenset({"login", "username", "handle", "nickname", "name"})
HANDLE_WORDS = NAME_WORDS - {"name"}
CHECK = "people"


# Past participles that do not end in -ed or -en: "<participle> by" names who did it.
IRREGULAR_PARTICIPLES = frozenset(
    {"sent", "made", "built", "paid", "held", "kept", "left", "set", "put", "run", "done",
     "bought", "brought", "taught", "won", "read", "told", "sold", "led", "owned"}
)  # fmt: skip


def _participle(word: str) -> bool:
    return word.endswith(("ed", "en")) or word in IRREGULAR_PARTICIPLES


def is_person_key(key: str) -> bool:
    """A role noun last, or an agent phrase: a past participle + ``by`` (``created_by``,
    ``written_by``); ``order_by``, ``sort_by``, ``group_by`` name how, not who."""
    w = words(key)
    return bool(w) and (
        singular(w[-1]) in PERSON_WORDS or (len(w) > 1 and w[-1] == "by" and _participle(w[-2]))
    )


def _is_name(key: str, value: Any) -> bool:
    w = words(key)
    return (
        bool(w)
        and (w[-1] in NAME_WORDS or "email" in w)
        and isinstance(value, str)
        and bool(value.strip())
        and not is_timestamp(value)
        and not value.startswith(("http://", "https://"))
    )


NESTED = 2  # objects down a person's handle or name is looked for when it has none of its own


def name_members(obj: Any) -> list[tuple[tuple[str, ...], str]]:
    """``(relative path, value)`` of a person's handles and names: its own members; when it
    has none, those of its parts, ``NESTED`` objects down, not in lists, the nearest first
    (``{id, profile: {first_name}, persona: {identity: {username}}}``)."""
    found: list[tuple[tuple[str, ...], str]] = []
    level: list[tuple[tuple[str, ...], Any]] = [((), obj)]
    for depth in range(NESTED + 1):
        found += [
            ((*at, k), v)
            for at, node in level if isinstance(node, dict)
            for k, v in node.items() if _is_name(k, v)
        ]  # fmt: skip
        if found and depth == 0:
            return found  # its own handle or name says who it is
        level = [
            ((*at, k), v)
            for at, node in level if isinstance(node, dict)
            for k, v in node.items() if isinstance(v, dict)
        ]  # fmt: skip
    handles = [m for m in found if words(m[0][-1])[-1] in HANDLE_WORDS]
    return handles + [m for m in found if m not in handles]  # a handle says who before a name


def names(obj: Any) -> list[str]:
    """The handle and name values of a person (empty: ``obj`` is not shaped like one)."""
    return [v for _, v in name_members(obj)]


def is_person(key: str, value: Any) -> bool:
    """A person, or a list of people, under ``key`` (rule in the module doc)."""
    return bool(_persons(key, value))


def _persons(key: str, value: Any) -> list[tuple[int | None, dict[str, Any]]]:
    """The persons under ``key``: ``(None, person)`` or ``(index, person)`` for a list."""
    if not is_person_key(key):
        return []
    if isinstance(value, dict) and names(value):
        return [(None, value)]
    if isinstance(value, list):
        return [(n, v) for n, v in enumerate(value) if isinstance(v, dict) and names(v)]
    return []


def _keeps_time(obj: dict[str, Any], shaped: dict[str, Any]) -> bool:
    return any(is_timestamp(v) and k in shaped and found_in([v], shaped[k]) for k, v in obj.items())


def _someone_kept(obj: dict[str, Any], shaped: dict[str, Any]) -> bool:
    """Does the result keep any person of ``obj`` by a handle or name (who, next to when)?"""
    for key, value in obj.items():
        for index, person in _persons(key, value):
            part = _counterpart(shaped.get(key), index)
            if part is not None and found_in(names(person), part):
                return True
    return False


def _counterpart(shaped: Any, index: int | None) -> Any:
    if index is None:
        return shaped
    if isinstance(shaped, list):
        return shaped[index] if index < len(shaped) else None
    return shaped  # a list reduced to one value (a join): judged by its values


def _kept_members(part: Any) -> str:
    if isinstance(part, dict):
        return "{" + ", ".join(k for k, v in part.items() if leaves(v) or is_scalar(v)) + "}"
    return repr(part)


def check_people(body: Any, shaped: Any, tally: Tally, base: Path = ()) -> None:
    """Judge every person of ``body`` against ``shaped`` (rule in the module doc); ``base``:
    the judged object's path (the overlay's field paths are relative to it)."""
    if isinstance(shaped, str):
        return  # a text page: no members to pair
    for path, obj, counterpart in walk(body, shaped):
        if not isinstance(obj, dict) or not isinstance(counterpart, dict):
            continue
        for key, value in obj.items():
            for index, person in _persons(key, value):
                at = (*path, key) if index is None else (*path, key, index)
                wanted = names(person)
                name_at = name_members(person)[0][0]
                name_key = ".".join(name_at)
                fix = field_path((*path, key, *name_at), base)
                part = _counterpart(counterpart.get(key), index)
                if part is not None and (leaves(part) or is_scalar(part)):
                    kept = found_in(wanted, part)
                    how = f"reduced to {_kept_members(part)}: lost its handle/name"
                elif _keeps_time(obj, counterpart) and not _someone_kept(obj, counterpart):
                    kept = False
                    how = "left out while its object keeps its times"
                else:
                    continue  # the object is reduced to what it is: not judged
                lost = f"{where(at)} {how}".replace("its object", where(path))
                found = Finding(
                    CHECK, where(at), f"{lost} ({name_key})", (fix,), pattern=f"{key} {how}"
                )
                tally.count(CHECK, kept, found)
