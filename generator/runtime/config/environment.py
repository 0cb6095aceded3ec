"""Every environment variable a generated server reads, in one table.

The table feeds ``<name>-mcp --help``, the package's README and ``server.json``, so a variable
is documented wherever it is read. To add one:

1. add a ``Variable`` to ``VARIABLES`` (its name after ``<PREFIX>_``, a one-line meaning, the
   default, and ``applies`` when only some servers read it, e.g. GraphQL ones); for variables
   whose *names* come from the description (credentials, one base URL per extra server), add
   a function to ``FAMILIES`` that yields them for a model. A number's default is written
   here once, as the number the server uses (an ``int`` or a ``float``: the setting's type);
   the settings (settings.py, code_limits.py, resource_server.py, uploads.py) take it from
   ``setting_default``, and ``--help``, the README and ``server.json`` show it as text
   (``BYTES``: in MiB);
2. read it with ``value(env, model, "NAME")`` (or ``value(env, model, full_name)`` for a
   family's variable): reading a name that is in neither place raises ``KeyError``, so an
   undocumented variable cannot ship. ``tests/runtime/test_environment.py`` checks that every
   variable the runtime reads at start is named in ``--help``, and that no runtime module
   reads the environment except through here.
"""

from __future__ import annotations

import os
import textwrap
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Mapping

from ..filters import choose_filter_set
from ..model import ServerModel
from .oauth_names import oauth_variables

MiB = 1024 * 1024
BYTES = "bytes"  # a Variable's unit: its default is shown in MiB


@dataclass(frozen=True)
class Variable:
    suffix: str  # the name after "<PREFIX>_"
    meaning: Callable[[ServerModel], str] | str  # one line, plain text (--help, README)
    # A number: the setting's default (its type is the setting's); text: the default as a
    # person reads it; "" = none.
    default: Callable[[ServerModel], str] | str | int | float = ""
    applies: Callable[[ServerModel], bool] = lambda model: True
    unit: str = ""  # BYTES: the number is a size, shown in MiB

    def default_for(self, model: ServerModel) -> str:
        """The default as ``--help``, the README and ``server.json`` show it."""
        if callable(self.default):
            return self.default(model)
        if isinstance(self.default, str):
            return self.default
        if self.unit == BYTES and self.default % MiB == 0:
            return f"{self.default // MiB} MiB"
        return f"{self.default:g}" if isinstance(self.default, float) else str(self.default)


def _filter_sets(model: ServerModel) -> str:
    names = ", ".join(sorted(model.filter_sets)) or "(this server has none)"
    return f"output filter set: {names}; none = no filtering (or --filter-set)"


def _toolsets(model: ServerModel) -> str:
    names = ", ".join(sorted(model.toolsets)) or "(this server has none)"
    return f"comma-separated toolsets to expose: {names}; all = every tool (or --toolsets)"


def has_uploads(model: ServerModel) -> bool:
    """The server has tools that upload files (upstream/files.py)."""
    return any(param.file for tool in model.tools for param in tool.params)


def _upload_dir(model: ServerModel) -> str:
    tools = [t.name for t in model.tools if any(p.file for p in t.params)]
    shown = ", ".join(tools[:6]) + (f" and {len(tools) - 6} more" if len(tools) > 6 else "")
    return (
        f"the folder a file argument's path may be read from ({shown}); unset: files are sent"
        " as base64 content only"
    )


VARIABLES: tuple[Variable, ...] = (
    Variable(
        "BASE_URL",
        "upstream API base URL",
        lambda m: m.base_url if "://" in m.base_url else "(none: set it)",
    ),
    Variable(
        "GRAPHQL_URL",
        "GraphQL endpoint; wins over BASE_URL (documents are validated against the bundled "
        "schema.graphql before they are sent)",
        applies=lambda m: m.kind == "graphql",
    ),
    Variable("TIMEOUT", "read timeout in seconds", 30.0),
    Variable("CONNECT_TIMEOUT", "connect timeout in seconds", 10.0),
    Variable(
        "TOTAL_TIMEOUT",
        "deadline of a whole call in seconds: every attempt, wait and body read",
        60.0,
    ),
    Variable(
        "RETRIES",
        "retries of idempotent calls (GET, HEAD, PUT, DELETE, OPTIONS) on connection errors "
        "and 408/429/5xx, honouring Retry-After; 0 = off",
        2,
    ),
    Variable("MAX_RESPONSE_BYTES", "largest upstream body read", 20 * MiB, unit=BYTES),
    Variable(
        "MAX_RESPONSE_ELEMENTS",
        "most values one upstream answer may hold (JSON items and members, XML elements); "
        "a larger answer is refused unparsed",
        1_000_000,
    ),
    Variable("MAX_RESPONSE_DEPTH", "deepest nesting of an upstream answer that is parsed", 100),
    Variable("MAX_INTEGER_DIGITS", "most digits of one integer in a JSON answer", 4300),
    Variable(
        "REDIRECT_ORIGINS",
        "comma-separated origins (https://host[:port]) upstream redirects may lead to besides "
        "the API's own servers; never with a request body, and a private, loopback or "
        "link-local address only when the base URL is one too",
        "the description's servers only",
    ),
    Variable("MAX_ARGUMENT_BYTES", "largest JSON size of one call's arguments", MiB, unit=BYTES),
    Variable(
        "CONTINUATION_MAX_ENTRIES",
        "most paged results kept for continue (least recently used dropped first)",
        1000,
    ),
    Variable(
        "CONTINUATION_MAX_BYTES",
        "most bytes of paged results kept for continue",
        64 * MiB,
        unit=BYTES,
    ),
    Variable(
        "CACHE_URL",
        "redis://host:port/db (the [redis] extra) or redis-cluster://host:port: share paged "
        "results between replicas",
        "in memory",
    ),
    Variable("FILTER_SET", _filter_sets, lambda m: choose_filter_set(m.filter_sets, "", "")),
    Variable("TOOLSETS", _toolsets, "all"),
    Variable(
        "READ_ONLY", "1: expose only GET/HEAD and GraphQL query tools (or --read-only)", "off"
    ),
    Variable(
        "LOG_LEVEL", "stderr log level: debug, info, warning, error (or --log-level)", "warning"
    ),
    Variable(
        "LOG_FORMAT",
        "stderr log format: text, or json (one JSON object a line, with trace and span ids "
        "when telemetry is on)",
        "text",
    ),
    Variable("UPLOAD_DIR", _upload_dir, "unset", applies=has_uploads),
    Variable(
        "MAX_UPLOAD_BYTES",
        "largest file one upload may send",
        20 * MiB,
        applies=has_uploads,
        unit=BYTES,
    ),
    Variable(
        "CONFIRM_DESTRUCTIVE",
        "1: ask the user before every destructive tool call (tools the overlay marks are "
        "asked about anyway)",
        "off",
    ),
    # Code mode (runtime/codemode/): the limits of one execute (config/code_limits.py)
    Variable(
        "CODE_TIMEOUT",
        "code mode: wall-time seconds of one execute, upstream calls included",
        30.0,
        applies=lambda m: m.mode == "code",
    ),
    Variable(
        "CODE_MAX_MEMORY",
        "code mode: bytes of memory a script may use",
        64 * MiB,
        applies=lambda m: m.mode == "code",
        unit=BYTES,
    ),
    Variable(
        "CODE_MAX_CALLS",
        "code mode: upstream requests one execute may make (each page counts)",
        20,
        applies=lambda m: m.mode == "code",
    ),
    Variable(
        "CODE_MAX_RESULT_BYTES",
        "code mode: largest value a script may return, as JSON (before it is shaped and paged)",
        4 * MiB,
        applies=lambda m: m.mode == "code",
        unit=BYTES,
    ),
    Variable(
        "REQUEST_STATE_KEYS",
        "secrets (32+ characters each, comma-separated; the first seals) protecting the state "
        "a confirmation question travels with: the same on every replica",
        "a random key per process",
    ),
    # Authorization over HTTP: resource_server.py (--auth-* flags set the first five)
    Variable(
        "AUTH_ISSUER_URL",
        "HTTP: the OAuth authorization server(s) issuing access tokens for this server, "
        "comma-separated; with AUTH_RESOURCE_URL it turns authorization on (or --auth-issuer-url)",
        "off",
    ),
    Variable(
        "AUTH_RESOURCE_URL",
        "HTTP: this server's public URL, e.g. https://mcp.example.com/mcp: the audience its "
        "access tokens must carry (or --auth-resource-url)",
    ),
    Variable(
        "AUTH_REQUIRED_SCOPES",
        "HTTP: scopes every request needs, space or comma separated (or --auth-required-scopes)",
    ),
    Variable(
        "AUTH_JWKS_URL",
        "HTTP: the keys of JWT access tokens (or --auth-jwks-url)",
        "the jwks_uri of the issuer's metadata",
    ),
    Variable(
        "AUTH_INTROSPECTION_URL",
        "HTTP: RFC 7662 endpoint for opaque access tokens (or --auth-introspection-url)",
        "the introspection_endpoint of the issuer's metadata",
    ),
    Variable("AUTH_CLIENT_ID", "HTTP: this server's client id at the introspection endpoint"),
    Variable("AUTH_CLIENT_SECRET", "HTTP: this server's client secret there"),
    Variable("AUTH_TOOL_SCOPES", "HTTP: off = do not check each tool's own scopes", "on"),
    Variable("AUTH_MAX_TOKEN_BYTES", "HTTP: longer bearer tokens are refused unread", 8192),
    Variable(
        "AUTH_INTROSPECTIONS_PER_MINUTE",
        "HTTP: introspection requests one client address may cause per minute (answers, "
        "refusals included, are cached)",
        30,
    ),
    Variable(
        "AUTH_ALLOW_PLAIN_JWT",
        "HTTP: 1 = accept JWT access tokens typed JWT or untyped, not only RFC 9068 at+jwt",
        "off",
    ),
)


def _fixed_default(suffix: str) -> str | int | float:
    for var in VARIABLES:
        if var.suffix == suffix:
            if callable(var.default) or var.default == "":
                raise KeyError(f"{suffix} has no fixed default in VARIABLES")
            return var.default
    raise KeyError(f"{suffix} is not in runtime/config/environment.py: add it there first")


def int_default(suffix: str) -> int:
    """The default of the whole-number setting ``<PREFIX>_<suffix>``, as the server uses it:
    written once, in ``VARIABLES``."""
    found = _fixed_default(suffix)
    if not isinstance(found, int):
        raise TypeError(f"{suffix}'s default in VARIABLES is not an int: {found!r}")
    return found


def float_default(suffix: str) -> float:
    """The default of the setting ``<PREFIX>_<suffix>`` measured in seconds or the like."""
    found = _fixed_default(suffix)
    if not isinstance(found, float):
        raise TypeError(f"{suffix}'s default in VARIABLES is not a float: {found!r}")
    return found


def text_default(suffix: str) -> str:
    """The default of the text setting ``<PREFIX>_<suffix>`` (e.g. a log level)."""
    found = _fixed_default(suffix)
    if not isinstance(found, str):
        raise TypeError(f"{suffix}'s default in VARIABLES is not text: {found!r}")
    return found


# Variables a server once read and refuses now: (suffix, what it did, what to do instead).
RETIRED: tuple[tuple[str, str, str], ...] = (
    (
        "FORWARD_AUTH",
        "sent each HTTP caller's Authorization header upstream (token passthrough)",
        "{name} is no longer supported: sending the MCP caller's token to the upstream API is"
        " token passthrough, which the MCP security best practices forbid. Unset it; protect"
        " the HTTP server with {prefix}_AUTH_ISSUER_URL and {prefix}_AUTH_RESOURCE_URL and give"
        " it its own upstream credentials (see the README).",
    ),
)


def credential_meaning(
    kind: str, location: str, param_name: str, position: int = 0, companion: bool = False
) -> str:
    """A credential variable in plain words (``--help``, the README, ``server.json``)."""
    if companion:
        where = {"query": "query parameter", "cookie": "cookie"}.get(location, "header")
        return (
            f"value of the {param_name} {where}, sent along with another credential (not a"
            " credential by itself: the description says it acts as another user or goes"
            " with another credential)"
        )
    if kind == "basic":
        return ("user name" if position == 0 else "password") + " for HTTP basic authentication"
    if kind == "api_key":
        where = {"query": "query parameter", "cookie": "cookie"}.get(location, "header")
        return f"API key, sent in the {param_name} {where}"
    return "access token, sent as a bearer token in the Authorization header"


def _credentials(model: ServerModel) -> Iterator[tuple[str, str, str]]:
    for cred in model.credentials:
        for position, var in enumerate(cred.env_vars):
            if cred.oauth is not None:
                meaning = f"OAuth2 access token for {cred.name}"
                if cred.oauth.get("token_url") or cred.oauth.get("discovery_url"):
                    meaning += "; optional when the server gets its own (the next variables)"
                yield var, meaning, ""
            else:
                meaning = credential_meaning(
                    cred.kind, cred.location, cred.param_name, position, cred.companion
                )
                yield var, meaning, ""
        if cred.oauth is not None and cred.env_vars:
            yield from _oauth(cred.name, cred.env_vars[0], cred.oauth)


def _oauth(name: str, var: str, oauth: Mapping[str, object]) -> Iterator[tuple[str, str, str]]:
    """The variables with which the server obtains its own tokens for an OAuth2 scheme."""
    names = oauth_variables(var)
    if oauth.get("client_credentials"):
        how = f"OAuth2 client id of {name}: the server gets its own tokens (client credentials)"
    else:
        how = f"OAuth2 client id of {name}, sent with the refresh token"
    yield names["client_id"], how, ""
    yield names["client_secret"], f"OAuth2 client secret of {name}", ""
    yield (
        names["refresh_token"],
        f"OAuth2 refresh token of {name}: the server refreshes its access token with it "
        "(a rotated one is kept in memory; after a restart this value is used again)",
        "",
    )
    token_url = str(oauth.get("token_url") or "")
    where = token_url or "the token_endpoint of OpenID discovery"
    if token_url and not token_url.startswith(("http://", "https://")):
        where += " (relative to the base URL)"
    yield names["token_url"], f"token endpoint of {name}", where
    listed = oauth.get("scopes")  # a list in spec.json
    scopes = " ".join(str(s) for s in listed) if isinstance(listed, (list, tuple)) else ""
    yield names["scopes"], f"scopes to ask {name}'s token endpoint for", scopes or "none"


def _servers(model: ServerModel) -> Iterator[tuple[str, str, str]]:
    """One base URL per server some operations declare for themselves (config/servers.py)."""
    for server in model.servers:
        tools = [t.name for t in model.tools if t.binding.server == server.key]
        shown = ", ".join(tools[:6]) + (f" and {len(tools) - 6} more" if len(tools) > 6 else "")
        relative = "" if "://" in server.url else f", relative to {model.env_prefix}_BASE_URL"
        yield (
            f"{model.env_prefix}_{server.key}_BASE_URL",
            f"base URL of the server the description gives {shown}{relative}",
            server.url,
        )


# Variables whose names come from the description: (name, meaning, default) for a model.
FAMILIES: tuple[Callable[[ServerModel], Iterable[tuple[str, str, str]]], ...] = (
    _servers,
    _credentials,
)

# Not ours, but read in every server by what it runs on: said in --help, never in the table.
STANDARD = (
    ("HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, NO_PROXY", "proxies of the HTTP client"),
    ("SSL_CERT_FILE, SSL_CERT_DIR", "CA certificates (OpenSSL)"),
    (
        "OTEL_TRACES_EXPORTER, OTEL_METRICS_EXPORTER, OTEL_EXPORTER_OTLP_*, OTEL_SERVICE_NAME,"
        " OTEL_RESOURCE_ATTRIBUTES, OTEL_SDK_DISABLED, ...",
        "OpenTelemetry traces and metrics (with the [otel] extra)",
    ),
)

# The OpenTelemetry variables the runtime reads itself to decide whether telemetry is on and
# which exporters to build (telemetry/switch.py); the SDK reads the others (endpoints,
# headers, sampler, resource) as the OpenTelemetry specification defines them.
OTEL_VARIABLES = frozenset(
    {
        "OTEL_SDK_DISABLED",
        "OTEL_TRACES_EXPORTER",
        "OTEL_METRICS_EXPORTER",
        "OTEL_EXPORTER_OTLP_ENDPOINT",
        "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
        "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
        "OTEL_EXPORTER_OTLP_PROTOCOL",
        "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL",
        "OTEL_EXPORTER_OTLP_METRICS_PROTOCOL",
    }
)


def listing(model: ServerModel) -> list[tuple[str, str, str]]:
    """(full name, meaning, default) of every variable this server reads, in table order."""
    rows = []
    for var in VARIABLES:
        if var.applies(model):
            meaning = var.meaning(model) if callable(var.meaning) else var.meaning
            rows.append((f"{model.env_prefix}_{var.suffix}", meaning, var.default_for(model)))
    for family in FAMILIES:
        rows.extend(family(model))
    return rows


def shown_defaults(model: ServerModel) -> dict[str, str]:
    """Suffix -> the default as ``listing`` shows it, for the variables this server reads."""
    return {var.suffix: var.default_for(model) for var in VARIABLES if var.applies(model)}


def full_name(model: ServerModel, name: str) -> str:
    """``<PREFIX>_NAME`` for a ``VARIABLES`` suffix, ``name`` itself for a family's variable;
    KeyError for a name documented in neither place."""
    if any(v.suffix == name for v in VARIABLES):
        return f"{model.env_prefix}_{name}"
    if any(name == row[0] for family in FAMILIES for row in family(model)):
        return name
    raise KeyError(f"{name} is not in runtime/config/environment.py: add it there first")


def value(env: Mapping[str, str] | None, model: ServerModel, name: str, default: str = "") -> str:
    """The variable ``name`` (see ``full_name``) from ``env``, default ``os.environ``."""
    return (os.environ if env is None else env).get(full_name(model, name), default)


def otel_value(env: Mapping[str, str] | None, name: str) -> str:
    """The OpenTelemetry variable ``name`` (one of ``OTEL_VARIABLES``), "" when unset."""
    if name not in OTEL_VARIABLES:
        raise KeyError(f"{name} is not in OTEL_VARIABLES (runtime/config/environment.py)")
    return (os.environ if env is None else env).get(name, "")


def retired(env: Mapping[str, str] | None, model: ServerModel) -> list[str]:
    """What to say about each retired variable that is still set."""
    source = os.environ if env is None else env
    found = []
    for suffix, _, message in RETIRED:
        name = f"{model.env_prefix}_{suffix}"
        if source.get(name, "").strip():
            found.append(message.format(name=name, prefix=model.env_prefix))
    return found


def credential_values(env: Mapping[str, str] | None, env_vars: Iterable[str]) -> tuple[str, ...]:
    """The values of a credential's variables (the ``_credentials`` family), "" when unset."""
    source = os.environ if env is None else env
    return tuple(source.get(var, "") for var in env_vars)


def help_text(model: ServerModel, columns: int = 100) -> str:
    """The environment section of ``--help``: each variable and its meaning (wrapped to
    ``columns``), then the standard ones."""
    lines = ["environment variables (read at start):"]
    for name, meaning, default in listing(model):
        text = meaning + (f" (default {default})" if default else "")
        lines.append(f"  {name}")
        lines += textwrap.wrap(text, columns, initial_indent=" " * 6, subsequent_indent=" " * 6)
    lines.append("also honoured:")
    for names, meaning in STANDARD:
        lines.append(f"  {names}: {meaning}")
    return "\n".join(lines)
