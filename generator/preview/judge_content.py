"""Generated content, the judge's content check (``judge_answers.py`` calls it for every body).

Written apart from the shaping rules, from the body alone (nothing here imports
``runtime/shaping``). The rule:

The long free text the upstream produced for the caller: a
completion, a transcription, a summary. *Prose* is a string of at least ``PROSE_CHARS``
characters and ``PROSE_WORDS`` words, mostly letters, most of it in words of at most
``MAX_WORD_CHARS`` characters (not an encoded key), not a link, not a label, not a JSON
document written as a string (``"[{\"product\": \"lawnmower\"}]"``: data the caller
sent, echoed), not a *notice* that comes with every answer (a member named for a
copyright, an attribution, a license or a disclaimer, or a short copyright line:
``©``, ``(c) 2016``, ``All rights reserved``; left out of the answer's characters too),
and not the *caller's own text* answered back (``judge_request.py``): a string the caller
sent, or, in a record a write answers (an object with an identity or a label, of an
operation that is not a generation), a member the request body takes (a reply's ``body``,
a label's ``description``; a task's ``links``, not a list of alternatives), a member
named for its description (what the record says it is, whoever wrote it), or any member
when the write sent no body (``POST /pages/{id}/publish``: what the page held). It is looked
for in the answer object (the body, seen through envelopes such as ``{"data": {...}}``): its
own prose members, and its *lists of alternatives*: arrays whose items are objects with
neither an identity nor a label, each holding prose in its own members, else one object
level down in a part that is not itself a resource (``choices[].text``,
``choices[].message.content``; not ``bindings[].condition.description``, the description of
a condition that has a title of its own). The alternatives are the answer's one array of
objects, or one of several arrays of one schema (``translations`` beside
``glossaryTranslations``): arrays of different schemas side by side (a basket's discounts,
order items and user prompts; a policy's bindings and audit configs) are a record's parts,
not what a generation produced. The content is the group holding
the longest prose (that one member, or the prose of every alternative) when it makes at
least ``CONTENT_SHARE`` of the characters of the answer object's strings, arrays of
resources and encodings (``judge_encodings.py``: a completion's logprobs) left out: what the answer is for, not a description beside the many fields of a
record. A body that is an array has none (the list rules judge it).
*Asked calls* (``asked_calls``): with tools, a generation answers with the calls it asks its
caller to make (``tool_calls``, ``function_call``, ``functionCall``: each call's id, function
name and arguments; or a block of its list of blocks with a kind, a name and what the call
takes: ``{type: "tool_use", id, name, input}``), its text often null; each call's strings are
content too.
*Kept*: each text's beginning (its first ``CONTENT_HEAD`` characters, whitespace
normalised) is in one string of the result, followed by the rest of the text or by a
truncation marker (``…`` or ``[``): a silent cut is a loss.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .judge_encodings import is_encoding
from .judge_request import Request
from .judge_roles import is_label, is_resource, leaves, notice_name, unwrap, words

PROSE_CHARS = 20
PROSE_WORDS = 4
MAX_WORD_CHARS = 20  # most of a prose text is in words no longer (base64 lines are)
CONTENT_HEAD = 40  # characters of a text that must survive (the rest may be cut, marked)
CONTENT_SHARE = 0.5  # of the answer's string characters, at least, are the content
MARKERS = ("…", "...", "[")
MAX_NOTICE_CHARS = 300  # a copyright line is short; a long text naming one is still prose
_COPYRIGHT = re.compile(
    r"©|\(c\)\s*\d{4}|\bcopyright\s+(?:\(c\)|\d{4})|\ball rights reserved\b", re.IGNORECASE
)


def is_prose(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    text = value.strip()
    tokens = text.split()
    if len(text) < PROSE_CHARS or len(tokens) < PROSE_WORDS:
        return False
    if text.startswith(("http://", "https://")):
        return False
    if sum(len(t) for t in tokens if len(t) > MAX_WORD_CHARS) > len(text) / 2:
        return False  # lines of an encoded key or blob, not words
    visible = [c for c in text if not c.isspace()]
    return sum(c.isalpha() for c in visible) >= 0.6 * len(visible) and not _document(text)


def _document(text: str) -> bool:
    """A JSON object or array written as a string: data, not prose."""
    if not text.startswith(("{", "[")):
        return False
    try:
        return isinstance(json.loads(text), (dict, list))
    except ValueError:
        return False


def is_notice(key: str, value: Any) -> bool:
    """A notice that comes with every answer, not what the call produced: a member named
    for it (``copyright``, ``attributionText``, ``license``, ``disclaimer``), or a short
    text that is a copyright line (``©``, ``(c) 2016``, ``Copyright 2016``, ``All rights
    reserved``)."""
    if not isinstance(value, str):
        return False
    if notice_name(key):
        return True
    return len(value) <= MAX_NOTICE_CHARS and bool(_COPYRIGHT.search(value))


def _text(key: str, value: Any) -> bool:
    """Prose that is not a label (labels are judged as labels) nor a notice."""
    return is_prose(value) and not is_label(key, value) and not is_notice(key, value)


ANSWER_WORDS = frozenset({"answer", "output"})


def produced_answer(body: Any, kind: str | None) -> bool:
    """A generation's answer that holds prose of its own, or a member named as its answer or
    output (``ANSWER_WORDS``: an extraction's ``answer: {...}``), beside its parts
    (``{answer: "...", completion_reason, agent_info: {models: [...]}}``): that is what the
    call produced and the body no wrapper nor batch envelope, so a list in one of its parts
    (what produced it) is neither its payload nor its records."""
    if kind != "generate" or not isinstance(body, dict):
        return False
    return any(_text(k, v) or _named_answer(k, v) for k, v in body.items())


def _named_answer(key: str, value: Any) -> bool:
    return bool(words(key)) and words(key)[-1] in ANSWER_WORDS and value not in (None, "")


def _echoed(
    key: str, text: str | None, answer: dict[str, Any], request: Request | None, kind: str | None
) -> bool:
    """The caller's own text answered back: a string the caller sent (``text``; None for a
    list), or, in a record a write answers (an object with an identity or a label; not a
    generation's answer), a member the request body takes (a comment's ``body``, a task's
    ``links``), its description (what the record says it is, written by whoever made it:
    an archive whose body holds only options answers it too), or any member when the write
    sent no body at all (``POST /pages/{id}/publish``: the text the page held)."""
    if request is None:
        return False
    if text is not None and request.sent(text):
        return True
    written = kind not in (None, "generate", "read", "search")
    described = written and words(key)[-1:] == ["description"]  # what the record says it is
    return (
        kind != "generate"
        and is_resource(answer)
        and (request.takes(key) or (written and not request.body) or described)
    )


def _longest_prose(obj: dict[str, Any], where: str) -> tuple[str, str] | None:
    """The longest prose of ``obj``'s own members, else of its object members' members."""
    found = [(f"{where}/{k}", v) for k, v in obj.items() if _text(k, v)]
    if found:
        return max(found, key=lambda f: len(f[1]))
    for key, value in obj.items():
        if isinstance(value, dict) and not is_resource(value):  # a message, not a condition
            found += [(f"{where}/{key}/{k}", v) for k, v in value.items() if _text(k, v)]
    return max(found, key=lambda f: len(f[1])) if found else None


def generated_content(
    body: Any, request: Request | None = None, kind: str | None = None
) -> list[tuple[str, str]]:
    """``(where, text)`` of the body's generated content (rule in the module doc;
    ``request``: what the caller sent, ``judge_request.py``; ``kind``: what the operation
    does, None when not known)."""
    if not isinstance(body, dict):
        return []
    answer = unwrap(body)
    if not isinstance(answer, dict):
        return []
    groups: list[list[tuple[str, str]]] = [
        [(k, v)]
        for k, v in answer.items()
        if _text(k, v) and not _echoed(k, v, answer, request, kind)
    ]
    arrays = [v for v in answer.values() if isinstance(v, list) and _objects(v)]
    alternatives: list[tuple[str, str]] = []
    for key, value in answer.items():
        if not isinstance(value, list) or not value or not _objects(value):
            continue
        if not all(isinstance(i, dict) and not is_resource(i) for i in value):
            continue
        if any(not _one_schema(value, other) for other in arrays):
            continue  # one of a record's parts of different schemas, not its alternatives
        if _echoed(key, None, answer, request, kind):
            continue  # the caller's own list answered back
        texts = [_longest_prose(item, f"{key}/{n}") for n, item in enumerate(value)]
        alternatives += [t for t in texts if t is not None and not (request and request.sent(t[1]))]
    if alternatives:
        groups.append(alternatives)  # every list of them: they are of one schema
    if not groups:
        return []
    group = max(groups, key=lambda g: max(len(text) for _, text in g))
    if sum(len(text) for _, text in group) < CONTENT_SHARE * _text_chars(answer):
        return []  # prose beside much else (a record's description): not what was produced
    return group


def _objects(items: list[Any]) -> bool:
    return any(isinstance(i, dict) for i in items)


def _members(items: list[Any]) -> set[str]:
    return {k for i in items if isinstance(i, dict) for k in i}


def _one_schema(a: list[Any], b: list[Any]) -> bool:
    """Two arrays of objects of one schema (their items' members share three quarters of
    their union)."""
    ma, mb = _members(a), _members(b)
    return a is b or 4 * len(ma & mb) >= 3 * len(ma | mb)


def _text_chars(value: Any, depth: int = 0) -> int:
    """Characters of the strings in ``value``, leaving out arrays of resources (segments,
    related records: side data, not the answer's own text)."""
    if isinstance(value, str):
        return len(value)
    if depth > 8:
        return 0
    if isinstance(value, dict):
        return sum(
            _text_chars(v, depth + 1)
            for k, v in value.items()
            if not is_encoding(v, k) and not is_notice(k, v)
        )
    if isinstance(value, list):
        if any(isinstance(i, dict) and is_resource(i) for i in value):
            return 0
        return sum(_text_chars(v, depth + 1) for v in value)
    return 0


def _normal(text: str) -> str:
    return " ".join(text.split())


def beginning_kept(text: str, shaped: Any) -> bool:
    """The text whole, or its first ``CONTENT_HEAD`` characters and then a truncation marker,
    in one string of ``shaped``."""
    whole = _normal(text)
    head = whole[:CONTENT_HEAD]
    for value in leaves(shaped):
        if not isinstance(value, str):
            continue
        kept = _normal(value)
        if whole in kept:
            return True
        at = kept.find(head)
        while at >= 0:
            tail = kept[at:]
            common = next(
                (i for i, (a, b) in enumerate(zip(tail, whole)) if a != b),
                min(len(tail), len(whole)),
            )
            if tail[common:].lstrip().startswith(MARKERS):
                return True
            at = kept.find(head, at + 1)
    return False


# ------------------------------------------------------------------------------ asked calls

CALL_WORDS = frozenset({"call", "calls"})
KIND_WORDS = frozenset({"type", "kind"})
ARGUMENT_WORDS = frozenset({"arguments", "args", "input", "parameters"})
CALL_DEPTH = 5  # members down the answer a call is looked for (``candidates[].content.parts[]``)


def asked_calls(body: Any, kind: str | None) -> list[tuple[str, str]]:
    """``(where, text)`` of the calls a generation asks its caller to make: with tools, a
    completion answers with them, its text often null. They sit under a member named for
    calls (``tool_calls``, ``function_call``, ``functionCall``) anywhere in the answer (the
    body seen through envelopes, its lists and parts); each call is said by its strings, its
    own and its parts' (its id, the function's name and arguments; an arguments object's
    values), not its kind (``type: "function"``). Only for a generation (``kind``)."""
    if kind != "generate":
        return []
    found: list[tuple[str, str]] = []

    def said(call: dict[str, Any], where: str) -> None:
        for key, value in call.items():
            if KIND_WORDS & set(words(key)[-1:]):
                continue
            if isinstance(value, str) and value.strip():
                found.append((f"{where}/{key}", value))
            elif isinstance(value, dict):
                said(value, f"{where}/{key}")

    def walk(node: Any, where: str, depth: int, listed: bool = False) -> None:
        if depth > CALL_DEPTH:
            return
        if isinstance(node, list):
            for n, item in enumerate(node):
                walk(item, f"{where}/{n}", depth, True)
            return
        if not isinstance(node, dict):
            return
        if listed and _call_block(node):
            said(node, where)
            return
        for key, value in node.items():
            at = f"{where}/{key}" if where else key
            if CALL_WORDS & set(words(key)[-1:]):
                calls = value if isinstance(value, list) else [value]
                for n, call in enumerate(calls):
                    if isinstance(call, dict):
                        said(call, f"{at}/{n}" if isinstance(value, list) else at)
            else:
                walk(value, at, depth + 1)

    walk(unwrap(body), "", 0)
    return found


def _call_block(node: dict[str, Any]) -> bool:
    """A block of a list of blocks of several kinds that is a call (a content block ``{type:
    "tool_use", id, name, input}``, an output item ``{type: "function_call", call_id, name,
    arguments}``): a kind, a string name and what the call takes, whatever the kind says."""
    last = [tuple(words(k)[-1:]) for k in node]
    return (
        any(KIND_WORDS & set(ws) for ws in last)
        and any(ws == ("name",) and isinstance(node[k], str) for k, ws in zip(node, last))
        and any(ARGUMENT_WORDS & set(ws) for ws in last)
    )
