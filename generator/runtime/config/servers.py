"""Which base URL each call goes to: the API's own (``<PREFIX>_BASE_URL``) or the server its
operation declares for itself (``<PREFIX>_<KEY>_BASE_URL``, default the description's URL; a
relative one is relative to the API's base URL).

A variable set to something that is not an http(s) URL stops the server at start. A server whose
description gives no usable URL (no host, a variable left without a default) is only needed by
its own operations: calling one says which variable to set, and nothing is sent.
"""

from __future__ import annotations

from typing import Mapping
from urllib.parse import urljoin, urlsplit

from ..errors import ConfigurationError
from ..model import ServerModel, Tool
from .environment import value


def server_urls(
    model: ServerModel, env: Mapping[str, str], main: str
) -> dict[str, tuple[str, str]]:
    """Key -> (base URL, the variable that overrides it), for every server of ``model``."""
    found: dict[str, tuple[str, str]] = {}
    for server in model.servers:
        variable = f"{model.env_prefix}_{server.key}_BASE_URL"
        given = value(env, model, variable).strip()
        if given:
            if not usable(given):
                raise ConfigurationError(
                    f"{variable}={given!r} is not a usable URL; give the base URL of that server,"
                    " e.g. https://uploads.example.com."
                )
            found[server.key] = (given, variable)
        elif urlsplit(server.url).scheme:
            found[server.key] = (server.url, variable)
        else:  # relative to the API's base URL
            found[server.key] = (urljoin(main.rstrip("/") + "/", server.url), variable)
    return found


def usable(url: str) -> bool:
    """An absolute http(s) URL with a host and no variable left in it."""
    parts = urlsplit(url)
    return parts.scheme in ("http", "https") and bool(parts.hostname) and "{" not in url


def base_url_for(tool: Tool, main: str, servers: Mapping[str, tuple[str, str]]) -> str:
    """The base URL ``tool`` is called at; ConfigurationError when its server has none."""
    key = tool.binding.server
    if not key or key not in servers:
        return main
    url, variable = servers[key]
    if not usable(url):
        raise ConfigurationError(
            f"{tool.name} is served by {url!r}, which the API's description leaves incomplete;"
            f" set {variable} to that server's base URL. Nothing was sent."
        )
    return url
