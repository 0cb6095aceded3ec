"""Security schemes -> credentials read from environment variables, and who needs which.

``apiKey`` (header, query or cookie), ``http bearer`` and ``http basic`` are supported;
``oauth2`` and ``openIdConnect`` become a bearer token that the server obtains and refreshes
itself from the token endpoint the flows name (``OAuthSpec``: client credentials or a refresh
token from the environment, runtime/config/oauth.py), or reads from the environment as is. Env var names are
``<PREFIX>_<SCHEME>`` (``PETSTORE_API_KEY``), basic auth uses ``<PREFIX>_<SCHEME>_USERNAME``
and ``..._PASSWORD``. Requirements: the operation's ``security`` if present (``[]`` = none),
else the document's; the IR records the names of the schemes that can serve (any of).
"""

from __future__ import annotations

import re
from typing import Any

from ..diagnostics import Diagnostic, Severity
from ..ir.models import OAuthSpec, SecurityScheme
from ..runtime.config.oauth_names import oauth_variables
from ..naming import env_prefix, short_hash, snake_case
from .document import Document
from .refs import RefResolver
from .text import shorten

# What an API key that is no credential by itself says of itself: it acts as another user
# (impersonation) or goes together with another credential (a second factor).
_COMPANION = re.compile(
    r"\b(?:sudo|impersonat\w*|on behalf of|act(?:s|ing)? as (?:an?other|the) user"
    r"|as the user (?:provided|given|named)|in combination with|together with)\b",
    re.I,
)


def is_companion(scheme_name: str, description: object) -> bool:
    """An API key scheme sent with another credential, never suggested as one by itself."""
    text = f"{snake_case(scheme_name)} {description if isinstance(description, str) else ''}"
    return _COMPANION.search(text.replace("_", " ")) is not None


def security_schemes(
    doc: Document, resolver: RefResolver, name: str
) -> tuple[dict[str, SecurityScheme], list[Diagnostic]]:
    components = doc.data.get("components")
    raw = components.get("securitySchemes") if isinstance(components, dict) else None
    found: list[Diagnostic] = []
    schemes: dict[str, SecurityScheme] = {}
    prefix = env_prefix(name)
    used = {f"{prefix}_BASE_URL"}
    for scheme_name, node in (raw or {}).items() if isinstance(raw, dict) else ():
        where = f"/components/securitySchemes/{scheme_name.replace('~', '~0').replace('/', '~1')}"
        scheme = resolver.deref(node, doc, where).value
        if not isinstance(scheme, dict):
            continue
        env = f"{prefix}_{env_prefix(snake_case(scheme_name)) or 'CREDENTIAL'}"
        if env in used or f"{env}_USERNAME" in used:
            env = f"{env}_{short_hash(scheme_name, 6).upper()}"
        kind = scheme.get("type")
        description = shorten(scheme.get("description"))
        if (
            kind == "apiKey"
            and scheme.get("in") in ("header", "query", "cookie")
            and isinstance(scheme.get("name"), str)
        ):
            result = SecurityScheme(
                scheme_name,
                "api_key",
                scheme["in"],
                scheme["name"],
                (env,),
                description,
                companion=is_companion(scheme_name, scheme.get("description")),
            )
        elif kind == "http" and str(scheme.get("scheme", "")).lower() == "bearer":
            result = SecurityScheme(
                scheme_name, "bearer", "header", "Authorization", (env,), description
            )
        elif kind == "http" and str(scheme.get("scheme", "")).lower() == "basic":
            result = SecurityScheme(
                scheme_name,
                "basic",
                "header",
                "Authorization",
                (f"{env}_USERNAME", f"{env}_PASSWORD"),
                description,
            )
        elif kind in ("oauth2", "openIdConnect"):
            oauth = oauth_spec(scheme)
            result = SecurityScheme(
                scheme_name, "bearer", "header", "Authorization", (env,), description, oauth
            )
            found.append(_oauth_note(doc, kind, scheme_name, env, oauth, where))
        else:
            detail = f"http {scheme.get('scheme')}" if kind == "http" else str(kind)
            found.append(
                doc.diagnostic(
                    Severity.WARNING,
                    "SECURITY_SCHEME_UNSUPPORTED",
                    f"security scheme {scheme_name!r} ({detail}) is not supported: ignored",
                    where,
                    "Operations needing it will be sent without these credentials; use apiKey, "
                    "http bearer or http basic if the API accepts them.",
                )
            )
            continue
        used.update(result.env_vars)
        schemes[scheme_name] = result
    return schemes, found


def oauth_spec(scheme: dict[str, Any]) -> OAuthSpec | None:
    """The token endpoint of an ``oauth2`` scheme's flows, or an ``openIdConnect`` scheme's
    discovery URL; None when there is none (an implicit flow only)."""
    if scheme.get("type") == "openIdConnect":
        discovery = scheme.get("openIdConnectUrl")
        if isinstance(discovery, str) and discovery.strip():
            return OAuthSpec(discovery_url=discovery.strip(), client_credentials=True)
        return None
    given = scheme.get("flows")
    flows = given if isinstance(given, dict) else {}

    def url(flow: str, key: str) -> str:
        node = flows.get(flow)
        value = node.get(key) if isinstance(node, dict) else None
        return value.strip() if isinstance(value, str) else ""

    credentials = url("clientCredentials", "tokenUrl")
    with_refresh = url("authorizationCode", "tokenUrl") or url("password", "tokenUrl")
    refresh = next(
        (
            url(f, "refreshUrl")
            for f in ("authorizationCode", "password", "clientCredentials")
            if url(f, "refreshUrl")
        ),
        with_refresh,
    )
    token = credentials or with_refresh or refresh
    if not token:
        return None
    return OAuthSpec(token_url=token, refresh_url=refresh, client_credentials=bool(credentials))


def _oauth_note(
    doc: Document, kind: str, name: str, env: str, oauth: OAuthSpec | None, where: str
) -> Diagnostic:
    if oauth is None:
        return doc.diagnostic(
            Severity.INFO,
            "SECURITY_OAUTH_AS_BEARER",
            f"{kind} scheme {name!r} names no token endpoint: the server sends the access token"
            f" from {env} as a bearer token and cannot refresh it",
            where,
            f"Obtain a token yourself and set {env}.",
        )
    names = oauth_variables(env)
    ways = [f"{names['refresh_token']} (refresh-token grant)"]
    if oauth.client_credentials:
        ways.insert(0, f"{names['client_id']} and {names['client_secret']} (client credentials)")
    return doc.diagnostic(
        Severity.INFO,
        "SECURITY_OAUTH_TOKEN_ENDPOINT",
        f"{kind} scheme {name!r}: the server obtains and refreshes its own access tokens when"
        f" {' or '.join(ways)} are set",
        where,
        f"Or set {env} to an access token; {names['token_url']} overrides the token URL.",
    )


def requirement_groups(
    doc: Document, operation: dict[str, Any], schemes: dict[str, SecurityScheme]
) -> tuple[tuple[str, ...], ...]:
    """The alternatives of the operation's security requirement, each the supported schemes
    that go together (``[{APIKey: [], APIToken: []}]`` -> ``(("APIKey", "APIToken"),)``)."""
    requirements = operation["security"] if "security" in operation else doc.data.get("security")
    if not isinstance(requirements, list):
        return ()
    groups = []
    for requirement in requirements:
        if isinstance(requirement, dict):
            group = tuple(name for name in requirement if name in schemes)
            if group and group not in groups:
                groups.append(group)
    return tuple(groups)


def operation_scopes(doc: Document, operation: dict[str, Any]) -> tuple[tuple[str, ...], ...]:
    """The OAuth scopes a caller needs for the operation, as alternatives (one per security
    requirement); ``()`` when one requirement needs none (``{}``, an API key): the tool then
    needs no scope. Used in resource-server mode (runtime/config/scopes.py)."""
    requirements = operation["security"] if "security" in operation else doc.data.get("security")
    if not isinstance(requirements, list):
        return ()
    alternatives: list[tuple[str, ...]] = []
    for requirement in requirements:
        if not isinstance(requirement, dict):
            continue
        scopes: list[str] = []
        for listed in requirement.values():
            for scope in listed if isinstance(listed, list) else ():
                if isinstance(scope, str) and scope and scope not in scopes:
                    scopes.append(scope)
        if not scopes:
            return ()
        if tuple(scopes) not in alternatives:
            alternatives.append(tuple(scopes))
    return tuple(alternatives)


def operation_security(
    doc: Document, operation: dict[str, Any], op_pointer: str, schemes: dict[str, SecurityScheme]
) -> tuple[tuple[str, ...], list[Diagnostic]]:
    if "security" in operation:
        requirements, where = operation["security"], f"{op_pointer}/security"
    else:
        requirements, where = doc.data.get("security"), "/security"
    if not isinstance(requirements, list):
        return (), []
    names: list[str] = []
    found: list[Diagnostic] = []
    for requirement in requirements:
        if not isinstance(requirement, dict):
            continue
        if len(requirement) > 1:
            found.append(
                doc.diagnostic(
                    Severity.INFO,
                    "SECURITY_ALL_OF_DEGRADED",
                    f"a requirement needs {' and '.join(sorted(requirement))} together: each is "
                    "applied when configured",
                    where,
                    "Configure every credential of the requirement.",
                )
            )
        for scheme_name in requirement:
            if scheme_name in schemes and scheme_name not in names:
                names.append(scheme_name)
            elif scheme_name not in _declared(doc):
                found.append(
                    doc.diagnostic(
                        Severity.WARNING,
                        "SECURITY_SCHEME_UNDEFINED",
                        f"security requirement names {scheme_name!r}, which is not in "
                        "components/securitySchemes: ignored",
                        where,
                        f"Define {scheme_name!r} under components/securitySchemes or remove it.",
                    )
                )
    return tuple(names), found


def _declared(doc: Document) -> set[str]:
    components = doc.data.get("components")
    raw = components.get("securitySchemes") if isinstance(components, dict) else None
    return set(raw) if isinstance(raw, dict) else set()
