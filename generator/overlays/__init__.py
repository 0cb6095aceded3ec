"""The YAML overlay: a strict, optional file that adjusts the IR (full reference: FORMAT.md here).

``load_overlay(path)`` parses and validates it (diagnostics carry file and line),
``apply_overlay(spec, overlay, file=...)`` applies it to a ServerSpec, and
``starter_overlay(spec)`` writes the commented starter printed by ``mcpforge init SPEC``.

Format (every key optional; an empty file is a valid overlay)::

    name: petstore                 # package slug (CLI --name wins)
    version: 1.0.0                 # generated package version
    title: Petstore
    description: ...
    base_url: https://...          # default upstream base URL
    auth:                          # replaces the description's credentials, used by every tool
      - type: bearer               # bearer | api_key | basic
        env: GITHUB_TOKEN          # basic: env: [USER_VAR, PASS_VAR]
        in: header                 # api_key only: header | query | cookie
        name: Authorization        # api_key only: parameter name
    defaults:                      # global budgets
      max_chars: 300
      max_chars_detailed: 4000
      truncation_marker: "… [{cut} more chars]"
      chunk_threshold_tokens: 20000
      chunk_tokens: 15000          # <= chunk_threshold_tokens
      encoding: o200k_base         # o200k_base | cl100k_base
      continuation_ttl: 300
    select:                        # default: all operations
      include: [listPets, "issues/*", "tag:NAME", "path:/repos/*", "method:GET"]
      exclude: [...]
    resources:                     # per response schema name
      Pet: {include: [id, name], exclude: [tag]}
    operations:                    # keyed by operationId or current tool name
      listPets:
        tool_name: list_pets       # ^[A-Za-z0-9_-]{1,64}$, unique
        title: ...
        description: ...
        include: [id, name, owner.login]   # becomes the default fields
        exclude: [...]
        collection: results        # "" = body is an array, null = one object
        max_chars: 500             # any key of `defaults`

Precedence: operation > resource > heuristic for fields (include and exclude separately);
operation > defaults > description for limits.
"""

from .apply import apply_overlay
from .load import load_overlay, parse_overlay
from .model import (
    BUILTIN_LIMITS,
    AuthEntry,
    OperationOverlay,
    Overlay,
    ResourceOverlay,
    Selection,
)
from .starter import starter_overlay

__all__ = [
    "BUILTIN_LIMITS",
    "AuthEntry",
    "OperationOverlay",
    "Overlay",
    "ResourceOverlay",
    "Selection",
    "apply_overlay",
    "load_overlay",
    "parse_overlay",
    "starter_overlay",
]
