"""Optional user hooks: the package's ``hooks.py``, created once by mcpforge and never overwritten.

The module is looked up beside the runtime (``<package>.hooks``). It may define:

- ``before_request(request: dict) -> dict | None``: called with every outgoing upstream request
  (REST or GraphQL) as a plain dict (``tool``, ``method``, ``url``, ``query`` (list of pairs),
  ``headers``, ``cookies``, ``body`` (bytes or None)); change it in place or return a new dict.
- ``auth_headers(tool: str) -> dict[str, str]``: extra credential headers for a call (a token
  from a vault, a refreshed OAuth token); their values are redacted from every result.

Both may be ``async``. A missing module, or a module without these functions, means "no hooks";
an error while importing the module is not hidden (the server fails at start with it).
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass
from typing import Any, Callable

from ..config.auth import Secrets
from ..errors import ToolCallError
from .http_call import OutgoingRequest


@dataclass(frozen=True)
class Hooks:
    before_request: Callable[[dict[str, Any]], Any] | None = None
    auth_headers: Callable[[str], Any] | None = None

    @property
    def active(self) -> bool:
        return self.before_request is not None or self.auth_headers is not None


NO_HOOKS = Hooks()


# This module is ``<package>.runtime.upstream.hooks``: the runtime is its parent package.
RUNTIME_PACKAGE = (__package__ or "").rpartition(".")[0] or None


def hooks_module_name(runtime_package: str | None = RUNTIME_PACKAGE) -> str:
    """``<package>.hooks`` for the runtime at ``<package>.runtime``."""
    parent = (runtime_package or "").rpartition(".")[0]
    return f"{parent}.hooks" if parent else "hooks"


def load_hooks(module_name: str | None = None) -> Hooks:
    name = module_name or hooks_module_name()
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (exc.name == name or name.startswith(exc.name + ".")):
            return NO_HOOKS  # no hooks module: nothing to call
        raise
    before = getattr(module, "before_request", None)
    auth = getattr(module, "auth_headers", None)
    return Hooks(
        before_request=before if callable(before) else None,
        auth_headers=auth if callable(auth) else None,
    )


async def _maybe_await(value: Any) -> Any:
    return await value if inspect.isawaitable(value) else value


def _as_dict(request: OutgoingRequest, tool: str) -> dict[str, Any]:
    return {
        "tool": tool,
        "method": request.method,
        "url": request.url,
        "query": list(request.query),
        "headers": dict(request.headers),
        "cookies": dict(request.cookies),
        "body": request.body,
    }


def _from_dict(data: dict[str, Any]) -> OutgoingRequest:
    try:
        headers = {str(k): str(v) for k, v in dict(data["headers"]).items()}
        for key, value in headers.items():
            if any(c in key + value for c in "\r\n\x00"):
                raise ValueError(f"header {key!r} contains a line break")
        body = data.get("body")
        if isinstance(body, str):
            body = body.encode()
        return OutgoingRequest(
            method=str(data["method"]).upper(),
            url=str(data["url"]),
            query=[(str(k), str(v)) for k, v in data.get("query") or []],
            headers=headers,
            cookies={str(k): str(v) for k, v in dict(data.get("cookies") or {}).items()},
            body=body,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ToolCallError(f"The request hook (hooks.py) returned an invalid request: {exc}")


async def apply_hooks(
    hooks: Hooks, request: OutgoingRequest, tool: str, secrets: Secrets
) -> OutgoingRequest:
    """The request after ``auth_headers`` and ``before_request``; new header secrets are redacted."""
    if not hooks.active:
        return request
    data = _as_dict(request, tool)
    if hooks.auth_headers is not None:
        extra = await _maybe_await(hooks.auth_headers(tool)) or {}
        for key, value in dict(extra).items():
            data["headers"][str(key)] = str(value)
            secrets.add(str(value))
            if str(value).lower().startswith(("bearer ", "basic ", "token ")):
                secrets.add(str(value).split(" ", 1)[1])
    if hooks.before_request is not None:
        returned = await _maybe_await(hooks.before_request(data))
        if returned is not None:
            data = returned
    return _from_dict(data)
