"""Noise: what is never a default field, whatever the budget.

Avatars, etags, signatures, checksums, hashes, salts, secrets, tokens, private and API keys,
icons, thumbnails, ciphertext (``encrypted_content``: not the ``encrypted`` flag), global node
ids (``node_id``; not a ``node`` alone, which names the machine a job runs on), and members
whose name starts with ``_`` (``_links``, ``_meta``). A name is
never noise: ``secret_type_display_name`` names a kind of secret, ``nodeName`` a machine. A
credential a create answers with is what the call minted, shown once: kept (``minted``); the
picture that stands for one resource a read answers is shown on its page
(``steps.own_picture``).
"""

from __future__ import annotations

from typing import Any

from ..names import base_type, is_leaf, norm
from .label import LABEL_WORDS
from .words import w

NOISE_WORDS = frozenset(
    {"avatar", "gravatar", "etag", "signature", "checksum", "icon", "thumbnail", "node",
     "hash", "salt", "secret", "password", "token"}
)  # fmt: skip
# a member sealed for its sender to pass back (``encrypted_content``, ``encryptedData``): no
# reader can read it; a bare ``encrypted`` is the flag saying whether something is
SEALED_WORDS = frozenset({"encrypted", "ciphertext"})
MACHINE = ("node",)  # a ``node`` alone: the machine a job opened on, not a global node id


# What a create may exist to mint (an API key's token, a one-time secret): shown once, so a
# create's answer keeps it (``minted``); the reads that merely carry one leave it out.
CREDENTIAL_WORDS = frozenset({"secret", "password", "passwd", "passphrase", "token"})
# A key that opens something, not one that names it (``privateKey``, ``api_key``; not
# ``key``, ``project_key``, ``sort_key``): the word before ``key`` says which; the key itself,
# not its id or name (``access_key_id`` names an AWS key), only its value's words may follow.
CREDENTIAL_KEYS = frozenset({"private", "api", "access", "signing", "encryption", "master"})
KEY_VALUE_WORDS = frozenset({"pem", "data", "value", "material"})
# Short forms of a password (an SMTP server's ``pass``, ``db_pwd``): a credential only as the
# name's last word and only holding text; ``pass_rate``, ``passCount``, ``passed``, ``passage``
# or a boolean ``pass`` (a check's verdict) are not.
SHORT_CREDENTIAL_WORDS = frozenset({"pass", "pwd", "pswd"})


def _short(ws: tuple[str, ...], text: bool) -> bool:
    """A short form of a password (``SHORT_CREDENTIAL_WORDS``) ending a name that holds text."""
    return text and ws[-1] in SHORT_CREDENTIAL_WORDS


def _credential(ws: tuple[str, ...]) -> bool:
    if set(ws) & CREDENTIAL_WORDS:
        return True
    rest = ws
    while len(rest) > 2 and rest[-1] in KEY_VALUE_WORDS:
        rest = rest[:-1]
    return len(rest) >= 2 and rest[-2] in CREDENTIAL_KEYS and rest[-1] == "key"


# A token that pages (``nextPageToken``, ``sync_token``, ``continuation_token``) is a cursor.
CURSOR_WORDS = frozenset(
    {"page", "next", "previous", "prev", "cursor", "continuation", "sync", "resume", "marker"}
)


# What is said about a credential, not the credential: its id, name, kind, count, expiry,
# address or policy (``token_id``, ``secret_name``, ``token_type``, ``password_policy``).
ABOUT_WORDS = frozenset(
    {"id", "ids", "name", "names", "type", "kind", "count", "length", "url", "uri", "hint",
     "policy", "expires", "expiry", "expiration", "at", "date", "time", "enabled", "required",
     "set", "configured", "last", "prefix", "suffix", "scope", "scopes"}
)  # fmt: skip


def is_credential(key: str, text: bool = False) -> bool:
    """A secret, a password, a token, a private or API key (module doc); not a cursor, nor what
    is said about one (``token_id``, ``secret_name``, ``token_type``); with ``text`` (the member
    holds a string), also a short form of a password (``smtp_pass``: ``_short``)."""
    ws = w(key)
    return (_credential(ws) or _short(ws, text)) and not set(ws) & (CURSOR_WORDS | ABOUT_WORDS)


# A credential's form that opens nothing (``maskedSecret: "****4f2a"``, ``redacted_key``): what
# tells the credential a write acted on from another, not the credential.
MASKED_WORDS = frozenset({"masked", "redacted", "obfuscated"})


def masked(key: str) -> bool:
    """A credential member named as its masked form (``MASKED_WORDS``)."""
    ws = w(key)
    return bool(set(ws) & MASKED_WORDS) and _credential(ws)


def minted(key: str, text: bool = False) -> bool:
    """A credential member (``token``, ``client_secret``, ``totp_secret``, ``private_key``;
    with ``text``, a short form of a password: ``_short``): noise on reads, what a create made
    on its answer (``defaults.py``)."""
    ws = w(key)
    return (_credential(ws) or _short(ws, text)) and not (ws[-1] in LABEL_WORDS and len(ws) > 1)


# What a record holds, by name (``roles/content.VALUE_WORDS`` says the same of typed records).
HELD_WORDS = frozenset({"value", "data"})


def minted_value(key: str, entity: tuple[str, ...]) -> bool:
    """The value of a credential the object itself is (an enrollment token's ``value``, an API
    key's ``data``, or its one-word member named as what the object is: a master API key's
    ``key`` beside its ``id`` and ``prefix``): what a create of it made, shown once."""
    ws = w(key)
    own = bool(entity) and ws[0] == entity[-1]
    return len(ws) == 1 and (ws[0] in HELD_WORDS or own) and _credential(entity)


# What a noise thing is written as or found by (``user_avatar_url``, ``content_hash_value``):
# a compound ending so is that noise thing's, whatever qualifies it.
HELD_AS_WORDS = frozenset(
    {"url", "uri", "urls", "link", "href", "id", "ids", "value", "values", "data", "bytes",
     "hex", "string", "str", "base", "digest", "code", "key", "keys", "path", "file", "image"}
)  # fmt: skip


def _qualifier(ws: tuple[str, ...]) -> bool:
    """A noise word that is not a credential's, inside a compound of words that are not noise
    (``sea_salt_aerosol``: what kind of aerosol, a measured series): it qualifies the name's
    head, neither names nor ends it; the other words are plain words (three letters or more,
    no digits: not ``client_salt_b64``), the head says no more than what the noise thing
    is written as or found by (``HELD_AS_WORDS``), and it is a thing, not what is done to
    the noise thing (``enable_signature_checking``, ``last_checksum_verified``: a setting or
    an event about it, ending in ``-ing`` or ``-ed``)."""
    noisy = [i for i, x in enumerate(ws) if x in NOISE_WORDS]
    if len(noisy) != 1 or not 0 < noisy[0] < len(ws) - 1 or _credential(ws):
        return False
    others = [x for i, x in enumerate(ws) if i != noisy[0]]
    plain = all(len(x) >= 3 and x.isalpha() for x in others)
    done = ws[-1].endswith(("ing", "ed"))
    return plain and not done and ws[-1] not in HELD_AS_WORDS and not set(ws) & SEALED_WORDS


def is_noise(key: str, text: bool = False, flag: bool = False) -> bool:
    """Avatars, etags, hashes, secrets, private and API keys...; a name is never noise
    (``secret_type_display_name`` names a kind of secret, ``nodeName`` a machine), nor a
    compound a noise word only qualifies (``sea_salt_aerosol``: ``_qualifier``); with
    ``text`` (the member holds a string), a short form of a password too (``_short``). With
    ``flag`` (the member holds a boolean), never for a credential's word alone: a flag opens
    nothing, it says whether there is a secret (``passwordReset: false``, ``has_password``);
    an icon's or a hash's word still makes it noise (``isIconUrlDefault``)."""
    if key.startswith("_"):
        return True
    ws = w(key)
    if flag and _credential(ws) and not set(ws) & (NOISE_WORDS - CREDENTIAL_WORDS):
        return False
    if ws[-1] in LABEL_WORDS and len(ws) > 1 or ws == MACHINE:
        return False
    if len(ws) > 1 and ws[0] in SEALED_WORDS:  # ciphertext (``encrypted_content``): unread
        return True
    if _short(ws, text):  # before ``_qualifier``: ``smtp_salt_pass`` stays a password
        return True
    if _qualifier(ws):
        return False
    return bool(set(ws) & NOISE_WORDS) or norm(key) in NOISE_WORDS or _credential(ws)


def noise_member(key: str, node: Any) -> bool:
    """``is_noise`` of a member of a field tree, read with its type: a string may be a short
    form of a password, a flag is never a credential."""
    leaf = is_leaf(node)
    return is_noise(
        key, leaf and base_type(node) == "string", flag=leaf and base_type(node) == "boolean"
    )
