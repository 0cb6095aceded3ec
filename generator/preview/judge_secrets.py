"""Secrets stay hidden on reads: the judge's ``secrets hidden`` check.

Written apart from the shaping rules (nothing here imports ``runtime/shaping``), from the body
alone. A read or a search that merely carries a credential does not show it: the agent's
context is logged, shared and replayed, and nothing it does with a read needs the secret (a
create that mints one answers it: not judged here). A *credential* is a member whose words
name one (``SECRET_WORDS``: secret, password, passphrase; ``token`` unless it pages or counts:
``nextPageToken``, ``token_type``; a key that opens something, ``private_key``, ``api_key``,
``signing_key``, not ``project_key``), whose value is a string of at least ``MIN_CHARS``
characters, not a link, that an operator's overlay did not choose (``include: [token]``: the
operator decided the agent needs it). *Judged*: each such value of the body; *kept*
(hidden): it is nowhere in the result. A value that a member which is not a credential also
holds (a synthesized body's ``"a string value"`` in every string; ``"string"`` in a vendor's
example) says nothing by being found: it is shown only where a member of its name holds it.
A credential at the top of an answer that is not a resource (no identity, no label:
``{token}``, ``{access_token, expires_in}``) is what the read answers, not something it
carries: not judged; nor is one at its top that a path ending with its name asks for
(``token`` of ``GET /pollers/{id}/token``: ``judge_roles.stated_members``), the read is for it.
Nor is a member of the name a path parameter naming the answer's objects
names or ends with (``token`` for ``/cards/{card_token}``, ``judge_paths.named_member``;
``/account_activity/{transaction_token}``), wherever it sits
(an event's ``token`` in a card's ``events``): the API addresses its objects by it, in URLs
the caller sends; it is their identifier, not a secret.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from .judge_checks import Finding, Path, Tally, field_path, where
from .judge_paths import named_member
from .judge_roles import found_in, is_resource, stated_members, words

SECRET_WORDS = frozenset({"secret", "password", "passphrase", "passwd"})
OPENING_KEYS = frozenset({"private", "api", "access", "signing", "encryption", "master"})
# ``token`` pages (``next_page_token``) or describes one (``token_type``, ``token_expires``)
NOT_SECRET_WORDS = frozenset(
    {"page", "next", "continuation", "cursor", "sync", "resume", "type", "count", "expires",
     "expiry", "expiration", "id", "ids", "name", "hint", "url", "uri", "endpoint", "policy",
     "length", "set", "configured", "required", "enabled", "last", "changed", "updated"}
)  # fmt: skip
MIN_CHARS = 8
MAX_DEPTH = 8
READS = frozenset({"read", "search"})
CHECK = "secrets hidden"


def is_credential(key: str) -> bool:
    ws = words(key)
    if not ws or set(ws) & NOT_SECRET_WORDS:
        return False
    if set(ws) & SECRET_WORDS or "token" in ws or "tokens" in ws:
        return True
    return len(ws) >= 2 and ws[-1] == "key" and ws[-2] in OPENING_KEYS


def _strings(node: Any, at: Path = (), depth: int = 0) -> Iterator[tuple[Path, str]]:
    """Every member of ``node`` whose value is a string, with its path (``MAX_DEPTH`` down)."""
    if depth > MAX_DEPTH:
        return
    if isinstance(node, dict):
        for key, value in node.items():
            if isinstance(value, str):
                yield (*at, key), value
            else:
                yield from _strings(value, (*at, key), depth + 1)
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from _strings(item, (*at, i), depth + 1)


def _credentials(node: Any) -> Iterator[tuple[Path, str]]:
    for at, value in _strings(node):
        if is_credential(str(at[-1])) and len(value) >= MIN_CHARS:
            if not value.startswith(("http://", "https://")):
                yield at, value


def _plain_values(node: Any) -> set[str]:
    """The string values of ``node``'s members that are not credentials."""
    return {value for at, value in _strings(node) if not is_credential(str(at[-1]))}


def _held_by(node: Any, key: str, value: str) -> bool:
    """Whether a member named ``key`` holds ``value`` anywhere in ``node``."""
    return any(at[-1] == key and held == value for at, held in _strings(node))


def _shown(at: Path, value: str, shaped: Any, plain: set[str]) -> bool:
    if value in plain:
        return _held_by(shaped, str(at[-1]), value)
    return found_in([value], shaped) or (isinstance(shaped, str) and value in shaped)


def _addressed(key: str, value: str, params: Sequence[tuple[str, str]]) -> bool:
    """A path parameter names the member (``judge_paths.named_member``) or ends with its name
    (``{transaction_token}`` of ``/account_activity`` -> ``token``)."""
    ws = words(key)
    return bool(named_member({key: value}, list(params))) or any(
        len(words(p)) > len(ws) and words(p)[-len(ws) :] == ws for p, _ in params
    )


def check_secrets(
    body: Any,
    shaped: Any,
    tally: Tally,
    kind: str | None,
    base: Path = (),
    chosen: Sequence[str] = (),
    params: Sequence[tuple[str, str]] = (),
    asked: str = "",
) -> None:
    """Judge the credentials a read or a search carries (module doc); ``chosen``: the fields
    an operator's overlay chose (relative to the judged object); ``params``: the path
    parameters naming the answer's objects, with their thing (``judge_paths.object_params``);
    ``asked``: what a path ending with a literal asks for (``judge_paths.asked_thing``)."""
    if kind not in READS or shaped is None:
        return
    plain = _plain_values(body)
    answered = isinstance(body, dict) and not is_resource(body)
    stated = {k for k, _ in stated_members(body, asked)}
    for at, value in _credentials(body):
        if field_path(at, base) in chosen or (len(at) == 1 and (answered or at[0] in stated)):
            continue
        if _addressed(str(at[-1]), value, params):
            continue  # the identifier the API addresses its objects by (module doc)
        hidden = not _shown(at, value, shaped, plain)
        message = f"{where(at)} shown: a credential the read merely carries"
        pattern = f"{at[-1]} shown"
        finding = Finding(CHECK, where(at), message, (field_path(at, base),), "exclude", pattern)
        tally.count(CHECK, hidden, finding)
