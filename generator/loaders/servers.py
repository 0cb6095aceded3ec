"""The API base URL: the first server, with its variables set to their defaults."""

from __future__ import annotations

import re

from ..diagnostics import Diagnostic, Severity
from ..naming import env_prefix
from .document import Document

_VARIABLE = re.compile(r"{([^{}]+)}")


def base_url(doc: Document, name: str = "") -> tuple[str, list[Diagnostic]]:
    """First server URL (trailing ``/`` removed) and diagnostics about what was assumed."""
    env = f"{env_prefix(name)}_BASE_URL" if name else "the <NAME>_BASE_URL variable"
    found: list[Diagnostic] = []

    def warn(code: str, message: str, where: str) -> None:
        found.append(
            doc.diagnostic(
                Severity.WARNING, code, message, where, f"Set {env} when running the server."
            )
        )

    servers = doc.data.get("servers")
    if not isinstance(servers, list) or not servers or not isinstance(servers[0], dict):
        warn(
            "SERVER_MISSING",
            'no servers: the base URL defaults to "/" (relative to nothing)',
            "/servers",
        )
        return "/", found
    server = servers[0]
    url = server.get("url") if isinstance(server.get("url"), str) else "/"
    variables = server.get("variables") if isinstance(server.get("variables"), dict) else {}

    def substitute(match: re.Match[str]) -> str:
        variable = variables.get(match.group(1))
        if isinstance(variable, dict) and variable.get("default") is not None:
            return str(variable["default"])
        warn(
            "SERVER_VARIABLE_UNDEFINED",
            f"server variable {{{match.group(1)}}} has no default: left as is",
            "/servers/0/url",
        )
        return match.group(0)

    url = _VARIABLE.sub(substitute, url)
    if not re.match(r"[A-Za-z][A-Za-z0-9+.-]*://", url):
        warn(
            "SERVER_URL_RELATIVE",
            f"server URL {url!r} is relative: it is kept, the server needs an "
            "absolute base URL at run time",
            "/servers/0/url",
        )
    elif url.endswith("/") and url.count("/") > 2:
        url = url.rstrip("/")
    return url, found
