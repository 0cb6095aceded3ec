"""Two ends of one thing kept together (``defaults.choose_default_fields``, after its table).

A member kept alone whose name, one word swapped for its counterpart, names a plain sibling
of the same type says half of what the two say together: a range's top without its bottom
(``estimated_cost_max`` without ``estimated_cost_min``), a window's opening without its close
(``validAfterTime`` without ``validBeforeTime``), one side of a match (``AwayTeamScore``
without ``HomeTeamScore``, ``TeamAName`` without ``TeamBName``), when a thing was first seen
and not last, a record's losses without its wins, rights allowed without those denied (a list
of scalars brings a list), a height's inches without its feet, a latitude without its
longitude, the lines a change added without those it deleted (``additions``, ``deletions``). The counterpart comes with it. Counterparts are read from the names' words alone (``COUNTERPARTS``), never from
one API's members; a cursor's bare ``before``/``after`` is no pair (``NAMED_ONLY``).

A span's start (``startTime``, ``startedAt``) brings its end (``endTime``, ``finish_date``,
``finishedAt``) unless its length is kept beside it (``duration``): the start and the length say
when it ends; an end kept alone says no more than when it ended, and does not bring its start.
A write's answer keeps its pairs whole too (a message sent: from and to; a shift created: its
start and its end). A decimal number and a string are one type here (an amount written as
text: ``assetMaxAmount`` beside ``assetMinAmount: number``); a whole number and a string are
not. The pairs come to what the defaults chose (``defaults.choose_default_fields``), to what
the decision adds after them (what names each variant of a union: ``decision._fields``), and
to what an update's answer holds otherwise than the call sent (``sent.sent_fields``).

A link between two things named by its ends alone (``{parent, child, callCount}``,
``{source, target}``: ``other_ends``, on every answer) keeps both ends whatever their types.
"""

from __future__ import annotations

from typing import Any

from .names import base_type, is_leaf
from .roles.noise import is_credential
from .roles.words import w
from .trees import node_at, unwrap

# A span's two ends: the start brings the end, unless a length is kept beside it.
SPAN_ENDS: dict[str, tuple[str, ...]] = {
    "start": ("end", "finish"),
    "starts": ("ends",),
    "begin": ("end",),
    "begins": ("ends",),
    "started": ("ended", "finished"),  # ``startedAt`` and ``finishedAt``, ``dateStarted``
}
LENGTH_WORDS = frozenset({"duration", "length", "elapsed"})

# Words whose counterpart, put in their place, names the other end of the same thing.
_PAIRS = (
    ("min", "max"), ("minimum", "maximum"), ("lower", "upper"), ("low", "high"),
    ("lowest", "highest"), ("first", "last"), ("earliest", "latest"), ("oldest", "newest"),
    ("home", "away"), ("before", "after"), ("since", "until"), ("from", "to"),
    ("source", "target"), ("old", "new"), ("sender", "recipient"), ("sender", "receiver"),
    ("buy", "sell"), ("bid", "ask"), ("debit", "credit"), ("incoming", "outgoing"), ("inbound", "outbound"),
    ("upload", "download"), ("width", "height"), ("x", "y"),
    # two sides of one measure: a match's team A and B, a record's wins and losses, rights
    # allowed and denied, a height in feet and inches, a point, votes up and down
    ("a", "b"), ("win", "loss"), ("wins", "losses"), ("won", "lost"), ("allow", "deny"),
    ("allowed", "denied"), ("included", "excluded"), ("include", "exclude"),
    ("positive", "negative"), ("up", "down"), ("upvotes", "downvotes"), ("feet", "inches"),
    ("latitude", "longitude"), ("lat", "lng"), ("lat", "lon"),
    # a change's two sides: the lines it added and those it deleted (a diff's, a commit's)
    ("additions", "deletions"), ("insertions", "deletions"),
)  # fmt: skip
COUNTERPARTS: dict[str, tuple[str, ...]] = {}
for _a, _b in _PAIRS:
    COUNTERPARTS[_a] = (*COUNTERPARTS.get(_a, ()), _b)
    COUNTERPARTS[_b] = (*COUNTERPARTS.get(_b, ()), _a)
# pair words that alone name something else (a page's ``before`` and ``after`` cursors):
# counterparts only inside a longer name (``validAfterTime``)
NAMED_ONLY = frozenset({"before", "after", "since", "until"})


def _plain(node: Any) -> bool:
    """A scalar, or a list of scalars (``AllowRights: ["string"]``)."""
    return is_leaf(node) or (isinstance(node, list) and len(node) == 1 and is_leaf(node[0]))


def _type(node: Any) -> Any:
    """A plain value's type; a decimal number is one with text (an amount is often written
    as text, ``assetMaxAmount: "string"`` beside ``assetMinAmount: "number"``); a whole
    number is not (``min_version: "string"``, ``max_version: "integer"``)."""
    if isinstance(node, list):
        return ("list", _type(node[0]))
    kind = base_type(node)
    return "string" if kind == "number" else kind


def _others(
    key: str, siblings: dict[str, Any], swaps: dict[str, tuple[str, ...]], typed: bool = True
) -> list[str]:
    """The siblings named as ``key`` with one of its words swapped by ``swaps``, one for each
    word (``fromAssetMinAmount``: ``toAssetMinAmount`` and ``fromAssetMaxAmount``): a plain
    value or list of plain values (of ``key``'s type when ``typed``: a span's end may be
    written otherwise than its start), never a secret (``source_token`` kept does not bring
    ``target_token``)."""
    ws = w(key)
    value = siblings.get(key)
    found: list[str] = []
    for i, word in enumerate(ws):
        if word not in swaps or (len(ws) == 1 and word in NAMED_ONLY):
            continue
        wanted = {(*ws[:i], swap, *ws[i + 1 :]) for swap in swaps[word]}
        for other, node in siblings.items():
            if other != key and _plain(node) and w(other) in wanted and not is_credential(other):
                if not typed or _type(node) == _type(value):
                    found.append(other)
                    break
    return found


def with_counterparts(chosen: tuple[str, ...], tree: dict[str, Any]) -> tuple[str, ...]:
    """``chosen`` and the other end of each pair one of whose ends it holds (module doc), and
    of each end so brought (a limit's ``fromAssetMinAmount`` brings ``toAssetMinAmount``,
    which brings ``toAssetMaxAmount``)."""
    kept = list(chosen)
    seen = set(kept)
    at = 0
    while at < len(kept):
        path = kept[at]
        at += 1
        parent, _, key = path.rpartition(".")
        node = unwrap(node_at(tree, parent)) if parent else tree
        if not isinstance(node, dict) or not _plain(node.get(key)):
            continue
        prefix = f"{parent}." if parent else ""
        timed = any(
            set(w(c.rpartition(".")[2])) & LENGTH_WORDS for c in kept if c.startswith(prefix)
        )
        ends = ([] if timed else _others(key, node, SPAN_ENDS, typed=False)[:1]) + _others(
            key, node, COUNTERPARTS
        )
        for end in ends:
            if f"{prefix}{end}" not in seen:
                seen.add(f"{prefix}{end}")
                kept.append(f"{prefix}{end}")
    return tuple(kept)


# the two ends of a link between two things (a dependency's ``parent`` and ``child``)
END_PAIRS = (
    ("parent", "child"), ("source", "target"), ("from", "to"), ("caller", "callee"),
    ("src", "dst"), ("upstream", "downstream"),
)  # fmt: skip


def other_ends(tree: dict[str, Any], chosen: list[str]) -> tuple[str, ...]:
    """A link between two things (``{parent, child, callCount}``, ``{source, target}``): the
    end the defaults left out when they kept the other, both scalars of the object's own
    named by the end alone: one end says nothing of what it links to."""
    ends = {w(k): k for k, v in tree.items() if is_leaf(v)}
    out: list[str] = []
    for a, b in END_PAIRS:
        if (a,) in ends and (b,) in ends:
            pair = (ends[(a,)], ends[(b,)])
            if any(k in chosen for k in pair):
                out += [k for k in pair if k not in chosen]
    return tuple(out)
