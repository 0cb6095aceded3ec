"""Both sides of a pair: the judge's ``pairs`` check.

Written apart from the shaping rules (nothing here imports ``runtime/shaping``), from the body
alone. Some members are one side of a pair whose other side is a sibling named the same with
one word swapped (``SIDES``): a match's two teams (``TeamAName``, ``TeamBName``), a record's
wins and losses, a security entry's allowed and denied rights, a height in feet and inches, a
point's latitude and longitude, a range's minimum and maximum, a vote's ups and downs. One side
without the other reads as the whole (a team record of losses alone, a height of 7 inches,
rights allowed and nothing denied) and misleads. A span's start kept without its end or finish
is half of it too, unless a length kept beside it says when it ends (``duration``); an end
kept alone says when something ended and is no half (``closed_at``, ``trial_end``).

*Judged*: a member the result keeps, a scalar or a list of scalars, whose other side is a
sibling holding a value (a scalar or a non-empty list of scalars) in the body. *Kept*: the
result keeps that sibling too.
"""

from __future__ import annotations

from typing import Any

from .judge_checks import Finding, Path, Tally, field_path, walk, where
from .judge_roles import words

CHECK = "pairs"
_SIDES = (
    ("a", "b"), ("home", "away"), ("allow", "deny"), ("allowed", "denied"), ("win", "loss"),
    ("wins", "losses"), ("won", "lost"), ("feet", "inches"), ("positive", "negative"),
    ("latitude", "longitude"), ("lat", "lng"), ("lat", "lon"), ("up", "down"),
    ("upvotes", "downvotes"), ("min", "max"), ("minimum", "maximum"), ("lower", "upper"),
    ("low", "high"), ("bid", "ask"), ("buy", "sell"), ("debit", "credit"),
    ("width", "height"), ("x", "y"), ("included", "excluded"), ("include", "exclude"),
)  # fmt: skip
SIDES: dict[str, tuple[str, ...]] = {}
for _one, _other in _SIDES:
    SIDES[_one] = (*SIDES.get(_one, ()), _other)
    SIDES[_other] = (*SIDES.get(_other, ()), _one)
# a span's start and the words that name its end; a length beside the start says the end
SPAN: dict[str, tuple[str, ...]] = {
    "start": ("end", "finish"),
    "begin": ("end", "finish"),
    "started": ("ended", "finished"),
}
LENGTH = frozenset({"duration", "length", "elapsed"})


def _valued(value: Any) -> bool:
    """A scalar or a non-empty list of scalars (booleans and numbers included), not null or
    an empty string."""
    if isinstance(value, list):
        return bool(value) and all(_valued(v) for v in value)
    return isinstance(value, (str, int, float)) and value != ""


def _others(key: str, obj: dict[str, Any], swaps: dict[str, tuple[str, ...]]) -> list[str]:
    """The siblings of ``key`` in ``obj`` named as ``key`` with one word swapped by ``swaps``."""
    ws = words(key)
    named = {tuple(words(k)): k for k in obj if k != key}
    out = []
    for i, word in enumerate(ws):
        for swap in swaps.get(word, ()):
            other = named.get((*ws[:i], swap, *ws[i + 1 :]))
            if other is not None and other not in out:
                out.append(other)
    return out


def check_pairs(body: Any, shaped: Any, tally: Tally, base: Path = ()) -> None:
    """Judge every member the result keeps that is one side of a pair (module doc)."""
    if shaped is None or isinstance(shaped, str):
        return
    for path, obj, counterpart in walk(body, shaped):
        if not isinstance(obj, dict) or not isinstance(counterpart, dict):
            continue
        timed = any(set(words(k)) & LENGTH for k in counterpart)
        for key in counterpart:
            if key not in obj or not _valued(obj[key]):
                continue
            others = _others(key, obj, SIDES) + ([] if timed else _others(key, obj, SPAN))
            for other in others:
                if not _valued(obj[other]):
                    continue
                kept = other in counterpart
                lost = f"{where((*path, key))} kept without its other side {other}"
                fix = field_path((*path, other), base)
                pattern = f"{key} without {other}"
                tally.count(CHECK, kept, Finding(CHECK, where(path), lost, (fix,), pattern=pattern))
