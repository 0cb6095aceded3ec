"""Code mode's limits on one ``execute`` (runtime/codemode/), read from ``<PREFIX>_CODE_*``.

Each has a default that suits an agent's short script; a breach ends that script with an
error saying which limit it hit and which variable raises it, and the server keeps serving.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..errors import ConfigurationError
from ..model import ServerModel
from .environment import full_name, value

DEFAULT_TIMEOUT = 30.0  # seconds of wall time, upstream calls included
DEFAULT_MAX_MEMORY = 64 * 1024 * 1024  # bytes of the sandbox's heap
DEFAULT_MAX_CALLS = 20  # upstream requests (pages included) per execute
DEFAULT_MAX_RESULT_BYTES = 4 * 1024 * 1024  # the script's value, as JSON


@dataclass(frozen=True)
class CodeLimits:
    timeout: float = DEFAULT_TIMEOUT
    max_memory: int = DEFAULT_MAX_MEMORY
    max_calls: int = DEFAULT_MAX_CALLS
    max_result_bytes: int = DEFAULT_MAX_RESULT_BYTES


def _positive(env: Mapping[str, str], model: ServerModel, name: str, default: float) -> float:
    raw = value(env, model, name).strip()
    if not raw:
        return default
    try:
        number = float(raw)
    except ValueError:
        raise ConfigurationError(f"{full_name(model, name)}={raw!r} is not a number.") from None
    if not number > 0 or number == float("inf"):
        raise ConfigurationError(f"{full_name(model, name)} must be positive, got {raw!r}.")
    return number


def code_limits_from_env(env: Mapping[str, str], model: ServerModel) -> CodeLimits:
    """The limits of a code-mode server; the defaults elsewhere (nothing reads them)."""
    if model.mode != "code":
        return CodeLimits()
    return CodeLimits(
        timeout=_positive(env, model, "CODE_TIMEOUT", DEFAULT_TIMEOUT),
        max_memory=int(_positive(env, model, "CODE_MAX_MEMORY", DEFAULT_MAX_MEMORY)),
        max_calls=int(_positive(env, model, "CODE_MAX_CALLS", DEFAULT_MAX_CALLS)),
        max_result_bytes=int(
            _positive(env, model, "CODE_MAX_RESULT_BYTES", DEFAULT_MAX_RESULT_BYTES)
        ),
    )
