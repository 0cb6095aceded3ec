"""Noise: what is never a default field, whatever the budget.

Avatars, etags, signatures, checksums, hashes, salts, secrets, tokens, icons, thumbnails,
global node ids, and members whose name starts with ``_`` (``_links``, ``_meta``). A name is
never noise: ``secret_type_display_name`` names a kind of secret, ``nodeName`` a machine.
"""

from __future__ import annotations

from ..names import norm
from .label import LABEL_WORDS
from .words import w

NOISE_WORDS = frozenset(
    {"avatar", "gravatar", "etag", "signature", "checksum", "icon", "thumbnail", "node",
     "hash", "salt", "secret", "password", "token"}
)  # fmt: skip


def is_noise(key: str) -> bool:
    """Avatars, etags, hashes, secrets...; a name is never noise (``secret_type_display_name``
    names a kind of secret, ``nodeName`` a machine)."""
    if key.startswith("_"):
        return True
    ws = w(key)
    if ws[-1] in LABEL_WORDS and len(ws) > 1:
        return False
    return bool(set(ws) & NOISE_WORDS) or norm(key) in NOISE_WORDS
