"""``[project.urls]`` of a generated package, read from the description's ``info``."""

from __future__ import annotations

import re
from typing import Any


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def project_urls(data: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """``[project.urls]`` entries from an OpenAPI document's info.contact and externalDocs."""
    found: list[tuple[str, str]] = []
    info = _mapping(data.get("info"))
    contact = _mapping(info.get("contact"))
    docs = _mapping(data.get("externalDocs"))
    for label, value in (
        ("Documentation", docs.get("url")),
        ("Homepage", contact.get("url")),
        ("Terms of Service", info.get("termsOfService")),
    ):
        if isinstance(value, str) and re.match(r"^https?://[^\s\"'\\]+$", value.strip()):
            found.append((label, value.strip()))
    return tuple(found)
