"""The generated server's description of itself, loaded from its ``spec.json``.

These are the runtime's own data classes (not the generator's IR): tools are data, interpreted
here. Loading is cheap (plain JSON) so a server with hundreds of tools starts fast.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CONTROL_ARGS = ("fields", "detail_level", "response_format")


@dataclass(frozen=True)
class Param:
    arg: str
    location: str  # path | query | header | cookie | body | body_whole | graphql
    wire: str
    required: bool = False
    style: str | None = None
    explode: bool | None = None
    default: Any = None  # sent when the agent gives no value (header params with a default)
    # A constant of the operation (``Action=X`` of an AWS-style ``/?Action=X`` path, a
    # single-valued enum): always sent, never an argument of the tool.
    const: Any = None
    file: str | None = None  # a file to upload, sent as "bytes" or "base64" (upstream/files.py)
    content_type: str | None = None  # the media type of its multipart part, if described


@dataclass(frozen=True)
class Binding:
    kind: str  # "http" | "graphql"
    method: str = "GET"
    path: str = ""
    content_type: str | None = None
    operation_type: str | None = None
    field_name: str | None = None
    xml: dict[str, Any] | None = None  # an XML request body's layout (upstream/xml_body.py)
    server: str | None = None  # the key of ServerModel.servers serving it; None: the API's own
    namespace: str | None = None  # GraphQL: the root field whose object holds field_name

    @property
    def field_path(self) -> str:
        """GraphQL: ``search.transactions``, or the root field's name."""
        field = self.field_name or ""
        return f"{self.namespace}.{field}" if self.namespace else field


@dataclass(frozen=True)
class ResponseConfig:
    collection_path: str | None = None
    field_tree: dict[str, Any] | None = None
    default_fields: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    media_type: str | None = None
    envelope_path: str | None = None
    operator_defaults: bool = False
    xml: dict[str, Any] | None = None  # an XML response's layout (upstream/xml_body.py)
    # What the defaults are read again from at run time, as spec.json has it
    # (shaping/decision.DefaultsContext.from_json reads it)
    context: dict[str, Any] | None = None


@dataclass(frozen=True)
class Limits:
    max_chars: int = 300
    max_chars_detailed: int = 4000
    truncation_marker: str = "… [{cut} more chars]"
    chunk_threshold_tokens: int = 20000
    chunk_tokens: int = 15000
    encoding: str = "o200k_base"
    continuation_ttl: int = 300

    def merged(self, overrides: dict[str, Any] | None) -> "Limits":
        if not overrides:
            return self
        values = {**self.__dict__, **{k: v for k, v in overrides.items() if v is not None}}
        return Limits(**values)


@dataclass(frozen=True)
class Tool:
    name: str
    title: str
    description: str
    input_schema: dict[str, Any]
    annotations: dict[str, Any]
    binding: Binding
    params: tuple[Param, ...]
    response: ResponseConfig
    limits: Limits
    security: tuple[str, ...] = ()
    # Alternatives whose schemes are sent together (key AND token); empty: any one of security.
    security_groups: tuple[tuple[str, ...], ...] = ()
    # Output filters by filter set name (branches as in filters.py) and adapters, in order.
    filters: dict[str, Any] = field(default_factory=dict)
    adapters: tuple[dict[str, Any], ...] = ()
    toolsets: tuple[str, ...] = ()  # overlay toolsets (``--toolsets``) this tool belongs to
    tags: tuple[str, ...] = ()  # the spec's tags (meta mode searches them)
    pagination: dict[str, Any] | None = None  # upstream paging (runtime/upstream/pagination.py)
    # The listed schema with every value of the long enums it shows only examples of
    # (generator/render/compact.py): what arguments are validated against. None: input_schema.
    validation_schema: dict[str, Any] | None = None
    # What the operation does (shaping/kinds.py): read, search, create, update, delete,
    # generate, acknowledge. Decides how its answer is shaped by default.
    kind: str = "read"
    # Resource-server mode: alternatives of OAuth scopes a caller's token needs for this tool
    # (config/scopes.py); empty: none beyond <PREFIX>_AUTH_REQUIRED_SCOPES.
    scopes: tuple[tuple[str, ...], ...] = ()
    # Ask the user before running it (mcp/confirmation.py); None: as <PREFIX>_CONFIRM_DESTRUCTIVE
    # says for a destructive tool.
    confirm: bool | None = None

    def asks_first(self, confirm_destructive: bool) -> bool:
        """Whether the user is asked before it runs (mcp/confirmation.py): as the overlay
        says, else, with ``<PREFIX>_CONFIRM_DESTRUCTIVE``, when it is announced destructive,
        whatever its method."""
        if self.confirm is not None:
            return self.confirm
        return confirm_destructive and self.annotations.get("destructiveHint") is True

    def param(self, arg: str) -> Param | None:
        for p in self.params:
            if p.arg == arg:
                return p
        return None


@dataclass(frozen=True)
class Credential:
    name: str
    kind: str  # api_key | bearer | basic
    location: str = "header"
    param_name: str = "Authorization"
    env_vars: tuple[str, ...] = ()
    # Where OAuth2 tokens come from (config/oauth.py OAuthConfig); None: a token from the env.
    oauth: dict[str, Any] | None = None
    # Sent with another credential, never suggested as one (impersonation, a second factor).
    companion: bool = False


@dataclass(frozen=True)
class UpstreamServer:
    """A server some operations declare for themselves; ``<PREFIX>_<KEY>_BASE_URL`` overrides
    ``url`` (relative: to the API's base URL)."""

    key: str
    url: str


def continue_tool_name(api_name: str) -> str:
    """The name of the continuation tool every server lists beside its operations (``api_name``
    is the package slug, ``petstore`` -> ``petstore_continue``). The generator reserves it when
    it names the operations' tools, and writes it into the package's README."""
    return f"{api_name.replace('-', '_')}_continue"


@dataclass(frozen=True)
class ServerModel:
    name: str
    title: str
    version: str
    description: str
    env_prefix: str
    base_url: str
    kind: str
    tools: tuple[Tool, ...]
    credentials: tuple[Credential, ...] = ()
    limits: Limits = field(default_factory=Limits)
    filter_sets: tuple[str, ...] = ()  # names a server may pick with --filter-set
    mode: str = "per-op"  # "per-op": one tool per operation; "meta": runtime/meta.py
    instructions: str = ""  # sent at initialize: explains what lean tool schemas leave out
    toolsets: tuple[str, ...] = ()  # every toolset name the overlay defines
    servers: tuple[UpstreamServer, ...] = ()  # servers of some operations (config/servers.py)
    # The description's other servers: origins redirects may lead to (config/redirects.py).
    other_urls: tuple[str, ...] = ()

    @property
    def continue_tool_name(self) -> str:
        return continue_tool_name(self.name)

    def tool(self, name: str) -> Tool | None:
        return self._index().get(name)

    def _index(self) -> dict[str, Tool]:
        index = self.__dict__.get("_tool_index")
        if index is None:
            index = {t.name: t for t in self.tools}
            object.__setattr__(self, "_tool_index", index)
        return index


def _tool_from_json(data: dict[str, Any], limits: Limits) -> Tool:
    binding = Binding(**data["binding"])
    params = tuple(Param(**p) for p in data.get("params", ()))
    resp = data.get("response") or {}
    response = ResponseConfig(
        collection_path=resp.get("collection_path"),
        field_tree=resp.get("field_tree"),
        default_fields=tuple(resp.get("default_fields", ())),
        exclude=tuple(resp.get("exclude", ())),
        media_type=resp.get("media_type"),
        envelope_path=resp.get("envelope_path"),
        operator_defaults=bool(resp.get("operator_defaults", False)),
        xml=resp.get("xml"),
        context=resp.get("context"),
    )
    return Tool(
        name=data["name"],
        title=data.get("title", data["name"]),
        description=data.get("description", ""),
        input_schema=data["input_schema"],
        annotations=data.get("annotations", {}),
        binding=binding,
        params=params,
        response=response,
        limits=limits.merged(data.get("limits")),
        security=tuple(data.get("security", ())),
        security_groups=tuple(tuple(g) for g in data.get("security_groups", ())),
        filters=dict(data.get("filters") or {}),
        adapters=tuple(data.get("adapters") or ()),
        toolsets=tuple(data.get("toolsets") or ()),
        tags=tuple(data.get("tags") or ()),
        pagination=data.get("pagination"),
        validation_schema=data.get("validation_schema"),
        kind=str(data.get("kind") or "read"),
        scopes=tuple(tuple(alt) for alt in data.get("scopes") or ()),
        confirm=data.get("confirm") if isinstance(data.get("confirm"), bool) else None,
    )


def model_from_json(data: dict[str, Any]) -> ServerModel:
    server = data["server"]
    limits = Limits().merged(data.get("limits"))
    return ServerModel(
        name=server["name"],
        title=server.get("title", server["name"]),
        version=server.get("version", "0.0.0"),
        description=server.get("description", ""),
        env_prefix=server["env_prefix"],
        base_url=server.get("base_url", ""),
        kind=server.get("kind", "openapi"),
        tools=tuple(_tool_from_json(t, limits) for t in data["tools"]),
        credentials=tuple(
            Credential(**{**c, "env_vars": tuple(c.get("env_vars", ()))})
            for c in data.get("credentials", ())
        ),
        limits=limits,
        filter_sets=tuple(data.get("filter_sets") or ()),
        mode=server.get("mode", "per-op"),
        instructions=server.get("instructions", ""),
        toolsets=tuple(server.get("toolsets") or ()),
        servers=tuple(UpstreamServer(**s) for s in data.get("servers") or ()),
        other_urls=tuple(server.get("other_urls") or ()),
    )


def load_model(path: str | Path) -> ServerModel:
    with open(path, encoding="utf-8") as fh:
        return model_from_json(json.load(fh))
