"""Noise: what is never a default field, whatever the budget.

Avatars, etags, signatures, checksums, hashes, salts, secrets, tokens, icons, thumbnails,
global node ids, and members whose name starts with ``_`` (``_links``, ``_meta``). A name is
never noise: ``secret_type_display_name`` names a kind of secret, ``nodeName`` a machine. A
credential a create answers with is what the call minted, shown once: kept (``minted``).
"""

from __future__ import annotations

from ..names import norm
from .label import LABEL_WORDS
from .words import w

NOISE_WORDS = frozenset(
    {"avatar", "gravatar", "etag", "signature", "checksum", "icon", "thumbnail", "node",
     "hash", "salt", "secret", "password", "token"}
)  # fmt: skip


# What a create may exist to mint (an API key's token, a one-time secret): shown once, so a
# create's answer keeps it (``minted``); the reads that merely carry one leave it out.
CREDENTIAL_WORDS = frozenset({"secret", "password", "token"})


def minted(key: str) -> bool:
    """A credential member (``token``, ``client_secret``, ``totp_secret``): noise on reads,
    what a create made on its answer (``defaults.py``)."""
    ws = w(key)
    return bool(set(ws) & CREDENTIAL_WORDS) and not (ws[-1] in LABEL_WORDS and len(ws) > 1)


def is_noise(key: str) -> bool:
    """Avatars, etags, hashes, secrets...; a name is never noise (``secret_type_display_name``
    names a kind of secret, ``nodeName`` a machine)."""
    if key.startswith("_"):
        return True
    ws = w(key)
    if ws[-1] in LABEL_WORDS and len(ws) > 1:
        return False
    return bool(set(ws) & NOISE_WORDS) or norm(key) in NOISE_WORDS
