"""``[project.urls]`` of a generated package, read from the description's ``info``."""

from __future__ import annotations

import re
from typing import Any


def project_urls(data: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """``[project.urls]`` entries from an OpenAPI document's info.contact and externalDocs."""
    found: list[tuple[str, str]] = []
    info = data.get("info") if isinstance(data.get("info"), dict) else {}
    contact = info.get("contact") if isinstance(info.get("contact"), dict) else {}
    docs = data.get("externalDocs") if isinstance(data.get("externalDocs"), dict) else {}
    for label, value in (
        ("Documentation", docs.get("url")),
        ("Homepage", contact.get("url")),
        ("Terms of Service", info.get("termsOfService")),
    ):
        if isinstance(value, str) and re.match(r"^https?://[^\s\"'\\]+$", value.strip()):
            found.append((label, value.strip()))
    return tuple(found)
