"""Every diagnostic code mcpforge reports, with its severity and what it means: the registry.

A code is ``AREA_WHAT`` in capitals (``OVERLAY_UNKNOWN_KEY``, ``SPEC_NOT_FOUND``); it is stable,
so scripts and tests can rely on it, and it is printed with every diagnostic
(``mcpforge: error: file:line at /pointer: CODE: message``). ``Diagnostic`` refuses a code that
is not listed here (``tests/test_diagnostic_codes.py`` also finds unlisted codes in the
source), and generator/CLI.md's table of codes is rendered from this list.

Codes that once had another name keep it in ``formerly``: a diagnostic built with the old
name gets the new one, and ``lookup`` accepts both.

To add a code: add a ``Code`` to ``CODES`` (in order), then run
``python -m generator.diagnostic_codes`` and paste its table into generator/CLI.md (a test
fails until the two agree).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from enum import Enum


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO  # N: an info note
CODE_FORM = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")


@dataclass(frozen=True)
class Code:
    name: str
    severities: tuple[Severity, ...]  # what it is reported as (an error stops generation)
    meaning: str  # one line, plain words: what happened and what was done
    formerly: str = ""  # the name it had before (still accepted)


CODES: tuple[Code, ...] = (
    # The command line and its inputs
    Code("SPEC_NOT_FOUND", (E,), "the description file does not exist", "spec-not-found"),
    Code(
        "SPEC_IS_DIRECTORY",
        (E,),
        "SPEC names a directory; give the description file",
        "spec-is-directory",
    ),
    Code(
        "SPEC_IS_URL",
        (E,),
        "a URL was given where a local file is read; download it first (the hint says how)",
        "spec-is-url",
    ),
    Code("NAME_INVALID", (E,), "--name is not a package slug (lower-case words and dashes)"),
    Code("LICENSE_INVALID", (E,), "--license is not an SPDX licence expression", "bad-license"),
    Code(
        "NO_OPERATIONS",
        (E,),
        "no operation of the description could be turned into a tool",
        "no-operations",
    ),
    Code(
        "EXAMPLES_MANIFEST_INVALID",
        (E,),
        "specs/manifest.yaml (the committed examples) cannot be read",
        "bad-manifest",
    ),
    Code(
        "DIFF_NOT_A_PACKAGE",
        (E,),
        "mcpforge diff was given a directory that is not a generated package",
        "diff-not-a-package",
    ),
    # Reading a document (description, overlay or $ref target)
    Code("DOCUMENT_NOT_FOUND", (E,), "a file the description names does not exist"),
    Code("DOCUMENT_UNREADABLE", (E,), "a file cannot be read (permissions, a directory, ...)"),
    Code("DOCUMENT_ENCODING", (E,), "a file is not UTF-8"),
    Code("DOCUMENT_INVALID_JSON", (E,), "a .json file is not valid JSON"),
    Code("DOCUMENT_INVALID_YAML", (E,), "a file is not valid YAML"),
    Code("DOCUMENT_NOT_MAPPING", (E,), "the document is not a mapping (a JSON object)"),
    # OpenAPI and Swagger 2.0: the document as a whole
    Code("NOT_OPENAPI", (E,), "the document has no `openapi` (or `swagger`) field"),
    Code("OPENAPI_VERSION_INVALID", (E,), "`openapi` is not a version string such as 3.1.0"),
    Code(
        "OPENAPI_VERSION_UNSUPPORTED", (E,), "an OpenAPI version other than 3.0.x, 3.1.x or 3.2.x"
    ),
    Code("SWAGGER2_UNSUPPORTED", (E,), "a Swagger version other than 2.0"),
    Code(
        "OPENAPI_INVALID",
        (E, W),
        "the document breaks the OpenAPI schema: fatal outside operations and components,"
        " a warning inside components",
    ),
    Code(
        "INFO_VERSION_MISSING",
        (W,),
        "info.version is missing: read as 0.0.0 (the API's version and, unless set, the"
        " package's)",
    ),
    Code(
        "INFO_TITLE_MISSING",
        (W,),
        "info.title is missing: read as the file's name (which names the package unless named)",
    ),
    Code("WEBHOOKS_IGNORED", (N,), "webhooks are calls the API makes, not tools: ignored"),
    Code("CALLBACKS_IGNORED", (N,), "callbacks are requests the API sends, not tools: ignored"),
    Code(
        "OPERATIONS_NOT_GENERATED",
        (W,),
        "a path item's additionalOperations (OpenAPI 3.2: COPY, LINK...) give no tools",
    ),
    # References
    Code(
        "REF_DANGLING",
        (E,),
        "a $ref a tool cannot do without (a request body, a path item...) points to nothing",
    ),
    Code("SCHEMA_REF_DANGLING", (W,), "a schema $ref points to nothing: any value"),
    Code("EXAMPLE_REF_DANGLING", (W,), "an example's $ref points to nothing: left out"),
    Code(
        "RESPONSE_REF_DANGLING",
        (W,),
        "a response $ref points to nothing: read as a response without a described body",
    ),
    Code(
        "PARAMETER_REF_DANGLING",
        (W,),
        "a parameter $ref points to nothing: the parameter is left out",
    ),
    Code(
        "PARAMETER_REF_REMOTE",
        (W,),
        "a parameter $ref to a URL (not fetched): the parameter is left out",
    ),
    Code("SCHEMA_REF_REMOTE", (W,), "a schema $ref to a URL (not fetched): any value"),
    Code("EXAMPLE_REF_REMOTE", (W,), "an example's $ref to a URL (not fetched): left out"),
    Code(
        "RESPONSE_REF_REMOTE",
        (W,),
        "a response $ref to a URL (not fetched): read as a response without a described body",
    ),
    Code("REF_CYCLE", (E,), "a chain of $refs loops back to itself"),
    Code("REF_INVALID", (E,), "a $ref is malformed"),
    Code(
        "REF_FILE_NOT_FOUND",
        (E,),
        "a $ref a tool cannot do without names a file that does not exist",
    ),
    Code("REF_FILE_INVALID", (E,), "a file a $ref names cannot be read or parsed"),
    Code(
        "REF_REMOTE_UNSUPPORTED",
        (E,),
        "a $ref a tool cannot do without (a request body, a path item...) to a URL: not fetched",
    ),
    # Servers
    Code("SERVER_MISSING", (W,), "the description names no server: the base URL must be set"),
    Code("SERVER_URL_RELATIVE", (W,), "a relative server URL: kept, relative to the base URL"),
    Code(
        "SERVER_URL_INCOMPLETE",
        (W,),
        "an operation's own server names no host: it needs its variable at run time",
    ),
    Code("SERVER_VARIABLE_UNDEFINED", (W,), "a server URL variable without a default: kept"),
    Code(
        "SERVERS_PER_OPERATION",
        (N,),
        "some operations have servers of their own, each with a base URL variable",
    ),
    # Security
    Code("SECURITY_SCHEME_UNSUPPORTED", (W,), "a security scheme mcpforge cannot apply: ignored"),
    Code(
        "SECURITY_SCHEME_UNDEFINED",
        (W,),
        "a security requirement names a scheme that is not defined: ignored",
    ),
    Code(
        "SECURITY_ALL_OF_DEGRADED",
        (N,),
        "a requirement needs several schemes together: each is applied when configured",
    ),
    Code(
        "SECURITY_OAUTH_AS_BEARER",
        (N,),
        "an OAuth2 scheme without a token endpoint: its token is sent as a bearer token",
    ),
    Code(
        "SECURITY_OAUTH_TOKEN_ENDPOINT",
        (N,),
        "an OAuth2 scheme with a token endpoint: the server gets and refreshes its own tokens",
    ),
    Code(
        "CREDENTIAL_PARAMS_FROM_ENV",
        (N,),
        "parameters that carry credentials are filled from the environment, not asked for",
    ),
    # Operations and their parameters
    Code("OPERATION_INVALID", (W,), "an operation is not valid OpenAPI: skipped"),
    Code("OPERATION_SKIPPED", (W,), "an operation skipped because of the errors reported before"),
    Code(
        "QUERYSTRING_UNSUPPORTED",
        (W,),
        "a querystring parameter (OpenAPI 3.2) that is not form content of an object: skipped",
    ),
    Code(
        "OPERATION_URL_PATH",
        (W,),
        "an operation whose path is a placeholder for a whole URL: skipped",
    ),
    Code(
        "OPERATION_ID_DUPLICATE",
        (W,),
        "several operations share an operationId: named by method and path instead",
    ),
    Code("TOOL_NAME_CHANGED", (N,), "a tool name too long, reserved or taken: renamed"),
    Code(
        "HEADER_PARAMS_IGNORED",
        (N,),
        "Accept, Content-Type and Authorization header parameters are ignored, as OpenAPI says",
    ),
    Code("PATH_QUERY_MOVED", (N,), "a path with a query part: sent as query parameters"),
    Code(
        "PATH_PARAM_UNDECLARED",
        (W,),
        "a path template variable without a parameter: added as a required string",
    ),
    Code("PATH_PARAM_UNUSED", (W,), "a path parameter that is not in the path: ignored"),
    Code("PATH_ENUM_EMPTY", (N,), "a path parameter lists the empty string: left out"),
    Code(
        "PARAM_CONTENT_DEGRADED",
        (W,),
        "a parameter described as media-type content: sent as a plain parameter",
    ),
    Code(
        "PARAM_STYLE_DEGRADED",
        (W,),
        "a parameter style that is not supported: serialised in the default style",
    ),
    # Schemas
    Code("SCHEMA_TYPE_READ", (N,), "a `type` that is not a JSON Schema type: read as meant"),
    Code(
        "SCHEMA_SLIP_READ",
        (W,),
        "a schema that breaks the OpenAPI rules: read as JSON Schema reads it, operation kept",
    ),
    Code("ENUM_TYPE_REPAIRED", (N,), "enum values of another type than declared: repaired"),
    Code("ENUM_DEFAULT_REPAIRED", (N,), "a default that is none of the enum values: repaired"),
    # Swagger 2.0
    Code("SWAGGER2_SCHEME_ASSUMED", (N,), "no `schemes`: the base URL uses https"),
    Code("SWAGGER2_MEDIA_TYPES_SKIPPED", (N,), "JSON is used where other media types are offered"),
    Code("SWAGGER2_FORM_ASSUMED", (N,), "formData without a form media type: sent as a form"),
    Code("SWAGGER2_MULTIPART_ASSUMED", (N,), "a file form field: the form is sent as multipart"),
    Code("SWAGGER2_BODY_AND_FORM", (W,), "both `body` and `formData`: the form is ignored"),
    Code(
        "SWAGGER2_COLLECTION_FORMAT_DEGRADED",
        (W,),
        "a collectionFormat that is not supported here: sent comma-separated",
    ),
    Code("SWAGGER2_PARAMETERS_INVALID", (W,), "`parameters` is not a list: ignored"),
    Code("SWAGGER2_PARAMETER_INVALID", (W,), "a parameter without a name or location: dropped"),
    Code(
        "SWAGGER2_PARAMETER_REF_UNRESOLVED",
        (W,),
        "a parameter $ref that points to no entry of #/parameters: dropped",
    ),
    Code("SWAGGER2_PATH_ITEM_UNSUPPORTED", (W,), "a path item that is not inline: skipped"),
    Code("SWAGGER2_REF_DANGLING", (W,), "a schema $ref to no definition: any value"),
    Code(
        "SWAGGER2_REF_UNSUPPORTED",
        (W,),
        "a schema $ref outside #/definitions: any value",
    ),
    Code("SWAGGER2_RESPONSES_MISSING", (W,), "an operation without responses: results as received"),
    Code(
        "SWAGGER2_RESPONSE_REF_UNRESOLVED",
        (W,),
        "a response $ref to no entry of #/responses: ignored",
    ),
    # GraphQL
    Code("GRAPHQL_UNREADABLE", (E,), "the GraphQL schema cannot be read"),
    Code("GRAPHQL_SDL_INVALID", (E,), "the SDL does not parse"),
    Code("GRAPHQL_INTROSPECTION_INVALID", (E,), "the JSON is not a usable introspection result"),
    Code("GRAPHQL_SCHEMA_TOLERATED", (W,), "the schema is not valid GraphQL: loaded as is"),
    Code("GRAPHQL_SUBSCRIPTIONS_SKIPPED", (N,), "subscription fields are not tools"),
    # The overlay
    Code("OVERLAY_UNREADABLE", (E,), "the overlay cannot be read"),
    Code("OVERLAY_YAML_INVALID", (E,), "the overlay is not valid YAML"),
    Code("OVERLAY_IS_DESCRIPTION", (E,), "an API description was given as the overlay"),
    Code("OVERLAY_DUPLICATE_KEY", (E,), "a key appears twice in one mapping"),
    Code("OVERLAY_UNKNOWN_KEY", (E,), "a key the overlay format does not have"),
    Code("OVERLAY_TYPE", (E,), "a value of the wrong type"),
    Code("OVERLAY_VALUE", (E,), "a value outside what the key accepts"),
    Code("OVERLAY_BAD_KIND", (E,), "an operation kind that does not exist"),
    Code("OVERLAY_CHUNK_CONFLICT", (E,), "chunk_tokens is larger than chunk_threshold_tokens"),
    Code("OVERLAY_ENCODING_UNKNOWN", (E,), "an unknown tokenizer encoding"),
    Code("OVERLAY_TOOL_NAME_INVALID", (E,), "a tool name that MCP clients refuse"),
    Code("OVERLAY_TOOL_NAME_DUPLICATE", (E,), "two tools would have the same name"),
    Code(
        "OVERLAY_UNKNOWN_OPERATION",
        (E, W),
        "an entry names no operation (a warning for `mcpforge diff`'s older description)",
    ),
    Code("OVERLAY_DUPLICATE_OPERATION", (E,), "two entries name the same operation"),
    Code(
        "OVERLAY_OPERATION_NOT_SELECTED",
        (W,),
        "an operation is configured but not selected, so it is not a tool",
    ),
    Code(
        "OVERLAY_OPERATION_DROPPED",
        (W,),
        "an operation the overlay configures is gone from the new description (mcpforge diff)",
    ),
    Code("OVERLAY_SELECT_EMPTY", (E,), "select leaves no operation"),
    Code("OVERLAY_SELECT_NO_MATCH", (W,), "a select pattern matches no operation"),
    Code("OVERLAY_TOOLSET_EMPTY_PATTERN", (W,), "a toolset pattern matches no selected operation"),
    Code("OVERLAY_PAGINATION_ARG", (E,), "a pagination argument the operation does not have"),
    Code("OVERLAY_UNKNOWN_RESOURCE", (E,), "no operation returns a resource of that name"),
    Code(
        "OVERLAY_UNKNOWN_COLLECTION",
        (E,),
        "the response has no field of that name to hold its items",
    ),
    Code(
        "OVERLAY_COLLECTION_UNCHECKED",
        (N,),
        "a collection the description does not describe: its field paths are not checked",
    ),
    Code("OVERLAY_UNKNOWN_FIELD", (E,), "a field path that is not in the response"),
    Code("OVERLAY_ADAPTER_INVALID", (E,), "an adapter name that does not exist"),
    Code("OVERLAY_FILTER_PATCH_INVALID", (E,), "a filter's JSON Patch is malformed"),
    Code("OVERLAY_FILTER_POINTER_INVALID", (E,), "a filter's JSON pointer is malformed"),
    Code(
        "OVERLAY_FILTER_POINTER_UNKNOWN",
        (E,),
        "a filter's JSON pointer cannot exist in the response",
    ),
    Code(
        "SURFACE_LARGE",
        (W,),
        "the generated tools/list costs an agent more tokens than `mcpforge report` warns about",
    ),
    # Publishing
    Code(
        "LICENSE_DEFAULT",
        (N,),
        "no licence chosen: the package is MIT (the API's own licence is named as the API's)",
        "license-default",
    ),
    Code(
        "LICENSE_TEXT",
        (W,),
        "the chosen licence has no text to write to LICENSE: write it yourself",
        "license-text",
    ),
    Code(
        "REGISTRY_NAME_DEFAULT",
        (N,),
        "server.json and the README use a placeholder registry name",
        "registry-name-default",
    ),
    # Writing and regenerating a package
    Code(
        "OUT_NOT_DIRECTORY",
        (E,),
        "the output path exists and is not a directory",
        "out-not-directory",
    ),
    Code(
        "OUT_NOT_WRITABLE",
        (E,),
        "the output directory cannot be created",
        "out-not-writable",
    ),
    Code(
        "OUT_NOT_GENERATED",
        (E,),
        "the output directory was not generated by mcpforge (no manifest): not overwritten",
        "out-not-generated",
    ),
    Code(
        "OUT_HAND_EDITED",
        (E,),
        "generated files were edited by hand: listed, nothing overwritten (--force overrides)",
        "hand-edited",
    ),
    Code(
        "OUT_USER_FILE_CLASH",
        (E,),
        "files you added stand where generated files go",
        "user-file-clash",
    ),
    Code(
        "BREAKING_CHANGE_SAME_MAJOR",
        (W,),
        "breaking tool changes since the previous package, but the major version stays",
        "breaking-change-same-major",
    ),
    Code(
        "SNAPSHOT_OUTDATED",
        (W,),
        "the tool surface changed and tests/tools_snapshot.json was kept: accept it on purpose",
        "snapshot-outdated",
    ),
)

BY_NAME: dict[str, Code] = {code.name: code for code in CODES}
RENAMED: dict[str, str] = {code.formerly: code.name for code in CODES if code.formerly}


def lookup(name: str) -> Code:
    """The registered code ``name`` (a former name works too); KeyError names the registry."""
    found = BY_NAME.get(RENAMED.get(name, name))
    if found is None:
        raise KeyError(f"diagnostic code {name!r} is not in generator/diagnostic_codes.py")
    return found


def markdown_table() -> str:
    """The table of codes in generator/CLI.md."""
    lines = ["| code | reported as | meaning |", "|---|---|---|"]
    for code in CODES:
        name = f"`{code.name}`" + (f" (formerly `{code.formerly}`)" if code.formerly else "")
        severities = ", ".join(s.value for s in code.severities)
        lines.append(f"| {name} | {severities} | {code.meaning} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(markdown_table())
