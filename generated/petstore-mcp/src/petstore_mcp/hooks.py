# Created once by mcpforge; this file is yours: regenerating the package never overwrites it.
"""Hooks of the petstore-mcp server (optional; delete a function to disable it).

The runtime looks up this module as ``petstore_mcp.hooks`` when the server starts. Both
functions may also be ``async def``.
"""

from typing import Any


def before_request(request: dict[str, Any]) -> dict[str, Any] | None:
    """Called with every outgoing upstream request, after credentials were applied.

    ``request`` has ``tool`` (the tool name), ``method``, ``url``, ``query`` (a list of
    ``(name, value)`` pairs), ``headers`` and ``cookies`` (dicts) and ``body`` (bytes or None).
    Change it in place (e.g. ``request["headers"]["X-Tenant"] = "acme"``) or return a new dict.
    """
    return None


def auth_headers(tool: str) -> dict[str, str]:
    """Extra credential headers for a call to ``tool`` (e.g. a token fetched from a vault).

    The values are redacted from every result and error the server returns.
    """
    return {}
