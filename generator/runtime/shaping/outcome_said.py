"""What an answer says of how the call went, kept beside what it is about
(``defaults.choose_default_fields`` adds these to an answer's defaults, not to a listed item's).

- **An outcome pair** (``outcome_pairs``): a code and a message of one stem side by side
  (``{rcode, rmsg}``, ``{return_code, return_message}``, ``{code, message}``, ``{StatusCode,
  Errors: ["..."]}``: ``STEMS``; the message a string or a list of strings). The code says
  whether the call went, the message says it in words. A write's answer keeps both, at its top
  level and in its parts that identify nothing of their own: a lean write profile kept the id
  of the capture it made (``pg_id``) and not ``Capture request accepted``, nor that a payment
  was declined. Any answer that keeps one of them keeps the other: a status code without its
  messages (``WebException: {StatusCode: 500, Errors: ["An error has occurred."]}`` kept 500).
- **An error flag's reports** (``flagged_reports``): a flag named as errors (``HasErrors``,
  ``is_error``, ``failed``: ``FLAG_WORDS``) beside lists or parts named as errors (``Errors``,
  ``ErrorResponse``, ``faults``): each report by what says why (its message, reason or text),
  its code and its name, and an error part's own outcome pair and reports. The flag alone said
  that something went wrong and not what; when nothing did, the lists are empty and cost
  nothing.
"""

from __future__ import annotations

from typing import Any

from .invariants import WRAPPER_LAST
from .names import base_type, is_leaf, words
from .roles.identity import has_own_identity
from .roles.noise import is_noise
from .trees import node_at, unwrap

# what a code and its message are named for before ``code`` / ``message`` (``rcode``,
# ``return_code``, ``StatusCode``, ``errmsg``): the outcome of a call, not a thing's code
# (``country_code``, ``currency_code``)
STEMS = frozenset(
    {"", "r", "rc", "err", "error", "ret", "return", "res", "result", "resp", "response",
     "status", "reply", "exit"}
)  # fmt: skip
MESSAGE_ENDS = ("messages", "message", "msg", "errors", "error", "reason")
# a flag saying errors happened: these words only, one of them an error word
FLAG_WORDS = frozenset({"has", "is", "any", "with", "contains", "error", "errors", "failed"})
ERROR_WORDS = frozenset({"error", "errors", "failed", "failure", "failures"})
# a report or a part named as errors (``ErrorResponse``, ``faults``, ``exceptions``)
REPORT_WORDS = frozenset({"error", "errors", "fault", "faults", "exception", "exceptions"})
WHY_WORDS = ("message", "messages", "msg", "reason", "detail", "description", "content", "text")
DEPTH = 2  # parts looked into below the answer's top level


def _norm(key: str) -> str:
    return "".join(words(key)) or key.lower()


def _said(node: Any) -> bool:
    """A string, or a list of strings."""
    if isinstance(node, list):
        node = unwrap(node)
        return is_leaf(node) and base_type(node) in ("string", "any") and node is not None
    return is_leaf(node) and base_type(node) in ("string", "any")


def _code_stem(key: str, node: Any) -> str | None:
    n = _norm(key)
    if not is_leaf(node) or base_type(node) not in ("string", "integer", "number", "any"):
        return None
    return n[:-4] if n.endswith("code") and n[:-4] in STEMS else None


def _message_stem(key: str, node: Any) -> str | None:
    if not _said(node):
        return None
    n = _norm(key)
    for end in MESSAGE_ENDS:
        if n.endswith(end):
            return n[: -len(end)] if n[: -len(end)] in STEMS else None
    return None


def pair_in(scope: Any) -> tuple[str, str] | None:
    """The code and the message of one outcome in ``scope`` (module doc): one stem, or one of
    them bare (``StatusCode`` beside ``Errors``); the first code with a message."""
    if not isinstance(scope, dict):
        return None
    codes = [(k, s) for k, v in scope.items() if (s := _code_stem(k, v)) is not None]
    said = [(k, s) for k, v in scope.items() if (s := _message_stem(k, v)) is not None]
    for code, stem in codes:
        same = [k for k, s in said if s == stem] or [k for k, s in said if "" in (s, stem)]
        if same and same[0] != code:
            return code, same[0]
    return None


def _scopes(tree: dict[str, Any], depth: int = DEPTH, prefix: str = "") -> list[tuple[str, Any]]:
    """``tree`` and its parts that identify nothing of their own (not its noise), ``depth``
    objects down, with their path prefixes; not into lists."""
    out: list[tuple[str, Any]] = [(prefix, tree)]
    if depth <= 0:
        return out
    for key, sub in tree.items():
        if isinstance(sub, dict) and sub and not is_noise(key) and not has_own_identity(sub):
            out += _scopes(sub, depth - 1, f"{prefix}{key}.")
    return out


def _beyond_outcome(tree: dict[str, Any], chosen: tuple[str, ...]) -> bool:
    """``chosen`` holds more than the answer's outcome and envelope words (``{success, code}``
    of an envelope around the resource): a pair added to those alone would read as the answer
    and hide that the resource was left out (the invariants read the result again then)."""
    top = pair_in(tree) or ()
    return any(
        "." in p or (p not in top and (words(p) or (p.lower(),))[-1] not in WRAPPER_LAST)
        for p in chosen
    )


def outcome_pairs(tree: Any, chosen: tuple[str, ...], write: bool) -> list[str]:
    """The members of ``tree`` an answer keeps beside ``chosen`` (module doc): on a write every
    outcome pair of it and its unidentified parts; on any answer the partner of a code or a
    message it keeps; none when ``chosen`` holds only the outcome (``_beyond_outcome``)."""
    if not isinstance(tree, dict) or not _beyond_outcome(tree, chosen):
        return []
    out: list[str] = []
    if write:
        for prefix, scope in _scopes(tree):
            if (pair := pair_in(scope)) is not None:
                out += [prefix + m for m in pair]
    for path in chosen:
        parent, _, last = path.rpartition(".")
        scope = unwrap(node_at(tree, parent)) if parent else tree
        pair = pair_in(scope)
        if pair is not None and last in pair:
            out += [f"{parent}.{m}" if parent else m for m in pair]
    return [p for i, p in enumerate(out) if p not in chosen and p not in out[:i]]


def _flag(key: str, node: Any) -> bool:
    ws = set(words(key))
    return base_type(node) == "boolean" and bool(ws & ERROR_WORDS) and ws <= FLAG_WORDS


def _named_report(key: str) -> bool:
    return bool(set(words(key)) & REPORT_WORDS)


def _report(record: dict[str, Any], depth: int = 1) -> list[str]:
    """What a report says: what says why, its code and its name; an error part's own outcome
    pair, and its reports one level down."""
    leaves = [k for k, v in record.items() if _said(v) or is_leaf(v)]
    last = {k: (words(k) or (k.lower(),))[-1] for k in leaves}
    why = [k for word in WHY_WORDS for k in leaves if last[k] == word and _said(record[k])][:1]
    code = [k for k in leaves if _norm(k).endswith("code") and k not in why][:1]
    name = [k for k in leaves if last[k] == "name" and k not in why][:1]
    out = why + code + name + list(pair_in(record) or ())
    if depth > 0:
        for key, sub in record.items():
            inner = unwrap(sub)
            if _named_report(key) and isinstance(inner, dict):
                out += [f"{key}.{m}" for m in _report(inner, depth - 1)]
    return list(dict.fromkeys(out))


def flagged_reports(tree: Any, chosen: tuple[str, ...]) -> list[str]:
    """An error flag and the reports beside it (module doc), each by what it says; none when
    ``chosen`` holds only the outcome (``_beyond_outcome``)."""
    if not isinstance(tree, dict) or not _beyond_outcome(tree, chosen):
        return []
    flags = [k for k, v in tree.items() if _flag(k, v)]
    if not flags:
        return []
    out = flags[:1]
    for key, sub in tree.items():
        inner = unwrap(sub)
        if key in flags or not _named_report(key):
            continue
        if isinstance(inner, dict):
            out += [f"{key}.{m}" for m in _report(inner)]
        elif isinstance(sub, list) and _said(sub):
            out.append(key)
    return out if len(out) > 1 else []  # a flag with no report beside it says no more


def _flag_value(key: str, value: Any) -> bool:
    return isinstance(value, bool) and _flag(key, "boolean")


def reports_beside(key: str, value: Any, wrapper: dict[str, Any]) -> Any:
    """A report named as errors beside an error flag in the wrapper around what a read answers
    (``{HasErrors, Errors: [...], Menus: [...]}``: ``payload.filter_meta``), reduced to what it
    says (``_report``); None for any other member, or an empty one (nothing went wrong)."""
    if not value or not _named_report(key) or isinstance(value, (str, int, float, bool)):
        return None
    if not any(_flag_value(k, v) for k, v in wrapper.items() if k != key):
        return None
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return _previews(value)  # ``errors: ["..."]``: what they say
    from .fields import project  # the projection reads what shaping keeps
    from .trees import field_tree_from_value

    record = unwrap(field_tree_from_value(value))
    members = _report(record) if isinstance(record, dict) else []
    return _previews(project(value, members)) if members else None


def _previews(value: Any) -> Any:
    """``value`` with its texts cut to previews (``PREVIEW_CHARS``), as a failed record's
    reason is: the wrapper's members are not truncated with the payload."""
    from .list_items import PREVIEW_CHARS
    from .truncate import DEFAULT_MARKER, truncate_string

    if isinstance(value, str):
        return truncate_string(value, PREVIEW_CHARS, DEFAULT_MARKER)
    if isinstance(value, list):
        return [_previews(v) for v in value]
    if isinstance(value, dict):
        return {k: _previews(v) for k, v in value.items()}
    return value
