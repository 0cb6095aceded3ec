"""The identity a path parameter names: the judge's ``path identities`` check.

Written apart from the shaping rules (nothing here imports ``runtime/shaping``). An agent
calls the next tool with what the path asks for; an object answered without it cannot be
addressed again.

- **The object's parameters.** The operation's path template, and the templates of its
  *siblings on the same collection*: for ``/things/{thing_sid}`` (a path ending in a
  parameter) answering one object the collection is ``/things``; for ``/things`` (ending in a
  literal), or for a path answering a list (``/me/top/{type}``: the parameter chooses the
  list), it is the path itself, and ``/things/{thing_sid}`` is a sibling. A template of the collection followed
  by one parameter segment names the collection's objects by that parameter (the earlier
  parameters name their parents: ``{AccountSid}`` of ``/Accounts/{AccountSid}/Messages``
  names an account, not a message). Segments compare without case or a format suffix
  (``Messages.json``; a dotted method, ``rooms.roles``, is a segment of its own); parameter segments compare equal whatever their names; a segment of
  several parameters is named by its last (``(algorithm={algorithm},thumbprint={thumbprint})``).
- **The member it names**: a scalar member of the object whose name equals the parameter's
  compared without case or separators (``{Sid}`` ~ ``sid``, ``{account_sid}`` ~ ``AccountSid``),
  or equals it once the parameter's leading words name the collection's thing, its singular
  (``{issue_number}`` of ``/issues`` ~ ``number``, ``{petId}`` of ``/pets`` ~ ``id``,
  ``{AccountSid}`` of ``/Accounts`` ~ ``sid``), or once the thing's words are taken from
  inside it (``{external_customer_id}`` of ``/customers`` ~ ``external_id``), unless an
  earlier parameter of the path names that member (a parent's: ``agent_runner_id`` of
  ``/agent_runners/{agent_runner_id}/sessions/{agent_runner_session_id}``); else the member
  the parameter ends with after the thing and words that qualify it (the session's ``id``).
- **A write on an item** (``POST /book_transfers/{book_transfer_token}/retry``: a literal
  after the item's parameter, named for the collection before it) answering one object with
  no ``id``-like member of its own answers that item: the parameter names its member
  (``token``; ``action_params``, asked by ``judge.py`` for writes only).
- *Not judged* on the items of a list when it holds one value on all of them (two or more):
  what tells none of them apart addresses none of them (``one_value_for_all``).
- *Kept*: its value is in the object's counterpart (the kept list item, or the result for a
  single resource). *Lost* otherwise: a URL (``uri``) of the object kept in its place does not
  address it for the next tool.

The caller gives the templates (``preview/tools.py`` ``sibling_paths``; the breadth benchmark);
without them the check judges nothing.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from .judge_checks import Finding, Tally
from .judge_roles import found_in, is_scalar, words
from .synthesize import singular

_PARAM = re.compile(r"\{([^}]+)\}")
CHECK = "path identities"


def _segments(template: str) -> list[str]:
    return [s for s in template.split("?")[0].split("/") if s]


def _param(segment: str) -> str | None:
    """The segment's parameter (its last one: ``(kind={kind},id={id})`` -> ``id``)."""
    found = _PARAM.findall(segment)
    return found[-1] if found else None


# The suffixes that name a format (``Messages.json``): the same address as without. A dotted
# method (``rooms.roles`` beside ``rooms.media``) is another address.
FORMATS = frozenset({"json", "xml", "csv", "yaml", "yml", "txt", "html", "htm", "atom", "rss"})


def _bare(segment: str) -> str:
    """``segment`` without a format suffix, lowered (``Messages.json`` -> ``messages``)."""
    head, dot, suffix = segment.rpartition(".")
    return (head if dot and suffix.lower() in FORMATS else segment).lower()


def _same(a: str, b: str) -> bool:
    if _param(a) is not None or _param(b) is not None:
        return _param(a) is not None and _param(b) is not None
    return _bare(a) == _bare(b)


def _norm(name: str) -> str:
    return "".join(words(name))


def object_params(
    path: str | None, siblings: Sequence[str] = (), items: bool = False
) -> list[tuple[str, str]]:
    """``(parameter, thing)`` for each parameter naming the objects ``path`` answers (rule in
    the module doc); ``thing``: the singular of the collection's last literal segment.
    ``items``: the answer is a list, whose items the path's own last parameter does not name."""
    if not path:
        return []
    segments = _segments(path)
    if not segments:
        return []
    own = _param(segments[-1]) is not None and not items
    collection = segments[:-1] if own else segments
    literals = [s for s in collection if _param(s) is None]
    thing = singular(literals[-1].split(".")[0]) if literals else ""
    found: list[tuple[str, str]] = []
    for template in siblings:
        if (name := _full_name_read(template, collection)) and (name, thing) not in found:
            found.append((name, thing))
    for template in (path, *siblings):
        parts = _segments(template)
        if len(parts) != len(collection) + 1 or not all(map(_same, collection, parts)):
            continue
        name = _param(parts[-1])
        if name is not None and (name, thing) not in found:
            found.append((name, thing))
    return found


def action_params(path: str | None, siblings: Sequence[str] = ()) -> list[tuple[str, str]]:
    """``(parameter, thing)`` naming the object an action on an item answers: for
    ``/book_transfers/{book_transfer_token}/retry`` (a literal after an item's parameter), the
    transfer named by ``{book_transfer_token}``; none when the literal is itself a collection (a
    template of ``siblings`` continues the path with a parameter:
    ``/accounts/{id}/cards/{card_id}``), or when the parameter is not named for the collection
    before it (``{parent}`` of ``/v1/{parent}/findings``). The caller asks for them only where the answer is
    one object with no identity member of its own (``judge.py``)."""
    segments = _segments(path or "")
    if len(segments) < 3 or _param(segments[-1]) is not None:
        return []
    name = _param(segments[-2])
    if name is None:
        return []
    if any(
        len(parts := _segments(t)) == len(segments) + 1
        and _param(parts[-1]) is not None
        and all(map(_same, segments, parts))
        for t in siblings
    ):
        return []  # the literal is a collection: ``/accounts/{id}/cards`` answers cards
    if _param(segments[-3]) is not None:
        return []
    thing = singular(segments[-3].split(".")[0])
    if words(name)[: len(words(thing))] != words(thing):
        return []  # ``{parent}`` of ``/v1/{parent}/findings`` names no ``v1``: not the item's
    return [(name, thing)]


def addressed_thing(path: str | None) -> str:
    """What ``path`` addresses, by the singular of its collection's last literal segment
    (``change_event`` for ``/change_events/{id}`` and ``/change_events``); "" without one."""
    segments = _segments(path or "")
    if segments and _param(segments[-1]) is not None:
        segments = segments[:-1]
    literals = [s for s in segments if _param(s) is None]
    return singular(literals[-1].split(".")[0]) if literals else ""


def asked_thing(path: str | None) -> str:
    """What a path ending with a literal asks for (``sentiment`` of ``/v1/sentiment``,
    ``reachability`` of ``/builds/{build}/reachability``); "" for one ending with a parameter
    (``/tokens/{id}`` addresses a token; its ``token`` member is part of it, not the answer)."""
    segments = _segments(path or "")
    if not segments or _param(segments[-1]) is not None:
        return ""
    return addressed_thing(path)


def named_member(
    obj: dict[str, Any], params: list[tuple[str, str]], parents: Sequence[str] = ()
) -> tuple[str, str] | None:
    """``(member, parameter)``: the first member of ``obj`` a parameter names (rule in the
    module doc); ``parents``: the parameters of the path that name the object's parents
    (``parent_params``), whose members are not the object's own."""
    theirs = {_norm(p) for p in parents}
    for name, thing in params:
        wanted = _norm(name)
        prefix = _norm(thing)
        scalars = [k for k, v in obj.items() if is_scalar(v) and v != "" and _norm(k)]
        for key in scalars:
            key_norm = _norm(key)
            if (
                key_norm == wanted
                or (prefix and prefix + key_norm == wanted)
                or key_norm not in theirs
                and _thing_inside(words(name), words(key), words(thing))
            ):
                return key, name
        for key in scalars:  # after the thing and words that qualify it
            if prefix and wanted.endswith(prefix + _norm(key)):
                return key, name
    return None


def parent_params(path: str | None) -> tuple[str, ...]:
    """The parameters of ``path`` before its last segment: they name the parents of what it
    answers (``{agent_runner_id}`` of ``/agent_runners/{agent_runner_id}/sessions``)."""
    segments = _segments(path or "")
    return tuple(p for s in segments[:-1] if (p := _param(s)) is not None)


def _thing_inside(param: list[str], member: list[str], thing: list[str]) -> bool:
    """The parameter is the member's name with the thing named inside it
    (``{external_customer_id}`` of ``/customers`` ~ ``external_id``)."""
    size = len(thing)
    if any(x in thing for x in member):
        return False  # ``{container_version_id}`` names a version, not its ``container_id``
    return bool(thing) and any(
        param[:at] + param[at + size :] == member and param[at : at + size] == thing
        for at in range(1, len(param) - size)
    )


def _links_kept(obj: dict[str, Any], shaped: Any) -> list[str]:
    return [
        k
        for k, v in obj.items()
        if isinstance(v, str)
        and v.startswith(("http://", "https://", "/"))
        and found_in([v], shaped)
    ]


def check_path_identity(
    obj: Any,
    shaped: Any,
    params: list[tuple[str, str]],
    at: str,
    tally: Tally,
    parents: Sequence[str] = (),
) -> None:
    """Judge ``obj`` (a list item or the single resource, at ``at``) against its counterpart;
    ``parents``: ``parent_params`` of the operation's path."""
    if not params or not isinstance(obj, dict):
        return
    named = named_member(obj, params, parents)
    if named is None:
        return
    member, param = named
    kept = found_in([obj[member]], shaped)
    instead = _links_kept(obj, shaped) if not kept else []
    message = f"{at} lost {member} (named by {{{param}}})" + (
        f"; keeps {', '.join(instead)} in its place" if instead else ""
    )
    pattern = f"{member} (named by {{{param}}}) lost" + ("; a link kept instead" if instead else "")
    tally.count(CHECK, kept, Finding(CHECK, at, message, (member,), pattern=pattern))


def one_value_for_all(items: Any, params: list[tuple[str, str]], parents: Sequence[str]) -> bool:
    """The member the parameter names holds one value on every item of a list of two or more
    that are not all alike (a synthesized body's ``type: "cert"`` on each of an
    authenticator's methods read at ``/methods/{methodType}``): it tells none of them apart,
    so it addresses none of them. Items all alike (an example that repeats one item) say
    nothing of it."""
    if not isinstance(items, list) or len(items) < 2 or all(i == items[0] for i in items):
        return False
    values = []
    for item in items:
        named = named_member(item, params, parents) if isinstance(item, dict) else None
        if named is None:
            return False
        values.append(item[named[0]])
    return all(v == values[0] for v in values)


def _full_name_read(template: str, collection: Sequence[str]) -> str | None:
    """The parameter of a read by full resource name (``/v3/{name}``) that addresses the
    objects of ``collection`` (``/v3/{parent}/companies``): the template is literals then one
    parameter, and the collection continues those literals with another parameter (the
    parent's full name) and more segments: the one parameter holds a whole path
    (``projects/p/companies/c``), so one template reads the objects of every collection below."""
    parts = _segments(template)
    at = len(parts) - 1
    if at < 1 or len(collection) <= at + 1 or not _PARAM.fullmatch(parts[-1]):
        return None  # not ``/v3/{name}:complete``: a method of what it names
    if any(_param(s) is not None for s in parts[:-1]) or _param(collection[at]) is None:
        return None
    if _param(collection[at]) == _param(parts[-1]):
        return None  # ``/users/{id}`` and ``/users/{id}/repos``: the repos' owner
    if len(words(_param(parts[-1]) or "")) != 1:
        return None  # ``/v1/{groupName}`` reads groups, not ``/v1/{projectName}/groupStats``
    if [s.lower() for s in parts[:-1]] != [s.lower() for s in collection[:at]]:
        return None
    return _param(parts[-1])


def _read_elsewhere(template: str, collection: Sequence[str]) -> str | None:
    """The parameter of an item path of the same collection at another parent
    (``/v1/holds/{hold_token}`` for ``/v1/financial_accounts/{id}/holds``): it reads the
    collection's objects one by one, by that parameter."""
    parts = _segments(template)
    literals = [s for s in collection if _param(s) is None]
    if len(parts) < 2 or not collection or _param(collection[-1]) is not None or not literals:
        return None
    if not _PARAM.fullmatch(parts[-1]) or _param(parts[-2]) is not None:
        return None
    if _bare(parts[-2]) != _bare(collection[-1]):
        return None
    if len(parts) == len(collection) + 1 and all(map(_same, collection, parts)):
        return None  # the collection's own item path (``object_params`` reads it)
    return _param(parts[-1])


def elsewhere_params(path: str | None, siblings: Sequence[str] = ()) -> list[tuple[str, str]]:
    """``(parameter, thing)`` of the item paths reading a collection's objects at another
    parent (``_read_elsewhere``): the secrets check does not take the member they name for a
    credential (a hold's ``token`` listed at ``/financial_accounts/{id}/holds`` is read at
    ``/holds/{hold_token}``)."""
    segments = _segments(path or "")
    if not segments:
        return []
    thing = singular(segments[-1].split(".")[0]) if _param(segments[-1]) is None else ""
    found = [(n, thing) for t in siblings if (n := _read_elsewhere(t, segments))]
    return list(dict.fromkeys(found))


def sibling_paths(path: str, templates: Sequence[str]) -> tuple[str, ...]:
    """The templates of ``templates`` on the same collection as ``path`` (for callers that know
    every operation: ``object_params`` takes them as siblings), and a read by full resource
    name addressing its objects (``_full_name_read``: ``/v3/{name}`` for
    ``/v3/{parent}/companies``) when its literals are no path of their own (``/v3``; not
    ``/users`` of ``/users/{id}``, a collection whose items own ``/users/{id}/repos``)."""
    segments = _segments(path)
    if not segments:
        return ()
    known = {"/".join(_segments(t)).lower() for t in templates}
    collection = segments[:-1] if _param(segments[-1]) is not None else segments
    flat = tuple(
        t
        for t in dict.fromkeys(templates)
        if t != path
        and _full_name_read(t, collection)
        and "/".join(_segments(t)[:-1]).lower() not in known
    )
    flat += tuple(t for t in dict.fromkeys(templates) if t != path and _read_elsewhere(t, segments))
    collections = [segments] + ([segments[:-1]] if _param(segments[-1]) is not None else [])
    return (
        tuple(
            t
            for t in dict.fromkeys(templates)
            if t != path
            and _param(_segments(t)[-1] if _segments(t) else "") is not None
            and any(
                len(_segments(t)) == len(c) + 1 and all(map(_same, c, _segments(t)))
                for c in collections
            )
        )
        + flat
    )
