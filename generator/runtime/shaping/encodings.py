"""Encodings are not payload in a concise answer: they are left out, and a note says so.

An *encoding* carries data again in a form meant for programs, not for an agent reading the
answer. Recognised from the value and its member's name, never from one API's field names:

- a **byte array**: a list of integers 0-255 that decode (UTF-8) to printable text, named as
  bytes (``bytes``, ``raw_bytes``) with at least ``MIN_BYTES`` of them, or at least
  ``MIN_VECTOR`` whatever its name (a token's ``bytes`` beside its log probability; a short
  unnamed list of small integers is more likely ids or counts);
- a **vector**: a list of at least ``MIN_VECTOR`` numbers, at least ``VECTOR_SHARE`` of them
  fractional and within -1..1 (an embedding);
- **base64 data**: a string of at least ``MIN_BASE64`` characters of the base64 alphabet
  alone (no space, no dot: not a sentence, a JWT or a link), or a ``data:`` URI of it (a
  generated image's ``b64_json``, a synthesized voice's ``audio``): bytes for a program to
  decode, useless cut to a preview; not a member named as a page's cursor (``next_token``);
- **log probabilities**: a member whose name has the word ``logprobs`` (or ``logprob``) holding
  an object or a non-empty list (a completion's per-token alternatives; a single ``logprob``
  number is a score and stays); and a list of records each scored by such a number, or a list
  of such lists, whatever its name (a generation's per-token ``details.tokens: [{id, text,
  logprob}]``, ``prefill``, ``top_tokens: [[...]]``): the text again, token by token; not
  records with a label of their own (a classification's ``[{label, logprob}]``: its answer),
  nor records a statistic of many tokens' log probabilities describes (a transcription's
  ``segments: [{id, start, end, text, avg_logprob}]``: what was said, part by part).

Only members are left out, and not the answer's payload: when the whole answer is one
encoding, its only member, or the only list or object of a top-level answer (``{"data":
[0.12, ...], "model": ...}``), it is what the operation answers and stays; so it does inside
an only member (``{"ca": {"certificate": "LS0t..."}}``: a certificate the call exists to
give; ``{"result": {"data": [0.12, ...], "model": ...}}``). Not scored tokens beside the text
they spell (a transcription's ``{text, words: [{text, start, end, logprob}]}``): the text is
the answer.
``detail_level="detailed"`` and explicit ``fields`` show them; so does an operator's overlay
that names the member in its default fields. The note names each
member once (list items seen through, ``data[].embedding``) and what it was.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from .roles.words import w

MIN_BYTES = 8
MIN_VECTOR = 64
VECTOR_SHARE = 0.9
MIN_BASE64 = 1000
BASE64 = re.compile(r"(?:data:[\w.+-]+/[\w.+-]+;base64,)?[A-Za-z0-9+/_-]+={0,2}")
CURSOR_WORDS = frozenset({"cursor", "token", "page", "next", "continuation"})
LOGPROB_WORDS = frozenset({"logprobs", "logprob"})
BYTE_WORDS = frozenset({"bytes", "byte"})


def _is_byte_array(key: str, value: list[Any]) -> bool:
    named = bool(BYTE_WORDS & set(w(key)))
    if len(value) < (MIN_BYTES if named else MIN_VECTOR):
        return False
    if not all(type(i) is int and 0 <= i <= 255 for i in value):
        return False
    try:
        text = bytes(value).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return all(c.isprintable() or c.isspace() for c in text)


def _is_vector(value: list[Any]) -> bool:
    if len(value) < MIN_VECTOR:
        return False
    if not all(type(i) in (int, float) for i in value):
        return False
    unit = sum(type(i) is float and not i.is_integer() and -1 <= i <= 1 for i in value)
    return unit >= VECTOR_SHARE * len(value)


LABELLED_WORDS = frozenset({"label", "name", "class", "category", "title"})


def _scored_tokens(value: list[Any]) -> bool:
    """A list of records each scored by a log probability, or a list of such lists (module doc)."""
    items = [i for group in value for i in (group if isinstance(group, list) else [group])]
    return bool(items) and all(
        isinstance(i, dict)
        and any(len(w(k)) == 1 and w(k)[0] in LOGPROB_WORDS and type(v) in (int, float)
                for k, v in i.items())  # fmt: skip
        and not any(LABELLED_WORDS & set(w(k)) for k in i)
        for i in items
    )


def _spelled_beside(node: dict[str, Any], value: Any) -> bool:
    """``value`` is a list of scored tokens (``_scored_tokens``) whose first token's text is in
    a string member beside it: a transcription's ``{text, words: [{text, start, logprob}]}``
    answers the text, and its words spell it again."""
    if not isinstance(value, list) or not value or not _scored_tokens(value):
        return False
    first = value[0][0] if isinstance(value[0], list) else value[0]
    said = [v for v in first.values() if isinstance(v, str) and v.strip()]
    texts = [v for v in node.values() if isinstance(v, str)]
    return bool(said) and any(said[0].strip() in text for text in texts)


def _is_base64(key: str, value: str) -> bool:
    if len(value) < MIN_BASE64 or CURSOR_WORDS & set(w(key)):
        return False
    return BASE64.fullmatch(value) is not None


def encoding_kind(key: str, value: Any) -> str | None:
    """What encoding ``value`` (the member ``key``) is, or None when it is none."""
    if isinstance(value, str) and _is_base64(key, value):
        return f"base64 data of {len(value)} characters"
    if isinstance(value, list) and value:
        if _is_byte_array(key, value):
            return "byte array"
        if _is_vector(value):
            return f"vector of {len(value)} numbers"
    if LOGPROB_WORDS & set(w(key)) and isinstance(value, (dict, list)) and value:
        return "log probabilities"
    if isinstance(value, list) and value and _scored_tokens(value):
        return "log probabilities"
    return None


def find_encodings(value: Any, kept: Iterable[str] = ()) -> dict[str, str]:
    """The encoded members of ``value``: their dot path (arrays seen through) -> a description
    (``"data[].embedding (vector of 1536 numbers)"``), once per path. Members whose dot path
    is in ``kept`` and the answer's own payload (module doc) are none."""
    keep = frozenset(kept)
    found: dict[str, str] = {}

    def walk(node: Any, dotted: str, shown: str, whole: bool) -> None:
        # whole: ``node`` is all the answer holds (the body, or its only member's value)
        if isinstance(node, list):
            for item in node:
                walk(item, dotted, f"{shown}[]", False)
            return
        if not isinstance(node, dict):
            return
        containers = [k for k, v in node.items() if isinstance(v, (dict, list)) and v]
        payload = containers[0] if whole and len(containers) == 1 else None
        if payload is not None and _spelled_beside(node, node[payload]):
            payload = None  # the text is the answer, its tokens beside it the text again
        if whole and len(node) == 1:  # all the answer holds (``{audio}``, ``{ca: {pem}}``)
            payload = next(iter(node))
        for key, sub in node.items():
            path = f"{dotted}.{key}" if dotted else key
            kept = path in keep or any(path.startswith(f"{k}.") for k in keep)
            kind = None if kept or key == payload else encoding_kind(key, sub)
            if kind is None:
                alone = whole and len(node) == 1
                walk(sub, path, f"{shown}.{key}" if shown else key, alone)
            elif path not in found:
                found[path] = f"{shown}.{key} ({kind})" if shown else f"{key} ({kind})"

    walk(value, "", "", True)
    return found


def drop_encodings(shaped: Any, paths: Iterable[str]) -> Any:
    """``shaped`` without the members at ``paths`` (from ``find_encodings`` on the body it was
    shaped from) that still hold an encoding, or its records as the defaults reduced them."""
    wanted = frozenset(paths)

    def walk(node: Any, dotted: str) -> Any:
        if isinstance(node, list):
            return [walk(item, dotted) for item in node]
        if not isinstance(node, dict):
            return node
        out: dict[str, Any] = {}
        for key, sub in node.items():
            path = f"{dotted}.{key}" if dotted else key
            if path in wanted and (encoding_kind(key, sub) is not None or _listed(sub)):
                continue
            out[key] = walk(sub, path)
        return out

    return walk(shaped, "") if wanted else shaped


def _listed(shaped: Any) -> bool:
    """A list of records (or of lists) still where an encoding was found: its records reduced
    by the defaults (a token's ``{text}`` without its ``logprob``), the same encoding."""
    return (
        isinstance(shaped, list)
        and bool(shaped)
        and all(isinstance(i, (dict, list)) for i in shaped)
    )


def encodings_note(left_out: list[str]) -> str:
    """The note an answer carries when encodings were left out of it."""
    shown = "; ".join(left_out[:4]) + ("; ..." if len(left_out) > 4 else "")
    return (
        f"[left out as encodings, not meant for reading: {shown}; "
        'detail_level="detailed" or fields naming them brings them back]'
    )
