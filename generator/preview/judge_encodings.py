"""Encodings are not payload in concise results: the judge's ``encodings left out`` and
``encodings noted`` checks.

Written apart from the shaping rules (nothing here imports ``runtime/shaping``), from the body
alone. An *encoding* is a value that carries the data again in a form meant for programs, not
for an agent reading the answer:

- a **byte array**: a list of at least ``MIN_BYTES`` integers 0-255 that decode (UTF-8) to
  printable text (``[72, 101, 108, 108, 111, 44, 32, 119]``, a token's bytes);
- an **embedding**: a list of at least ``MIN_EMBEDDING`` numbers, at least
  ``EMBEDDING_SHARE`` of them fractional and within -1..1 (a vector for a program);
- a **logprobs structure**: a member named with the word ``logprobs`` (or ``logprob``) whose
  value is an object or a non-empty list (the token log-probabilities of a completion, with
  their ``bytes`` and ``top_logprobs``; a single ``logprob`` number is a score, not one); also
  a list of records each scored by a ``logprob`` number, or a list of such lists, whatever its
  name (a generation's ``details.tokens: [{id, text, logprob}]``): the text again, token by
  token; not records with a label (a classification's ``[{label, logprob}]``: its answer),
  nor records a statistic of many tokens' log probabilities describes (a transcription's
  ``segments: [{id, text, avg_logprob}]``).

Looked for everywhere in the body (not inside one another). In concise results (the default)
an encoding is noise: *kept* (a failure) when its counterpart holds any of its values, or an
equal array is anywhere in the result. One left out is *noted* when a note of the result
names its member (the note tells the agent what ``detail_level="detailed"`` or ``fields``
would bring back); a missing note is a notice, not a failure (the runtime's note:
``runtime/shaping/encodings.py``). Without the result's notes (``notes=None``) the notes are not judged.
"""

from __future__ import annotations

from typing import Any, Sequence

from .judge_checks import Finding, Path, Tally, field_path, walk, where
from .judge_roles import is_scalar, leaves, words

MIN_BYTES = 8
MIN_EMBEDDING = 64
EMBEDDING_SHARE = 0.9
ENCODING_WORDS = frozenset({"logprobs", "logprob"})
LEFT_OUT = "encodings left out"
NOTED = "encodings noted"


def is_byte_array(value: Any) -> bool:
    if not isinstance(value, list) or len(value) < MIN_BYTES:
        return False
    if not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i <= 255 for i in value):
        return False
    try:
        text = bytes(value).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return all(c.isprintable() or c.isspace() for c in text)


def is_embedding(value: Any) -> bool:
    if not isinstance(value, list) or len(value) < MIN_EMBEDDING:
        return False
    if not all(is_scalar(i) and not isinstance(i, str) for i in value):
        return False
    unit = sum(isinstance(i, float) and not i.is_integer() and -1 <= i <= 1 for i in value)
    return unit >= EMBEDDING_SHARE * len(value)


LABEL_WORDS = frozenset({"label", "name", "class", "category", "title"})


def is_scored_tokens(value: Any) -> bool:
    """Records each scored by a log probability (or lists of them), none labelled."""
    if not isinstance(value, list) or not value:
        return False
    items = [i for group in value for i in (group if isinstance(group, list) else [group])]
    return bool(items) and all(
        isinstance(i, dict)
        and any(
            len(words(k)) == 1
            and words(k)[0] in ENCODING_WORDS
            and is_scalar(v)
            and isinstance(v, (int, float))
            for k, v in i.items()
        )
        and not any(LABEL_WORDS & set(words(k)) for k in i)
        for i in items
    )


def is_encoding(value: Any, key: str = "") -> bool:
    if is_byte_array(value) or is_embedding(value) or is_scored_tokens(value):
        return True
    named = bool(ENCODING_WORDS & set(words(key)))
    return named and isinstance(value, (dict, list)) and bool(value)


def _kind(value: Any, key: str) -> str:
    if is_byte_array(value):
        return "byte array"
    if is_embedding(value):
        return f"embedding of {len(value)} numbers"
    return "logprobs"


def _equal_array(value: Any, shaped: Any, depth: int = 0) -> bool:
    if depth > 8:
        return False
    if isinstance(shaped, list):
        return shaped == value or any(_equal_array(value, s, depth + 1) for s in shaped)
    if isinstance(shaped, dict):
        return any(_equal_array(value, s, depth + 1) for s in shaped.values())
    return False


def encodings(body: Any, shaped: Any) -> list[tuple[Path, Any, Any]]:
    """``(path, encoding, counterpart)`` of every encoding of ``body`` (not inside another)."""
    found: list[tuple[Path, Any, Any]] = []
    for path, value, counterpart in walk(body, shaped):
        if any(path[: len(p)] == p for p, _, _ in found):
            continue
        key = path[-1] if path and isinstance(path[-1], str) else ""
        if is_encoding(value, key):
            found.append((path, value, counterpart))
    return found


def check_encodings(
    body: Any,
    shaped: Any,
    tally: Tally,
    notes: Sequence[str] | None,
    base: Path = (),
    concise: bool = True,
) -> None:
    """Judge every encoding of ``body`` (rule in the module doc)."""
    if not concise or isinstance(shaped, str):
        return
    said = " ".join(notes or ()).lower()
    for path, value, counterpart in encodings(body, shaped):
        key = next((p for p in reversed(path) if isinstance(p, str)), "")
        at, fix = where(path), field_path(path, base)
        kept = bool(leaves(counterpart)) or _equal_array(value, shaped)
        message = f"{at} ({_kind(value, key)}) kept in a concise result: noise"
        kind = _kind(value, key).split(" of ")[0]
        found = Finding(LEFT_OUT, at, message, (fix,), "exclude", pattern=f"{key} ({kind}) kept")
        tally.count(LEFT_OUT, not kept, found)
        if kept or notes is None:
            continue
        noted = bool(key) and key.lower() in said
        message = f"{at} ({_kind(value, key)}) left out without a note"
        found = Finding(NOTED, at, message, (fix,), "exclude", f"{key} ({kind}) left out, no note")
        tally.count(NOTED, noted, found)
