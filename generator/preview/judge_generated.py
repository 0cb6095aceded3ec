"""A generation's records keep what tells them apart: the judge's ``generated records`` check.

Written apart from the shaping rules (nothing here imports ``runtime/shaping``); names are
read by their words (``judge_roles.py``). It applies to what a *generation* answers (the
operation's kind is ``generate``: an analysis, a prediction, a report computed for the
caller), whose structured result is the answer itself: the generated-content check
(``judge_content.py``) sees only its long texts, so an analysis whose entities kept only their
names, or a report whose changes kept only their advice texts, passed it.

- **The records** are the objects of the lists in the answer (the body seen through
  envelopes), the items themselves, or, for an item that holds no scalar of its own (a group,
  ``changeReports[]: {configChanges: [...]}``), the items of its lists, up to ``DEPTH`` lists
  down. A record's own lists (an entity's ``mentions``, the passages it was found in) are its
  parts, not records. The answer object itself is judged for its figures only (a document's
  ``documentSentiment.score``).
- **What tells a record apart**: its *category*, a short string member of its own named by a
  kind word (``type``, ``kind``, ``category``, ``class``: an entity's ``type``, a diagnostic's
  ``kind``); its *figures*, numbers named by a measure word (``score``, ``salience``,
  ``confidence``, ``probability``, ``magnitude``...: ``MEASURE_WORDS``), its own and those
  of its parts one object down (``sentiment.score``, ``classification.score``); and its *own
  scalars* (an entity's ``name``, a change's ``element`` and ``newValue``, a token's
  ``lemma``). A category or figure whose value is the same on every record of its list tells
  none apart and is not asked for (a sole record's are).
- *Kept*: the record's counterpart in the result (paired by its path: list items in order)
  holds every category value asked for, one of its figures when it has some, and one of its
  own scalar values among its own members (not only its parts' texts) when it has some.
  *Lost*: anything short of that, said with what was lost and the field paths that keep it.
  A record left out with its whole list is the payload-list check's loss, not judged here.
"""

from __future__ import annotations

from typing import Any

from .judge_checks import Finding, Path, Tally, field_path, where
from .judge_roles import is_scalar, same, unwrap, unwrap_path, words

CHECK = "generated records"
GENERATE = "generate"
DEPTH = 3  # lists down the records are looked for (groups of records inside records)
CATEGORY_WORDS = frozenset({"type", "kind", "category", "class"})
MAX_CATEGORY_CHARS = 60
MEASURE_WORDS = frozenset(
    {
        "score",
        "salience",
        "confidence",
        "probability",
        "likelihood",
        "magnitude",
        "relevance",
        "sentiment",
        "similarity",
        "importance",
        "certainty",
        "polarity",
        "subjectivity",
        "weight",
        "rating",
    }
)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def categories(obj: dict[str, Any]) -> list[tuple[str, Any]]:
    """``(key, value)`` of the record's own category members (module doc)."""
    return [
        (k, v)
        for k, v in obj.items()
        if words(k)
        and words(k)[-1] in CATEGORY_WORDS
        and isinstance(v, str)
        and 0 < len(v.strip()) <= MAX_CATEGORY_CHARS
        and not v.startswith(("http://", "https://"))
    ]


def figures(obj: dict[str, Any]) -> list[tuple[tuple[str, ...], Any]]:
    """``(relative path, value)`` of the record's figures: its own, then its parts' (one
    object down)."""

    def measure(key: str, value: Any) -> bool:
        return bool(words(key)) and words(key)[-1] in MEASURE_WORDS and _number(value)

    own = [((k,), v) for k, v in obj.items() if measure(k, v)]
    return own + [
        ((k, k2), v2)
        for k, v in obj.items()
        if isinstance(v, dict)
        for k2, v2 in v.items()
        if measure(k2, v2)
    ]


def own_scalars(obj: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(k, v) for k, v in obj.items() if is_scalar(v) and v != ""]


def _get(value: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def _at(shaped: Any, path: Path) -> Any:
    """The counterpart of ``path`` in ``shaped`` (None: not kept)."""
    for part in path:
        if isinstance(part, int):
            if not isinstance(shaped, list) or part >= len(shaped):
                return None
        elif not isinstance(shaped, dict):
            return None
        shaped = shaped[part] if isinstance(part, int) else shaped.get(part)
    return shaped


def _holds(value: Any, kept: Any) -> bool:
    """``kept`` (a scalar, or an object or list of them) holds ``value``."""
    if isinstance(kept, dict):
        return any(_holds(value, v) for v in kept.values())
    if isinstance(kept, list):
        return any(_holds(value, v) for v in kept)
    return kept is not None and not isinstance(kept, bool) and same(value, kept)


def records(answer: Any, path: Path = (), depth: int = 0) -> list[tuple[Path, list[Any]]]:
    """``(path of the list, its items)`` of the record lists in ``answer`` (module doc)."""
    out: list[tuple[Path, list[Any]]] = []
    if not isinstance(answer, dict) or depth >= DEPTH:
        return out
    for key, value in answer.items():
        if not isinstance(value, list) or not value:
            continue
        items = [i for i in value if isinstance(i, dict)]
        if not items:
            continue
        if any(own_scalars(i) or categories(i) or figures(i) for i in items):
            out.append(((*path, key), value))
            continue
        for n, item in enumerate(value):  # groups of records: the records inside them
            out += records(item, (*path, key, n), depth + 1)
    return out


def _varies(values: list[Any]) -> bool:
    return len(values) == 1 or len({repr(v) for v in values}) > 1


def check_generated(
    body: Any, shaped: Any, tally: Tally, kind: str | None = None, base: Path = ()
) -> None:
    """Judge a generation's records against ``shaped`` (rule in the module doc)."""
    if kind != GENERATE or isinstance(shaped, str):
        return
    at = unwrap_path(body) if isinstance(body, dict) else ()
    answer = unwrap(body) if isinstance(body, dict) else body
    lists: list[tuple[Path, Any]]
    if isinstance(answer, list):
        lists = [(at, answer)] if any(isinstance(i, dict) for i in answer) else []
    else:
        lists = [((*at, *p), items) for p, items in records(answer)]
        _judge_answer(answer, _at(shaped, at), at, tally, base)
    for path, items in lists:
        if _at(shaped, path) is None:
            continue  # the whole list went: the payload-list check's loss
        objects = [(n, i) for n, i in enumerate(items) if isinstance(i, dict)]
        asked_cat = {
            k for _, i in objects for k, _ in categories(i)
            if _varies([x.get(k) for _, x in objects if k in x])
        }  # fmt: skip
        asked_fig = {
            p for _, i in objects for p, _ in figures(i)
            if _varies([_get(x, p) for _, x in objects if _get(x, p) is not None])
        }  # fmt: skip
        for n, item in objects:
            _judge_record(item, (*path, n), shaped, asked_cat, asked_fig, tally, base)


def _judge_answer(answer: Any, shaped: Any, path: Path, tally: Tally, base: Path) -> None:
    if not isinstance(answer, dict) or shaped is None:
        return
    found = figures(answer)
    if not found:
        return
    kept = any(_holds(v, _get(shaped, p)) for p, v in found)
    fix = (field_path((*path, *found[0][0]), base),)
    lost = f"{where(path)} lost its figures ({', '.join('.'.join(p) for p, _ in found)})"
    tally.count(CHECK, kept, Finding(CHECK, where(path), lost, fix, pattern="figures"))


def _judge_record(
    item: dict[str, Any],
    path: Path,
    shaped: Any,
    asked_cat: set[str],
    asked_fig: set[tuple[str, ...]],
    tally: Tally,
    base: Path,
) -> None:
    counterpart = _at(shaped, path)
    cats = [(k, v) for k, v in categories(item) if k in asked_cat]
    figs = [(p, v) for p, v in figures(item) if p in asked_fig]
    own = own_scalars(item)
    if not (cats or figs or own):
        return
    missing: list[str] = []
    fix: list[str] = []
    kept_own = counterpart if isinstance(counterpart, dict) else {}
    for key, value in cats:
        if not _holds(value, kept_own.get(key)):
            missing.append(f"its {key} {value!r}")
            fix.append(field_path((*path, key), base))
    if figs and not any(_holds(v, _get(kept_own, p)) for p, v in figs):
        missing.append(f"its figures ({', '.join('.'.join(p) for p, _ in figs)})")
        fix.append(field_path((*path, *figs[0][0]), base))
    if own and not any(is_scalar(v) for v in kept_own.values()):
        missing.append(f"its own members ({', '.join(k for k, _ in own[:4])})")
        fix.append(field_path((*path, own[0][0]), base))
    shown = "{" + ", ".join(kept_own) + "}" if kept_own else "nothing"
    lost = f"{where(path)} kept {shown}: lost {'; '.join(missing)}"
    pattern = "; ".join(m.split(" '")[0] for m in missing)
    tally.count(CHECK, not missing, Finding(CHECK, where(path), lost, tuple(fix), pattern=pattern))
