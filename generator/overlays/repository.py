"""The overlay's ``repository``: where the generated package's source lives.

Either a URL or a mapping::

    repository: https://github.com/acme/petstore-mcp
    repository:
      url: https://github.com/acme/apis
      subfolder: servers/petstore-mcp

It becomes ``server.json``'s ``repository`` (``url``, ``source``, ``subfolder``), the
``Repository`` link of the package metadata, and, for a GitHub repository without a
``registry_name``, the MCP registry name ``io.github.<owner>/<package>`` (the namespace the
registry lets that GitHub owner publish under).
"""

from __future__ import annotations

import re
from typing import Any

from ..ir.models import Repository
from .checks import Checker

KEYS = ("url", "subfolder")
# Forges the MCP registry knows by name; any other host is named by its host.
FORGES = {"github.com": "github", "gitlab.com": "gitlab"}
URL_RE = re.compile(r"^https://([A-Za-z0-9.-]+\.[A-Za-z]{2,})(/[A-Za-z0-9._~/-]*)?$")
SEGMENT_RE = re.compile(r"^[A-Za-z0-9._-]+$")


def parse_repository(c: Checker, value: Any) -> Repository | None:
    if value is None:
        return None
    ptr = "/repository"
    if isinstance(value, str):
        entries: dict[str, Any] = {"url": value}
        url_ptr = ptr
    else:
        entries = c.mapping(value, ptr, KEYS, "repository")
        url_ptr = ptr + "/url"
        if "url" not in entries:
            if isinstance(value, dict):
                c.error("OVERLAY_VALUE", "repository needs a url", ptr, "url: https://...")
            return None
    url = c.string(entries["url"], url_ptr)
    if url is None:
        return None
    url = url.strip().removesuffix(".git").rstrip("/")
    found = URL_RE.match(url)
    if found is None or not found.group(2):
        c.error(
            "OVERLAY_VALUE",
            f"repository {url!r} is not an https URL of a repository",
            url_ptr,
            "e.g. https://github.com/OWNER/REPO",
        )
        return None
    host = found.group(1).lower()
    source = FORGES.get(host, host)
    parts = [p for p in found.group(2).split("/") if p]
    if source == "github" and len(parts) != 2:
        c.error(
            "OVERLAY_VALUE",
            f"repository {url!r}: a GitHub repository URL is https://github.com/OWNER/REPO",
            url_ptr,
            "put the package's folder under subfolder",
        )
        return None
    subfolder = ""
    if entries.get("subfolder") is not None:
        text = c.string(entries["subfolder"], ptr + "/subfolder")
        if text is None:
            return None
        segments = text.strip("/").split("/")
        if not text.strip("/") or any(
            s in (".", "..") or not SEGMENT_RE.match(s) for s in segments
        ):
            c.error(
                "OVERLAY_VALUE",
                f"subfolder {text!r} is not a clean relative path",
                ptr + "/subfolder",
                "e.g. servers/petstore-mcp (no '..', no empty parts)",
            )
            return None
        subfolder = "/".join(segments)
    return Repository(url=url, source=source, subfolder=subfolder)
