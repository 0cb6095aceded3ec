"""A list's items keep what the list is named for: the judge's ``named by its list`` check.

Written apart from the shaping rules (nothing here imports ``runtime/shaping``), from the body
alone. A list named for what it holds (``quotes``, ``ip_addresses``, ``short_codes``,
``relationshipTypes``) whose items are objects with a member named for one of them, the
list's name with its last word made singular or that word alone (``quote``, ``ip_address``,
``short_code``, ``relationshipType``), holds that member's values: a quote list's quotes, an
access list's addresses. An item kept without it (``{author, id}`` of a quote, ``{sid,
friendly_name}`` of an allowed address) is the item without what it is.

*Judged*: an item the result keeps (an object) of a list named with a plural, whose body
item has such a member holding a string or a number (not a credential: a token's value is
judged by ``secrets hidden``; not a certificate, an encoded document). *Kept*: the result's item holds that value.
"""

from __future__ import annotations

from typing import Any

from .judge_checks import Finding, Path, Tally, field_path, walk, where
from .judge_roles import found_in, is_scalar, words
from .judge_secrets import is_credential

CHECK = "named by its list"
# plural endings and what the singular ends with instead (``addresses`` -> ``address``,
# ``categories`` -> ``category``, ``quotes`` -> ``quote``)
_ENDINGS = (("sses", "ss"), ("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("xes", "x"), ("s", ""))
CREDENTIAL_WORDS = frozenset({"token", "secret", "password", "key"})
# an encoded document, not what names the item (a certificate list's PEM texts)
DOCUMENT_WORDS = frozenset({"cert", "certificate"})


def singular(word: str) -> str | None:
    """``quotes`` -> ``quote``; None for a word that is not a plural (``status``, ``news``)."""
    if len(word) <= 3 or word.endswith(("ss", "us", "is", "ws")):
        return None
    for ending, instead in _ENDINGS:
        if word.endswith(ending):
            return word[: -len(ending)] + instead
    return None


def _names(key: str) -> set[tuple[str, ...]]:
    ws = words(key)
    one = singular(ws[-1]) if ws else None
    return {(*ws[:-1], one), (one,)} if one else set()


def check_listed(body: Any, shaped: Any, tally: Tally, base: Path = ()) -> None:
    """Judge every kept item of a list named for what it holds (module doc)."""
    if shaped is None or isinstance(shaped, str):
        return
    for path, node, counterpart in walk(body, shaped):
        if not isinstance(node, list) or not isinstance(counterpart, list) or not path:
            continue
        key = path[-1] if isinstance(path[-1], str) else ""
        names = _names(key)
        if not names:
            continue
        for n, (item, kept) in enumerate(zip(node, counterpart)):
            if not isinstance(item, dict) or not isinstance(kept, dict) or not kept:
                continue
            for member, value in item.items():
                if tuple(words(member)) not in names or not is_scalar(value) or value == "":
                    continue
                if is_credential(member) or set(words(member)) & (
                    CREDENTIAL_WORDS | DOCUMENT_WORDS
                ):
                    continue
                at = (*path, n)
                lost = f"{where(at)} kept without its {member}, what {key} holds"
                fix = field_path((*path, member), base)
                pattern = f"{key}[] without {member}"
                finding = Finding(CHECK, where(at), lost, (fix,), pattern=pattern)
                tally.count(CHECK, found_in([value], kept), finding)
