"""The values an operation is named for: a number whose name ends with a word of the
operation's name (``DraftKingsSalary`` and ``FanDuelSalary`` of
``ProjectedPlayerGameStatsWDfsSalaries``, ``TeamAScore`` of ``BoxScoresByDate``, ``rank`` of
``rankCollect``) is what the caller called the operation for: a player projection kept by
its name and game without the salaries it was asked for answers another question.

The operation's name (its ``operationId``) is read into words, each also made singular
(``salaries`` -> ``salary``); a member matches when it is a number, not an id, and its last
word is one of them, itself: not its plural (``Games`` counted is not the ``Game`` of
``PlayerGameStatsByDate``). The object's own scalars are matched; an object of parts only (a box
score's ``{Game: {...}, Maps: [...]}``, a task's ``{task_id: {...}}``) has its parts' scalars
matched instead, each part on its own. At most ``CALLED_MEMBERS`` of one object are kept.
The loader records the words that matched in the context (``DefaultsContext.called``, ``spec.json``), where the decision keeps
their members (``decision._fields``).
"""

from __future__ import annotations

from typing import Any

from .names import base_type, is_leaf, words
from .roles.identity import is_id_name, singulars
from .trees import unwrap

# the most members of one object (or part) kept as what its operation is named for
CALLED_MEMBERS = 6


def forms(name: str | None) -> tuple[str, ...]:
    """The words of an operation's name and their singulars, lower-cased (``BoxScoresByDate``
    -> ``box``, ``scores``, ``score``, ``by``, ``date``)."""
    out: set[str] = set()
    for word in words(name or ""):
        word = word.lower()
        out |= {word} | singulars(word)
    return tuple(sorted(w for w in out if len(w) > 2))


def _scope(tree: dict[str, Any]) -> list[list[tuple[str, Any]]]:
    """The scalars matched, by object: the object's own, else each of its parts' (module
    doc)."""
    own = [(k, v) for k, v in tree.items() if is_leaf(v)]
    if own:
        return [own]
    parts = [(k, unwrap(v)) for k, v in tree.items() if isinstance(v, dict)]
    return [
        [(f"{k}.{key}", leaf) for key, leaf in part.items() if is_leaf(leaf)]
        for k, part in parts
        if isinstance(part, dict)
    ]


def called_members(tree: Any, called: tuple[str, ...]) -> tuple[str, ...]:
    """The paths of ``tree``'s numbers named with a word of ``called`` (module doc), at most
    ``CALLED_MEMBERS`` of each object (a box score's home and away scores both, in its score
    part, and a week in each of its two teams' parts)."""
    if not called or not isinstance(tree, dict):
        return ()
    found: list[str] = []
    for scalars in _scope(tree):
        matched = []
        for path, node in scalars:
            key = path.rsplit(".", 1)[-1]
            last = words(key)[-1].lower() if words(key) else ""
            if base_type(node) in ("integer", "number") and not is_id_name(key):
                if last in called:  # ``Salary`` of ``...Salaries``; not ``Games`` of
                    # ``...GameStats``: a count of games is not the game it was called for
                    matched.append(path)
        found += matched[:CALLED_MEMBERS]
    return tuple(found)


def called_words(tree: Any, name: str | None) -> tuple[str, ...]:
    """The words of the operation's ``name`` some member of ``tree`` is named with: what the
    context records (nothing when none is)."""
    every = forms(name)
    paths = called_members(tree, every)
    lasts = {words(p.rsplit(".", 1)[-1])[-1].lower() for p in paths}
    return tuple(w for w in every if w in lasts)
