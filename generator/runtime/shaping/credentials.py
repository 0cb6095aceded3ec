"""A read's answer never shows a credential it merely carries.

Default shaping leaves secrets out of the fields it chooses (``roles/noise.py``), but an
answer also keeps things no field choice governs: a list's wrapper metadata (``{client:
{id, name, client_secret}, items: [...]}``), the scalars of the last-resort projection, an
object kept whole. A read or a search answered by the defaults is therefore walked once more
and every member whose name says it holds a credential (``noise.is_credential``: a secret, a
password, a token, a private or API key; not a page's cursor) and whose value is a string is
left out, unless a path parameter names it (``/tokens/{token}``: the caller sent it) or it
sits in an answer nothing else names (no id, no label: ``{access_token, expires_in,
token_type}`` is the credential the read answers, not a record that carries one), nor the
member the operation's path ends with (``GET /pollers/{id}/token``: the read is for it,
``DefaultsContext.about``), nor a
member of a list's wrapper the parameter the path ends with names (``token`` of a hold read at
``/holds/{hold_token}`` around its ``events``: ``DefaultsContext.own``, the object the caller
addressed, by its identifier). Fields
the agent asked for (``fields``) and an operator's overlay defaults are shown as chosen.
"""

from __future__ import annotations

from typing import Any

from .names import norm
from .roles.identity import addressed_by, is_id_name
from .roles.label import is_label
from .roles.noise import is_credential

MAX_DEPTH = 32


def hide_credentials(
    shaped: Any,
    keys: tuple[str, ...],
    depth: int = 0,
    own: str = "",
    about: tuple[str, ...] = (),
) -> Any:
    """``shaped`` without the credentials it carries (module doc); the same object, not a copy,
    where there is none (a detailed answer of 10 MB is not copied to find nothing); ``own``:
    the parameter naming a member of the answer's top (``DefaultsContext.own``); ``about``: the
    names the operation's path ends with (``DefaultsContext.about``)."""
    if depth > MAX_DEPTH:
        return shaped
    if isinstance(shaped, list):
        out = [hide_credentials(v, keys, depth + 1) for v in shaped]
        return shaped if all(a is b for a, b in zip(out, shaped)) else out
    if not isinstance(shaped, dict):
        return shaped
    hidden = {
        k for k, v in shaped.items()
        if isinstance(v, str) and is_credential(k, text=True) and not addressed_by(k, keys)
        and not (depth == 0 and own and addressed_by(k, (own,)))
        and not (depth == 0 and norm(k) in about)
    }  # fmt: skip
    if (
        hidden
        and depth == 0
        and not any(
            (is_id_name(k) or is_label(k)) and not isinstance(v, (dict, list))
            for k, v in shaped.items()
            if k not in hidden
        )
    ):
        hidden = set()  # nothing else names it: it is the credential (``{access_token,
        # expires_in, token_type}``), what the read answers
    kept = {k: hide_credentials(v, keys, depth + 1) for k, v in shaped.items() if k not in hidden}
    if not hidden and all(kept[k] is v for k, v in shaped.items()):
        return shaped
    return kept
