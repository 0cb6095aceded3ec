"""The Jinja2 environment: StrictUndefined, no autoescape, only the filters of escaping.py."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

from .escaping import FILTERS


def templates_dir() -> Path:
    """``templates/`` of a checkout, or the copy shipped inside the wheel."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "_templates", here.parent / "templates"):
        if (candidate / "package").is_dir():
            return candidate
    raise FileNotFoundError("mcpforge templates not found (broken installation?)")


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(FILTERS)
    return env


def render(template: str, **context: object) -> str:
    return environment().get_template(template).render(**context)
