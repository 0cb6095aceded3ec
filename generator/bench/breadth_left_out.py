"""What the loader left out of each description the breadth benchmark runs: the operations it
skipped, and those it served with a caveat, each by the diagnostic code that says why.

Targets (issue 24): no operation skipped, or served without a part, for a media type or for a
server of its own; no description that loads has every operation skipped.
"""

from __future__ import annotations

from typing import Any

from .breadth_calls import SpecResult

# Served with a caveat: a part sent otherwise than the description says (a parameter's media
# type or style), or a server the operator must name first (its URL is incomplete).
CAVEATS = frozenset({"PARAM_CONTENT_DEGRADED", "PARAM_STYLE_DEGRADED", "SERVER_URL_INCOMPLETE"})
# The target of 0: operations skipped, or served without a part, for a media type or for a
# server of their own. The loaders' codes for a skipped body or server (BODY_UNSUPPORTED,
# BODY_DROPPED, SWAGGER2_FILE_UPLOAD_SKIPPED, SWAGGER2_FILE_FIELD_DROPPED,
# SERVER_OVERRIDE_IGNORED) were retired when issue 24 made every body media type and every
# declared server usable, and the registry (generator/diagnostic_codes.py) refuses them now: a
# loader that skips one again needs a registered code, listed here.
MEDIA_OR_SERVERS = frozenset({"PARAM_CONTENT_DEGRADED"})


def left_out(diagnostics: list[Any]) -> tuple[dict[str, int], dict[str, int]]:
    """(operations skipped, operations served with a caveat), each by diagnostic code: a skip
    is a warning that says "operation skipped" (or "path item skipped")."""
    skipped: dict[str, int] = {}
    caveats: dict[str, int] = {}
    for d in diagnostics:
        if d.message.startswith(("operation skipped", "path item skipped")):
            skipped[d.code] = skipped.get(d.code, 0) + 1
        elif d.code in CAVEATS or d.code in MEDIA_OR_SERVERS:
            caveats[d.code] = caveats.get(d.code, 0) + 1
    return skipped, caveats


def left_out_table(results: list[SpecResult]) -> list[str]:
    """Per description: operations served, skipped and served with a caveat, and why."""
    loaded = [r for r in results if r.failure is None]
    rows = [r for r in loaded if r.left_out or r.caveats]
    media = sum(
        n
        for r in loaded
        for part in (r.left_out, r.caveats)
        for code, n in part.items()
        if code in MEDIA_OR_SERVERS
    )
    # declares operations (the loader skipped them) but serves none; a description of webhooks
    # only has none to serve
    unserved = [r.case.label for r in loaded if not r.operations and r.left_out]
    mark = {True: "met", False: "NOT met"}
    lines = [
        "",
        "### Operations left out by the loader",
        "",
        f"- operations served: {sum(r.operations for r in loaded)}; skipped: "
        f"{sum(sum(r.left_out.values()) for r in loaded)}; served with a caveat: "
        f"{sum(sum(r.caveats.values()) for r in loaded)}",
        f"- skipped, or served without a part, for a media type or a server: {media} "
        f"(target 0: {mark[media == 0]})",
        f"- descriptions whose every operation was skipped: {len(unserved)} "
        f"(target 0: {mark[not unserved]}){': ' + ', '.join(unserved) if unserved else ''}",
    ]
    if rows:
        lines += [
            "",
            "| description | served | skipped | why | served with a caveat |",
            "|---|---:|---:|---|---|",
        ]
        for r in rows:
            why = ", ".join(f"{code} {n}" for code, n in sorted(r.left_out.items()))
            caveats = ", ".join(f"{code} {n}" for code, n in sorted(r.caveats.items()))
            lines.append(
                f"| {r.case.label} | {r.operations} | {sum(r.left_out.values())} | {why} "
                f"| {caveats} |"
            )
    return lines
