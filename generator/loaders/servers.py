"""Servers: the API's base URL (the first server, its variables at their defaults) and the
servers that path items and operations declare for themselves.

OpenAPI lets a path item or an operation name its own ``servers`` (an upload host, a regional
or product host, one host per path for some vendors); the operation's win over its path item's,
and the first entry is used, like the document's. Each distinct one other than the API's own
becomes an :class:`UpstreamServer` with a key for its own variable, ``<PREFIX>_<KEY>_BASE_URL``:
the host's labels that differ from the API's (``uploads`` of ``uploads.github.com`` next to
``api.github.com``), else the variable that names the host (``{agent_url}``), else the path
(``/v2``). A relative one (``/upload``) is relative to the API's base URL at run time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from ..diagnostics import Diagnostic, Severity, pointer as make_pointer
from ..ir.models import UpstreamServer
from ..naming import env_prefix
from .document import Document

_VARIABLE = re.compile(r"{([^{}]+)}")
_ABSOLUTE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


def base_url(doc: Document, name: str = "") -> tuple[str, list[Diagnostic]]:
    """First server URL (trailing ``/`` removed) and diagnostics about what was assumed."""
    env = f"{env_prefix(name)}_BASE_URL" if name else "the <NAME>_BASE_URL variable"
    found: list[Diagnostic] = []
    servers = doc.data.get("servers")
    if not isinstance(servers, list) or not servers or not isinstance(servers[0], dict):
        found.append(
            doc.diagnostic(
                Severity.WARNING,
                "SERVER_MISSING",
                'no servers: the base URL defaults to "/" (relative to nothing)',
                "/servers",
                f"Set {env} when running the server.",
            )
        )
        return "/", found
    url = server_url(doc, servers[0], "/servers/0", env, found)
    if not _ABSOLUTE.match(url):
        found.append(
            doc.diagnostic(
                Severity.WARNING,
                "SERVER_URL_RELATIVE",
                f"server URL {url!r} is relative: it is kept, the server needs an "
                "absolute base URL at run time",
                "/servers/0/url",
                f"Set {env} when running the server.",
            )
        )
    return url, found


def other_urls(doc: Document) -> tuple[str, ...]:
    """The absolute URLs of the description's servers after the first (variables at their
    defaults; one left without a default drops the server): where redirects may lead."""
    servers = doc.data.get("servers")
    found: list[str] = []
    for i, server in enumerate(servers[1:] if isinstance(servers, list) else [], 1):
        if not isinstance(server, dict):
            continue
        url = server_url(doc, server, f"/servers/{i}", "", [])
        if _ABSOLUTE.match(url) and "{" not in url and url not in found:
            found.append(url)
    return tuple(found)


def server_url(
    doc: Document, server: dict[str, Any], where: str, env: str, found: list[Diagnostic]
) -> str:
    """``server``'s URL with its variables at their defaults (a trailing ``/`` removed); a
    variable without a default is left as written, with a warning."""
    given, declared = server.get("url"), server.get("variables")
    url = given if isinstance(given, str) else "/"
    variables = declared if isinstance(declared, dict) else {}

    def substitute(match: re.Match[str]) -> str:
        variable = variables.get(match.group(1))
        if isinstance(variable, dict) and variable.get("default") is not None:
            return str(variable["default"])
        found.append(
            doc.diagnostic(
                Severity.WARNING,
                "SERVER_VARIABLE_UNDEFINED",
                f"server variable {{{match.group(1)}}} has no default: left as is",
                f"{where}/url",
                f"Set {env} when running the server.",
            )
        )
        return match.group(0)

    url = _VARIABLE.sub(substitute, url)
    if _ABSOLUTE.match(url) and url.endswith("/") and url.count("/") > 2:
        url = url.rstrip("/")
    return url


@dataclass
class OperationServers:
    """The servers of path items and operations, collected while operations are read."""

    doc: Document
    main: str  # the API's base URL
    name: str  # the package name (for the variables named in hints)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    _by_url: dict[str, UpstreamServer] = field(default_factory=dict)
    _templates: dict[str, str] = field(default_factory=dict)  # url -> the URL as written
    _uses: dict[str, list[str]] = field(default_factory=dict)  # key -> operation pointers

    def key_for(
        self, item: dict[str, Any], operation: dict[str, Any], path: str, method: str
    ) -> str | None:
        """The key of the server ``operation`` declares (its own, else its path item's), None
        when it declares none or the API's own."""
        for owner, where in (
            (operation, make_pointer("paths", path, method)),
            (item, make_pointer("paths", path)),
        ):
            servers = owner.get("servers")
            if isinstance(servers, list) and servers and isinstance(servers[0], dict):
                break
        else:
            return None
        prefix = env_prefix(self.name)
        found: list[Diagnostic] = []
        url = server_url(
            self.doc, servers[0], f"{where}/servers/0", f"{prefix}_<KEY>_BASE_URL", found
        )
        if url.rstrip("/") == self.main.rstrip("/"):
            return None
        server = self._by_url.get(url)
        if server is None:
            key = self._key(url, str(servers[0].get("url", "")))
            description = servers[0].get("description")
            server = UpstreamServer(key, url, description if isinstance(description, str) else "")
            self._by_url[url] = server
            for d in found:  # once per server, named with its variable
                self.diagnostics.append(
                    Diagnostic(
                        d.severity,
                        d.code,
                        d.message,
                        d.file,
                        d.pointer,
                        d.line,
                        f"Set {prefix}_{key}_BASE_URL when running the server.",
                    )
                )
            if _ABSOLUTE.match(url) and not _usable(url):
                self.diagnostics.append(
                    self.doc.diagnostic(
                        Severity.WARNING,
                        "SERVER_URL_INCOMPLETE",
                        f"server URL {url!r} names no host: the operations it serves need "
                        f"{prefix}_{key}_BASE_URL at run time",
                        f"{where}/servers/0/url",
                        f"Set {prefix}_{key}_BASE_URL when running the server.",
                    )
                )
        self._uses.setdefault(server.key, []).append(make_pointer("paths", path, method))
        return server.key

    def servers(self) -> tuple[UpstreamServer, ...]:
        return tuple(sorted(self._by_url.values(), key=lambda s: s.key))

    def report(self) -> list[Diagnostic]:
        """The diagnostics, and one INFO naming every other server and its variable."""
        if not self._uses:
            return self.diagnostics
        prefix = env_prefix(self.name)
        count = sum(len(v) for v in self._uses.values())
        listed = "; ".join(
            f"{prefix}_{s.key}_BASE_URL (default {s.url!r}, {len(self._uses[s.key])} operation(s))"
            for s in self.servers()
        )
        first = min(p for uses in self._uses.values() for p in uses)
        return self.diagnostics + [
            self.doc.diagnostic(
                Severity.INFO,
                "SERVERS_PER_OPERATION",
                f"{count} operation(s) are served by servers of their own, each with its "
                f"variable: {listed}",
                first,
                "Nothing to do; set a variable to send those operations elsewhere.",
            )
        ]

    def _key(self, url: str, written: str) -> str:
        key = _label(url, written, self.main) or "SERVER"
        taken = {s.key for s in self._by_url.values()}
        candidate, n = key, 2
        while candidate in taken:
            candidate, n = f"{key}_{n}", n + 1
        return candidate


def _usable(url: str) -> bool:
    """An absolute http(s) URL with a host and no variable left in it."""
    parts = urlsplit(url)
    return parts.scheme in ("http", "https") and bool(parts.hostname) and "{" not in url


def _label(url: str, written: str, main: str) -> str:
    """What tells this server apart, as a variable name part (see the module docstring)."""
    host_written = urlsplit(written).netloc if _ABSOLUTE.match(written) else ""
    variable = _VARIABLE.search(host_written)
    if variable is not None:
        return _upper(variable.group(1))
    parts = urlsplit(url)
    host = (parts.hostname or "") if _ABSOLUTE.match(url) else ""
    main_host = (urlsplit(main).hostname or "") if _ABSOLUTE.match(main) else ""
    labels, main_labels = host.split(".") if host else [], main_host.split(".") if main_host else []
    shared = 0
    while (
        shared < min(len(labels), len(main_labels))
        and labels[-1 - shared] == main_labels[-1 - shared]
    ):
        shared += 1
    if shared:
        own = labels[: len(labels) - shared]
    else:  # another domain: what comes before it (inference.do-ai.run), else its name
        own = labels[:-2] if len(labels) > 2 else labels[:1]
    own = [label for label in own if label not in ("www", "api")]
    if not own and not shared and len(labels) >= 2:
        own = [labels[-2]]
    if own:
        return _upper("_".join(own))
    return _upper("_".join(p for p in parts.path.split("/") if p)) if parts.path.strip("/") else ""


def _upper(text: str) -> str:
    return re.sub(r"_+", "_", re.sub(r"[^A-Z0-9]", "_", text.upper())).strip("_")
