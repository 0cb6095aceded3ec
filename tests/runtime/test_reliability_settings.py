"""The reliability settings read from the environment, and the store they select."""

import pytest

from generator.runtime.errors import ConfigurationError
from generator.runtime.model import model_from_json
from generator.runtime.continuations.redis_store import RedisContinuationStore, store_from_settings
from generator.runtime.config.settings import settings_from_env

MODEL = model_from_json(
    {"server": {"name": "demo", "env_prefix": "DEMO", "base_url": "http://x"}, "tools": []}
)


def test_defaults_and_overrides() -> None:
    plain = settings_from_env(MODEL, {})
    assert (plain.total_timeout, plain.retries, plain.cache_url) == (60.0, 2, "")
    assert store_from_settings(MODEL, plain) is None  # in memory
    env = {
        "DEMO_TOTAL_TIMEOUT": "5",
        "DEMO_RETRIES": "0",
        "DEMO_CACHE_URL": "redis://127.0.0.1:6390/2",
        "DEMO_MAX_ARGUMENT_BYTES": "99",
    }
    s = settings_from_env(MODEL, env)
    assert (s.total_timeout, s.retries, s.max_argument_bytes) == (5.0, 0, 99)
    store = store_from_settings(MODEL, s)
    assert isinstance(store, RedisContinuationStore) and store.prefix == "mcpforge:demo:"


@pytest.mark.parametrize(
    "env",
    [
        {"DEMO_RETRIES": "-1"},
        {"DEMO_RETRIES": "many"},
        {"DEMO_RETRIES": "11"},
        {"DEMO_TOTAL_TIMEOUT": "0"},
    ],
)
def test_bad_values_are_configuration_errors(env) -> None:
    with pytest.raises(ConfigurationError):
        settings_from_env(MODEL, env)


def test_a_cache_url_that_is_not_redis_is_refused_at_start() -> None:
    s = settings_from_env(MODEL, {"DEMO_CACHE_URL": "memcached://x"})
    with pytest.raises(ConfigurationError, match="DEMO_CACHE_URL"):
        store_from_settings(MODEL, s)


def test_forwarding_the_callers_token_is_refused_at_start() -> None:
    with pytest.raises(ConfigurationError, match="token passthrough"):
        settings_from_env(MODEL, {"DEMO_FORWARD_AUTH": "1"})
