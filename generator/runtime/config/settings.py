"""Run-time settings of a generated server, read from its environment (``<PREFIX>_*``)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Mapping

from ..errors import ConfigurationError
from ..filters import choose_filter_set
from ..model import ServerModel
from .code_limits import CodeLimits, code_limits_from_env
from .environment import float_default, full_name, has_uploads, int_default, retired, value
from .redirects import RedirectPolicy, redirect_policy
from .servers import server_urls
from .uploads import UploadPolicy


@dataclass(frozen=True)
class AnswerLimits:
    """What parsing one upstream answer may build (upstream/answer_limits.py)."""

    # values: JSON items and members, XML elements (<PREFIX>_MAX_RESPONSE_ELEMENTS)
    max_elements: int = int_default("MAX_RESPONSE_ELEMENTS")
    max_depth: int = int_default("MAX_RESPONSE_DEPTH")  # nesting
    # digits of one JSON integer (Python's own int limit)
    max_integer_digits: int = int_default("MAX_INTEGER_DIGITS")


@dataclass(frozen=True)
class Settings:
    """Every default is written once, in environment.py's ``VARIABLES``."""

    base_url: str
    connect_timeout: float = float_default("CONNECT_TIMEOUT")
    read_timeout: float = float_default("TIMEOUT")
    max_response_bytes: int = int_default("MAX_RESPONSE_BYTES")
    continuation_max_entries: int = int_default("CONTINUATION_MAX_ENTRIES")
    continuation_max_bytes: int = int_default("CONTINUATION_MAX_BYTES")
    # whole call incl. retries and slow bodies (<PREFIX>_TOTAL_TIMEOUT)
    total_timeout: float = float_default("TOTAL_TIMEOUT")
    # extra attempts for idempotent methods (<PREFIX>_RETRIES, 0 = none)
    retries: int = int_default("RETRIES")
    cache_url: str = ""  # redis://... selects the shared continuation store (<PREFIX>_CACHE_URL)
    max_argument_bytes: int = int_default("MAX_ARGUMENT_BYTES")  # JSON size of one call's arguments
    # <PREFIX>_MAX_RESPONSE_ELEMENTS, _MAX_RESPONSE_DEPTH, _MAX_INTEGER_DIGITS
    answer_limits: AnswerLimits = AnswerLimits()
    filter_set: str = ""  # output filter set in use, "" = none (<PREFIX>_FILTER_SET, --filter-set)
    # Uploads (upstream/files.py): the folder a file argument's `path` may read from
    # (<PREFIX>_UPLOAD_DIR; unset: paths are refused) and the size cap (<PREFIX>_MAX_UPLOAD_BYTES).
    uploads: UploadPolicy = UploadPolicy()
    # Servers some operations declare for themselves: key -> (base URL, its variable)
    # (servers.py; <PREFIX>_<KEY>_BASE_URL).
    servers: dict[str, tuple[str, str]] = field(default_factory=dict)
    # Other origins redirects may lead to (redirects.py; <PREFIX>_REDIRECT_ORIGINS); none by default.
    redirects: RedirectPolicy = RedirectPolicy()
    confirm_destructive: bool = False  # ask before every destructive tool (mcp/confirmation.py)
    request_state_keys: tuple[str, ...] = ()  # seal confirmation state; () = a per-process key
    code: CodeLimits = CodeLimits()  # code mode's limits on one execute (<PREFIX>_CODE_*)


def _positive(
    env: Mapping[str, str], model: ServerModel, name: str, kind: type[int] | type[float]
) -> float:
    raw = value(env, model, name)
    key = full_name(model, name)
    if raw == "":
        return float(int_default(name) if kind is int else float_default(name))
    try:
        number = kind(raw)
    except ValueError:
        raise ConfigurationError(f"{key}={raw!r} is not a valid {kind.__name__}.") from None
    if number <= 0:
        raise ConfigurationError(f"{key} must be positive, got {raw!r}.")
    return float(number)


def _seconds(env: Mapping[str, str], model: ServerModel, name: str) -> float:
    """A positive number of seconds (or the like) from ``<PREFIX>_<name>``, else its default."""
    return _positive(env, model, name, float)


def _whole(env: Mapping[str, str], model: ServerModel, name: str) -> int:
    """A positive whole number from ``<PREFIX>_<name>``, else its default."""
    return int(_positive(env, model, name, int))


def settings_from_env(
    model: ServerModel,
    environ: Mapping[str, str] | None = None,
    *,
    sources: Mapping[str, str] | None = None,
) -> Settings:
    """``sources``: the flag that set a variable (``--filter-set``), named in errors instead.
    Every variable is read through environment.py, which documents it in ``--help``."""
    env = os.environ if environ is None else environ
    p = model.env_prefix
    named = sources or {}
    base_url = value(env, model, "BASE_URL") or model.base_url
    if model.kind == "graphql":  # the GraphQL endpoint: <PREFIX>_GRAPHQL_URL wins
        base_url = value(env, model, "GRAPHQL_URL") or base_url
    if not base_url.startswith(("http://", "https://")):
        raise ConfigurationError(
            f"No usable upstream base URL (got {base_url!r}); set {p}_BASE_URL to the API's URL,"
            " e.g. https://api.example.com/v1."
        )
    for message in retired(env, model):  # e.g. <PREFIX>_FORWARD_AUTH (environment.py)
        raise ConfigurationError(message)
    servers = server_urls(model, env, base_url)
    return Settings(
        base_url=base_url,
        connect_timeout=_seconds(env, model, "CONNECT_TIMEOUT"),
        read_timeout=_seconds(env, model, "TIMEOUT"),
        max_response_bytes=_whole(env, model, "MAX_RESPONSE_BYTES"),
        continuation_max_entries=_whole(env, model, "CONTINUATION_MAX_ENTRIES"),
        continuation_max_bytes=_whole(env, model, "CONTINUATION_MAX_BYTES"),
        total_timeout=_seconds(env, model, "TOTAL_TIMEOUT"),
        retries=_retries(env, model),
        cache_url=value(env, model, "CACHE_URL").strip(),
        max_argument_bytes=_whole(env, model, "MAX_ARGUMENT_BYTES"),
        answer_limits=AnswerLimits(
            max_elements=_whole(env, model, "MAX_RESPONSE_ELEMENTS"),
            max_depth=_whole(env, model, "MAX_RESPONSE_DEPTH"),
            max_integer_digits=_whole(env, model, "MAX_INTEGER_DIGITS"),
        ),
        confirm_destructive=_flag(env, model, "CONFIRM_DESTRUCTIVE"),
        request_state_keys=_keys(env, model, "REQUEST_STATE_KEYS"),
        filter_set=choose_filter_set(
            model.filter_sets,
            value(env, model, "FILTER_SET"),
            named.get(f"{p}_FILTER_SET", f"{p}_FILTER_SET"),
        ),
        uploads=_uploads(env, model),
        servers=servers,
        redirects=redirect_policy(
            [base_url, model.base_url, *model.other_urls, *(u for u, _ in servers.values())],
            value(env, model, "REDIRECT_ORIGINS"),
            p,
        ),
        code=code_limits_from_env(env, model),
    )


def _uploads(env: Mapping[str, str], model: ServerModel) -> UploadPolicy:
    if not has_uploads(model):  # the variables exist only for servers that upload files
        return UploadPolicy(env=model.env_prefix)
    folder = value(env, model, "UPLOAD_DIR").strip() or None
    if folder is not None and not os.path.isdir(os.path.expanduser(folder)):
        raise ConfigurationError(f"{full_name(model, 'UPLOAD_DIR')}={folder!r} is not a folder.")
    cap = _whole(env, model, "MAX_UPLOAD_BYTES")
    return UploadPolicy(folder=folder, max_bytes=cap, env=model.env_prefix)


def _retries(env: Mapping[str, str], model: ServerModel) -> int:
    key = full_name(model, "RETRIES")
    raw = value(env, model, "RETRIES").strip()
    if not raw:
        return int_default("RETRIES")
    if not raw.isdigit() or int(raw) > 10:
        raise ConfigurationError(f"{key}={raw!r} must be a whole number from 0 to 10.")
    return int(raw)


def _flag(env: Mapping[str, str], model: ServerModel, name: str) -> bool:
    raw = value(env, model, name).strip().lower()
    if raw not in ("", "0", "1", "true", "false", "yes", "no", "on", "off"):
        raise ConfigurationError(f"{full_name(model, name)}={raw!r} must be 1 or 0.")
    return raw in ("1", "true", "yes", "on")


def _keys(env: Mapping[str, str], model: ServerModel, name: str) -> tuple[str, ...]:
    keys = tuple(k.strip() for k in value(env, model, name).split(",") if k.strip())
    short = [i for i, k in enumerate(keys) if len(k.encode()) < 32]
    if short:
        raise ConfigurationError(
            f"{full_name(model, name)}: key {short[0] + 1} is shorter than 32 characters; use"
            ' random secrets, e.g. python -c "import secrets; print(secrets.token_hex(32))".'
        )
    return keys
