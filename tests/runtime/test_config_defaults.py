"""Each runtime default is written once, in config/environment.py's table: the settings, the
environment reading, ``--help``, the README and ``server.json`` all take it from there."""

from typing import Any, Callable

import pytest

from generator.runtime.config.code_limits import CodeLimits, code_limits_from_env
from generator.runtime.config.environment import (
    VARIABLES,
    float_default,
    help_text,
    int_default,
    listing,
    text_default,
)
from generator.runtime.config.resource_server import (
    ResourceServerConfig,
    resource_server_from_env,
)
from generator.runtime.config.settings import AnswerLimits, Settings, settings_from_env
from generator.runtime.config.uploads import UploadPolicy
from generator.runtime.mcp.app import log_level
from generator.runtime.model import ServerModel, model_from_json
from generator.runtime.telemetry.json_logs import log_format


def _model(**server: Any) -> ServerModel:
    upload = {"arg": "photo", "location": "body", "wire": "photo", "file": "base64"}
    tool = {
        "name": "put_photo",
        "input_schema": {"type": "object"},
        "binding": {"kind": "http", "method": "POST", "path": "/photo"},
        "params": [upload],
    }
    base = {"name": "demo", "env_prefix": "DEMO", "base_url": "https://api.example", **server}
    return model_from_json({"server": base, "tools": [tool]})


MODEL = _model()
CODE = _model(mode="code")
AUTH = {"DEMO_AUTH_ISSUER_URL": "https://id.example", "DEMO_AUTH_RESOURCE_URL": "https://m.x/mcp"}


def _auth() -> ResourceServerConfig:
    config = resource_server_from_env(MODEL, AUTH)
    assert config is not None, "the issuer and resource URLs turn the resource server on"
    return config


# Every variable whose default is a number: what the settings read from the environment (no
# variable set) and what the settings object says without the environment.
READ: dict[str, tuple[Callable[[], object], object]] = {
    "TIMEOUT": (lambda: settings_from_env(MODEL, {}).read_timeout, Settings("x").read_timeout),
    "CONNECT_TIMEOUT": (
        lambda: settings_from_env(MODEL, {}).connect_timeout,
        Settings("x").connect_timeout,
    ),
    "TOTAL_TIMEOUT": (
        lambda: settings_from_env(MODEL, {}).total_timeout,
        Settings("x").total_timeout,
    ),
    "RETRIES": (lambda: settings_from_env(MODEL, {}).retries, Settings("x").retries),
    "MAX_RESPONSE_BYTES": (
        lambda: settings_from_env(MODEL, {}).max_response_bytes,
        Settings("x").max_response_bytes,
    ),
    "MAX_RESPONSE_ELEMENTS": (
        lambda: settings_from_env(MODEL, {}).answer_limits.max_elements,
        AnswerLimits().max_elements,
    ),
    "MAX_RESPONSE_DEPTH": (
        lambda: settings_from_env(MODEL, {}).answer_limits.max_depth,
        AnswerLimits().max_depth,
    ),
    "MAX_INTEGER_DIGITS": (
        lambda: settings_from_env(MODEL, {}).answer_limits.max_integer_digits,
        AnswerLimits().max_integer_digits,
    ),
    "MAX_ARGUMENT_BYTES": (
        lambda: settings_from_env(MODEL, {}).max_argument_bytes,
        Settings("x").max_argument_bytes,
    ),
    "CONTINUATION_MAX_ENTRIES": (
        lambda: settings_from_env(MODEL, {}).continuation_max_entries,
        Settings("x").continuation_max_entries,
    ),
    "CONTINUATION_MAX_BYTES": (
        lambda: settings_from_env(MODEL, {}).continuation_max_bytes,
        Settings("x").continuation_max_bytes,
    ),
    "MAX_UPLOAD_BYTES": (
        lambda: settings_from_env(MODEL, {}).uploads.max_bytes,
        UploadPolicy().max_bytes,
    ),
    "CODE_TIMEOUT": (lambda: code_limits_from_env({}, CODE).timeout, CodeLimits().timeout),
    "CODE_MAX_MEMORY": (lambda: code_limits_from_env({}, CODE).max_memory, CodeLimits().max_memory),
    "CODE_MAX_CALLS": (lambda: code_limits_from_env({}, CODE).max_calls, CodeLimits().max_calls),
    "CODE_MAX_RESULT_BYTES": (
        lambda: code_limits_from_env({}, CODE).max_result_bytes,
        CodeLimits().max_result_bytes,
    ),
    "AUTH_MAX_TOKEN_BYTES": (
        lambda: _auth().max_token_bytes,
        ResourceServerConfig((), "").max_token_bytes,
    ),
    "AUTH_INTROSPECTIONS_PER_MINUTE": (
        lambda: _auth().introspections_per_minute,
        ResourceServerConfig((), "").introspections_per_minute,
    ),
}


def test_every_number_in_the_table_is_a_default_the_settings_read() -> None:
    numbers = {v.suffix for v in VARIABLES if isinstance(v.default, (int, float))}
    assert numbers == set(READ), "map each numeric variable to the setting that reads it"


@pytest.mark.parametrize("suffix", sorted(READ))
def test_the_settings_use_the_tables_default(suffix: str) -> None:
    read, declared = READ[suffix]
    written = next(v.default for v in VARIABLES if v.suffix == suffix)
    assert read() == written and type(read()) is type(written)
    assert declared == written and type(declared) is type(written)
    typed = float_default if isinstance(written, float) else int_default
    assert typed(suffix) == written


def test_help_and_the_readme_table_show_the_same_default() -> None:
    rows = {name: default for name, _, default in listing(CODE)}
    assert rows["DEMO_TIMEOUT"] == "30" and rows["DEMO_MAX_RESPONSE_BYTES"] == "20 MiB"
    assert rows["DEMO_MAX_ARGUMENT_BYTES"] == "1 MiB" and rows["DEMO_RETRIES"] == "2"
    assert rows["DEMO_CODE_MAX_RESULT_BYTES"] == "4 MiB" and rows["DEMO_CODE_TIMEOUT"] == "30"
    text = " ".join(help_text(CODE).split())
    for suffix in READ:
        assert f"(default {rows['DEMO_' + suffix]})" in text, suffix


def test_log_level_and_format_default_to_the_table() -> None:
    assert text_default("LOG_LEVEL") == "warning" and text_default("LOG_FORMAT") == "text"
    assert log_level(MODEL, None, {}) == 30  # logging.WARNING
    assert log_format(MODEL, {}) == "text"


def test_a_default_of_the_wrong_type_or_none_is_refused() -> None:
    with pytest.raises(TypeError, match="TIMEOUT"):
        int_default("TIMEOUT")  # seconds: a float
    with pytest.raises(KeyError, match="no fixed default"):
        int_default("BASE_URL")  # depends on the server
    with pytest.raises(KeyError, match="NOPE"):
        int_default("NOPE")
