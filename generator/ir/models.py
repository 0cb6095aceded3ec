"""Frozen IR models: ServerSpec -> OperationSpec -> ParamSpec, with a binding and a response shape.

Format-neutral: the OpenAPI and GraphQL loaders both produce these; everything downstream
(overlays, rendering, the runtime data file) only asks for the binding kind.
JSON schemas are kept as plain dicts (already resolved, compact, bounded in depth).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..runtime.shaping.decision import DefaultsContext

ParamLocation = Literal["path", "query", "header", "cookie", "body", "body_whole", "graphql"]
SurfaceMode = Literal["per-op", "meta", "code", "auto"]  # how the tools are listed


@dataclass(frozen=True)
class ParamSpec:
    """One tool argument and where it goes on the wire.

    Collision rule: arguments keep their wire name when unique; when two locations share a
    name, path keeps it and the others get a suffix: ``name__query``, ``name__header``,
    ``name__cookie``, ``name__body`` (see naming.py).
    """

    arg: str
    location: ParamLocation
    wire_name: str
    required: bool
    schema: dict[str, Any]
    description: str = ""
    style: str | None = None
    explode: bool | None = None
    # A constant (``Action=X`` of an AWS-style ``/?Action=X`` path, a single-valued enum):
    # sent on every call, not an argument of the tool (absent from the input schema).
    const: str | None = None
    # A file to upload (a multipart file part, a whole binary body): the argument takes a path
    # or base64 content (runtime/upstream/files.py) and sends its ``bytes``, or their
    # ``base64`` text where the description says the body is base64 (``format: byte``);
    # ``content_type``: the media type of its multipart part (``encoding.contentType``).
    file: Literal["bytes", "base64"] | None = None
    content_type: str | None = None


@dataclass(frozen=True)
class HttpBinding:
    method: str
    path: str
    content_type: str | None = None  # request body media type, if any
    kind: Literal["http"] = "http"
    # An XML request body: its layout (names, attributes, wrapped arrays: loaders/xml_layout.py).
    xml: dict[str, Any] | None = None
    # The key of the ServerSpec.servers entry serving this operation; None: the API's own.
    server: str | None = None


@dataclass(frozen=True)
class GraphQLBinding:
    operation_type: Literal["query", "mutation"]
    field_name: str
    kind: Literal["graphql"] = "graphql"
    # The root field whose object holds ``field_name`` (a namespace: Braintree's ``search {
    # transactions(input: ...) }``); None: ``field_name`` is a root field.
    namespace: str | None = None

    @property
    def field_path(self) -> str:
        """``search.transactions``, or the root field's name."""
        return f"{self.namespace}.{self.field_name}" if self.namespace else self.field_name


@dataclass(frozen=True)
class Annotations:
    read_only: bool | None = None
    destructive: bool | None = None
    idempotent: bool | None = None
    open_world: bool | None = True


@dataclass(frozen=True)
class FieldConfig:
    """Field selection for a resource or an operation (dot paths)."""

    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()


@dataclass(frozen=True)
class ShapingLimits:
    """Budgets and limits; ``None`` means: inherit from the level above (server defaults)."""

    max_chars: int | None = None
    max_chars_detailed: int | None = None
    truncation_marker: str | None = None
    chunk_threshold_tokens: int | None = None
    chunk_tokens: int | None = None
    encoding: str | None = None
    continuation_ttl: int | None = None


@dataclass(frozen=True)
class ResponseShape:
    """What the successful response looks like, as far as the spec says.

    ``collection_path``: None for a single object (or unknown), "" when the body itself is an
    array, or the key of the array in a wrapper object (``data`` for Stripe, ``results`` for
    Notion; any key, found by structure: runtime/shaping/collections.py). ``fields`` are
    relative to an item when there is a collection.
    ``field_tree``: nested dict of known field names (None for a leaf), bounded in depth; None
    when the spec does not describe the body (then any path is accepted).
    ``wrapper_tree``: with a collection in a wrapper object, the wrapper's field tree (where
    ``has_more``, ``last_id``, ``NextMarker`` or ``@odata.nextLink`` live); generation only.
    """

    schema_name: str | None = None
    media_type: str | None = None
    collection_path: str | None = None
    field_tree: dict[str, Any] | None = None
    default_fields: tuple[str, ...] = ()
    identity_fields: tuple[str, ...] = ()
    wrapper_tree: dict[str, Any] | None = None  # a list wrapper's own fields (paging signs)
    # A wrapper around ONE resource (``{"data": {...}}``): the path to it. ``field_tree`` and
    # ``default_fields`` then describe that resource, and ``fields`` paths are relative to it.
    envelope_path: str | None = None
    # An XML response: the layout that reads it into the tree above (loaders/xml_layout.py).
    xml: dict[str, Any] | None = None
    # What the defaults are chosen from besides the tree (runtime/shaping/decision.py); the
    # generator decides them once per operation after the overlay (generator/decisions.py).
    context: DefaultsContext = field(default_factory=DefaultsContext)
    # The tree the defaults are chosen on when it is not ``field_tree`` (GraphQL: deeper than
    # the shipped tree, so nested objects reduce to their identity); not shipped.
    decision_tree: dict[str, Any] | None = None


@dataclass(frozen=True)
class FilterBranchSpec:
    """One branch of an output filter: RFC 6902 ``test`` guards, retained pointers, patches."""

    when: tuple[dict[str, Any], ...] = ()
    retain: tuple[str, ...] | None = None
    patches: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class AdapterSpec:
    """An output adapter: a built-in name, ``module:callable`` or an entry-point name."""

    name: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PaginationSpec:
    """How an operation's upstream pages its results (detected, or declared in the overlay).

    ``style``: ``link`` (RFC 8288 ``Link: <...>; rel="next"``, GitHub), ``cursor`` (a request
    argument takes a cursor read from the body: Stripe ``starting_after`` + ``has_more`` with
    the last item's id, Notion ``start_cursor`` from ``next_cursor``), ``page`` (page number
    argument) or ``offset`` (offset argument advanced by the items received).
    ``cursor_arg``/``page_arg``/``offset_arg`` are tool argument names; ``size_arg`` is the
    page size argument and ``max_size`` its bound; ``next_field`` is the body field holding the
    next cursor (dot path), ``more_field`` the boolean "has more" field; with
    ``cursor_from_last_item`` the cursor is ``cursor_item_field`` of the last item;
    ``next_link_field`` is the body field holding the next request's URL (``@odata.nextLink``,
    ``links.next``), read like a ``Link`` header (with style ``link``).
    """

    style: Literal["link", "cursor", "page", "offset"]
    size_arg: str | None = None
    max_size: int | None = None
    cursor_arg: str | None = None
    next_field: str | None = None
    more_field: str | None = None
    cursor_item_field: str | None = None
    page_arg: str | None = None
    offset_arg: str | None = None
    next_link_field: str | None = None


@dataclass(frozen=True)
class OperationSpec:
    id: str  # stable source id: operationId, or "METHOD /path", or GraphQL "query.field"
    tool_name: str
    title: str
    description: str
    params: tuple[ParamSpec, ...]
    input_schema: dict[str, Any]
    binding: HttpBinding | GraphQLBinding
    response: ResponseShape
    annotations: Annotations
    tags: tuple[str, ...] = ()
    # What the operation does, from its structure (loaders/operation_kind.py) or the overlay:
    # read | search | create | update | delete | generate | acknowledge.
    kind: str = "read"
    source_pointer: str = ""
    fields: FieldConfig = FieldConfig()
    limits: ShapingLimits = ShapingLimits()
    security: tuple[str, ...] = ()  # names of SecurityScheme that apply (any of)
    # Set when schemes must go together: the alternatives, each the schemes sent at once
    # (``[{APIKey: [], APIToken: []}]``; credential parameters belong to every alternative).
    security_groups: tuple[tuple[str, ...], ...] = ()
    # Output filters per filter set name (sorted by name) and adapters in order (overlay).
    filters: tuple[tuple[str, tuple[FilterBranchSpec, ...]], ...] = ()
    adapters: tuple[AdapterSpec, ...] = ()
    toolsets: tuple[str, ...] = ()  # overlay toolsets this operation belongs to (sorted)
    pagination: PaginationSpec | None = None  # how the upstream pages this list (None: not)
    # OAuth scopes a caller needs in resource-server mode: alternatives, each a set of scopes
    # (the description's ``security`` requirements, or the overlay's ``scopes``).
    scopes: tuple[tuple[str, ...], ...] = ()
    # Ask the user before each call (overlay ``confirm``); None: only when the server is told to
    # confirm every destructive tool (<PREFIX>_CONFIRM_DESTRUCTIVE) and this one is.
    confirm: bool | None = None


@dataclass(frozen=True)
class Repository:
    """The generated package's source repository (``server.json`` ``repository``)."""

    url: str  # https://github.com/OWNER/REPO
    source: str  # the forge: github, gitlab, or the host name
    subfolder: str = ""  # the package's folder in a monorepo, relative, "" = the root

    @property
    def github_owner(self) -> str | None:
        if self.source != "github":
            return None
        return self.url.rstrip("/").split("/")[-2]


@dataclass(frozen=True)
class OAuthSpec:
    """Where an ``oauth2``/``openIdConnect`` scheme's tokens come from (runtime/config/oauth.py):
    the token endpoint of its flows (relative URLs are relative to the server URL), or the
    OpenID discovery document that names it."""

    token_url: str = ""
    refresh_url: str = ""  # the flows' refreshUrl, else the token URL of a flow with refresh
    discovery_url: str = ""  # openIdConnectUrl
    client_credentials: bool = False  # the scheme has a clientCredentials flow


@dataclass(frozen=True)
class SecurityScheme:
    """A credential the server reads from the environment and applies to requests."""

    name: str
    kind: Literal["api_key", "bearer", "basic"]
    location: Literal["header", "query", "cookie"] = "header"
    param_name: str = "Authorization"
    env_vars: tuple[str, ...] = ()
    description: str = ""
    # A bearer token the server can obtain itself (OAuth2 flows); None: from the environment.
    oauth: OAuthSpec | None = None
    # Sent with another credential, not one by itself: an API key whose description says it
    # acts as another user or goes together with another credential (a second factor).
    companion: bool = False


@dataclass(frozen=True)
class UpstreamServer:
    """A server that path items or operations declare for themselves (an upload host, a
    regional or product host): its own variable ``<PREFIX>_<KEY>_BASE_URL`` overrides ``url``.
    ``url`` has its variables at their defaults; a relative one (``/upload``) is relative to
    the API's base URL."""

    key: str  # UPLOADS, INFERENCE ... (upper case, digits, underscores)
    url: str
    description: str = ""


@dataclass(frozen=True)
class ServerSpec:
    name: str  # slug: distribution "<name>-mcp", import package "<name>_mcp"
    title: str
    version: str
    description: str
    source_kind: Literal["openapi", "graphql"]
    source_file: str
    base_url: str
    operations: tuple[OperationSpec, ...]
    security: tuple[SecurityScheme, ...] = ()
    limits: ShapingLimits = ShapingLimits()
    resources: dict[str, FieldConfig] = field(default_factory=dict)
    api_version: str = ""
    license: str = ""  # the API's own licence (info.license.name): not the package's
    # The package's licence, an SPDX expression the publisher chose (overlay ``license``,
    # ``--license``); "" = MIT, the default.
    package_license: str = ""
    # The description's first sentence as plain text (Markdown removed): the package summary.
    summary: str = ""
    # Project links for the package metadata, (label, url), from info.contact/externalDocs.
    urls: tuple[tuple[str, str], ...] = ()
    # Name in the official MCP registry (``io.github.OWNER/NAME``); "" = a placeholder default.
    registry_name: str = ""
    repository: Repository | None = None  # where the package's source lives (overlay)
    filter_sets: tuple[str, ...] = ()  # every filter set name the overlay defines, sorted
    # GraphQL sources: the whole schema as SDL; the package ships the part its tools reach.
    graphql_sdl: str = ""
    mode: SurfaceMode = "per-op"  # tool surface (issue 6; code: issue 32; auto resolved at render)
    servers: tuple[UpstreamServer, ...] = ()  # other servers some operations declare
    # The description's other top-level servers (absolute URLs, variables at their defaults):
    # origins a redirect may lead to (runtime config/redirects.py).
    other_urls: tuple[str, ...] = ()
