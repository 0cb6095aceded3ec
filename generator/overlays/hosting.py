"""Overlay keys for hosted servers: per-tool OAuth ``scopes`` and ``confirm``.

```yaml
confirm: destructive            # ask the user before every destructive tool (default: none)
operations:
  deletePet:
    scopes: [pets:write]        # the scopes a caller's token needs (all of them)
  listPets:
    scopes: []                  # none beyond <PREFIX>_AUTH_REQUIRED_SCOPES
  sendMessage:
    scopes: [[chat:write], [chat:admin]]   # alternatives: either set allows the call
    confirm: true               # ask before this tool too (false: never ask for it)
```

``scopes`` replace what the description's ``security`` requirements say; they are checked only
when the server runs in resource-server mode. ``confirm`` follows the tool's ``destructive``
hint after any ``annotations`` change; an operation's own ``confirm`` wins.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from ..ir.models import OperationSpec
from .checks import Checker

CONFIRM_POLICIES = ("none", "destructive")
# RFC 6749 section 3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E )
SCOPE_TOKEN = re.compile(r"^[\x21\x23-\x5b\x5d-\x7e]+$")


def parse_confirm_policy(c: Checker, value: Any) -> str | None:
    if value is None:
        return None
    if value not in CONFIRM_POLICIES:
        if isinstance(value, bool):
            hint = "use `destructive` for every destructive tool, or `none`"
        else:
            hint = f"one of: {', '.join(CONFIRM_POLICIES)}"
        c.error(
            "OVERLAY_VALUE", f"confirm must be destructive or none, not {value!r}", "/confirm", hint
        )
        return None
    return str(value)


def parse_confirm(c: Checker, value: Any, ptr: str) -> bool | None:
    if value is None:
        return None
    if not isinstance(value, bool):
        c.type_error(ptr, "true or false", value)
        return None
    return value


def parse_scopes(c: Checker, value: Any, ptr: str) -> tuple[tuple[str, ...], ...] | None:
    """A list of scopes (one set, all needed) or a list of such lists (alternatives);
    ``[]``: the tool needs no scope."""
    if value is None:
        return None
    if not isinstance(value, list):
        c.type_error(ptr, "a list of scopes, or a list of lists of scopes", value)
        return None
    if all(isinstance(item, list) for item in value) and value:
        found = [_scope_set(c, item, f"{ptr}/{i}", True) for i, item in enumerate(value)]
        if any(s is None for s in found):
            return None
        return tuple(dict.fromkeys(s for s in found if s is not None))
    one = _scope_set(c, value, ptr, False)
    if one is None:
        return None
    return (one,) if one else ()


def _scope_set(c: Checker, value: list[Any], ptr: str, alternative: bool) -> tuple[str, ...] | None:
    scopes: list[str] = []
    ok = True
    for i, scope in enumerate(value):
        if not isinstance(scope, str):
            c.type_error(f"{ptr}/{i}", "a scope (a string)", scope)
            ok = False
        elif not SCOPE_TOKEN.match(scope):
            c.error(
                "OVERLAY_VALUE",
                f"{scope!r} is not an OAuth scope",
                f"{ptr}/{i}",
                "a scope is printable ASCII without spaces, '\"' or '\\' (RFC 6749 3.3);"
                " list several scopes as several entries",
            )
            ok = False
        elif scope not in scopes:
            scopes.append(scope)
    if alternative and not value:
        c.error("OVERLAY_VALUE", "an alternative without scopes", ptr, "use `scopes: []` instead")
        ok = False
    return tuple(scopes) if ok else None


def apply_hosting(
    op: OperationSpec,
    scopes: tuple[tuple[str, ...], ...] | None,
    confirm: bool | None,
    policy: str | None,
) -> OperationSpec:
    """``op`` with the overlay's scopes and confirmation (after annotations are applied)."""
    changes: dict[str, Any] = {}
    if scopes is not None:
        changes["scopes"] = scopes
    if confirm is not None:
        changes["confirm"] = confirm
    elif policy == "destructive" and op.annotations.destructive is True:
        changes["confirm"] = True
    return dataclasses.replace(op, **changes) if changes else op
