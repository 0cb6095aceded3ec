"""What a generation's answer echoes back of the request it answers (``DefaultsContext.sent``).

A generation answers what it produced; many answer back, beside it, the settings the caller
sent (``temperature``, ``top_p``, ``store``, ``tool_choice``, ``tools``): members at the top of
the answer named as a member of the request body. They are the caller's own values, not what
the call made, and the defaults leave them out (``runtime/shaping/decision._seen``), as a
GraphQL mutation's ``clientMutationId``. Read from the description's own request and response,
never from a list of names. Not echoes: what names what the answer is about (an identity, a
key), where it stands (``status``: the job a classification started is ``running``, though
the request may take a status too), a text named as content, for what a generation makes or
for how it reasoned (a request's ``text`` is not the answer's), and lists of scalars (a
translation's ``texts``)."""

from __future__ import annotations

from typing import Any

from ..runtime.shaping.kinds import REASONING_WORDS, produced
from ..runtime.shaping.names import is_leaf, norm
from ..runtime.shaping.roles.content import is_content
from ..runtime.shaping.roles.identity import is_id_name, is_natural_key
from ..runtime.shaping.roles.state import is_state
from ..runtime.shaping.roles.words import w
from .request import RequestParts


def echoed_members(request: RequestParts, tree: Any) -> tuple[str, ...]:
    """The members at the top of the answer ``tree`` (the body the operation answers, a field
    tree) that answer back a member of ``request``'s body (module doc), in the answer's order."""
    if not isinstance(tree, dict):
        return ()
    sent = {p.wire_name for p in request.params if p.location == "body"}
    return tuple(k for k, v in tree.items() if k in sent and _setting(k, v))


def asked_names(request: RequestParts) -> tuple[str, ...]:
    """The names of what ``request`` sends as the caller's arguments (its query parameters
    and top-level body members; no header, cookie or constant): a list's wrapper holding a
    member of one of these names answers the caller's own value back
    (``runtime/shaping/payload.echoed``). Not a path parameter: it names the object the list
    is at (``/tracks/{track}`` answering ``{track, releases: [...]}``), which its wrapper is."""
    names: dict[str, str] = {}  # the first name of each normalised one
    for p in request.params:
        if p.location in ("query", "body") and p.const is None:
            if p.wire_name != "body_whole" and norm(p.wire_name):
                names.setdefault(norm(p.wire_name), p.wire_name)
    return tuple(names.values())


def _setting(key: str, value: Any) -> bool:
    if is_id_name(key) or is_natural_key(key) or is_state(key):
        return False
    if is_content(key) or produced(key) or w(key)[-1] in REASONING_WORDS:
        return False
    if isinstance(value, list):  # a list of records (``tools``), not of values
        return bool(value) and isinstance(value[0], dict)
    return is_leaf(value) or isinstance(value, dict)
