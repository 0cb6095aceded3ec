"""Swagger 2.0 (OpenAPI 2.0) -> the same IR as OpenAPI 3.x, by converting to 3.0 in memory.

Why convert first: after the conversion, every rule of the 3.x loader (validation, ``$ref``
checks and cycles, parameter flattening and name collisions, form bodies, response shapes,
security, tool names, duplicate operationIds) applies unchanged, so a 2.0 and a 3.0
description of one API give the same tools. What is specific to 2.0 lives here and in
swagger2_operations.py / swagger2_schemas.py; every diagnostic names the ORIGINAL 2.0 file
and pointer (swagger2_document.py maps converted pointers back).

Document level: ``host`` + ``basePath`` + ``schemes`` (https preferred) become the server
URL; ``definitions`` become ``components/schemas``; ``securityDefinitions`` become
``components/securitySchemes`` (basic -> http basic, apiKey as is, oauth2 flows renamed, run
as a bearer token from the environment by security.py); top-level ``parameters`` and
``responses`` are inlined where referenced; ``security`` and ``tags`` are kept.
"""

from __future__ import annotations

from typing import Any

from ..diagnostics import Diagnostic
from .document import Document
from .swagger2_document import Notes, PointerMap, Swagger2Document
from .swagger2_operations import OperationConverter, pointer_token
from .swagger2_schemas import SchemaConverter

OPENAPI_VERSION = "3.0.3"
_OAUTH_FLOWS = {
    "implicit": ("implicit", ("authorizationUrl",)),
    "password": ("password", ("tokenUrl",)),
    "application": ("clientCredentials", ("tokenUrl",)),
    "accessCode": ("authorizationCode", ("authorizationUrl", "tokenUrl")),
}


def convert_swagger2(doc: Document) -> tuple[Swagger2Document, list[Diagnostic]]:
    """The OpenAPI 3.0 form of ``doc`` and the diagnostics of the conversion."""
    data: dict[str, Any] = doc.data
    notes = Notes(doc)
    pointers = PointerMap()
    schemas = SchemaConverter(doc, notes)
    out: dict[str, Any] = {"openapi": OPENAPI_VERSION}
    pointers.add("/openapi", "/swagger")
    if "info" in data:
        info = data["info"]
        out["info"] = dict(info) if isinstance(info, dict) else info
    out["servers"] = [{"url": _server_url(data, notes, pointers)}]
    components: dict[str, Any] = {}
    definitions = data.get("definitions")
    if isinstance(definitions, dict):
        components["schemas"] = {
            name: schemas.schema(schema, f"/definitions/{pointer_token(name)}")
            for name, schema in definitions.items()
        }
        pointers.add("/components/schemas", "/definitions")
    security_definitions = data.get("securityDefinitions")
    if isinstance(security_definitions, dict):
        components["securitySchemes"] = {
            name: _security_scheme(scheme) for name, scheme in security_definitions.items()
        }
        pointers.add("/components/securitySchemes", "/securityDefinitions")
    if components:
        out["components"] = components
    for key in ("security", "tags", "externalDocs"):
        if key in data:
            out[key] = data[key]
    operations = OperationConverter(data, notes, schemas, pointers)
    paths = data.get("paths")
    if isinstance(paths, dict):
        out["paths"] = {
            path: operations.path_item(path, item)
            for path, item in paths.items()
            if not path.startswith("x-")
        }
    elif "paths" in data:
        out["paths"] = paths  # not a map: the 3.x validation reports it at /paths
    _report_media(operations.skipped_media, notes)
    converted = Swagger2Document(
        path=doc.path,
        display=doc.display,
        text=doc.text,
        kind=doc.kind,
        data=out,
        original=doc,
        pointers=pointers,
    )
    return converted, notes.items


def _server_url(data: dict[str, Any], notes: Notes, pointers: PointerMap) -> str:
    host = data.get("host")
    given = data.get("basePath")
    base_path = given if isinstance(given, str) else ""
    if not base_path.startswith("/"):
        base_path = "/" + base_path
    raw_schemes = data.get("schemes")
    schemes = (
        [s for s in raw_schemes if isinstance(s, str)] if isinstance(raw_schemes, list) else []
    )
    where = "/host" if "host" in data or "basePath" not in data else "/basePath"
    pointers.add("/servers", where)
    pointers.add("/servers/0/url", where)
    if not isinstance(host, str) or not host:
        return base_path  # relative: servers.py says to set <NAME>_BASE_URL
    if "https" in schemes:
        scheme = "https"
    elif schemes:
        scheme = schemes[0]
    else:
        scheme = "https"
        notes.info(
            "SWAGGER2_SCHEME_ASSUMED",
            "no `schemes`: the base URL uses https",
            "/schemes",
            "Add `schemes: [http]` if the API is served over plain HTTP, or set <NAME>_BASE_URL.",
        )
    return f"{scheme}://{host}{base_path}".rstrip("/")


def _security_scheme(raw: Any) -> Any:
    """The 3.0 form of one security definition; unknown types are passed on (and reported
    by security.py as unsupported)."""
    if not isinstance(raw, dict):
        return raw
    kind = raw.get("type")
    out: dict[str, Any] = {}
    if kind == "basic":
        out = {"type": "http", "scheme": "basic"}
    elif kind == "apiKey":
        out = {"type": "apiKey", "name": raw.get("name"), "in": raw.get("in")}
    elif kind == "oauth2":
        flow_name, urls = _OAUTH_FLOWS.get(str(raw.get("flow")), _OAUTH_FLOWS["accessCode"])
        scopes = raw.get("scopes")
        flow: dict[str, Any] = {"scopes": scopes if isinstance(scopes, dict) else {}}
        for url in urls:
            flow[url] = raw.get(url) if isinstance(raw.get(url), str) else ""
        out = {"type": "oauth2", "flows": {flow_name: flow}}
    else:
        return dict(raw)
    if isinstance(raw.get("description"), str):
        out["description"] = raw["description"]
    return out


def _report_media(skipped: list[tuple[str, str]], notes: Notes) -> None:
    """One INFO per place where non-JSON media types were passed over for JSON ones."""
    for where, types in sorted(set(skipped)):
        notes.info(
            "SWAGGER2_MEDIA_TYPES_SKIPPED",
            f"JSON is used where these media types are also offered: {types}",
            where,
            "Nothing to do: tools send and read JSON when the API offers it.",
        )
