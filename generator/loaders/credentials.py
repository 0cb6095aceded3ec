"""Parameters that carry credentials: read from the environment, never asked of the model.

Some specs declare their API key and token twice: as security schemes AND as ordinary query
parameters of every operation (``key`` and ``token`` next to ``securitySchemes``). Left as
arguments, the model is asked for secrets, and the upstream receives the key twice. A
parameter is a credential when

* it is what an ``apiKey`` security scheme sends (same location, same name: case-insensitive
  for headers and cookies), or
* it is named like one (``key``, ``api_key``, ``token``, ``access_token``, ``X-API-Key``,
  ``client_secret``, ...: a key/token/secret word with an optional api/app/auth/access/client/
  subscription/developer prefix) AND its description says so (API key, access token,
  authentication, credential, secret, "your ... key/token"), and not paging (page, cursor, next),
  and at least half of the API's operations declare it: an account credential is needed by
  every call, while a per-object secret (a payment's ``client_secret``) is an input of a few.

Such a parameter leaves the tool schema; the operation lists the matching scheme, or an
implicit ``apiKey`` scheme made for it (env var ``<PREFIX>_<NAME>``), so the runtime fills it
from the environment like any other credential.
"""

from __future__ import annotations

import re
from typing import Any

from ..ir.models import SecurityScheme
from ..naming import env_prefix, short_hash, snake_case

_NAMED = re.compile(
    r"(?:x)?(?:api|app|auth|access|client|subscription|developer|private|secret)?"
    r"(?:key|token|secret|apikey)",
)
_DOCUMENTED = re.compile(
    r"\b(?:api[\s_-]?key|app(?:lication)?[\s_-]?key|access[\s_-]?token|api[\s_-]?token|"
    r"auth(?:entication|enticate|orization|orize)?|credentials?|secret|"
    r"developer[\s_-]?key|subscription[\s_-]?key|"
    r"your\s+(?:\w+\s+){0,2}(?:key|token))\b",
    re.I,
)
_PAGING = re.compile(r"\b(?:page|paging|pagination|cursor|next|continu\w*)\b", re.I)


def _same_name(location: str, a: str, b: str) -> bool:
    return a == b if location == "query" else a.lower() == b.lower()


def scheme_for(
    location: str, wire: str, schemes: dict[str, SecurityScheme]
) -> SecurityScheme | None:
    """The declared ``apiKey`` scheme that sends this parameter, if any."""
    for scheme in schemes.values():
        if (
            scheme.kind == "api_key"
            and scheme.location == location
            and _same_name(location, scheme.param_name, wire)
        ):
            return scheme
    return None


def looks_like_credential(wire: str, param: dict[str, Any], schema: dict[str, Any]) -> bool:
    """Named like a credential and documented as one (see the module docstring)."""
    if not _NAMED.fullmatch(re.sub(r"[^a-z]", "", wire.lower())):
        return False
    if schema.get("type", "string") != "string" or "enum" in schema:
        return False
    text = " ".join(
        t for t in (param.get("description"), schema.get("description")) if isinstance(t, str)
    )
    return bool(_DOCUMENTED.search(text)) and not _PAGING.search(text)


def _key(location: str, wire: str) -> tuple[str, str]:
    return (location, wire if location == "query" else wire.lower())


class ImplicitSchemes:
    """``apiKey`` schemes made for credential parameters no security scheme describes, one per
    (location, name), shared by every operation that declares the parameter."""

    def __init__(self, declared: dict[str, SecurityScheme], name: str):
        self.declared = declared
        self.prefix = env_prefix(name)
        self.made: dict[tuple[str, str], SecurityScheme] = {}
        self.widespread: set[tuple[str, str]] = set()

    def count(self, per_operation: list[list[dict[str, Any]]]) -> None:
        """Find the credential-like parameters declared by at least half of the operations
        (``per_operation``: each operation's parameter objects, refs resolved)."""
        seen: dict[tuple[str, str], int] = {}
        for params in per_operation:
            keys = {
                _key(p["in"], p["name"])
                for p in params
                if isinstance(p, dict)
                and p.get("in") in ("query", "header", "cookie")
                and isinstance(p.get("name"), str)
                and looks_like_credential(p["name"], p, p.get("schema") or {})
            }
            for key in keys:
                seen[key] = seen.get(key, 0) + 1
        self.widespread = {k for k, n in seen.items() if 2 * n >= len(per_operation)}

    def applies(self, location: str, wire: str) -> bool:
        return _key(location, wire) in self.widespread

    def scheme(self, location: str, wire: str, description: str) -> SecurityScheme:
        key = _key(location, wire)
        found = self.made.get(key)
        if found is not None:
            return found
        used_names = set(self.declared) | {s.name for s in self.made.values()}
        used_env = {v for s in [*self.declared.values(), *self.made.values()] for v in s.env_vars}
        used_env.add(f"{self.prefix}_BASE_URL")
        name = f"{location}_{wire}"
        if name in used_names:
            name = f"{name}_{short_hash(name, 6)}"
        env = f"{self.prefix}_{env_prefix(snake_case(wire)) or 'CREDENTIAL'}"
        if env in used_env:
            env = f"{env}_{short_hash(f'{location}:{wire}', 6).upper()}"
        # location: a parameter's `in` (query, header or cookie; request.py), typed str
        scheme = SecurityScheme(name, "api_key", location, wire, (env,), description)  # type: ignore[arg-type]
        self.made[key] = scheme
        return scheme
