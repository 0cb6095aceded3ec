"""Credentials from the environment, applied to outgoing requests, and kept out of every output.

Credentials are read once at start. ``Secrets.redact`` is applied to everything the server
returns or logs (results, errors, continuation pages), so an upstream that echoes a token
back cannot leak it to the agent.
"""

from __future__ import annotations

import base64
import os
from dataclasses import dataclass, field
from typing import Mapping

import httpx2

from ..model import Credential, Tool
from .environment import credential_values
from .oauth import OAuthConfig, UpstreamTokens
from .redaction import MIN_SECRET_CHARS, matcher

HINT_OPTIONS = 4  # the alternatives a message names before "... (N more)"


@dataclass
class Secrets:
    """The credentials this process knows; ``redact`` replaces each in every form it can take
    on the way back (raw, percent-encoded, JSON-escaped...: see redaction.py)."""

    values: list[str] = field(default_factory=list)

    def add(self, value: str) -> None:
        if value and len(value) >= MIN_SECRET_CHARS and value not in self.values:
            self.values.append(value)
            self.values.sort(key=len, reverse=True)

    def discard(self, value: str) -> None:
        """Forget a secret that can no longer come back (an access token long replaced)."""
        if value in self.values:
            self.values.remove(value)

    def redact(self, text: str, *also: str) -> str:
        """``text`` without these secrets (and ``also``: e.g. a forwarded caller's token)."""
        return matcher((*self.values, *also)).redact(text)


@dataclass(frozen=True)
class RequestAuth:
    headers: dict[str, str]
    query: dict[str, str]
    cookies: dict[str, str]


class CredentialSet:
    """The credentials available to this server process (from env at start)."""

    def __init__(
        self, credentials: tuple[Credential, ...], environ: Mapping[str, str] | None = None
    ):
        env = os.environ if environ is None else environ
        self.secrets = Secrets()
        self._available: dict[str, tuple[Credential, tuple[str, ...]]] = {}
        # OAuth2 schemes whose tokens the server obtains itself (oauth.py)
        self.tokens: dict[str, UpstreamTokens] = {}
        self._problems: list[str] = []
        for cred in credentials:
            if cred.oauth is not None and cred.env_vars:
                tokens = UpstreamTokens(
                    cred.name,
                    cred.env_vars[0],
                    OAuthConfig.from_json(cred.oauth),
                    env,
                    self.secrets.add,
                    self.secrets.discard,
                )
                if (problem := tokens.problem()) is not None:
                    self._problems.append(problem)
                if tokens.grant is not None:
                    self.tokens[cred.name] = tokens
                    self._available[cred.name] = (cred, ())
                    continue
            values = credential_values(env, cred.env_vars)  # documented: environment.py
            if cred.env_vars and all(values):
                self._available[cred.name] = (cred, values)
                for value in values:
                    self.secrets.add(value)
                if cred.kind == "basic" and len(values) == 2:
                    for form in basic_forms(values[0], values[1]):
                        self.secrets.add(form)

    def problems(self) -> list[str]:
        """Credential settings that cannot work, said at start."""
        return list(self._problems)

    async def authorize(self, tool: Tool, client: httpx2.AsyncClient, base_url: str) -> RequestAuth:
        """``for_tool`` after the OAuth tokens it needs are fresh (obtained or refreshed)."""
        for name in self._chosen(tool):
            if name in self.tokens:
                await self.tokens[name].token(client, base_url)
        return self.for_tool(tool)

    def renew(self, tool: Tool, sent: RequestAuth) -> bool:
        """The upstream answered 401 to ``sent``: drop the OAuth tokens it carried (True when
        one can be obtained again, so the call is worth one retry)."""
        renewed = False
        header = next((v for k, v in sent.headers.items() if k.lower() == "authorization"), "")
        token = header.partition(" ")[2]
        for name in self._chosen(tool):
            if name in self.tokens and token:
                renewed = self.tokens[name].invalidate(token) or renewed
        return renewed

    def missing_hint(self, tool: Tool, all_credentials: tuple[Credential, ...]) -> str:
        """The variables to set for this tool: its alternatives (``A or B and C``), companions
        (impersonation, a second factor) left out, at most ``HINT_OPTIONS`` of them."""
        by_name = {c.name: c for c in all_credentials}
        groups = tool.security_groups or tuple((n,) for n in tool.security)
        options: list[str] = []
        for group in groups:
            creds = [by_name[n] for n in group if n in by_name and not by_name[n].companion]
            option = " and ".join(var for c in creds for var in c.env_vars)
            if option and option not in options:
                options.append(option)
        shown = " or ".join(options[:HINT_OPTIONS])
        return shown + (
            f" or ... ({len(options) - HINT_OPTIONS} more)" if len(options) > HINT_OPTIONS else ""
        )

    def rejected_advice(self, tool: Tool, all_credentials: tuple[Credential, ...]) -> str:
        """What a 401 means: the credentials sent were refused (named: they are set), or none
        was sent (which to set)."""
        sent = [self._available[n][0] for n in self._chosen(tool) if n in self._available]
        if sent:
            names = [c.env_vars[0] if c.oauth is not None else v for c in sent for v in c.env_vars]
            names = list(dict.fromkeys(n for n in names if n))
            verb = "is" if len(names) == 1 else "are"
            return (
                f"the upstream rejected the credentials sent ({', '.join(names)} {verb} set):"
                " check that the value is right for this API, not expired and allowed for"
                " this call"
            )
        wanted = self.missing_hint(tool, all_credentials)
        return "no credentials were sent" + (f"; set {wanted}" if wanted else "")

    def _chosen(self, tool: Tool) -> tuple[str, ...]:
        """The schemes to send: the first alternative whose schemes are all configured (else
        the one with most configured), each sent together; without groups, the first
        configured scheme of ``tool.security`` (any of) that is not a companion, with the
        configured companions (impersonation, a second factor) beside it."""
        if not tool.security_groups:
            alone = [n for n in tool.security if n in self._available]
            first = next((n for n in alone if not self._available[n][0].companion), None)
            if first is None:
                return tuple(alone[:1])
            return (first, *(n for n in alone if self._available[n][0].companion))
        ranked = sorted(
            tool.security_groups,
            key=lambda g: (
                not all(n in self._available for n in g),
                -sum(n in self._available for n in g),
            ),
        )
        return ranked[0]

    def for_tool(self, tool: Tool) -> RequestAuth:
        """The credentials of the chosen alternative (see ``_chosen``), each in its own place
        (a key and a token in two query parameters are both sent); where two would fill the
        same place (two ways to set ``Authorization``), the first wins."""
        headers: dict[str, str] = {}
        query: dict[str, str] = {}
        cookies: dict[str, str] = {}
        for name in self._chosen(tool):
            found = self._available.get(name)
            if found is None:
                continue
            cred, values = found
            if name in self.tokens:
                token = self.tokens[name].current()
                if token is None:
                    continue
                values = (token,)
            if cred.kind == "bearer":
                slot, key, value = headers, "Authorization", f"Bearer {values[0]}"
            elif cred.kind == "basic":
                slot, key = headers, "Authorization"
                value = f"Basic {_basic(values[0], values[1])}"
            else:
                slot = {"query": query, "cookie": cookies}.get(cred.location, headers)
                key, value = cred.param_name, values[0]
            if not any(k.lower() == key.lower() for k in slot):
                slot[key] = value
        return RequestAuth(headers=headers, query=query, cookies=cookies)


def _basic(user: str, password: str) -> str:
    return base64.b64encode(f"{user}:{password}".encode()).decode()


def basic_forms(user: str, password: str) -> list[str]:
    """What basic-auth credentials look like when echoed: ``user:pass`` and its base64
    (standard and URL-safe alphabets, with and without padding)."""
    pair = f"{user}:{password}".encode()
    standard = base64.b64encode(pair).decode()
    urlsafe = base64.urlsafe_b64encode(pair).decode()
    return [pair.decode(), standard, standard.rstrip("="), urlsafe, urlsafe.rstrip("=")]
