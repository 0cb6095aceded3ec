"""Code mode's limits on one ``execute`` (runtime/codemode/), read from ``<PREFIX>_CODE_*``.

Each has a default that suits an agent's short script; a breach ends that script with an
error saying which limit it hit and which variable raises it, and the server keeps serving.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..errors import ConfigurationError
from ..model import ServerModel
from .environment import float_default, full_name, int_default, value


@dataclass(frozen=True)
class CodeLimits:
    """The defaults are written once, in environment.py's ``VARIABLES``."""

    timeout: float = float_default("CODE_TIMEOUT")  # seconds of wall time, upstream calls included
    max_memory: int = int_default("CODE_MAX_MEMORY")  # bytes of the sandbox's heap
    max_calls: int = int_default("CODE_MAX_CALLS")  # upstream requests (pages included)
    max_result_bytes: int = int_default("CODE_MAX_RESULT_BYTES")  # the script's value, as JSON


def _positive(env: Mapping[str, str], model: ServerModel, name: str, default: float) -> float:
    """A positive number from ``<PREFIX>_<name>`` (a fraction is accepted), else ``default``."""
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
        timeout=_positive(env, model, "CODE_TIMEOUT", float_default("CODE_TIMEOUT")),
        max_memory=int(_positive(env, model, "CODE_MAX_MEMORY", int_default("CODE_MAX_MEMORY"))),
        max_calls=int(_positive(env, model, "CODE_MAX_CALLS", int_default("CODE_MAX_CALLS"))),
        max_result_bytes=int(
            _positive(env, model, "CODE_MAX_RESULT_BYTES", int_default("CODE_MAX_RESULT_BYTES"))
        ),
    )
