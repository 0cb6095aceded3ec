"""Load an overlay file: YAML -> validated ``Overlay`` plus diagnostics (format: FORMAT.md).

Everything that can be checked without the API description is checked here: unknown keys
(with a close-match suggestion), types, values (positive budgets, known encodings, tool name
syntax, chunk size within the chunking threshold). Each problem is an ERROR diagnostic with
the overlay file, the JSON pointer and the line; the offending entry is left out of the
returned Overlay, so a caller may still inspect the rest. Invalid YAML raises GenerationError.

The accepted keys of each level are listed in the ``*_KEYS`` tables below; a later feature
(filters, adapters, toolsets) adds its key to a table and a parser for its value.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from ..diagnostics import Diagnostic, GenerationError, Severity, pointer
from ..ir.models import ShapingLimits
from ..loaders.document import METHODS
from ..naming import SLUG_RULE, is_package_slug, slugify
from ..runtime.shaping.kinds import OPERATION_KINDS
from .checks import Checker, suggest
from .model import (
    BUILTIN_LIMITS,
    ENCODINGS,
    LIMIT_KEYS,
    AuthEntry,
    OperationOverlay,
    Overlay,
    ResourceOverlay,
    Selection,
)
from .annotations import parse_annotations
from .hosting import parse_confirm, parse_confirm_policy, parse_scopes
from .bigapi import parse_mode, parse_pagination, parse_toolsets
from .filters import parse_adapters, parse_filter_sets
from .repository import parse_repository
from .yamlnodes import parse_yaml

TOP_KEYS = (
    "name", "version", "title", "description", "base_url", "registry_name", "repository",
    "license", "auth", "defaults", "select", "resources", "operations",
    "filter_sets", "mode", "toolsets", "confirm",
)  # fmt: skip
SELECT_KEYS = ("include", "exclude")
RESOURCE_KEYS = ("include", "exclude")
OPERATION_KEYS: tuple[str, ...] = (
    "tool_name",
    "title",
    "description",
    "include",
    "exclude",
    "collection",
)
OPERATION_KEYS += LIMIT_KEYS
OPERATION_KEYS += ("adapters",)
OPERATION_KEYS += ("pagination",)
OPERATION_KEYS += ("annotations",)  # annotations.py
OPERATION_KEYS += ("kind",)  # runtime/shaping/kinds.py
OPERATION_KEYS += ("scopes", "confirm")  # hosting.py
AUTH_KEYS = ("type", "env", "in", "name")
AUTH_TYPES = ("bearer", "api_key", "basic")
AUTH_LOCATIONS = ("header", "query", "cookie")
HTTP_METHODS = tuple(method.upper() for method in METHODS)

TOOL_NAME_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
ENV_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# An SPDX licence expression: identifiers (LicenseRef-x too) joined by AND/OR/WITH, brackets.
SPDX_RE = re.compile(r"^\(?[A-Za-z0-9.+-]+\)?(?: (?:AND|OR|WITH) \(?[A-Za-z0-9.+-]+\)?)*$")
REGISTRY_NAME_RE = re.compile(r"^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]{1,150}$")  # MCP registry rule


def load_overlay(path: str | Path) -> tuple[Overlay, list[Diagnostic]]:
    """Read and validate an overlay file. Missing file or invalid YAML raise GenerationError."""
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GenerationError(
            Diagnostic(
                Severity.ERROR,
                "OVERLAY_UNREADABLE",
                f"cannot read the overlay: {exc}",
                file=file,
                hint="check the --overlay path; the file must be UTF-8 YAML",
            )
        ) from exc
    return parse_overlay(text, file)


def parse_overlay(text: str, file: str = "<overlay>") -> tuple[Overlay, list[Diagnostic]]:
    """Validate overlay YAML text; an empty document is a valid empty overlay."""
    doc = parse_yaml(text, file)
    if _is_description(doc.value):
        raise GenerationError(
            Diagnostic(
                Severity.ERROR,
                "OVERLAY_IS_DESCRIPTION",
                "this is an API description, not an overlay: were SPEC and --overlay swapped?",
                file=file,
                hint="the description comes first: mcpforge generate SPEC --overlay overlay.yaml"
                " (mcpforge init SPEC > overlay.yaml writes a starter overlay)",
            )
        )
    checker = _Checker(file, doc.lines, doc.raw, list(doc.diagnostics))
    overlay = checker.overlay(doc.value)
    return overlay, sorted(checker.diagnostics, key=lambda d: (d.line or 0, d.pointer or ""))


def _is_description(value: Any) -> bool:
    """An OpenAPI/Swagger document or a GraphQL introspection result: keys no overlay has."""
    if not isinstance(value, dict):
        return False
    keys = set(value)
    return bool(keys & {"openapi", "swagger", "paths", "__schema"}) or (
        isinstance(value.get("data"), dict) and "__schema" in value["data"]
    )


class _Checker(Checker):
    """The overlay's sections: which keys each level accepts and how its values parse."""

    defaults = ShapingLimits()  # the parsed top-level defaults, once known

    # -- sections ----------------------------------------------------------------------------

    def overlay(self, value: Any) -> Overlay:
        top = self.mapping(value, "", TOP_KEYS, "the overlay")
        scalars: dict[str, str | None] = {}
        for key in ("title", "description", "base_url"):
            scalars[key] = self.string(top[key], pointer(key)) if top.get(key) is not None else None
        version = None
        if top.get("version") is not None:
            version = self.text_or_scalar(top["version"], "/version")
        name = None
        if top.get("name") is not None:
            name = self.string(top["name"], "/name")
            if name is not None and not is_package_slug(name):
                self.error(
                    "OVERLAY_VALUE",
                    f"name {name!r} is not a package slug ({SLUG_RULE})",
                    "/name",
                    f"did you mean {slugify(name)!r}?",
                )
                name = None
        registry = None
        if top.get("registry_name") is not None:
            registry = self.string(top["registry_name"], "/registry_name")
            if registry is not None and not REGISTRY_NAME_RE.match(registry):
                self.error(
                    "OVERLAY_VALUE",
                    f"registry_name {registry!r} is not an MCP registry name",
                    "/registry_name",
                    "use reverse-DNS with one '/': io.github.OWNER/NAME",
                )
                registry = None
        package_license = None
        if top.get("license") is not None:
            package_license = self.string(top["license"], "/license")
            if package_license is not None and not SPDX_RE.match(package_license):
                self.error(
                    "OVERLAY_VALUE",
                    f"license {package_license!r} is not an SPDX licence expression",
                    "/license",
                    "an identifier from https://spdx.org/licenses (MIT, Apache-2.0, "
                    "AGPL-3.0-or-later ...), or LicenseRef-<name> for your own",
                )
                package_license = None
        if scalars["base_url"] is not None and not re.match(r"^https?://", scalars["base_url"]):
            self.error("OVERLAY_VALUE", "base_url must start with http:// or https://", "/base_url")
            scalars["base_url"] = None
        defaults = self.limits(
            self.mapping(top.get("defaults"), "/defaults", LIMIT_KEYS, "defaults"), "/defaults"
        )
        self.check_chunking(defaults, ShapingLimits(), "/defaults")
        self.defaults = defaults
        filter_sets, filters = parse_filter_sets(self, top.get("filter_sets"))
        return Overlay(
            file=self.file,
            name=name,
            version=version,
            title=scalars["title"],
            description=scalars["description"],
            base_url=scalars["base_url"],
            registry_name=registry,
            license=package_license,
            repository=parse_repository(self, top.get("repository")),
            auth=self.auth(top["auth"]) if top.get("auth") is not None else None,
            defaults=defaults,
            select=self.select(top["select"]) if top.get("select") is not None else None,
            resources=self.keyed(top.get("resources"), "/resources", "resources", self.resource),
            operations=self.keyed(
                top.get("operations"), "/operations", "operations", self.operation
            ),
            filter_sets=filter_sets,
            filters=filters,
            mode=parse_mode(self, top.get("mode")),
            toolsets=parse_toolsets(self, top.get("toolsets")),
            confirm=parse_confirm_policy(self, top.get("confirm")),
            lines=self.lines,
        )

    def keyed(
        self, value: Any, ptr: str, what: str, parse: Callable[[str, Any, str], Any]
    ) -> tuple[Any, ...]:
        if value is None:
            return ()
        if not isinstance(value, dict):
            self.type_error(ptr, f"a mapping ({what} by name)", value)
            return ()
        return tuple(parse(key, item, ptr + pointer(key)) for key, item in value.items())

    def limits(self, entries: dict[str, Any], ptr: str) -> ShapingLimits:
        values: dict[str, Any] = {}
        for key in LIMIT_KEYS:
            if key not in entries or entries[key] is None:
                continue
            child = ptr + pointer(key)
            raw = entries[key]
            if key == "encoding":
                enc = self.string(raw, child)
                if enc is not None and enc not in ENCODINGS:
                    close = suggest(enc, ENCODINGS)
                    self.error(
                        "OVERLAY_ENCODING_UNKNOWN",
                        f"unknown tokenizer encoding {enc!r}",
                        child,
                        (
                            f"did you mean {close!r}?"
                            if close
                            else f"use one of {', '.join(ENCODINGS)}"
                        ),
                    )
                    enc = None
                values[key] = enc
            elif key == "truncation_marker":
                values[key] = self.marker(raw, child)
            else:
                values[key] = self.positive_int(raw, child)
        return ShapingLimits(**values)

    def marker(self, raw: Any, ptr: str) -> str | None:
        marker = self.string(raw, ptr)
        if marker is None:
            return None
        try:
            marker.format(cut=0)
        except (KeyError, IndexError, ValueError) as exc:
            self.error(
                "OVERLAY_VALUE",
                f"truncation_marker may only use the placeholder {{cut}} ({exc!r})",
                ptr,
                "write literal braces as '{{' and '}}'",
            )
            return None
        return marker

    def check_chunking(self, own: ShapingLimits, defaults: ShapingLimits, ptr: str) -> None:
        """chunk_tokens must not exceed chunk_threshold_tokens (effective values)."""
        if own.chunk_tokens is None and own.chunk_threshold_tokens is None:
            return
        levels = (own, defaults, BUILTIN_LIMITS)
        chunk = next(lv.chunk_tokens for lv in levels if lv.chunk_tokens is not None)
        threshold = next(
            lv.chunk_threshold_tokens for lv in levels if lv.chunk_threshold_tokens is not None
        )
        if chunk > threshold:
            key = "chunk_tokens" if own.chunk_tokens is not None else "chunk_threshold_tokens"
            self.error(
                "OVERLAY_CHUNK_CONFLICT",
                f"chunk_tokens ({chunk}) is larger than chunk_threshold_tokens ({threshold})",
                ptr + pointer(key),
                "a chunk must fit under the threshold that triggers chunking",
            )

    def select(self, value: Any) -> Selection:
        entries = self.mapping(value, "/select", SELECT_KEYS, "select")
        include = None
        if entries.get("include") is not None:
            include = self.patterns(entries["include"], "/select/include") or None
        exclude = self.patterns(entries.get("exclude") or [], "/select/exclude") or ()
        return Selection(include=include, exclude=exclude)

    def patterns(self, value: Any, ptr: str) -> tuple[str, ...] | None:
        items = self.string_list(value, ptr)
        if items is None:
            return None
        good = []
        for index, item in enumerate(items):
            if item.startswith("method:") and item[7:].upper() not in HTTP_METHODS:
                close = suggest(item[7:].upper(), HTTP_METHODS)
                self.error(
                    "OVERLAY_VALUE",
                    f"unknown HTTP method in {item!r}",
                    f"{ptr}/{index}",
                    (
                        f"did you mean 'method:{close}'?"
                        if close
                        else "use GET, POST, PUT, PATCH, DELETE..."
                    ),
                )
            else:
                good.append(item)
        return tuple(good)

    def resource(self, name: str, value: Any, ptr: str) -> ResourceOverlay:
        entries = self.mapping(value, ptr, RESOURCE_KEYS, f"resource {name!r}")
        return ResourceOverlay(
            name=name,
            include=self.include(entries, ptr),
            exclude=(
                self.field_paths(entries["exclude"], ptr + "/exclude")
                if "exclude" in entries
                else None
            ),
            pointer=ptr,
        )

    def include(self, entries: dict[str, Any], ptr: str) -> tuple[str, ...] | None:
        if "include" not in entries:
            return None
        paths = self.field_paths(entries["include"], ptr + "/include")
        if paths == () and isinstance(entries["include"], list) and not entries["include"]:
            self.error(
                "OVERLAY_VALUE",
                "include is empty",
                ptr + "/include",
                "list at least one field path, use ['*'] for all fields, or remove the key",
            )
            return None
        return paths or None

    def operation(self, key: str, value: Any, ptr: str) -> OperationOverlay:
        entries = self.mapping(value, ptr, OPERATION_KEYS, f"operation {key!r}")
        tool_name = None
        if entries.get("tool_name") is not None:
            tool_name = self.string(entries["tool_name"], ptr + "/tool_name")
            if tool_name is not None and not TOOL_NAME_RE.match(tool_name):
                fixed = re.sub(r"[^A-Za-z0-9_-]+", "_", tool_name).strip("_")[:64]
                self.error(
                    "OVERLAY_TOOL_NAME_INVALID",
                    f"tool name {tool_name!r} must match ^[A-Za-z0-9_-]{{1,64}}$",
                    ptr + "/tool_name",
                    f"did you mean {fixed!r}?" if fixed else "use letters, digits, '_' or '-'",
                )
                tool_name = None
        collection_set = "collection" in entries
        collection = entries.get("collection")
        if collection is not None and not isinstance(collection, str):
            self.type_error(ptr + "/collection", "a string or null", collection)
            collection_set, collection = False, None
        limits = self.limits(entries, ptr)
        self.check_chunking(limits, self.defaults, ptr)
        kind = (
            self.operation_kind(entries.get("kind"), ptr + "/kind") if "kind" in entries else None
        )
        return OperationOverlay(
            key=key,
            tool_name=tool_name,
            title=(
                self.string(entries["title"], ptr + "/title")
                if entries.get("title") is not None
                else None
            ),
            description=(
                self.string(entries["description"], ptr + "/description")
                if entries.get("description") is not None
                else None
            ),
            include=self.include(entries, ptr),
            exclude=(
                self.field_paths(entries["exclude"], ptr + "/exclude")
                if "exclude" in entries
                else None
            ),
            collection_set=collection_set,
            collection=collection,
            limits=limits,
            pointer=ptr,
            adapters=(
                parse_adapters(self, entries["adapters"], ptr + "/adapters")
                if entries.get("adapters") is not None
                else None
            ),
            pagination=parse_pagination(self, entries.get("pagination"), ptr + "/pagination"),
            annotations=parse_annotations(self, entries.get("annotations"), ptr + "/annotations"),
            kind=kind,
            scopes=parse_scopes(self, entries.get("scopes"), ptr + "/scopes"),
            confirm=parse_confirm(self, entries.get("confirm"), ptr + "/confirm"),
        )

    def operation_kind(self, value: Any, ptr: str) -> str | None:
        """One of ``OPERATION_KINDS`` (what the operation does; decides its default shaping)."""
        if isinstance(value, str) and value in OPERATION_KINDS:
            return value
        close = suggest(str(value), list(OPERATION_KINDS)) if isinstance(value, str) else None
        self.error(
            "OVERLAY_BAD_KIND",
            f"kind must be one of {', '.join(OPERATION_KINDS)}, not {value!r}",
            ptr,
            f"did you mean {close!r}?" if close else "see the overlay reference (FORMAT.md)",
        )
        return None

    def auth(self, value: Any) -> tuple[AuthEntry, ...] | None:
        if isinstance(value, dict):
            value = [value]
            self.lines.setdefault("/auth/0", self._line("/auth") or 1)
        if not isinstance(value, list):
            self.type_error("/auth", "a list of credentials", value)
            return None
        entries = [self.auth_entry(item, f"/auth/{index}") for index, item in enumerate(value)]
        return tuple(entry for entry in entries if entry is not None)

    def auth_entry(self, value: Any, ptr: str) -> AuthEntry | None:
        entries = self.mapping(value, ptr, AUTH_KEYS, "an auth entry")
        missing = [key for key in ("type", "env") if entries.get(key) is None]
        if missing or not isinstance(value, dict):
            if isinstance(value, dict):
                self.error("OVERLAY_VALUE", f"auth entry needs {' and '.join(missing)}", ptr)
            return None
        kind = self.string(entries.get("type"), ptr + "/type")
        if kind is None:
            return None
        if kind not in AUTH_TYPES:
            close = suggest(kind, AUTH_TYPES)
            self.error(
                "OVERLAY_VALUE",
                f"unknown auth type {kind!r}",
                ptr + "/type",
                f"did you mean {close!r}?" if close else f"use one of {', '.join(AUTH_TYPES)}",
            )
            return None
        env = self.string_list(entries.get("env"), ptr + "/env")
        wanted = 2 if kind == "basic" else 1
        if env is None:
            return None
        if len(env) != wanted:
            self.error(
                "OVERLAY_VALUE",
                f"auth type {kind} needs {wanted} env var(s), got {len(env)}",
                ptr + "/env",
                "basic: env: [USER_VAR, PASSWORD_VAR]" if kind == "basic" else "env: TOKEN_VAR",
            )
            return None
        bad = [index for index, name in enumerate(env) if not ENV_RE.match(name)]
        for index in bad:
            self.error(
                "OVERLAY_VALUE",
                f"{env[index]!r} is not an environment variable name",
                f"{ptr}/env/{index}",
            )
        if bad:
            return None
        if kind != "api_key":
            extra = [key for key in ("in", "name") if key in entries]
            for key in extra:
                self.error(
                    "OVERLAY_VALUE",
                    f"{key!r} applies to api_key only, not {kind}",
                    ptr + pointer(key),
                )
            if extra:
                return None
            # kind: checked against AUTH_TYPES above (a str to mypy)
            return AuthEntry(type=kind, env=env, pointer=ptr)  # type: ignore[arg-type]
        location = self.string(entries.get("in", "header"), ptr + "/in")
        if location is not None and location not in AUTH_LOCATIONS:
            self.error(
                "OVERLAY_VALUE",
                f"api_key 'in' must be one of {', '.join(AUTH_LOCATIONS)}",
                ptr + "/in",
            )
            return None
        if "name" not in entries:
            self.error("OVERLAY_VALUE", "api_key needs 'name' (the header/query/cookie name)", ptr)
            return None
        param = self.string(entries["name"], ptr + "/name")
        if location is None or not param:
            return None
        # location: checked against AUTH_LOCATIONS above (a str to mypy)
        return AuthEntry(type="api_key", env=env, location=location, param_name=param, pointer=ptr)  # type: ignore[arg-type]
